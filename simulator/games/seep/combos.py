"""Card values and families of disjoint card sets as int masks (used by ``floors``).

Card values are ranks (A=1 .. K=13, §2.2).
"""

from __future__ import annotations

from typing import Final

from simulator.cards import RANK

#: capture value of each card int
VALUE: Final[tuple[int, ...]] = RANK


def mask_value(mask: int) -> int:
    """Sum of the capture values of the cards of ``mask``."""
    total = 0
    while mask:
        low = mask & -mask
        total += VALUE[low.bit_length() - 1]
        mask ^= low
    return total


def family_unions(sets: list[int] | tuple[int, ...]) -> list[int]:
    """Unions (0 included, deduplicated) of every family of pairwise-disjoint masks from ``sets``."""
    unions = [0]
    for s in sets:
        unions += [u | s for u in unions if not u & s]
    if len(sets) > 2:
        unions = list({u: None for u in unions})  # distinct, in first-seen order
    return unions


def maximal_unions(sets: list[int] | tuple[int, ...]) -> list[int]:
    """Unions of inclusion-maximal families (§5.2): every set of ``sets`` meets the union."""
    if not sets:
        return [0]
    return [u for u in family_unions(sets) if all(s & u for s in sets)]
