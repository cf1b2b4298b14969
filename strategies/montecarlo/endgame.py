"""Exact endgames: the value of a determinized deal when every seat plays perfectly from here.

Once a sampled deal has few cards left, playing it out with a rollout policy wastes what the
sample knows: every card is placed, so the rest of the deal is a game of perfect information
and can be solved. :class:`Solver` does it by alpha-beta over the engine's own ``clone``,
``legal_moves`` and ``apply``: the seats of the searching seat's team maximize its deal
outcome, every other seat minimizes it (exact for two teams, as in 2- and 4-player Sweep and
Seep and in Sueca's declarer team against the defenders; with three sides it is the usual
"paranoid" value). A transposition table keyed by the game's position key (``key(state)``)
keeps each position's value, or the bound a cut-off proved, so moves played in another order
that reach the same position are solved once, and the table's best move is tried first.

What differs between games is in ``strategies/montecarlo/<game>.py`` as ``ENDGAME``, an
:class:`EndgamePart`: how many cards a deal has left, the position key, which seats play for a
seat's team, and the order in which to try moves (most promising first: more cut-offs).
Compiled by mypyc (compiled.txt), as are the Seep and Sueca parts.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from strategies.montecarlo.outcome import EarlyStop

Outcome = Callable[[Any, int], float]

#: transposition-table flags: the stored value is exact, a lower bound or an upper bound
EXACT, LOWER, UPPER = 0, 1, 2


@dataclass(frozen=True)
class EndgamePart:
    """One game's part of the solver."""

    #: cards still to be played in the deal (hands and stock): the size of what is left to solve
    cards_left: Callable[[Any], int]
    #: everything about a position that decides the rest of the deal and its outcome
    key: Callable[[Any], Hashable]
    #: ``allies(state, seat)``: the seats (``seat`` included) whose play serves ``seat``'s outcome
    allies: Callable[[Any, int], frozenset[int]]
    #: the moves in the order to try them (the likely best first)
    order: Callable[[Any, Sequence[Any]], Sequence[Any]]


def side_allies(state: Any, seat: int) -> frozenset[int]:
    """The seats of ``seat``'s side (the games whose sides are fixed by the rules)."""
    sides = state.rules.side_of_seat
    return frozenset(s for s in range(len(sides)) if sides[s] == sides[seat])


class Solver:
    """Alpha-beta solver of one determinized deal for one seat (its table lives as long as it).

    One solver serves every candidate move of every sampled deal of a decision: candidates share
    their deal's positions, and samples often repeat a deal (when few cards are hidden, or none,
    as in 2-player games once the stock is gone) or reach the same position. Its values are
    exact whatever the table holds, so sharing changes the cost, never a value.
    """

    def __init__(
        self, part: EndgamePart, outcome: Outcome, seat: int, side: int, stop: EarlyStop | None = None
    ) -> None:
        self.part = part
        self.outcome = outcome
        #: the game's early stop, when ``outcome`` is its margin: a decided position is a leaf
        #: and the search starts in the window of the margins still possible (same values, fewer nodes)
        self.stop = stop
        self.seat = seat
        self.side = side
        self.table: dict[Hashable, tuple[float, int, Any]] = {}
        self.nodes = 0
        self._allies: frozenset[int] | None = None

    def value(self, state: Any) -> float:
        """The outcome for ``side`` of ``state`` played out perfectly (``state`` is not changed)."""
        if self._allies is None and not state.is_over():
            self._allies = self.part.allies(state, self.seat)
        if self.stop is None:
            return self._search(state, -float("inf"), float("inf"))
        low, high = self.stop.window(state, self.side)
        return self._search(state, low, high)

    def _search(self, state: Any, alpha: float, beta: float) -> float:
        self.nodes += 1
        seat = state.current_player()
        if seat < 0 or (self.stop is not None and self.stop.decided(state)):
            return self.outcome(state, self.side)
        moves = state.legal_moves()
        if len(moves) == 1:
            after = state.clone()
            after.apply(moves[0])
            return self._search(after, alpha, beta)
        part = self.part
        key = part.key(state)
        hit = self.table.get(key)
        first = None
        if hit is not None:
            stored, flag, first = hit
            if flag == EXACT:
                return stored
            if flag == LOWER and stored >= beta:
                return stored
            if flag == UPPER and stored <= alpha:
                return stored
        start_alpha, start_beta = alpha, beta
        ordered = list(part.order(state, moves))
        if first is not None:  # the best move of an earlier visit first
            ordered.remove(first)
            ordered.insert(0, first)
        maximizing = seat in self._allies  # type: ignore[operator]
        best = -float("inf") if maximizing else float("inf")
        best_index = 0
        for i, move in enumerate(ordered):
            after = state.clone()
            after.apply(move)
            got = self._search(after, alpha, beta)
            if maximizing:
                if got > best:
                    best, best_index = got, i
                    alpha = max(alpha, got)
            elif got < best:
                best, best_index = got, i
                beta = min(beta, got)
            if alpha >= beta:
                break
        if best <= start_alpha:
            flag = UPPER
        elif best >= start_beta:
            flag = LOWER
        else:
            flag = EXACT
        self.table[key] = (best, flag, ordered[best_index])
        return best
