"""The whole of `cardsim run` (scheduling, workers, rows, Parquet) in wall time and in CPU time of
the run's processes, and what the seeding contract costs a deal."""

from __future__ import annotations

import resource
import tempfile
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from simulator.bench.measure import CPU, Measure
from simulator.config import Tournament, TournamentConfig
from simulator.games import get_game
from simulator.plugins import spec_from_name
from simulator.runner import run_tournament
from simulator.schedule import Lineup
from simulator.seeding import strategy_seeds
from simulator.shuffle import reseed, seeded_rng
from simulator.variants import resolve_variant


def tree_cpu_seconds(own: float, ended: Sequence[float], live: Iterable[Sequence[float]]) -> float:
    """CPU seconds used so far by a process and its descendants.

    ``own`` is the process's CPU time (every thread), ``ended`` the user and system time of its
    ended children it has waited for (``getrusage(RUSAGE_CHILDREN)``; loky waits for the workers
    it stops at the end of a run, and their own ended children are inside), ``live`` psutil's
    ``cpu_times()`` of each descendant still running (user, system, then those of its
    waited-for children). A process counts once: while it runs in ``live``, once ended and
    waited for in its parent's children times; so the difference over a run is what all the
    run's processes cost, workers that ended before the run did included."""
    return own + ended[0] + ended[1] + sum(t[0] + t[1] + t[2] + t[3] for t in live)


def _cpu_with_workers() -> float:
    """:func:`tree_cpu_seconds` of this process now."""
    ended = resource.getrusage(resource.RUSAGE_CHILDREN)
    return tree_cpu_seconds(CPU(), (ended.ru_utime, ended.ru_stime), _live_descendants())


def _live_descendants() -> list[Sequence[float]]:
    """``cpu_times()`` of every running descendant; none without psutil (the ``test`` extra): a
    run's loky workers have ended, and been waited for, when it returns."""
    try:
        import psutil
    except ImportError:
        return []
    live = []
    for child in psutil.Process().children(recursive=True):
        try:
            live.append(child.cpu_times())
        except psutil.NoSuchProcess:
            continue
    return live


@dataclass(frozen=True)
class RunTimes:
    """One `cardsim run` of :func:`pipeline_runs`: the deals it played, its wall and CPU seconds."""

    deals: int
    wall: float
    cpu: float


def pipeline_runs(groups: int, jobs: int, seed: int = 1) -> tuple[RunTimes, RunTimes]:
    """`cardsim run` on 4-player Sweep, random play on both sides, standard rules: a run of
    ``groups`` deal groups and one twice as long, each timed in wall time and in CPU seconds of
    the run's processes (this one and its workers: on a shared machine, the figure to set beside
    the engine's). A small warm-up run first imports and warms up what a run uses."""
    _pipeline_run(max(jobs * 4, 8), jobs, seed)
    runs = []
    for size in (groups, 2 * groups):
        wall, cpu = time.perf_counter(), _cpu_with_workers()
        deals = _pipeline_run(size, jobs, seed)
        runs.append(RunTimes(deals, time.perf_counter() - wall, _cpu_with_workers() - cpu))
    return runs[0], runs[1]


def pipeline_rates(
    jobs: int, short: Sequence[RunTimes], long: Sequence[RunTimes]
) -> tuple[Measure, Measure, Measure]:
    """From rounds of :func:`pipeline_runs`: the whole short run in wall time (its fastest
    round), and the steady rate in wall time and per CPU second (each the median of its rounds).

    A run has fixed costs (start, with 2 jobs the workers' start: they are stopped before the
    files are written, the end-of-run summary and files, a few tenths of a second) that a
    minute-long tournament does not notice: the steady rate is the rate of the extra deals of
    the run twice as long, ``(deals(2g) - deals(g)) / (seconds(2g) - seconds(g))``, within one
    round (the two runs back to back). A difference of two times is noisy both ways, so a
    round's load can inflate it as well as deflate it: the median round, never the best."""
    label = f"pipeline sweep 4p random, {jobs} job(s)"
    extra = long[0].deals - short[0].deals

    def median(values: list[float]) -> float:
        return sorted(values)[len(values) // 2]

    return (
        Measure(label + ", wall", short[0].deals, min(r.wall for r in short)),
        Measure(
            label + ", steady, wall",
            extra,
            max(1e-9, median([b.wall - a.wall for a, b in zip(short, long, strict=True)])),
        ),
        Measure(
            label + ", steady, CPU",
            extra,
            max(1e-9, median([b.cpu - a.cpu for a, b in zip(short, long, strict=True)])),
        ),
    )


def seeding_contract_us(deals: int, seats: int = 4, seed: int = 1) -> float:
    """CPU microseconds a deal pays for the seeding contract of docs/design.md §3 alone, measured: the
    seeds of its ``seats`` strategies (``strategy_seeds``), the reseeding of each seat's RNG and
    its first draw (a fresh Mersenne Twister state generates its 624 words then), as a worker
    does them. The bare engine has none of it: with the pipeline's own rate this gives what the
    pipeline would reach if the contract cost nothing."""
    rngs = [seeded_rng(0) for _ in range(seats)]

    def run(first: int, count: int) -> None:
        for i in range(first, first + count):
            for rng, s in zip(rngs, strategy_seeds(seed, i, i & 1, seats), strict=True):
                reseed(rng, s)
                rng.random()

    run(deals, max(1, deals // 10))
    start = CPU()
    run(0, deals)
    return (CPU() - start) / deals * 1e6


def _pipeline_run(groups: int, jobs: int, seed: int) -> int:
    with tempfile.TemporaryDirectory() as out:
        cfg = TournamentConfig(
            name="bench",
            game="sweep",
            players=4,
            variants=["standard"],
            strategies=["random", "random"],  # replaced below by two distinct names
            format="head-to-head",
            deals=groups,
            seed=seed,
            jobs=jobs,
            output=str(Path(out) / "bench"),
        )
        random_spec = spec_from_name("random")
        game = get_game("sweep")
        tournament = Tournament(
            cfg,
            "bench",
            game,
            (resolve_variant(game, "standard", 4),),
            (replace(random_spec, name="random-a"), replace(random_spec, name="random-b")),
            ((Lineup(0, ("random-a", "random-b")),),),
        )
        result = run_tournament(tournament, quiet=True)
    return result.deals_played
