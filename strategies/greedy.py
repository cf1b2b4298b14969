"""One-ply greedy play, dispatched to a per-game rule of thumb."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from strategies.base import Strategy

_CHOOSERS: dict[str, tuple[Callable[..., Any], bool]] = {}


def _chooser(game: str) -> tuple[Callable[..., Any], bool]:
    """The game's ``choose`` and whether it reads the view (a module's ``WANTS_VIEW``, default True)."""
    if game not in _CHOOSERS:
        module = importlib.import_module(f"strategies.greedy_{game}")
        _CHOOSERS[game] = (module.choose, getattr(module, "WANTS_VIEW", True))
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

    def reset(self, rng: Any, seat: int, rules: Any) -> None:
        super().reset(rng, seat, rules)
        self._choose, self.wants_view = _chooser(rules.game_name())  # type: ignore[misc]

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        return self._choose(view, moves, self.rng)
