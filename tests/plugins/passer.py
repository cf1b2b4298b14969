"""A Sueca strategy that passes whenever it may, to test the pass-out figures."""

from __future__ import annotations

from typing import Any, ClassVar

from simulator.games.sueca.moves import PASS_MOVE
from strategies.base import Strategy


class Passer(Strategy):
    """Passes in every auction (so a table of five passers always throws in); plays at random."""

    games: ClassVar[tuple[str, ...]] = ("sueca",)

    def choose(self, view: Any, moves: Any) -> Any:
        return PASS_MOVE if PASS_MOVE in moves else moves[self.rng.randrange(len(moves))]
