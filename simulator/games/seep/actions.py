"""Seep action ids (simulator/rl/actions/steps.py): 630 ids, a move is one to a few of them.

| ids | step |
|---|---|
| 0 .. 51 | throw card c (a complete move) |
| 52 .. 103 | capture with card 52 + c, then the loose cards it takes |
| 104 .. 363 | house of value V with card c: 104 + 5 c + (V - 9), then its loose cards |
| 364 .. 571 | break a house to value V' with card c: 364 + 4 c + (V' - 10), then the absorbed cards |
| 572 .. 576 | bid 9 .. 13 (a complete move) |
| 577 .. 628 | take loose card 577 + t (increasing card order) |
| 629 | done: the cards taken are the move's floor set |

A capture taking only a house is ``(52 + c, 629)``. Seep's move lists are small (the
compulsory capture keeps the floor short), so the mask of each step filters the position's
legal moves (the generic ``Turn``).
"""

from __future__ import annotations

from typing import Any

from simulator.cards import card_str
from simulator.games.seep.moves import BID, BREAK, CAPTURE, HOUSE, THROW
from simulator.rl.actions.steps import StepCodec

HOUSES = 104
BREAKS = HOUSES + 5 * 52
BIDS = BREAKS + 4 * 52
HEADS = BIDS + 5


def head_of(move: Any) -> int:
    action, card = move.action, move.card
    if action == THROW:
        return card
    if action == CAPTURE:
        return 52 + card
    if action == HOUSE:
        return HOUSES + 5 * card + move.value - 9
    if action == BREAK:
        return BREAKS + 4 * card + move.value - 10
    return BIDS + move.value - 9


def set_of(move: Any) -> int:
    return -1 if move.action == THROW or move.action == BID else move.floor


def head_text(action: int) -> str:
    if action >= BIDS:
        return f"bid {action - BIDS + 9}"
    if action >= BREAKS:
        card, k = divmod(action - BREAKS, 4)
        return f"break to {k + 10} with {card_str(card)}"
    if action >= HOUSES:
        card, k = divmod(action - HOUSES, 5)
        return f"house {k + 9} with {card_str(card)}"
    kind, card = divmod(action, 52)
    return f"{('throw', 'capture with')[kind]} {card_str(card)}"


ACTIONS = StepCodec(HEADS, head_of, set_of, head_text)
