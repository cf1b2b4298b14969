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

:class:`OracleSearch` is the same search given part of the true deal (a partial oracle of
:mod:`simulator.bench.oracle`: the other hands, the stock, the partner's or the opponents' hands),
the rest sampled as ``determinize`` would; :func:`perfect_gap` measures any of them beside the
true deal, so the gap splits into what knowing each part of the hidden cards is worth.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from simulator.bench.oracle import ORACLES, READER, applies, oracle_sampler
from simulator.bench.oracle.reader import reader_sampler
from simulator.games import get_game
from simulator.plugins import load_strategy
from simulator.seeding import deal_seed, strategy_seeds
from simulator.strategy import Strategy
from simulator.variants import resolve_variant
from strategies.heuristic.plugin import HeuristicStrategy
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

    def sampler(self, state: Any, seat: int) -> Callable[[Any, random.Random], Any]:
        """The samples the search gets: copies of ``state``."""
        return lambda _v, _r: state.clone()

    def search(self, state: Any, seat: int) -> Search | Tree:
        """The searcher's search at ``seat`` of ``state`` (the true, complete state), whose every
        sample comes from :meth:`sampler`."""
        view = state.view(seat)
        searcher = self.searcher
        inner = searcher.search(view) if isinstance(searcher, MonteCarloStrategy) else searcher.tree(view)
        return dataclasses.replace(inner, sample=self.sampler(state, seat))

    def choose(self, state: Any, seat: int, moves: Sequence[Any]) -> Any:
        """The move the search makes at ``seat`` of ``state``."""
        view = state.view(seat)
        candidates = self.searcher.candidates(view, moves)
        search = self.search(state, seat)
        if isinstance(search, Tree):
            root = search.root(view, candidates, self.searcher.rng)
            return Tree.best(root, candidates, self.searcher.params.confidence)  # type: ignore[attr-defined]
        return search.choose(view, candidates, self.searcher.rng)


class OracleSearch(TrueDealSearch):
    """The search of ``searcher`` with every sampled deal drawn by the partial oracle ``oracle``
    (a name of :data:`simulator.bench.oracle.ORACLES`): what it knows as it is, the rest sampled;
    the reader reads the plays of the seats ``readers``, who play ``baseline``."""

    def __init__(
        self,
        searcher: MonteCarloStrategy | IsmctsStrategy,
        oracle: str,
        baseline: HeuristicStrategy | None = None,
        readers: frozenset[int] = frozenset(),
    ) -> None:
        super().__init__(searcher)
        self.oracle = oracle
        self.baseline = baseline
        self.readers = readers

    def sampler(self, state: Any, seat: int) -> Callable[[Any, random.Random], Any]:
        game = state.view(seat).game
        if self.oracle == READER:
            if self.baseline is None:
                raise ValueError("the reader reads the play of a baseline: give it the baseline's policy")
            draw = reader_sampler(game, state, seat, self.baseline, self.readers)
        else:
            draw = oracle_sampler(game, state, seat, self.oracle)
        return lambda _v, rng: draw(rng)


#: the real search's entry in :attr:`Gap.margins`
REAL = "search"


def bootstrap_interval(units: int, stat: Callable[[list[int]], float], seed: int) -> tuple[float, float]:
    """The 95% percentile bootstrap interval of ``stat``, a function of the indices of ``units``
    independent units drawn with replacement (a draw where ``stat`` is NaN is no draw)."""
    rng = random.Random(seed)
    got = (stat([rng.randrange(units) for _ in range(units)]) for _ in range(RESAMPLES))
    draws = sorted(x for x in got if not math.isnan(x))  # a ratio over a zero sum is no draw
    if not draws:
        return float("nan"), float("nan")
    return draws[int(0.025 * len(draws))], draws[int(0.975 * len(draws)) - 1]


@dataclass
class Gap:
    """Per deal group, the margin over the baseline of the real search (``margins[REAL]``) and of
    each oracle measured (``margins[name]``)."""

    game: str
    players: int
    margins: dict[str, list[float]]

    def mean_ci(self, which: str) -> tuple[float, float, float]:
        """Mean margin per deal of ``which`` (:data:`REAL` or an oracle) and its 95% bootstrap
        interval over deal groups."""
        values = self.margins[which]
        lo, hi = bootstrap_interval(len(values), lambda idx: sum(values[i] for i in idx) / len(idx), 1)
        return sum(values) / len(values), lo, hi

    def _ratio_ci(self, top: list[float], bottom: list[float], seed: int) -> tuple[float, float, float]:
        """sum(top) / sum(bottom) and its 95% bootstrap interval, groups resampled in pairs."""

        def ratio(idx: list[int]) -> float:
            below = sum(bottom[i] for i in idx)
            return sum(top[i] for i in idx) / below if below else float("nan")

        lo, hi = bootstrap_interval(len(top), ratio, seed)
        return ratio(list(range(len(top)))), lo, hi

    def share_ci(self, oracle: str = "deal") -> tuple[float, float, float]:
        """The real search's margin as a share of ``oracle``'s, with its 95% bootstrap interval."""
        return self._ratio_ci(self.margins[REAL], self.margins[oracle], 2)

    def explained_ci(self, oracle: str) -> tuple[float, float, float]:
        """The share of the gap between the real search and the true deal that knowing what
        ``oracle`` knows closes: (oracle - search) / (deal - search), with its 95% interval."""
        real, deal, got = self.margins[REAL], self.margins["deal"], self.margins[oracle]
        gained = [g - r for g, r in zip(got, real, strict=True)]
        gap = [d - r for d, r in zip(deal, real, strict=True)]
        return self._ratio_ci(gained, gap, 3)


