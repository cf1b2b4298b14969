"""The Sweep ``GAME`` object: what the runner, strategies, replay and search see of the engine."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from simulator.games.sweep.determinize import determinize
from simulator.games.sweep.events import render_event
from simulator.games.sweep.match import SweepMatch
from simulator.games.sweep.moves import SweepMove, move_text, parse_move
from simulator.games.sweep.rules import VARIANT_DOCS, VARIANTS, SweepRules, make_rules
from simulator.games.sweep.state import SweepState
from simulator.games.sweep.view import SweepView


class SweepGame:
    """The Sweep engine as the ``Game`` protocol of base.py describes it."""

    name = "sweep"
    title = "Sweep"
    allowed_players = (2, 3, 4)
    default_players = 4
    variants: Mapping[str, Mapping[str, Any]] = VARIANTS
    variant_docs: Mapping[str, str] = VARIANT_DOCS
    side_columns: Mapping[str, str] = {
        "cards": "int",
        "spades": "int",
        "ace_of_spades": "bool",
        "sweeps": "int",
        "cards_points": "int",
        "spades_points": "int",
        "ace_of_spades_points": "int",
        "sweep_points": "int",
    }
    match_columns: Mapping[str, str] = {"match_won": "bool", "match_rounds": "int", "match_points": "int"}

    def make_rules(self, options: Mapping[str, Any]) -> SweepRules:
        return make_rules(options)

    def new_deal(
        self, rules: SweepRules, seed: int, dealer: int | None = None, log: list[dict] | None = None
    ) -> SweepState:
        return SweepState(rules, seed, dealer, log)

    def new_match(
        self, rules: SweepRules, deal_seed: Callable[[int], int], log: list[dict] | None = None
    ) -> SweepMatch:
        return SweepMatch(rules, deal_seed, log)

    def render_event(self, event: Mapping[str, Any]) -> str | None:
        return render_event(event)

    def determinize(self, view: SweepView, rng: random.Random) -> SweepState:
        """A complete round consistent with all ``view``'s seat knows (determinize.py)."""
        return determinize(view, rng)

    def move_text(self, move: SweepMove) -> str:
        return move_text(move)

    def parse_move(self, text: str) -> SweepMove:
        return parse_move(text)


GAME = SweepGame()
