"""`cardsim run`: claim the output folder, plan, play chunks in parallel, write results.

Every completed chunk is stored at once as a part file, so an interrupted or
failed run keeps its rows and the next run with the same settings and code
resumes. The final files stream from the part files (the rows are never all in
memory), in a fixed order, so they are identical whatever the number of jobs,
the chunk size or the order chunks finish in.
"""

from __future__ import annotations

import dataclasses
import os
import sys
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager, nullcontext
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import polars as pl
from joblib import Parallel, delayed, parallel_config
from tqdm import tqdm

from simulator.analysis.outputs import analyze, write_analysis
from simulator.analysis.runinfo import RunInfo
from simulator.analysis.sprt import SequentialTest
from simulator.config import Tournament, TournamentConfig, effective_jobs
from simulator.errors import StrategyFailure, UserError
from simulator.folder import Outcome, RunFolder, claim, describe_run, kept_message
from simulator.provenance import code_hashes, fingerprint
from simulator.results import (
    PartStore,
    ResultsFolder,
    read_manifest,
    read_rows,
    scan_rows,
    sink_parquet,
    write_parquet,
)
from simulator.rows import chunk_constants, chunk_frame, deals_schema
from simulator.schedule import ChunkTask, chunk_tasks, default_chunk_size, missing_ranges
from simulator.stats import summarize
from simulator.stopping import StopRequested, StopSignals, exit_code, stopped_by
from simulator.watchdog import exit_with_parent
from simulator.worker import RunContext, VariantContext, play_chunk


class RunInterrupted(Exception):
    """A stop signal ended the run; completed chunks are saved for a resume."""

    def __init__(self, message: str, exit_code: int) -> None:
        super().__init__(message)
        self.exit_code = exit_code


@dataclass
class RunResult:
    out: Path  # the folder holding this run's files
    groups_played: int
    deals_played: int
    groups_resumed: int
    seconds: float
    already_complete: bool = False
    replaced: str | None = None  # the other run whose results this one replaced (--force)

    @property
    def deals(self) -> pl.DataFrame:
        return read_rows(ResultsFolder(self.out).deals)

    @property
    def summary(self) -> pl.DataFrame:
        return read_rows(ResultsFolder(self.out).summary)


def build_context(t: Tournament) -> RunContext:
    return RunContext(
        game=t.game.name,
        root_seed=t.config.seed,
        unit=t.config.unit,
        variants=tuple(
            VariantContext(
                v.name,
                tuple(sorted(v.rules.options().items())),
                v.base,
                tuple(v.overrides.items()),
                v.rules.num_players,
                lineups,
            )
            for v, lineups in zip(t.variants, t.lineups, strict=True)
        ),
        specs=t.strategies,
        move_timeout=t.config.move_timeout or None,
        parent_pid=os.getpid(),
    )


def run_record(t: Tournament, ctx: RunContext) -> dict[str, Any]:
    """Who the run is: the fingerprint of everything that determines the rows (except
    how many deal groups are asked for), and the hashes of the code that plays them."""
    settings = (
        ctx.game,
        ctx.root_seed,
        ctx.unit,
        tuple(v.name for v in ctx.variants),
        tuple(v.options for v in ctx.variants),
        tuple(v.lineups for v in ctx.variants),
        ctx.specs,
    )
    return {
        "fingerprint": fingerprint(settings),
        "code": code_hashes(t.strategies),
        "name": t.config.name,
        "game": t.game.name,
        "seed": t.config.seed,
    }


def _check_backend(cfg: TournamentConfig) -> None:
    if cfg.scheduler and cfg.backend != "dask":
        raise UserError(
            f"a scheduler address ({cfg.scheduler}) is only used with the dask backend",
            "scheduler (--scheduler)",
            "add --backend dask (backend: dask), or drop the scheduler",
        )


