"""Sweep rule options (sweep.md §0), named variants (§10) and their validation.

One frozen dataclass field per config key, so the resolved options are the
replay's ``rules`` object and hash to ``rules_hash``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from simulator.games.base import RulesBase, RulesError
from simulator.games.validate import bool_options, choice_options, int_option, reject_unknown

#: a match to this score already lasts hundreds of deals; more would never end in practice
TARGET_SCORE_MAX = 1000
DEAL_MODES = ("four_card_rounds", "eight_card_single")
FACE_CARD_REDEALS = ("replace_face_cards", "redeal_whole_centre")
SIMULTANEOUS_TARGET_RULES = ("higher_score_wins_else_extra_round", "always_extra_round")


@dataclasses.dataclass(frozen=True)
class SweepRules(RulesBase):
    """Resolved Sweep options; field names are the config keys of sweep.md §0."""

    num_players: int = 4
    teams: bool = True
    target_score: int = 10
    sweep_bonus: bool = True
    builds: bool = False
    deal_mode: str = "four_card_rounds"
    ace_of_spades_sweep_double: bool = False
    last_play_sweep_counts: bool = True
    face_card_redeal: str = "replace_face_cards"
    simultaneous_target_rule: str = "higher_score_wins_else_extra_round"

    @classmethod
    def game_name(cls) -> str:
        return "sweep"

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """Partners sit opposite ({0,2} vs {1,3}) with teams; else one side per seat."""
        if self.teams:
            return ((0, 2), (1, 3))
        return tuple((s,) for s in range(self.num_players))


VARIANTS: dict[str, dict[str, Any]] = {
    "standard": {},
    "team_play": {"num_players": 4, "teams": True},
    "no_sweep_bonus": {"sweep_bonus": False},
    "build_sweep": {"builds": True},
    "eight_card_deal": {"deal_mode": "eight_card_single"},
    "double_ace_of_spades": {"ace_of_spades_sweep_double": True},
}

VARIANT_DOCS: dict[str, str] = {
    "standard": "Seed rules: 4-card deals from the stock, sweeps score 1, first to 10 (teams at 4 players).",
    "team_play": "4 players in two partnerships (seats 0+2 vs 1+3), captures and score pooled.",
    "no_sweep_bonus": "Sweeps still happen but score nothing (round maximum 3).",
    "build_sweep": "Adds the BUILD move: combine table cards with the played card into a build of 2..10.",
    "eight_card_deal": "One deal of 8 cards each, no redeals; the rest of the stock is set aside.",
    "double_ace_of_spades": "The ace of spades scores 2 when it enters the pile in a sweep capture.",
}

_BOOL_KEYS = ("teams", "sweep_bonus", "builds", "ace_of_spades_sweep_double", "last_play_sweep_counts")
_CHOICE_KEYS = {
    "deal_mode": DEAL_MODES,
    "face_card_redeal": FACE_CARD_REDEALS,
    "simultaneous_target_rule": SIMULTANEOUS_TARGET_RULES,
}


def make_rules(options: Mapping[str, Any]) -> SweepRules:
    """Rules from the explicitly given options; ``teams`` defaults to ``num_players == 4``."""
    reject_unknown(options, SweepRules, "Sweep")
    values = dict(options)
    n = int_option("num_players", values.get("num_players", 4))
    if n not in (2, 3, 4):
        raise RulesError("num_players", f"Sweep is played by 2, 3 or 4 players, got {n}")
    values["num_players"] = n
    int_option("target_score", values.get("target_score", 10), minimum=1, maximum=TARGET_SCORE_MAX)
    bool_options(values, _BOOL_KEYS)
    choice_options(values, _CHOICE_KEYS)
    values.setdefault("teams", n == 4)
    if values["teams"] and n != 4:
        raise RulesError("teams", f"teams need 4 players (got num_players={n}); use teams: false")
    return SweepRules(**values)
