"""Sweep action ids: played card x slot (see slots.py), 256 slots per card: 13,312 ids.

Within a card, moves sort by kind (TRAIL, then CAPTURE, then BUILD), then the capture or
build using most table cards first, then the card mask, then the build value. So slot 0 is
always the card's trail (a trail is always legal, sweep.md §4.6) and slot 1, when the card
can capture, its capture taking most cards.
"""

from __future__ import annotations

from simulator.games.sweep.moves import BUILD, CAPTURE, TRAIL
from simulator.rl.actions.slots import SlotCodec

SLOTS = 256
_KIND = {TRAIL: 0, CAPTURE: 1, BUILD: 2}


def sort_key(move: object) -> tuple[int, ...]:
    mask = move.mask  # type: ignore[attr-defined]
    return (_KIND[move.action], -mask.bit_count(), mask, move.value)  # type: ignore[attr-defined]


ACTIONS = SlotCodec(SLOTS, sort_key)
