"""`cardsim list games|variants|strategies`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from simulator.cli.common import HELP_OPTIONS, console, user_errors
from simulator.errors import UserError
from simulator.games import GAME_MODULES, available_games, get_game

app = typer.Typer(
    help="Show the games, variants and strategies that exist.",
    no_args_is_help=True,
    context_settings=HELP_OPTIONS,
)


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
    from rich.table import Table

    table = Table("game", "title", "players", "variants")
    for name in available_games():
        g = get_game(name)
        players = f"{', '.join(map(str, g.allowed_players))} (default {g.default_players})"
        table.add_row(name, g.title, players, ", ".join(g.variants))
    console().print(table)


@app.command("variants")
@user_errors
def list_variants(
    game: Annotated[str | None, typer.Option(metavar="GAME", help="Only this game.")] = None,
) -> None:
    """Each named variant with the rule options it changes."""
    from rich.table import Table

    table = Table("game", "variant", "changes", "meaning")
    for name in _games(game):
        g = get_game(name)
        for variant, changes in g.variants.items():
            text = ", ".join(f"{k}={v}" for k, v in changes.items()) or "(defaults)"
            table.add_row(name, variant, text, g.variant_docs.get(variant, ""))
    console().print(table)


def _params_text(pairs: list[tuple[str, str, object, str]]) -> str:
    return "; ".join(f"{p}: {t} = {d!r} ({h})" if h else f"{p}: {t} = {d!r}" for p, t, d, h in pairs) or "-"


def _of_another_game(param: str, game: str | None) -> bool:
    """Whether ``param`` is named after a game other than ``game`` (``<game>_...``, as the
    heuristic's weights are), so a listing for ``game`` leaves it out."""
    prefix = param.split("_", 1)[0]
    return game is not None and prefix != game and prefix in GAME_MODULES


@app.command("strategies")
@user_errors
def list_strategies(
    game: Annotated[
        str | None,
        typer.Option(
            metavar="GAME",
            help="Only strategies for this game, and only its parameters (a heuristic's weights are named "
            "<game>_<feature>).",
        ),
    ] = None,
    folder: Annotated[
        Path, typer.Option(metavar="DIR", help="Also list the strategy YAML files of this folder.")
    ] = Path("configs/strategies"),
) -> None:
    """Each registered plug-in with its games and parameters, then each strategy YAML file as it
    is written (its keys checked; its plug-in, which may be user code, and its params are loaded
    and validated when a run uses it)."""
    from rich.table import Table

    from simulator.plugins import all_registered, describe_params, load_class, read_strategy_file

    wanted = set(_games(game)) if game else None
    table = Table(title="plug-ins")
    table.add_column("name", no_wrap=True)
    table.add_column("games")
    table.add_column("parameters (name: type = default)", overflow="fold")
    table.add_column("description")
    registered_classes = {
        name: load_class(ref, f"strategy {name!r}", "plugin") for name, ref in all_registered().items()
    }
    for name, cls in registered_classes.items():
        if wanted and not wanted & set(cls.games):
            continue
        described = [row for row in describe_params(cls) if not _of_another_game(row[0], game)]
        table.add_row(name, ", ".join(cls.games), _params_text(described), cls.summary)
    console().print(table)
    files = sorted(folder.glob("*.yaml")) + sorted(folder.glob("*.yml")) if folder.is_dir() else []
    if not files:
        return
    rows = []
    for path in files:
        row = read_strategy_file(path)
        plugin = registered_classes.get(row.plugin)
        games = tuple(row.games) if row.games is not None else plugin.games if plugin else None
        if wanted and games is not None and not wanted & set(games):
            continue
        shown = {k: v for k, v in row.params.items() if not _of_another_game(k, game)}
        params = ", ".join(f"{k}={v!r}" for k, v in shown.items()) or "-"
        games_text = ", ".join(games) if games is not None else "(the plug-in's)"
        description = row.description or (plugin.summary if plugin else "")
        named = row.name if path.stem == row.name else f"{row.name} ({path.name})"
        rows.append((named, games_text, params, description))
    table = Table(title=f"strategy files in {folder}")
    # whole, never cut: what a tournament file names (the file too when it is not the name)
    table.add_column("name", no_wrap=True, min_width=max((len(r[0]) for r in rows), default=0))
    table.add_column("games")
    table.add_column("params", overflow="fold")
    table.add_column("description")
    for r in rows:
        table.add_row(*r)
    console().print(table)
