"""The decision loop's check of a returned move: by identity, by value, or refused."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from simulator.errors import StrategyFault
from simulator.games import get_game
from simulator.play import play_deal
from simulator.variants import resolve_variant
from strategies.base import Strategy

GAMES = ["sweep", "seep", "sueca"]


class _Picker(Strategy):
    """Uniform picks from its own RNG; returns a value-equal copy of the move (``copy``), or at
    decision ``bad_at`` a move of another deal's kind that is not legal here."""

    def __init__(self, copy: bool, bad_at: int = -1) -> None:
        self.copy, self.bad_at, self.decisions = copy, bad_at, 0
        self.picks: list[Any] = []

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        move = moves[self.rng.randrange(len(moves))]
        self.picks.append(move)
        self.decisions += 1
        if self.decisions == self.bad_at:
            return type(move)(*(-1 for _ in move))
        return type(move)(*move) if self.copy else move


def _play(game_name: str, copy: bool, bad_at: int = -1) -> list[list[Any]]:
    game = get_game(game_name)
    rules = resolve_variant(game, "standard", None).rules
    agents = [_Picker(copy, bad_at) for _ in range(rules.num_players)]
    for seat, agent in enumerate(agents):
        agent.reset(random.Random(seat), seat, rules)
    play_deal(game.new_deal(rules, 5), agents)
    return [agent.picks for agent in agents]


@pytest.mark.parametrize("game_name", GAMES)
def test_a_value_equal_copy_of_a_legal_move_is_played_like_the_move(game_name):
    copies = _play(game_name, copy=True)
    assert copies == _play(game_name, copy=False)
    assert sum(len(p) for p in copies) > 0


@pytest.mark.parametrize("game_name", GAMES)
def test_a_move_that_is_not_legal_is_refused(game_name):
    with pytest.raises(StrategyFault, match="returned an illegal move"):
        _play(game_name, copy=False, bad_at=2)
