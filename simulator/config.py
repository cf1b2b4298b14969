"""The tournament YAML (docs/design.md §5), validated with pydantic and resolved."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from simulator.analysis.sprt import DEFAULT_BATCH, SprtConfig, check_sprt_run
from simulator.errors import UserError, pydantic_location
from simulator.fields import ChunkSize, Deals, Jobs, Seed, SprtBatch, Timeout, Wait
from simulator.games import GAME_MODULES, get_game
from simulator.games.base import Game
from simulator.plugins import StrategySpec, load_strategy
from simulator.schedule import Lineup, make_lineups
from simulator.variants import Variant, resolve_variant
from simulator.watchdog import DEFAULT_MOVE_TIMEOUT
from simulator.yamltext import load_yaml

Format = Literal["head-to-head", "round-robin", "gauntlet", "lineups"]
Unit = Literal["deal", "match"]
Backend = Literal["loky", "dask"]


def _standard_only() -> list[str | dict[str, Any]]:
    return ["standard"]


class TournamentConfig(BaseModel):
    """Every key of a tournament file; each can be overridden on the command line."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1)
    game: str
    players: int | None = None
    variants: list[str | dict[str, Any]] = Field(default_factory=_standard_only, min_length=1)
    strategies: list[str | dict[str, Any]] = Field(min_length=1)
    format: Format = "round-robin"
    lineups: list[list[str]] | None = None
    unit: Unit = "deal"
    deals: Deals = 1000
    seed: Seed = 0
    jobs: Jobs = -1
    chunk_size: ChunkSize | None = None
    backend: Backend = "loky"
    scheduler: str | None = None
    scheduler_timeout: Wait = 10.0  # seconds to wait for the Dask scheduler
    move_timeout: Timeout = DEFAULT_MOVE_TIMEOUT  # seconds per move; 0 = no limit
    output: str | None = None
    sprt: SprtConfig | None = None  # sequential test of a head-to-head run (simulator/analysis/sprt.py)
    sprt_batch: SprtBatch = DEFAULT_BATCH  # deal groups between two looks

    @field_validator("game")
    @classmethod
    def _known_game(cls, value: str) -> str:
        if value not in GAME_MODULES:
            raise ValueError(f"unknown game {value!r}; choose one of {', '.join(GAME_MODULES)}")
        return value

    @field_validator("jobs")
    @classmethod
    def _some_jobs(cls, value: int) -> int:
        if value == 0:
            raise ValueError(
                "0 workers cannot play: use a count of workers, -1 for every core, -2 for all but one"
            )
        return value


#: command-line option of each overridable key, for error messages about a value given there
CLI_OPTIONS = {"output": "--out", "variants": "--variant", "strategies": "--strategy"}


def option_name(key: str) -> str:
    return CLI_OPTIONS.get(key, "--" + key.replace("_", "-"))


@dataclass(frozen=True)
class Tournament:
    """A validated, resolved tournament: rules per variant and loaded strategy specs."""

    config: TournamentConfig
    source: str
    game: Game
    variants: tuple[Variant, ...]
    strategies: tuple[StrategySpec, ...]
    lineups: tuple[tuple[Lineup, ...], ...]  # per variant, computed once here

    @property
    def output(self) -> Path:
        return Path(self.config.output or f"results/{self.config.name}")

    def strategy(self, name: str) -> StrategySpec:
        return next(s for s in self.strategies if s.name == name)


def read_config_file(path: Path) -> dict[str, Any]:
    if not path.is_file():
        raise UserError(
            "tournament file not found", str(path), "check the path, e.g. configs/tournaments/quickstart.yaml"
        )
    try:
        raw = load_yaml(path.read_text())
    except yaml.YAMLError as exc:
        raise UserError(f"invalid YAML: {exc}", str(path), "fix the YAML syntax") from None
    if not isinstance(raw, dict):
        raise UserError(
            "a tournament file must be a mapping of keys (name, game, strategies, ...)", str(path)
        )
    return raw


def validate(raw: dict[str, Any], source: str, cli_keys: frozenset[str] = frozenset()) -> TournamentConfig:
    """Validate the merged keys; a bad value given on the command line names its option."""
    try:
        return TournamentConfig.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        key = err["loc"][0] if err["loc"] else None
        if key in cli_keys:
            inner = pydantic_location(err["loc"][1:])
            where = option_name(str(key)) + (f" ({inner})" if inner else "")
        else:
            where = f"{source}: {pydantic_location(err['loc']) or '(top level)'}"
        message = err["msg"].removeprefix("Value error, ")
        allowed = ", ".join(TournamentConfig.model_fields)
        fix = (
            f"allowed keys: {allowed}"
            if err["type"] == "extra_forbidden"
            else "see docs/tournaments.md for every key and its values"
        )
        raise UserError(message, where, fix) from None


def _strategy_entry(entry: str | dict[str, Any], where: str) -> tuple[str, str | None]:
    """A strategies item: a reference, or ``{strategy: REF, as: NAME}`` (another name for it)."""
    if isinstance(entry, str):
        return entry, None
    unknown = set(entry) - {"strategy", "as"}
    ref, alias = entry.get("strategy"), entry.get("as")
    if unknown or not isinstance(ref, str) or not ref or not isinstance(alias, str) or not alias:
        raise UserError(
            f"expected a strategy reference or {{strategy: REF, as: NAME}}, got {entry!r}",
            where,
            "for example {strategy: random, as: random-b}, or random@2 for a second copy",
        )
    return ref, alias


