"""Legal moves built on access: random play looks at one move of about ten.

A position's moves come in chunks, one per card value held: every card of that
value in hand has the same templates ``(action, value, floor)``, whose floor is
a *canonical* mask of the loose value multiset (the ``j``-th loose card of a
value is bit ``j`` of its 4-bit rank group, see ``floors``). A move list keeps
the hand, the chunk values (4 bits each), each chunk's number of templates and
the masks of the position (a chunk's templates are found again from them and
the floor's ``FloorOptions``), so building one allocates one object; a move is
materialised as a :class:`SeepMove` only when indexed, iterated or searched,
with its floor mapped to the actual loose cards.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, Final, SupportsIndex, overload

from mypy_extensions import mypyc_attr

from simulator.cards import value_counts
from simulator.games.seep.bits import ACTION_SHIFT, FLOOR_BITS, NO_CAPTURE, TARGETS, VALUE_SHIFT, Template
from simulator.games.seep.moves import CAPTURE, THROW, SeepMove
from simulator.games.seep.swar import GROUP_LOW, canonical

if TYPE_CHECKING:
    from simulator.games.seep.floors import FloorOptions

try:  # a machine int once compiled (masks stay below 2 ** 62); a plain int otherwise
    from mypy_extensions import i64
except ImportError:  # mypy_extensions comes with mypy, which only the build needs
    i64 = int  # type: ignore[misc]

_new: Final = tuple.__new__
_Move: Final = SeepMove  # a static, not a module dict lookup at every move
#: the moves without floor cards indexed so far, by card << 7 | action << 4 | value: most moves
#: picked at random have no floor cards
_FLOORLESS: Final[list[SeepMove | None]] = [None] * (52 << 7)
#: the moves with floor cards indexed so far, direct-mapped by a hash of their fields (checked
#: on reading): random play meets some 30,000 of them over 10,000 deals and picks nine in ten
#: again later, and making one (``tuple.__new__`` of a subclass) then freeing it cost some 1,200
#: instructions. Bounded, and it stops growing: full collections stay rare.
_WITH_FLOOR_SIZE: Final = 65521
_WITH_FLOOR: Final[list[SeepMove | None]] = [None] * _WITH_FLOOR_SIZE
#: the moves made by ``with_action`` before any call (never modified)
_NONE_MADE: Final[list[SeepMove]] = []
#: a chunk's template count in a move list's ``counts`` (4 bits each): this value means 15 or more,
#: counted again when needed (a few lists in 10,000: a list of ints would cost more to build)
WIDE: Final = 15
#: lowest card of each 4-bit group of a hand
_LOW4: Final[tuple[int, ...]] = (0, *((g & -g).bit_length() - 1 for g in range(1, 16)))


def _with_floor(action: i64, card: i64, value: i64, floor: i64) -> SeepMove:
    """The move ``(action, card, value, floor)``, from ``_WITH_FLOOR`` when it holds it."""
    slot = (floor ^ (card << 7 | action << 4 | value) << 45) % _WITH_FLOOR_SIZE
    made = _WITH_FLOOR[slot]
    if made is None or made[3] != floor or made[1] != card or made[2] != value or made[0] != action:
        made = _WITH_FLOOR[slot] = _new(_Move, (action, card, value, floor))
    return made


def move_of(action: i64, card: i64, value: i64, floor: i64) -> SeepMove:
    """The move ``(action, card, value, floor)`` (actual floor cards), made once if it has no floor
    cards (throws, house captures...: a few hundred moves) and shared while it stays in
    ``_WITH_FLOOR`` otherwise."""
    if floor:
        return _with_floor(action, card, value, floor)
    slot = card << 7 | action << 4 | value
    made = _FLOORLESS[slot]
    if made is None:
        made = _FLOORLESS[slot] = _new(_Move, (action, card, value, 0))
    return made


def _deposit(p: int, q: int) -> int:
    """The bits of ``q`` placed, in order, on the set bits of ``p``."""
    slots = [b for b in range(4) if p >> b & 1]
    return sum(1 << b for k, b in enumerate(slots) if q >> k & 1)


#: _DEPOSIT[p][q] = _deposit(p, q) for 4-bit groups
_DEPOSIT: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(_deposit(p, q) for q in range(16)) for p in range(16)
)


def concrete(floor: i64, loose: i64) -> i64:
    """The loose cards named by a canonical ``floor`` mask.

    Fast path: a group either fully taken or untouched is just the loose cards
    of that rank (the canonical form of those cards is then ``floor`` itself);
    a partial group (one of two 3s...) is deposited bit by bit.
    """
    g = floor | floor >> 1
    g = (g | g >> 2) & GROUP_LOW
    cards = g * 15 & loose
    if canonical(value_counts(cards)) == floor:
        return cards
    cards = 0
    shift: i64 = 0
    while floor:
        if floor & 15:
            cards |= _DEPOSIT[loose >> shift & 15][floor & 15] << shift
        floor >>= 4
        shift += 4
    return cards


def _unpack(t: Template, loose: int) -> tuple[int, int, int]:
    """(action, value, actual floor cards) of a template on the floor ``loose``."""
    f = t & FLOOR_BITS
    return t >> ACTION_SHIFT, t >> VALUE_SHIFT & 15, concrete(f, loose) if f else 0


def chunk_key(
    v: i64,
    cv: i64,
    opening: i64,
    hmask: i64,
    blocked: i64,
    elig: i64,
    single: i64,
    exists: i64,
    breakable: i64,
) -> i64:
    """What the templates of the held v cards ``cv`` depend on besides the loose values (an int).

    ``cv`` is the v cards held, in place or shifted down (only "more than one card" is read).
    The masks are SBIT masks of the position (see ``movegen.play_moves``): ``blocked``
    values whose house the mover must keep a card for (§5.8), usable house targets
    ``elig``, targets where a lone card cannot be used up (``single``), existing houses,
    ordinary houses the mover may break (§5.4). Bits: v (4), a v-house to capture, no
    capture allowed (the opening, §3.6), then the house targets, the existing houses
    among them and the break targets, interleaved (``FloorOptions.count`` reads them).
    """
    key: i64 = v | NO_CAPTURE if opening and v != opening else v | (hmask >> v & 1) << 4
    if v >= 9:
        bit: i64 = 8 << 4 * (v - 9)  # SBIT[v]
        if blocked & bit:  # retention: an owner of the v-house with a single v card may only capture
            return key
        sel = elig & ~(bit - 1)  # the targets V >= v (FROM[v])
        if single & bit and not cv & (cv - 1):
            sel ^= bit
        return key | (sel | (sel & exists) >> 1) << 6
    brk: i64 = breakable << 4 * v & elig & TARGETS if v <= 4 else 0  # V' = house value + v <= 13
    return key | (elig | (elig & exists) >> 1 | brk >> 2) << 6


# outside the cyclic collector (it refers to a floor, ints and moves, never back), and the list
# freed at a move is reused for the next position's
@mypyc_attr(acyclic=True, free_list_len=1)
class MoveList:
    """An immutable sequence of the legal moves, in chunk order then card order then template order.

    Building one counts the templates of each chunk and keeps the position's masks, so
    it allocates one object; a chunk's templates are found again only when a move is
    asked for. ``values`` holds the chunk values, 4 bits each, first chunk lowest (a
    value is never 0); chunk ``j``'s cards are the cards of that value in ``hand`` and
    ``counts >> 4 * j & 15`` its number of templates (``WIDE``: that many or more).
    The last move built by indexing, and the moves built by :meth:`with_action`, are
    kept: the runner checks that the move its strategy picked is legal, which is then an
    identity test.

    It is a ``Sequence`` by registration, not by inheritance: a subclass of the ABC would
    inherit its Python-level ``__len__`` slot, which ``len()`` looks up at every call.
    """

    __slots__ = (
        "_blocked",
        "_breakable",
        "_counts",
        "_elig",
        "_exists",
        "_hand",
        "_hmask",
        "_info",
        "_last",
        "_len",
        "_loose",
        "_made",
        "_opening",
        "_single",
        "_values",
    )

    def __init__(
        self,
        info: FloorOptions,
        hand: i64,
        loose: i64,
        values: i64,
        counts: i64,
        length: i64,
        opening: i64,
        hmask: i64,
        blocked: i64,
        elig: i64,
        single: i64,
        exists: i64,
        breakable: i64,
    ) -> None:
        self._info = info
        self._hand = hand
        self._loose = loose
        self._values = values
        self._counts = counts
        self._len = length
        self._opening = opening
        self._hmask = hmask
        self._blocked = blocked
        self._elig = elig
        self._single = single
        self._exists = exists
        self._breakable = breakable
        self._last: SeepMove | None = None
        self._made: list[SeepMove] = _NONE_MADE

    def key(self, v: i64) -> i64:
        """The chunk key of the held value ``v`` (see :func:`chunk_key`): its cards have the
        templates ``FloorOptions.templates(key)``, floors canonical (:func:`concrete`)."""
        return chunk_key(
            v,
            self._hand >> 4 * v - 4 & 15,
            self._opening,
            self._hmask,
            self._blocked,
            self._elig,
            self._single,
            self._exists,
            self._breakable,
        )

    def _chunks(self) -> list[tuple[int, tuple[Template, ...]]]:
        """(value, templates) of every chunk, in order."""
        values, info = self._values, self._info
        out: list[tuple[int, tuple[Template, ...]]] = []
        while values:
            v = values & 15
            values >>= 4
            out.append((v, info.templates(self.key(v))))
        return out

    def layout(self) -> tuple[i64, i64, i64, FloorOptions]:
        """(hand, loose cards, chunk values 4 bits each first chunk lowest, floor options): with
        :meth:`key` and ``FloorOptions.kinds``/``of_kind``, the moves of a chunk by kind, building
        no move (a fixed-length tuple: no object once compiled)."""
        return self._hand, self._loose, self._values, self._info

    def with_action(self, action: int) -> list[SeepMove]:
        """The moves of one kind (CAPTURE, THROW...), in list order, building no other move.

        Captures and throws are read with ``FloorOptions.of_kind`` (no house template is
        built); a house move or a break is found among the chunk's templates. The moves are the
        shared objects of :func:`move_of`.
        """
        loose, hand, info = self._loose, self._hand, self._info
        out: list[SeepMove] = []
        values = self._values
        while values:
            v = values & 15
            values >>= 4
            key = self.key(v)
            if action in (CAPTURE, THROW):
                temps = info.of_kind(key, action, 0)
            else:
                temps = tuple(t for t in info.templates(key) if t >> ACTION_SHIFT == action)
            if not temps:
                continue
            picked = [_unpack(t, loose)[1:] for t in temps]
            shift = 4 * v - 4
            group = hand >> shift & 15
            while group:
                c = shift + _LOW4[group]
                group &= group - 1
                for value, f in picked:
                    out.append(move_of(action, c, value, f))
        self._made = out
        return out

    def any_but_throws(self) -> bool:
        """Whether some move is not a throw, building none: a chunk's templates end with its throw
        if it has one, so a chunk of one template is a throw or not, one of more is not."""
        values, counts = self._values, self._counts
        while values:
            if counts & 15 != 1 or self._info.nth(self.key(values & 15), 0) >> ACTION_SHIFT != THROW:
                return True
            values >>= 4
            counts >>= 4
        return False

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, i: SupportsIndex) -> SeepMove: ...

    @overload
    def __getitem__(self, i: slice) -> tuple[SeepMove, ...]: ...

    def __getitem__(self, index: SupportsIndex | slice) -> SeepMove | tuple[SeepMove, ...]:
        if isinstance(index, int):
            i: i64 = index
        elif isinstance(index, slice):
            return tuple(self)[index]
        else:
            i = index.__index__()
        if i < 0:
            i += self._len
        if i >= 0:
            hand, values, counts = self._hand, self._values, self._counts
            while values:
                v = values & 15
                values >>= 4
                n = counts & 15
                counts >>= 4
                if n == WIDE:
                    n = self._info.count(self.key(v))
                shift = 4 * v - 4
                group = hand >> shift & 15
                k = n * ((group & 1) + (group >> 1 & 1) + (group >> 2 & 1) + (group >> 3))
                if i < k:
                    while i >= n:  # not the lowest card of the chunk
                        group &= group - 1
                        i -= n
                    t = self._info.nth(self.key(v), i)
                    floor = t & FLOOR_BITS
                    if floor:
                        floor = concrete(floor, self._loose)
                    move = move_of(t >> ACTION_SHIFT, shift + _LOW4[group], t >> VALUE_SHIFT & 15, floor)
                    self._last = move
                    return move
                i -= k
        raise IndexError("move index out of range")

    def __iter__(self) -> Iterator[SeepMove]:
        loose, hand = self._loose, self._hand
        for v, temps in self._chunks():
            shift = 4 * v - 4
            group = hand >> shift & 15
            moves = [_unpack(t, loose) for t in temps]
            while group:
                c = shift + _LOW4[group]
                group &= group - 1
                for a, value, f in moves:
                    yield _new(_Move, (a, c, value, f))

    def __reversed__(self) -> Iterator[SeepMove]:
        return reversed(list(self))

    def __contains__(self, move: object) -> bool:
        if move is self._last:
            return True
        for made in self._made:
            if move is made:
                return True
        if not isinstance(move, tuple) or len(move) != 4:
            return False
        action, card, value, floor = move
        if not (isinstance(card, int) and 0 <= card < 52) or not self._hand >> card & 1:
            return False
        loose = self._loose
        for v, temps in self._chunks():
            if card >> 2 == v - 1:
                return any(_unpack(t, loose) == (action, value, floor) for t in temps)
        return False

    def index(self, move: Any, start: int = 0, stop: int | None = None) -> int:
        """``Sequence.index``: the position of the first move equal to ``move``."""
        return list(self).index(move, start, self._len if stop is None else stop)

    def count(self, move: Any) -> int:
        """``Sequence.count``: how many moves equal ``move`` (0 or 1: moves are distinct)."""
        return list(self).count(move)

    def __repr__(self) -> str:
        return f"MoveList({list(self)!r})"


Sequence.register(MoveList)


def with_action(moves: Sequence[SeepMove] | MoveList, action: int) -> list[SeepMove]:
    """The legal moves of one kind: fast on a :class:`MoveList`, a filter on any other sequence."""
    if isinstance(moves, MoveList):
        return moves.with_action(action)
    return [m for m in moves if m.action == action]
