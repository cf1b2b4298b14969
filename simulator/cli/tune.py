"""`cardsim tune STRATEGY.yaml`: tune a strategy's numeric params against opponents (SPSA)."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from simulator.cli.common import console, user_errors
from simulator.errors import StrategyFailure, UserError
from simulator.limits import JOBS_MAX, SEED_MAX

if TYPE_CHECKING:
    from simulator.config import Tournament
    from simulator.plugins import StrategySpec
    from simulator.tune.session import Tuning

SOURCE = "cardsim tune"
#: the command-line option of each tournament key the tuning sets
OPTIONS = {"game": "--game", "players": "--players", "variants": "--variant", "strategies": "--against"}


def _command(strategy: Path, game: str, against: list[str], options: dict[str, Any]) -> str:
    """The command that tunes the same way, from the parsed values (not from ``sys.argv``, which
    holds another program's words when the command runs inside one): every option that decides
    the result, those left at their default too."""
    words = ["cardsim", "tune", str(strategy), "--game", game]
    for opponent in against:
        words += ["--against", opponent]
    for option, value in options.items():
        if value is not None:
            words += [option, str(value)]
    return shlex.join(words)


def _start_spec(strategy: Path) -> tuple[StrategySpec, dict[str, Any]]:
    import yaml

    from simulator.plugins import spec_from_yaml

    spec = spec_from_yaml(strategy)
    return spec, yaml.safe_load(strategy.read_text())


def _opponent_entries(start: StrategySpec, against: list[str]) -> list[str]:
    """The opponents' references; one named like the start plays as its copy ``@2``."""
    from simulator.plugins import load_strategy

    entries = []
    for ref in against:
        spec = load_strategy(ref, "--against")
        entries.append(f"{ref}@2" if spec.name == start.name else ref)
    return entries


def _base_tournament(
    strategy: Path,
    game: str,
    players: int | None,
    variant: str,
    opponents: list[str],
    options: dict[str, Any],
) -> Tournament:
    """The start strategy (first) against the opponents, resolved as `cardsim run` resolves a file."""
    from pydantic import ValidationError

    from simulator.config import TournamentConfig, resolve
    from simulator.errors import pydantic_location

    raw = {
        "name": "tune",
        "game": game,
        "players": players,
        "variants": [variant],
        "strategies": [str(strategy), *opponents],
        "format": "gauntlet",
        **options,
    }
    try:
        cfg = TournamentConfig.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        key = str(err["loc"][0]) if err["loc"] else ""
        raise UserError(
            err["msg"], OPTIONS.get(key, "--" + pydantic_location(err["loc"]).replace("_", "-"))
        ) from None
    return resolve(cfg, SOURCE, Path.cwd(), frozenset(raw))


@user_errors
def tune(
    strategy: Annotated[
        Path,
        typer.Argument(
            metavar="STRATEGY", help="Strategy YAML file to tune, e.g. configs/strategies/heuristic.yaml."
        ),
    ],
    game: Annotated[str, typer.Option(metavar="GAME", help="Game to tune for: sweep, seep or sueca.")],
    against: Annotated[
        list[str],
        typer.Option(
            metavar="OPPONENT",
            help="Opponent: a strategy YAML or name (repeatable: a gauntlet; the start file: self-play).",
        ),
    ],
    players: Annotated[int | None, typer.Option(metavar="N", help="Number of players.")] = None,
    variant: Annotated[str, typer.Option(metavar="NAME", help="Variant preset to tune in.")] = "standard",
    params: Annotated[
        str | None,
        typer.Option(
            metavar="NAME[=LO:HI],...",
            help="Params to tune, with optional bounds (default: every numeric param of the game).",
        ),
    ] = None,
    budget: Annotated[
        int,
        typer.Option(
            metavar="DEALS", min=1, max=10**10, help="Deals the tuning plays (both candidates counted)."
        ),
    ] = 20_000,
    groups: Annotated[
        int,
        typer.Option(
            metavar="N", min=1, max=100_000, help="Deal groups per candidate and opponent per iteration."
        ),
    ] = 8,
    seed: Annotated[
        int, typer.Option(metavar="N", min=0, max=SEED_MAX, help="Seed of the tuning's deals.")
    ] = 0,
    jobs: Annotated[
        int, typer.Option(metavar="N", min=-JOBS_MAX, max=JOBS_MAX, help="Worker processes (-1: every core).")
    ] = -1,
    verify: Annotated[
        int,
        typer.Option(
            metavar="GROUPS", min=0, max=10**7, help="Deal groups of the verification match (0: none)."
        ),
    ] = 1000,
    name: Annotated[str | None, typer.Option(metavar="NAME", help="Name of the tuned strategy.")] = None,
    out: Annotated[
        Path | None, typer.Option(metavar="DIR", help="Tuning folder (default results/tune-<name>-<game>).")
    ] = None,
    backend: Annotated[str, typer.Option(metavar="loky|dask", help="loky (this machine) or dask.")] = "loky",
    scheduler: Annotated[
        str | None, typer.Option(metavar="ADDRESS", help="Dask scheduler address, e.g. tcp://host:8786.")
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
    fresh: Annotated[
        bool, typer.Option("--fresh", help="Drop the saved state in the folder (of this or another tuning).")
    ] = False,
) -> None:
    """Tune a strategy's numeric params (SPSA on paired deal groups), then verify the result."""
    if jobs == 0:
        raise UserError("0 workers cannot play", "--jobs", "use a count of workers, or -1 for every core")
    if scheduler and backend != "dask":
        raise UserError(f"a scheduler address ({scheduler}) is only used with --backend dask", "--scheduler")
    from simulator.config import effective_jobs
    from simulator.folder import claim
    from simulator.plugins import load_class
    from simulator.tune.session import Tuning
    from simulator.tune.space import build_space, parse_params_option

    chosen = parse_params_option(params)
    start, raw = _start_spec(strategy)
    base = _base_tournament(
        strategy,
        game,
        players,
        variant,
        _opponent_entries(start, against),
        {"seed": seed, "jobs": jobs, "backend": backend, "scheduler": scheduler},
    )
    start = base.strategies[0]
    model = load_class(start.plugin, start.source, "plugin").Params
    space = build_space(model, dict(start.params), chosen, game, str(strategy))
    options = {
        "--players": players, "--variant": variant, "--params": params, "--budget": budget,
        "--groups": groups, "--seed": seed, "--jobs": jobs, "--verify": verify, "--name": name,
        "--out": out, "--backend": backend, "--scheduler": scheduler,
    }  # fmt: skip
    command = _command(strategy, game, against, options)
    tuning = Tuning(base, space, budget, groups, seed, effective_jobs(jobs), command, str(strategy))
    per = tuning.evaluator.deals_per_iteration()
    if tuning.iterations < 1:
        raise UserError(
            f"a budget of {budget} deals is less than one iteration ({per} deals: 2 candidates x "
            f"{len(base.strategies) - 1} opponent(s) x {groups} deal groups x their deals)",
            "--budget",
            f"give --budget {per} or more (a tuning wants hundreds of iterations), or fewer --groups",
        )
    tuned_name = name or f"{start.name}-tuned"
    if tuned_name == start.name:
        raise UserError(f"the tuned strategy needs a name other than {start.name!r}", "--name")
    folder = out or Path("results") / f"tune-{start.name}-{game}"
    with claim(folder):
        _tune_in(folder, tuning, raw, tuned_name, str(strategy), verify, fresh=fresh, quiet=quiet)


def _tune_in(
    folder: Path,
    tuning: Tuning,
    raw: dict[str, Any],
    tuned_name: str,
    start_ref: str,
    verify_groups: int,
    *,
    fresh: bool,
    quiet: bool,
) -> None:
    """The tuning once its folder is held: iterate (or resume), write the files, verify."""
    from simulator.runner import RunInterrupted
    from simulator.tune.outputs import write_history, write_report, write_tuned_yaml
    from simulator.tune.session import TuneInterrupted, run_tuning
    from simulator.tune.verify import verification, verify

    screen = console()
    try:
        state = run_tuning(tuning, folder, fresh=fresh, quiet=quiet)
    except TuneInterrupted as exc:
        typer.echo(f"{exc}\n  resume with: {tuning.command}", err=True)
        raise typer.Exit(exc.exit_code) from None
    except StrategyFailure as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(1) from None
    game = tuning.base.game.name
    tuned_path = folder / f"{tuned_name}.yaml"
    write_tuned_yaml(tuned_path, raw, tuned_name, state, [game])
    history = write_history(folder, state)
    screen.print(f"{state.iteration} iterations, {state.deals} deals played by the tuning")
    screen.print(f"tuned strategy: {tuned_path}\nhistory: {history}")
    verdict = None
    if verify_groups:
        match = verification(tuning.base, tuned_path, start_ref, verify_groups, tuning.seed, folder)
        try:
            verdict = verify(match, quiet)
        except RunInterrupted as exc:
            typer.echo(f"{exc}\n  resume with: {tuning.command}", err=True)
            raise typer.Exit(exc.exit_code) from None
        screen.print(verdict.text)
    screen.print(f"report: {write_report(folder, state, verdict)}")
