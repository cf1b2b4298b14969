"""One-ply greedy play, dispatched to a per-game rule of thumb."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from strategies.base import Strategy

_CHOOSERS: dict[str, Callable[..., Any]] = {}


def _chooser(game: str) -> Callable[..., Any]:
    if game not in _CHOOSERS:
        _CHOOSERS[game] = importlib.import_module(f"strategies.greedy_{game}").choose
    return _CHOOSERS[game]


class GreedyStrategy(Strategy):
    """Sweep: the capture with most cards, else trail the lowest card. Seep: the
    capture worth most points, else a cheap throw. Sueca: bids from hand
    strength, calls the highest missing trump, wins tricks cheaply when points
    are on the table."""

    games: ClassVar[tuple[str, ...]] = ("sweep", "seep", "sueca")
    summary: ClassVar[str] = (
        "Best immediate gain: Sweep most cards, Seep most points, Sueca bids on hand strength "
        "and wins tricks cheaply."
    )

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        return _chooser(view.game)(view, moves, self.rng)
