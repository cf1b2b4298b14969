"""The Seep ``GAME`` object: what the runner, the replay and look-ahead strategies see of the game."""

from __future__ import annotations

from simulator.games.base import Game, GameSpec
from simulator.games.seep.determinize import determinize
from simulator.games.seep.events import render_event
from simulator.games.seep.match import SeepMatch
from simulator.games.seep.moves import move_text, parse_move
from simulator.games.seep.rules import VARIANT_DOCS, VARIANTS, make_rules
from simulator.games.seep.state import SeepState

GAME: Game = GameSpec(
    name="seep",
    title="Seep",
    allowed_players=(2, 3, 4),
    default_players=4,
    variants=VARIANTS,
    variant_docs=VARIANT_DOCS,
    side_columns={
        "card_points": "int",
        "sweep_points": "int",
        "sweeps": "int",
        "bid": "int",
        "bidder_side": "bool",
        "houses_built": "int",
    },
    match_columns={
        "match_won": "bool",
        "match_rounds": "int",
        "match_points": "int",
        "baazis_won": "int",
        "baazi_reason": "str",
    },
    state=SeepState,
    match=SeepMatch,
    make_rules=make_rules,
    determinize=determinize,
    render_event=render_event,
    move_text=move_text,
    parse_move=parse_move,
)
