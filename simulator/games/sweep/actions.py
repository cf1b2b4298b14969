"""Sweep action ids (simulator/rl/actions/steps.py): 209 ids, a move is one to a few of them.

| ids | step |
|---|---|
| 0 .. 51 | trail card c (a complete move) |
| 52 .. 103 | capture with card 52 + c, then its table cards |
| 104 .. 155 | build with card 104 + c, then its loose cards |
| 156 .. 207 | take table card 156 + t (increasing card order; a build's cards are taken one by one) |
| 208 | done: the cards taken are the capture's (or the build's) set |

A capture of ``k`` table cards is ``(52 + c, 156 + t1, ..., 156 + tk, 208)`` with t1 < ... < tk.
The mask of each step is decided from the rules (sweep.md §4.3, §9.1), not from the move list,
so it costs the same on a 40-card table with billions of captures: the sum-group part of a
capture is valid iff its counts of each value below the card's split into groups of that value
(the counts ``reach`` lists), the same-rank cards and each build are taken all or none, and a
build's value must be held. ``SweepTurn`` applies this to a prefix of taken cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from simulator.cards import RANK, RANK_MASK, card_str, cards_of
from simulator.games.sweep.moves import BUILD, CAPTURE, TRAIL, SweepMove
from simulator.rl.actions.steps import StepCodec

HEADS: Final = 156
TAKE: Final = HEADS
DONE: Final = TAKE + 52
#: bit 3 of each rank nibble (13 ranks), and the SWAR constants of a per-nibble popcount
_H: Final = int("8" * 13, 16)
_N1: Final = int("5" * 13, 16)
_N2: Final = int("3" * 13, 16)
_N0: Final = int("1" * 13, 16)
#: number cards of values 1..u, by u
_LOW: Final[tuple[int, ...]] = tuple(sum(RANK_MASK[r] for r in range(1, u + 1)) for u in range(11))
_CACHE_LIMIT: Final = 1 << 14
#: moves built without the namedtuple's Python-level ``__new__`` (the same tuples)
_new: Final = tuple.__new__
_Move: Final = SweepMove
_REACH: Final[dict[int, tuple[tuple[int, ...], frozenset[int]]]] = {}
_LIVE: Final[dict[int, tuple[tuple[int, ...], frozenset[int]]]] = {}


def counts(mask: int) -> int:
    """Cards of each rank of ``mask``: the popcount of each 4-bit rank nibble, in place."""
    x = mask - ((mask >> 1) & _N1)
    return (x & _N2) + ((x >> 2) & _N2)


def _partitions(total: int, largest: int) -> list[list[int]]:
    if total == 0:
        return [[]]
    return [[p, *rest] for p in range(min(total, largest), 0, -1) for rest in _partitions(total - p, p)]


#: per value v, the count vectors of one sum group of v (two or more values below v)
GROUPS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(
        sum(1 << (4 * u - 4) for u in p)
        for p in (_partitions(v, v - 1) if v >= 2 else [])
        if all(p.count(u) <= 4 for u in p)
    )
    for v in range(11)
)


def reach(v: int, have: int) -> tuple[tuple[int, ...], frozenset[int]]:
    """The count vectors (nibbles as in :func:`counts`) of every non-empty union of disjoint sum
    groups of ``v`` that cards with counts ``have`` can supply: the valid sum-group parts.

    Cached on ``have``, then on ``have`` without the values no group of ``v`` can use there
    (tables differing only in dead cards share one entry, as the engine's templates do)."""
    key = have << 4 | v
    got = _REACH.get(key)
    if got is None:
        limit = have | _H
        fitting = [g for g in GROUPS[v] if (limit - g) & _H == _H]
        live = 0
        for g in fitting:
            live |= g
        live = (live | live >> 1 | live >> 2) & _N0
        live_key = (have & live * 15) << 4 | v
        got = _LIVE.get(live_key)
        if got is None:
            found = {0}
            for g in fitting:
                frontier = found
                while frontier:
                    frontier = {x + g for x in frontier if (limit - x - g) & _H == _H} - found
                    found |= frontier
            found.discard(0)
            got = (tuple(sorted(found)), frozenset(found))
            _store(_LIVE, live_key, got)
        _store(_REACH, key, got)
    return got


def _store(cache: dict[int, Any], key: int, value: Any) -> None:
    if len(cache) >= _CACHE_LIMIT:
        cache.clear()  # keeps long runs' memory bounded
    cache[key] = value


def can_capture(card: int, table: int, builds: Sequence[tuple[int, int, int]]) -> bool:
    """Whether ``card`` has a capture (sweep.md §4.3): a same-rank loose card, a build of its
    value or a sum group of lower loose cards."""
    v = RANK[card]
    if table & RANK_MASK[v]:
        return True
    if not 2 <= v <= 10:
        return False
    loose = table & _LOW[v - 1]
    if loose and reach(v, counts(loose))[0]:
        return True
    return any(value == v for value, _, _ in builds)


def head_of(move: Any) -> int:
    return move.action * 52 + move.card


def set_of(move: Any) -> int:
    return -1 if move.action == TRAIL else move.mask


def head_text(action: int) -> str:
    kind, card = divmod(action, 52)
    return f"{('trail', 'capture with', 'build with')[kind]} {card_str(card)}"


class _Capture:
    """What a capture with one card may take: all-or-none groups (its same-rank loose cards,
    builds of its value), and loose cards ``loose`` of lower values whose counts must be in
    ``vectors``."""

    __slots__ = ("groups", "loose", "valid", "vectors")

    def __init__(self, card: int, table: int, builds: Sequence[tuple[int, int, int]]) -> None:
        v = RANK[card]
        same = table & RANK_MASK[v]
        self.groups = [same] if same else []
        if 2 <= v <= 10:
            self.groups += [cards for value, cards, _ in builds if value == v]
            self.loose = table & _LOW[v - 1]
            self.vectors, self.valid = reach(v, counts(self.loose)) if self.loose else ((), frozenset())
        else:
            self.loose, self.vectors, self.valid = 0, (), frozenset()

    def options(self, sel: int, upto: int) -> list[int]:
        """TAKE/DONE ids legal after taking ``sel`` (cards up to the mask ``upto`` decided)."""
        above = ~upto
        loose = self.loose
        lo = counts(sel & loose)
        hi = lo + counts(loose & above)
        exact = lo == 0 or lo in self.valid
        least: dict[int, int] = {}  # lowest value (nibble) a union still needs -> fewest cards
        for w in self.vectors:
            if ((w | _H) - lo) & _H == _H and ((hi | _H) - w) & _H == _H:
                d = w - lo
                if d:
                    n = (d & -d).bit_length() - 1 >> 2
                    k = d >> 4 * n & 15
                    if least.get(n, 5) > k:
                        least[n] = k
        pending = 0
        starts = []
        for g in self.groups:
            if g & sel:
                pending |= g & above
            elif not g & upto:
                starts.append(g & -g)
        need = (pending & -pending) or 1 << 60  # an included build's next card comes first
        top = -1
        for n in least:
            if n > top:
                top = n
        out = []
        rest = loose & above
        while rest:
            bit = rest & -rest
            rest ^= bit
            if bit > need:
                break
            n = bit.bit_length() - 1 >> 2
            k = least.get(n, 9)
            if (rest & RANK_MASK[n + 1]).bit_count() >= k - 1:
                out.append(TAKE + bit.bit_length() - 1)
        for bit in (need, *starts) if pending else starts:
            if bit > need:
                continue
            n = bit.bit_length() - 1 >> 2
            if (
                exact
                or top > n
                or least.get(n, 9) <= (loose & above & RANK_MASK[n + 1] & ~(bit - 1)).bit_count()
            ):
                out.append(TAKE + bit.bit_length() - 1)
        out.sort()
        if not pending and sel and exact:
            out.append(DONE)
        return out


class _Build:
    """What a build with one card may add: loose number cards whose sum with the card is a
    value the rest of the hand holds (sweep.md §9.1)."""

    __slots__ = ("after", "base", "cards", "held")

    def __init__(self, card: int, table: int, hand: int) -> None:
        v = RANK[card]
        self.base = v
        rest = hand & ~(1 << card)
        self.held = sum(1 << b for b in range(2, 11) if rest & RANK_MASK[b]) if v <= 9 else 0
        self.cards = list(cards_of(table & _LOW[10 - v])) if self.held else []
        after = {}
        sums = 1  # bit s: a subset of the later cards adds up to s
        for c in reversed(self.cards):
            after[c] = sums
            sums = (sums | sums << RANK[c]) & 0x7FF
        self.after = after

    def options(self, sel: int, upto: int) -> list[int]:
        total = self.base + sum(RANK[c] for c in cards_of(sel))
        held = self.held
        out = [
            TAKE + c
            for c in self.cards
            if not (1 << c) & upto and (self.after[c] << (total + RANK[c])) & held
        ]
        if sel and held >> total & 1:
            out.append(DONE)
        return out


class SweepTurn:
    """A Sweep decision decided from the rules on the position (hand, table, builds)."""

    __slots__ = (
        "_builds",
        "_hand",
        "_opts",
        "_part",
        "_rules_builds",
        "_table",
        "_upto",
        "head",
        "move",
        "selected",
    )

    def __init__(
        self, hand: int, table: int, builds: Sequence[tuple[int, int, int]], rules_builds: bool
    ) -> None:
        self._hand = hand
        self._table = table
        self._builds = builds
        self._rules_builds = rules_builds
        self._part: _Capture | _Build | None = None
        self._opts: list[int] | None = None
        self._upto = 0
        self.head = -1
        self.selected = 0
        self.move: Any = None

    def options(self) -> list[int]:
        if self._opts is None:
            if self.head >= 0:
                assert self._part is not None
                self._opts = self._part.options(self.selected, self._upto)
            else:
                cards: list[int] = []
                rest = self._hand
                while rest:
                    low = rest & -rest
                    cards.append(low.bit_length() - 1)
                    rest ^= low
                table, builds = self._table, self._builds
                opts = cards + [CAPTURE * 52 + c for c in cards if can_capture(c, table, builds)]
                if self._rules_builds:
                    hand = self._hand
                    opts += [BUILD * 52 + c for c in cards if _Build(c, table, hand).options(0, 0)]
                self._opts = opts
        return self._opts

    def step(self, action: int) -> None:
        if self.move is not None or action not in self.options():
            raise ValueError(f"action {action} is not legal here ({ACTIONS.describe(action)})")
        self._opts = None
        if self.head < 0:
            kind, card = action // 52, action % 52
            if kind == TRAIL:
                self.move = _new(_Move, (TRAIL, card, 0, 0))
                return
            self.head = action
            table = self._table
            self._part = (
                _Capture(card, table, self._builds) if kind == CAPTURE else _Build(card, table, self._hand)
            )
        elif action == DONE:
            kind, card = self.head // 52, self.head % 52
            if kind == CAPTURE:
                self.move = _new(_Move, (CAPTURE, card, 0, self.selected))
            else:
                total = RANK[card] + sum(RANK[c] for c in cards_of(self.selected))
                self.move = _new(_Move, (BUILD, card, total, self.selected))
        else:
            bit = 1 << (action - TAKE)
            self.selected |= bit
            self._upto = (bit << 1) - 1


class SweepActions(StepCodec):
    """Sweep's codec: the generic step ids, with turns decided from the rules (:class:`SweepTurn`)."""

    needs_moves = False  # a turn reads the view only

    def turn(self, view: Any, moves: Sequence[Any]) -> Any:
        return SweepTurn(view.hand, view.table, view.builds, view.rules.builds)


ACTIONS = SweepActions(HEADS, head_of, set_of, head_text)
