"""Seep (Punjabi partnership fishing game with houses): the public API of the engine.

Modules: ``game`` (the ``GAME`` object), ``rules`` (options, variants), ``moves``
(move tuples, text both ways), ``movegen`` (legal moves), ``floors`` (per-value
moves cached on loose values), ``combos`` (disjoint-set unions), ``movelist``
(legal moves built on access), ``state`` (a deal, its clone and full position),
``view`` (what a strategy sees), ``scoring`` (point tables), ``events`` (replay
events and their text), ``match`` (baazis), ``determinize`` (hidden cards
sampled consistently with a view).
"""

from __future__ import annotations

from simulator.games.seep.game import GAME
from simulator.games.seep.match import SeepMatch
from simulator.games.seep.movelist import MoveList, with_action
from simulator.games.seep.moves import (
    ACTION_NAMES,
    BID,
    BREAK,
    CAPTURE,
    HOUSE,
    THROW,
    SeepMove,
    move_text,
    parse_move,
)
from simulator.games.seep.rules import VARIANTS, SeepRules
from simulator.games.seep.scoring import HUNDRED_POINTS, THIRTY_POINTS, pile_points
from simulator.games.seep.state import SeepPosition, SeepState
from simulator.games.seep.view import HouseView, SeepView

__all__ = [
    "ACTION_NAMES",
    "BID",
    "BREAK",
    "CAPTURE",
    "GAME",
    "HOUSE",
    "HUNDRED_POINTS",
    "THIRTY_POINTS",
    "THROW",
    "VARIANTS",
    "HouseView",
    "MoveList",
    "SeepMatch",
    "SeepMove",
    "SeepPosition",
    "SeepRules",
    "SeepState",
    "SeepView",
    "move_text",
    "parse_move",
    "pile_points",
    "with_action",
]
