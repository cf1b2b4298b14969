"""`cardsim run CONFIG.yaml`: play a tournament and write its results."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from simulator.cli.common import console, user_errors
from simulator.errors import StrategyFailure, UserError

if TYPE_CHECKING:  # the runner is imported when a run starts (fast --help)
    from rich.console import Console


def _resume_command() -> str:
    """This command line again, without --fresh (which would drop the saved chunks; --force
    keeps them, and is still needed while another run's result is in the folder)."""
    argv = sys.argv[1:]
    if "run" not in argv:
        return "the same command"
    args = [a for a in argv[argv.index("run") + 1 :] if a != "--fresh"]
    return shlex.join(["cardsim", "run", *args])


@user_errors
def run(
    config: Annotated[
        Path,
        typer.Argument(
            metavar="CONFIG", help="Tournament YAML file, e.g. configs/tournaments/quickstart.yaml."
        ),
    ],
    deals: Annotated[
        int | None, typer.Option(metavar="N", help="Deal groups per lineup and variant.")
    ] = None,
    seed: Annotated[int | None, typer.Option(metavar="N", help="Root seed of the run.")] = None,
    jobs: Annotated[int | None, typer.Option(metavar="N", help="Worker processes (-1: every core).")] = None,
    out: Annotated[
        Path | None, typer.Option(metavar="DIR", help="Output folder (default results/<name>).")
    ] = None,
    variant: Annotated[
        list[str] | None,
        typer.Option(metavar="NAME", help="Variant preset to play (repeatable; replaces the file's)."),
    ] = None,
    unit: Annotated[
        str | None, typer.Option(metavar="deal|match", help="What a result is: a deal or a match.")
    ] = None,
    format: Annotated[
        str | None, typer.Option(metavar="FORMAT", help="head-to-head, round-robin, gauntlet or lineups.")
    ] = None,
    strategy: Annotated[
        list[str] | None,
        typer.Option(metavar="STRATEGY", help="Strategy YAML or name (repeatable; replaces the file's)."),
    ] = None,
    players: Annotated[int | None, typer.Option(metavar="N", help="Number of players.")] = None,
    chunk_size: Annotated[
        int | None, typer.Option(metavar="N", help="Deal groups per parallel task.")
    ] = None,
    backend: Annotated[
        str | None, typer.Option(metavar="loky|dask", help="loky (this machine) or dask.")
    ] = None,
    scheduler: Annotated[
        str | None, typer.Option(metavar="ADDRESS", help="Dask scheduler address, e.g. tcp://host:8786.")
    ] = None,
    sprt: Annotated[
        str | None,
        typer.Option(
            metavar="SPEC",
            help="Sequential test of a head-to-head run, e.g. elo0=0,elo1=5,alpha=0.05,beta=0.05.",
        ),
    ] = None,
    report: Annotated[
        bool, typer.Option("--report", help="Also write report.html at the end (see cardsim report).")
    ] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar or summary table.")] = False,
    fresh: Annotated[
        bool, typer.Option("--fresh", help="Drop the saved chunks of an interrupted run and start over.")
    ] = False,
    force: Annotated[
        bool, typer.Option("--force", help="Replace the results of another run in the output folder.")
    ] = False,
    resume_anyway: Annotated[
        bool,
        typer.Option(
            "--resume-anyway", help="Resume saved chunks played by other code (noted in the manifest)."
        ),
    ] = False,
    move_timeout: Annotated[
        float | None,
        typer.Option(
            metavar="SECONDS", help="Seconds a strategy may take for one move (0: no limit; default 60)."
        ),
    ] = None,
    scheduler_timeout: Annotated[
        float | None,
        typer.Option(
            metavar="SECONDS", help="Seconds to wait for the Dask scheduler to answer (default 10)."
        ),
    ] = None,
) -> None:
    """Play a tournament: strategies against each other over seeded deals, per variant."""
    from simulator.analysis.sprt import parse_sprt_option
    from simulator.cli.summary_table import print_summary
    from simulator.config import load_tournament

    overrides = {
        "deals": deals,
        "seed": seed,
        "jobs": jobs,
        "output": str(out) if out else None,
        "variants": variant,
        "unit": unit,
        "format": format,
        "strategies": strategy,
        "players": players,
        "chunk_size": chunk_size,
        "backend": backend,
        "scheduler": scheduler,
        "sprt": parse_sprt_option(sprt) if sprt else None,
        "move_timeout": move_timeout,
        "scheduler_timeout": scheduler_timeout,
    }
    from simulator.results import ResultsFolder
    from simulator.runner import RunInterrupted, run_tournament

    tournament = load_tournament(config, overrides)
    screen = console()
    try:
        result = run_tournament(
            tournament, quiet=quiet, fresh=fresh, force=force, resume_anyway=resume_anyway
        )
    except StrategyFailure as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(1) from None
    except RunInterrupted as exc:
        typer.echo(f"{exc}\n  resume with: {_resume_command()}", err=True)
        raise typer.Exit(exc.exit_code) from None
    except ImportError as exc:
        raise UserError(
            f"missing package for the {tournament.config.backend} backend: {exc}",
            "backend",
            "pip install -e '.[dask]' in a clone of cardsim (or pip install 'cardsim[dask]')",
        ) from None
    folder = ResultsFolder(result.out)
    files = f"results: {folder.deals}, {folder.summary}, {folder.manifest}"
    if result.already_complete:
        screen.print(
            f"nothing to play: the folder holds this run's complete results (--fresh plays again)\n{files}"
        )
        return
    if not quiet:
        print_summary(result.summary, tournament.config.unit, screen)
    played = result.deals_played
    rate = f", {played / result.seconds:,.0f} deals/s" if result.seconds > 0 and played else ""
    resumed = (
        f" (and {result.groups_resumed} deal groups resumed from an earlier run)"
        if result.groups_resumed
        else ""
    )
    screen.print(f"{played} deals played{resumed} in {result.seconds:.1f} s{rate}\n{files}")
    if result.replaced:
        screen.print(f"these results replace those of {result.replaced} (--force)")
    _after_run(result.out, report, screen)


def _after_run(out: Path, report: bool, screen: Console) -> None:
    """The SPRT's outcome, if any, and report.html when asked for."""
    from simulator.cli.report import sprt_line, write_report
    from simulator.results import read_manifest

    line = sprt_line(read_manifest(out) or {})
    if line:
        screen.print(line)
    if report:
        from simulator.stopping import StopRequested, StopSignals, exit_code

        # the run's files are complete: a stop signal now only abandons report.html (written atomically)
        try:
            with StopSignals().installed():
                path = write_report(out)
        except StopRequested as exc:
            screen.print(
                f"stopped while writing report.html; the run's results are complete: "
                f"`cardsim report {out}` writes it"
            )
            raise typer.Exit(exit_code(exc.signum)) from None
        screen.print(f"report: {path}")
