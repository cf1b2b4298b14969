"""Sweep's step masks, decided from the rules on the position (sweep.md §4.3, §9.1), compiled by
mypyc: never from the engine's move list, so a step costs the same on a 40-card table with
billions of captures.

The sum-group part of a capture is valid iff its counts of each value below the card's split
into groups of that value (the counts :func:`reach` lists), the same-rank cards and each build
are taken all or none, and a build's value must be held. :class:`SweepTurn` applies this to a
prefix of taken cards; the step ids are those of its base (``take``, ``done``: actions.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from simulator.cards import RANK, RANK_MASK, cards_of, value_counts
from simulator.games.sweep.moves import BUILD, CAPTURE, TRAIL, SweepMove
from simulator.games.sweep.state import SweepState
from simulator.rl.masks import Turn

#: bit 3, and bit 0, of each rank nibble (13 ranks)
_H: Final = int("8" * 13, 16)
_N0: Final = int("1" * 13, 16)
#: number cards of values 1..u, by u
_LOW: Final[tuple[int, ...]] = tuple(sum(RANK_MASK[r] for r in range(1, u + 1)) for u in range(11))
_CACHE_LIMIT: Final = 1 << 14
#: moves built without the namedtuple's Python-level ``__new__`` (the same tuples)
_new: Final = tuple.__new__
_Move: Final = SweepMove
_REACH: Final[dict[int, tuple[tuple[int, ...], frozenset[int]]]] = {}
_LIVE: Final[dict[int, tuple[tuple[int, ...], frozenset[int]]]] = {}


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
    """The count vectors (nibbles as in ``value_counts``) of every non-empty union of disjoint sum
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
    if loose and reach(v, value_counts(loose))[0]:
        return True
    return any(value == v for value, _, _ in builds)


class _Capture:
    """What a capture with one card may take: all-or-none groups (its same-rank loose cards,
    builds of its value), and loose cards ``loose`` of lower values whose counts must be in
    ``vectors``."""

    __slots__ = ("groups", "loose", "take", "valid", "vectors")

    def __init__(self, card: int, table: int, builds: Sequence[tuple[int, int, int]], take: int) -> None:
        self.take = take
        v = RANK[card]
        same = table & RANK_MASK[v]
        self.groups = [same] if same else []
        if 2 <= v <= 10:
            self.groups += [cards for value, cards, _ in builds if value == v]
            self.loose = table & _LOW[v - 1]
            self.vectors, self.valid = reach(v, value_counts(self.loose)) if self.loose else ((), frozenset())
        else:
            self.loose, self.vectors, self.valid = 0, (), frozenset()

    def options(self, sel: int, upto: int) -> list[int]:
        """TAKE/DONE ids legal after taking ``sel`` (cards up to the mask ``upto`` decided)."""
        above = ~upto
        take = self.take
        loose = self.loose
        lo: int = value_counts(sel & loose)  # ints: compared with the tagged vectors
        hi: int = lo + value_counts(loose & above)
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
                out.append(take + bit.bit_length() - 1)
        for bit in (need, *starts) if pending else starts:
            if bit > need:
                continue
            n = bit.bit_length() - 1 >> 2
            if (
                exact
                or top > n
                or least.get(n, 9) <= (loose & above & RANK_MASK[n + 1] & ~(bit - 1)).bit_count()
            ):
                out.append(take + bit.bit_length() - 1)
        out.sort()
        if not pending and sel and exact:
            out.append(take + 52)
        return out


class _Build:
    """What a build with one card may add: loose number cards whose sum with the card is a
    value the rest of the hand holds (sweep.md §9.1)."""

    __slots__ = ("after", "base", "cards", "held", "take")

    def __init__(self, card: int, table: int, hand: int, take: int) -> None:
        self.take = take
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
        take = self.take
        out = [
            take + c
            for c in self.cards
            if not (1 << c) & upto and (self.after[c] << (total + RANK[c])) & held
        ]
        if sel and held >> total & 1:
            out.append(take + 52)
        return out


