"""A game added to the registry is picked up by every layer without editing another list.

The toy game of ``tests/games/toy.py`` is registered for one test at a time (``GAME_MODULES``
patched): lookup, the protocols, ``cardsim list``, config validation, a run and a replay of
that run, and a replay named by hand all accept it."""

from __future__ import annotations

import random
from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from simulator.cli.app import app
from simulator.games import GAME_MODULES, available_games, game_part, get_game
from simulator.games.base import DealState, Game, GameSpec, Match
from tests.games import toy

runner = CliRunner()


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GAME_MODULES, "toy", "tests.games.toy")


def _strategy_files(folder: Path) -> list[Path]:
    files = []
    for name, cls in (("lowest", "LowestCard"), ("highest", "HighestCard")):
        path = folder / f"{name}.yaml"
        path.write_text(f"name: {name}\nplugin: tests.games.toy:{cls}\ngames: [toy]\n")
        files.append(path)
    return files


def test_lookup_and_protocols():
    game = get_game("toy")
    assert game is toy.GAME
    assert isinstance(game, GameSpec) and isinstance(game, Game)
    assert "toy" in available_games()
    assert game_part("toy", "tests.games") is toy
    rules = game.make_rules({})
    state = game.new_deal(rules, 5)
    assert isinstance(state, DealState)
    assert isinstance(game.new_match(rules, lambda k: k), Match)
    while not state.is_over():
        view = state.view(state.current_player())
        assert game.determinize(view, random.Random(0)).view(view.seat) == view
        move = state.legal_moves()[0]
        assert game.parse_move(game.move_text(move)) == move
        state.apply(move)


def test_cardsim_list_shows_it():
    result = runner.invoke(app, ["list", "games"])
    assert result.exit_code == 0, result.output
    assert "toy" in result.output
    result = runner.invoke(app, ["list", "variants", "--game", "toy"])
    assert result.exit_code == 0, result.output
    assert "short" in result.output


def test_a_run_and_its_replay(tmp_path: Path):
    lowest, highest = _strategy_files(tmp_path)
    config = tmp_path / "toy.yaml"
    config.write_text(
        "name: toy-run\ngame: toy\nvariants: [standard, short]\n"
        f"strategies: [{lowest}, {highest}]\nformat: head-to-head\n"
        "deals: 6\nseed: 3\njobs: 1\nmove_timeout: 0\n"
    )
    out = tmp_path / "out"
    result = runner.invoke(app, ["run", str(config), "--out", str(out), "--quiet"])
    assert result.exit_code == 0, result.output
    deals = pl.read_parquet(out / "deals.parquet")
    assert deals.height > 0
    assert set(deals["variant"]) == {"standard", "short"}
    result = runner.invoke(app, ["replay", str(out), "--variant", "short", "--deal", "2"])
    assert result.exit_code == 0, result.output
    assert "plays" in result.output  # the toy's own event text


def test_an_unknown_option_is_refused_by_config_validation(tmp_path: Path):
    lowest, highest = _strategy_files(tmp_path)
    config = tmp_path / "toy.yaml"
    config.write_text(
        f"name: bad\ngame: toy\nvariants: [{{name: odd, base: standard, jokers: 2}}]\n"
        f"strategies: [{lowest}, {highest}]\nformat: head-to-head\ndeals: 2\njobs: 1\n"
    )
    result = runner.invoke(app, ["run", str(config), "--out", str(tmp_path / "out")])
    assert result.exit_code != 0
    assert "jokers" in result.output


def test_a_replay_named_by_hand(tmp_path: Path):
    lowest, highest = _strategy_files(tmp_path)
    result = runner.invoke(
        app, ["replay", "--game", "toy", "--seed", "4", "--strategies", f"{lowest},{highest}"]
    )
    assert result.exit_code == 0, result.output
    assert "plays" in result.output
