"""The `cardsim` Typer application.

Heavy libraries (polars, scipy, joblib) are imported inside the commands that
use them, so `cardsim --help`, `cardsim list ...` and shell completion start
quickly; tests/cli/test_app.py checks that importing this module loads none.
"""

from __future__ import annotations

import gc
from typing import Annotated

import typer

from simulator import __version__
from simulator.cli import bench, listing, new, play, replay, report, run, tune, view
from simulator.cli.common import HELP_OPTIONS
from simulator.tuning import configure_process

app = typer.Typer(
    help="cardsim: tournaments of strategies for Sweep, Seep and Sueca italienne.",
    epilog="Documentation: docs/ in the repository (make docs builds it as a website).",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings=HELP_OPTIONS,
)


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"cardsim {__version__}")
        raise typer.Exit()


@app.callback()
def cardsim(
    version: Annotated[
        bool,
        typer.Option(
            "--version", "-V", callback=_print_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    """cardsim: tournaments of strategies for Sweep, Seep and Sueca italienne."""


app.command("run")(run.run)
app.command("replay")(replay.replay)
app.command("bench")(bench.bench)
app.command("report")(report.report)
app.command("view")(view.view)
app.command("play")(play.play)
app.command("tune")(tune.tune)
app.add_typer(listing.app, name="list")
app.add_typer(new.app, name="new")


def main() -> None:
    configure_process()
    try:
        app()
    finally:
        # the process ends here: whatever it still holds needs no collecting, and the interpreter's
        # final collection would walk every object of every imported library (a sixth of a
        # quick command's time); files and workers are closed by their own code and atexit hooks
        gc.freeze()
