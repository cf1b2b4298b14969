"""Sweep, the Sri Lankan fishing game (rules: docs/rules/sweep.md).

``GAME`` is the module-level object of the ``Game`` protocol (simulator/games/base.py).
Strategies use only what this package exports: the move type and its action constants,
the view, the state and its position, the rules, and ``GAME.determinize`` for look-ahead.
"""

from __future__ import annotations

from simulator.games.sweep.game import GAME
from simulator.games.sweep.match import SweepMatch
from simulator.games.sweep.moves import ACTION_NAMES, BUILD, CAPTURE, TRAIL, SweepMove, move_text, parse_move
from simulator.games.sweep.rules import SweepRules, make_rules
from simulator.games.sweep.state import SweepPosition, SweepState
from simulator.games.sweep.view import Build, SweepView

__all__ = [
    "ACTION_NAMES",
    "BUILD",
    "CAPTURE",
    "GAME",
    "TRAIL",
    "Build",
    "SweepMatch",
    "SweepMove",
    "SweepPosition",
    "SweepRules",
    "SweepState",
    "SweepView",
    "make_rules",
    "move_text",
    "parse_move",
]
