"""Sueca action ids: one fixed id per move, 146 in all (the move alone gives its id).

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

from collections.abc import Sequence
from typing import Any

from simulator.games.sueca import moves as m
from simulator.games.sueca.cards import PACK_CARDS

#: every move in id order (the prebuilt move objects of the game)
MOVES: tuple[Any, ...] = (
    m.PASS_MOVE,
    m.NULS_MOVE,
    *(m.BIDS[x] for x in sorted(m.BIDS)),
    *m.TRUMPS,
    *(m.CALL_CARDS[c] for c in PACK_CARDS),
    *(m.PLAYS[c] for c in PACK_CARDS),
)


class SuecaActions:
    """The fixed table of Sueca moves (``state`` is only used to check legality)."""

    size = len(MOVES)

    def __init__(self) -> None:
        self._ids = {move: i for i, move in enumerate(MOVES)}

    def legal(self, moves: Sequence[Any]) -> dict[int, Any]:
        ids = self._ids
        return {ids[move]: move for move in moves}

    def encode(self, move: Any, state: Any) -> int:
        if move not in state.legal_moves():
            raise ValueError(f"move {move!r} is not a legal move of this position")
        return self._ids[move]

    def decode(self, action: int, state: Any) -> Any:
        if 0 <= action < self.size and MOVES[action] in state.legal_moves():
            return MOVES[action]
        raise ValueError(f"action {action} is not legal in this position")

    def describe(self, action: int) -> str:
        if not 0 <= action < self.size:
            raise ValueError(f"action {action} is outside 0..{self.size - 1}")
        return m.move_text(MOVES[action])


ACTIONS = SuecaActions()
