"""Determinized Monte Carlo evaluation of the moves of one decision (game-independent).

Each sample is one complete deal drawn by a sampler from the seat's view alone (the plug-in
passes ``GAME.determinize``); every candidate move is applied to its own copy of that deal and
played out to the end by the rollout policy. All candidates of a sample share the deal and
the rollout's random stream (common random numbers), so their difference measures the move,
not the luck of the sample. A rollout's value is the whole deal's outcome for the seat's side,
from the deal's start: what the root move itself takes counts.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from strategies.base import Strategy

Sampler = Callable[[Any, random.Random], Any]
Outcome = Callable[[Any, int], float]


@dataclass
class Rollout:
    """Plays a state to its end: each seat's policy, or with chance ``epsilon`` a uniform move."""

    agents: Sequence[Strategy]
    epsilon: float

    def play(self, state: Any, rng: random.Random) -> None:
        agents = self.agents
        rules = state.rules
        for seat, agent in enumerate(agents):
            agent.reset(rng, seat, rules)
        wants = [a.wants_view for a in agents]
        chooses = [a.choose for a in agents]
        current, legal, apply, view = state.current_player, state.legal_moves, state.apply, state.view
        eps = self.epsilon
        rand = rng.random
        while (seat := current()) >= 0:
            moves = legal()
            if len(moves) == 1:
                apply(moves[0])
            elif eps and rand() < eps:
                apply(moves[int(rand() * len(moves))])
            else:
                apply(chooses[seat](view(seat) if wants[seat] else None, moves))


@dataclass
class Search:
    """The choice at one decision: sample, play every candidate out, keep the best mean."""

    sample: Sampler
    rollout: Rollout
    outcome: Outcome
    samples: int
    time_budget: float | None = None

    def means(self, view: Any, moves: Sequence[Any], rng: random.Random) -> list[float]:
        """Mean outcome of every move for the view's side (at least one sample, however slow)."""
        side = view.rules.side_of_seat[view.seat]
        totals = [0.0] * len(moves)
        deadline = None if self.time_budget is None else time.perf_counter() + self.time_budget
        last = len(moves) - 1
        done = 0
        for _ in range(self.samples):
            deal = self.sample(view, rng)
            seed = rng.getrandbits(63)
            for i, move in enumerate(moves):
                state = deal if i == last else deal.clone()
                state.apply(move)
                self.rollout.play(state, random.Random(seed))
                totals[i] += self.outcome(state, side)
            done += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
        return [t / done for t in totals]

    def choose(self, view: Any, moves: Sequence[Any], rng: random.Random) -> Any:
        means = self.means(view, moves, rng)
        best = max(means)
        top = [m for m, v in zip(moves, means, strict=True) if math.isclose(v, best, abs_tol=1e-9)]
        return top[0] if len(top) == 1 else top[int(rng.random() * len(top))]
