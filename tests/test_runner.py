"""The tournament pipeline: reproducibility, schedule, outputs, failures, resume."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest

from simulator.config import load_tournament
from simulator.errors import StrategyFailure
from simulator.runner import run_tournament

PLUGIN = Path(__file__).parent / "plugins" / "faulty.py"


def _faulty_yaml(tmp_path: Path, rate: float, mode: str = "raise") -> str:
    path = tmp_path / "faulty.yaml"
    path.write_text(f"name: faulty\nplugin: {PLUGIN}:Faulty\nparams:\n  rate: {rate}\n  mode: {mode}\n")
    return str(path)


def _run(path: Path, **overrides):
    return run_tournament(load_tournament(path, overrides), quiet=True)


def test_rows_identical_whatever_jobs_and_chunk_size(write_tournament, tmp_path):
    path = write_tournament(deals=24, variants=["standard", "no_sweep_bonus"])
    a = _run(path, jobs=1, chunk_size=5, output=str(tmp_path / "a")).deals
    b = _run(path, jobs=2, chunk_size=3, output=str(tmp_path / "b")).deals
    c = _run(path, jobs=2, chunk_size=24, output=str(tmp_path / "c")).deals
    assert a.height == 24 * 2 * 2 * 2  # deals x variants x rotations x sides
    assert a.equals(b) and a.equals(c)


def test_match_unit_reproducible_and_complete(write_tournament, tmp_path):
    path = write_tournament(deals=6, unit="match")
    result = _run(path, jobs=1, chunk_size=1, output=str(tmp_path / "a"))
    a = result.deals
    b = _run(path, jobs=2, chunk_size=4, output=str(tmp_path / "b")).deals
    assert a.equals(b)
    overall = result.summary.filter(pl.col("opponent") == "(all)")
    assert overall["matches"].to_list() == [12, 12] and overall["trials"].to_list() == [12, 12]
    assert overall["wins"].sum() == 12  # one winner per match
    per_match = a.group_by("deal_index", "rotation", "side").agg(
        pl.col("points").sum(),
        pl.col("match_points").first(),
        pl.col("round").max(),
        pl.col("match_rounds").first(),
        pl.col("match_won").first(),
    )
    assert (per_match["points"] == per_match["match_points"]).all()
    assert (per_match["round"] == per_match["match_rounds"]).all()
    winners = per_match.group_by("deal_index", "rotation").agg(pl.col("match_won").sum())
    assert (winners["match_won"] == 1).all()
    assert (per_match.filter(pl.col("match_won"))["match_points"] >= 10).all()


def test_rotations_share_the_deal_and_swap_sides(write_tournament):
    deals = _run(write_tournament(deals=3)).deals
    for _, rows in deals.group_by("deal_index", "rotation"):
        assert rows["deal_seed"].n_unique() == 1
        assert sorted(rows["strategy"]) == ["greedy", "random"]
    r0 = deals.filter(pl.col("rotation") == 0).sort("deal_index", "side")["strategy"]
    r1 = deals.filter(pl.col("rotation") == 1).sort("deal_index", "side")["strategy"]
    assert (r0 != r1).all()


def test_outputs_written_with_manifest(write_tournament, tmp_path):
    result = _run(write_tournament(deals=5))
    out = tmp_path / "out"
    deals = pl.read_parquet(out / "deals.parquet")
    summary = pl.read_parquet(out / "summary.parquet")
    manifest = json.loads((out / "manifest.json").read_text())
    assert deals.equals(result.deals)
    for col in (
        "game",
        "variant",
        "rules_hash",
        "deal_index",
        "deal_seed",
        "lineup",
        "rotation",
        "seats",
        "side",
        "strategy",
        "points",
        "cards",
        "spades",
        "ace_of_spades",
        "sweeps",
    ):
        assert col in deals.columns
    assert manifest["status"] == "complete" and manifest["deal_groups_completed"] == 5
    assert manifest["root_seed"] == 7 and manifest["variants"][0]["rules_hash"] == deals["rules_hash"][0]
    assert set(summary["opponent"]) == {"greedy", "random", "(all)"}
    assert not (out / ".parts").exists()


def test_more_than_two_sides_pairs_one_against_the_rest(write_tournament):
    t = load_tournament(write_tournament(players=3, format="round-robin"))
    lineups = [lu.strategies for lu in t.lineups[0]]
    assert lineups == [("random", "greedy", "greedy"), ("greedy", "random", "random")]
    deals = run_tournament(t, quiet=True).deals
    assert deals.height == 20 * 2 * 3 * 3  # deals x lineups x rotations x sides


def test_gauntlet_and_lineups_formats(write_tournament, tmp_path):
    spade = str(Path("configs/strategies/spade-lover.yaml").resolve())
    t = load_tournament(write_tournament(format="gauntlet", strategies=["greedy", "random", spade]))
    assert [lu.strategies for lu in t.lineups[0]] == [
        ("greedy", "random"),
        ("greedy", "spade-lover"),
    ]
    t = load_tournament(
        write_tournament(format="lineups", lineups=[["greedy", "greedy"], ["random", "greedy"]])
    )
    assert [lu.strategies for lu in t.lineups[0]] == [
        ("greedy", "greedy"),
        ("random", "greedy"),
    ]


@pytest.mark.parametrize(
    "mode, detail",
    [
        ("raise", "raised RuntimeError"),
        ("illegal", "illegal move"),
        ("reset", "raised RuntimeError in reset"),
    ],
)
def test_strategy_failure_names_strategy_seed_and_replay(write_tournament, tmp_path, mode, detail):
    path = write_tournament(
        strategies=["random", _faulty_yaml(tmp_path, 0.05, mode)], deals=30, chunk_size=1, seed=1
    )
    with pytest.raises(StrategyFailure) as info:
        _run(path)
    message = str(info.value)
    assert "'faulty'" in message and detail in message and "deal seed" in message
    assert "cardsim replay --game sweep --variant standard --players 4 --seed 1 --deal" in message
    saved = pl.read_parquet(tmp_path / "out" / "deals.parquet")
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text())
    assert manifest["status"] == "failed" and saved.height == manifest["deal_groups_completed"] * 4
    assert saved.height > 0
    # the printed command reproduces the failure
    from typer.testing import CliRunner

    from simulator.cli.app import app

    command = message.split("reproduce with: ")[1].splitlines()[0].split()
    replayed = CliRunner().invoke(app, [*command[1:], "--format", "jsonl"])
    assert replayed.exit_code == 1
    last = json.loads(replayed.output.splitlines()[-1])
    assert last["type"] == "error" and last["strategy"] == "faulty" and detail in last["message"]


def test_a_strategy_that_changes_its_list_of_moves_still_plays_its_legal_move(write_tournament, tmp_path):
    """``moves`` is the strategy's to keep or change (Sweep's is a fresh list): a legal move
    returned after emptying it is played, as the same move returned from an untouched list is."""
    rows = []
    for mode, rate in (("clear", 1.0), ("raise", 0.0)):
        strategy = _faulty_yaml(tmp_path, rate, mode)
        path = write_tournament(strategies=["random", strategy], deals=3, seed=1)
        rows.append(_run(path, output=str(tmp_path / mode)).deals.drop("strategy"))
    assert rows[0].equals(rows[1])


def test_a_strategy_that_cannot_be_built_is_named_with_its_replay(write_tournament, tmp_path):
    """A constructor that raises is the fault of the first deal group, reported as a move's is,
    and the printed replay meets it again."""
    path = write_tournament(strategies=["random", _faulty_yaml(tmp_path, 0.0, "build")], deals=4, seed=1)
    with pytest.raises(StrategyFailure) as info:
        _run(path)
    message = str(info.value)
    assert "strategy 'faulty'" in message and "raised RuntimeError when built: deliberate failure" in message
    assert "deal 0, rotation" in message and "deal seed" in message
    from typer.testing import CliRunner

    from simulator.cli.app import app

    command = message.split("reproduce with: ")[1].splitlines()[0].split()
    replayed = CliRunner().invoke(app, [*command[1:], "--format", "jsonl"])
    assert replayed.exit_code == 1
    only = [json.loads(line) for line in replayed.output.splitlines()]
    assert only == [
        {"type": "error", "seat": only[0]["seat"], "strategy": "faulty", "message": only[0]["message"]}
    ]
    assert "when built" in only[0]["message"]
    viewed = CliRunner().invoke(app, ["view", *command[2:], "--out", str(tmp_path / "page.html")])
    assert viewed.exit_code == 1 and "nothing to draw: strategy 'faulty' raised RuntimeError" in viewed.output
    assert not (tmp_path / "page.html").exists()


@pytest.mark.filterwarnings("error:Port 8787 is already in use:UserWarning")
def test_dask_backend_gives_the_same_rows(write_tournament, tmp_path, dask_port_busy):
    path = write_tournament(deals=8)
    local = _run(path, output=str(tmp_path / "local")).deals
    dask = _run(path, backend="dask", jobs=2, chunk_size=3, output=str(tmp_path / "dask")).deals
    assert dask.equals(local)


def test_ctrl_c_keeps_chunks_and_resume_matches_full_run(write_tournament, tmp_path, monkeypatch):
    import simulator.runner as runner_module
    from simulator.runner import RunInterrupted

    path = write_tournament(deals=10, chunk_size=2)
    full = _run(path, output=str(tmp_path / "full")).deals
    calls = []
    real = runner_module.play_chunk

    def stop_on_third(ctx, task):
        calls.append(task)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(ctx, task)

    monkeypatch.setattr(runner_module, "play_chunk", stop_on_third)
    t = load_tournament(path, {"output": str(tmp_path / "cut")})
    with pytest.raises(RunInterrupted, match="4 of 10 deal groups are saved"):
        run_tournament(t, quiet=True)
    manifest = json.loads((tmp_path / "cut" / "manifest.json").read_text())
    assert manifest["status"] == "interrupted" and manifest["deal_groups_completed"] == 4
    monkeypatch.setattr(runner_module, "play_chunk", real)
    resumed = run_tournament(t, quiet=True)
    assert resumed.groups_resumed == 4 and resumed.groups_played == 6
    assert resumed.deals.equals(full)


def test_outputs_read_with_duckdb(write_tournament, tmp_path):
    duckdb = pytest.importorskip("duckdb")
    result = _run(write_tournament(deals=4))
    deals = str(tmp_path / "out" / "deals.parquet")
    summary = str(tmp_path / "out" / "summary.parquet")
    ((count, seats),) = duckdb.sql(f"SELECT count(*), max(len(seats)) FROM '{deals}'").fetchall()
    assert count == result.deals.height and seats == 2
    rows = duckdb.sql(
        f"SELECT strategy, points_mean FROM '{summary}' WHERE opponent = '(all)' ORDER BY 1"
    ).fetchall()
    expected = result.summary.filter(pl.col("opponent") == "(all)").sort("strategy")
    assert rows == list(zip(expected["strategy"], expected["points_mean"], strict=True))


def test_engine_errors_are_reported_with_the_replay_command(write_tournament, monkeypatch):
    from simulator.games.sweep.state import SweepState

    def broken(self, move):
        raise RuntimeError("engine guard")

    monkeypatch.setattr(SweepState, "apply", broken)
    with pytest.raises(StrategyFailure) as info:
        _run(write_tournament(deals=2))
    message = str(info.value)
    assert "the sweep engine raised RuntimeError: engine guard" in message
    assert "reproduce with: cardsim replay --game sweep" in message
