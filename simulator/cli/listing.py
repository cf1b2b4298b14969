"""`cardsim list games|variants|strategies`."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from simulator.cli.common import console, user_errors
from simulator.errors import UserError
from simulator.games import GAME_MODULES, available_games, get_game
from simulator.plugins import all_registered, describe_params, load_class

app = typer.Typer(help="Show the games, variants and strategies that exist.", no_args_is_help=True)


def _games(game: str | None) -> list[str]:
    if game is None:
        return available_games()
    if game not in GAME_MODULES:
        raise UserError(f"unknown game {game!r}", "--game", f"use one of {', '.join(GAME_MODULES)}")
    return [game]


@app.command("games")
@user_errors
def list_games() -> None:
    """Each game with its player counts and variants."""
    table = Table("game", "title", "players", "variants")
    for name in available_games():
        g = get_game(name)
        table.add_row(name, g.title, ", ".join(map(str, g.allowed_players)), ", ".join(g.variants))
    console().print(table)


@app.command("variants")
@user_errors
def list_variants(game: Annotated[str | None, typer.Option(help="Only this game.")] = None) -> None:
    """Each named variant with the rule options it changes."""
    table = Table("game", "variant", "changes", "meaning")
    for name in _games(game):
        g = get_game(name)
        for variant, changes in g.variants.items():
            text = ", ".join(f"{k}={v}" for k, v in changes.items()) or "(defaults)"
            table.add_row(name, variant, text, g.variant_docs.get(variant, ""))
    console().print(table)


@app.command("strategies")
@user_errors
def list_strategies(
    game: Annotated[str | None, typer.Option(help="Only strategies for this game.")] = None,
) -> None:
    """Each registered plug-in with its games and parameters."""
    wanted = _games(game) if game else None
    table = Table("name", "games", "parameters", "description")
    for name, ref in all_registered().items():
        cls = load_class(ref, f"strategy {name!r}", "plugin")
        if wanted and not set(wanted) & set(cls.games):
            continue
        params = (
            "; ".join(
                f"{p}: {t} = {d!r} ({h})" if h else f"{p}: {t} = {d!r}" for p, t, d, h in describe_params(cls)
            )
            or "-"
        )
        table.add_row(name, ", ".join(cls.games), params, cls.summary)
    console().print(table)