@contextmanager
def parallel_backend(cfg: TournamentConfig, jobs: int) -> Iterator[None]:
    """joblib's loky processes here, or a Dask cluster (``scheduler`` address, else a
    local cluster of ``jobs`` workers) through joblib's Dask backend."""
    if cfg.backend != "dask":
        try:
            # every worker watches its parent from its start, even one that never gets a chunk
            # (it would otherwise outlive a killed run, blocked on the task queue)
            with parallel_config(
                backend="loky", n_jobs=jobs, initializer=exit_with_parent, initargs=(os.getpid(),)
            ):
                yield
        finally:
            if jobs > 1:
                _release_workers()
        return
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise UserError(
            "the dask backend needs the distributed package", "backend", "pip install 'cardsim[dask]'"
        ) from None
    if cfg.scheduler:
        try:
            client = Client(cfg.scheduler, timeout=cfg.scheduler_timeout)
        except (OSError, TimeoutError, ValueError) as exc:
            raise UserError(
                f"no Dask scheduler answered at {cfg.scheduler} within {cfg.scheduler_timeout:g} s "
                f"({type(exc).__name__})",
                "scheduler (--scheduler)",
                "check the address and that the scheduler is running (scheduler_timeout: sets the wait)",
            ) from None
    else:
        # no dashboard, and the scheduler's HTTP endpoints on a free port: never the shared 8787
        no_dashboard = {"dashboard": False}
        cluster = LocalCluster(
            n_workers=jobs, threads_per_worker=1, dashboard_address=":0", scheduler_kwargs=no_dashboard
        )
        client = Client(cluster)
    try:
        with parallel_config(backend="dask", n_jobs=-1 if cfg.scheduler else jobs):
            yield
    finally:
        client.close()


def _release_workers() -> None:
    """Stop loky's idle worker processes once the play is over: writing the files does not
    use them, and their memory would add to the peak of the run's process tree."""
    from joblib.externals.loky import get_reusable_executor

    get_reusable_executor().shutdown(wait=True)


@dataclass
class _Plan:
    """What a run (or its resumption) still has to do."""

    tournament: Tournament
    ctx: RunContext
    parts: PartStore
    record: dict[str, Any]
    done: dict[tuple[int, int], list[tuple[int, int]]]  # deal groups saved before this run, by lineup
    schema: dict[str, Any]
    total: int
    already: int
    jobs: int
    chunk: int = 1  # deal groups per task
    window: tuple[int, int] | None = None  # only these deal indices (a sequential test's batch)

    def tasks(self) -> Iterator[ChunkTask]:
        """The chunks still to play, made as the workers take them (constant memory)."""
        counts = [len(v.lineups) for v in self.ctx.variants]
        return chunk_tasks(counts, self.tournament.config.deals, self.chunk, self.done, self.window)


@dataclass
class _Progress:
    groups: int = 0
    deals: int = 0
    status: str = "complete"  # complete | failed | interrupted
    error: str | None = None
    signum: int | None = None
    seconds: float = 0.0
    files: list[str] = field(default_factory=list)


def _plan(
    t: Tournament, ctx: RunContext, parts: PartStore, record: dict[str, Any], schema: dict[str, Any]
) -> _Plan:
    done = parts.ranges()
    counts = [len(v.lineups) for v in ctx.variants]
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
    return _Plan(t, ctx, parts, record, done, schema, total, already, jobs, chunk)


def _bar(plan: _Plan, quiet: bool) -> tqdm:
    return tqdm(
        total=plan.total,
        initial=plan.already,
        unit="group",
        desc=plan.tournament.config.name,
        disable=quiet or not sys.stderr.isatty(),
        dynamic_ncols=True,
    )


def _play(
    plan: _Plan, quiet: bool, signals: StopSignals, bar: tqdm | None = None, backend: bool = True
) -> _Progress:
    """Run the chunks in parallel, saving each as it arrives; a fault or a stop signal
    stops the run (and its workers) but keeps what is saved. ``backend=False``: the
    caller has set up the parallel backend (one for a whole SPRT run)."""
    t, ctx, cfg = plan.tournament, plan.ctx, plan.tournament.config
    progress = _Progress()
    own_bar = bar is None
    bar = _bar(plan, quiet) if bar is None else bar
    start = time.perf_counter()
    signals.armed = True
    try:
        if signals.received is not None:
            raise StopRequested(signals.received)
        with parallel_backend(cfg, plan.jobs) if backend else nullcontext():
            results = Parallel(return_as="generator_unordered")(
                delayed(play_chunk)(ctx, task) for task in plan.tasks()
            )
            with closing(results):
                for task, cols in results:
                    variant = t.variants[task.variant_index]
                    lineup = ctx.variants[task.variant_index].lineups[task.lineup_index]
                    constants = chunk_constants(
                        t.game.name, variant.name, variant.rules.rules_hash, cfg.unit, cfg.seed, lineup
                    )
                    frame = chunk_frame(
                        cols, constants, plan.schema, task.variant_index, variant.rules.sides, lineup
                    )
                    plan.parts.save(task, frame)
                    progress.groups += task.groups
                    progress.deals += len(cols["deal_index"])  # one entry per deal played
                    bar.update(task.groups)
    except StrategyFailure as exc:
        progress.status, progress.error = "failed", str(exc)
    except KeyboardInterrupt as exc:
        _interrupted(progress, exc)
    finally:
        signals.armed = False
        if own_bar:
            bar.close()
    progress.seconds = time.perf_counter() - start
    return progress


