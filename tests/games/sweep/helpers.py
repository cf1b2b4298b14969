"""Hand-built Sweep positions for tests: cards as lists of ints, the other fields as in SweepPosition."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from simulator.cards import mask_of
from simulator.games.sweep import SweepPosition, SweepRules, SweepState


def state_at(
    rules: SweepRules,
    hands: Sequence[Iterable[int]],
    table: Iterable[int],
    *,
    log: list[dict] | None = None,
    **fields: Any,
) -> SweepState:
    """``SweepState.from_position`` of a position given with card lists; lists become tuples."""
    fields = {k: tuple(v) if isinstance(v, list) else v for k, v in fields.items()}
    position = SweepPosition(
        rules=rules, hands=tuple(mask_of(h) for h in hands), table=mask_of(table), **fields
    )
    return SweepState.from_position(position, log)
