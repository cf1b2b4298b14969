"""Integer action ids for every move of each game (pure Python: the core install has them too).

Each game's codec is ``GAME.actions`` (simulator/games/<game>/actions.py): ``size``,
``legal(moves)`` (id -> move for one position's legal moves), ``encode(move, state)``,
``decode(id, state)`` and ``describe(id)``. slots.py holds the card x slot codec of the fishing
games and says why their ids are relative to the position.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import Any, Protocol


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
    """The action codec of a game by name (also ``GAME.actions``)."""
    return importlib.import_module(f"simulator.games.{game}.actions").ACTIONS
