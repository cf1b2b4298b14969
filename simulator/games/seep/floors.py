"""The moves each card value allows on a loose floor, cached on the loose *values* (§5.2, §5.3).

Why: legality never looks at suits, and random play meets the same few
thousand loose-value multisets over and over while the exact cards differ.
So the costly part of move generation (subset sums, maximal capture families,
house floor sets) is solved once per multiset and card value, lazily, on a
*canonical* floor: the ``n`` loose cards of a value become the lowest ``n``
bits of its 4-bit rank group. ``movelist.concrete`` maps a canonical floor back
to the actual cards; the state adds what depends on houses and hands.
Canonical and actual cards are in the same order, so moves come out in the
order a card-level generator gives them.
"""

from __future__ import annotations

from typing import Any, Final, TypeVar

from mypy_extensions import mypyc_attr

from simulator.cards import RANK_MASK
from simulator.games.seep.bits import (
    ACTION_SHIFT,
    BREAK_KINDS,
    CAPTURE_KIND,
    HOUSE_KINDS,
    HOUSE_TO_CAPTURE,
    NO_CAPTURE,
    TARGETS,
    THROW_KIND,
    VALUE_SHIFT,
    Template,
)
from simulator.games.seep.combos import VALUE, family_unions, maximal_unions
from simulator.games.seep.moves import BREAK, CAPTURE, HOUSE, THROW
from simulator.games.seep.swar import canonical

try:  # a machine int once compiled (masks stay below 2 ** 62); a plain int otherwise
    from mypy_extensions import i64
except ImportError:  # mypy_extensions comes with mypy, which only the build needs
    i64 = int  # type: ignore[misc]

#: the templates of a lone house capture, of a throw (§5.2, §5.5)
_HOUSE_CAPTURE: Final[tuple[Template, ...]] = (CAPTURE << ACTION_SHIFT,)
_THROW: Final[Template] = THROW << ACTION_SHIFT
_THROWS: Final[tuple[Template, ...]] = (_THROW,)


#: the HOUSE templates of a card value and one target V: (when no V-house exists, when it does).
#: A tuple of tuples of ints, not a class instance: the collector stops tracking such tuples, and
#: random play keeps tens of thousands of them in the caches. Variable-length in type, so that a
#: compiled read keeps the tuple object (a fixed-length tuple type would be unboxed and boxed again).
HouseOption = tuple[tuple[Template, ...], ...]
#: no HOUSE move of a card value to a target (no set S1 of the card, §5.3)
_NO_OPTION: Final[HouseOption] = ((), ())
#: sums t that still leave room for a card of value v (t + v <= 13), by v
_ROOM: Final[tuple[int, ...]] = tuple((1 << max(14 - v, 0)) - 1 for v in range(14))


#: where the memo slots of the optional-family unions and of the house options start
XUNIONS: Final = 14
HOUSES: Final = 28


