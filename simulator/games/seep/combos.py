"""Subset-sum tables over loose-card masks (the costly part of move generation).

Every capture, house and absorption question of §5 is answered from one table
per loose floor: for each total 1..13, the sub-masks of the loose cards adding
up to it. The table is memoised on the loose mask (the floor often survives
several plays: cements with a single card, breaks, captures of a house), and
families of disjoint sets are unions enumerated from it with int masks.
Card values are ranks (A=1 .. K=13, §2.2).
"""

from __future__ import annotations

from functools import lru_cache

from simulator.cards import RANK

#: capture value of each card int
VALUE = RANK

EMPTY_TABLE: tuple[tuple[int, ...], ...] = ((),) * 14


def mask_value(mask: int) -> int:
    """Sum of the capture values of the cards of ``mask``."""
    total = 0
    while mask:
        low = mask & -mask
        total += VALUE[low.bit_length() - 1]
        mask ^= low
    return total


@lru_cache(maxsize=1 << 14)
def subset_table(loose: int) -> tuple[tuple[int, ...], ...]:
    """``table[t]``: every non-empty sub-mask of ``loose`` whose values sum to ``t`` (t = 0..13)."""
    partial: list[tuple[int, int]] = [(0, 0)]
    m = loose
    while m:
        low = m & -m
        m ^= low
        v = VALUE[low.bit_length() - 1]
        partial += [(s | low, t + v) for s, t in partial if t + v <= 13]
    table: list[list[int]] = [[] for _ in range(14)]
    for s, t in partial[1:]:
        table[t].append(s)
    return tuple(tuple(x) for x in table)


def family_unions(sets: list[int] | tuple[int, ...]) -> list[int]:
    """Unions (0 included, deduplicated) of every family of pairwise-disjoint masks from ``sets``."""
    unions = [0]
    for s in sets:
        unions += [u | s for u in unions if not u & s]
    if len(sets) > 2:
        unions = list(dict.fromkeys(unions))
    return unions


def maximal_unions(sets: list[int] | tuple[int, ...]) -> list[int]:
    """Unions of inclusion-maximal families (§5.2): every set of ``sets`` meets the union."""
    if not sets:
        return [0]
    return [u for u in family_unions(sets) if all(s & u for s in sets)]
