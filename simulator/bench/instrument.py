"""The gap to perfect play: how much of what seeing every card would give the search reaches.

:class:`TrueDealSearch` is a search (``montecarlo`` or ``ismcts``) given the true deal instead
of samples of it: the same candidates, the same rollouts and endgame solver, the same number of
samples or iterations (each on a copy of the real deal). No honest player can see the cards, so
it is a measuring instrument, never a strategy: it is not a :class:`simulator.strategy.Strategy`
(``cardsim run`` and every strategy YAML refuse it), it has no registry entry, and it plays only
in :func:`perfect_gap`'s own loop, which hands it the true state.

:func:`perfect_gap` plays the same deals twice against the heuristic, once with the real search
and once with the instrument at the same seats, seat RNGs and cards, and reports both margins
and the share of the instrument's margin that the real search reaches.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from simulator.games import get_game
from simulator.plugins import load_strategy
from simulator.seeding import deal_seed, strategy_seeds
from simulator.strategy import Strategy
from simulator.variants import resolve_variant
from strategies.ismcts import IsmctsStrategy
from strategies.ismcts.tree import Tree
from strategies.montecarlo import MonteCarloStrategy
from strategies.montecarlo.outcome import deal_margin
from strategies.montecarlo.search import Search

#: the searches the instrument can see through
SEARCHES = (MonteCarloStrategy, IsmctsStrategy)

#: bootstrap resamples of the share's interval
RESAMPLES = 2000


class TrueDealSearch:
    """The search of ``searcher`` with every sampled deal replaced by the true deal."""

    def __init__(self, searcher: MonteCarloStrategy | IsmctsStrategy) -> None:
        self.searcher = searcher

    def search(self, state: Any, seat: int) -> Search | Tree:
        """The searcher's search at ``seat`` of ``state`` (the true, complete state), whose every
        sample is a copy of ``state``."""
        view = state.view(seat)
        searcher = self.searcher
        inner = searcher.search(view) if isinstance(searcher, MonteCarloStrategy) else searcher.tree(view)
        return dataclasses.replace(inner, sample=lambda _v, _r: state.clone())

    def choose(self, state: Any, seat: int, moves: Sequence[Any]) -> Any:
        """The move the search makes at ``seat`` of ``state``."""
        view = state.view(seat)
        candidates = self.searcher.candidates(view, moves)
        search = self.search(state, seat)
        if isinstance(search, Tree):
            root = search.root(view, candidates, self.searcher.rng)
            return Tree.best(root, candidates, self.searcher.params.confidence)  # type: ignore[attr-defined]
        return search.choose(view, candidates, self.searcher.rng)


@dataclass
class Gap:
    """Per deal group, the margin over the baseline of the real search and of the instrument."""

    game: str
    players: int
    real: list[float]
    perfect: list[float]

    @staticmethod
    def _interval(values: list[float], stat: Callable[[list[int]], float], seed: int) -> tuple[float, float]:
        rng = random.Random(seed)
        n = len(values)
        draws = sorted(stat([rng.randrange(n) for _ in range(n)]) for _ in range(RESAMPLES))
        return draws[int(0.025 * RESAMPLES)], draws[int(0.975 * RESAMPLES) - 1]

    def mean_ci(self, which: str) -> tuple[float, float, float]:
        """Mean margin per deal and its 95% bootstrap interval over deal groups."""
        values = self.real if which == "real" else self.perfect
        lo, hi = self._interval(values, lambda idx: sum(values[i] for i in idx) / len(idx), 1)
        return sum(values) / len(values), lo, hi

    def share_ci(self) -> tuple[float, float, float]:
        """The real margin as a share of the instrument's, with its 95% bootstrap interval
        (groups resampled in pairs)."""

        def share(idx: list[int]) -> float:
            perfect = sum(self.perfect[i] for i in idx)
            return sum(self.real[i] for i in idx) / perfect if perfect else float("nan")

        lo, hi = self._interval(self.real, share, 2)
        return share(list(range(len(self.real)))), lo, hi


def _play(
    game: Any, rules: Any, seed: int, group: int, side: int, search: Any, baseline: Any, oracle: bool
) -> float:
    """One deal of ``group``: the search (or, with ``oracle``, its instrument) at ``side``'s seats
    and the baseline at the others, each seat its own instance and seat RNG; the search side's
    deal margin."""
    sides = rules.side_of_seat
    n = rules.num_players
    agents: list[Strategy] = [(search if sides[s] == side else baseline).build() for s in range(n)]
    state = game.new_deal(rules, deal_seed(seed, group))
    for s, (agent, rng_seed) in enumerate(zip(agents, strategy_seeds(seed, group, side, n), strict=True)):
        agent.reset(random.Random(rng_seed), s, rules)
    while (seat := state.current_player()) >= 0:
        moves = state.legal_moves()
        agent = agents[seat]
        if len(moves) == 1:
            move = moves[0]
        elif oracle and sides[seat] == side:
            move = TrueDealSearch(agent).choose(state, seat, moves)  # type: ignore[arg-type]
        else:
            move = agent.choose(state.view(seat), moves)
        state.apply(move)
    return deal_margin(state, side)


def perfect_gap(
    game_name: str,
    players: int,
    groups: int,
    seed: int = 20261201,
    search: str = "montecarlo",
    baseline: str = "heuristic",
    variant: str = "standard",
) -> Gap:
    """``groups`` deal groups (each deal under every seating of the search's side) of ``search``
    (a strategy name or YAML file of the montecarlo or ismcts plug-in) and of its true-deal instrument
    against ``baseline``, on the same cards and seat RNGs."""
    game = get_game(game_name)
    rules = resolve_variant(game, variant, players).rules
    spec = load_strategy(search)
    if not isinstance(spec.build(), SEARCHES):
        raise ValueError(f"{search!r} is neither montecarlo nor ismcts: the instrument is its search")
    against = load_strategy(baseline)
    nsides = max(rules.side_of_seat) + 1
    real: list[float] = []
    perfect: list[float] = []
    for group in range(groups):
        got = {False: 0.0, True: 0.0}
        for oracle in (False, True):
            for side in range(nsides):
                got[oracle] += _play(game, rules, seed, group, side, spec, against, oracle) / nsides
        real.append(got[False])
        perfect.append(got[True])
    return Gap(game_name, players, real, perfect)


#: (game, players, variant) of the gap's table: the ladders' games
GAP_GAMES = (
    ("sweep", 4, "standard"),
    ("sweep", 2, "standard"),
    ("seep", 4, "standard"),
    ("seep", 2, "two_player"),
    ("sueca", 5, "standard"),
)


def print_gaps(screen: Any, groups: int, search: str) -> None:
    """The gap table of ``cardsim bench --gap``: every game of :data:`GAP_GAMES`."""
    from rich.table import Table

    table = Table(
        "game",
        "groups",
        f"{search} vs heuristic [95% CI]",
        "true deal vs heuristic [95% CI]",
        "share reached [95% CI]",
        title="the gap to perfect play (margin per deal)",
    )
    for game, players, variant in GAP_GAMES:
        got = perfect_gap(game, players, groups, search=search, variant=variant)
        cells = []
        for which in ("real", "perfect"):
            mean, lo, hi = got.mean_ci(which)
            cells.append(f"{mean:+.3f} [{lo:+.3f}, {hi:+.3f}]")
        share, lo, hi = got.share_ci()
        table.add_row(f"{game} {players}p", str(groups), *cells, f"{share:.0%} [{lo:.0%}, {hi:.0%}]")
    screen.print(table)