# outside the cyclic collector (it refers to ints and tuples of ints only): random play keeps
# thousands of floors, which full collections walked
@mypyc_attr(acyclic=True)
class FloorOptions:
    """Captures and HOUSE floors of each card value on one loose-value multiset (§5.2, §5.3, §12.2).

    ``memo`` slots are filled on first use by :meth:`captures`, :meth:`house` and
    :meth:`_unions`. :meth:`count`, :meth:`nth` and
    :meth:`templates` read the templates of a chunk key (``movelist.chunk_key``)
    without building them: captures first (``with_action`` relies on it), then
    house moves by rising V, then breaks, then the throw when the card captures
    nothing (§5.2-§5.5).
    """

    __slots__ = (
        "_canon",
        "_counts",
        "_key",
        "_sums",
        "_table",
        "_xsums",
        "cementing",
        "memo",
    )

    def __init__(self, counts: i64, cementing: bool) -> None:
        """Only what every floor needs: the subset table is built on first need (:meth:`sets`),
        and random play meets many floors whose options all come from the shared parts."""
        self._counts = counts
        self._key = counts << 1 | (1 if cementing else 0)
        self._canon = canonical(counts)
        # the subset sums up to 13 (bit t), value by value; bit V of xsums: the values below V
        # have a subset summing to V (an optional set X of §5.3 may exist)
        sums: i64 = 1
        xsums: i64 = 0
        c = counts
        x: i64 = 1
        while c:
            if sums >> x & 1:
                xsums |= 1 << x
            k = c & 15
            while k:
                sums |= sums << x & 0x3FFF
                k -= 1
            c >>= 4
            x += 1
        while x <= 13:
            if sums >> x & 1:
                xsums |= 1 << x
            x += 1
        self._sums = sums
        self._xsums = xsums
        self._table: tuple[tuple[int, ...], ...] | None = None
        self.cementing = cementing
        #: one list, not three (random play keeps thousands of floors: fewer objects for the
        #: collector): the captures of a v card at v, the unions of ``_unions`` of V at XUNIONS + V
        #: (() once known to be empty), the house option of a v card and target V at
        #: HOUSES + 5 * v + V - 9; None until filled
        self.memo: list[Any] = [None] * (HOUSES + 70)

    def rank(self, x: i64) -> i64:
        """The canonical mask of the loose cards of value ``x``."""
        shift = 4 * x - 4  # (a compiled literal 15 << shift would be a 32-bit C shift)
        return (self._canon >> shift & 15) << shift

    def sets(self, t: int) -> tuple[int, ...]:
        """Every non-empty canonical mask whose values sum to ``t`` (1..13), in rising order."""
        table = self._table
        if table is None:
            table = self._table = _subset_table(self._canon)
        return table[t]

    def _captures_of(self, key: i64) -> tuple[Template, ...] | None:
        """The captures of a chunk key: () when none is allowed, None when the card may be thrown."""
        if key & NO_CAPTURE:
            return ()
        v = key & 15
        temps: tuple[Template, ...] | None = self.memo[v]
        if temps is None:
            temps = self.captures(v)
        if temps:
            return temps
        return _HOUSE_CAPTURE if key & HOUSE_TO_CAPTURE else None

    def _option(self, v: i64, V: i64) -> HouseOption:
        """The HOUSE option of a v card and target V (``_NO_OPTION`` when there is none), filled once."""
        slot = HOUSES + 5 * v + V - 9
        option: HouseOption | None = self.memo[slot]
        if option is None:
            option = self.memo[slot] = self.house(v, V)
        return option

    def count(self, key: i64) -> i64:
        """The number of templates of a chunk key."""
        n: i64 = 0
        v = key & 15
        if not key & NO_CAPTURE:
            caps: tuple[Template, ...] | None = self.memo[v]
            if caps is None:
                caps = self.captures(v)
            n = len(caps) or 1  # nothing to capture: a house capture or else a throw
        flags = key >> 6
        if flags:
            # one 4-bit group a target V = 9..13: a house target (bit 3), existing (bit 2), a break (bit 1)
            brk = flags & 0x22222
            while brk:  # one break a target
                brk &= brk - 1
                n += 1
            flags >>= 2
            memo = self.memo
            slot = HOUSES + 5 * v
            while flags:
                if flags & 2:
                    option: HouseOption | None = memo[slot]
                    if option is None:
                        option = self._option(v, slot - HOUSES - 5 * v + 9)
                    n += len(option[flags & 1])
                flags >>= 4
                slot += 1
        return n

    def nth(self, key: i64, j: i64) -> i64:
        """Template ``j`` of a chunk key (``j`` below its :meth:`count`)."""
        caps = self._captures_of(key)
        if caps:
            if j < len(caps):
                return caps[j]
            j -= len(caps)
        flags = key >> 6
        sel, existing, brk = flags & TARGETS, flags << 1 & TARGETS, flags << 2 & TARGETS
        v = key & 15
        V: i64 = 9
        f = sel >> 3
        while f:
            if f & 1:
                option = self._option(v, V)
                temps = option[existing >> 4 * V - 33 & 1]
                if j < len(temps):
                    return temps[j]
                j -= len(temps)
            f >>= 4
            V += 1
        V = 9
        f = brk >> 3
        while f:
            if f & 1:
                if not j:
                    return BREAK << ACTION_SHIFT | V << VALUE_SHIFT | self.rank(V)
                j -= 1
            f >>= 4
            V += 1
        return _THROW

    def kinds(self, key: i64) -> i64:
        """Which moves the templates of a chunk key are, building none (as :meth:`templates` has
        them): ``CAPTURE_KIND``, ``THROW_KIND``, a HOUSE of value V at ``HOUSE_KINDS << V - 9``,
        a BREAK to V at ``BREAK_KINDS << V - 10`` (simulator/games/seep/bits.py)."""
        caps = self._captures_of(key)
        out: i64 = 0
        if caps is None:
            out = THROW_KIND
        elif caps:
            out = CAPTURE_KIND
        flags = key >> 6
        v = key & 15
        f = (flags & TARGETS) >> 3  # the house targets V = 9.., one a 4-bit group
        if f:
            existing = flags >> 2  # bit 0 of each group: a V-house exists
            bit: i64 = HOUSE_KINDS
            memo = self.memo
            V: i64 = 9
            while f:
                if f & 1:
                    option: HouseOption | None = memo[HOUSES + 5 * v + V - 9]
                    if option is None:
                        option = self._option(v, V)
                    if option[existing & 1]:
                        out |= bit
                f >>= 4
                existing >>= 4
                bit <<= 1
                V += 1
        brk = (flags << 2 & TARGETS) >> 7  # the break targets V = 10.. (a break adds v >= 1)
        bit = BREAK_KINDS
        while brk:
            if brk & 1:
                out |= bit
            brk >>= 4
            bit <<= 1
        return out

    def of_kind(self, key: i64, action: i64, value: i64) -> tuple[Template, ...]:
        """The templates of a chunk key of one action (of value ``value`` for a HOUSE or a BREAK),
        in :meth:`templates` order, reading no other: the moves of one kind and value of a chunk."""
        if action == THROW:
            return _THROWS if self._captures_of(key) is None else ()
        if action == CAPTURE:
            caps = self._captures_of(key)
            return caps if caps is not None else ()
        if not 9 <= value <= 13:
            return ()
        flags = key >> 6 >> 4 * value - 36  # the 4-bit group of target V = value
        if action == HOUSE:
            return self._option(key & 15, value)[flags >> 2 & 1] if flags & 8 else ()
        if action == BREAK and flags & 2:
            return (BREAK << ACTION_SHIFT | value << VALUE_SHIFT | self.rank(value),)
        return ()

    def templates(self, key: i64) -> tuple[Template, ...]:
        """Every template of a chunk key, in order (as :meth:`nth` gives them one by one)."""
        caps = self._captures_of(key)
        out = list(caps) if caps else []
        flags = key >> 6
        sel, existing, brk = flags & TARGETS, flags << 1 & TARGETS, flags << 2 & TARGETS
        v = key & 15
        while sel:
            bit = sel & -sel
            sel ^= bit
            option = self._option(v, (int(bit).bit_length() >> 2) + 8)
            out += option[1 if existing & bit else 0]
        while brk:
            bit = brk & -brk
            brk ^= bit
            V = (int(bit).bit_length() >> 2) + 8
            out.append(BREAK << ACTION_SHIFT | V << VALUE_SHIFT | self.rank(V))
        if caps is None:
            out.append(_THROW)
        return tuple(out)

    def _unions(self, V: int) -> tuple[int, ...]:
        """Unions of the optional families X of §5.3 (sets summing to V without a loose V card).

        Empty when there is no such set. The unions avoiding an S1 are exactly
        those of the sets avoiding it, so one list serves every S1.
        """
        unions: tuple[int, ...] | None = self.memo[XUNIONS + V]
        if unions is None:
            a = self.rank(V)
            xsets = [s for s in self.sets(V) if not s & a]
            unions = tuple(family_unions(xsets)) if xsets else ()
            self.memo[XUNIONS + V] = unions
        return unions

    def captures(self, v: int) -> tuple[Template, ...]:
        """Captures of a card of value ``v``, houses apart (§5.2): all loose v cards plus a maximal family.

        They only involve loose values up to v, whose canonical masks do not
        depend on the other values, so they are shared through ``_CAPTURE_PARTS``.
        """
        key = (self._counts & _UPTO[v]) << 5 | v
        temps = _CAPTURE_PARTS.get(key)
        if temps is None:
            sets, ml = self.sets(v), self.rank(v)
            caps: list[int] | tuple[int, ...]
            if not sets:
                caps = ()
            elif ml:
                caps = [ml | u for u in maximal_unions([s for s in sets if not s & ml])]
            else:
                caps = maximal_unions(sets) if len(sets) > 1 else sets
            temps = _store(_CAPTURE_PARTS, key, tuple([CAPTURE << ACTION_SHIFT | f for f in caps]))
        self.memo[v] = temps
        return temps

    def house(self, v: int, V: int) -> HouseOption:
        """The HOUSE option of a card of value ``v`` and target ``V`` (the caller checks owners, holding).

        It only involves loose values up to V, so it is shared through
        ``_HOUSE_PARTS``, keyed on the counts it depends on: without optional sets X
        (no cementing, or no set summing to V but single V cards) it only involves
        the values up to V - v (S1) and the loose V cards.
        """
        counts = self._counts
        if v < V and not self._sums >> (V - v) & 1:
            return _NO_OPTION  # no set S1
        if not self.cementing:
            if v == V:
                return _NO_OPTION
            part = (counts & _UPTO[V - v]) << 2
        elif self._xsums >> V & 1:  # some set X
            part = (counts & _UPTO[V]) << 2 | 1
        else:
            part = (counts & (_UPTO[V - v] | RANK_MASK[V])) << 2 | 2
        # below 2 ** 62, a machine int once compiled: 52 bits of counts, the case (no cementing,
        # sets X, none), v and V - 9
        key = part << 7 | v << 3 | V - 9
        option = _HOUSE_PARTS.get(key)
        if option is None:
            option = _store(_HOUSE_PARTS, key, self._house_option(v, V))
        return option

    def _house_option(self, v: int, V: int) -> HouseOption:
        """The HOUSE templates of a v card and target V (S1, absorbed A, optional families X)."""
        a = self.rank(V)
        head = HOUSE << ACTION_SHIFT | V << VALUE_SHIFT
        if v == V:  # the card is a set by itself: alone it only adds to an existing house
            alone = self._unions(V) or (0,)
            new = tuple([head | a | u for u in alone if u or a])
            return (new, tuple([head | a | u for u in alone]))
        s1s = self.sets(V - v)
        if not self.cementing:  # one set S1 and no loose V card (the caller checks)
            return (tuple([head | s1 for s1 in s1s]), ())
        unions = self._unions(V)
        floors: list[int]
        if unions:
            # distinct, in first-seen order (a dict comprehension: compiled, no bound method call)
            floors = list({s1 | a | u: None for s1 in s1s for u in unions if not u & s1})
        else:
            floors = [s1 | a for s1 in s1s]
        temps = tuple([head | f for f in floors])
        return (temps, temps)


