"""Throughput measurements for `make bench` (never used in tests).

Every figure is deals per second on one core (the pipeline's two-job figure
aside), in CPU time of the process (``CPU``): the machine is shared, and wall time
would count the other jobs' load; only the 2-job pipeline speedup is in wall time
(it is about two processes). Ratios are against references measured in the same run: a
fixed pure-Python workload (to compare machines) and, for the pipeline, the
engine loops (to show what the runner costs). Three loops per game:

* bare engine: the engine alone, uniform random moves from one RNG;
* play loop: the runner's own loop (``play_deal``) with a strategy plug-in per
  seat, each reset per deal with its private seeded RNG;
* pipeline: the whole of ``cardsim run`` (scheduling, workers, rows, Parquet).
"""

from __future__ import annotations

import random
import resource
import tempfile
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from simulator.config import Tournament, TournamentConfig
from simulator.games import available_games, get_game
from simulator.games.base import Game
from simulator.play import play_deal, reset_agents
from simulator.plugins import spec_from_name
from simulator.runner import run_tournament
from simulator.schedule import Lineup
from simulator.seeding import deal_seed, strategy_seeds
from simulator.shuffle import reseed, seeded_rng
from simulator.variants import resolve_variant

#: the clock of every one-process measure: CPU seconds of this process
CPU = time.process_time


@dataclass(frozen=True)
class Measure:
    label: str
    deals: int
    seconds: float
    actions: int = 0  # player actions (decisions) in the measured deals, when counted

    @property
    def rate(self) -> float:
        return self.deals / self.seconds

    @property
    def action_rate(self) -> float:
        return self.actions / self.seconds


def reference_rate(seconds: float = 0.5) -> float:
    """Iterations per second of a fixed workload (shuffle a deck, fold it into a mask)."""
    rng = random.Random(1)
    deck = list(range(52))
    n = 0
    start = CPU()
    while (elapsed := CPU() - start) < seconds:
        for _ in range(200):
            rng.shuffle(deck)
            mask = 0
            for c in deck[:13]:
                mask |= 1 << c
            n += 1
    return n / elapsed


