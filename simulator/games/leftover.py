"""Replay events shared by the fishing games (docs/design.md §7)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from simulator.cards import CardMask, mask_strs


def leftover_event(last_capturer: int, side_of: Sequence[int], cards: CardMask) -> dict[str, Any]:
    """What is left at the end of a deal and who takes it (nulls when nobody captured)."""
    taken = last_capturer >= 0
    return {
        "type": "leftover",
        "seat": last_capturer if taken else None,
        "side": side_of[last_capturer] if taken else None,
        "cards": mask_strs(cards),
    }
