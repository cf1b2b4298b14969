"""`cardsim run`: schedule deal groups, play chunks in parallel, write results.

Every completed chunk is stored at once as a part file, so an interrupted or
failed run keeps its rows and the next run with the same settings resumes.
Rows are sorted by their keys before writing, which makes the output identical
whatever the number of jobs, the chunk size or the order chunks finish in.
"""

from __future__ import annotations

import hashlib
import json
import platform
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

import polars as pl
from joblib import Parallel, delayed, parallel_config
from tqdm import tqdm

from simulator import __version__
from simulator.config import Tournament, effective_jobs
from simulator.errors import UserError
from simulator.results import PartStore, chunk_frame, deals_schema, write_json, write_parquet
from simulator.schedule import chunk_tasks, default_chunk_size, lineups_for
from simulator.stats import summarize
from simulator.worker import RunContext, StrategyFailure, play_chunk


class RunInterrupted(Exception):
    """The user stopped the run; completed chunks are saved for a resume."""


@dataclass
class RunResult:
    out: Path
    deals: pl.DataFrame
    summary: pl.DataFrame
    groups_played: int
    deals_played: int
    groups_resumed: int
    seconds: float


def _replay_hint(variant) -> str:
    sets = " ".join(
        f"--set {k}={json.dumps(v) if not isinstance(v, str) else v}" for k, v in variant.overrides.items()
    )
    return f"--variant {variant.base}" + (f" {sets}" if sets else "")


def build_context(t: Tournament) -> RunContext:
    lineups = tuple(tuple(lineups_for(t, v)) for v in t.variants)
    return RunContext(
        game=t.game.name,
        root_seed=t.config.seed,
        unit=t.config.unit,
        variant_names=tuple(v.name for v in t.variants),
        variant_options=tuple(tuple(sorted(v.rules.options().items())) for v in t.variants),
        lineups=lineups,
        specs=t.strategies,
        replay_hints=tuple(_replay_hint(v) for v in t.variants),
        players=tuple(v.rules.num_players for v in t.variants),
    )


def fingerprint(ctx: RunContext) -> str:
    """Everything that determines the rows, except how many deals are asked for."""
    key = repr(
        (
            __version__,
            ctx.game,
            ctx.root_seed,
            ctx.unit,
            ctx.variant_names,
            ctx.variant_options,
            ctx.lineups,
            ctx.specs,
        )
    )
    return hashlib.sha256(key.encode()).hexdigest()[:20]


def _package_versions() -> dict[str, str]:
    out = {"python": sys.version.split()[0], "platform": platform.platform()}
    for name in ("polars", "joblib", "pydantic", "scipy", "typer", "pyyaml", "tqdm"):
        try:
            out[name] = version(name)
        except PackageNotFoundError:
            continue
    return out


def manifest(
    t: Tournament,
    ctx: RunContext,
    started: datetime,
    groups_done: int,
    total: int,
    status: str,
    error: str | None = None,
) -> dict[str, Any]:
    return {
        "cardsim_version": __version__,
        "status": status,
        "error": error,
        "config_file": t.source,
        "config": t.config.model_dump(),
        "root_seed": t.config.seed,
        "variants": [
            {
                "name": v.name,
                "base": v.base,
                "overrides": dict(v.overrides),
                "rules_hash": v.rules.rules_hash,
                "rules": v.rules.options(),
                "lineups": [lu.label for lu in ctx.lineups[i]],
            }
            for i, v in enumerate(t.variants)
        ],
        "strategies": [
            {"name": s.name, "plugin": s.plugin, "params": dict(s.params), "source": s.source}
            for s in t.strategies
        ],
        "packages": _package_versions(),
        "started": started.isoformat(timespec="seconds"),
        "finished": datetime.now(UTC).isoformat(timespec="seconds"),
        "deal_groups_completed": groups_done,
        "deal_groups_total": total,
    }


