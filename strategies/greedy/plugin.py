"""One-ply greedy play, dispatched to a per-game rule of thumb.

Each game's rule is the module ``strategies.greedy.<game>``, found by the games' registry
(:func:`simulator.games.game_part`); it declares the names of :data:`GAME_MODULE_NAMES`:
``choose(view, moves, rng)`` and ``WANTS_VIEW`` (False when the rule reads only the moves, so
the runner need not build a view).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from simulator.games import game_part
from simulator.strategy import Strategy

#: what every ``strategies.greedy.<game>`` module declares (a test checks each declared game)
GAME_MODULE_NAMES = ("choose", "WANTS_VIEW")
_CHOOSERS: dict[str, tuple[Callable[..., Any], bool]] = {}


def _chooser(game: str) -> tuple[Callable[..., Any], bool]:
    """The game's ``choose`` and whether it reads the view."""
    if game not in _CHOOSERS:
        module = game_part(game, "strategies.greedy")
        _CHOOSERS[game] = (module.choose, module.WANTS_VIEW)
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
