"""The reading instrument: the share of the other seats' cards a strategy's samples place right."""

from __future__ import annotations

from pathlib import Path

import pytest

from simulator.bench.reading import reading


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
