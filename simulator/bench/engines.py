"""The engines' own rates: the bare engine (uniform random moves, no strategy objects), the play
loop every run uses (simulator/play.py) with a strategy plug-in per seat, and the look-ahead
costs (``clone()`` and ``GAME.determinize``) a Monte Carlo decision pays per sample."""

from __future__ import annotations

import random
from typing import Any

from simulator.bench.measure import CPU, Measure
from simulator.games import get_game
from simulator.games.base import DealState, Game, Match
from simulator.play import Seats, play_groups
from simulator.plugins import spec_from_name
from simulator.seeding import deal_seed
from simulator.shuffle import seeded_rng
from simulator.variants import resolve_variant


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


class Unrecorded:
    """A recorder that keeps nothing: the bench times the play alone."""

    def dealt(self, state: DealState, deal_index: int, rotation: int, round_number: int) -> None:
        pass

    def played(self, state: DealState, deal_index: int, rotation: int, round_number: int) -> None:
        pass

    def match_over(self, match: Match, rotation: int) -> None:
        pass


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
    seats = Seats(0, agents, [seeded_rng(0) for _ in agents])  # reseeded at every deal, as a worker does

    def play(first: int, count: int) -> None:
        play_groups(game, rules, [seats], seed, range(first, first + count), Unrecorded(), False)

    play(deals, max(1, deals // 10))
    start = CPU()
    play(0, deals)
    return Measure(f"{game_name} {rules.num_players}p play loop, {strategy}", deals, CPU() - start)


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
