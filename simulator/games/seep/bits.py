"""The bit layouts Seep's move generation packs its answers in, shared by the modules that
write them (floors.py, movegen.py) and those that read them (movelist.py, the callers of
``FloorOptions.kinds`` and ``of_kind``): one small module, so none of them imports another
for a constant.
"""

from __future__ import annotations

from typing import Final

#: a move but its card, packed in one int below 2 ** 62 (a machine int once compiled):
#: ``action << ACTION_SHIFT | value << VALUE_SHIFT | canonical floor mask``
Template = int
ACTION_SHIFT: Final = 56
VALUE_SHIFT: Final = 52
FLOOR_BITS: Final = (1 << 52) - 1

#: flag bit of house value V = 9..13 in the per-position target masks (0 below 9), spread so that
#: SWAR popcounts of a hand give them directly (``movegen``)
SBIT: Final[tuple[int, ...]] = tuple(8 << 4 * (V - 9) if V >= 9 else 0 for V in range(14))
TARGETS: Final = 0x88888  # every flag
#: chunk key bits (``movelist.chunk_key``): a v-house to capture; no capture allowed
HOUSE_TO_CAPTURE: Final = 16
NO_CAPTURE: Final = 32

#: the kinds of move of a chunk (``FloorOptions.kinds``), one bit each
CAPTURE_KIND: Final = 1
THROW_KIND: Final = 2
HOUSE_SHIFT: Final = 2  # five bits from here: the houses of V = 9..13
BREAK_SHIFT: Final = 7  # four bits from here: the breaks to V = 10..13
HOUSE_KINDS: Final = 1 << HOUSE_SHIFT
BREAK_KINDS: Final = 1 << BREAK_SHIFT
