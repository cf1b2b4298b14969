"""`cardsim bench`: engine and pipeline throughput (`make bench`), every speed target beside
its figure in one run."""

from __future__ import annotations

import gc
import json
from typing import Annotated

import typer

from simulator.cli.common import console, user_errors
from simulator.errors import UserError
from simulator.games import available_games
from simulator.limits import check_float

#: greedy play loops per 1k reference ops/s before the compiled core (`cardsim bench --scale 0.25`,
#: this repository at 4acba11, 2026-12-01); the target is twice that
GREEDY_BEFORE = {"sweep": 27.9, "seep": 4.1, "sueca": 18.6}
#: clone() of a mid-deal state, microseconds: the targets
CLONE_TARGET_US = {"sweep": 20, "seep": 50, "sueca": 50}
SIZES = {"sweep": 20000, "seep": 3000, "sueca": 20000}
#: new deals each bare engine plays before it is timed: Seep's caches of solved floors fill over
#: the first thousands (a process's first 2,000 Seep deals run at about 0.6 of the steady rate,
#: which it reaches after about 8,000); the target is about the steady rate
WARM_UP_DEALS = 10000
#: the second search timed at its defaults beside montecarlo
ISMCTS = "ismcts"
#: rounds of every timed workload: on a shared machine one short run can fall in a slow second
#: (a 0.45 s Seep run once read 0.95x of hearts where the next read 1.5x)
ROUNDS = 3
#: the samplers --reading compares by default: uniform, then inference from play in Sueca and Sweep
READERS = (
    "montecarlo",
    "configs/strategies/montecarlo-inference.yaml",
    "configs/strategies/montecarlo-inference-sweep.yaml",
)
#: why --reading and --gap need a search: what each instrument takes from it
READS = "the instrument reads its sampler"
MEASURES = "the instrument measures its search"
#: the largest workload factor and round count (a factor of 100 already takes hours)
SCALE_MAX = 100.0
ROUNDS_MAX = 100


