"""Seep move values: small immutable tuples of ints (hashable, cheap to compare)."""

from __future__ import annotations

from typing import NamedTuple

from simulator.cards import card_str, mask_strs

BID, CAPTURE, HOUSE, BREAK, THROW = range(5)
ACTION_NAMES = ("bid", "capture", "house", "break", "throw")


class SeepMove(NamedTuple):
    """One decision.

    * ``action``: BID, CAPTURE, HOUSE (build a new house or add to the house of
      that value, §5.3), BREAK (raise another player's ordinary house, §5.4) or THROW.
    * ``card``: the card played (-1 for a bid).
    * ``value``: the bid value, the house value V of a HOUSE, the new value V' of a BREAK; 0 otherwise.
    * ``floor``: mask of the loose cards involved: captured (CAPTURE), put into the
      house (HOUSE: S1, absorbed V cards and optional sets; BREAK: absorbed V' cards).
      A captured house is implied by the card's value.
    """

    action: int
    card: int
    value: int
    floor: int


def move_text(move: SeepMove) -> str:
    """Readable text of a move, e.g. ``capture with JD: 2C 3D 6C``."""
    a = move.action
    if a == BID:
        return f"bid {move.value}"
    c = card_str(move.card)
    floor = " ".join(mask_strs(move.floor))
    if a == CAPTURE:
        return f"capture with {c}" + (f": {floor}" if floor else " (house)")
    if a == HOUSE:
        return f"house {move.value} with {c}" + (f" + {floor}" if floor else "")
    if a == BREAK:
        return f"break to {move.value} with {c}" + (f" (absorbs {floor})" if floor else "")
    return f"throw {c}"
