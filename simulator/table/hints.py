"""A hint: what a strategy would play in the person's seat, and, for a search, how it rates the
moves it weighed.

The strategy sees what the seat sees (its view and legal moves) and nothing else, with an RNG of
its own, so asking for a hint changes nothing at the table. A strategy that searches (it has
``candidates(view, moves)`` and ``search(view)`` whose ``means(view, moves, rng)`` gives the mean
outcome of each move, as montecarlo has) is asked again on the same samples for the mean of
every candidate, so the ratings are those its choice was made on.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from simulator.plugins import StrategySpec
from simulator.seeding import derive_seed

#: candidate moves shown with their rating
TOP = 5


@dataclass(frozen=True)
class Hint:
    strategy: str
    move: Any
    #: the best-rated candidates with their mean outcome for the seat's side, best first (empty
    #: for a strategy that does not search)
    ratings: tuple[tuple[Any, float], ...]
    samples: int  # the samples the ratings average (0: no ratings)


def ask_hint(
    spec: StrategySpec, view: Any, moves: Sequence[Any], root: int, deal_index: int, decision: int
) -> Hint:
    """The hint at the person's ``decision``-th choice of the deal (seeded by it, so the same
    question gets the same answer)."""
    seed = derive_seed("hint", root, deal_index, view.seat, decision)
    agent = spec.build()
    agent.reset(random.Random(seed), view.seat, view.rules)
    move = agent.choose(view if agent.wants_view else None, moves)
    candidates: Callable[..., Sequence[Any]] | None = getattr(agent, "candidates", None)
    search: Callable[..., Any] | None = getattr(agent, "search", None)
    if candidates is None or search is None:
        return Hint(spec.name, move, (), 0)
    searcher = search(view)
    rate: Callable[..., list[float]] | None = getattr(searcher, "means", None)
    if rate is None:
        return Hint(spec.name, move, (), 0)
    weighed = list(candidates(view, moves))
    means = rate(view, weighed, random.Random(seed))
    ranked = sorted(zip(weighed, means, strict=True), key=lambda pair: -pair[1])[:TOP]
    return Hint(spec.name, move, tuple(ranked), int(getattr(searcher, "samples", 0)))
