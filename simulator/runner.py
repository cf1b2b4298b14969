"""`cardsim run`: schedule deal groups, play chunks in parallel, write results.

Every completed chunk is stored at once as a part file, so an interrupted or
failed run keeps its rows and the next run with the same settings resumes.
Rows are sorted by their keys before writing, which makes the output identical
whatever the number of jobs, the chunk size or the order chunks finish in.
"""

from __future__ import annotations

import dataclasses
import hashlib
import platform
import sys
import time
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
from simulator.analysis.outputs import analyze, write_analysis
from simulator.analysis.runinfo import RunInfo
from simulator.analysis.sprt import SequentialTest, batch_rows, split_at_batches
from simulator.config import Tournament, effective_jobs
from simulator.errors import StrategyFailure, UserError
from simulator.results import PartStore, write_json, write_parquet
from simulator.rows import chunk_constants, chunk_frame, deals_schema
from simulator.schedule import ChunkTask, chunk_tasks, default_chunk_size, missing_ranges
from simulator.stats import summarize
from simulator.worker import RunContext, play_chunk


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


def build_context(t: Tournament) -> RunContext:
    return RunContext(
        game=t.game.name,
        root_seed=t.config.seed,
        unit=t.config.unit,
        variant_names=tuple(v.name for v in t.variants),
        variant_options=tuple(tuple(sorted(v.rules.options().items())) for v in t.variants),
        variant_bases=tuple(v.base for v in t.variants),
        variant_overrides=tuple(tuple(v.overrides.items()) for v in t.variants),
        lineups=t.lineups,
        specs=t.strategies,
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


@dataclass
class _Plan:
    """What a run (or its resumption) still has to do."""

    tournament: Tournament
    ctx: RunContext
    parts: PartStore
    tasks: list[ChunkTask]
    schema: dict[str, Any]
    total: int
    already: int
    jobs: int


@dataclass
class _Progress:
    groups: int = 0
    deals: int = 0
    status: str = "complete"  # complete | failed | interrupted
    error: str | None = None
    seconds: float = 0.0


def _plan(t: Tournament, fresh: bool) -> _Plan:
    ctx = build_context(t)
    parts = PartStore(t.output, fingerprint(ctx))
    parts.open(fresh)
    done = parts.done_ranges()
    counts = [len(lineups) for lineups in ctx.lineups]
    deals = t.config.deals
    total = sum(counts) * deals
    already = total - sum(
        stop - start
        for vi, count in enumerate(counts)
        for li in range(count)
        for start, stop in missing_ranges(done.get((vi, li), ()), deals)
    )
    jobs = effective_jobs(t.config.jobs)
    chunk = t.config.chunk_size or default_chunk_size(max(1, total - already), jobs)
    match_columns = t.game.match_columns if t.config.unit == "match" else None
    return _Plan(
        t,
        ctx,
        parts,
        chunk_tasks(counts, deals, chunk, done),
        deals_schema(t.game.side_columns, match_columns),
        total,
        already,
        jobs,
    )


def _bar(plan: _Plan, quiet: bool) -> tqdm:
    return tqdm(
        total=plan.total,
        initial=plan.already,
        unit="group",
        desc=plan.tournament.config.name,
        disable=quiet or not sys.stderr.isatty(),
        dynamic_ncols=True,
    )


def _play(plan: _Plan, quiet: bool, bar: tqdm | None = None) -> _Progress:
    """Run the chunks in parallel, saving each as it arrives; a failure or Ctrl-C
    stops the run but keeps what is saved."""
    t, ctx, cfg = plan.tournament, plan.ctx, plan.tournament.config
    by_key = {task.key: task for task in plan.tasks}
    progress = _Progress()
    own_bar = bar is None
    bar = _bar(plan, quiet) if bar is None else bar
    start = time.perf_counter()
    try:
        with _backend(cfg.backend, cfg.scheduler, plan.jobs):
            results = Parallel(return_as="generator_unordered")(
                delayed(play_chunk)(ctx, task) for task in plan.tasks
            )
            for key, cols in results:
                task = by_key[key]
                variant = t.variants[task.variant_index]
                lineup = ctx.lineups[task.variant_index][task.lineup_index]
                constants = chunk_constants(
                    t.game.name, variant.name, variant.rules.rules_hash, cfg.unit, cfg.seed, lineup
                )
                frame = chunk_frame(cols, constants, plan.schema, task.variant_index, variant.rules.sides)
                plan.parts.save(key, frame)
                progress.groups += task.groups
                progress.deals += len(
                    set(zip(cols["deal_index"], cols["rotation"], cols["round"], strict=True))
                )
                bar.update(task.groups)
    except StrategyFailure as exc:
        progress.status, progress.error = "failed", str(exc)
    except KeyboardInterrupt:
        progress.status, progress.error = "interrupted", "interrupted by the user"
    finally:
        if own_bar:
            bar.close()
    progress.seconds = time.perf_counter() - start
    return progress


def _play_sprt(plan: _Plan, quiet: bool, test: SequentialTest) -> _Progress:
    """Play batch after batch of deal groups in deal-index order until the SPRT decides
    (simulator/analysis/sprt.py); chunks never straddle two batches."""
    cfg = plan.tournament.config
    counts = [len(lineups) for lineups in plan.ctx.lineups]
    chunk = cfg.chunk_size or default_chunk_size(test.batch * sum(counts), plan.jobs)
    tasks = chunk_tasks(counts, cfg.deals, chunk, plan.parts.done_ranges())
    by_batch = split_at_batches(
        tasks, test.batch, lambda task, start, stop: dataclasses.replace(task, start=start, stop=stop)
    )
    total = _Progress()
    bar = _bar(plan, quiet)
    try:
        for start in range(0, cfg.deals, test.batch):
            step = _play(dataclasses.replace(plan, tasks=by_batch.get(start // test.batch, [])), quiet, bar)
            total.groups, total.deals = total.groups + step.groups, total.deals + step.deals
            total.seconds += step.seconds
            if step.status != "complete":
                total.status, total.error = step.status, step.error
                break
            stop = min(cfg.deals, start + test.batch)
            rows = batch_rows(plan.parts.dir.glob("v*-l*-*-*.parquet"), start, stop)
            if rows is not None:
                test.add_rows(rows, stop)
            bar.set_postfix_str(test.progress_text())
            if test.decision:
                break
    except KeyboardInterrupt:
        total.status, total.error = "interrupted", "interrupted by the user"
    finally:
        bar.close()
    return total


def run_tournament(t: Tournament, *, quiet: bool = False, fresh: bool = False) -> RunResult:
    """Play the tournament and write deals.parquet, summary.parquet and manifest.json."""
    started = datetime.now(UTC)
    plan = _plan(t, fresh)
    cfg = t.config
    info = RunInfo(
        t.game.name,
        cfg.unit,
        cfg.format,
        cfg.seed,
        tuple(v.name for v in t.variants),
        tuple(s.name for s in t.strategies),
    )
    test = SequentialTest(cfg.sprt, cfg.sprt_batch, info) if cfg.sprt is not None else None
    progress = _play(plan, quiet) if test is None else _play_sprt(plan, quiet, test)
    out = t.output
    # with an SPRT, the rows of groups past the stopping batch are not kept
    kept = cfg.deals if test is None or test.decision is None else test.until
    deals = plan.parts.collect(kept)
    if deals is None:
        deals = pl.DataFrame(schema=plan.schema).with_columns(
            pl.lit(0, dtype=pl.Int32).alias("variant_order")
        )
    summary = summarize(deals, list(t.game.side_columns), t.config.unit) if deals.height else pl.DataFrame()
    deals = deals.drop("variant_order")
    write_parquet(deals, out / "deals.parquet")
    write_parquet(summary, out / "summary.parquet")
    groups_done = plan.already + progress.groups
    record = manifest(t, plan.ctx, started, groups_done, plan.total, progress.status, progress.error)
    if test is not None:
        record["sprt"] = test.manifest()
    write_json(record, out / "manifest.json")
    write_analysis(out, analyze(deals.lazy(), info))
    saved = f"{groups_done} of {plan.total} deal groups are saved in {out}"
    if progress.status == "interrupted":
        raise RunInterrupted(f"interrupted: {saved}; run the same command again to resume.")
    if progress.status == "failed":
        raise StrategyFailure(
            f"{progress.error}\n  {saved}; fix the problem and run the same command again to resume."
        )
    plan.parts.remove()
    return RunResult(out, deals, summary, progress.groups, progress.deals, plan.already, progress.seconds)
