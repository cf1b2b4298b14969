"""Sweep moves and the fast, cached move generator (sweep.md §4, §8, §9).

A move is a small NamedTuple of ints. Which sets of number cards form disjoint
sum groups depends only on their values, so the groups are solved once per
(multiset of table values below v, v) and cached as masks of whole ranks; a
move list is then a few ANDs with the real table.
"""

from __future__ import annotations

from typing import NamedTuple

from simulator.cards import FACE_MASK, RANK, RANK_MASK, cards_of

TRAIL = "trail"
CAPTURE = "capture"
BUILD = "build"


class Move(NamedTuple):
    """One play. ``mask`` is the captured table cards (CAPTURE, build cards
    included) or the loose cards put into the new build (BUILD; 0 for TRAIL);
    ``value`` is the declared value of a new build (else 0)."""

    card: int
    action: str
    mask: int = 0
    value: int = 0


#: mask of ranks 1..v (number cards of value <= v), index v in 0..10
LOW_VALUES = tuple(sum(RANK_MASK[r] for r in range(1, v + 1)) for v in range(11))

_CACHE_LIMIT = 1 << 18  # entries per cache; a full cache is cleared (keeps workers' memory bounded)
_template_cache: dict[int, tuple[tuple[int, ...], tuple[tuple[int, tuple[tuple[int, int], ...]], ...]]] = {}
_build_cache: dict[int, tuple[tuple[int, int], ...]] = {}

#: signature of a table: 3-bit count of loose cards per value 1..10 (value u at bits 3u-3..3u-1),
#: read 16 bits (four values) at a time
_SIG16 = tuple(
    (b & 15).bit_count()
    | ((b >> 4) & 15).bit_count() << 3
    | ((b >> 8) & 15).bit_count() << 6
    | (b >> 12).bit_count() << 9
    for b in range(1 << 16)
)
#: signature bits of the values below v
_LOW_SIG = tuple((1 << (3 * (v - 1))) - 1 if v >= 1 else 0 for v in range(14))
#: the 52-card moves that never change: a trail of each card
TRAILS = tuple(Move(c, TRAIL) for c in range(52))


def table_signature(table: int) -> int:
    """How many loose cards of each value 1..10 lie on the table, packed 3 bits per value."""
    return _SIG16[table & 0xFFFF] | _SIG16[(table >> 16) & 0xFFFF] << 12 | _SIG16[(table >> 32) & 0xFF] << 24


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
    """Count vector of ``values`` packed 4 bits per value (value u at bits 4u-4..4u-1)."""
    return sum(1 << (4 * u - 4) for u in values)


#: per value v, every sum group type: a multiset of two or more values < v adding up to v, packed
GROUP_TYPES = tuple(tuple(_packed(p) for p in _partitions(v, v - 1)) if v >= 2 else () for v in range(11))
_HIGH = 0x8888888888  # the high bit of every 4-bit field


def _template(key: int) -> tuple[tuple[int, ...], tuple[tuple[int, tuple[tuple[int, int], ...]], ...]]:
    """Sum-group unions for value ``key >> 30`` over the table signature in the low 30 bits.

    Whether a set of number cards splits into disjoint groups of two or more
    cards summing to v depends only on how many cards of each value it has, so
    the valid count vectors are found once per multiset of table values: every
    sum of group types (partitions of v) that the table can supply. Each one
    becomes "all cards of these values" (a mask of whole ranks, ANDed with the
    real table) or, when it takes only some cards of a value, a (whole-ranks
    mask, ((shift, how many), ...)) pair expanded over the real suits.
    """
    v = key >> 30
    counts = [0] + [(key >> (3 * u - 3)) & 7 for u in range(1, v)]
    have = _packed([u for u in range(1, v) for _ in range(counts[u])]) | _HIGH
    reach = {0}
    for group in GROUP_TYPES[v]:
        if any((group >> (4 * u - 4)) & 15 > counts[u] for u in range(1, v)):
            continue  # the table cannot supply even one such group (checked per field: a group
            # may hold up to 10 aces, more than the 4-bit comparison below allows)
        todo = list(reach)
        while todo:
            bigger = todo.pop() + group
            if (have - bigger) & _HIGH == _HIGH and bigger not in reach:
                reach.add(bigger)
                todo.append(bigger)
    reach.discard(0)
    fulls: list[int] = []
    partials: list[tuple[int, tuple[tuple[int, int], ...]]] = []
    for vector in sorted(reach):
        whole = 0
        part: list[tuple[int, int]] = []
        for u in range(1, v):
            k = (vector >> (4 * u - 4)) & 15
            if k and k == counts[u]:
                whole |= RANK_MASK[u]
            elif k:
                part.append((4 * u - 4, k))
        if part:
            partials.append((whole, tuple(part)))
        else:
            fulls.append(whole)
    got = (tuple(fulls), tuple(partials))
    if len(_template_cache) > _CACHE_LIMIT:
        _template_cache.clear()
    _template_cache[key] = got
    return got


