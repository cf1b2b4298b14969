"""Sweep, the Sri Lankan fishing game (rules: shared/rules/sweep.md).

``GAME`` is the module-level object of the ``Game`` protocol (simulator/games/base.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from simulator.games.sweep.events import render_event
from simulator.games.sweep.match import SweepMatch
from simulator.games.sweep.moves import BUILD, CAPTURE, TRAIL, Move
from simulator.games.sweep.rules import VARIANT_DOCS, VARIANTS, SweepRules, make_rules
from simulator.games.sweep.state import SweepState, SweepView


class SweepGame:
    """The Sweep engine as the runner, strategies and replay see it."""

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


GAME = SweepGame()

__all__ = [
    "BUILD",
    "CAPTURE",
    "GAME",
    "TRAIL",
    "Move",
    "SweepGame",
    "SweepMatch",
    "SweepRules",
    "SweepState",
    "SweepView",
    "make_rules",
]