@contextmanager
def _backend(name: str, scheduler: str | None, jobs: int) -> Iterator[None]:
    """joblib's loky processes here, or a Dask cluster (``scheduler`` address, else a
    local cluster of ``jobs`` workers) through joblib's Dask backend."""
    if name != "dask":
        with parallel_config(backend="loky", n_jobs=jobs):
            yield
        return
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise UserError(
            "the dask backend needs the distributed package", "backend", "pip install 'cardsim[dask]'"
        ) from None
    if scheduler:
        client = Client(scheduler)
    else:
        client = Client(LocalCluster(n_workers=jobs, threads_per_worker=1, dashboard_address=None))
    try:
        with parallel_config(backend="dask", n_jobs=-1 if scheduler else jobs):
            yield
    finally:
        client.close()


def run_tournament(t: Tournament, *, quiet: bool = False, fresh: bool = False) -> RunResult:
    """Play the tournament and write deals.parquet, summary.parquet and manifest.json."""
    started = datetime.now(UTC)
    cfg = t.config
    ctx = build_context(t)
    out = t.output
    jobs = effective_jobs(cfg.jobs)
    parts = PartStore(out, fingerprint(ctx))
    parts.open(fresh)
    done = parts.done_groups()
    per_variant = [list(lu) for lu in ctx.lineups]
    total = sum(len(lu) for lu in per_variant) * cfg.deals
    already = sum(1 for (v, lu, d) in done if d < cfg.deals and v < len(per_variant))
    chunk = cfg.chunk_size or default_chunk_size(max(1, total - already), jobs)
    tasks = chunk_tasks(per_variant, cfg.deals, chunk, done)
    schema = deals_schema(t.game.side_columns, t.game.match_columns if cfg.unit == "match" else None)
    constants = [
        {
            "game": t.game.name,
            "variant": v.name,
            "rules_hash": v.rules.rules_hash,
            "unit": cfg.unit,
            "root_seed": cfg.seed,
        }
        for v in t.variants
    ]
    bar = tqdm(
        total=total,
        initial=already,
        unit="group",
        desc=cfg.name,
        disable=quiet or not sys.stderr.isatty(),
        dynamic_ncols=True,
    )
    played = 0
    deals_played = 0
    error: str | None = None
    clock = datetime.now(UTC)
    task_by_key = {task.key: task for task in tasks}
    try:
        with _backend(cfg.backend, cfg.scheduler, jobs):
            results = Parallel(return_as="generator_unordered")(
                delayed(play_chunk)(ctx, task) for task in tasks
            )
            for key, cols in results:
                task = task_by_key[key]
                lineup = ctx.lineups[task.variant_index][task.lineup_index]
                consts = {
                    **constants[task.variant_index],
                    "lineup": lineup.index,
                    "lineup_name": lineup.label,
                }
                frame = chunk_frame(
                    cols, consts, schema, task.variant_index, t.variants[task.variant_index].rules.sides
                )
                parts.save(key, frame)
                played += task.groups
                deals_played += len(
                    set(zip(cols["deal_index"], cols["rotation"], cols["round"], strict=True))
                )
                bar.update(task.groups)
    except StrategyFailure as exc:
        error = str(exc)
    except KeyboardInterrupt:
        error = "interrupted"
    finally:
        bar.close()
    seconds = (datetime.now(UTC) - clock).total_seconds()
    deals = parts.collect(cfg.deals)
    if deals is None:
        deals = pl.DataFrame(schema=schema).with_columns(pl.lit(0, dtype=pl.Int32).alias("variant_order"))
    groups_done = already + played
    categories = list(t.game.side_columns)
    summary = summarize(deals, categories, cfg.unit) if deals.height else pl.DataFrame()
    write_parquet(deals.drop("variant_order"), out / "deals.parquet")
    write_parquet(summary, out / "summary.parquet")
    status = "complete" if error is None else ("interrupted" if error == "interrupted" else "failed")
    write_json(manifest(t, ctx, started, groups_done, total, status, error), out / "manifest.json")
    if error == "interrupted":
        raise RunInterrupted(
            f"interrupted: {groups_done} of {total} deal groups are saved in {out}; "
            "run the same command again to resume."
        )
    if error:
        raise StrategyFailure(
            error + f"\n  {groups_done} of {total} deal groups are saved in {out}; "
            "fix the strategy and run the same command again to resume."
        )
    parts.remove()
    return RunResult(out, deals.drop("variant_order"), summary, played, deals_played, already, seconds)