_new_tuple = tuple.__new__
#: per card: (its trail, mask of its rank, signature bits of lower values or -1 for a face card,
#: the value tag of the template key)
_CARD_INFO = tuple(
    (TRAILS[c], RANK_MASK[r], _LOW_SIG[r] if r <= 10 else -1, r << 30) for c, r in enumerate(RANK)
)


def hand_moves(cards: tuple[int, ...], table: int) -> list[Move]:
    """Every move of the hand ``cards`` with only loose cards on the table: per card in
    order, its TRAIL then its captures (the hot path of the base game)."""
    if not table:
        return [TRAILS[c] for c in cards]
    out: list[Move] = []
    append = out.append
    sig = table_signature(table)
    get = _template_cache.get
    new = _new_tuple
    for c in cards:
        trail, rank_mask, low_sig, tag = _CARD_INFO[c]
        append(trail)
        same = table & rank_mask
        if low_sig < 0:
            if same:
                append(new(Move, (c, CAPTURE, same, 0)))
            continue
        key = (sig & low_sig) | tag
        fulls, partials = get(key) or _template(key)
        if partials:
            masks = [table & w for w in fulls]
            for whole, part in partials:
                masks += expand_partial(table, whole, part)
        elif fulls:
            if not same:
                out += [new(Move, (c, CAPTURE, table & w, 0)) for w in fulls]
                continue
            masks = [table & w for w in fulls]
        else:
            if same:
                append(new(Move, (c, CAPTURE, same, 0)))
            continue
        if same:
            masks += [m | same for m in masks]
            masks.append(same)
        out += [new(Move, (c, CAPTURE, m, 0)) for m in masks]
    return out


#: SUBSETS[nibble][k]: the k-card subsets of a 4-bit rank nibble
SUBSETS = tuple(
    tuple(tuple(s for s in range(16) if s & ~nib == 0 and s.bit_count() == k) for k in range(5))
    for nib in range(16)
)


def expand_partial(table: int, whole: int, part: tuple[tuple[int, int], ...]) -> list[int]:
    """Real card masks of a union that takes only some cards of some values."""
    masks = [table & whole]
    for shift, k in part:
        masks = [m | (sub << shift) for m in masks for sub in SUBSETS[(table >> shift) & 15][k]]
    return masks


def capture_masks(card: int, table: int, sig: int | None = None) -> list[int]:
    """Non-empty captured sets of loose cards for ``card`` (§4.3 a+b), each once.

    ``sig`` is ``table_signature(table)`` when the caller already has it.
    """
    v = RANK[card]
    same = table & RANK_MASK[v]
    if v > 10:
        return [same] if same else []
    if sig is None:
        sig = table_signature(table)
    key = (sig & _LOW_SIG[v]) | v << 30
    fulls, partials = _template_cache.get(key) or _template(key)
    masks = [table & w for w in fulls]
    for whole, part in partials:
        masks += expand_partial(table, whole, part)
    if same:
        masks += [m | same for m in masks]
        masks.append(same)
    return masks


def build_options(card: int, table: int) -> tuple[tuple[int, int], ...]:
    """(loose cards, build value) pairs for a BUILD with ``card`` (§9.1, hand check excluded)."""
    v = RANK[card]
    if v > 9:
        return ()
    rel = table & LOW_VALUES[10 - v]
    key = (rel << 4) | v
    got = _build_cache.get(key)
    if got is None:
        cards = list(cards_of(rel))
        opts: list[tuple[int, int]] = []

        def walk(i: int, total: int, mask: int) -> None:
            for j in range(i, len(cards)):
                c = cards[j]
                t = total + RANK[c]
                if t > 10:
                    break
                m = mask | (1 << c)
                opts.append((m, t))
                walk(j + 1, t, m)

        walk(0, v, 0)
        got = tuple(opts)
        if len(_build_cache) > _CACHE_LIMIT:
            _build_cache.clear()
        _build_cache[key] = got
    return got


def build_variant_moves(card: int, table: int, builds: list[tuple[int, int, int]], hand: int) -> list[Move]:
    """Every move of ``card`` when builds are allowed: TRAIL, captures (loose and builds), BUILDs.

    ``builds`` holds (value, cards mask, owner); ``hand`` is the hand holding ``card``.
    """
    moves = [TRAILS[card]]
    v = RANK[card]
    loose = capture_masks(card, table)
    bunions = [0]
    if v <= 10:
        for bv, bm, _ in builds:
            if bv == v:
                bunions += [u | bm for u in bunions]
    if len(bunions) == 1:
        moves += [Move(card, CAPTURE, m) for m in loose]
    else:
        found = {lm | bu for lm in (0, *loose) for bu in bunions}
        found.discard(0)
        moves += [Move(card, CAPTURE, m) for m in sorted(found)]
    if v <= 9:
        rest = hand & ~(1 << card) & ~FACE_MASK
        for m, b in build_options(card, table):
            if rest & RANK_MASK[b]:
                moves.append(Move(card, BUILD, m, b))
    return moves
