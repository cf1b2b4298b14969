"""Seep's reinforcement-learning pieces, found from the game's name by one convention
(``simulator.games.game_part(game, "simulator.rl")``): its action ids and codec (``ACTIONS``,
actions.py), the environments' step masks (``TURN``, masks.py) and its observation vector
(``LAYOUT``, ``encode``, observe.py)."""

from __future__ import annotations

from simulator.rl.seep.actions import ACTIONS
from simulator.rl.seep.masks import TURN
from simulator.rl.seep.observe import LAYOUT, encode

__all__ = ["ACTIONS", "LAYOUT", "TURN", "encode"]
