"""Uniform random play: the baseline every other strategy should beat."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from strategies.base import Strategy


class RandomStrategy(Strategy):
    """Picks uniformly among the legal moves with its own seeded RNG."""

    games: ClassVar[tuple[str, ...]] = ("sweep", "seep", "sueca")
    summary: ClassVar[str] = "Uniform over the legal moves (bids, trumps and calls included)."
    wants_view: ClassVar[bool] = False  # it never looks at the position

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        return moves[int(self.rng.random() * len(moves))]
