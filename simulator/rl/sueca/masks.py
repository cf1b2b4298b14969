"""Sueca's step masks (the environments' hot path, compiled by mypyc): every move is one id
(actions.py), so a mask is the legal list's ids and a step its move."""

from __future__ import annotations

from typing import Any, Final

from simulator.games.sueca.moves import SuecaMove
from simulator.games.sueca.state import SuecaState
from simulator.rl.masks import Turn
from simulator.rl.sueca.actions import MOVES

#: the move of each id, and the id of each move by :func:`_key`
_MOVES: Final[list[SuecaMove]] = list(MOVES)


def _key(move: SuecaMove) -> int:
    return (move[0] * 53 + move[1] + 1) * 128 + move[2]


_IDS: Final[list[int]] = [-1] * _key(SuecaMove(6, 52, 0))
for _i, _m in enumerate(_MOVES):
    _IDS[_key(_m)] = _i
_CACHE_LIMIT: Final = 4096


class SuecaTurn(Turn):
    """Sueca: one id per move, legal iff its bit is in ``bits`` (the ids above ``base``, the
    list's lowest). The engine returns the same tuple object for a repeated list (auctions,
    followed suits), so each list's ``base`` and ``bits`` are kept by its identity, and its
    mask too once it comes again (a lead's list is new each time: its mask is not kept)."""

    def __init__(self, size: int, take: int) -> None:
        super().__init__(size, take)
        self.legal: tuple[SuecaMove, ...] = ()
        self.base = 0
        self.bits = 0
        self.template: Any = None  # the cached read-only mask of ``legal``, if any
        self.cache: dict[int, tuple[object, Any, int, int]] = {}

    def begin(self, deal: Any) -> None:
        self.move = None
        state: SuecaState = deal
        moves = state.legal_moves()
        self.legal = moves
        self.count = len(moves)
        key = id(moves)
        cache = self.cache
        got = cache.get(key)
        if got is not None and got[0] is moves:
            template = got[1]
            if template is not None:
                self.template, self.base, self.bits = template, got[2], got[3]
                return
            self._first_flags()  # a list met again: its mask is worth keeping
            self.template = None
            cache[key] = (moves, self.frombuffer(bytes(self.flags), self.dtype), self.base, self.bits)
            return
        self.template = None
        self._first_flags()
        if len(cache) >= _CACHE_LIMIT:
            cache.clear()
        cache[key] = (moves, None, self.base, self.bits)  # the entry keeps the tuple, so its id

    def _first_flags(self) -> None:
        flags = self.zero[:]
        ids = _IDS
        legal: list[int] = []
        base = 1 << 30
        for m in self.legal:
            i = ids[_key(m)]
            flags[i] = 1
            legal.append(i)
            if i < base:
                base = i
        bits = 0
        for i in legal:
            bits |= 1 << i - base
        self.flags, self.handed, self.base, self.bits = flags, False, base, bits

    def mask_array(self) -> Any:
        template = self.template
        if template is not None:
            return template.copy()
        return self.frombuffer(self.mask_flags(), self.dtype)

    def options(self) -> list[int]:
        return sorted([_IDS[_key(m)] for m in self.legal])

    def step(self, action: int) -> bool:
        if self.move is not None or not 0 <= action < self.size:
            return False
        k = action - self.base
        if k < 0 or not self.bits >> k & 1:
            return False
        self.move = _MOVES[action]
        return True

    def apply(self, deal: Any, move: object) -> None:
        state: SuecaState = deal
        m: SuecaMove = move  # type: ignore[assignment]
        state.apply(m)

    def current(self, deal: Any) -> int:
        state: SuecaState = deal
        return state.current_player()


#: the turn the environments make (simulator/rl/core.py's ``make_turn``)
TURN: Final = SuecaTurn
