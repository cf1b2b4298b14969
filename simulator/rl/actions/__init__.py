"""Integer action ids for every move of each game (pure Python: the core install has them too).

Each game's codec is ``ACTIONS`` of simulator/rl/<game>/actions.py (:func:`codec_for`): ``size`` ids;
``encode(move)``, the ids of the move's steps from the move alone (one id for a Sueca move, a
trail or a throw; a capture is its card's head id, one id per card taken, then done: see
steps.py for why); ``decode(ids, state)``, the legal move those ids name; ``turn(view, moves)``,
a decision in progress whose ``options()`` are the ids legal now (the exact action mask);
``describe(id)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from simulator.games import game_part


class Decision(Protocol):
    """One move being decided step by step (``head``: -1 or the head id; ``selected``: cards)."""

    head: int
    selected: int
    move: Any

    def options(self) -> list[int]:
        """The ids legal now, increasing."""

    def step(self, action: int) -> None:
        """Take one legal id; ``ValueError`` otherwise."""


class ActionCodec(Protocol):
    """A fixed action space of ``size`` ids in which every legal move has one id sequence."""

    size: int
    #: the id of ``TAKE`` card 0 (then ``DONE`` at ``take + 52``); negative when no move has a set
    take: int

    def turn(self, view: Any, moves: Sequence[Any]) -> Decision:
        """A decision among ``moves``, the legal moves of the seat whose ``view`` is given."""

    def encode(self, move: Any) -> tuple[int, ...]:
        """The ids of ``move``'s steps, from the move alone."""

    def decode(self, action: int | Sequence[int], state: Any) -> Any:
        """The legal move of ``state`` whose steps are ``action``; ``ValueError`` if there is none."""

    def describe(self, action: int) -> str:
        """What an id means, in words (for documentation and debugging)."""


def codec_for(game: str) -> ActionCodec:
    """The action codec of a game by name: ``ACTIONS`` of simulator/rl/<game>/actions.py."""
    codec: ActionCodec = game_part(game, "simulator.rl").ACTIONS
    return codec
