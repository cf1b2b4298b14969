"""Sueca action ids: one fixed id per move, 146 in all; every move is a single step.

| ids | move |
|---|---|
| 0 | pass |
| 1 | nuls |
| 2 .. 61 | bid 61 .. 120 |
| 62 .. 65 | trump S H D C |
| 66 .. 105 | call card: the 40 pack cards in card-int order (A♠ A♥ A♦ A♣ 2♠ ... K♣) |
| 106 .. 145 | play card: the 40 pack cards in the same order |
"""

from __future__ import annotations

from typing import Any

from simulator.games.sueca import moves as m
from simulator.games.sueca.cards import PACK_CARDS
from simulator.rl.actions.steps import StepCodec

#: every move in id order (the prebuilt move objects of the game)
MOVES: tuple[Any, ...] = (
    m.PASS_MOVE,
    m.NULS_MOVE,
    *(m.BIDS[x] for x in sorted(m.BIDS)),
    *m.TRUMPS,
    *(m.CALL_CARDS[c] for c in PACK_CARDS),
    *(m.PLAYS[c] for c in PACK_CARDS),
)
_IDS = {move: i for i, move in enumerate(MOVES)}


def set_of(move: Any) -> int:
    return -1


ACTIONS = StepCodec(len(MOVES), _IDS.__getitem__, set_of, lambda i: m.move_text(MOVES[i]), sets=False)
