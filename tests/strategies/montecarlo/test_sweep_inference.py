"""Inference from play in Sweep: the tables it rebuilds are the real ones, the true deal explains
the play better than uniform samples, and the choice reads only the searching seat's view."""

from __future__ import annotations

import random

from simulator.games.sweep import GAME, make_rules
from strategies.heuristic import HeuristicStrategy
from strategies.montecarlo import MonteCarloStrategy
from strategies.montecarlo.sweep_inference import current_plays, log_likelihood


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
        assert [(s, table, move) for s, table, _, move, _ in current_plays(view)] == expected


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


def test_weighted_choice_reads_only_the_view():
    state, _ = _played(5, 13)
    seat = state.current_player()
    view = state.view(seat)
    other = next(
        s for s in (GAME.determinize(view, random.Random(k)) for k in range(50)) if s.hands != state.hands
    )
    assert other.view(seat) == view
    picks = []
    for deal in (state, other):
        agent = MonteCarloStrategy(MonteCarloStrategy.Params(samples=6, inference_weight=2))
        agent.reset(random.Random(8), seat, state.rules)
        picks.append(agent.choose(deal.view(seat), deal.legal_moves()))
    assert picks[0] == picks[1]
