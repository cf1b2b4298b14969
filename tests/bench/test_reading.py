"""The reading instrument: the share of the other seats' cards a strategy's samples place right."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from simulator.bench.oracle import READER
from simulator.bench.reading import reading
from simulator.cli.app import app


def _inference(tmp_path: Path, weight: float) -> str:
    path = tmp_path / f"reader-{weight}.yaml"
    path.write_text(
        f"name: reader-{weight}\nplugin: montecarlo\ngames: [sueca]\n"
        f"params: {{inference_weight: {weight}, inference_pool: 8, inference_moves: 16}}\n"
    )
    return str(path)


def test_a_flat_model_reads_as_the_uniform_sampler(tmp_path: Path):
    got = reading("sueca", 5, 1, ["montecarlo", _inference(tmp_path, 0.0)], samples=6)
    uniform, flat = got.shares.values()
    assert uniform == flat and len(uniform) > 20
    assert 0.15 < got.mean("montecarlo") < 0.45  # about one card in the four other hands


def test_the_model_of_the_heuristic_reads_heuristic_seats_better_than_uniform(tmp_path: Path):
    sharp = _inference(tmp_path, 8.0)
    got = reading("sueca", 5, 2, ["montecarlo", sharp], samples=10)
    assert got.mean(sharp) > got.mean("montecarlo") + 0.01


def test_only_a_montecarlo_sampler_is_read():
    with pytest.raises(ValueError, match="not a montecarlo strategy"):
        reading("sueca", 5, 1, ["heuristic"])


def test_a_gain_is_paired_decision_by_decision_and_resampled_by_deal(tmp_path: Path):
    sharp = _inference(tmp_path, 8.0)
    got = reading("sueca", 5, 3, ["montecarlo", sharp], samples=6)
    gain, low, high = got.gain_ci(sharp, "montecarlo")
    assert gain == pytest.approx(got.mean(sharp) - got.mean("montecarlo"))
    assert low <= gain <= high and low < high
    assert sorted(set(got.deals)) == [0, 1, 2]


def test_cardsim_bench_reading_reads_each_strategy_in_the_games_it_is_made_for():
    result = CliRunner().invoke(
        app, ["bench", "--reading", "1", "--gap-game", "sweep2,sueca"], env={"COLUMNS": "250"}
    )
    assert result.exit_code == 0, result.output
    sueca = [line for line in result.output.splitlines() if line.startswith("│ sueca")]
    sweep = [line for line in result.output.splitlines() if line.startswith("│ sweep2")]
    assert len(sueca) == 2 and "montecarlo-inference " in sueca[1] and "points" in sueca[1]
    assert len(sweep) == 3 and "montecarlo-inference-sweep" in sweep[1] and "reader" in sweep[2]


def test_cardsim_bench_reading_refuses_a_strategy_without_a_sampler():
    result = CliRunner().invoke(
        app, ["bench", "--reading", "1", "--gap-game", "sueca", "--reading-strategy", "greedy"]
    )
    assert result.exit_code == 2, result.output
    assert "--reading-strategy" in result.output and "not a montecarlo strategy" in result.output
    assert "Traceback" not in result.output


def test_the_reader_is_read_where_it_applies_and_reads_better_than_uniform():
    got = reading("sweep", 4, 2, ["montecarlo"], samples=10)
    assert got.mean(READER) > got.mean("montecarlo") + 0.01
    assert READER not in reading("sueca", 5, 1, ["montecarlo"], samples=2).shares