def _interrupted(progress: _Progress, exc: KeyboardInterrupt) -> None:
    signum = exc.signum if isinstance(exc, StopRequested) else 2
    progress.status, progress.signum, progress.error = "interrupted", signum, stopped_by(signum)


def _play_sprt(plan: _Plan, quiet: bool, signals: StopSignals, test: SequentialTest) -> _Progress:
    """Play batch after batch of deal groups in deal-index order until the SPRT decides
    (simulator/analysis/sprt.py); chunks never straddle two batches."""
    cfg = plan.tournament.config
    counts = [len(v.lineups) for v in plan.ctx.variants]
    chunk = cfg.chunk_size or default_chunk_size(test.batch * sum(counts), plan.jobs)
    plan = dataclasses.replace(plan, chunk=chunk)
    total = _Progress()
    bar = _bar(plan, quiet)
    try:
        with parallel_backend(cfg, plan.jobs):  # one pool (one Dask client) for every batch
            _sprt_batches(plan, quiet, signals, test, total, bar)
    except KeyboardInterrupt as exc:
        _interrupted(total, exc)
    finally:
        signals.armed = False
        bar.close()
    return total


def _sprt_batches(
    plan: _Plan,
    quiet: bool,
    signals: StopSignals,
    test: SequentialTest,
    total: _Progress,
    bar: tqdm,
) -> None:
    """Play and test the batches in order until the SPRT decides or the deals run out."""
    cfg = plan.tournament.config
    for start in range(0, cfg.deals, test.batch):
        stop = min(cfg.deals, start + test.batch)
        batch = dataclasses.replace(plan, window=(start, stop))  # no chunk straddles two batches
        step = _play(batch, quiet, signals, bar, backend=False)
        total.groups, total.deals = total.groups + step.groups, total.deals + step.deals
        total.seconds += step.seconds
        if step.status != "complete":
            total.status, total.error, total.signum = step.status, step.error, step.signum
            return
        signals.armed = True
        rows = plan.parts.rows(start, stop)
        if rows is not None:
            test.add_rows(rows, stop)
        signals.armed = False
        bar.set_postfix_str(test.progress_text())
        if test.decision:
            return


def _write_files(dest: Path, plan: _Plan, test: SequentialTest | None, written: list[str]) -> None:
    """deals.parquet streamed from the part files, then the summary and the analysis files
    computed from it out of core; each file is atomic. With an SPRT, rows past the stopping
    batch are not kept. A stop signal ends it at once: no step is long (slices of rows, and
    the streamed deals.parquet waited for in short joins)."""
    t, names = plan.tournament, ResultsFolder(dest)
    kept = t.config.deals if test is None or test.decision is None else test.until
    sink_parquet(plan.parts.scan(kept, plan.schema), names.deals)
    written.append(names.deals.name)
    order = {v.name: i for i, v in enumerate(t.variants)}
    deals = scan_rows(names.deals).with_columns(
        variant_order=pl.col("variant").replace_strict(order, return_dtype=pl.Int32)
    )
    write_parquet(summarize(deals, list(t.game.side_columns), t.config.unit), names.summary)
    written.append(names.summary.name)
    written += write_analysis(dest, analyze(scan_rows(names.deals), run_info(t)))


def run_info(t: Tournament) -> RunInfo:
    cfg = t.config
    return RunInfo(
        t.game.name,
        cfg.unit,
        cfg.format,
        cfg.seed,
        tuple(v.name for v in t.variants),
        tuple(s.name for s in t.strategies),
    )