def bare_engine_rate(
    game_name: str, deals: int, players: int | None = None, seed: int = 1, warm_up: int | None = None
) -> Measure:
    """The engine alone: new deal, then uniform random moves from one RNG, no strategy objects.

    Warmed up first on ``warm_up`` other deals (default a tenth, like :func:`engine_rate`): the
    engines' caches fill over the first thousands of new deals of a process (Seep's solved floors
    above all), and the steady rate is the one a long run or a search plays at. Counts the player
    actions (every Sweep and Seep move, Sueca bids and calls included)."""
    game = get_game(game_name)
    rules = resolve_variant(game, "standard", players).rules
    rng = random.Random(seed)

    def play(first: int, count: int) -> int:
        rand = rng.random
        actions = 0
        for i in range(first, first + count):
            state = game.new_deal(rules, deal_seed(seed, i))
            current, legal, apply = state.current_player, state.legal_moves, state.apply
            while current() >= 0:
                moves = legal()
                apply(moves[int(rand() * len(moves))])
                actions += 1
        return actions

    play(deals, max(1, deals // 10) if warm_up is None else warm_up)
    start = CPU()
    actions = play(0, deals)
    return Measure(f"{game_name} {rules.num_players}p bare engine, uniform", deals, CPU() - start, actions)


def openspiel_rate(deals: int, seed: int = 1) -> Measure | None:
    """OpenSpiel's hearts driven from Python with uniform random moves (chance nodes sampled the
    same way), the reference engine of the speed targets; None without the ``bench`` extra (open_spiel)."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    rng = random.Random(seed)

    def play(count: int) -> int:
        rand = rng.random
        actions = 0
        for _ in range(count):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[int(rand() * len(outcomes))][0])
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[int(rand() * len(legal))])
                    actions += 1
        return actions

    play(max(1, deals // 10))
    start = CPU()
    actions = play(deals)
    return Measure("open_spiel hearts 4p, uniform (Python)", deals, CPU() - start, actions)


def _lookahead_us(
    game: Game, positions: list[Any], views: list[Any], repeat: int, rng: random.Random
) -> tuple[float, float]:
    """Microseconds per ``clone()`` of ``positions`` and per ``GAME.determinize`` of ``views``."""
    start = CPU()
    for _ in range(repeat):
        for s in positions:
            s.clone()
    clone_us = (CPU() - start) / (repeat * len(positions)) * 1e6
    determinize = game.determinize
    start = CPU()
    for _ in range(repeat):
        for v in views:
            determinize(v, rng)
    return clone_us, (CPU() - start) / (repeat * len(views)) * 1e6


def mid_deal_us(
    game_name: str, plays: int, states: int = 300, repeat: int = 20, seed: int = 1
) -> tuple[float, float]:
    """Microseconds per ``clone()`` and per ``GAME.determinize(view)`` of deals after ``plays``
    random moves, the two costs a Monte Carlo decision pays per sample."""
    game = get_game(game_name)
    rules = resolve_variant(game, "standard").rules
    rng = random.Random(seed)
    positions = []
    for i in range(states):
        state = game.new_deal(rules, deal_seed(seed, i))
        for _ in range(plays):
            state.apply(rng.choice(state.legal_moves()))
        positions.append(state)
    return _lookahead_us(game, positions, [s.view(s.current_player()) for s in positions], repeat, rng)


def engine_rate(
    game_name: str, strategy: str, deals: int, players: int | None = None, seed: int = 1
) -> Measure:
    """The runner's own play loop on one core: new deal, reset strategies, play to the end.

    Engines cache move enumerations that repeat across deals; a warm-up of a
    tenth of the deals (on other seeds) fills them first, so the figure is the
    steady rate a tournament of thousands of deals runs at."""
    game = get_game(game_name)
    rules = resolve_variant(game, "standard", players).rules
    agents = [spec_from_name(strategy).build() for _ in range(rules.num_players)]
    rngs = [seeded_rng(0) for _ in agents]  # reseeded at every deal, as a worker does

    def play(first: int, count: int) -> None:
        for i in range(first, first + count):
            state = game.new_deal(rules, deal_seed(seed, i))
            reset_agents(agents, rules, seed, i, 0, 1, rngs)
            play_deal(state, agents)

    play(deals, max(1, deals // 10))
    start = CPU()
    play(0, deals)
    return Measure(f"{game_name} {rules.num_players}p play loop, {strategy}", deals, CPU() - start)


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


def sueca_lookahead_us(states: int = 300, repeat: int = 20, seed: int = 1) -> tuple[float, float]:
    """Microseconds per ``clone()`` and per ``GAME.determinize(view)`` of Sueca hands in mid play
    (three tricks of random play), the two costs a Monte Carlo decision pays per sample."""
    game = get_game("sueca")
    rules = resolve_variant(game, "standard").rules
    rng = random.Random(seed)
    positions = []
    for i in range(states):
        state = game.new_deal(rules, deal_seed(seed, i))
        while not state.is_over() and len(state.tricks) < 3:  # type: ignore[attr-defined]
            state.apply(rng.choice(state.legal_moves()))
        if not state.is_over():
            positions.append(state)
    return _lookahead_us(game, positions, [s.view(s.current_player()) for s in positions], repeat, rng)


def seep_lookahead_us(states: int = 300, repeat: int = 20, seed: int = 1) -> tuple[float, float]:
    """Microseconds per ``clone()`` and per ``GAME.determinize(view)`` of Seep deals in mid play
    (20 plays of random play, a view of the next seat), what a Monte Carlo decision pays per sample."""
    game = get_game("seep")
    rules = resolve_variant(game, "standard").rules
    rng = random.Random(seed)
    positions = []
    for i in range(states):
        state = game.new_deal(rules, deal_seed(seed, i))
        for _ in range(21):  # the bid and 20 plays
            state.apply(rng.choice(state.legal_moves()))
        positions.append(state)
    views = [s.view((s.current_player() + 1) % rules.num_players) for s in positions]
    return _lookahead_us(game, positions, views, repeat, rng)


def env_step_notes(deals: int, seed: int = 1, rounds: int = 3) -> list[str]:
    """Per game, PettingZoo environment steps per CPU second against :func:`bare_engine_rate` measured
    just before (standard rules): every seat an agent taking uniform random legal ids from the mask
    ``env.last()`` gives, once reading only the mask (the observation vector is then never built)
    and once reading the observation too. The environment is seeded at a round's first deal only,
    as a training loop seeds it (each deal's own seeding both pay, as the bare engine's new deals
    do). Warmed up like the bare engine; ``rounds`` rounds of the three measures in turn, each
    figure the best of its rounds (the same for the engine and the environment: on a shared
    machine a round's load varies). Also what the agent's loop costs alone, and with the fresh
    mask array and observation dict every step returns (:func:`_agent_loop_us`), and the ratio an
    environment costing nothing more would reach, ``1 / (moves/steps + bare rate x that cost)``.
    Empty without ``rl``."""
    try:
        from simulator.rl import make_env
    except ImportError:
        return []
    notes = []
    for game_name in available_games():
        env = make_env(game_name)
        rng = random.Random(seed)

        def play(
            first: int, count: int, read: bool, env: Any = env, rng: random.Random = rng
        ) -> tuple[int, int, float]:
            steps = moves = 0
            start = CPU()
            env.reset(seed=deal_seed(seed, first))  # seeded once, as a training loop does
            for i in range(count):
                if i:
                    env.reset()
                for _ in env.agent_iter():
                    obs, _, done, truncated, _ = env.last()
                    if done or truncated:
                        env.step(None)
                        continue
                    if read:
                        obs["observation"]
                    legal = obs["action_mask"].nonzero()[0]
                    env.step(int(legal[int(rng.random() * len(legal))]))
                    steps += 1
                moves += env.agent_moves
            return steps, moves, CPU() - start

        play(deals, max(1, deals // 10), True)
        bare = rate = read_rate = 0.0
        for _ in range(rounds):
            bare = max(bare, bare_engine_rate(game_name, deals, seed=seed).action_rate)
            steps, moves, seconds = play(0, deals, False)
            rate = max(rate, steps / seconds)
            read_steps, _, read_seconds = play(0, deals, True)
            read_rate = max(read_rate, read_steps / read_seconds)
        loop_us, floor_us = _agent_loop_us(env, max(1, deals // 5), seed)
        ceiling = 1 / (moves / steps + bare * loop_us / 1e6)
        floor_ceiling = 1 / (moves / steps + bare * floor_us / 1e6)
        notes.append(
            f"{game_name} PettingZoo env, random masked ids: {rate:,.0f} steps/s per core "
            f"({rate * moves / steps:,.0f} moves/s, {steps / moves:.2f} steps a move), {rate / bare:.0%} of "
            f"the bare engine's {bare:,.0f} moves/s (target >= 50%); reading the observation too: "
            f"{read_rate:,.0f} steps/s, {read_rate / bare:.0%}; the agent's own loop costs "
            f"{loop_us:.2f} us a step (an environment costing nothing: {ceiling:.0%}), "
            f"{floor_us:.2f} us with the fresh mask array and observation dict every step returns "
            f"(an environment costing nothing else: {floor_ceiling:.0%})"
        )
    return notes


def _agent_loop_us(env: Any, deals: int, seed: int) -> tuple[float, float]:
    """CPU microseconds a step of the agent loop of :func:`env_step_notes` costs by itself (read
    the mask, its nonzero ids, a uniform pick), over the masks of a few deals replayed without
    the environment: what no environment can save. Second, the same loop over what each step
    must return besides (PettingZoo's ``last()``: a new int8 mask array made from the mask's
    bytes, in a new observation dict of the environment's class, in the returned tuple): the
    least any AEC step with a fresh mask costs beside the engine's move. Each the best of 3."""
    import numpy as np

    from simulator.rl.env import Observation

    rng = random.Random(seed)
    masks: list[tuple[dict[str, Any], float, bool, bool, dict[str, Any]]] = []
    flags: list[bytearray] = []
    for i in range(deals):
        env.reset(seed=deal_seed(seed + 1, i))
        for _ in env.agent_iter():
            obs, _, done, truncated, _ = env.last()
            if done or truncated:
                env.step(None)
                continue
            masks.append(({"action_mask": obs["action_mask"]}, 0.0, False, False, {}))
            flags.append(bytearray(obs["action_mask"].tobytes()))
            legal = obs["action_mask"].nonzero()[0]
            env.step(int(legal[int(rng.random() * len(legal))]))
    frombuffer, int8 = np.frombuffer, np.dtype(np.int8)
    info: dict[str, Any] = {}
    best = best_floor = float("inf")
    for _ in range(3):
        start = CPU()
        for last in masks:
            obs, _, done, truncated, _ = last
            if done or truncated:
                continue
            legal = obs["action_mask"].nonzero()[0]
            int(legal[int(rng.random() * len(legal))])
        best = min(best, (CPU() - start) / len(masks) * 1e6)
        start = CPU()
        for flag in flags:
            fresh = Observation()
            fresh["action_mask"] = frombuffer(flag[:], int8)
            obs, _, done, truncated, _ = (fresh, 0.0, False, False, info)
            if done or truncated:
                continue
            legal = obs["action_mask"].nonzero()[0]
            int(legal[int(rng.random() * len(legal))])
        best_floor = min(best_floor, (CPU() - start) / len(flags) * 1e6)
    return best, best_floor


@dataclass
class SearchSplit:
    """Where the CPU time of montecarlo decisions goes: sampling deals (``determinize``), copying
    them (``clone``, one per candidate move but the last), and the rest (applying moves, rollouts)."""

    decisions: list[float]  # CPU seconds of each decision, sorted
    determinize_seconds: float = 0.0  # measured around every GAME.determinize call
    clones: int = 0  # clone() calls the decisions made (samples x (candidates - 1))
    clone_us: float = 0.0  # microseconds per clone() of a mid-deal state of the same game

    @property
    def total(self) -> float:
        return sum(self.decisions)

    @property
    def copying(self) -> float:
        """Fraction of the decision time spent in clone() (clones x the measured clone time)."""
        return self.clones * self.clone_us * 1e-6 / self.total

    @property
    def sampling(self) -> float:
        return self.determinize_seconds / self.total


def montecarlo_decisions(
    game_name: str, decisions: int, players: int | None = None, seed: int = 1
) -> SearchSplit:
    """CPU seconds of each decision of the ``montecarlo`` plug-in at its default settings, sorted,
    and the share of them spent sampling and copying deals.

    Seat 0's side plays montecarlo and the others greedy, over as many deals as it takes to
    time ``decisions`` choices (forced moves are not decisions: the runner never asks). CPU
    time, not wall time: it is the one-core figure even on a machine other jobs share. The
    game's ``determinize`` is timed by a wrapper for the duration; ``clone`` (a compiled
    method) is counted instead: every sample clones the deal once per candidate but the last."""
    game = get_game(game_name)
    rules = resolve_variant(game, "standard", players).rules
    side_of = rules.side_of_seat
    agents = [
        spec_from_name("montecarlo" if side_of[s] == side_of[0] else "greedy").build()
        for s in range(rules.num_players)
    ]
    clock = time.process_time
    split = SearchSplit([], clone_us=_mid_deal_clone_us(game_name))
    determinize = game.determinize  # type: ignore[attr-defined]
    samples = 0

    def timed(view: Any, rng: random.Random) -> Any:
        nonlocal samples
        start = clock()
        try:
            return determinize(view, rng)
        finally:
            split.determinize_seconds += clock() - start
            samples += 1

    i = 0
    setattr(game, "determinize", timed)  # noqa: B010 (an instance attribute over the method)
    try:
        while len(split.decisions) < decisions:
            state = game.new_deal(rules, deal_seed(seed, i))
            reset_agents(agents, rules, seed, i, 0)
            i += 1
            while (s := state.current_player()) >= 0 and len(split.decisions) < decisions:
                moves = state.legal_moves()
                if len(moves) > 1:
                    ours = side_of[s] == side_of[0]
                    view = state.view(s)
                    before, det_before = samples, split.determinize_seconds
                    start = clock()
                    move = agents[s].choose(view, moves)
                    if ours:
                        split.decisions.append(clock() - start)
                        searcher: Any = agents[s]
                        split.clones += (samples - before) * (len(searcher.candidates(view, moves)) - 1)
                    else:
                        split.determinize_seconds = det_before
                else:
                    move = moves[0]
                state.apply(move)
    finally:
        delattr(game, "determinize")  # the class's method again
    split.decisions.sort()
    return split


def _mid_deal_clone_us(game_name: str) -> float:
    """Microseconds per clone() of this game's deals in mid play (the look-ahead figures' states)."""
    if game_name == "sueca":
        return sueca_lookahead_us(100, 10)[0]
    if game_name == "seep":
        return seep_lookahead_us(100, 10)[0]
    return mid_deal_us(game_name, 24, 100, 10)[0]
