"""The stable plug-in API: its surface changes only on purpose, and its version is kept honestly.

A failure here after a change to a public module, a move type or a view means the change
reaches plug-in authors: update ``SNAPSHOT`` below, record the change in CHANGELOG.md and,
when it can break a plug-in, raise ``API_VERSION`` with its ``API_CHANGES`` entry
(simulator/strategy.py).
"""

from __future__ import annotations

import dataclasses
import importlib
import re
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

import simulator
import strategies.base
from simulator import api, strategy
from simulator.cli.app import app
from simulator.errors import UserError
from simulator.plugins import load_class

ROOT = Path(__file__).resolve().parents[1]
UPDATE = (
    "the public plug-in API changed: if deliberate, update SNAPSHOT in tests/test_api.py, record the "
    "change in CHANGELOG.md and, when it can break a plug-in, raise API_VERSION and add its API_CHANGES "
    "entry (simulator/strategy.py)"
)


def _names(text: str) -> tuple[str, ...]:
    """The names of a snapshot entry, in order."""
    return tuple(text.split())


SNAPSHOT = {
    "api_version": 2,
    "names": {
        "simulator.api": _names("API_VERSION DealResult NoParams Strategy cards seep sueca sweep"),
        "simulator.cards": _names(
            """
            FACE_MASK FULL_DECK NUMBER_MASK RANK RANK_MASK RANK_NAMES SPADE_MASK SUIT SUITS SUIT_MASK
            card_pretty card_str cards_of make_card mask_of mask_strs parse_card parse_cards
            """
        ),
        "simulator.games.sweep": _names(
            """
            ACTION_NAMES BUILD CAPTURE GAME TRAIL Build SweepMatch SweepMove SweepPosition
            SweepRules SweepState SweepView make_rules move_text parse_move
            """
        ),
        "simulator.games.seep": _names(
            """
            ACTION_NAMES BID BREAK CAPTURE GAME HOUSE HUNDRED_POINTS THIRTY_POINTS THROW VARIANTS
            HouseView MoveList SeepMatch SeepMove SeepPosition SeepRules SeepState SeepView
            move_text parse_move pile_points with_action
            """
        ),
        "simulator.games.sueca": _names(
            """
            ACTION_NAMES BID BIDS CALL_CARD CALL_CARDS GAME MAX_BID MIN_BID NULS NULS_MOVE NUM_PLAYERS
            PACK_CARDS PACK_MASK PASS PASS_MOVE PHASE_NAMES PLAY PLAYS POINTS STRENGTH SUIT_PACK_MASK
            TOTAL_POINTS TRUMP TRUMPS TRUMP_BONUS IllegalMove SuecaMove SuecaPosition
            SuecaRules SuecaState SuecaView TrickRecord call_of determinize hand_scores make_rules
            move_text parse_move score_value trick_value
            """
        ),
    },
    "strategy": _names("Params api_version choose games on_deal_end reset summary wants_view"),
    "deal_result": _names("margin points side"),
    "moves": {
        "SweepMove": _names("action card value mask"),
        "SeepMove": _names("action card value floor"),
        "SuecaMove": _names("action card value"),
    },
    "records": {
        "SweepView": _names(
            """
            game seat rules dealer current_player hand table builds hand_sizes stock_size piles sweeps
            last_capturer history scores centre_returned
            """
        ),
        "SeepView": _names(
            """
            game seat rules dealer bidder bid hand hand_sizes floor_visible loose houses play
            total_plays current_player last_capturer sweeps sweep_points played history scores baazis
            """
        ),
        "HouseView": _names("value cards owners cemented"),
        "SuecaView": _names(
            """
            game seat rules dealer phase current_player hand hand_sizes calls high_bid high_bidder
            declarer contract bid trump called_card partner trick_leader trick trick_winner tricks
            tricks_won points_won played scores
            """
        ),
    },
}


def _members(cls: type) -> tuple[str, ...]:
    return tuple(sorted(name for name in vars(cls) if not name.startswith("_")))


