"""The ``GAME`` object: what the runner, replay, search and learning use of this package."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from .determinize import determinize
from .events import render_event
from .match import SuecaMatch
from .moves import SuecaMove, move_text, parse_move
from .rules import NUM_PLAYERS, VARIANT_DOCS, VARIANTS, SuecaRules, make_rules
from .state import SuecaState
from .view import SuecaView


class SuecaGame:
    name = "sueca"
    title = "Sueca italienne"
    allowed_players = (NUM_PLAYERS,)
    default_players = NUM_PLAYERS
    variants = VARIANTS
    variant_docs = VARIANT_DOCS
    side_columns: ClassVar[dict[str, str]] = {
        "declarer": "bool",
        "declarer_seat": "int",
        "is_partner": "bool",
        "contract": "str",
        "bid": "int",  # null for nuls
        "trump": "str",  # null for nuls
        "called_card": "str",  # null for nuls
        "partner_seat": "int",  # null for nuls
        "team_points": "int",
        "own_points": "int",
        "made": "bool",
        "hand_score": "int",
        "passouts": "int",  # deals thrown in (all passed) before this hand was played
    }
    match_columns: ClassVar[dict[str, str]] = {
        "match_won": "bool",
        "match_rounds": "int",
        "match_points": "int",
    }

    def make_rules(self, options: Mapping[str, Any]) -> SuecaRules:
        return make_rules(options)

    def new_deal(
        self, rules: SuecaRules, seed: int, dealer: int | None = None, log: list[dict] | None = None
    ) -> SuecaState:
        return SuecaState(rules, seed, dealer=dealer, log=log)

    def new_match(
        self, rules: SuecaRules, deal_seed: Callable[[int], int], log: list[dict] | None = None
    ) -> SuecaMatch:
        return SuecaMatch(rules, deal_seed, log)

    def render_event(self, event: Mapping[str, Any]) -> str | None:
        return render_event(event)

    def determinize(self, view: SuecaView, rng: random.Random) -> SuecaState:
        """A hand consistent with all ``view.seat`` knows, hidden cards dealt uniformly (determinize.py)."""
        return determinize(view, rng)

    def move_text(self, move: SuecaMove) -> str:
        return move_text(move)

    def parse_move(self, text: str) -> SuecaMove:
        return parse_move(text)


GAME = SuecaGame()
