"""Uniform random play: the baseline every other strategy should beat.

Compiled by mypyc (compiled.txt): in a random-vs-random run ``choose`` is called at every
decision, and interpreted its frame cost about a tenth of a Sweep deal. A plug-in may still
derive from it in plain Python (``allow_interpreted_subclasses``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from simulator.strategy import Strategy


@mypyc_attr(allow_interpreted_subclasses=True)
class RandomStrategy(Strategy):
    """Picks uniformly among the legal moves with its own seeded RNG."""

    games: ClassVar[tuple[str, ...]] = ("sweep", "seep", "sueca")
    summary: ClassVar[str] = "Uniform over the legal moves (bids, trumps and calls included)."
    wants_view: ClassVar[bool] = False  # it never looks at the position

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        return moves[int(self.rng.random() * len(moves))]
