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


class LazyView:
    """A seat's view built only when a policy reads it (greedy Sweep never does: it looks only at
    the moves); ``game`` and ``seat`` are known without building it."""

    __slots__ = ("_built", "_state", "game", "seat")

    def __init__(self, state: Any, seat: int, game: str) -> None:
        self._state = state
        self._built: Any = None
        self.game = game
        self.seat = seat

    def __getattr__(self, name: str) -> Any:
        built = self._built
        if built is None:
            built = self._built = self._state.view(self.seat)
        return getattr(built, name)


@dataclass
class Rollout:
    """Plays a state to its end: each seat's policy, or with chance ``epsilon`` a uniform move."""

    agents: Sequence[Strategy]
    epsilon: float
    game: str

    def play(self, state: Any, rng: random.Random) -> None:
        agents = self.agents
        rules = state.rules
        for seat, agent in enumerate(agents):
            agent.reset(rng, seat, rules)
        wants = [a.wants_view for a in agents]
        chooses = [a.choose for a in agents]
        current, legal, apply = state.current_player, state.legal_moves, state.apply
        game = self.game
        eps = self.epsilon
        rand = rng.random
        while (seat := current()) >= 0:
            moves = legal()
            if len(moves) == 1:
                apply(moves[0])
            elif eps and rand() < eps:
                apply(moves[int(rand() * len(moves))])
            else:
                apply(chooses[seat](LazyView(state, seat, game) if wants[seat] else None, moves))


@dataclass
class Search:
    """The choice at one decision: sample, play the candidates out, keep the best mean.

    The budget is ``samples`` rollouts per candidate on average, spent by sequential halving
    (Karnin, Koren and Somekh 2013): in each of ceil(log2 k) rounds the surviving moves get an
    equal share of samples, then the better half by mean (over every sample so far) survive, so
    the close contenders are compared on several times more deals than a uniform split gives.
    """

    sample: Sampler
    rollout: Rollout
    outcome: Outcome
    samples: int
    time_budget: float | None = None

    def sums(
        self, view: Any, moves: Sequence[Any], rng: random.Random, count: int, deadline: float | None = None
    ) -> tuple[list[float], int]:
        """Summed outcomes of every move over ``count`` sampled deals (fewer if the deadline
        passes, never none), and the number of deals played."""
        side = view.rules.side_of_seat[view.seat]
        totals = [0.0] * len(moves)
        last = len(moves) - 1
        done = 0
        while done < count:
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
        return totals, done

    def means(self, view: Any, moves: Sequence[Any], rng: random.Random) -> list[float]:
        """Mean outcome of every move over ``samples`` deals (uniform, no halving)."""
        totals, done = self.sums(view, moves, rng, self.samples)
        return [t / done for t in totals]

    def choose(self, view: Any, moves: Sequence[Any], rng: random.Random) -> Any:
        deadline = None if self.time_budget is None else time.perf_counter() + self.time_budget
        k = len(moves)
        rounds = max(1, math.ceil(math.log2(k)))
        budget = self.samples * k
        totals = [0.0] * k
        counts = [0] * k
        alive = list(range(k))
        for r in range(rounds):
            count = max(1, budget // (len(alive) * rounds))
            sums, done = self.sums(view, [moves[i] for i in alive], rng, count, deadline)
            for i, total in zip(alive, sums, strict=True):
                totals[i] += total
                counts[i] += done
            if done < count:  # out of time
                break
            if r < rounds - 1:
                ranked = sorted(alive, key=lambda i: -totals[i] / counts[i])
                alive = sorted(ranked[: (len(alive) + 1) // 2])
        best = max(totals[i] / counts[i] for i in alive)
        top = [moves[i] for i in alive if math.isclose(totals[i] / counts[i], best, abs_tol=1e-9)]
        return top[0] if len(top) == 1 else top[int(rng.random() * len(top))]