class SweepTurn(Turn):
    """Sweep: head ``kind * 52 + card``, set the captured or built cards, every mask decided from
    the rules on the position (hand, table, builds): the environments' turn, and the codec's
    (actions.py: ``turn``, ``decode``, the policy plug-in). An illegal step raises ``ValueError``
    (the environments' core reads it as a refusal)."""

    def __init__(self, size: int, take: int) -> None:
        super().__init__(size, take)
        self.hand = 0
        self.table = 0
        self.builds: Sequence[tuple[int, int, int]] = ()
        self.rules_builds = False
        self.part: _Capture | _Build | None = None
        self.opts: list[int] = []  # the ids legal now

    def begin(self, deal: Any) -> None:
        state: SweepState = deal
        self.start(state.hands[state.current_player()], state.table, state.builds, state.rules.builds)

    def start(
        self, hand: int, table: int, builds: Sequence[tuple[int, int, int]], rules_builds: bool
    ) -> None:
        """A new move of ``hand`` on the table (loose cards ``table``, ``builds``): its first mask."""
        self._clear()
        self.hand, self.table, self.builds, self.rules_builds = hand, table, builds, rules_builds
        self.part = None
        cards: list[int] = []
        rest = hand
        while rest:
            low = rest & -rest
            cards.append(low.bit_length() - 1)
            rest ^= low
        opts = cards + [CAPTURE * 52 + c for c in cards if can_capture(c, table, builds)]
        if rules_builds:
            take = self.take
            opts += [BUILD * 52 + c for c in cards if _Build(c, table, hand, take).options(0, 0)]
        self._decided(opts)

    def _decided(self, opts: list[int]) -> None:
        """``opts`` are the ids legal now: their mask."""
        self.opts = opts
        flags = self.zero[:]
        for i in opts:
            flags[i] = 1
        self.flags, self.count, self.handed = flags, len(opts), False
        self.only = opts[0] if len(opts) == 1 else -1

    def _complete(self, move: SweepMove) -> None:
        """The move is decided: no mask to make (the next turn makes its own)."""
        self.move = move
        self.opts = []
        self.count, self.only = 0, -1

    def options(self) -> list[int]:
        return self.opts[:]

    def _remake(self) -> None:
        self._decided(self.opts)

    def step(self, action: int) -> bool:
        if self.move is not None or action not in self.opts:
            raise ValueError(f"action {action} is not legal here (legal now: {self.opts})")
        if self.head < 0:
            kind, card = action // 52, action % 52
            if kind == TRAIL:
                self._complete(_new(_Move, (TRAIL, card, 0, 0)))
                return True
            self.head = action
            table = self.table
            self.part = (
                _Capture(card, table, self.builds, self.take)
                if kind == CAPTURE
                else _Build(card, table, self.hand, self.take)
            )
        elif action == self.done:
            kind, card = self.head // 52, self.head % 52
            if kind == CAPTURE:
                self._complete(_new(_Move, (CAPTURE, card, 0, self.selected)))
            else:
                total = RANK[card] + sum(RANK[c] for c in cards_of(self.selected))
                self._complete(_new(_Move, (BUILD, card, total, self.selected)))
            return True
        else:
            bit = 1 << (action - self.take)
            self.selected |= bit
            self.upto = (bit << 1) - 1
        part = self.part
        assert part is not None
        self._decided(part.options(self.selected, self.upto))
        return True

    def apply(self, deal: Any, move: object) -> None:
        state: SweepState = deal
        m: SweepMove = move  # type: ignore[assignment]
        state.apply(m)

    def current(self, deal: Any) -> int:
        state: SweepState = deal
        return state.current_player()

    def head_of(self, move: Any) -> int:
        m: SweepMove = move
        return m[0] * 52 + m[1]

    def set_of(self, move: Any) -> int:
        m: SweepMove = move
        return -1 if m[0] == TRAIL else m[3]


#: the turn the environments make (simulator/rl/core.py's ``make_turn``)
TURN: Final = SweepTurn
