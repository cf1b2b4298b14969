"""SWAR arithmetic on 52-bit card masks: canonical floors, one 4-bit group per value.

Move generation keys its caches on the per-value counts (``simulator.cards.value_counts``) and
their canonical floors (floors.py, movegen.py), and the move list turns a canonical floor back
into cards (movelist.py), so the three share one definition.
"""

from __future__ import annotations

from typing import Final

try:  # a machine int once compiled (masks stay below 2 ** 62); a plain int otherwise
    from mypy_extensions import i64
except ImportError:  # mypy_extensions comes with mypy, which only the build needs
    i64 = int  # type: ignore[misc]

#: bit 0 of each of the 13 rank groups
GROUP_LOW: Final = 0x1111111111111
#: 4, 5, 6, 7 and 8 in every 4-bit rank group
_C4: Final = 0x4444444444444
_C5: Final = 0x5555555555555
_C6: Final = 0x6666666666666
_C7: Final = 0x7777777777777
_C8: Final = 0x8888888888888


def canonical(counts: i64) -> i64:
    """The canonical floor of 4-bit value counts: a count c becomes the lowest c bits of its group."""
    return (
        (counts + _C7 & _C8) >> 3
        | (counts + _C6 & _C8) >> 2
        | (counts + _C5 & _C8) >> 1
        | (counts + _C4 & _C8)
    )
