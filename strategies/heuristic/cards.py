"""Card reasoning shared by the heuristic features: which values clear a table, and how likely
an opponent holds one of some unseen cards.

Fishing games (Sweep, Seep) clear the table when every loose card falls into groups adding up
to the played card's value; whether a value can do that depends only on the multiset of values
on the table, so the answer is cached on it.

Compiled by mypyc (compiled.txt): montecarlo's Seep rollouts ask it at nearly every move.
"""

from __future__ import annotations

from functools import lru_cache

from simulator.cards import RANK, RANK_MASK


def value_counts(mask: int) -> tuple[int, ...]:
    """Cards per value 1..13 of a card mask (index 0 unused): the cache key of a table."""
    counts = [0] * 14
    while mask:
        low = mask & -mask
        counts[RANK[low.bit_length() - 1]] += 1
        mask ^= low
    return tuple(counts)


@lru_cache(maxsize=1 << 16)
def partitions_into(counts: tuple[int, ...], target: int) -> bool:
    """True when the cards of ``counts`` split into groups each adding up to ``target``.

    A single card of value ``target`` is a group by itself. The largest card left always
    starts the next group, so each partition is tried once.
    """
    top = max((v for v in range(13, 0, -1) if counts[v]), default=0)
    if top == 0:
        return True
    if top > target:
        return False
    rest = list(counts)
    rest[top] -= 1
    return _fill(rest, target - top, top, target)


def _fill(counts: list[int], need: int, below: int, target: int) -> bool:
    """Complete the open group with values <= ``below`` adding ``need``, then partition the rest."""
    if need == 0:
        return partitions_into(tuple(counts), target)
    for v in range(min(need, below), 0, -1):
        if counts[v]:
            counts[v] -= 1
            ok = _fill(counts, need - v, v, target)
            counts[v] += 1
            if ok:
                return True
    return False


def p_holds_any(wanted: int, hand_size: int, unseen: int) -> float:
    """Chance that a hand of ``hand_size`` cards drawn from ``unseen`` cards holds at least one of
    ``wanted`` particular cards among them (hypergeometric, no other information used)."""
    if wanted <= 0 or hand_size <= 0:
        return 0.0
    if wanted + hand_size > unseen:
        return 1.0
    none = 1.0
    for i in range(hand_size):
        none *= (unseen - wanted - i) / (unseen - i)
    return 1.0 - none


@lru_cache(maxsize=1 << 16)
def clearing_values(counts: tuple[int, ...], house: int) -> int:
    """The values (as a mask of their cards) of which one card would clear a floor of loose
    cards ``counts`` (per value, as ``value_counts``) and at most one house, of value ``house``
    (0: none): the card takes the house and every loose card, which must split into groups of
    its value."""
    total = sum(v * n for v, n in enumerate(counts))
    if house:
        return RANK_MASK[house] if total % house == 0 and partitions_into(counts, house) else 0
    if not total:
        return 0
    top = max(v for v in range(1, 14) if counts[v])
    out = 0
    for v in range(top, 14):
        if total % v == 0 and partitions_into(counts, v):
            out |= RANK_MASK[v]
    return out


@lru_cache(maxsize=1 << 18)
def clearing_mask(loose: int, house: int) -> int:
    """:func:`clearing_values` of a floor of loose cards ``loose`` (cached on the mask: a
    search meets the same floors again and again)."""
    return clearing_values(value_counts(loose), house)
