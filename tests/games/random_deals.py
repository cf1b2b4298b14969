"""Deals of any game played by uniform random moves: positions for tests that must hold at every
point of a deal (a state's fields, a view's contents), in every game alike."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from simulator.games import get_game


def random_deals(game: str, deals: int = 3, seed: int = 7) -> Iterator[tuple[int, Any]]:
    """``(ply, state)`` before every move of ``deals`` deals of ``game`` (standard rules, deal seeds
    0, 1, ...) and once more when each is over; ``state`` is one object moving on, so read it before
    taking the next."""
    g = get_game(game)
    rules = g.make_rules({})
    rng = random.Random(seed)
    for deal_seed in range(deals):
        state = g.new_deal(rules, deal_seed)
        ply = 0
        while not state.is_over():
            yield ply, state
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])
            ply += 1
        yield ply, state
