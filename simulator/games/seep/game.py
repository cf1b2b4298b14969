"""The Seep ``GAME`` object: what the runner, the replay and look-ahead strategies see of the game."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from simulator.games.seep.determinize import determinize
from simulator.games.seep.events import render_event
from simulator.games.seep.match import SeepMatch
from simulator.games.seep.moves import SeepMove, move_text, parse_move
from simulator.games.seep.rules import VARIANT_DOCS, VARIANTS, SeepRules, make_rules
from simulator.games.seep.state import SeepState
from simulator.games.seep.view import SeepView


class SeepGame:
    """The Seep engine as seen by the runner (``simulator.games.base.Game``)."""

    name = "seep"
    title = "Seep"
    allowed_players = (2, 3, 4)
    default_players = 4
    variants: Mapping[str, Mapping[str, Any]] = VARIANTS
    variant_docs: Mapping[str, str] = VARIANT_DOCS
    side_columns: Mapping[str, str] = {
        "card_points": "int",
        "sweep_points": "int",
        "sweeps": "int",
        "bid": "int",
        "bidder_side": "bool",
        "houses_built": "int",
    }
    match_columns: Mapping[str, str] = {
        "match_won": "bool",
        "match_rounds": "int",
        "match_points": "int",
        "baazis_won": "int",
        "baazi_reason": "str",
    }

    def make_rules(self, options: Mapping[str, Any]) -> SeepRules:
        return make_rules(options)

    def new_deal(
        self, rules: SeepRules, seed: int, dealer: int | None = None, log: list[dict] | None = None
    ) -> SeepState:
        return SeepState(rules, seed, dealer, log)

    def new_match(
        self, rules: SeepRules, deal_seed: Callable[[int], int], log: list[dict] | None = None
    ) -> SeepMatch:
        return SeepMatch(rules, deal_seed, log)

    def render_event(self, event: Mapping[str, Any]) -> str | None:
        return render_event(event)

    def determinize(self, view: SeepView, rng: random.Random) -> SeepState:
        """A complete deal consistent with ``view`` (``determinize`` module: the method)."""
        return determinize(view, rng)

    def move_text(self, move: SeepMove) -> str:
        return move_text(move)

    def parse_move(self, text: str) -> SeepMove:
        return parse_move(text)


GAME = SeepGame()
