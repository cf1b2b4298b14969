"""Sweep action ids (simulator/rl/actions/steps.py): 209 ids, a move is one to a few of them.

| ids | step |
|---|---|
| 0 .. 51 | trail card c (a complete move) |
| 52 .. 103 | capture with card 52 + c, then its table cards |
| 104 .. 155 | build with card 104 + c, then its loose cards |
| 156 .. 207 | take table card 156 + t (increasing card order; a build's cards are taken one by one) |
| 208 | done: the cards taken are the capture's (or the build's) set |

A capture of ``k`` table cards is ``(52 + c, 156 + t1, ..., 156 + tk, 208)`` with t1 < ... < tk.
The mask of each step is decided from the rules, not from the move list (masks.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from simulator.cards import card_str
from simulator.games.sweep.moves import TRAIL
from simulator.rl.actions.steps import StepCodec
from simulator.rl.sweep.masks import SweepTurn

HEADS: Final = 156


def head_of(move: Any) -> int:
    return move.action * 52 + move.card


def set_of(move: Any) -> int:
    return -1 if move.action == TRAIL else move.mask


def head_text(action: int) -> str:
    kind, card = divmod(action, 52)
    return f"{('trail', 'capture with', 'build with')[kind]} {card_str(card)}"


class SweepActions(StepCodec):
    """Sweep's codec: the generic step ids, with turns decided from the rules (:class:`SweepTurn`)."""

    needs_moves = False  # a turn reads the view only

    def turn(self, view: Any, moves: Sequence[Any]) -> Any:
        turn = SweepTurn(self.size, self.take)
        turn.start(view.hand, view.table, view.builds, view.rules.builds)
        return turn


ACTIONS = SweepActions(HEADS, head_of, set_of, head_text)
