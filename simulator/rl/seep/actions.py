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

A capture taking only a house is ``(52 + c, 629)``. The layout is written here once, both ways
(:func:`head_id`, :func:`head_parts`): the codec, the environment's masks (masks.py) and the
observation (observe.py) read it. Compiled (mypyc), so the masks call it natively.
"""

from __future__ import annotations

from typing import Any, Final

from simulator.cards import card_str
from simulator.games.seep.moves import BID, BREAK, CAPTURE, HOUSE, THROW, SeepMove
from simulator.rl.actions.steps import StepCodec

#: the first head id of each kind: houses (5 a card), breaks (4 a card), bids; then ``TAKE``
HOUSES: Final = 104
BREAKS: Final = HOUSES + 5 * 52
BIDS: Final = BREAKS + 4 * 52
HEADS: Final = BIDS + 5


def head_id(action: int, card: int, value: int) -> int:
    """The head id of the move ``(action, card, value, ...)``."""
    if action == THROW:
        return card
    if action == CAPTURE:
        return 52 + card
    if action == HOUSE:
        return HOUSES + 5 * card + value - 9
    if action == BREAK:
        return BREAKS + 4 * card + value - 10
    return BIDS + value - 9


def head_parts(head: int) -> tuple[int, int, int]:
    """``(action, card, value)`` of a head id (``value`` -1 for a throw or a capture, ``card`` -1
    for a bid): the inverse of :func:`head_id`."""
    if head < 52:
        return THROW, head, -1
    if head < HOUSES:
        return CAPTURE, head - 52, -1
    if head < BREAKS:
        return HOUSE, (head - HOUSES) // 5, (head - HOUSES) % 5 + 9
    if head < BIDS:
        return BREAK, (head - BREAKS) // 4, (head - BREAKS) % 4 + 10
    return BID, -1, head - BIDS + 9


def head_of(move: Any) -> int:
    m: SeepMove = move
    return head_id(m[0], m[1], m[2])


def set_of(move: Any) -> int:
    m: SeepMove = move
    return -1 if m[0] == THROW or m[0] == BID else m[3]


def head_text(head: int) -> str:
    action, card, value = head_parts(head)
    if action == BID:
        return f"bid {value}"
    if action == BREAK:
        return f"break to {value} with {card_str(card)}"
    if action == HOUSE:
        return f"house {value} with {card_str(card)}"
    return f"{'throw' if action == THROW else 'capture with'} {card_str(card)}"


ACTIONS: Final = StepCodec(HEADS, head_of, set_of, head_text)