def _surface() -> dict:
    """The surface as the code has it, in the shape of SNAPSHOT."""
    games = {
        name: importlib.import_module(name) for name in api.PUBLIC if name.startswith("simulator.games.")
    }
    public = {
        type_name: getattr(module, type_name) for module in games.values() for type_name in module.__all__
    }
    return {
        "api_version": api.API_VERSION,
        "names": dict(api.PUBLIC),
        "strategy": _members(api.Strategy),
        "deal_result": _members(api.DealResult),
        "moves": {name: public[name]._fields for name in SNAPSHOT["moves"]},
        "records": {
            name: tuple(f.name for f in dataclasses.fields(public[name])) for name in SNAPSHOT["records"]
        },
    }


def test_the_public_surface_matches_its_snapshot():
    surface = _surface()
    for key, expected in SNAPSHOT.items():
        assert surface[key] == expected, f"{key}: {UPDATE}"


def test_every_public_name_exists_and_is_documented():
    doc = (ROOT / "docs/strategies.md").read_text()
    for module_name, names in api.PUBLIC.items():
        module = importlib.import_module(module_name)
        assert f"`{module_name}`" in doc, f"list {module_name} in docs/strategies.md"
        for name in names:
            assert hasattr(module, name), f"{module_name} has no {name}"
            assert re.search(rf"\b{name}\b", doc), f"document {module_name}.{name} in docs/strategies.md"


def test_the_old_import_path_gives_the_same_classes():
    assert strategies.base.Strategy is api.Strategy is strategy.Strategy
    assert strategies.base.DealResult is api.DealResult and strategies.base.NoParams is api.NoParams


def test_versions_agree_with_the_changelog():
    changelog = (ROOT / "CHANGELOG.md").read_text()
    package = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert package == simulator.__version__
    assert f"## [{package}]" in changelog, "CHANGELOG.md needs a section for the package version"
    assert sorted(strategy.API_CHANGES) == list(range(2, strategy.API_VERSION + 1))
    for version in strategy.API_CHANGES:
        assert f"plug-in API version {version}" in changelog, (
            f"CHANGELOG.md must record API version {version}"
        )


def _plugin(tmp_path: Path, declaration: str) -> str:
    path = tmp_path / "bot.py"
    path.write_text(
        "from simulator.api import Strategy\n\n\n"
        f"class Bot(Strategy):\n    games = ('sweep',)\n{declaration}\n"
        "    def choose(self, view, moves):\n        return moves[0]\n"
    )
    return f"{path}:Bot"


@pytest.mark.parametrize("declaration", ["", f"    api_version = {strategy.API_VERSION}\n"])
def test_a_plug_in_of_this_version_or_none_loads(tmp_path, declaration):
    assert load_class(_plugin(tmp_path, declaration), "s.yaml", "plugin").__name__ == "Bot"


@pytest.mark.parametrize(
    "declared, words",
    [
        (1, ["version 1", f"has {strategy.API_VERSION}", "SweepMove(action, card, value, mask)"]),
        (strategy.API_VERSION + 1, [f"version {strategy.API_VERSION + 1}", "upgrade cardsim"]),
        ("'2'", ["'2'", "not an API version"]),
    ],
)
def test_a_plug_in_of_another_version_is_refused_saying_what_changed(tmp_path, declared, words):
    ref = _plugin(tmp_path, f"    api_version = {declared}\n")
    with pytest.raises(UserError) as info:
        load_class(ref, "s.yaml", "plugin")
    text = info.value.render()
    assert text.startswith("s.yaml: plugin:") and ref in text
    for word in words:
        assert word in text


def test_the_cli_refuses_it_as_a_user_error(tmp_path, write_tournament):
    strategy_file = tmp_path / "s.yaml"
    strategy_file.write_text(f"name: s\nplugin: {_plugin(tmp_path, '    api_version = 1')}\n")
    result = CliRunner().invoke(
        app, ["run", str(write_tournament(strategies=["random", str(strategy_file)]))]
    )
    assert result.exit_code == 2
    assert (
        "bot.py:Bot" in result.output and "API version 1" in result.output and "CHANGELOG.md" in result.output
    )