def _subset_table(canon: i64) -> tuple[tuple[int, ...], ...]:
    """The canonical masks of the floor ``canon`` by value sum 0..13 (the empty set left out).

    Subset sums card by card: a new card extends the sets found before it, so each
    list holds its sets in the order of a binary enumeration of the cards, which is
    rising mask order. Tuples, because the collector stops tracking tuples of ints.
    """
    table: list[list[int]] = [[0], [], [], [], [], [], [], [], [], [], [], [], [], []]
    sums: i64 = 1  # bit t: table[t] is not empty
    m = canon
    while m:
        low = m & -m
        m ^= low
        v: i64 = VALUE[int(low).bit_length() - 1]
        room = sums & _ROOM[v]
        sums |= room << v
        while room:  # highest t first, so table[t] is read before this card reaches it
            t = int(room).bit_length() - 1
            room ^= 1 << t
            table[t + v] += [s | low for s in table[t]]
    table[0] = []
    return tuple([tuple(t) for t in table])


#: floor option parts shared between floors with the same low values; cleared when full
_CAPTURE_PARTS: Final[dict[int, tuple[Template, ...]]] = {}
_HOUSE_PARTS: Final[dict[int, HouseOption]] = {}
#: canonical masks of the values 1..v, by v
_UPTO: Final[tuple[int, ...]] = tuple(sum(0xF << 4 * (x - 1) for x in range(1, v + 1)) for v in range(14))
_T = TypeVar("_T")


