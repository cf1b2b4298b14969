"""The command line through Typer's CliRunner: commands, user errors, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from simulator.cli.app import app

runner = CliRunner()


def invoke(*args: str):
    return runner.invoke(app, list(args))


def test_run_prints_summary_and_paths(write_tournament, tmp_path):
    result = invoke("run", str(write_tournament(deals=4)), "--quiet")
    assert result.exit_code == 0, result.output
    assert "deals.parquet" in result.output
    result = invoke("run", str(write_tournament(deals=4)), "--fresh")
    assert result.exit_code == 0, result.output
    assert "variant standard" in result.output and "greedy" in result.output


def test_run_command_line_overrides(write_tournament, tmp_path):
    out = tmp_path / "other"
    result = invoke(
        "run",
        str(write_tournament()),
        "--deals",
        "3",
        "--seed",
        "11",
        "--out",
        str(out),
        "--variant",
        "no_sweep_bonus",
        "--variant",
        "double_ace_of_spades",
        "-q",
    )
    assert result.exit_code == 0, result.output
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["config"]["deals"] == 3 and manifest["root_seed"] == 11
    assert [v["name"] for v in manifest["variants"]] == ["no_sweep_bonus", "double_ace_of_spades"]


@pytest.mark.parametrize(
    "overrides, where, words",
    [
        ({"game": "poker"}, "game", "unknown game"),
        ({"deals": 0}, "deals", "from 1 to 1,000,000,000,000, got 0"),
        ({"bogus": 1}, "bogus", "allowed keys"),
        ({"variants": ["no_such_variant"]}, "variants[0]", "known variants"),
        (
            {"variants": [{"name": "x", "base": "standard", "target_score": "ten"}]},
            "variants[0].target_score",
            "",
        ),
        ({"variants": [{"name": "x", "base": "standard", "no_such_key": 1}]}, "variants[0].no_such_key", ""),
        ({"strategies": ["random", "nope"]}, "tournament.yaml: strategies[1]", "unknown strategy 'nope'"),
        ({"strategies": ["random", "missing.yaml"]}, "missing.yaml", "not found"),
        ({"players": 7}, "players", "not 7"),
        ({"format": "lineups"}, "lineups", "needs a 'lineups' list"),
    ],
)
def test_user_errors_exit_2_with_location(write_tournament, overrides, where, words):
    result = invoke("run", str(write_tournament(**overrides)))
    assert result.exit_code == 2, result.output
    assert result.output.startswith("error: ") and "Traceback" not in result.output
    assert where in result.output and words in result.output


def test_missing_and_invalid_files(tmp_path):
    result = invoke("run", str(tmp_path / "nope.yaml"))
    assert result.exit_code == 2 and "not found" in result.output
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: [unclosed\n")
    result = invoke("run", str(bad))
    assert result.exit_code == 2 and "invalid YAML" in result.output


def test_strategy_param_errors_name_file_and_key(write_tournament, tmp_path):
    strat = tmp_path / "s.yaml"
    strat.write_text(
        "name: s\nplugin: configs/strategies/plugins/spade_lover.py:SpadeLover\n"
        "params:\n  spade_weight: lots\n"
    )
    result = invoke("run", str(write_tournament(strategies=["random", str(strat)])))
    assert result.exit_code == 2 and f"{strat}: params.spade_weight" in result.output
    strat.write_text(
        "name: s\nplugin: configs/strategies/plugins/spade_lover.py:SpadeLover\nparams:\n  colour: 1\n"
    )
    result = invoke("run", str(write_tournament(strategies=["random", str(strat)])))
    assert result.exit_code == 2 and "params.colour" in result.output and "spade_weight" in result.output
    strat.write_text("name: s\nplugin: configs/strategies/plugins/spade_lover.py:SpadeLover\n")
    result = invoke(
        "run", str(write_tournament(game="seep", players=None, strategies=["random", str(strat)]))
    )
    assert result.exit_code == 2 and "does not support seep" in result.output
    strat.write_text("name: s\nplugin: no_such_module:Thing\n")
    result = invoke("run", str(write_tournament(strategies=["random", str(strat)])))
    assert result.exit_code == 2 and "cannot import" in result.output


def test_strategy_failure_exit_1_with_replay_command(write_tournament, tmp_path):
    plugin = Path(__file__).parent / "plugins" / "faulty.py"
    strat = tmp_path / "f.yaml"
    strat.write_text(f"name: faulty\nplugin: {plugin}:Faulty\n")
    result = invoke("run", str(write_tournament(strategies=["random", str(strat)])), "-q")
    assert result.exit_code == 1
    assert "cardsim replay --game sweep" in result.output and "'faulty'" in result.output


def test_list_commands():
    result = invoke("list", "games")
    assert result.exit_code == 0 and "sweep" in result.output
    result = invoke("list", "variants", "--game", "sweep")
    assert (
        result.exit_code == 0 and "no_sweep_bonus" in result.output and "sweep_bonus=False" in result.output
    )
    result = invoke("list", "strategies", "--game", "sweep")
    assert result.exit_code == 0 and "random" in result.output and "greedy" in result.output
    result = invoke("list", "variants", "--game", "chess")
    assert result.exit_code == 2 and "unknown game" in result.output


def test_replay_formats_and_errors():
    result = invoke(
        "replay",
        "--game",
        "sweep",
        "--seed",
        "3",
        "--deal",
        "2",
        "--strategies",
        "random,greedy",
        "--format",
        "jsonl",
    )
    assert result.exit_code == 0, result.output
    events = [json.loads(line) for line in result.output.splitlines()]
    assert events[0]["type"] == "deal" and events[-1]["type"] == "score"
    text = invoke("replay", "--game", "sweep", "--seed", "3", "--deal", "2", "--strategies", "random,greedy")
    assert text.exit_code == 0 and "seat 0" in text.output
    bad = invoke("replay", "--game", "sweep", "--seed", "3", "--set", "target_score=-1")
    assert bad.exit_code == 2 and "target_score" in bad.output
    bad = invoke("replay", "--game", "sweep", "--seed", "3", "--strategies", "a,b,c")
    assert bad.exit_code == 2 and "--strategies" in bad.output


def test_list_strategies_shows_yaml_files_with_params():
    result = invoke("list", "strategies", "--game", "sweep")
    assert result.exit_code == 0 and "spade-lover" in result.output and "spade_weight=2.5" in result.output
    result = invoke("list", "strategies", "--game", "seep")
    assert "spade-lover" not in result.output
