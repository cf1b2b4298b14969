"""The Seep rollout policies: greedy's captures that avoid handing the next player a sweep, and
the default heuristic's choices read from the deal."""

from __future__ import annotations

import random

import pytest

from simulator.cards import mask_of, parse_cards
from simulator.games import get_game
from simulator.games.seep import SeepPosition, SeepRules, SeepState
from simulator.plugins import load_strategy
from strategies.greedy import GreedyStrategy
from strategies.heuristic.cards import clearing_values, value_counts
from strategies.heuristic.plugin import HeuristicStrategy
from strategies.montecarlo.search import LazyView
from strategies.montecarlo.seep import SeepHeuristicRollout, SeepRollout, heuristic_scores


def _m(text: str) -> int:
    return mask_of(parse_cards(text))


def _state(hand: str, loose: str) -> SeepState:
    rules = SeepRules()
    hands = (_m(hand), _m("KC KD"), _m("QC QD"), _m("JC JD"))
    return SeepState.from_position(SeepPosition(rules=rules, hands=hands, loose=_m(loose), plays=5, bid=10))


def _pick(agent, state: SeepState):
    agent.reset(random.Random(1), 0, state.rules)
    return agent.choose(state.view(0), state.legal_moves())


def test_throws_the_card_that_leaves_no_sweep():
    """5♣ loose, no capture: throwing 2♥ lets any 7 clear the floor (50 points); 9♦ leaves 5+9,
    which no single card takes. Greedy throws its cheapest card, the rollout policy the safe one."""
    state = _state("9D 2H", "5C")
    assert _pick(GreedyStrategy(), state).card == parse_cards("2H")[0]
    assert _pick(SeepRollout(), state).card == parse_cards("9D")[0]


def test_takes_the_points_like_greedy():
    """10♠ loose and 10♦ in hand: the capture (16 points and the sweep) beats every throw."""
    state = _state("10D 2H", "10S")
    move = _pick(SeepRollout(), state)
    assert move.card == parse_cards("10D")[0] and move.floor == _m("10S")


def _positions(options: dict, deals: int, seed: int):
    """Every position of ``deals`` random deals under ``options``: (rules, state, seat, moves), the
    state moved on by a random legal move once the caller has looked at it."""
    game = get_game("seep")
    rules = game.make_rules(options)
    rng = random.Random(seed)
    for deal_seed in range(deals):
        state = game.new_deal(rules, deal_seed)
        while not state.is_over():
            moves = state.legal_moves()
            yield rules, state, state.current_player(), moves
            state.apply(moves[rng.randrange(len(moves))])


@pytest.mark.parametrize("options", [{}, {"num_players": 2}, {"num_players": 3}, {"scoring": "thirty"}])
def test_a_lazy_view_reads_as_the_view(options):
    """In a rollout the policy reads the deal behind a ``LazyView`` instead of building the view:
    at every position of random deals it makes the same choice as from the view itself."""
    compared = 0
    for rules, state, seat, moves in _positions(options, deals=4, seed=3):
        lazy, built = SeepRollout(), SeepRollout()
        lazy.reset(random.Random(compared), seat, rules)
        built.reset(random.Random(compared), seat, rules)
        choice = lazy.choose(LazyView(state, seat, "seep"), moves)
        assert choice == built.choose(state.view(seat), moves), (options, state.plays)
        compared += 1
    assert compared > 100


def test_a_plugin_may_derive_its_rollout_from_it():
    """Compiled by mypyc, the class still admits a plain-Python subclass."""

    class Bolder(SeepRollout):
        def choose(self, view, moves):
            return moves[-1] if len(moves) > 5 else super().choose(view, moves)

    state = _state("9D 2H", "5C")
    assert _pick(Bolder(), state) == _pick(SeepRollout(), state)


def test_clearing_values():
    assert clearing_values(value_counts(_m("5C 2H")), 0) == _m("7C 7D 7H 7S")
    assert clearing_values(value_counts(_m("5C 9D")), 0) == 0
    assert clearing_values(value_counts(_m("4C 5D 9H")), 0) == _m("9C 9D 9H 9S")
    assert clearing_values(value_counts(_m("4C 5D")), 9) == _m("9C 9D 9H 9S")
    assert clearing_values(value_counts(_m("4C 6D")), 9) == 0


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"num_players": 2},
        {"num_players": 3},
        {"scoring": "thirty"},
        {"cementing": False},
        {"floor_visible_at_bid": True},
    ],
)
def test_heuristic_rollout_scores_and_chooses_as_the_heuristic(options):
    """Read from the deal behind a ``LazyView``, every move's score is the default heuristic's
    to the last bit, and the choice (ties by the same RNG) is the heuristic's, at every position
    of random deals."""
    heuristic = HeuristicStrategy()
    compared = 0
    for rules, state, seat, moves in _positions(options, deals=6, seed=5):
        view = state.view(seat)
        assert heuristic_scores(state, seat, moves) == heuristic.scores(view, moves), (options, state.plays)
        fast = SeepHeuristicRollout()
        fast.reset(random.Random(compared), seat, rules)
        heuristic.reset(random.Random(compared), seat, rules)
        assert fast.choose(LazyView(state, seat, "seep"), moves) == heuristic.choose(view, moves)
        compared += 1
    assert compared > 150


@pytest.mark.parametrize("players", [4, 2])
def test_the_shipped_heuristic_rollout_opponents_play_their_rollouts_by_it(players: int):
    """Each shipped file builds montecarlo whose rollouts play every seat by
    ``SeepHeuristicRollout``, and it plays a legal move."""
    path = f"configs/strategies/montecarlo-tuned-heuristic-rollouts-seep{players}.yaml"
    agent = load_strategy(path).build()
    game = get_game("seep")
    rules = game.make_rules({"num_players": players})
    state = game.new_deal(rules, 7)
    seat, moves = state.current_player(), state.legal_moves()
    agent.reset(random.Random(1), seat, rules)
    assert agent.choose(state.view(seat), moves) in moves
    rollouts = agent._rollout_agents("seep", players)
    assert len(rollouts) == players and all(type(r) is SeepHeuristicRollout for r in rollouts)
