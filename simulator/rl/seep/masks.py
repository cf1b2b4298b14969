"""Seep's step masks (the environments' hot path, compiled by mypyc).

A play's move list is read by chunks (every held card of a value has the value's templates,
simulator/games/seep/bits.py): the first mask comes from each chunk's kinds of move, and only
the chosen head's templates are read. The bids are a list of moves: the generic filter.
"""

from __future__ import annotations

from typing import Any, Final

from simulator.games.seep.bits import (
    BREAK_SHIFT,
    CAPTURE_KIND,
    FLOOR_BITS,
    HOUSE_SHIFT,
    THROW_KIND,
    VALUE_SHIFT,
)
from simulator.games.seep.movelist import MoveList, concrete, move_of
from simulator.games.seep.moves import BID, THROW, SeepMove
from simulator.games.seep.state import SeepState
from simulator.rl.masks import Turn
from simulator.rl.seep.actions import BREAKS, HEADS, HOUSES, head_id, head_parts

try:  # a machine int once compiled; a plain int otherwise
    from mypy_extensions import i64
except ImportError:  # mypy_extensions comes with mypy, which only the build needs
    i64 = int  # type: ignore[misc]

_HOUSES: Final[int] = HOUSES
_BREAKS: Final[int] = BREAKS
_VALUE_SHIFT: Final = VALUE_SHIFT
_FLOOR_BITS: Final = FLOOR_BITS
#: every head id as an int object: a mask's byte is set by an int it need not box
_IDS: Final[list[Any]] = list(range(HEADS))


class SeepTurn(Turn):
    """Seep: the heads of actions.py, set the floor cards. A play's move list is read by chunks
    (every held card of a value has the value's templates): the first mask comes from each
    chunk's kinds of move (``FloorOptions.kinds``, no template read), and only the chosen head's
    templates are read (``FloorOptions.of_kind``), its moves the engine's shared ones; a head with
    one template is its move at once."""

    def __init__(self, size: int, take: int) -> None:
        super().__init__(size, take)
        self.ml: MoveList | None = None  # a play's move list (None: the bids, a list of moves)

    def begin(self, deal: Any) -> None:
        self._clear()
        state: SeepState = deal
        # object, not the declared Sequence: MoveList is a Sequence by registration only, so
        # mypy would take the code below the test as unreachable (and mypyc compile it untyped)
        moves: object = state.legal_moves()
        if type(moves) is not MoveList:  # the bids
            self.ml = None
            self._first(moves)
            return
        self.ml = moves
        self._first_flags()

    def _first_flags(self) -> None:
        if self.ml is None:
            super()._first_flags()
            return
        ml: MoveList = self.ml
        hand, _loose, values, info = ml.layout()
        flags = self.zero[:]
        ids = _IDS
        # machine ints in the loop (an imported or module constant is a checked, tagged read)
        throw: i64 = THROW_KIND
        capture: i64 = CAPTURE_KIND
        houses: i64 = _HOUSES
        breaks: i64 = _BREAKS
        house_shift: i64 = HOUSE_SHIFT
        break_shift: i64 = BREAK_SHIFT
        while values:
            v = values & 15
            values >>= 4
            kinds = info.kinds(ml.key(v))
            shift = 4 * v - 4
            g = hand >> shift & 15
            while g:
                low = g & -g
                g ^= low
                c = shift + (low >> 1) - (low >> 3)  # the card of the group's lowest bit
                if kinds & throw:
                    flags[ids[c]] = 1
                if kinds & capture:
                    flags[ids[52 + c]] = 1
                k = kinds >> house_shift & 31  # houses of V = 9..13
                i = houses + 5 * c
                while k:
                    if k & 1:
                        flags[ids[i]] = 1
                    k >>= 1
                    i += 1
                k = kinds >> break_shift  # breaks to V = 10..13
                i = breaks + 4 * c
                while k:
                    if k & 1:
                        flags[ids[i]] = 1
                    k >>= 1
                    i += 1
        self.flags, self.count, self.only, self.handed = flags, -1, -1, False

    def _take_head(self, action: int) -> bool:
        ml = self.ml
        if ml is None:
            return super()._take_head(action)
        kind, card, value = head_parts(action)
        if kind == BID:
            return False  # a bid, never in a play's move list
        hand, loose, _values, info = ml.layout()
        if not hand >> card & 1:
            return False
        temps = info.of_kind(ml.key((card >> 2) + 1), kind, value)
        if not temps:
            return False
        if len(temps) == 1:  # a throw, or the head's one move (its later steps all forced)
            t = temps[0]
            f = t & _FLOOR_BITS
            self.move = move_of(kind, card, t >> _VALUE_SHIFT & 15, concrete(f, loose) if f else 0)
            return True
        sets: list[int] = []
        cands: list[object] = []
        for t in temps:
            f = t & _FLOOR_BITS
            floor = concrete(f, loose) if f else 0
            sets.append(floor)
            cands.append(move_of(kind, card, t >> _VALUE_SHIFT & 15, floor))
        self.head = action
        self.sets, self.moves = sets, cands
        return True

    def apply(self, deal: Any, move: object) -> None:
        state: SeepState = deal
        m: SeepMove = move  # type: ignore[assignment]
        state.apply(m)

    def current(self, deal: Any) -> int:
        state: SeepState = deal
        return state.current_player()

    def head_of(self, move: Any) -> int:
        m: SeepMove = move
        return head_id(m[0], m[1], m[2])

    def set_of(self, move: Any) -> int:
        m: SeepMove = move
        return -1 if m[0] == THROW or m[0] == BID else m[3]


#: the turn the environments make (simulator/rl/core.py's ``make_turn``)
TURN: Final = SeepTurn
