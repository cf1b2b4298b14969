"""`cardsim replay RUN`: a deal of a finished run, with its own variant, strategies and seat order."""

from __future__ import annotations

import json

import polars as pl
import pytest
from typer.testing import CliRunner

from simulator.cli.app import app
from tests.conftest import ROOT

runner = CliRunner()


def _scores(output: str) -> list[dict]:
    return [e for e in map(json.loads, output.splitlines()) if e["type"] == "score"]


@pytest.mark.parametrize(
    "overrides",
    [
        {"strategies": ["random", "greedy", str(ROOT / "configs/strategies/spade-lover.yaml")]},
        {"game": "sueca", "players": 5, "strategies": ["greedy", "random"]},
        {"variants": ["standard", {"name": "short", "base": "standard", "target_score": 3}], "unit": "match"},
    ],
    ids=["sweep-round-robin", "sueca-5-sides", "sweep-matches"],
)
def test_replay_of_a_run_scores_like_its_rows(write_tournament, tmp_path, overrides):
    config = write_tournament(deals=3, format="round-robin", **overrides)
    assert runner.invoke(app, ["run", str(config), "-q"]).exit_code == 0
    out = tmp_path / "out"
    rows = pl.read_parquet(out / "deals.parquet")
    manifest = json.loads((out / "manifest.json").read_text())
    for variant in manifest["variants"]:
        sides = len(variant["rules"]) and len(
            rows.filter(pl.col("variant") == variant["name"])["side"].unique()
        )
        for lineup in range(len(variant["lineups"])):
            for rotation in range(sides):
                args = ["replay", str(out), "--variant", variant["name"], "--lineup", str(lineup)]
                args += ["--deal", "2", "--rotation", str(rotation), "--format", "jsonl"]
                result = runner.invoke(app, args)
                assert result.exit_code == 0, result.output
                want = rows.filter(
                    (pl.col("variant") == variant["name"])
                    & (pl.col("lineup") == lineup)
                    & (pl.col("deal_index") == 2)
                    & (pl.col("rotation") == rotation)
                ).sort("round", "side")
                scores = _scores(result.output)
                assert len(scores) == want["round"].max()
                if overrides.get("game") == "sueca":
                    got = [p for s in scores for p in s["hand_scores"]]
                else:
                    got = [side["total"] for s in scores for side in s["sides"]]
                assert got == want["points"].to_list()
                deal = json.loads(result.output.splitlines()[0])
                names = want.filter(pl.col("round") == 1).sort("side")["strategy"].to_list()
                side_of = {seat: k for k, seats in enumerate(deal["sides"]) for seat in seats}
                assert deal["strategies"] == [names[side_of[s]] for s in range(deal["players"])]


def test_replay_takes_the_variant_names_of_a_tournament_file(tmp_path):
    config = ROOT / "configs/tournaments/quickstart.yaml"
    args = ["replay", str(config), "--variant", "build-no-bonus", "--deal", "5", "--rotation", "1"]
    result = runner.invoke(app, [*args, "--format", "jsonl"])
    assert result.exit_code == 0, result.output
    deal = json.loads(result.output.splitlines()[0])
    assert (
        deal["variant"] == "build-no-bonus" and deal["rules"]["builds"] and not deal["rules"]["sweep_bonus"]
    )
    assert deal["strategies"] == ["greedy", "random", "greedy", "random"] and deal["seed"] == 20261129


@pytest.mark.parametrize(
    "args, where, words",
    [
        (["--game", "sweep", "--seed", "1", "--deal", "-1"], "--deal", "out of range"),
        (["--game", "sweep", "--seed", "-5"], "--seed", "out of range"),
        (["--game", "sweep", "--seed", "1", "--rotation", "2"], "--rotation", "use 0 to 1"),
        (["--game", "sueca", "--seed", "1", "--rotation", "5"], "--rotation", "use 0 to 4"),
        (
            ["--game", "sweep", "--seed", "1", "--players", "2", "--variant", "team_play"],
            "--variant",
            "4 players",
        ),
        (["--seed", "1"], "--game", "--game missing"),
        (["--game", "sweep", "--seed", "1", "--set", "target_score=x"], "--set target_score", "integer"),
        (["RUN", "--variant", "nope"], "--variant", "choose one of standard, no_sweep_bonus"),
        (["RUN", "--variant", "standard", "--deal", "20"], "--deal", "use 0 to 19"),
        (
            ["RUN", "--variant", "standard", "--strategies", "random"],
            "RUN",
            "--strategies cannot be combined",
        ),
        (["RUN"], "--variant", "several"),
        (["NOWHERE"], "NOWHERE", "not the output folder of a run"),
        (["GONE"], "GONE", "no such file or folder"),
    ],
)
def test_replay_user_errors(tmp_path, args, where, words):
    run = tmp_path / "run"
    config = ROOT / "configs/tournaments/quickstart.yaml"
    if "RUN" in args:
        assert (
            runner.invoke(
                app, ["run", str(config), "--deals", "20", "--jobs", "1", "--out", str(run), "-q"]
            ).exit_code
            == 0
        )
    nowhere = tmp_path / "nowhere"
    nowhere.mkdir()
    paths = {"RUN": str(run), "NOWHERE": str(nowhere), "GONE": str(tmp_path / "gone")}
    args = [paths.get(a, a) for a in args]
    where = paths.get(where, where)
    result = runner.invoke(app, ["replay", *args])
    assert result.exit_code == 2, result.output
    first = result.output.splitlines()[0]
    assert first.startswith("error: ") and where in first and words in result.output, result.output
