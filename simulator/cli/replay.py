"""`cardsim replay`: the event log of one deal (or match) of a run.

The deal is named either by a finished run's folder (its manifest gives the
game, seed, variants, strategies and seat order), by a tournament file (its
variant names, strategies and lineups), or by hand with --game, --seed,
--variant and --strategies.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

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
from simulator.errors import UserError
from simulator.games import GAME_MODULES, get_game
from simulator.limits import DEALS_MAX, SEED_MAX, TIMEOUT_MAX, check_float
from simulator.watchdog import DEFAULT_MOVE_TIMEOUT

if TYPE_CHECKING:  # pydantic and the engines load when a replay starts (fast --help)
    from simulator.games.base import Game
    from simulator.plugins import StrategySpec
    from simulator.variants import Variant


@dataclass(frozen=True)
class RunSource:
    """What a run folder or tournament file says about its deals."""

    where: str
    game: Game
    seed: int
    deals: int | None  # deal groups of the run (None: a tournament file run with other --deals)
    unit: str
    variants: tuple[Variant, ...]
    lineups: tuple[tuple[tuple[str, ...], ...], ...]  # per variant: strategy names per side
    specs: dict[str, StrategySpec]
    move_timeout: float  # seconds a move may take (0: no limit)


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


def _from_results(folder: Path) -> RunSource:
    from simulator.plugins import spec_from_record
    from simulator.results import ResultsFolder, read_manifest
    from simulator.variants import Variant

    path = ResultsFolder(folder).manifest
    if not path.is_file():
        raise UserError(
            "no manifest.json: not the output folder of a run", str(folder), "give the --out folder of a run"
        )
    try:
        m = read_manifest(folder)
        if m is None:
            raise ValueError("unreadable, or not a JSON object")
        cfg = m["config"]
        game = get_game(cfg["game"])
        variants = tuple(
            Variant(v["name"], v["base"], v["overrides"], game.make_rules(v["rules"])) for v in m["variants"]
        )
        lineups = tuple(tuple(tuple(label.split(" vs ")) for label in v["lineups"]) for v in m["variants"])
        specs = {
            s["name"]: spec_from_record(s["name"], s["plugin"], s["params"], s.get("source", str(path)))
            for s in m["strategies"]
        }
        return RunSource(
            str(folder),
            game,
            int(m["root_seed"]),
            int(cfg["deals"]),
            cfg["unit"],
            variants,
            lineups,
            specs,
            float(cfg.get("move_timeout", DEFAULT_MOVE_TIMEOUT)),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise UserError(
            f"manifest.json is not one cardsim can read ({type(exc).__name__}: {exc})",
            str(path),
            "replay with --game, --seed, --variant and --strategies instead",
        ) from None


def _from_tournament(path: Path, seed: int | None) -> RunSource:
    from simulator.config import load_tournament

    t = load_tournament(path, {"seed": seed})
    lineups = tuple(tuple(lu.strategies for lu in per_variant) for per_variant in t.lineups)
    specs = {s.name: s for s in t.strategies}
    cfg = t.config
    return RunSource(
        str(path), t.game, cfg.seed, None, cfg.unit, t.variants, lineups, specs, cfg.move_timeout
    )


def _pick(items: list[str], chosen: str | None, option: str, where: str) -> int:
    """Index of the named item; the only one when there is one."""
    if chosen is None:
        if len(items) == 1:
            return 0
        raise UserError(f"the run has several ({', '.join(items)})", option, f"choose one with {option} NAME")
    if chosen not in items:
        raise UserError(f"no {chosen!r} in {where}", option, f"choose one of {', '.join(items)}")
    return items.index(chosen)


def _check_range(value: int, stop: int, option: str, meaning: str) -> None:
    if not 0 <= value < stop:
        raise UserError(f"{meaning} {value:,} is out of range", option, f"use 0 to {stop - 1:,}")


def _check_seconds(value: float, option: str) -> None:
    try:
        check_float(value, 0.0, TIMEOUT_MAX)
    except ValueError as exc:
        raise UserError(str(exc), option, "0 means no limit") from None


@user_errors
def replay(
    source: Annotated[
        Path | None,
        typer.Argument(
            metavar="RUN",
            help="A run's output folder or a tournament file (its game, seed, variants, strategies, seats).",
        ),
    ] = None,
    game: GameOption = None,
    seed: SeedOption = None,
    deal: DealOption = 0,
    variant: VariantOption = None,
    lineup: LineupOption = None,
    players: PlayersOption = None,
    strategies: StrategiesOption = None,
    rotation: RotationOption = 0,
    set_: RuleOverridesOption = None,
    match: Annotated[
        bool, typer.Option("--match", help="Play a whole match (the default for a match run).")
    ] = False,
    format: Annotated[
        str, typer.Option(metavar="text|jsonl", help="Text for people, JSON Lines for programs.")
    ] = "text",
    move_timeout: Annotated[
        float | None,
        typer.Option(
            metavar="SECONDS",
            help="Seconds a strategy may take for one move (0: no limit; default: the run's, else "
            f"{DEFAULT_MOVE_TIMEOUT:g}).",
        ),
    ] = None,
) -> None:
    """Write the move-by-move log of one deal (or match): format in docs/replay.md.

    cardsim replay results/quickstart --variant standard --deal 17 --rotation 1
    """
    from simulator.replay import replay_log, to_jsonl, to_text

    if format not in ("text", "jsonl"):
        raise UserError(f"unknown format {format!r}", "--format", "use text or jsonl")
    if move_timeout is not None:
        _check_seconds(move_timeout, "--move-timeout")
    g, v, root, specs, unit, seconds = resolve_deal(
        source, game, seed, deal, variant, lineup, players, strategies, rotation, set_
    )
    if move_timeout is not None:
        seconds = move_timeout
    log = replay_log(g, v, root, deal, specs, rotation, match or unit == "match", seconds or None)
    typer.echo(to_jsonl(log) if format == "jsonl" else to_text(g, log), nl=False)
    if log and log[-1]["type"] == "error":
        raise typer.Exit(1)


def resolve_deal(
    source: Path | None,
    game: str | None,
    seed: int | None,
    deal: int,
    variant: str | None,
    lineup: int | None,
    players: int | None,
    strategies: str | None,
    rotation: int,
    set_: list[str] | None,
) -> tuple[Game, Variant, int, list[StrategySpec], str, float]:
    """The game, variant, root seed, strategy per seat, unit and move timeout of the deal the
    options name (a run's folder, a tournament file, or --game, --seed and --strategies)."""
    _check_range(deal, DEALS_MAX, "--deal", "deal")
    if seed is not None:
        _check_range(seed, SEED_MAX + 1, "--seed", "seed")
    seconds = DEFAULT_MOVE_TIMEOUT
    if source is None:
        g, v, root, specs, unit = _by_hand(game, seed, variant, players, strategies, set_, rotation)
    else:
        if not source.exists():
            raise UserError(
                "no such file or folder",
                str(source),
                "give the output folder of a run or a tournament file "
                "(`cardsim view` also reads a replay log)",
            )
        given = {"--game": game, "--players": players, "--strategies": strategies, "--set": set_}
        given |= {"--seed": seed} if source.is_dir() else {}
        extra = [option for option, value in given.items() if value]
        if extra:
            raise UserError(
                f"{', '.join(extra)} cannot be combined with a run",
                str(source),
                "the run says which; leave them out",
            )
        run = _from_results(source) if source.is_dir() else _from_tournament(source, seed)
        g, root, unit, seconds = run.game, run.seed, run.unit, run.move_timeout
        vi = _pick([v.name for v in run.variants], variant, "--variant", run.where)
        v = run.variants[vi]
        if run.deals is not None:
            _check_range(deal, run.deals, "--deal", f"{run.where} played {run.deals} deal groups; deal")
        lineups = run.lineups[vi]
        if lineup is None and len(lineups) > 1:
            labels = "; ".join(f"{k}: {' vs '.join(lu)}" for k, lu in enumerate(lineups))
            raise UserError(
                f"the run has {len(lineups)} lineups ({labels})", "--lineup", "choose one with --lineup K"
            )
        k = lineup or 0
        _check_range(k, len(lineups), "--lineup", "lineup")
        sides = v.rules.sides
        _check_range(rotation, len(sides), "--rotation", "rotation")
        names = lineups[k]
        specs = [
            run.specs[names[(v.rules.side_of_seat[s] + rotation) % len(sides)]]
            for s in range(v.rules.num_players)
        ]
    return g, v, root, specs, unit, seconds


def _by_hand(
    game: str | None,
    seed: int | None,
    variant: str | None,
    players: int | None,
    strategies: str | None,
    set_: list[str] | None,
    rotation: int,
) -> tuple[Game, Variant, int, list[StrategySpec], str]:
    """A deal named by --game, --seed, --variant, --set and --strategies."""
    from simulator.plugins import load_strategy
    from simulator.variants import parse_set_options, resolve_variant

    if game is None or seed is None:
        missing = " and ".join(o for o, v in (("--game", game), ("--seed", seed)) if v is None)
        raise UserError(
            f"{missing} missing", None, "give a run's folder or tournament file, or --game and --seed"
        )
    if game not in GAME_MODULES:
        raise UserError(f"unknown game {game!r}", "--game", f"use one of {', '.join(GAME_MODULES)}")
    g = get_game(game)
    name = variant or "standard"
    entry: dict[str, Any] = {"base": name, "name": name, **parse_set_options(set_ or [])}
    v = resolve_variant(
        g, entry, players, f"--variant {name!r}", players_where="--players", overrides_where="--set"
    )
    _check_range(rotation, len(v.rules.sides), "--rotation", "rotation")
    refs = seat_strategies(
        [r.strip() for r in (strategies or "random").split(",") if r.strip()],
        v.rules.num_players,
        v.rules.sides,
    )
    specs = []
    for ref in refs:
        spec = load_strategy(ref, f"--strategies {ref!r}")
        if game not in spec.games:
            raise UserError(f"strategy {spec.name!r} does not play {game}", "--strategies")
        specs.append(spec)
    return g, v, seed, specs, "deal"
