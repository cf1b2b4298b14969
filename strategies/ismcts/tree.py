"""Single-observer Information Set MCTS (Cowling, Powley and Whitehouse 2012), game-independent.

One tree per decision, over moves rather than states: each iteration samples a deal from the
view (the game's ``determinize``), walks the tree choosing, among the moves legal in that deal,
the one with the best upper confidence bound, adds one new move, plays the deal out (the
rollout policy, or the exact endgame solver once few cards are left) and credits every move
on the path with the outcome of the side of the seat that made it. A move's bound counts the
iterations in which it was available, not its parent's visits, since a move legal in one
sample may not be in another. Every seat is searched the same way (its moves chosen for its
own side), so the tree models opponents and partners as searching players, not as the policy.
The budget is a number of iterations: a run is reproducible and its cost is known.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from strategies.montecarlo.endgame import EndgamePart, Solver
from strategies.montecarlo.outcome import EarlyStop
from strategies.montecarlo.search import Rollout

Sampler = Callable[[Any, random.Random], Any]
Outcome = Callable[[Any, int], float]


@dataclass
class Node:
    """The statistics of one move in its information set: visits, summed reward (for the side
    that made it) and its sum of squares, and how often it was available."""

    visits: int = 0
    reward: float = 0.0
    squares: float = 0.0
    available: int = 0
    children: dict[Any, Node] = field(default_factory=dict)


@dataclass
class Tree:
    """The search of one decision."""

    sample: Sampler
    rollout: Rollout
    outcome: Outcome
    iterations: int
    exploration: float
    endgame: EndgamePart | None = None
    endgame_cards: int = 0
    #: the game's early stop when ``outcome`` is its margin (the solver stops where rollouts do)
    stop: EarlyStop | None = None
    #: one solver per side for the whole decision: iterations that reach a position again
    #: (the same deal drawn twice, or a shared end) find its exact value in the table
    solvers: dict[int, Solver] = field(default_factory=dict, init=False, repr=False)

    def root(self, view: Any, moves: Sequence[Any], rng: random.Random) -> Node:
        """The root after ``iterations`` iterations; its moves are ``moves`` (the candidates)."""
        root = Node()
        sides = view.rules.side_of_seat
        for _ in range(self.iterations):
            state = self.sample(view, rng)
            path: list[tuple[Node, int]] = []
            node = root
            allowed: Sequence[Any] | None = moves  # the root's moves: the candidates only
            while True:
                seat = state.current_player()
                if seat < 0 or (self.endgame is not None and path and self._small(state)):
                    break
                at_root = allowed is not None
                legal = list(state.legal_moves()) if allowed is None else allowed
                allowed = None
                if len(legal) == 1 and not at_root:  # a forced move below the root: no choice to learn
                    state.apply(legal[0])
                    continue
                children = node.children
                untried = [m for m in legal if m not in children]
                if untried:
                    move = untried[int(rng.random() * len(untried))]
                    for m in legal:
                        if m in children:
                            children[m].available += 1
                    child = children[move] = Node(available=1)
                    state.apply(move)
                    path.append((child, sides[seat]))
                    break
                move = self._select(node, legal)
                state.apply(move)
                node = node.children[move]
                path.append((node, sides[seat]))
            values = self._finish(state, rng)
            for child, side in path:
                got = values(side)
                child.visits += 1
                child.reward += got
                child.squares += got * got
        return root

    def _small(self, state: Any) -> bool:
        return self.endgame is not None and self.endgame.cards_left(state) <= self.endgame_cards

    def _select(self, node: Node, legal: Sequence[Any]) -> Any:
        """The legal move of the best upper confidence bound (each counted as available)."""
        best, best_score = legal[0], -math.inf
        c = self.exploration
        for m in legal:
            child = node.children[m]
            child.available += 1
            score = child.reward / child.visits + c * math.sqrt(math.log(child.available) / child.visits)
            if score > best_score:
                best, best_score = m, score
        return best

    def _finish(self, state: Any, rng: random.Random) -> Callable[[int], float]:
        """The outcome of every side once ``state`` is played out: exactly when few cards are
        left (the solver's value of each side asked for, its team maximizing it and every other
        side maximizing its own), else by one rollout."""
        if not state.is_over() and self._small(state):
            sides = state.rules.side_of_seat
            exact: dict[int, float] = {}

            def solved(side: int) -> float:
                if side not in exact:  # each side's value with its own team maximizing it
                    solver = self.solvers.get(side)
                    if solver is None:
                        seat_of_side = sides.index(side)
                        solver = Solver(self.endgame, self.outcome, seat_of_side, side, self.stop)  # type: ignore[arg-type]
                        self.solvers[side] = solver
                    exact[side] = solver.value(state)
                return exact[side]

            return solved
        self.rollout.play(state, rng)
        return lambda side: self.outcome(state, side)

    @staticmethod
    def best(root: Node, moves: Sequence[Any], confidence: float = 0.0) -> Any:
        """The move to play: ``moves[0]`` (the incumbent, the heuristic's first choice) unless the
        most visited move's mean beats it by ``confidence`` standard errors of their difference
        (0: the most visited, ties to the candidates' order). The searches share this rule:
        a few iterations cannot overturn a sound first choice by luck alone."""
        children = root.children
        tried = [m for m in moves if m in children and children[m].visits]
        top = max(tried, key=lambda m: children[m].visits)
        first = moves[0]
        if not confidence or top == first or first not in tried:
            return top
        a, b = children[top], children[first]
        if a.visits < 2 or b.visits < 2:
            return first
        gain = a.reward / a.visits - b.reward / b.visits
        spread = _variance(a) / a.visits + _variance(b) / b.visits
        return top if gain > confidence * math.sqrt(spread) else first


def _variance(node: Node) -> float:
    """The sample variance of a move's rewards."""
    mean = node.reward / node.visits
    return max(0.0, (node.squares - node.visits * mean * mean) / (node.visits - 1))
