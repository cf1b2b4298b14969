"""Sum groups solved on value counts, cached (sweep.md §4.3 b).

Whether a set of number cards splits into disjoint groups of two or more cards
summing to v depends only on how many cards of each value it holds. So the
valid unions are solved once per (v, counts of the table values below v) and
kept as a *template*: masks of whole ranks, to AND with the real table, plus
the few unions that take only some cards of a value. A template also knows how
many real card masks it stands for (so a move list has an exact length without
expanding anything) and the set of its count vectors (so a capture's legality
is one lookup).

A table's counts are its *signature*: the number of loose cards of value u in
the 3-bit field at bit 3u-3 (30 bits, so a one-digit Python int, cheap to mask
and hash). Each value v has its own cache keyed by the fields below v; values
that no possible group can use are zeroed in a second key, so tables that
differ only in dead cards share one template and the caches stay small (a few
thousand entries).
"""

from __future__ import annotations

from math import comb
from typing import Final

Partial = tuple[int, tuple[tuple[int, int], ...]]


class Template:
    """The sum-group unions of one value over one table signature (immutable once made).

    A class, not a tuple: compiled (mypyc), a fixed-length tuple would be unboxed and boxed
    again at every call, and cache entries would stop being shared.
    """

    __slots__ = ("ends", "fulls", "masks", "partials", "vectors")

    def __init__(
        self,
        fulls: tuple[int, ...],
        partials: tuple[Partial, ...],
        masks: int,
        ends: tuple[int, ...],
        vectors: frozenset[int],
    ) -> None:
        #: the unions of whole ranks, as masks to AND with the real table
        self.fulls = fulls
        #: the unions taking only some cards of some values: (whole-rank mask, ((shift, how many), ...))
        self.partials = partials
        #: how many real masks the template gives (fulls first, then each partial's expansions)
        self.masks = masks
        #: the running totals of the partials' expansions
        self.ends = ends
        #: the packed count vectors of every union (4 bits per value, value u at bit 4u-4, as in a
        #: card mask's rank nibbles)
        self.vectors = vectors


EMPTY: Final = Template((), (), 0, (), frozenset())
_CACHE_LIMIT: Final = 1 << 15  # per value; a full cache is cleared (keeps workers' memory bounded)
#: per value, the unions its cache may hold in all (a 40-card table's template has 45,000)
_WEIGHT_LIMIT: Final = 1 << 19
_HIGH: Final = 0x8888888888  # bit 3 of each 4-bit field of values 1..10 (counts never exceed 4)
_LOW: Final = 0x1111111111  # bit 0 of each of those fields

