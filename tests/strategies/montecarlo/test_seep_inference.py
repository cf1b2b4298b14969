"""Inference from play in Seep: the positions it rebuilds are the ones played on, the true deal
explains the play better than uniform samples, only the opponents are read (the partner with a
partner model), only plays from the hands held now count, and the choice reads only the view."""

from __future__ import annotations

import random

import pytest

from simulator.games.seep import BID, GAME, SeepMove, SeepView
from simulator.games.seep.rules import make_rules
from strategies.heuristic import HeuristicStrategy
from strategies.montecarlo.inference import PartnerModel
from strategies.montecarlo.seep_inference import choice_then, log_likelihood, past_plays
from tests.strategies.montecarlo.inference_checks import (
    assert_choice_reads_only_the_view,
    assert_floor_only_cuts_below_it,
)


def _played(seed: int, stop: int, options: dict | None = None):
    """A Seep deal played by the heuristic for ``stop`` decisions, and each decision's view and
    legal moves."""
    rules = make_rules(options or {})
    state = GAME.new_deal(rules, seed)
    agents = [HeuristicStrategy() for _ in range(rules.num_players)]
    for s, a in enumerate(agents):
        a.reset(random.Random(seed + s), s, rules)
    seen: list[tuple[SeepView, list[SeepMove]]] = []
    while (seat := state.current_player()) >= 0 and len(seen) < stop:
        moves = list(state.legal_moves())
        seen.append((state.view(seat), moves))
        state.apply(moves[0] if len(moves) == 1 else agents[seat].choose(state.view(seat), moves))
    return state, seen


@pytest.mark.parametrize(
    ("options", "stops"),
    [({}, (3, 14, 30, 47)), ({"num_players": 2}, (9, 23, 30, 45)), ({"num_players": 3}, (4, 20, 33, 46))],
)
def test_the_rebuilt_positions_are_the_ones_played_on(options, stops):
    for seed, stop in enumerate(stops):
        state, seen = _played(seed, stop, options)
        seat = state.current_player()
        view = state.view(seat)
        second = view.rules.num_players == 2 and view.play >= 24
        expected = [
            seen[i]
            for i, (s, move) in enumerate(view.history)
            if s != seat and move.action != BID and seen[i][0].play >= (24 if second else 1)
        ]
        got = [choice_then(play, state.hands[play.seat] | after) for play, after in past_plays(view)]
        assert got == expected and got


def test_the_true_deal_explains_the_play_better_than_uniform_samples():
    better = 0
    for seed in range(10):
        state, _ = _played(seed, 20)
        view = state.view(state.current_player())
        truth = log_likelihood(view, state, 0.5, 8)
        others = [log_likelihood(view, GAME.determinize(view, random.Random(k)), 0.5, 8) for k in range(20)]
        better += truth >= sum(others) / len(others)
    assert better >= 8


def test_nothing_is_read_before_the_hands_are_dealt():
    state, _ = _played(3, 1)
    view = state.view(state.current_player())
    assert past_plays(view) == [] and log_likelihood(view, state, 5.0, 8) == 0.0


def test_the_partner_is_read_only_with_a_partner_model():
    """Whatever the partner is given to hold, the opponents' reading does not change; with a partner
    model it does."""
    changed = 0
    for seed in range(12):
        state, _ = _played(seed, 22)
        seat = state.current_player()
        view = state.view(seat)
        partner = (seat + 2) % 4
        assert partner in {play.seat for play, _ in past_plays(view)}
        other = state.clone()
        other.hands = list(state.hands)
        other.hands[partner] = state.hands[(seat + 1) % 4]  # not a deal: only what is read matters
        assert log_likelihood(view, other, 0.5, 40) == log_likelihood(view, state, 0.5, 40)
        model = PartnerModel(HeuristicStrategy(), 0.8)
        changed += log_likelihood(view, other, 0.5, 40, partner=model) != log_likelihood(
            view, state, 0.5, 40, partner=model
        )
    assert changed >= 10


def test_the_floor_only_cuts_short_what_falls_below_it():
    state, _ = _played(6, 20)
    view = state.view(state.current_player())
    assert_floor_only_cuts_below_it(GAME, log_likelihood, view, 2.0, 10)


@pytest.mark.parametrize("sampler", ["resample", "reject"])
def test_weighted_choice_reads_only_the_view(sampler):
    state, _ = _played(5, 17)
    params = {"samples": 4, "inference_weight": 0.5, "inference_sampler": sampler}
    assert_choice_reads_only_the_view(GAME, state, state.current_player(), params)
