"""Inference from play in Sweep: the tables it rebuilds are the real ones (the whole views:
tests/bench/test_reader.py), the true deal explains the play better than uniform samples, only the
opponents are read, and the choice reads only the searching seat's view."""

from __future__ import annotations

import math
import random

import pytest

from simulator.games.sweep import GAME, make_rules
from strategies.heuristic import HeuristicStrategy
from strategies.montecarlo.inference import RejectionSampler
from strategies.montecarlo.sweep_inference import log_likelihood, past_plays
from tests.strategies.montecarlo.inference_checks import (
    assert_choice_reads_only_the_view,
    assert_floor_only_cuts_below_it,
)


def _played(seed: int, stop: int, options: dict | None = None):
    """A 4-player Sweep deal played by the heuristic for ``stop`` plays, and the table before each."""
    rules = make_rules(options or {})
    state = GAME.new_deal(rules, seed)
    agents = [HeuristicStrategy() for _ in range(4)]
    for s, a in enumerate(agents):
        a.reset(random.Random(seed + s), s, rules)
    tables = []
    while (seat := state.current_player()) >= 0 and len(tables) < stop:
        moves = state.legal_moves()
        tables.append(state.table)
        state.apply(moves[0] if len(moves) == 1 else agents[seat].choose(state.view(seat), moves))
    return state, tables


def test_the_rebuilt_tables_are_the_tables_played_on():
    for seed, stop in ((1, 6), (2, 21), (3, 30), (4, 45)):
        state, tables = _played(seed, stop)
        seat = state.current_player()
        view = state.view(seat)
        start = len(view.history) // 16 * 16
        expected = [
            (s, tables[i], move) for i, (s, move) in enumerate(view.history) if i >= start and s != seat
        ]
        got = [(play.seat, play.then["table"], play.move) for play, _ in past_plays(view)]
        assert got == expected


def test_the_true_deal_explains_the_play_better_than_uniform_samples():
    better = trials = 0
    for seed in range(10):
        state, _ = _played(seed, 14)
        view = state.view(state.current_player())
        truth = log_likelihood(view, state, 2.0, 8)
        others = [log_likelihood(view, GAME.determinize(view, random.Random(k)), 2.0, 8) for k in range(20)]
        better += truth >= sum(others) / len(others)
        trials += 1
    assert better >= 8, (better, trials)


def test_no_model_with_builds():
    state, _ = _played(1, 10, {"builds": True})
    view = state.view(state.current_player())
    assert log_likelihood(view, GAME.determinize(view, random.Random(1)), 2.0, 8) == 0.0


@pytest.mark.parametrize(
    "params",
    [
        {"inference_weight": 2},
        {"inference_weight": 1e4, "inference_sampler": "seatwise", "inference_partner": 0.8},
    ],
)
def test_weighted_choice_reads_only_the_view(params):
    state, _ = _played(5, 13)
    assert_choice_reads_only_the_view(GAME, state, state.current_player(), {"samples": 6, **params})


def test_only_the_opponents_plays_are_read():
    """A sample that changes only the partner's hand is as likely as the true deal."""
    checked = 0
    for seed in range(20):
        state, _ = _played(seed, 19)
        seat = state.current_player()
        view = state.view(seat)
        partner = (seat + 2) % 4
        if not state.stock or not state.hands[partner]:
            continue
        spare = state.stock[0]
        swapped = list(state.hands)
        held = next(c for c in range(52) if swapped[partner] >> c & 1)
        swapped[partner] ^= 1 << held | 1 << spare
        other = state.clone()
        other.hands = swapped
        truth = log_likelihood(view, state, 5.0, 12)
        assert truth < 0 and log_likelihood(view, other, 5.0, 12) == truth
        checked += 1
    assert checked > 10


def test_the_floor_only_cuts_short_what_falls_below_it():
    state, _ = _played(6, 14)
    view = state.view(state.current_player())
    assert_floor_only_cuts_below_it(GAME, log_likelihood, view, 20.0, 20)


def test_rejection_draws_from_the_posterior_and_falls_back_on_resampling():
    """A model under which only deals giving the next seat one of its true cards are likely: every
    draw kept has it; a model no draw passes still yields a draw (resampled among the pool)."""
    state, _ = _played(2, 14)
    view = state.view(state.current_player())
    first_card = [0]

    def half(view_, deal, weight, last, floor=float("-inf")):
        return 0.0 if deal.hands[(view.seat + 1) % 4] & 1 << first_card[0] else -50.0

    first_card[0] = next(c for c in range(52) if state.hands[(view.seat + 1) % 4] >> c & 1)
    sampler = RejectionSampler(GAME.determinize, half, 1.0, 8, 400)
    rng = random.Random(4)
    got = [sampler(view, rng) for _ in range(30)]
    assert all(d.hands[(view.seat + 1) % 4] >> first_card[0] & 1 for d in got)
    never = RejectionSampler(GAME.determinize, lambda *a: -1000.0, 1.0, 8, 3)
    assert never(view, random.Random(1)).view(view.seat) == view


def test_a_sharp_weight_reads_the_models_best_moves_only():
    """At a very large weight a deal is as likely as the chance that every opponent play was among
    the default heuristic's best moves under the deal's hand (1/k among k tied), and 0 otherwise: the
    bench reader's exact posterior of heuristic opponents."""
    from strategies.heuristic.plugin import TIE, default_heuristic
    from strategies.montecarlo.sweep_inference import choice_then

    kept = dropped = 0
    for seed in range(6):
        state, _ = _played(seed, 13)
        view = state.view(state.current_player())
        mine = view.rules.side_of_seat[view.seat]
        for k in range(15):
            deal = state if k == 0 else GAME.determinize(view, random.Random(k))
            chance = 1.0
            for play, after in past_plays(view):
                if view.rules.side_of_seat[play.seat] == mine:
                    continue
                then, moves = choice_then(view, play, deal.hands[play.seat] | after)
                if len(moves) < 2:
                    continue
                scores = default_heuristic().scores(then, moves)
                best = max(scores)
                tied = sum(s >= best - TIE for s in scores)
                chance *= 1 / tied if scores[moves.index(play.move)] >= best - TIE else 0.0
            log = log_likelihood(view, deal, 1e6, 40)
            if chance:
                assert abs(log - math.log(chance)) < 1e-3
                kept += 1
            else:
                assert log < -1e3
                dropped += 1
            if k == 0:
                assert chance > 0  # the heuristic opponents played one of their best moves
    assert kept > 6 and dropped > 6, (kept, dropped)