#: signature of an 8-bit chunk of a card mask (two ranks): each nibble's popcount in 3 bits
_SIG8: Final = tuple((b & 15).bit_count() | (b >> 4).bit_count() << 3 for b in range(256))
#: the same for a 16-bit chunk (four ranks), made from two 8-bit ones: a third of the time of
#: counting 65,536 chunks, paid by every process that loads the engine
SIG16: Final = tuple([low | high << 6 for high in _SIG8 for low in _SIG8])
#: per v, the signature fields of the values below v (up to 13 so face cards can look it up)
LOW_FIELDS: Final = tuple((1 << (3 * (v - 1))) - 1 if v >= 1 else 0 for v in range(14))
#: per card, its signature field's unit (0 for a face card: faces are not counted)
SIG_UNIT: Final = tuple(1 << (3 * (c // 4)) if c < 40 else 0 for c in range(52))


def signature(table: int) -> int:
    """Loose cards of each value 1..10 of ``table``, 3 bits per value (value u at bit 3u-3)."""
    return SIG16[table & 0xFFFF] | SIG16[(table >> 16) & 0xFFFF] << 12 | SIG16[(table >> 32) & 0xFF] << 24


def _partitions(total: int, largest: int) -> list[list[int]]:
    """Multisets of values <= ``largest`` adding up to ``total`` (non-increasing lists)."""
    if total == 0:
        return [[]]
    return [
        [part, *rest]
        for part in range(min(total, largest), 0, -1)
        for rest in _partitions(total - part, part)
    ]


def _packed(values: list[int]) -> int:
    """Count vector of ``values``, 4 bits per value (value u at bit 4u-4), room for sums."""
    return sum(1 << (4 * u - 4) for u in values)


def _group_types(v: int) -> tuple[tuple[int, int], ...]:
    """(packed count vector, signature fields it uses) of every sum group of v a deck can
    supply: two or more values below v adding up to v, no value more than four times."""
    out = []
    for p in _partitions(v, v - 1) if v >= 2 else ():
        if all(p.count(u) <= 4 for u in p):
            out.append((_packed(p), sum(7 << (3 * u - 3) for u in set(p))))
    return tuple(out)


GROUP_TYPES: Final = tuple(_group_types(v) for v in range(11))

#: per value v, its cache: signature fields below v -> template
CACHES: Final[tuple[dict[int, Template], ...]] = tuple({} for _ in range(11))
_WEIGHTS: Final = {id(cache): 0 for cache in CACHES}


def template(sig: int, v: int) -> Template:
    """The sum-group unions of value ``v`` (2..10) over a table of signature ``sig``.

    The unions come in increasing order of their packed count vectors, fulls
    (whole ranks only) apart from partials; callers keep that order.
    """
    key = sig & LOW_FIELDS[v]
    return CACHES[v].get(key) or solve(key, v)


def solve(key: int, v: int) -> Template:
    """Fill ``CACHES[v]`` for ``key`` (and its dead-values-zeroed form); return the template."""
    have = _HIGH
    for u in range(1, v):
        have += ((key >> (3 * u - 3)) & 7) << (4 * u - 4)
    fitting = []
    live = 0
    for group, fields in GROUP_TYPES[v]:
        if (have - group) & _HIGH == _HIGH:
            fitting.append(group)
            live |= fields
    cache = CACHES[v]
    got = cache.get(key & live)
    if got is None:
        got = _unions(have, v, fitting) if fitting else EMPTY
        _store(cache, key & live, got)
    _store(cache, key, got)
    return got


def _store(cache: dict[int, Template], key: int, got: Template) -> None:
    weight = len(got.vectors) + 1
    if len(cache) >= _CACHE_LIMIT or _WEIGHTS[id(cache)] + weight > _WEIGHT_LIMIT:
        cache.clear()
        _WEIGHTS[id(cache)] = 0
    _WEIGHTS[id(cache)] += weight
    cache[key] = got


def _unions(have: int, v: int, fitting: list[int]) -> Template:
    """Every sum of fitting group types the counts (``have``: 4-bit fields with bit 3 set)
    can supply, as whole-rank masks and partials.

    Breadth first per group type on sets (a 40-card table has some 45,000 sums); a sum's
    fields equal to the table's counts are whole ranks, the others partial."""
    high = _HIGH
    reach = {0}
    for group in fitting:
        frontier = reach
        while frontier:
            frontier = {x for x in {r + group for r in frontier} if (have - x) & high == high} - reach
            reach |= frontier
    reach.discard(0)
    counts = have - high
    fulls: list[int] = []
    partials: list[Partial] = []
    ends: list[int] = []
    expansions = 0
    for vector in sorted(reach):
        x = counts ^ vector
        differ = (x | x >> 1 | x >> 2 | x >> 3) & _LOW
        used = (vector | vector >> 1 | vector >> 2) & _LOW
        whole = (used & ~differ) * 15
        partly = used & differ
        if not partly:
            fulls.append(whole)
            continue
        part = []
        size = 1
        while partly:
            low = partly & -partly
            partly ^= low
            shift = low.bit_length() - 1
            k = vector >> shift & 15
            part.append((shift, k))
            size *= comb(counts >> shift & 15, k)
        partials.append((whole, tuple(part)))
        expansions += size
        ends.append(expansions)
    return Template(tuple(fulls), tuple(partials), len(fulls) + expansions, tuple(ends), frozenset(reach))
