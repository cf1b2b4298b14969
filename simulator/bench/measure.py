"""The clock of every one-process measure, the record of a measure, and the reference workload."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

#: the clock of every one-process measure: CPU seconds of this process
CPU = time.process_time


@dataclass(frozen=True)
class Measure:
    label: str
    deals: int
    seconds: float
    actions: int = 0  # player actions (decisions) in the measured deals, when counted

    @property
    def rate(self) -> float:
        return self.deals / self.seconds

    @property
    def action_rate(self) -> float:
        return self.actions / self.seconds


def reference_rate(seconds: float = 0.5) -> float:
    """Iterations per second of a fixed workload (shuffle a deck, fold it into a mask)."""
    rng = random.Random(1)
    deck = list(range(52))
    n = 0
    start = CPU()
    while (elapsed := CPU() - start) < seconds:
        for _ in range(200):
            rng.shuffle(deck)
            mask = 0
            for c in deck[:13]:
                mask |= 1 << c
            n += 1
    return n / elapsed
