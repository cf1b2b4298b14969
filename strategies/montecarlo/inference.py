"""Inference from play: sampled deals kept in proportion to how well they explain the play seen.

The game's ``determinize`` draws the hidden cards uniformly among the deals the view allows (every
hard constraint: cards seen, voids shown, hand sizes). Real players are not uniform: what they
played says what they probably hold. :class:`WeightedSampler` draws ``pool`` deals from it and
keeps one with probability proportional to its likelihood under the game's model of play
(sampling-importance-resampling), so each kept deal still respects every hard constraint. The
model lives in the game's module as ``INFERENCE(view, deal, weight, last)``: the log-likelihood
of the other seats' last ``last`` decisions with the model's move scores times ``weight`` (the
inverse temperature of a softmax). With weight 0 the plug-in uses the game's sampler unchanged.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Sampler = Callable[[Any, random.Random], Any]
#: ``INFERENCE(view, deal, weight, last)``: the log-likelihood of the play seen, under ``deal``
Likelihood = Callable[[Any, Any, float, int], float]


@dataclass(frozen=True)
class WeightedSampler:
    """A sampler that draws ``pool`` deals and keeps one in proportion to its likelihood."""

    sample: Sampler
    likelihood: Likelihood
    weight: float
    last: int
    pool: int

    def __call__(self, view: Any, rng: random.Random) -> Any:
        draws = [self.sample(view, rng) for _ in range(self.pool)]
        logs = [self.likelihood(view, deal, self.weight, self.last) for deal in draws]
        top = max(logs)
        weights = [math.exp(x - top) for x in logs]
        pick = rng.random() * math.fsum(weights)
        for deal, w in zip(draws, weights, strict=True):
            pick -= w
            if pick < 0:
                return deal
        return draws[-1]
