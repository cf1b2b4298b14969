"""Seep action ids: played card x slot (see slots.py), 64 slots per card, then the five bids.

Ids ``0 .. 52*64-1`` are ``card * 64 + slot``; ids ``3328 .. 3332`` are the bids of 9 .. 13
(seep.md §3.3). Within a card, moves sort by kind (THROW, CAPTURE, HOUSE, BREAK), then the
house value, then the move using most loose cards first, then the floor mask: slot 0 is the
card's throw whenever a throw is legal.
"""

from __future__ import annotations

from simulator.games.seep.moves import BREAK, CAPTURE, HOUSE, THROW
from simulator.rl.actions.slots import SlotCodec

SLOTS = 64
MIN_BID = 9
BIDS = 5
_KIND = {THROW: 0, CAPTURE: 1, HOUSE: 2, BREAK: 3}


def sort_key(move: object) -> tuple[int, ...]:
    floor = move.floor  # type: ignore[attr-defined]
    return (_KIND[move.action], move.value, -floor.bit_count(), floor)  # type: ignore[attr-defined]


def bid_index(move: object) -> int:
    return move.value - MIN_BID  # type: ignore[attr-defined]


ACTIONS = SlotCodec(SLOTS, sort_key, BIDS, bid_index, lambda i: f"bid {MIN_BID + i}")
