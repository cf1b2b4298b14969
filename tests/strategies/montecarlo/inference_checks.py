"""Checks every game's inference from play shares: the floor cuts only what falls below it, and the
search's choice reads only its view."""

from __future__ import annotations

import random
from typing import Any

from strategies.montecarlo import MonteCarloStrategy


def assert_choice_reads_only_the_view(game: Any, state: Any, seat: int, params: dict[str, Any]) -> None:
    """Montecarlo with ``params`` chooses the same move from ``state`` and from another deal the
    game's sampler draws behind the same view of ``seat`` (other hidden hands, same RNG seed)."""
    view = state.view(seat)
    other = next(
        s for s in (game.determinize(view, random.Random(k)) for k in range(50)) if s.hands != state.hands
    )
    assert other.view(seat) == view
    picks = []
    for deal in (state, other):
        agent = MonteCarloStrategy(MonteCarloStrategy.Params(**params))
        agent.reset(random.Random(8), seat, state.rules)
        picks.append(agent.choose(deal.view(seat), deal.legal_moves()))
    assert picks[0] == picks[1]


def assert_floor_only_cuts_below_it(game: Any, likelihood: Any, view: Any, weight: float, draws: int) -> None:
    """``likelihood`` (a game's ``INFERENCE``) with a ``floor`` equals the full value when that is at
    least the floor, and is below the floor otherwise, on ``draws`` deals sampled behind ``view``."""
    for k in range(draws):
        deal = game.determinize(view, random.Random(k))
        full = likelihood(view, deal, weight, 12)
        for floor in (-0.5, -3.0, -50.0):
            cut = likelihood(view, deal, weight, 12, floor)
            assert cut == full if full >= floor else cut < floor