def _load_strategies(
    cfg: TournamentConfig, source: str, base_dir: Path, from_cli: bool = False
) -> tuple[StrategySpec, ...]:
    specs: list[StrategySpec] = []
    for i, entry in enumerate(cfg.strategies):
        where = f"--strategy {entry!r}" if from_cli else f"{source}: strategies[{i}]"
        ref, alias = _strategy_entry(entry, where)
        # paths are relative to the tournament file, then to the current folder
        spec = load_strategy(ref, where, base_dir, alias)
        if cfg.game not in spec.games:
            raise UserError(
                f"strategy {spec.name!r} does not support {cfg.game} (it supports {', '.join(spec.games)})",
                where,
                f"remove it or pick a strategy for this game (`cardsim list strategies --game {cfg.game}`)",
            )
        if any(s.name == spec.name for s in specs):
            raise UserError(
                f"two strategies are named {spec.name!r}",
                where,
                f"give each a unique name: {ref}@2 for a second copy, or {{strategy: {ref}, as: NAME}}",
            )
        specs.append(spec)
    return tuple(specs)


def resolve(
    cfg: TournamentConfig,
    source: str,
    base_dir: Path | None = None,
    cli_keys: frozenset[str] = frozenset(),
) -> Tournament:
    """Resolve variants and strategies; every problem becomes a :class:`UserError`.

    ``cli_keys`` are the keys given on the command line: errors in them name the option."""
    game = get_game(cfg.game)
    if cfg.players is not None and cfg.players not in game.allowed_players:
        counts = ", ".join(map(str, game.allowed_players))
        cli = "players" in cli_keys
        allowed = counts if len(game.allowed_players) == 1 else f"one of {counts}"
        raise UserError(
            f"{cfg.game} is played by {counts} players, not {cfg.players}",
            "--players" if cli else f"{source}: players",
            f"{'give --players' if cli else 'set players to'} {allowed}, "
            "or leave it out for the game's usual number",
        )
    variants = tuple(
        resolve_variant(
            game,
            entry,
            cfg.players,
            f"--variant {entry!r}" if "variants" in cli_keys else f"{source}: variants[{i}]",
            players_where="--players" if "players" in cli_keys else f"{source}: players",
        )
        for i, entry in enumerate(cfg.variants)
    )
    names = [v.name for v in variants]
    dupes = {n for n in names if names.count(n) > 1}
    if dupes:
        raise UserError(
            f"variant name(s) used twice: {', '.join(sorted(dupes))}",
            f"{source}: variants",
            "give each variant entry a distinct name",
        )
    if cfg.sprt is not None:
        check_sprt_run(cfg.format, len(variants), source)
    strategies = _load_strategies(cfg, source, base_dir or Path(source).parent, "strategies" in cli_keys)
    lineups = tuple(_lineups(cfg, source, [s.name for s in strategies], v) for v in variants)
    return Tournament(cfg, source, game, variants, strategies, lineups)


def _lineups(cfg: TournamentConfig, source: str, names: list[str], variant: Variant) -> tuple[Lineup, ...]:
    """Check the format against the strategies and the variant's sides, then pair them."""
    sides = variant.num_sides
    where = f"{source}: format"
    if cfg.format == "lineups":
        if not cfg.lineups:
            raise UserError(
                "format 'lineups' needs a 'lineups' list",
                f"{source}: lineups",
                "add e.g. lineups: [[greedy, random]] with one strategy name per side",
            )
        for i, lineup in enumerate(cfg.lineups):
            loc = f"{source}: lineups[{i}]"
            if len(lineup) != sides:
                raise UserError(
                    f"variant {variant.name!r} has {sides} sides but this lineup names {len(lineup)}",
                    loc,
                    "name one strategy per side",
                )
            unknown = [n for n in lineup if n not in names]
            if unknown:
                raise UserError(
                    f"unknown strategy name(s) {', '.join(unknown)}",
                    loc,
                    f"use the names of the strategies list: {', '.join(names)}",
                )
    elif cfg.lineups:
        raise UserError("'lineups' is only used with format: lineups", f"{source}: lineups")
    elif cfg.format == "head-to-head" and len(names) != 2:
        raise UserError(
            f"head-to-head needs exactly 2 strategies, got {len(names)}",
            where,
            "use round-robin or gauntlet for more",
        )
    elif len(names) < 2:
        raise UserError(f"{cfg.format} needs at least 2 strategies", where)
    return tuple(make_lineups(cfg.format, names, sides, cfg.lineups))


def load_tournament(path: Path, overrides: dict[str, Any] | None = None) -> Tournament:
    """Read, override (command line), validate and resolve a tournament file."""
    raw = read_config_file(path)
    given = {key: value for key, value in (overrides or {}).items() if value is not None}
    raw.update(given)
    cli_keys = frozenset(given)
    cfg = validate(raw, str(path), cli_keys)
    return resolve(cfg, str(path), path.parent, cli_keys)


def effective_jobs(jobs: int) -> int:
    """joblib's convention: -1 is every core, -2 all but one; never more workers than cores (the
    play is CPU-bound: more processes would only share the cores and multiply the memory)."""
    cores = os.cpu_count() or 1
    return max(1, cores + 1 + jobs) if jobs < 0 else max(1, min(jobs, cores))
