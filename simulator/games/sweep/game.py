"""The Sweep ``GAME`` object: what the runner, strategies, replay and search see of the engine."""

from __future__ import annotations

from simulator.games.base import Game, GameSpec
from simulator.games.sweep.determinize import determinize
from simulator.games.sweep.events import render_event
from simulator.games.sweep.match import SweepMatch
from simulator.games.sweep.moves import move_text, parse_move
from simulator.games.sweep.rules import VARIANT_DOCS, VARIANTS, make_rules
from simulator.games.sweep.state import SweepState

GAME: Game = GameSpec(
    name="sweep",
    title="Sweep",
    allowed_players=(2, 3, 4),
    default_players=4,
    variants=VARIANTS,
    variant_docs=VARIANT_DOCS,
    side_columns={
        "cards": "int",
        "spades": "int",
        "ace_of_spades": "bool",
        "sweeps": "int",
        "cards_points": "int",
        "spades_points": "int",
        "ace_of_spades_points": "int",
        "sweep_points": "int",
    },
    match_columns={"match_won": "bool", "match_rounds": "int", "match_points": "int"},
    state=SweepState,
    match=SweepMatch,
    make_rules=make_rules,
    determinize=determinize,
    render_event=render_event,
    move_text=move_text,
    parse_move=parse_move,
)
