"""Sweep's seat-by-seat sampler: its deals keep the view, are near the model's exact posterior
(enumerated on late positions) and read the partner only with a partner model (that the plug-in's
choice with it reads only the view: tests/strategies/montecarlo/test_sweep_inference.py)."""

from __future__ import annotations

import functools
import itertools
import math
import random

from simulator.cards import cards_of, mask_of
from simulator.games.sweep import GAME
from strategies.heuristic.plugin import default_heuristic
from strategies.montecarlo.inference import PartnerModel, RejectionSampler
from strategies.montecarlo.sweep_inference import log_likelihood, play_log_chance, read_plays
from strategies.montecarlo.sweep_seatwise import SeatwiseSampler
from tests.strategies.montecarlo.test_sweep_inference import _played


def _placements(view, deals):
    """Per other seat, the share of ``deals`` that give it each card."""
    others = [s for s in range(4) if s != view.seat]
    share = {(s, c): 0.0 for s in others for c in range(52)}
    total = math.fsum(w for _, w in deals)
    for hands, w in deals:
        for s in others:
            for c in cards_of(hands[s]):
                share[s, c] += w / total
    return share


def _exact(view, state, weight, partner):
    """Every split of the other hands' cards (the stock is empty) with its chance under the model."""
    others = [s for s in range(4) if s != view.seat]
    pool = 0
    for s in others:
        pool |= state.hands[s]
    cards = list(cards_of(pool))
    sizes = [view.hand_sizes[s] for s in others]
    deals = []
    for first in itertools.combinations(cards, sizes[0]):
        left = [c for c in cards if c not in first]
        for second in itertools.combinations(left, sizes[1]):
            third = [c for c in left if c not in second]
            hands = list(state.hands)
            hands[others[0]], hands[others[1]], hands[others[2]] = (
                mask_of(first),
                mask_of(second),
                mask_of(third),
            )
            deal = state.clone()
            deal.hands = hands
            log = log_likelihood(view, deal, weight, 40, -math.inf, partner)
            deals.append((tuple(hands), math.exp(log)))
    return deals


def test_draws_keep_the_view_and_its_constraints():
    for seed, stop in ((1, 3), (2, 9), (3, 21), (4, 38)):
        state, _ = _played(seed, stop)
        view = state.view(state.current_player())
        sampler = SeatwiseSampler(10_000.0, 12, 50, PartnerModel(default_heuristic(), 0.8))
        rng = random.Random(seed)
        for _ in range(20):
            assert sampler(view, rng).view(view.seat) == view


def test_once_the_stock_is_gone_draws_follow_the_exact_posterior():
    """On the last hands (the stock empty, every other seat read with the partner model), the share
    of draws giving each other seat each card is within 0.05 of the exact posterior's, enumerated
    split by split with the whole-deal likelihood, and uniform draws are not (the test can fail)."""
    checked = 0
    for seed in range(4):
        state, _ = _played(seed, 38)
        view = state.view(state.current_player())
        if state.stock:
            continue
        partner = PartnerModel(default_heuristic(), 0.8)
        exact = _placements(view, _exact(view, state, 4.0, partner))
        sampler = SeatwiseSampler(4.0, 40, 400, partner)
        rng = random.Random(seed)
        drawn = _placements(view, [(sampler(view, rng).hands, 1.0) for _ in range(1500)])
        uniform = _placements(view, [(GAME.determinize(view, rng).hands, 1.0) for _ in range(1500)])
        assert max(abs(drawn[k] - exact[k]) for k in exact) < 0.05
        assert max(abs(uniform[k] - exact[k]) for k in exact) > 0.15
        checked += 1
    assert checked >= 2


def test_while_the_stock_holds_cards_draws_place_them_as_whole_deal_rejection():
    """Mid-deal, the seat-by-seat draws put the other seats' cards where rejection over whole deals
    (the exact posterior) does, up to the noise of 1,500 draws each; uniform draws do not."""
    state, _ = _played(1, 23)
    assert state.stock
    view = state.view(state.current_player())
    partner = PartnerModel(default_heuristic(), 0.8)
    likelihood = functools.partial(log_likelihood, partner=partner)
    exact = RejectionSampler(GAME.determinize, likelihood, 4.0, 40, 100_000)
    rng = random.Random(3)
    reference = _placements(view, [(exact(view, rng).hands, 1.0) for _ in range(1500)])
    sampler = SeatwiseSampler(4.0, 40, 400, partner)
    drawn = _placements(view, [(sampler(view, rng).hands, 1.0) for _ in range(1500)])
    uniform = _placements(view, [(GAME.determinize(view, rng).hands, 1.0) for _ in range(1500)])
    assert sum(abs(drawn[k] - reference[k]) for k in reference) < 0.7
    assert sum(abs(uniform[k] - reference[k]) for k in reference) > 1.0


def test_the_partner_is_read_only_with_a_partner_model():
    """Draws with the partner model explain the partner's plays (the mean log-chance of its plays
    under the model) better than uniform draws; without it, no better: only the opponents are read."""
    model = PartnerModel(default_heuristic(), 0.9)
    for seed, stop in ((3, 10), (5, 12), (2, 9)):
        state, _ = _played(seed, stop)
        view = state.view(state.current_player())
        partner = (view.seat + 2) % 4
        plays = [(p, a) for p, a in read_plays(view, 12, model) if p.seat == partner]
        assert plays and state.hands[partner]
        uniform = _explained(GAME.determinize, view, partner, plays, model)
        without = _explained(SeatwiseSampler(10_000.0, 12, 50), view, partner, plays, model)
        read = _explained(SeatwiseSampler(10_000.0, 12, 50, model), view, partner, plays, model)
        assert read > uniform + 0.5 and read > without + 0.5, (seed, uniform, without, read)
        assert abs(without - uniform) < 0.5, (seed, uniform, without)


def _explained(sampler, view, partner, plays, model):
    """The mean log-chance of the partner's ``plays`` under ``model`` over 200 draws of ``sampler``."""
    draws = [sampler(view, random.Random(k)) for k in range(200)]
    logs = [sum(play_log_chance(view, p, d.hands[partner] | a, 1.0, model) for p, a in plays) for d in draws]
    return sum(logs) / len(logs)
