"""Tournament files: paths relative to the file, a strategy twice in a lineup, user errors that say where."""

from __future__ import annotations

import json
import os
import shutil

import pytest
from typer.testing import CliRunner

from simulator.cli.app import app
from tests.conftest import ROOT

runner = CliRunner()


def invoke(*args: str):
    return runner.invoke(app, list(args))


def test_shipped_configs_run_from_any_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for name in ("quickstart", "seep", "sueca"):
        config = ROOT / "configs" / "tournaments" / f"{name}.yaml"
        args = ["--deals", "1", "--jobs", "1", "--variant", "standard", "--out", str(tmp_path / name), "-q"]
        result = invoke("run", str(config), *args)
        assert result.exit_code == 0, (name, result.output)


def test_paths_are_relative_to_the_tournament_file_first(tmp_path, monkeypatch, write_tournament):
    # the same relative name exists beside the tournament file and in the current folder
    (tmp_path / "bots").mkdir()
    (tmp_path / "bots" / "mine.yaml").write_text("name: beside-the-file\nplugin: greedy\n")
    elsewhere = tmp_path / "cwd"
    (elsewhere / "bots").mkdir(parents=True)
    (elsewhere / "bots" / "mine.yaml").write_text("name: in-the-cwd\nplugin: random\n")
    path = write_tournament(strategies=["bots/mine.yaml", "random"], deals=1)
    monkeypatch.chdir(elsewhere)
    assert invoke("run", str(path), "-q").exit_code == 0
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text())
    assert [s["name"] for s in manifest["strategies"]] == ["beside-the-file", "random"]
    # a path found only from the current folder still works
    shutil.copy(tmp_path / "bots" / "mine.yaml", elsewhere / "only-here.yaml")
    path = write_tournament(strategies=["only-here.yaml", "random"], deals=1, output=str(tmp_path / "o2"))
    assert invoke("run", str(path), "-q").exit_code == 0, os.getcwd()


@pytest.mark.parametrize(
    "strategies, names",
    [
        (["random", "random@2"], ["random", "random@2"]),
        (["greedy", {"strategy": "greedy", "as": "greedy-b"}], ["greedy", "greedy-b"]),
        ([str(ROOT / "configs/strategies/greedy.yaml"), "greedy.yaml@2"], None),
    ],
)
def test_one_strategy_twice_without_a_copied_file(write_tournament, tmp_path, strategies, names):
    if names is None:  # a YAML file twice: NAME@2 names the copy after the file's own name
        shutil.copy(ROOT / "configs/strategies/greedy.yaml", tmp_path / "greedy.yaml")
        names = ["greedy", "greedy@2"]
    result = invoke("run", str(write_tournament(strategies=strategies, deals=2)), "-q")
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text())
    assert [s["name"] for s in manifest["strategies"]] == names
    assert manifest["variants"][0]["lineups"] == [" vs ".join(names)]


@pytest.mark.parametrize(
    "overrides, args, where, words",
    [
        ({"jobs": 0}, [], "tournament.yaml: jobs", "0 workers"),
        ({}, ["--jobs", "0"], "--jobs", "0 workers"),
        ({}, ["--deals", "0"], "--deals", "from 1 to 1,000,000,000,000, got 0"),
        ({}, ["--strategy", "random", "--strategy", "nobody"], "--strategy 'nobody'", "unknown strategy"),
        (
            {"strategies": ["random", "nobody"]},
            [],
            "tournament.yaml: strategies[1]",
            "unknown strategy 'nobody'",
        ),
        ({"strategies": ["random", "random"]}, [], "strategies[1]", "random@2"),
        ({"strategies": ["random", {"strategy": "random"}]}, [], "strategies[1]", "as: NAME"),
        ({"strategies": ["random", "gone.yaml"]}, [], "strategies[1]", "'gone.yaml' not found"),
        ({"players": 2, "variants": ["team_play"]}, [], "variants[0]", "played by 4 players"),
        ({}, ["--players", "2", "--variant", "team_play"], "--variant 'team_play'", "--players says 2"),
        ({}, ["--players", "9"], "--players", "give --players one of 2, 3, 4, or leave it out"),
        ({"players": 9}, [], "tournament.yaml: players", "set players to one of 2, 3, 4, or leave it out"),
    ],
)
def test_user_errors_name_the_file_key_or_option(write_tournament, overrides, args, where, words):
    result = invoke("run", str(write_tournament(**overrides)), *args)
    assert result.exit_code == 2, result.output
    first = result.output.splitlines()[0]
    assert first.startswith("error: ") and "Traceback" not in result.output
    assert where in first and words in result.output, result.output
