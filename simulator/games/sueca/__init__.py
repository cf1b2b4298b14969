"""Sueca italienne: 5 players, point auction, secret called-card partner (docs/rules/sueca.md)."""

from .cards import PACK_CARDS, PACK_MASK, POINTS, STRENGTH, SUIT_PACK_MASK, TRUMP_BONUS, trick_value
from .determinize import determinize
from .game import GAME, SuecaGame
from .moves import (
    ACTION_NAMES,
    BID,
    BIDS,
    CALL_CARD,
    CALL_CARDS,
    NULS,
    NULS_MOVE,
    PASS,
    PASS_MOVE,
    PLAY,
    PLAYS,
    TRUMP,
    TRUMPS,
    SuecaMove,
    call_of,
    move_text,
    parse_move,
)
from .rules import MAX_BID, MIN_BID, NUM_PLAYERS, SuecaRules, make_rules
from .scoring import hand_scores, score_value
from .state import PHASE_NAMES, IllegalMove, SuecaPosition, SuecaState
from .view import SuecaView, TrickRecord

__all__ = [
    "ACTION_NAMES",
    "BID",
    "BIDS",
    "CALL_CARD",
    "CALL_CARDS",
    "GAME",
    "MAX_BID",
    "MIN_BID",
    "NULS",
    "NULS_MOVE",
    "NUM_PLAYERS",
    "PACK_CARDS",
    "PACK_MASK",
    "PASS",
    "PASS_MOVE",
    "PHASE_NAMES",
    "PLAY",
    "PLAYS",
    "POINTS",
    "STRENGTH",
    "SUIT_PACK_MASK",
    "TRUMP",
    "TRUMPS",
    "TRUMP_BONUS",
    "IllegalMove",
    "SuecaGame",
    "SuecaMove",
    "SuecaPosition",
    "SuecaRules",
    "SuecaState",
    "SuecaView",
    "TrickRecord",
    "call_of",
    "determinize",
    "hand_scores",
    "make_rules",
    "move_text",
    "parse_move",
    "score_value",
    "trick_value",
]
