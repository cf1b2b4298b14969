"""Inference from play: the views it rebuilds are the real ones, a flat model is today's sampler,
and it reads only the searching seat's view."""

from __future__ import annotations

import random

import pytest

from simulator.games.sueca import GAME, determinize, make_rules
from strategies.montecarlo import MonteCarloStrategy
from strategies.montecarlo.inference import WeightedSampler
from strategies.montecarlo.sueca import SuecaRollout, inference
from strategies.montecarlo.sueca_inference import _plays, contract_log_likelihood, past_view, whole_hands
from tests.strategies.montecarlo.inference_checks import assert_choice_reads_only_the_view


def _played_deal(seed: int, stop: int, options: dict | None = None):
    """A Sueca deal (rules ``options``) played by the heuristic's rollout policy up to its
    ``stop``-th card, and the view of every seat at each card played before."""
    rules = make_rules(options or {})
    state = GAME.new_deal(rules, seed)
    agents = [SuecaRollout() for _ in range(5)]
    for s, a in enumerate(agents):
        a.reset(random.Random(seed + s), s, rules)
    views = []
    while (seat := state.current_player()) >= 0 and len(views) < stop:
        moves = state.legal_moves()
        view = state.view(seat)
        if view.phase == "play":
            views.append(view)
        state.apply(moves[0] if len(moves) == 1 else agents[seat].choose(view, moves))
    return state, views


def test_past_views_are_the_views_the_seats_had():
    for seed in range(6):
        state, views = _played_deal(seed, 23)
        seat = state.current_player()
        if seat < 0:
            continue
        now = state.view(seat)
        plays = _plays(now)
        assert len(plays) == len(views)
        for k, then in enumerate(views):
            assert past_view(now, plays, k, state.hands, state.partner) == then, (seed, k)


def _sueca_decision(seed: int, nth: int, options: dict | None = None):
    state, _ = _played_deal(seed, nth, options)
    return state, state.current_player()


def test_weight_zero_is_the_game_sampler_with_the_same_draws():
    state, seat = _sueca_decision(3, 17)
    view = state.view(seat)
    flat = MonteCarloStrategy(MonteCarloStrategy.Params(inference_weight=0))
    assert flat.search(view).sample is GAME.determinize
    weighted = MonteCarloStrategy(MonteCarloStrategy.Params(inference_weight=0.5))
    assert isinstance(weighted.search(view).sample, WeightedSampler)
    picks = []
    for params in ({"inference_weight": 0}, {}):  # the default, Sueca: the flat model
        agent = MonteCarloStrategy(MonteCarloStrategy.Params(samples=4, **params))
        agent.reset(random.Random(5), seat, state.rules)
        picks.append(agent.choose(view, state.legal_moves()))
    assert picks[0] == picks[1]


def test_the_likelihood_favours_the_deal_that_explains_the_play():
    """Seats that play as the model (near its argmax): the true deal is more likely than the mean
    of uniform samples at every decision tried."""
    better = 0
    trials = 0
    for seed in range(8):
        state, seat = _sueca_decision(seed, 25)
        if seat < 0:
            continue
        view = state.view(seat)
        truth = inference(view, state, 5.0, 12)
        others = [inference(view, determinize(view, random.Random(k)), 5.0, 12) for k in range(10)]
        better += truth >= sum(others) / len(others)
        trials += 1
    assert trials >= 5 and better == trials


def test_weighted_choice_reads_only_the_view():
    state, seat = _sueca_decision(4, 20)
    assert_choice_reads_only_the_view(GAME, state, seat, {"samples": 4, "inference_weight": 0.5})


@pytest.mark.parametrize("called_card_rule", ["any_not_held", "trump_suit_only"])
def test_the_contract_explains_the_hands_of_the_seats_that_made_it(called_card_rule: str):
    """Seats that call, choose the trump and call a card as the model does: under the true deal
    every one of those decisions is the model's first choice (likelihood near 1 at a sharp
    weight), under uniform samples of the same view mostly not; in either called-card rule (the
    cards the declarer may call differ)."""
    checked = 0
    for seed in range(10):
        state, seat = _sueca_decision(seed, 3, {"called_card_rule": called_card_rule})
        view = state.view(seat)
        if view.declarer == seat or view.called_card is None:
            continue
        truth = contract_log_likelihood(view, state, 50.0, SuecaRollout)
        samples = [
            contract_log_likelihood(view, determinize(view, random.Random(k)), 50.0, SuecaRollout)
            for k in range(20)
        ]
        assert truth > -1.0, seed
        assert sum(samples) / len(samples) < truth - 5.0, seed
        checked += 1
    assert checked >= 5


def test_whole_hands_add_back_the_cards_played():
    state, seat = _sueca_decision(2, 18)
    view = state.view(seat)
    dealt = whole_hands(view, state.hands)
    assert all(h.bit_count() == 8 for h in dealt)
    assert not any(dealt[a] & dealt[b] for a in range(5) for b in range(a + 1, 5))


@pytest.mark.parametrize("called_card_rule", ["any_not_held", "trump_suit_only"])
def test_the_called_card_is_weighed_among_the_cards_the_rule_lets_the_declarer_call(called_card_rule: str):
    """The model scores the called card against exactly the cards the declarer could call: not
    his own, and only trumps under ``trump_suit_only``."""
    offered: list[list[int]] = []

    class Recorder:
        @staticmethod
        def call_scores(hand, moves):
            return [moves[0]], [0.0]

        @staticmethod
        def trump_scores(hand, moves):
            return [0.0] * len(moves)

        @staticmethod
        def call_card_scores(trump, moves):
            offered.append([m.card for m in moves])
            return [0.0] * len(moves)

        play_scores = SuecaRollout.play_scores

    for seed in range(10):
        state, seat = _sueca_decision(seed, 3, {"called_card_rule": called_card_rule})
        view = state.view(seat)
        if view.declarer == seat or view.called_card is None:
            continue
        offered.clear()
        contract_log_likelihood(view, state, 1.0, Recorder)
        (cards,) = offered
        dealt = whole_hands(view, state.hands)[view.declarer]
        assert view.called_card in cards and not any(dealt >> c & 1 for c in cards)
        suits = {c & 3 for c in cards}
        assert suits == {view.trump} if called_card_rule == "trump_suit_only" else len(suits) > 1
        return
    raise AssertionError("no deal with a called card")
