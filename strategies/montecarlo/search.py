"""Determinized Monte Carlo evaluation of the moves of one decision (game-independent).

Each sample is one complete deal drawn by a sampler from the seat's view alone (the plug-in
passes ``GAME.determinize``); every candidate move is applied to its own copy of that deal and
played out to the end by the rollout policy. All candidates of a sample share the deal and
the rollout's random stream (common random numbers), so their difference measures the move,
not the luck of the sample. A rollout's value is the whole deal's outcome for the seat's side,
from the deal's start: what the root move itself takes counts. Once a move leaves few cards to
play, the sample's rest is solved exactly instead (:mod:`strategies.montecarlo.endgame`): every
card is placed in a sampled deal, so its perfect play is known, not guessed by a policy.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from simulator.strategy import Strategy
from strategies.montecarlo.endgame import EndgamePart, Solver
from strategies.montecarlo.outcome import EarlyStop

Sampler = Callable[[Any, random.Random], Any]
Outcome = Callable[[Any, int], float]


class LazyView:
    """A seat's view built only when a policy reads it (greedy Sweep never does: it looks only at
    the moves); ``game`` and ``seat`` are known without building it. A game's own rollout policy
    may read what the view would show straight from the deal, ``state``, to skip building it
    (tests/strategies/montecarlo/test_seep.py checks Seep's reads the same choices)."""

    __slots__ = ("_built", "game", "seat", "state")

    def __init__(self, state: Any, seat: int, game: str) -> None:
        self.state = state
        self._built: Any = None
        self.game = game
        self.seat = seat

    def __getattr__(self, name: str) -> Any:
        return getattr(self.built(), name)

    def built(self) -> Any:
        """The view itself (a policy that reads many fields reads them from it directly)."""
        built = self._built
        if built is None:
            built = self._built = self.state.view(self.seat)
        return built


@dataclass
class Rollout:
    """Plays a state to its end: each seat's policy, or with chance ``epsilon`` a uniform move.

    ``decided`` (optional) stops it earlier, once the deal's outcome can no longer change (the
    outcome function must then score the unfinished deal)."""

    agents: Sequence[Strategy]
    epsilon: float
    game: str
    decided: Callable[[Any], bool] | None = None

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
        decided = self.decided
        while (seat := current()) >= 0:
            if decided is not None and decided(state):
                return
            moves = legal()
            if len(moves) == 1:
                apply(moves[0])
            elif eps and rand() < eps:
                apply(moves[int(rand() * len(moves))])
            else:
                apply(chooses[seat](LazyView(state, seat, game) if wants[seat] else None, moves))


@dataclass
class Search:
    """The choice at one decision: sample deals, play every candidate out on each, compare means.

    ``moves[0]`` is the incumbent (the plug-in puts the heuristic's first choice there): another
    move is played only when its mean advantage over the incumbent, paired sample by sample,
    exceeds ``confidence`` standard errors. With ``confidence`` 0 this is the plain best mean;
    above 0 a few samples cannot overturn a sound first choice by luck alone.
    """

    sample: Sampler
    rollout: Rollout
    outcome: Outcome
    samples: int
    time_budget: float | None = None
    confidence: float = 0.0
    #: the game's exact solver, used instead of the rollout once a move leaves at most
    #: ``endgame_cards`` cards to play in the sampled deal (0: never)
    endgame: EndgamePart | None = None
    endgame_cards: int = 0
    #: the game's early stop when ``outcome`` is its margin (the solver stops where rollouts do)
    stop: EarlyStop | None = None

    def outcomes(self, view: Any, moves: Sequence[Any], rng: random.Random) -> list[list[float]]:
        """Per sampled deal, the outcome of every move (``samples`` deals, fewer if the time
        budget runs out, never none)."""
        deadline = None if self.time_budget is None else time.perf_counter() + self.time_budget
        side = view.rules.side_of_seat[view.seat]
        last = len(moves) - 1
        endgame, small = self.endgame, self.endgame_cards
        rows: list[list[float]] = []
        solver = None
        while len(rows) < self.samples:
            deal = self.sample(view, rng)
            seed = rng.getrandbits(63)
            row = []
            for i, move in enumerate(moves):
                state = deal if i == last else deal.clone()
                state.apply(move)
                if endgame is not None and endgame.cards_left(state) <= small:
                    if solver is None:  # one table for every move of every sample: a deal drawn
                        # again (or a position two samples share) is solved once
                        solver = Solver(endgame, self.outcome, view.seat, side, self.stop)
                    row.append(solver.value(state))
                    continue
                self.rollout.play(state, random.Random(seed))
                row.append(self.outcome(state, side))
            rows.append(row)
            if deadline is not None and time.perf_counter() >= deadline:
                break
        return rows

    def means(self, view: Any, moves: Sequence[Any], rng: random.Random) -> list[float]:
        """Mean outcome of every move for the view's side."""
        rows = self.outcomes(view, moves, rng)
        return [sum(col) / len(rows) for col in zip(*rows, strict=True)]

    def choose(self, view: Any, moves: Sequence[Any], rng: random.Random) -> Any:
        rows = self.outcomes(view, moves, rng)
        n = len(rows)
        best, best_gain = 0, 0.0
        for j in range(1, len(moves)):
            diffs = [row[j] - row[0] for row in rows]
            gain = sum(diffs) / n
            if n > 1 and self.confidence:
                var = sum((d - gain) ** 2 for d in diffs) / (n - 1)
                if gain <= self.confidence * math.sqrt(var / n):
                    continue
            if gain > best_gain + 1e-9:  # ties keep the heuristic's order
                best, best_gain = j, gain
        return moves[best]
