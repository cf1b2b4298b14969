"""The options that name one deal of a run, shared by `cardsim replay` and `cardsim view`
(the same words and metavars in both helps; simulator/cli/replay.py resolves them)."""

from __future__ import annotations

from typing import Annotated

import typer

from simulator.games import GAME_MODULES

GameOption = Annotated[str | None, typer.Option(metavar="GAME", help=f"One of {', '.join(GAME_MODULES)}.")]
SeedOption = Annotated[int | None, typer.Option(metavar="N", help="Root seed of the run.")]
DealOption = Annotated[int, typer.Option(metavar="I", help="Deal index (match index with --match).")]
VariantOption = Annotated[
    str | None, typer.Option(metavar="NAME", help="Variant: a preset, or a variant name of RUN.")
]
LineupOption = Annotated[
    int | None, typer.Option(metavar="K", help="Lineup index of RUN (default: the only one).")
]
PlayersOption = Annotated[
    int | None, typer.Option(metavar="N", help="Number of players (default: the game's).")
]
StrategiesOption = Annotated[
    str | None,
    typer.Option(metavar="A,B,...", help="Names or YAML files: per seat, per side, or one for all."),
]
RotationOption = Annotated[
    int, typer.Option(metavar="R", help="Seat rotation of the run (who holds which side, and the RNGs).")
]
RuleOverridesOption = Annotated[
    list[str] | None, typer.Option("--set", metavar="KEY=VALUE", help="Rule override (repeatable).")
]
