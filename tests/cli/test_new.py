"""`cardsim new strategy` writes a plug-in that runs, and a test that plays it."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from types import ModuleType

import pytest
from typer.testing import CliRunner

from simulator.cli.app import app
from simulator.games import get_game

runner = CliRunner()


@pytest.mark.parametrize("game", ["sweep", "seep", "sueca"])
def test_skeleton_runs_and_its_test_passes(tmp_path, monkeypatch, game):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["new", "strategy", "my-bot", "--game", game])
    assert result.exit_code == 0, result.output
    folder = tmp_path / "my-bot"
    names = sorted(p.name for p in folder.iterdir())
    assert names == ["my-bot.yaml", "my_bot.py", "test_my_bot.py", "tournament.yaml"]
    # the tournament it writes works as printed, from another folder too
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "elsewhere")
    args = ["run", "../my-bot/tournament.yaml", "--deals", "2", "--jobs", "1", "--out", "out", "-q"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    # and so does the test it writes
    (tmp_path / "t").mkdir()
    _module(folder / "test_my_bot.py").test_my_bot_plays_a_head_to_head(tmp_path / "t")
    # its example scoring tells moves apart (it reads the game's real move fields)
    bot = _module(folder / "my_bot.py").MyBot()
    rules = get_game(game).make_rules({})
    state = get_game(game).new_deal(rules, 3)
    rng = random.Random(0)
    distinct = False
    while state.current_player() >= 0:
        moves = state.legal_moves()
        distinct = distinct or len({bot._score(m) for m in moves}) > 1
        state.apply(moves[int(rng.random() * len(moves))])
    assert distinct


def _module(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"generated_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_refuses_to_overwrite_and_bad_names(tmp_path):
    target = str(tmp_path / "bot")
    assert runner.invoke(app, ["new", "strategy", "bot", "--game", "sweep", "--dir", target]).exit_code == 0
    again = runner.invoke(app, ["new", "strategy", "bot", "--game", "sweep", "--dir", target])
    assert again.exit_code == 2 and "would overwrite" in again.output
    bad = runner.invoke(app, ["new", "strategy", "My Bot", "--game", "sweep", "--dir", target])
    assert bad.exit_code == 2 and "invalid strategy name" in bad.output
    game = runner.invoke(app, ["new", "strategy", "bot2", "--game", "poker", "--dir", target])
    assert game.exit_code == 2 and "--game" in game.output
