"""`cardsim replay`: the event log of one deal (or match) of a run."""

from __future__ import annotations

from typing import Annotated

import typer

from simulator.cli.common import user_errors
from simulator.errors import UserError
from simulator.games import GAME_MODULES, get_game
from simulator.plugins import load_strategy
from simulator.replay import replay_log, to_jsonl, to_text
from simulator.variants import parse_set_options, resolve_variant


def seat_strategies(refs: list[str], num_players: int, sides: tuple[tuple[int, ...], ...]) -> list[str]:
    """One ref per seat, per side, or one for all, expanded to one per seat."""
    if len(refs) == num_players:
        return refs
    if len(refs) == len(sides):
        per_seat = [""] * num_players
        for k, seats in enumerate(sides):
            for s in seats:
                per_seat[s] = refs[k]
        return per_seat
    if len(refs) == 1:
        return refs * num_players
    raise UserError(
        f"got {len(refs)} strategies for {num_players} seats and {len(sides)} sides",
        "--strategies",
        "give one per seat, one per side, or one for all",
    )


@user_errors
def replay(
    game: Annotated[str, typer.Option(help=f"One of {', '.join(GAME_MODULES)}.")],
    seed: Annotated[int, typer.Option(help="Root seed of the run.")],
    deal: Annotated[int, typer.Option(help="Deal index (match index with --match).")] = 0,
    variant: Annotated[str, typer.Option(help="Variant preset.")] = "standard",
    players: Annotated[int | None, typer.Option(help="Number of players (default: the game's).")] = None,
    strategies: Annotated[str, typer.Option(help="Comma-separated names or YAML files.")] = "random",
    rotation: Annotated[
        int, typer.Option(help="Seat rotation of the run (selects the strategies' RNG).")
    ] = 0,
    set_: Annotated[
        list[str] | None, typer.Option("--set", help="Rule override KEY=VALUE (repeatable).")
    ] = None,
    match: Annotated[bool, typer.Option("--match", help="Play a whole match.")] = False,
    format: Annotated[str, typer.Option(help="text or jsonl.")] = "text",
) -> None:
    """Write the log of deal DEAL of a run with root seed SEED (DESIGN §7)."""
    if game not in GAME_MODULES:
        raise UserError(f"unknown game {game!r}", "--game", f"use one of {', '.join(GAME_MODULES)}")
    if format not in ("text", "jsonl"):
        raise UserError(f"unknown format {format!r}", "--format", "use text or jsonl")
    g = get_game(game)
    entry = {"base": variant, "name": variant, **parse_set_options(set_ or [])}
    v = resolve_variant(g, entry, players, "--variant/--set")
    refs = seat_strategies(
        [r.strip() for r in strategies.split(",") if r.strip()], v.rules.num_players, v.rules.sides
    )
    specs = []
    for ref in refs:
        spec = load_strategy(ref)
        if game not in spec.games:
            raise UserError(f"strategy {spec.name!r} does not play {game}", "--strategies")
        specs.append(spec)
    log = replay_log(g, v, seed, deal, specs, rotation=rotation, match=match)
    typer.echo(to_jsonl(log) if format == "jsonl" else to_text(g, log), nl=False)
    if log and log[-1]["type"] == "error":
        raise typer.Exit(1)
