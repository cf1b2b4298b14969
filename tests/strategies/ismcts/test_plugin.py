"""The ismcts plug-in: legal, reproducible play that reads only the view; params are checked."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from simulator.errors import UserError
from simulator.games import get_game
from simulator.plugins import spec_from_yaml
from simulator.variants import resolve_variant
from strategies.greedy import GreedyStrategy
from strategies.ismcts import IsmctsStrategy
from strategies.ismcts.tree import Node, Tree

CASES = [
    ("sweep", 4, "standard"),
    ("sweep", 2, "standard"),
    ("seep", 4, "standard"),
    ("sueca", 5, "standard"),
]


def _ismcts(**params) -> IsmctsStrategy:
    return IsmctsStrategy(IsmctsStrategy.Params(**params))


def _decision(game_name: str, players: int, variant: str, seed: int, skip: int):
    """A real deal played by greedy until the ``skip``-th decision with several moves."""
    game = get_game(game_name)
    rules = resolve_variant(game, variant, players).rules
    state = game.new_deal(rules, seed)
    agents = [GreedyStrategy() for _ in range(rules.num_players)]
    for s, a in enumerate(agents):
        a.reset(random.Random(s), s, rules)
    seen = 0
    while (seat := state.current_player()) >= 0:
        moves = state.legal_moves()
        if len(moves) > 1:
            if seen == skip:
                return state, seat
            seen += 1
        state.apply(moves[0] if len(moves) == 1 else agents[seat].choose(state.view(seat), moves))
    raise AssertionError("the deal ended first")


@pytest.mark.parametrize(("game_name", "players", "variant"), CASES)
def test_same_view_other_true_deal_same_choice(game_name, players, variant):
    for skip in (0, 5):
        state, seat = _decision(game_name, players, variant, 70 + skip, skip)
        view = state.view(seat)
        other = get_game(game_name).determinize(view, random.Random(99))
        assert other.view(seat) == view
        picks = []
        for deal in (state, other):
            agent = _ismcts(iterations=30)
            agent.reset(random.Random(3), seat, state.rules)
            picks.append(agent.choose(deal.view(seat), deal.legal_moves()))
        assert picks[0] == picks[1]
        assert picks[0] in state.legal_moves()


def test_the_most_visited_root_move_is_played_and_the_budget_is_spent():
    state, seat = _decision("sweep", 2, "standard", 5, 2)
    agent = _ismcts(iterations=50)
    agent.reset(random.Random(1), seat, state.rules)
    view = state.view(seat)
    candidates = agent.candidates(view, state.legal_moves())
    root = agent.tree(view).root(view, candidates, random.Random(2))
    assert sum(c.visits for c in root.children.values()) == 50
    assert set(root.children) <= set(candidates)


def test_a_whole_deal_is_reproducible():
    game = get_game("seep")
    rules = resolve_variant(game, "two_player", 2).rules
    logs = []
    for _ in range(2):
        state = game.new_deal(rules, 12)
        agents = [_ismcts(iterations=8), GreedyStrategy()]
        for s, a in enumerate(agents):
            a.reset(random.Random(40 + s), s, rules)
        while (seat := state.current_player()) >= 0:
            moves = state.legal_moves()
            state.apply(moves[0] if len(moves) == 1 else agents[seat].choose(state.view(seat), moves))
        logs.append([m for _, m in state.history])
    assert logs[0] == logs[1]


@pytest.mark.parametrize(
    ("params", "key"),
    [
        ("iterations: 0", "iterations"),
        ("exploration: -1", "exploration"),
        ("confidence: -1", "confidence"),
        ("endgame_cards: -2", "endgame_cards"),
        ("budget: 3", "budget"),
    ],
)
def test_bad_params_name_file_and_key(tmp_path: Path, params, key):
    path = tmp_path / "bad.yaml"
    path.write_text(f"name: bad\nplugin: ismcts\nparams:\n  {params}\n")
    with pytest.raises(UserError) as info:
        spec_from_yaml(path)
    text = info.value.render()
    assert str(path) in text and f"params.{key}" in text


def _node(rewards: list[float]) -> Node:
    return Node(visits=len(rewards), reward=sum(rewards), squares=sum(r * r for r in rewards))


def test_the_first_choice_stands_unless_beaten_by_confidence_standard_errors():
    root = Node(children={"first": _node([0.0, 1.0] * 10), "other": _node([0.1, 1.1] * 12)})
    assert Tree.best(root, ["first", "other"], 0.0) == "other"  # the most visited
    assert Tree.best(root, ["first", "other"], 1.0) == "first"  # +0.1 is under one standard error (0.15)
    root.children["other"] = _node([2.0, 3.0] * 12)
    assert Tree.best(root, ["first", "other"], 1.0) == "other"
