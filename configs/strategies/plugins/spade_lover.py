"""An example user plug-in, loaded by path from configs/strategies/spade-lover.yaml.

It shows the whole plug-in contract: a ``Strategy`` subclass, declared and
validated parameters, the games it supports, the plug-in API version it was
written for, and a ``choose`` that reads only the view and the legal moves.
It imports only the stable surface that ``simulator.api`` lists.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

from simulator.api import Strategy
from simulator.cards import RANK, SPADE_MASK
from simulator.games.sweep import CAPTURE, TRAIL


class SpadeLoverParams(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    spade_weight: float = Field(2.0, ge=0, description="value of a captured spade relative to any other card")
    ace_of_spades_bonus: float = Field(5.0, ge=0, description="extra value of capturing the ace of spades")


class SpadeLover(Strategy):
    """Sweep: captures the most valuable set, spades weighted; trails low non-spades."""

    games: ClassVar[tuple[str, ...]] = ("sweep",)
    Params: ClassVar[type[BaseModel]] = SpadeLoverParams
    summary: ClassVar[str] = "Sweep capture that values spades and the ace of spades highly."
    api_version: ClassVar[int] = 2

    def _value(self, mask: int) -> float:
        p = self.params
        spades = (mask & SPADE_MASK).bit_count()
        value = mask.bit_count() + (p.spade_weight - 1) * spades
        return value + (p.ace_of_spades_bonus if mask & 1 else 0)

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        captures = [m for m in moves if m.action == CAPTURE]
        if captures:
            return max(captures, key=lambda m: (self._value(m.mask | (1 << m.card)), -m.card))
        trails = [m for m in moves if m.action == TRAIL] or list(moves)
        return min(trails, key=lambda m: (bool((1 << m.card) & SPADE_MASK), RANK[m.card], m.card))
