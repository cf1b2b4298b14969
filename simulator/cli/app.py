"""The `cardsim` Typer application."""

from __future__ import annotations

import typer

from simulator.cli import bench, listing, replay, run
from simulator.tuning import configure_process

app = typer.Typer(
    help="cardsim: tournaments of strategies for Sweep, Seep and Sueca italienne.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
app.command("run")(run.run)
app.command("replay")(replay.replay)
app.command("bench")(bench.bench)
app.add_typer(listing.app, name="list")


def main() -> None:
    configure_process()
    app()
