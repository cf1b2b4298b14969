"""CPU seconds per decision of several strategies on the same positions, for comparisons "at equal
CPU time": the positions come from deals the heuristic plays at every seat, and each strategy
decides at every one of them with the same seat RNG seed, in a fresh process of its own. Measured
in one process, the caches a strategy fills on a position (the capture groups of its table, the
rebuilt past views of inference from play) made the next strategy's decisions on the same
position cheaper than they are in play (a Sweep inference file: 0.034 s a decision measured
second, 0.055 s first)."""

from __future__ import annotations

import multiprocessing
import random
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from simulator.games import get_game
from simulator.plugins import load_strategy
from simulator.seeding import deal_seed
from simulator.variants import resolve_variant
from strategies.heuristic import HeuristicStrategy

#: CPU time, not wall time: the one-core figure even on a machine other jobs share
_CLOCK = time.process_time
#: (game, players, variant) measured: the ladders' games
GAMES = (
    ("sweep", 4, "standard"),
    ("sweep", 2, "standard"),
    ("seep", 4, "standard"),
    ("seep", 2, "two_player"),
    ("sueca", 5, "standard"),
)


@dataclass
class DecisionCpu:
    """CPU seconds of each decision, sorted, per strategy."""

    seconds: dict[str, list[float]]

    def mean(self, name: str) -> float:
        """The mean: CPU per decision over a whole game is what "equal CPU time" compares (the
        exact endgames make the cost's tail long, so the median alone understates it)."""
        got = self.seconds[name]
        return sum(got) / len(got)

    def median(self, name: str) -> float:
        got = self.seconds[name]
        return got[len(got) // 2]

    def p95(self, name: str) -> float:
        got = self.seconds[name]
        return got[min(len(got) - 1, int(0.95 * len(got)))]


def positions(game_name: str, players: int, variant: str, count: int, seed: int = 1) -> list[tuple[Any, int]]:
    """``count`` decisions (state, seat) with several legal moves, from deals the heuristic plays at
    every seat, spread over whole deals (every third decision)."""
    game = get_game(game_name)
    rules = resolve_variant(game, variant, players).rules
    out: list[tuple[Any, int]] = []
    deal = 0
    while len(out) < count:
        state = game.new_deal(rules, deal_seed(seed, deal))
        agents = [HeuristicStrategy() for _ in range(rules.num_players)]
        for s, agent in enumerate(agents):
            agent.reset(random.Random(deal * 7 + s), s, rules)
        k = 0
        while (seat := state.current_player()) >= 0 and len(out) < count:
            moves = state.legal_moves()
            if len(moves) > 1:
                if k % 3 == deal % 3:
                    out.append((state.clone(), seat))
                k += 1
            state.apply(moves[0] if len(moves) == 1 else agents[seat].choose(state.view(seat), moves))
        deal += 1
    return out


def decision_cpu(
    strategies: list[str], game_name: str, players: int, variant: str, count: int
) -> DecisionCpu:
    """CPU seconds per decision of each strategy (a name or YAML file) that plays ``game_name``, on
    the same ``count`` positions, each strategy in a fresh process."""
    refs = [ref for ref in strategies if game_name in load_strategy(ref).games]
    seconds: dict[str, list[float]] = {}
    for ref in refs:  # one at a time: the figure is one core's, free of the others' load
        with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as alone:
            seconds[ref] = alone.submit(_seconds, ref, game_name, players, variant, count).result()
    return DecisionCpu(seconds)


def _seconds(ref: str, game_name: str, players: int, variant: str, count: int) -> list[float]:
    """The sorted CPU seconds of ``ref``'s decisions on the ``count`` positions."""
    spec = load_strategy(ref)
    seconds = []
    for i, (state, seat) in enumerate(positions(game_name, players, variant, count)):
        view = state.view(seat)
        moves = state.legal_moves()
        agent = spec.build()
        agent.reset(random.Random(i), seat, state.rules)
        start = _CLOCK()
        agent.choose(view, moves)
        seconds.append(_CLOCK() - start)
    return sorted(seconds)


def print_decision_cpu(screen: Any, strategies: list[str], count: int) -> None:
    """The table of ``cardsim bench --decision-cpu``: every game of :data:`GAMES`."""
    from rich.table import Table

    table = Table(
        "game",
        "strategy",
        "positions",
        "mean s",
        "median s",
        "decisions/s",
        "p95 s",
        title="CPU per decision",
    )
    for game, players, variant in GAMES:
        got = decision_cpu(strategies, game, players, variant, count)
        for ref in got.seconds:
            med = got.median(ref)
            rate = f"{1 / med:.1f}" if med > 0 else "-"
            table.add_row(
                f"{game} {players}p",
                ref,
                str(count),
                f"{got.mean(ref):.4f}",
                f"{med:.4f}",
                rate,
                f"{got.p95(ref):.3f}",
            )
    screen.print(table)
