"""Hand-built Seep positions for tests: a few fields, the rest from ``SeepPosition``'s defaults."""

from __future__ import annotations

from typing import Any

from simulator.cards import mask_of, parse_cards
from simulator.games.seep import SeepPosition, SeepRules, SeepState


def m(text: str) -> int:
    """The card mask of ``"10D 2C ..."``."""
    return mask_of(parse_cards(text))


def at(rules: SeepRules, hands: list[int], loose: int = 0, houses: Any = (), **fields: Any) -> SeepState:
    """A play-phase state: ``houses`` lists (value, cards mask, owner seats)."""
    position = SeepPosition(rules=rules, hands=tuple(hands), loose=loose, houses=tuple(houses), **fields)
    return SeepState.from_position(position)
