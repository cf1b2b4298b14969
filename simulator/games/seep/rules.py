"""Seep rule options (seep.md §0), named variants (§10b) and their validation.

One frozen dataclass field per config key, so the resolved options are
hashable, printable and recorded in every output (``rules_hash``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from simulator.games.base import RulesBase, RulesError
from simulator.games.validate import bool_options, choice_options, int_option, reject_unknown

GAME_NAME = "seep"


@dataclasses.dataclass(frozen=True)
class SeepRules(RulesBase):
    """Resolved Seep options; field names are the config keys of seep.md §0."""

    num_players: int = 4
    scoring: str = "hundred"
    cementing: bool = True
    thirty_majority: str = "spades"
    baazi_target: int = 100
    under9_rule: bool = True
    floor_visible_at_bid: bool = False
    dealer_rotation: str = "rotate"
    owner_must_retain: bool = True
    two_player_second_deal: bool = True
    three_player_hand_size: int = 16
    baazis_to_win_match: int = 1

    @classmethod
    def game_name(cls) -> str:
        return GAME_NAME

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        if self.num_players == 4:
            return ((0, 2), (1, 3))
        return tuple((s,) for s in range(self.num_players))

    @property
    def total_plays(self) -> int:
        """Number of plays in a deal (§3.8, §11): the last one scores no sweep."""
        if self.num_players == 2 and not self.two_player_second_deal:
            return 24
        if self.num_players == 3 and self.three_player_hand_size == 12:
            return 36
        return 48


#: variant name -> option overrides (seep.md §10b; the `baazi_target` row gives two presets).
VARIANTS: dict[str, dict[str, Any]] = {
    "standard": {},
    "two_player": {"num_players": 2},
    "three_player": {"num_players": 3},
    "thirty_point": {"scoring": "thirty"},
    "no_cement": {"cementing": False},
    "baazi_target_50": {"baazi_target": 50},
    "baazi_target_150": {"baazi_target": 150},
    "floor_visible_at_bid": {"floor_visible_at_bid": True},
    "losing_team_deals": {"dealer_rotation": "losing_team_deals"},
    "owner_must_retain_false": {"owner_must_retain": False},
    "best_of_three": {"baazis_to_win_match": 2},
}

VARIANT_DOCS: dict[str, str] = {
    "standard": "4 players in two partnerships, 100-point deals, baazi won at a lead of 100 or by under-9.",
    "two_player": "2 players, no partners; 12 cards each, then a second 12-card deal (48 plays).",
    "three_player": "3 players, each a side; 16 cards each; win a baazi by leading both others by 100.",
    "thirty_point": "30-point game: 10D 12, 9S 9, 2S 1, aces 1, spade majority 4; sweep = card value.",
    "no_cement": "Houses are never cemented and can always be broken while at most 13.",
    "baazi_target_50": "Short baazi: won at a cumulative lead of 50 (rules variant `baazi_target` 50).",
    "baazi_target_150": "Long baazi: won at a cumulative lead of 150 (rules variant `baazi_target` 150).",
    "floor_visible_at_bid": "The floor is turned up before the bid; the bid must allow a house or capture.",
    "losing_team_deals": "Pagat rotation: the dealer keeps dealing while their team is behind or level.",
    "owner_must_retain_false": "Holding a house's value is checked only when a house is made or changed.",
    "best_of_three": "A match is the first to win 2 baazis.",
}

_CHOICES: dict[str, tuple[Any, ...]] = {
    "num_players": (2, 3, 4),
    "scoring": ("hundred", "thirty"),
    "thirty_majority": ("spades", "cards"),
    "dealer_rotation": ("rotate", "losing_team_deals"),
    "three_player_hand_size": (16, 12),
}
_BOOLS = ("cementing", "under9_rule", "floor_visible_at_bid", "owner_must_retain", "two_player_second_deal")
#: the largest value of each integer option: a baazi to 10,000 points or a match of 100 baazis
#: already lasts thousands of deals; more would never end in practice
_POSITIVE_INTS = {"baazi_target": 10_000, "baazis_to_win_match": 100}


def make_rules(options: Mapping[str, Any]) -> SeepRules:
    """Resolve explicit ``options`` into :class:`SeepRules`; ``RulesError`` on any bad key or value.

    Dependent defaults: ``under9_rule`` is off for 3 players and for the thirty-point game,
    ``baazi_target`` is 30 in the thirty-point game.
    """
    opts = dict(options)
    reject_unknown(opts, SeepRules, "Seep")
    choice_options(opts, _CHOICES)
    bool_options(opts, _BOOLS)
    for key, maximum in _POSITIVE_INTS.items():
        if key in opts:
            int_option(key, opts[key], minimum=1, maximum=maximum)
    n = opts.get("num_players", 4)
    thirty = opts.get("scoring", "hundred") == "thirty"
    opts.setdefault("under9_rule", not (n == 3 or thirty))
    opts.setdefault("baazi_target", 30 if thirty else 100)
    if opts.get("dealer_rotation") == "losing_team_deals" and n != 4:
        raise RulesError(
            "dealer_rotation",
            f"losing_team_deals needs partnerships (num_players 4), got num_players {n}; use rotate",
        )
    return SeepRules(**opts)
