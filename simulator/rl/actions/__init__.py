"""Integer action ids for every move of each game (pure Python: the core install needs them too).

Each game's codec (``SWEEP_ACTIONS``, ``SEEP_ACTIONS``, ``SUECA_ACTIONS``; ``GAME.actions``) has
``size``, ``legal(moves)`` (id -> move for a position's legal moves), ``encode(move, state)``,
``decode(id, state)`` and ``describe(id)``. See slots.py for why the fishing games' ids are
relative to the position.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

_MODULES = {
    "sweep": "simulator.rl.actions.sweep",
    "seep": "simulator.rl.actions.seep",
    "sueca": "simulator.rl.actions.sueca",
}


class ActionCodec(Protocol):
    """A fixed action space of ``size`` ids in which every legal move of a position has one id."""

    size: int

    def legal(self, moves: Sequence[Any]) -> Mapping[int, Any]:
        """The id of every move of ``moves`` (one position's legal moves) -> that move."""

    def encode(self, move: Any, state: Any) -> int:
        """The id of ``move``, a legal move of ``state``; ``ValueError`` otherwise."""

    def decode(self, action: int, state: Any) -> Any:
        """The legal move of ``state`` whose id is ``action``; ``ValueError`` if there is none."""

    def describe(self, action: int) -> str:
        """What an id means, in words (for documentation and debugging)."""


def codec_for(game: str) -> ActionCodec:
    """The action codec of a game by name."""
    return importlib.import_module(_MODULES[game]).ACTIONS