@user_errors
def bench(
    scale: Annotated[
        float, typer.Option(metavar="FACTOR", help="Scale every workload (1.0 takes a few minutes).")
    ] = 1.0,
    pipeline: Annotated[bool, typer.Option(help="Also measure `cardsim run` with 1 and 2 jobs.")] = True,
    rounds: Annotated[
        int,
        typer.Option(
            min=1,
            max=ROUNDS_MAX,
            metavar="N",
            help="Rounds of the timed workloads, taken in turn on new deals; each figure is the best of "
            "its rounds (the one the machine's other load disturbed least), the same for every engine.",
        ),
    ] = ROUNDS,
    gap: Annotated[
        int,
        typer.Option(
            min=0,
            metavar="GROUPS",
            help="Measure only the gap to perfect play, over GROUPS deal groups per game: the margin over "
            "the heuristic of the search and of the same search given the true deal (a bench "
            "instrument, never a strategy), and the share of it the search reaches.",
        ),
    ] = 0,
    gap_search: Annotated[
        str,
        typer.Option(
            metavar="STRATEGY",
            help="With --gap: the search measured (name or YAML of a montecarlo or ismcts strategy).",
        ),
    ] = "montecarlo",
    gap_oracle: Annotated[
        str,
        typer.Option(
            metavar="LIST",
            help="With --gap: the instruments measured beside the search, comma-separated, or 'all': "
            "deal (the true deal), hands (every other hand known, the stock sampled), stock (the stock "
            "known, the hands sampled), partner or opponents (those hands known, the rest sampled; "
            "4-player Sweep and Seep), teams (who the secret partner is, every hand sampled; Sueca), "
            "reader (no card known: the hidden cards drawn from their exact "
            "posterior given the heuristic seats' plays; Sweep). A game where one would be no oracle "
            "of its own skips it.",
        ),
    ] = "deal",
    gap_game: Annotated[
        str,
        typer.Option(
            metavar="LIST",
            help="With --gap or --reading: the games measured, comma-separated (sweep4, sweep2, seep4, "
            "seep2, sueca), or 'all'.",
        ),
    ] = "all",
    reading: Annotated[
        int,
        typer.Option(
            min=0,
            metavar="DEALS",
            help="Measure only what samples know of the other hands, over DEALS heuristic deals per game: "
            "the share of the other seats' cards each --reading-strategy's sampler puts in the right hand "
            "(inference from play against uniform samples).",
        ),
    ] = 0,
    reading_strategy: Annotated[
        list[str] | None,
        typer.Option(
            metavar="STRATEGY",
            help="With --reading: a montecarlo strategy whose sampler is read (repeatable; gains are over "
            "the first; default: montecarlo and the inference configs of configs/strategies/).",
        ),
    ] = None,
    decision_cpu: Annotated[
        list[str] | None,
        typer.Option(
            metavar="STRATEGY",
            help="Measure only the CPU seconds per decision of these strategies (repeatable), one after the "
            "other on the same positions of every game, for comparisons at equal CPU time.",
        ),
    ] = None,
    positions: Annotated[
        int, typer.Option(min=1, metavar="N", help="With --decision-cpu: positions per game.")
    ] = 100,
) -> None:
    """Deals per second per core for each game, and the pipeline's overhead and scaling."""
    try:
        check_float(scale, 0.0, SCALE_MAX, above_low=True)
    except ValueError as exc:
        raise UserError(str(exc), "--scale", "1.0 is the standard workload") from None
    from rich.table import Table

    if decision_cpu:
        from simulator.bench.decision_cpu import print_decision_cpu

        for named in decision_cpu:
            _strategy(named, "--decision-cpu")
        print_decision_cpu(console(), decision_cpu, positions)
        return
    if reading:
        from simulator.bench.instrument import GAP_GAMES
        from simulator.bench.reading import print_readings
        from strategies.montecarlo import MonteCarloStrategy

        games = _names(gap_game, list(GAP_GAMES), "--gap-game")
        for named in reading_strategy or ():
            _strategy(named, "--reading-strategy", (MonteCarloStrategy,), "a montecarlo strategy", READS)
        print_readings(console(), reading, reading_strategy or list(READERS), games)
        return
    if gap:
        from simulator.bench.instrument import GAP_GAMES, SEARCHES, print_gaps
        from simulator.bench.oracle import ORACLES

        oracles = _names(gap_oracle, list(ORACLES), "--gap-oracle")
        games = _names(gap_game, list(GAP_GAMES), "--gap-game")
        _strategy(gap_search, "--gap-search", SEARCHES, "a montecarlo or ismcts strategy", MEASURES)
        print_gaps(console(), gap, gap_search, oracles, games)
        return

    from simulator import native

    # the runner, polars and joblib: only when benchmarking
    from simulator.bench.decision_cpu import GAMES as DECISION_GAMES
    from simulator.bench.decision_cpu import decision_cpu as cpu_per_decision
    from simulator.bench.engines import (
        bare_engine_rate,
        engine_rate,
        mid_deal_us,
        seep_lookahead_us,
        sueca_lookahead_us,
    )
    from simulator.bench.envs import env_step_notes
    from simulator.bench.measure import Measure, reference_rate
    from simulator.bench.montecarlo import montecarlo_decisions
    from simulator.bench.pipeline import RunTimes, pipeline_rates, pipeline_runs, seeding_contract_us
    from simulator.bench.reference import openspiel_rate

    # what a worker does too (simulator/worker.py): the modules' objects are never garbage, so the
    # collector need not walk them again and again
    gc.collect()
    gc.freeze()
    screen = console()
    table = Table("workload", "deals", "seconds", "deals/s", "per 1k reference ops/s", title="cardsim bench")
    targets = Table("figure", "measured", "target", "met", title="targets, measured in this run")
    best: dict[str, Measure] = {}
    ref = 0.0

    def keep(key: str, m: Measure) -> None:
        """The fastest round of a workload: the one the machine's other load disturbed least."""
        if key not in best or m.rate > best[key].rate:
            best[key] = m

    def target(label: str, value: float, text: str, goal: str, met: bool) -> None:
        targets.add_row(label, text.format(value), goal, "yes" if met else "NO")

    def row(m: Measure, per_ref: bool = True) -> None:
        per = f"{1000 * m.rate / ref:.1f}" if per_ref else ""
        table.add_row(m.label, str(m.deals), f"{m.seconds:.2f}", f"{m.rate:,.0f}", per)

    hearts_deals = max(50, int(4000 * scale))
    for r in range(rounds):  # every round new deals (seed 1 + r), the engines' caches warmed in the first
        ref = max(ref, reference_rate())
        hearts_round = openspiel_rate(hearts_deals, seed=1 + r)
        if hearts_round is not None:
            keep("hearts", hearts_round)
        for game in available_games():
            n = max(50, int(SIZES[game] * scale))
            warm_up = max(n // 10, int(WARM_UP_DEALS * scale)) if r == 0 else 0
            keep(f"{game}-bare", bare_engine_rate(game, n, seed=1 + r, warm_up=warm_up))
            keep(f"{game}-random", engine_rate(game, "random", n, seed=1 + r))
            keep(f"{game}-greedy", engine_rate(game, "greedy", max(50, n // 4), seed=1 + r))
    notes = [
        f"reference workload: {ref:,.0f} ops/s per CPU second (shuffle a deck, fold 13 cards into a mask); "
        f"every figure is the best of {rounds} round(s) of new deals"
    ]
    hearts = best.get("hearts")
    if hearts is None:
        notes.append("open_spiel is not installed (pip install 'cardsim[bench]'): no side-by-side ratio")
    else:
        row(hearts, per_ref=False)
    for game in available_games():
        for kind in ("bare", "random", "greedy"):
            row(best[f"{game}-{kind}"])
        if hearts is not None:
            ratio = best[game + "-bare"].action_rate / hearts.action_rate
            target(
                f"{game} bare engine actions/s / open_spiel hearts'",
                ratio,
                "{:.2f}x",
                ">= 1.2x" if game != "sueca" else "(not a target)",
                ratio >= 1.2 or game == "sueca",
            )
        greedy = 1000 * best[game + "-greedy"].rate / ref / GREEDY_BEFORE[game]
        target(f"{game} greedy play loop / before the compiled core", greedy, "{:.2f}x", ">= 2x", greedy >= 2)
    if hearts is not None:
        notes.append(
            f"open_spiel hearts: {hearts.action_rate:,.0f} player actions/s; "
            + ", ".join(f"{g} bare {best[g + '-bare'].action_rate:,.0f}" for g in available_games())
        )
    lookahead = {
        "sweep": lambda: mid_deal_us("sweep", 24),
        "sueca": sueca_lookahead_us,
        "seep": seep_lookahead_us,
    }
    for game in available_games():
        clone_us, det_us = lookahead[game]()
        goal = CLONE_TARGET_US[game]
        target(f"{game} mid-deal clone()", clone_us, "{:.1f} us", f"< {goal} us", clone_us < goal)
        notes.append(f"{game} mid-deal: clone {clone_us:.1f} us, determinize {det_us:.1f} us")
    notes += env_step_notes(max(20, int(300 * scale)))
    if pipeline:
        groups = max(1000, int(5000 * scale))  # the steady rate is a difference of two runs' times
        bare_n = max(50, int(SIZES["sweep"] * scale))
        runs: dict[int, tuple[list[RunTimes], list[RunTimes]]] = {1: ([], []), 2: ([], [])}
        for r in range(rounds):  # the bare engine beside each round: the pipeline's share is of the best
            keep("sweep-bare-beside", bare_engine_rate("sweep", bare_n, seed=1 + rounds + r, warm_up=0))
            for jobs, (shorts, longs) in runs.items():
                short, long = pipeline_runs(groups * jobs, jobs, seed=1 + r)
                shorts.append(short)
                longs.append(long)
        one, one_steady, one_cpu = pipeline_rates(1, *runs[1])
        two, two_steady, two_cpu = pipeline_rates(2, *runs[2])
        for m in (one, one_steady, one_cpu, two, two_steady, two_cpu):
            row(m)
        # the faster of the two bare measures: the pipeline is compared with its best
        bare = max(best["sweep-bare"].rate, best["sweep-bare-beside"].rate)
        share = one_cpu.rate / bare
        target("pipeline 1 job (steady) / bare engine", share, "{:.0%}", ">= 85%", share >= 0.85)
        speedup = two_steady.rate / one_steady.rate
        target("pipeline 2 jobs / 1 job (steady)", speedup, "{:.2f}x", ">= 1.8x", speedup >= 1.8)
        notes.append(
            f"pipeline, 1 job: steady {one_cpu.rate:,.0f} deals/s per CPU second = {share:.0%} of the bare "
            f"engine's {bare:,.0f}, {one_cpu.rate / best['sweep-random'].rate:.0%} of the play loop with "
            f"random plug-ins; whole run {one.rate:,.0f} deals/s in wall time (start and end-of-run included)"
        )
        contract = seeding_contract_us(max(1000, int(20000 * scale)))
        free = 1 / (1 / one_cpu.rate - contract / 1e6)
        notes.append(
            f"pipeline, 1 job, minus the seeding contract's cost (measured: {contract:.1f} us a deal for "
            f"the seats' seeds, RNG seedings and first draws): {free:,.0f} deals/s = "
            f"{free / bare:.0%} of the bare engine"
        )
        notes.append(
            f"pipeline, 2 jobs: whole run {two.rate / one.rate:.2f}x one job, steady {speedup:.2f}x in wall "
            "time (the machine's other load counts here: read it on a quiet machine); per CPU second of "
            f"all its processes {two_cpu.rate / one_cpu.rate:.0%} of one job's (what 2 free cores would "
            "double)"
        )
    search = Table(
        "game",
        "decisions",
        "median decisions/s",
        "p95 seconds",
        "determinize",
        "clone",
        "play (rest)",
        title="montecarlo, CPU time (defaults): where a decision's time goes",
    )
    for game in available_games():
        split = montecarlo_decisions(game, max(20, int(200 * scale)))
        times = split.decisions
        median, p95 = times[len(times) // 2], times[(95 * len(times)) // 100]
        search.add_row(
            game,
            str(len(times)),
            f"{1 / median:.1f}",
            f"{p95:.3f}",
            f"{split.sampling:.0%}",
            f"{split.copying:.0%}",
            f"{1 - split.sampling - split.copying:.0%}",
        )
        target(f"{game} montecarlo median decisions/s", 1 / median, "{:.1f}", ">= 20", 1 / median >= 20)
        target(f"{game} montecarlo p95 decision", p95, "{:.3f} s", "<= 0.25 s", p95 <= 0.25)
        copying = split.sampling + split.copying
        target(f"{game} montecarlo: copying (determinize + clone)", copying, "{:.0%}", "< 50%", copying < 0.5)
    for game, players, variant in DECISION_GAMES:  # ismcts at its defaults, on positions of heuristic play
        got = cpu_per_decision([ISMCTS], game, players, variant, max(20, int(100 * scale)))
        median, p95 = got.median(ISMCTS), got.p95(ISMCTS)
        label = f"{game} {players}p ismcts"
        target(f"{label} median decisions/s", 1 / median, "{:.1f}", ">= 20", 1 / median >= 20)
        target(f"{label} p95 decision", p95, "{:.3f} s", "<= 0.25 s", p95 <= 0.25)
    compiled = [m for m in native.compiled_modules() if not m.endswith("__mypyc")]
    built = len(json.loads(native.MANIFEST.read_text())) if native.MANIFEST.exists() else 0
    notes.append(
        f"compiled core: {len(compiled)} modules ran from extensions ({built} built)"
        + (" (CARDSIM_PURE is set: the .py sources ran)" if native.pure() else "")
        + (" — none built: run `make setup`" if not built and not native.pure() else "")
    )
    screen.print(table)
    for note in notes:
        screen.print(note)
    screen.print(search)
    screen.print(targets)


def _strategy(ref: str, option: str, kinds: tuple[type, ...] = (), kind: str = "", why: str = "") -> None:
    """Check a strategy an option names before measuring it: it exists and, with ``kinds``, is one
    the instrument can measure (``kind`` names them, ``why`` says what the instrument needs)."""
    from simulator.plugins import load_strategy

    where = f"{option} {ref!r}"
    spec = load_strategy(ref, where)
    if kinds and not isinstance(spec.build(), kinds):
        raise UserError(
            f"not {kind}: {why}",
            where,
            f"give {kind}: its name or a YAML file of its plug-in (`cardsim list strategies`)",
        )


def _names(text: str, known: list[str], option: str) -> list[str]:
    """The comma-separated names of ``text`` ('all': every one of ``known``), in ``known``'s order."""
    names = [name.strip() for name in text.split(",")]
    if names == ["all"]:
        return known
    wrong = [name for name in names if name not in known]
    if wrong:
        raise UserError(
            f"unknown name {wrong[0]!r}",
            option,
            f"a comma-separated list of {', '.join(known)}, or 'all'",
        )
    return [name for name in known if name in names]
