"""Sueca italienne: 5 players, point auction, secret called-card partner (rules/sueca_italienne.md)."""

from .game import GAME, SuecaGame
from .moves import Call, CallCard, Play, Trump
from .rules import SuecaRules, make_rules
from .state import IllegalMove, SuecaDeal
from .view import SuecaView

__all__ = [
    "GAME",
    "Call",
    "CallCard",
    "IllegalMove",
    "Play",
    "SuecaDeal",
    "SuecaGame",
    "SuecaRules",
    "SuecaView",
    "Trump",
    "make_rules",
]
