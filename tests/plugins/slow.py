"""A strategy that takes its time, to test stop signals, folder locks and move timeouts."""

from __future__ import annotations

import time
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

from strategies.base import Strategy


class SlowParams(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    pause: float = Field(0.0, ge=0, description="seconds slept before every move")
    stall_rate: float = Field(0.0, ge=0, le=1, description="share of deals with one very long move")
    stall: float = Field(60.0, ge=0, description="seconds of that long move")


class Slow(Strategy):
    """Uniform random moves, after a pause; on a seeded share of deals one move stalls."""

    games: ClassVar[tuple[str, ...]] = ("sweep", "seep", "sueca")
    Params: ClassVar[type[BaseModel]] = SlowParams

    def reset(self, rng: Any, seat: int, rules: Any) -> None:
        super().reset(rng, seat, rules)
        self.stall_now = rng.random() < self.params.stall_rate

    def choose(self, view: Any, moves: Any) -> Any:
        if self.stall_now:
            self.stall_now = False
            time.sleep(self.params.stall)
        if self.params.pause:
            time.sleep(self.params.pause)
        return moves[self.rng.randrange(len(moves))]
