"""`cardsim view`: one deal (or match) drawn as a self-contained HTML page to step through.

The deal is named as `cardsim replay` names it (a run's folder, a tournament file,
or --game, --seed and --strategies), or read from a `cardsim-replay/1` log file.
"""

from __future__ import annotations

import json
import re
import webbrowser
from pathlib import Path
from typing import Annotated, Any

import typer

from simulator.cli.common import user_errors
from simulator.cli.deal_options import (
    DealOption,
    GameOption,
    LineupOption,
    PlayersOption,
    RotationOption,
    RuleOverridesOption,
    SeedOption,
    StrategiesOption,
    VariantOption,
)
from simulator.cli.replay import resolve_deal
from simulator.errors import UserError


def page_name(variant: str, lineup: int, deal: int, rotation: int) -> str:
    """The file name of a deal's page, as the report links it."""
    slug = re.sub(r"[^A-Za-z0-9_.-]+", "-", variant)
    return f"{slug}-lineup{lineup}-deal{deal}-rotation{rotation}.html"


def _read_log(path: Path) -> list[dict[str, Any]]:
    from simulator.replay import FORMAT
    from simulator.view.states import read_log

    try:
        log = read_log(path.read_text())
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise UserError(
            f"cannot read the replay log ({exc})", str(path), "give a `--format jsonl` log"
        ) from None
    if not any(isinstance(e, dict) and e.get("format") == FORMAT for e in log):
        raise UserError(
            f"not a {FORMAT} log: no deal event",
            str(path),
            "write one with cardsim replay ... --format jsonl",
        )
    return log


def _is_log(source: Path | None) -> bool:
    """A replay log: a ``.jsonl`` file, or any file whose text starts as JSON Lines does."""
    if source is None or not source.is_file():
        return False
    if source.suffix == ".jsonl":
        return True
    with source.open("rb") as f:
        return f.read(1) == b"{"


@user_errors
def view(
    source: Annotated[
        Path | None,
        typer.Argument(
            metavar="RUN",
            help="A run's output folder, a tournament file, or a replay log (cardsim replay --format jsonl).",
        ),
    ] = None,
    deal: DealOption = 0,
    rotation: RotationOption = 0,
    variant: VariantOption = None,
    lineup: LineupOption = None,
    game: GameOption = None,
    seed: SeedOption = None,
    players: PlayersOption = None,
    strategies: StrategiesOption = None,
    set_: RuleOverridesOption = None,
    match: Annotated[
        bool, typer.Option("--match", help="Draw a whole match (the default for a match run).")
    ] = False,
    seat: Annotated[
        int | None, typer.Option(metavar="S", help="Show only what this seat sees (default: every hand).")
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out", "-o", metavar="FILE", help="The page to write (default: RUN/deals/... or ./...)."
        ),
    ] = None,
    open_: Annotated[bool, typer.Option("--open", help="Open the page in the web browser.")] = False,
) -> None:
    """Write a page that draws one deal move by move (arrow keys step): docs/viewer.md.

    cardsim view results/quickstart --variant standard --deal 17 --rotation 1 --open
    """
    from simulator.replay import replay_log
    from simulator.view.page import render_page

    if _is_log(source):
        assert source is not None
        log = _read_log(source)
        default = source.with_suffix(".html")
    else:
        g, v, root, specs, unit, seconds = resolve_deal(
            source, game, seed, deal, variant, lineup, players, strategies, rotation, set_
        )
        log = replay_log(g, v, root, deal, specs, rotation, match or unit == "match", seconds or None)
        name = page_name(v.name, lineup or 0, deal, rotation)
        default = source / "deals" / name if source is not None and source.is_dir() else Path(name)
    if log and log[0]["type"] == "error":  # a strategy failed before the first card: nothing to draw
        fault = log[0]
        typer.echo(f"nothing to draw: strategy {fault['strategy']!r} {fault['message']}", err=True)
        raise typer.Exit(1)
    players_of_log = next(e["players"] for e in log if e["type"] == "deal")
    if seat is not None and not 0 <= seat < players_of_log:
        raise UserError(f"seat {seat} is out of range", "--seat", f"use 0 to {players_of_log - 1}")
    path = out or default
    if path.is_dir():  # --out names a folder: the page goes in it, under its default name
        path = path / default.name
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(render_page(log, seat))
    except OSError as exc:
        raise UserError(f"cannot write the page: {exc.strerror}", str(path), "choose another --out") from None
    typer.echo(f"deal page: {path}")
    if log[-1]["type"] == "error":
        typer.echo(f"the deal ended on an error: {log[-1]['message']}", err=True)
    if open_:
        webbrowser.open(path.resolve().as_uri())