def _finish(
    folder: RunFolder,
    plan: _Plan,
    progress: _Progress,
    started: datetime,
    test: SequentialTest | None,
    signals: StopSignals,
) -> RunResult:
    """Write the results (an incomplete run never replaces a complete result of this run:
    :meth:`RunFolder.write_results` then writes into ``<out>/partial``) and say how it ended."""
    outcome = Outcome(
        progress.status,
        progress.error,
        plan.already + progress.groups,
        plan.total,
        test.manifest() if test is not None else None,
    )
    saved = f"{outcome.groups_done} of {plan.total} deal groups are saved in {folder.out}"
    previous = read_manifest(folder.out)
    try:
        dest = folder.write_results(
            plan.tournament,
            plan.record,
            started,
            outcome,
            lambda dest, written: _write_files(dest, plan, test, written),
            signals,
        )
    except StopRequested as exc:
        raise RunInterrupted(
            f"{outcome.error}: {saved}; run the same command again to resume (it writes them).",
            exit_code(exc.signum),
        ) from None
    if dest != folder.out and previous is not None:
        saved += f" ({kept_message(previous, folder.out, dest)})"
    if progress.status == "interrupted":
        assert progress.signum is not None
        raise RunInterrupted(
            f"{progress.error}: {saved}; run the same command again to resume.", exit_code(progress.signum)
        )
    if progress.status == "failed":
        raise StrategyFailure(
            f"{progress.error}\n  {saved}; run the same command again to resume (after changing "
            "code, add --fresh to start over or --resume-anyway to keep the saved rows)."
        )
    replaced = (
        describe_run(previous)
        if previous is not None and previous.get("fingerprint") != plan.record["fingerprint"]
        else None
    )
    return RunResult(dest, progress.groups, progress.deals, plan.already, progress.seconds, replaced=replaced)


def run_tournament(
    t: Tournament,
    *,
    quiet: bool = False,
    fresh: bool = False,
    force: bool = False,
    resume_anyway: bool = False,
) -> RunResult:
    """Play the tournament into its output folder: deals.parquet, summary.parquet and
    manifest.json. Raises :class:`RunInterrupted` on a stop signal and
    :class:`StrategyFailure` on a fault, after saving what was played."""
    started = datetime.now(UTC)
    _check_backend(t.config)
    ctx = build_context(t)
    signals = StopSignals()
    signals.armed = False
    with signals.installed(), claim(t.output) as folder:
        try:
            return _run_in(
                folder,
                t,
                ctx,
                signals,
                started,
                fresh=fresh,
                force=force,
                resume_anyway=resume_anyway,
                quiet=quiet,
            )
        except StopRequested as exc:  # a second signal outside the play phase
            raise RunInterrupted(
                f"{stopped_by(exc.signum)} twice: stopped before the results were written; the saved "
                f"chunks are kept in {folder.out}: run the same command again to write them.",
                exit_code(exc.signum),
            ) from None


def _run_in(
    folder: RunFolder,
    t: Tournament,
    ctx: RunContext,
    signals: StopSignals,
    started: datetime,
    *,
    fresh: bool,
    force: bool,
    resume_anyway: bool,
    quiet: bool,
) -> RunResult:
    """The run once its folder is claimed: open it, plan, play, write the results."""
    cfg = t.config
    schema = deals_schema(t.game.side_columns, t.game.match_columns if cfg.unit == "match" else None)
    record = folder.open(
        run_record(t, ctx),
        cfg.deals,
        [v.name for v in t.variants],
        schema,
        fresh=fresh,
        force=force,
        resume_anyway=resume_anyway,
    )
    if record is None:
        total = sum(len(lu) for lu in t.lineups) * cfg.deals
        return RunResult(folder.out, 0, 0, total, 0.0, already_complete=True)
    plan = _plan(t, ctx, folder.parts, record, schema)
    test = SequentialTest(cfg.sprt, cfg.sprt_batch, run_info(t)) if cfg.sprt is not None else None
    progress = _play(plan, quiet, signals) if test is None else _play_sprt(plan, quiet, signals, test)
    return _finish(folder, plan, progress, started, test, signals)
