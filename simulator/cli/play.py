"""`cardsim play`: a person at the table against the bots, in the terminal.

Textual (the `play` extra) is imported only here, inside the command, so the rest of the
command line starts without it, and a missing extra is one line and exit code 2.
"""

from __future__ import annotations

import importlib.util
import secrets
import sys
from typing import Annotated

import typer

from simulator.cli.common import user_errors
from simulator.errors import UserError
from simulator.games import GAME_MODULES
from simulator.limits import check_float

#: the longest --pace, in seconds
PACE_MAX = 60.0


@user_errors
def play(
    game: Annotated[str, typer.Option(metavar="GAME", help=f"One of {', '.join(GAME_MODULES)}.")] = "sweep",
    players: Annotated[
        int | None, typer.Option(metavar="N", help="Number of players (default: the game's).")
    ] = None,
    variant: Annotated[str | None, typer.Option(metavar="NAME", help="A preset of the game's rules.")] = None,
    set_: Annotated[
        list[str] | None, typer.Option("--set", metavar="KEY=VALUE", help="Rule override (repeatable).")
    ] = None,
    seat: Annotated[
        str, typer.Option(metavar="S[,S...]", help="Your seat, or seats (e.g. 0,2 for both partners).")
    ] = "0",
    opponents: Annotated[
        str,
        typer.Option(
            metavar="A,B,...",
            help="The other seats' strategies (names or YAML files): one for all, or one per seat in order.",
        ),
    ] = "montecarlo",
    seed: Annotated[
        int | None, typer.Option(metavar="N", help="Root seed of the cards (default: a new one).")
    ] = None,
    deal: Annotated[int, typer.Option(metavar="I", help="Deal index (match index with --match).")] = 0,
    match: Annotated[bool, typer.Option("--match", help="Play a whole match, deal after deal.")] = False,
    hint_strategy: Annotated[
        str, typer.Option(metavar="NAME", help="The strategy asked by `hint` (a name or a YAML file).")
    ] = "montecarlo",
    pace: Annotated[
        float,
        typer.Option(
            min=0, metavar="SECONDS", help="How long each move of the others stays before the next."
        ),
    ] = 0.6,
    ascii: Annotated[
        bool, typer.Option("--ascii", help="Suits as letters S H D C, for terminals without the symbols.")
    ] = False,
) -> None:
    """Play a seat (or several) against strategies: pick moves by number or type them.

    cardsim play --game seep --opponents heuristic --seed 7
    """
    if importlib.util.find_spec("textual") is None:
        raise UserError(
            "cardsim play needs Textual (the play extra of pyproject.toml)",
            fix="in a clone: .venv/bin/pip install 'textual>=1.0'",
        )
    from simulator.table.app import TableApp
    from simulator.table.options import table_config
    from simulator.table.session import SessionError

    try:
        check_float(pace, 0.0, PACE_MAX)
    except ValueError as exc:
        raise UserError(str(exc), "--pace") from None
    root = secrets.randbelow(1_000_000) if seed is None else seed
    config = table_config(
        game, players, variant, set_ or [], seat, opponents, root, deal, match, hint_strategy
    )
    if not in_terminal():
        raise UserError("cardsim play needs a terminal: run it without redirecting its input or output")
    try:
        table = TableApp(config, ascii=ascii, pace=pace)
    except SessionError as exc:  # a strategy failed before the first move: the fault is in its code
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(1) from None
    try:
        table.run()
    except KeyboardInterrupt:
        raise typer.Exit(130) from None


def in_terminal() -> bool:
    """The table is drawn on a terminal and read from its keyboard."""
    return sys.stdin.isatty() and sys.stdout.isatty()
