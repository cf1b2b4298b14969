"""Sueca rule options (config keys of docs/rules/sueca.md §0), validation and presets."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from simulator.games.base import RulesBase, RulesError
from simulator.games.validate import choice_options, int_option, reject_unknown

NUM_PLAYERS = 5
MIN_BID = 61
MAX_BID = 120

_CHOICES: dict[str, tuple[str, ...]] = {
    "end_mode": ("target", "hands"),
    "nuls_rank": ("top", "lowest_opening"),
    "score_index": ("bid", "made_if_bidder_wins"),
    "passout_redeal_dealer": ("same", "next"),
    "fixed_hands_tie": ("extra_hand", "shared"),
    "called_card_rule": ("any_not_held", "trump_suit_only"),
}
_TARGETS = (10, 15, 20)
_HANDS = (5, 10, 15)


@dataclasses.dataclass(frozen=True)
class SuecaRules(RulesBase):
    """Resolved options; ``target_points`` is None in hands mode and ``num_hands`` None in target mode."""

    num_players: int = NUM_PLAYERS
    end_mode: str = "target"
    target_points: int | None = 10
    num_hands: int | None = None
    nuls_rank: str = "top"
    score_index: str = "bid"
    passout_redeal_dealer: str = "same"
    fixed_hands_tie: str = "extra_hand"
    called_card_rule: str = "any_not_held"
    bid_step: int = 1

    @classmethod
    def game_name(cls) -> str:
        return "sueca"


VARIANTS: dict[str, dict[str, Any]] = {
    "standard": {},
    "target_15": {"target_points": 15},
    "target_20": {"target_points": 20},
    "hands_5": {"end_mode": "hands", "num_hands": 5},
    "hands_10": {"end_mode": "hands", "num_hands": 10},
    "hands_15": {"end_mode": "hands", "num_hands": 15},
    "nuls_lowest_opening": {"nuls_rank": "lowest_opening"},
    "score_made": {"score_index": "made_if_bidder_wins"},
    "passout_next_dealer": {"passout_redeal_dealer": "next"},
    "hands_10_shared": {"end_mode": "hands", "num_hands": 10, "fixed_hands_tie": "shared"},
    "called_trump_only": {"called_card_rule": "trump_suit_only"},
}

VARIANT_DOCS: dict[str, str] = {
    "standard": "Seed defaults: sole leader at 10+ points wins; nuls outranks all bids; score by the bid.",
    "target_15": "Play to 15 points (sole leader wins, ties play on).",
    "target_20": "Play to 20 points (sole leader wins, ties play on).",
    "hands_5": "Play 5 scored hands; a tie for the lead plays extra hands.",
    "hands_10": "Play 10 scored hands; a tie for the lead plays extra hands.",
    "hands_15": "Play 15 scored hands; a tie for the lead plays extra hands.",
    "nuls_lowest_opening": "An opening nuls is the lowest call: any later 61+ bid supersedes it.",
    "score_made": "A winning bidder team scores T(points made) instead of T(bid).",
    "passout_next_dealer": "After five passes the next player deals.",
    "hands_10_shared": "Play 10 scored hands; players tied for the lead share the win.",
    "called_trump_only": "The called card must be a trump (Briscola chiamata convention).",
}


def make_rules(options: Mapping[str, Any]) -> SuecaRules:
    """Rules from the explicitly given options; ``RulesError`` names the bad key and what is allowed."""
    reject_unknown(options, SuecaRules, "Sueca italienne")
    choice_options(options, _CHOICES)
    values: dict[str, Any] = {key: options[key] for key in _CHOICES if key in options}
    if "num_players" in options and int_option("num_players", options["num_players"]) != NUM_PLAYERS:
        raise RulesError(
            "num_players", f"Sueca italienne is played by exactly 5 players, got {options['num_players']}"
        )
    if "bid_step" in options:
        values["bid_step"] = int_option("bid_step", options["bid_step"], 1, MAX_BID - MIN_BID)
    end_mode = values.get("end_mode", "target")
    target = options.get("target_points")
    hands = options.get("num_hands")
    if end_mode == "target":
        if hands is not None:
            raise RulesError(
                "num_hands", "only used with end_mode: hands (this rule set has end_mode: target)"
            )
        target = 10 if target is None else int_option("target_points", target)
        if target not in _TARGETS:
            raise RulesError("target_points", f"must be one of 10, 15, 20; got {target}")
    else:
        if target is not None:
            raise RulesError(
                "target_points", "only used with end_mode: target (this rule set has end_mode: hands)"
            )
        hands = 10 if hands is None else int_option("num_hands", hands)
        if hands not in _HANDS:
            raise RulesError("num_hands", f"must be one of 5, 10, 15; got {hands}")
    return SuecaRules(num_players=NUM_PLAYERS, target_points=target, num_hands=hands, **values)
