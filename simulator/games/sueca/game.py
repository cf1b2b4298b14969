"""The Sueca ``GAME`` object: what the runner, replay, search and learning use of this package."""

from __future__ import annotations

from simulator.games.base import Game, GameSpec
from simulator.games.sueca.determinize import determinize
from simulator.games.sueca.events import render_event
from simulator.games.sueca.match import SuecaMatch
from simulator.games.sueca.moves import move_text, parse_move
from simulator.games.sueca.rules import NUM_PLAYERS, VARIANT_DOCS, VARIANTS, make_rules
from simulator.games.sueca.state import SuecaState

GAME: Game = GameSpec(
    name="sueca",
    title="Sueca italienne",
    allowed_players=(NUM_PLAYERS,),
    default_players=NUM_PLAYERS,
    variants=VARIANTS,
    variant_docs=VARIANT_DOCS,
    side_columns={
        "declarer": "bool",
        "declarer_seat": "int",
        "is_partner": "bool",
        "contract": "str",
        "bid": "int",  # null for nuls
        "trump": "str",  # null for nuls
        "called_card": "str",  # null for nuls
        "partner_seat": "int",  # null for nuls
        "team_points": "int",
        "own_points": "int",
        "made": "bool",
        "hand_score": "int",
        "passouts": "int",  # deals thrown in (all passed) before this hand was played
    },
    match_columns={"match_won": "bool", "match_rounds": "int", "match_points": "int"},
    state=SuecaState,
    match=SuecaMatch,
    make_rules=make_rules,
    determinize=determinize,
    render_event=render_event,
    move_text=move_text,
    parse_move=parse_move,
)
