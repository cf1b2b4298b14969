"""The Sueca rollout policy makes the default heuristic's choice at every decision, from the view alone."""

from __future__ import annotations

import random

import pytest

from simulator.games.sueca import GAME, make_rules
from strategies.heuristic import HeuristicStrategy
from strategies.heuristic.features.sueca import FEATURES
from strategies.montecarlo import MonteCarloStrategy
from strategies.montecarlo.outcome import deal_margin
from strategies.montecarlo.search import LazyView, Rollout, Search
from strategies.montecarlo.sueca import USED, SuecaRollout, sueca_decided


def test_uses_every_feature_the_default_heuristic_weighs():
    assert {f.name for f in FEATURES if f.default != 0.0} == USED


@pytest.mark.parametrize("variant", [{}, {"called_card_rule": "trump_suit_only", "bid_step": 5}])
def test_same_choice_as_the_default_heuristic(variant):
    """Deals played by the heuristic with a random move now and then (to reach odd positions):
    at every decision with several moves both pick the same move from the same RNG, and from a
    lazily built view as from the view itself."""
    rules = make_rules(variant)
    heuristic, rollout = HeuristicStrategy(), SuecaRollout()
    phases: set[str] = set()
    contracts: set[str | None] = set()
    for deal in range(40):
        state = GAME.new_deal(rules, 700 + deal)
        rng = random.Random(deal)
        while (seat := state.current_player()) >= 0:
            moves = state.legal_moves()
            if len(moves) == 1:
                state.apply(moves[0])
                continue
            view = state.view(seat)
            phases.add(view.phase)
            contracts.add(view.contract)
            seed = rng.getrandbits(32)
            heuristic.reset(random.Random(seed), seat, rules)
            expected = heuristic.choose(view, moves)
            for shown in (view, LazyView(state, seat, "sueca")):
                rollout.reset(random.Random(seed), seat, rules)
                assert rollout.choose(shown, moves) == expected, (deal, view.phase, moves)
            state.apply(expected if rng.random() < 0.85 else moves[int(rng.random() * len(moves))])
    assert phases == {"auction", "trump", "call_card", "play"}
    assert "points" in contracts


def test_a_plugin_may_derive_its_rollout_from_it():
    """Compiled by mypyc, the class still admits a plain-Python subclass."""

    class Tracing(SuecaRollout):
        seen = 0

        def choose(self, view, moves):
            Tracing.seen += 1
            return super().choose(view, moves)

    state = GAME.new_deal(make_rules({}), 5)
    expected, derived = SuecaRollout(), Tracing()
    for agent in (expected, derived):
        agent.reset(random.Random(3), state.current_player(), state.rules)
    moves = state.legal_moves()
    view = state.view(state.current_player())
    assert derived.choose(view, moves) == expected.choose(view, moves) and Tracing.seen == 1


def test_montecarlo_rolls_sueca_out_with_it_by_default():
    agent = MonteCarloStrategy()
    assert [type(a) for a in agent._rollout_agents("sueca", 5)] == [SuecaRollout] * 5


def test_stopping_once_decided_changes_no_outcome():
    """Rollouts that stop once the hand's score is fixed give, sample by sample, the outcome of
    rollouts played to the last trick (in every phase, on the same samples and rollout RNGs)."""
    rules = make_rules({})
    agent = MonteCarloStrategy(MonteCarloStrategy.Params(samples=3, candidates=3, endgame_cards=0))
    stopped = 0
    for deal in range(3):
        state = GAME.new_deal(rules, 4000 + deal)
        agent.reset(random.Random(deal), 0, rules)
        while (seat := state.current_player()) >= 0:
            moves = state.legal_moves()
            if len(moves) == 1:
                state.apply(moves[0])
                continue
            view = state.view(seat)
            search = agent.search(view)
            assert search.rollout.decided is sueca_decided
            full = Search(
                search.sample, Rollout(search.rollout.agents, search.rollout.epsilon, "sueca"), deal_margin, 3
            )
            candidates = agent.candidates(view, moves)
            key = len(view.tricks) * 10 + len(view.trick)
            assert search.outcomes(view, candidates, random.Random(key)) == full.outcomes(
                view, candidates, random.Random(key)
            )
            state.apply(agent.choose(view, moves))
            stopped += not state.is_over() and sueca_decided(state)
    assert stopped, "no deal was decided before its last trick: the stop was not tested"
