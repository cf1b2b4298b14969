"""The reader: the views it rebuilds are the views the seats had, its draws follow the exact
posterior of the baseline's play (counted by brute force), and it reads the searching seat's view
only."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from itertools import combinations
from typing import Any

import pytest
from scipy.stats import chisquare

from simulator.bench.instrument import perfect_gap
from simulator.bench.oracle import ORACLES, applies
from simulator.bench.oracle.reader import reader_sampler
from simulator.bench.oracle.sweep import choice_then, past_plays
from simulator.cards import cards_of
from simulator.games import get_game
from simulator.games.sweep import GAME as SWEEP
from simulator.games.sweep.state import SweepState
from simulator.variants import resolve_variant
from strategies.heuristic.plugin import TIE, default_heuristic
from tests.games.sweep.test_lookahead import RULES


def heuristic_deal(options: dict[str, Any], seed: int) -> list[tuple[Any, set[Any], tuple[int, ...]]]:
    """A Sweep round played by the default heuristic at every seat: at each play, the view it was
    made from, the legal moves and every seat's hand."""
    state = SWEEP.new_deal(SWEEP.make_rules(options), seed)
    policy = default_heuristic()
    seen = []
    while state.current_player() >= 0:
        view = state.view(state.current_player())
        moves = state.legal_moves()
        seen.append((view, set(moves), tuple(state.hands)))
        scores = policy.scores(view, moves)
        state.apply(moves[scores.index(max(scores))])
    return seen


@pytest.mark.parametrize("variant", ["standard-4", "standard-2", "eight-4", "double-ace-2"])
def test_the_views_rebuilt_are_the_views_the_seats_had(variant: str):
    checked = 0
    for seed in range(2):
        seen = heuristic_deal(RULES[variant], seed)
        for view, _, hands in seen:
            for play, after in past_plays(view):
                then, moves = choice_then(view, play, hands[play.seat] | after)
                real_view, real_moves, _ = seen[len(play.then["history"])]
                assert then == real_view
                assert set(moves) == real_moves
                checked += 1
    assert checked > 40


def play_to(options: dict[str, Any], seed: int, plays: int) -> Any:
    """The round of ``heuristic_deal`` after ``plays`` plays."""
    state = SWEEP.new_deal(SWEEP.make_rules(options), seed)
    policy = default_heuristic()
    for _ in range(plays):
        view = state.view(state.current_player())
        moves = state.legal_moves()
        scores = policy.scores(view, moves)
        state.apply(moves[scores.index(max(scores))])
    return state


def posterior(view: Any, readers: frozenset[int]) -> dict[tuple[int, ...], float]:
    """Brute force: every filling of the other hands with the cards they hold between them (the
    stock is empty), weighted by the chance the readers' plays had under it (0, or 1/ties each)."""
    policy = default_heuristic()
    others = [s for s in range(view.rules.num_players) if s != view.seat]
    plays = [(p, after) for p, after in past_plays(view) if p.seat in readers]
    seen = view.hand | view.table
    for pile in view.piles:
        seen |= pile
    unseen = [c for c in range(52) if not seen >> c & 1]

    def fillings(cards: list[int], seats: list[int]) -> Any:
        if not seats:
            yield ()
            return
        for combo in combinations(cards, view.hand_sizes[seats[0]]):
            rest = [c for c in cards if c not in combo]
            for tail in fillings(rest, seats[1:]):
                yield (sum(1 << c for c in combo), *tail)

    weights = {}
    for hands in fillings(unseen, others):
        held = dict(zip(others, hands, strict=True))
        chance = 1.0
        for play, after in plays:
            then, moves = choice_then(view, play, held[play.seat] | after)
            if len(moves) < 2:
                continue
            scores = policy.scores(then, moves)
            best = max(scores)
            tied = [m for m, s in zip(moves, scores, strict=True) if s >= best - TIE]
            chance = chance / len(tied) if play.move in tied else 0.0
        weights[hands] = chance
    return weights


def test_the_reader_draws_from_the_exact_posterior_of_the_play():
    """Four players, the stock dealt out: the reader's draws of the other hands fall as often as
    the brute-force posterior of the opponents' plays says, and never where it is 0."""
    for seed in range(50):
        state = play_to({}, seed, 40)  # the last deal: 4 plays of it made, 3 cards a hand left
        view = state.view(state.current_player())
        readers = frozenset(s for s in range(4) if s % 2 != view.seat % 2)
        exact = posterior(view, readers)
        positive = [h for h, w in exact.items() if w]
        if 3 <= len(positive) <= 40 and len(positive) < len(exact):
            break
    else:
        raise AssertionError("no position with a telling play in the seeds tried")
    others = [s for s in range(4) if s != view.seat]
    draw = reader_sampler("sweep", state, view.seat, default_heuristic(), readers)
    rng = random.Random(1)
    counts: Counter = Counter()
    for _ in range(40 * len(positive)):
        hands = draw(rng).hands
        counts[tuple(hands[s] for s in others)] += 1
    assert set(counts) <= set(positive)
    total = sum(exact.values())
    expected = [exact[h] / total * counts.total() for h in positive]
    assert chisquare([counts[h] for h in positive], expected).pvalue > 1e-4


def test_the_reader_reads_the_view_only():
    """Two deals with the same view of the searching seat (two unplayed cards of other seats
    swapped): the same draws."""
    state = play_to({}, 7, 37)
    seat = state.current_player()
    first, second = [s for s in range(4) if s != seat][:2]
    a = next(cards_of(state.hands[first]))
    b = next(cards_of(state.hands[second]))
    hands = list(state.hands)
    hands[first] ^= 1 << a | 1 << b
    hands[second] ^= 1 << a | 1 << b
    other = SweepState.from_position(dataclasses.replace(state.position(), hands=tuple(hands)))
    assert other.view(seat) == state.view(seat) and other.hands != state.hands
    readers = frozenset(s for s in range(4) if s != seat)
    draws = []
    for deal in (state, other):
        draw = reader_sampler("sweep", deal, seat, default_heuristic(), readers)
        rng = random.Random(3)
        draws.append([draw(rng).hands for _ in range(5)])
    assert draws[0] == draws[1]


def test_where_the_reader_applies():
    """Sweep without builds; not with builds, nor in Seep or Sueca; and it reads a heuristic only."""

    def rules(game: str, variant: str, players: int) -> Any:
        return resolve_variant(get_game(game), variant, players).rules

    assert "reader" in ORACLES
    assert applies("reader", "sweep", rules("sweep", "standard", 4))
    assert applies("reader", "sweep", rules("sweep", "standard", 2))
    assert not applies("reader", "sweep", rules("sweep", "build_sweep", 4))
    assert not applies("reader", "seep", rules("seep", "standard", 4))
    assert not applies("reader", "sueca", rules("sueca", "standard", 5))
    with pytest.raises(ValueError, match="not a heuristic"):
        perfect_gap(
            "sweep",
            4,
            1,
            search="configs/strategies/samples/montecarlo-sweep-5.yaml",
            baseline="greedy",
            oracles=("reader",),
        )