def _play(
    game: Any, rules: Any, seed: int, group: int, side: int, search: Any, baseline: Any, oracle: str | None
) -> float:
    """One deal of ``group``: the search (or, with ``oracle``, that instrument: ``deal`` is
    :class:`TrueDealSearch`, another name an :class:`OracleSearch`, the reader reading the baseline
    seats) at ``side``'s seats and the baseline at the others, each seat its own instance and seat
    RNG; the search side's deal margin."""
    sides = rules.side_of_seat
    n = rules.num_players
    agents: list[Strategy] = [(search if sides[s] == side else baseline).build() for s in range(n)]
    policy = next((a for s, a in enumerate(agents) if sides[s] != side), None)
    readers = frozenset(s for s in range(n) if sides[s] != side)
    state = game.new_deal(rules, deal_seed(seed, group))
    for s, (agent, rng_seed) in enumerate(zip(agents, strategy_seeds(seed, group, side, n), strict=True)):
        agent.reset(random.Random(rng_seed), s, rules)
    while (seat := state.current_player()) >= 0:
        moves = state.legal_moves()
        agent = agents[seat]
        if len(moves) == 1:
            move = moves[0]
        elif oracle is not None and sides[seat] == side:
            searcher: Any = agent
            instrument: TrueDealSearch
            if oracle == "deal":
                instrument = TrueDealSearch(searcher)
            else:
                reader = policy if isinstance(policy, HeuristicStrategy) else None
                instrument = OracleSearch(searcher, oracle, reader, readers)
            move = instrument.choose(state, seat, moves)
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
    oracles: Sequence[str] = ("deal",),
    first: int = 0,
) -> Gap:
    """``groups`` deal groups from group ``first`` on (each deal under every seating of the search's
    side) of ``search`` (a strategy name or YAML file of the montecarlo or ismcts plug-in) and of
    each instrument of ``oracles`` that applies to the game, against ``baseline``, on the same cards
    and seat RNGs."""
    game = get_game(game_name)
    rules = resolve_variant(game, variant, players).rules
    spec = load_strategy(search)
    if not isinstance(spec.build(), SEARCHES):
        raise ValueError(f"{search!r} is neither montecarlo nor ismcts: the instrument is its search")
    unknown = [name for name in oracles if name not in ORACLES]
    if unknown:
        raise ValueError(f"unknown oracle {unknown[0]!r}; known: {', '.join(ORACLES)}")
    against = load_strategy(baseline)
    if READER in oracles and not isinstance(against.build(), HeuristicStrategy):
        raise ValueError(f"the reader reads a heuristic's play: {baseline!r} is not a heuristic strategy")
    nsides = max(rules.side_of_seat) + 1
    players_of: dict[str, str | None] = {REAL: None}
    players_of.update((name, name) for name in ORACLES if name in oracles and applies(name, game_name, rules))
    margins: dict[str, list[float]] = {name: [] for name in players_of}
    for group in range(first, first + groups):
        for name, oracle in players_of.items():
            got = sum(_play(game, rules, seed, group, side, spec, against, oracle) for side in range(nsides))
            margins[name].append(got / nsides)
    return Gap(game_name, players, margins)


#: the gap's games by label, (game, players, variant) each: the ladders' games
GAP_GAMES = {
    "sweep4": ("sweep", 4, "standard"),
    "sweep2": ("sweep", 2, "standard"),
    "seep4": ("seep", 4, "standard"),
    "seep2": ("seep", 2, "two_player"),
    "sueca": ("sueca", 5, "standard"),
}


def _cell(mean: float, lo: float, hi: float, percent: bool = False) -> str:
    if percent:
        return f"{mean:.0%} [{lo:.0%}, {hi:.0%}]"
    return f"{mean:+.3f} [{lo:+.3f}, {hi:+.3f}]"


def gap_rows(got: Gap, search: str) -> list[list[str]]:
    """The table rows of one game: the search, then each oracle measured with the search's share
    of its margin and, beside the true deal, the share of the gap it explains."""
    label = f"{got.game} {got.players}p"
    groups = str(len(got.margins[REAL]))
    rows = [[label, groups, search, _cell(*got.mean_ci(REAL)), "", ""]]
    for name in got.margins:
        if name == REAL:
            continue
        explained = ""
        if "deal" in got.margins:
            explained = "100%" if name == "deal" else _cell(*got.explained_ci(name), percent=True)
        share = _cell(*got.share_ci(name), percent=True)
        rows.append([label, groups, f"oracle: {name}", _cell(*got.mean_ci(name)), share, explained])
    return rows


def print_gaps(
    screen: Any, groups: int, search: str, oracles: Sequence[str] = ("deal",), games: Sequence[str] = ()
) -> None:
    """The gap table of ``cardsim bench --gap``: the games of :data:`GAP_GAMES` named in ``games``
    (all if none), the search and each of ``oracles`` that applies to the game."""
    from rich.table import Table

    table = Table(
        "game",
        "groups",
        "player",
        "vs heuristic [95% CI]",
        "search's share of it",
        "gap it closes",
        title="the gap to perfect play (margin per deal)",
    )
    for label in games or GAP_GAMES:
        game, players, variant = GAP_GAMES[label]
        got = perfect_gap(game, players, groups, search=search, variant=variant, oracles=oracles)
        for row in gap_rows(got, search):
            table.add_row(*row)
    screen.print(table)
    screen.print(f"search: {search}, seeing only its view; each oracle is the same search knowing:")
    for name in ORACLES:
        if name in oracles:
            screen.print(f"  {name}: {ORACLES[name]}")
    screen.print(
        "gap it closes: (oracle - search) / (true deal - search); intervals: percentile bootstrap over "
        "deal groups, shares with the groups resampled in pairs"
    )
