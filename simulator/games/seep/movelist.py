"""Legal moves built on access: random play looks at one move of about ten.

A position's moves are chunks ``(cards mask, templates)``: every card of the
mask (a card value's copies in hand) has the same templates ``(action, value,
floor)``, whose floor is a *canonical* mask of the loose value multiset (the
``j``-th loose card of a value is bit ``j`` of its 4-bit rank group, see
``floors``). A move is materialised as a :class:`SeepMove` only when indexed,
iterated or searched, with its floor mapped to the actual loose cards.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final, SupportsIndex, overload

from simulator.games.seep.moves import CAPTURE, THROW, SeepMove

#: (action, value, canonical floor mask) of a move, the card left out
Template = tuple[int, int, int]
#: (number of moves, number of templates, cards sharing the templates, templates)
Chunk = tuple[int, int, int, tuple[Template, ...]]

_new: Final = tuple.__new__
#: the moves made by ``with_action`` before any call (never modified)
_NONE_MADE: Final[list[SeepMove]] = []
#: bit 0 of each of the 13 rank groups
_GROUP_LOW: Final = 0x1111111111111


def _deposit(p: int, q: int) -> int:
    """The bits of ``q`` placed, in order, on the set bits of ``p``."""
    slots = [b for b in range(4) if p >> b & 1]
    return sum(1 << b for k, b in enumerate(slots) if q >> k & 1)


#: _DEPOSIT[p][q] = _deposit(p, q) for 4-bit groups
_DEPOSIT: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(_deposit(p, q) for q in range(16)) for p in range(16)
)


def concrete(floor: int, loose: int) -> int:
    """The loose cards named by a canonical ``floor`` mask.

    Fast path: a group either fully taken or untouched is just the loose cards
    of that rank; a partial group (one of two 3s...) is deposited bit by bit.
    """
    g = floor | floor >> 1
    g = (g | g >> 2) & _GROUP_LOW
    cards = g * 15 & loose
    if cards.bit_count() == floor.bit_count():
        return cards
    cards = shift = 0
    while floor:
        if floor & 15:
            cards |= _DEPOSIT[loose >> shift & 15][floor & 15] << shift
        floor >>= 4
        shift += 4
    return cards


class MoveList(Sequence[SeepMove]):
    """An immutable sequence of the legal moves, in chunk order then card order then template order.

    The last move built by indexing, and the moves built by :meth:`with_action`,
    are kept: the runner checks that the move its strategy picked is legal,
    which is then an identity test.
    """

    __slots__ = ("_chunks", "_last", "_len", "_loose", "_made")

    def __init__(self, chunks: list[Chunk], length: int, loose: int) -> None:
        self._chunks = chunks
        self._len = length
        self._loose = loose
        self._last: SeepMove | None = None
        self._made: list[SeepMove] = _NONE_MADE

    def with_action(self, action: int) -> list[SeepMove]:
        """The moves of one kind (CAPTURE, THROW...), in list order, building no other move.

        A chunk's templates are its captures, then its house moves and breaks, then
        its throw, so captures are a prefix and a throw is the last template.
        """
        loose = self._loose
        out: list[SeepMove] = []
        for _, _, cards, temps in self._chunks:
            if action == THROW:
                if temps[-1][0] != THROW:
                    continue
                picked: list[tuple[int, int]] = [(0, 0)]
            elif action == CAPTURE and temps[0][0] != CAPTURE:
                continue
            else:
                picked = []
                for a, v, f in temps:
                    if a == action:
                        if f:  # concrete(f, loose), its fast path inlined
                            g = f | f >> 1
                            g = (g | g >> 2) & _GROUP_LOW
                            g = g * 15 & loose
                            f = g if g.bit_count() == f.bit_count() else concrete(f, loose)
                        picked.append((v, f))
                    elif action == CAPTURE:
                        break  # past the captures
            while cards:
                low = cards & -cards
                cards ^= low
                c = low.bit_length() - 1
                for v, f in picked:
                    out.append(_new(SeepMove, (action, c, v, f)))
        self._made = out
        return out

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, i: SupportsIndex) -> SeepMove: ...

    @overload
    def __getitem__(self, i: slice) -> tuple[SeepMove, ...]: ...

    def __getitem__(self, index: SupportsIndex | slice) -> SeepMove | tuple[SeepMove, ...]:
        if isinstance(index, int):
            i = index
        elif isinstance(index, slice):
            return tuple(self)[index]
        else:
            i = index.__index__()
        if i < 0:
            i += self._len
        if i >= 0:
            for k, n, cards, temps in self._chunks:
                if i < k:
                    if i >= n:  # not the lowest card of the chunk
                        j, i = divmod(i, n)
                        while j:
                            cards &= cards - 1
                            j -= 1
                    action, value, floor = temps[i]
                    if floor:  # concrete(floor, loose), its fast path inlined
                        g = floor | floor >> 1
                        g = (g | g >> 2) & _GROUP_LOW
                        g = g * 15 & self._loose
                        floor = g if g.bit_count() == floor.bit_count() else concrete(floor, self._loose)
                    move = self._last = _new(
                        SeepMove, (action, (cards & -cards).bit_length() - 1, value, floor)
                    )
                    return move
                i -= k
        raise IndexError("move index out of range")

    def __iter__(self) -> Iterator[SeepMove]:
        loose = self._loose
        for _, _, cards, temps in self._chunks:
            moves = [(a, v, f and concrete(f, loose)) for a, v, f in temps]
            while cards:
                low = cards & -cards
                cards ^= low
                c = low.bit_length() - 1
                for a, v, f in moves:
                    yield _new(SeepMove, (a, c, v, f))

    def __contains__(self, move: object) -> bool:
        if move is self._last:
            return True
        for made in self._made:
            if move is made:
                return True
        if not isinstance(move, tuple) or len(move) != 4:
            return False
        action, card, value, floor = move
        if not (isinstance(card, int) and 0 <= card < 52):
            return False
        loose = self._loose
        for _, _, cards, temps in self._chunks:
            if cards >> card & 1:
                for a, v, f in temps:
                    if a == action and v == value and (f and concrete(f, loose)) == floor:
                        return True
                return False
        return False

    def __repr__(self) -> str:
        return f"MoveList({list(self)!r})"


def with_action(moves: Sequence[SeepMove], action: int) -> list[SeepMove]:
    """The legal moves of one kind: fast on a :class:`MoveList`, a filter on any other sequence."""
    if type(moves) is MoveList:
        return moves.with_action(action)
    return [m for m in moves if m.action == action]
