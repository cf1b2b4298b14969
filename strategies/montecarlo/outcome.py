"""What a montecarlo rollout is worth to the searching side once its deal is over.

* ``margin``: the deal's points margin (own points minus the mean of the other sides'), from the
  deal's start, sweeps and the root move's own capture included.
* ``match``: the chance of winning the match, judged at the end of the deal (playing whole
  matches out per rollout would cost a hundred times more): the game's own match end rule is
  applied to the view's match totals plus this deal's points; a deal that ends the match is
  worth 1 to a winner (shared on a tie), 0 to a loser; otherwise 0.5 + 0.5 tanh(lead / target),
  the lead being own total minus the best other total and the target the game's match target
  (``match_target`` of ``strategies.montecarlo.<game>``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from simulator.games import get_game


@dataclass(frozen=True)
class EarlyStop:
    """A game whose deal outcome can be fixed before its last card (a Sueca points contract once
    the bid is made or beaten): rollouts and the exact solver stop there."""

    #: whether the deal's outcome can no longer change
    decided: Callable[[Any], bool]
    #: the deal's points margin of a side, also of an unfinished deal once ``decided``
    margin: Callable[[Any, int], float]
    #: the lowest and highest margin the deal can still end with for a side: the solver's first
    #: alpha-beta window (a solve that finds the highest stops there)
    window: Callable[[Any, int], tuple[float, float]]


def margin(points: Sequence[int], side: int) -> float:
    """Own points minus the mean of the other sides' points."""
    others = sum(points) - points[side]
    return points[side] - others / (len(points) - 1)


def deal_margin(state: Any, side: int) -> float:
    """The finished deal's points margin of ``side``."""
    return margin(state.side_points(), side)


def match_outcome(
    game_name: str, scores: Sequence[int], target: Callable[[Any], float]
) -> Callable[[Any, int], float]:
    """The ``match`` outcome of a deal played from match totals ``scores`` (the view's); ``target``
    gives the match total that decides the match from the rules (the scale of a lead)."""
    game = get_game(game_name)
    start = list(scores)

    def outcome(state: Any, side: int) -> float:
        match = game.new_match(state.rules, lambda _k: 0)
        match.totals = list(start)  # type: ignore[attr-defined]
        match.finish_deal(state)
        if match.over:
            winners = match.winners()
            return 1.0 / len(winners) if side in winners else 0.0
        totals = match.totals  # type: ignore[attr-defined]
        lead = totals[side] - max(t for k, t in enumerate(totals) if k != side)
        return 0.5 + 0.5 * math.tanh(lead / target(state.rules))

    return outcome