def _store(cache: dict[int, _T], key: int, part: _T) -> _T:
    """Put ``part`` in ``cache``; when full, its older half goes first (memory stays bounded, and
    the parts met lately stay: emptying it all made a long run solve its floors anew)."""
    if len(cache) >= _CACHE_LIMIT:
        for old in list(cache)[: _CACHE_LIMIT // 2]:
            del cache[old]
    cache[key] = part
    return part


#: solved floors keyed by ``value_counts(loose) << 1 | cementing``; cleared when full (bounded memory)
FLOOR_CACHE: Final[dict[int, FloorOptions]] = {}
_CACHE_LIMIT: Final = 1 << 16


def floor_options(key: int) -> FloorOptions:
    """New :class:`FloorOptions` cached under ``key`` = ``value_counts(loose) << 1 | cementing``."""
    if len(FLOOR_CACHE) >= _CACHE_LIMIT:
        FLOOR_CACHE.clear()
    info = FloorOptions(key >> 1, bool(key & 1))
    FLOOR_CACHE[key] = info
    return info


#: a direct-mapped front of FLOOR_CACHE by the key modulo a prime, checked against the floor's
#: own key: a position finds its floor without boxing the key or probing the dict. (The key's
#: nibbles are small counts: folding them by xor left 48 distinct slots of 4,096; the remainder
#: spreads the 8,000 floors of a long random run over 7,700 of these slots.)
_FRONT_SIZE: Final = 32749
_FRONT: Final[list[FloorOptions | None]] = [None] * _FRONT_SIZE


def floor_of(key: i64) -> FloorOptions:
    """The :class:`FloorOptions` of ``key`` = ``value_counts(loose) << 1 | cementing``."""
    slot = key % _FRONT_SIZE
    info = _FRONT[slot]
    if info is not None and info._key == key:
        return info
    info = FLOOR_CACHE.get(key) or floor_options(key)
    _FRONT[slot] = info
    return info
