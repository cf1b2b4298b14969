"""SPSA (simultaneous perturbation stochastic approximation), as fishtest tunes engines.

Every iteration ``k`` (1..N) draws a random sign ``delta_i`` (+1 or -1) per param from the
seed, plays the two candidates ``theta + c_k delta`` and ``theta - c_k delta`` on the same
deal groups, and moves ``theta`` along the measured difference of their margins:

    theta_i += a_k / (2 c_k) * R * delta_i,   R = (M+ - M-) / s

in units of each param's range (0..1), clipped to it. ``M+`` and ``M-`` are the candidates'
mean points margins per deal against the opponents; ``s`` is the standard deviation of one
deal group's margin seen so far, so ``R`` has no unit and the same schedule fits every game.

The gain schedule is Spall's, with fishtest's way of fixing it by its end values:

* ``c_k = c / k^0.101`` with ``c_N = C_END``, a tenth of the range (fishtest's default is a
  twentieth of a range a person chose; the default range here, four times the start value, is
  wide, and a small change of a weight changes few moves);
* ``a_k = a / (A + k)^0.602`` with ``A = N / 10`` (the stability constant) and
  ``a_N / (2 c_N) = R_END / sqrt(N)``: the last steps move a param by ``R_END / sqrt(N)`` of
  its range per unit of ``R``, so the noise alone walks a param by about ``R_END`` times the
  noise of ``R`` over the whole tuning, whatever the budget, while a true slope adds up in
  proportion to ``sqrt(N)``.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from simulator.seeding import derive_seed

ALPHA = 0.602
GAMMA = 0.101
C_END = 0.1
R_END = 0.5


@dataclass(frozen=True)
class Schedule:
    """The gains of an N-iteration tuning."""

    iterations: int

    @property
    def stability(self) -> float:
        return self.iterations / 10

    @property
    def c(self) -> float:
        return C_END * self.iterations**GAMMA

    @property
    def a(self) -> float:
        a_end = 2 * C_END * R_END / math.sqrt(self.iterations)
        return a_end * (self.stability + self.iterations) ** ALPHA

    def c_k(self, k: int) -> float:
        return self.c / k**GAMMA

    def a_k(self, k: int) -> float:
        return self.a / (self.stability + k) ** ALPHA


def perturbation(seed: int, k: int, dims: int) -> list[int]:
    """The signs of iteration ``k``: from the seed alone (never from the workers or their order)."""
    rng = random.Random(derive_seed("spsa", seed, k))
    return [1 if rng.random() < 0.5 else -1 for _ in range(dims)]


def candidates(theta: list[float], c_k: float, delta: list[int]) -> tuple[list[float], list[float]]:
    """theta + c_k delta and theta - c_k delta, each clipped to the range."""
    plus = [min(1.0, max(0.0, t + c_k * d)) for t, d in zip(theta, delta, strict=True)]
    minus = [min(1.0, max(0.0, t - c_k * d)) for t, d in zip(theta, delta, strict=True)]
    return plus, minus


def step(theta: list[float], schedule: Schedule, k: int, delta: list[int], result: float) -> list[float]:
    """theta after iteration ``k`` measured ``result`` (R above)."""
    gain = schedule.a_k(k) / (2 * schedule.c_k(k)) * result
    return [min(1.0, max(0.0, t + gain * d)) for t, d in zip(theta, delta, strict=True)]
