"""Sweep rule options (sweep.md §0), named variants (§10) and their validation.

One frozen dataclass field per config key, so the resolved options are the
replay's ``rules`` object and hash to ``rules_hash``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from simulator.games.base import RulesBase, RulesError

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
KNOWN_KEYS = tuple(f.name for f in dataclasses.fields(SweepRules))


def _int_option(key: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(key, f"must be an integer, got {value!r}")
    return value


def make_rules(options: Mapping[str, Any]) -> SweepRules:
    """Rules from the explicitly given options; ``teams`` defaults to ``num_players == 4``."""
    for key in options:
        if key not in KNOWN_KEYS:
            raise RulesError(key, f"unknown Sweep option; known options: {', '.join(KNOWN_KEYS)}")
    values = dict(options)
    n = _int_option("num_players", values.get("num_players", 4))
    if n not in (2, 3, 4):
        raise RulesError("num_players", f"Sweep is played by 2, 3 or 4 players, got {n}")
    values["num_players"] = n
    target = _int_option("target_score", values.get("target_score", 10))
    if target < 1:
        raise RulesError("target_score", f"must be an integer >= 1, got {target}")
    for key in _BOOL_KEYS:
        if key in values and not isinstance(values[key], bool):
            raise RulesError(key, f"must be true or false, got {values[key]!r}")
    for key, allowed in _CHOICE_KEYS.items():
        if key in values and values[key] not in allowed:
            raise RulesError(key, f"must be one of {', '.join(allowed)}, got {values[key]!r}")
    values.setdefault("teams", n == 4)
    if values["teams"] and n != 4:
        raise RulesError("teams", f"teams need 4 players (got num_players={n}); use teams: false")
    return SweepRules(**values)
