"""How much a search's samples know of the hidden hands: the reading instrument.

Inference from play keeps the sampled deals that explain what the other seats did; whether that
can make the search stronger depends first on how much closer to the true hands it brings the
samples. :func:`reading` plays deals with the heuristic at every seat and, at every decision of
a seat with other hands to guess (Sueca: in the card play, once the contract is known), draws
samples of the hidden cards with each strategy's own sampler (the one its search would use) and
counts the share of the other seats' cards that a sample puts in the right hand. Uniform
samples place about one card in as many as there are hands to fill; the true deal would place
every one. Where the reader applies (:mod:`simulator.bench.oracle.reader`), it is read too: the
hidden cards drawn from their exact posterior given the heuristic seats' plays, what the play can
tell at most. Like :func:`simulator.bench.instrument.perfect_gap` it is a measuring instrument: it
reads the true deal to score the samples, never to choose a move.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from simulator.bench.instrument import GAP_GAMES, bootstrap_interval
from simulator.bench.oracle import READER
from simulator.bench.oracle.reader import reader_sampler, reads
from simulator.games import get_game
from simulator.plugins import load_strategy
from simulator.seeding import deal_seed, strategy_seeds
from simulator.variants import resolve_variant
from strategies.heuristic.plugin import default_heuristic
from strategies.montecarlo import MonteCarloStrategy

#: samples drawn at each decision measured
SAMPLES = 40


@dataclass(frozen=True)
class Reading:
    """Per strategy, the share of the other seats' cards its samples placed right, one value per
    decision measured (the same decisions for every strategy)."""

    game: str
    players: int
    shares: dict[str, list[float]]
    deals: list[int]  # the deal of each decision measured

    def mean(self, name: str) -> float:
        """The mean share over the decisions measured."""
        values = self.shares[name]
        return sum(values) / len(values)

    def gain_ci(self, name: str, against: str) -> tuple[float, float, float]:
        """``name``'s mean share less ``against``'s, with its 95% bootstrap interval over deals
        (a deal's decisions are not independent: the deal is the unit resampled)."""
        per_deal: dict[int, list[float]] = {}
        for deal, a, b in zip(self.deals, self.shares[name], self.shares[against], strict=True):
            per_deal.setdefault(deal, []).append(a - b)
        sums = [sum(g) for g in per_deal.values()]
        sizes = [len(g) for g in per_deal.values()]

        def mean_of(idx: list[int]) -> float:
            return sum(sums[i] for i in idx) / sum(sizes[i] for i in idx)

        low, high = bootstrap_interval(len(sums), mean_of, 1)
        return mean_of(list(range(len(sums)))), low, high


def _placed(hands: Sequence[int], sample_hands: Sequence[int], seat: int) -> tuple[int, int]:
    """(cards of the other seats the sample put in the right hand, cards of the other seats)."""
    right = total = 0
    for s, hand in enumerate(hands):
        if s != seat:
            right += (hand & sample_hands[s]).bit_count()
            total += hand.bit_count()
    return right, total


def _ignoring_view(draw: Callable[[random.Random], Any]) -> Callable[[Any, random.Random], Any]:
    """A sampler of the search's shape (view, rng) from a draw made for one view."""
    return lambda _view, rng: draw(rng)


def reading(
    game_name: str,
    players: int,
    deals: int,
    strategies: Sequence[str],
    samples: int = SAMPLES,
    seed: int = 20261201,
    variant: str = "standard",
) -> Reading:
    """``deals`` deals played by the default heuristic at every seat; at each decision with other
    hands to guess, ``samples`` deals drawn by the sampler of each of ``strategies`` (montecarlo
    strategy names or YAML files) and, where it applies, by the reader (``shares[READER]``), all
    from the same RNG seed, and the share they placed right."""
    game = get_game(game_name)
    rules = resolve_variant(game, variant, players).rules
    searchers: dict[str, MonteCarloStrategy] = {}
    for name in strategies:
        searcher = load_strategy(name).build()
        if not isinstance(searcher, MonteCarloStrategy):
            raise ValueError(f"{name!r} is not a montecarlo strategy: the instrument reads its sampler")
        searchers[name] = searcher
    heuristic = load_strategy("heuristic")
    read = reads(game_name, rules)
    shares: dict[str, list[float]] = {name: [] for name in [*strategies, *([READER] if read else [])]}
    deal_of: list[int] = []
    for deal in range(deals):
        state: Any = game.new_deal(rules, deal_seed(seed, deal))
        agents = [heuristic.build() for _ in range(players)]
        for s, (agent, rng_seed) in enumerate(
            zip(agents, strategy_seeds(seed, deal, 0, players), strict=True)
        ):
            agent.reset(random.Random(rng_seed), s, rules)
        decision = 0
        while (seat := state.current_player()) >= 0:
            view = state.view(seat)
            moves = state.legal_moves()
            others_hold = sum(view.hand_sizes) > view.hand_sizes[seat]
            if getattr(view, "phase", "play") == "play" and len(moves) > 1 and others_hold:
                samplers: dict[str, Callable[[Any, random.Random], Any]] = {
                    name: searcher.search(view).sample for name, searcher in searchers.items()
                }
                if read:
                    others = frozenset(s for s in range(players) if s != seat)
                    draw = reader_sampler(game_name, state, seat, default_heuristic(), others)
                    samplers[READER] = _ignoring_view(draw)
                for name, sampler in samplers.items():
                    rng = random.Random(seed * 1_000_003 + deal * 1009 + decision)
                    right = total = 0
                    for _ in range(samples):
                        got, cards = _placed(state.hands, sampler(view, rng).hands, seat)
                        right += got
                        total += cards
                    shares[name].append(right / total)
                deal_of.append(deal)
                decision += 1
            state.apply(moves[0] if len(moves) == 1 else agents[seat].choose(view, moves))
    return Reading(game_name, players, shares, deal_of)


def print_readings(screen: Any, deals: int, strategies: Sequence[str], games: Sequence[str]) -> None:
    """The table of ``cardsim bench --reading``: per game of ``games`` (labels of the gap's games),
    each strategy made for that game (its YAML's ``games``), its share of the other seats' cards
    placed right, and its gain over the first of them."""
    from rich.table import Table

    table = Table(
        "game",
        "decisions",
        "strategy",
        "placed right",
        "gain over the first [95% CI]",
        title="what the samples know of the other hands",
    )
    specs = {name: load_strategy(name) for name in strategies}
    labels = {name: spec.name for name, spec in specs.items()}
    labels[READER] = "reader: the exact posterior of the play"
    for label in games:
        game, players, variant = GAP_GAMES[label]
        names = [name for name in strategies if not specs[name].games or game in specs[name].games]
        if not names:
            continue
        got = reading(game, players, deals, names, variant=variant)
        for name in got.shares:
            gain, low, high = got.gain_ci(name, names[0])
            shown = (
                "" if name == names[0] else f"{100 * gain:+.1f} [{100 * low:+.1f}, {100 * high:+.1f}] points"
            )
            placed = f"{100 * got.mean(name):.1f}%"
            table.add_row(label, str(len(got.deals)), labels[name], placed, shown)
    screen.print(table)
    screen.print(
        "placed right: the share of the other seats' cards that a sample of the strategy's own sampler "
        f"puts in the right hand ({SAMPLES} samples at each card-play decision of heuristic deals; the "
        "true deal: 100%); the reader knows how the heuristic plays (a measure, not a strategy); "
        "intervals: percentile bootstrap over deals"
    )
