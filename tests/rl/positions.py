"""Random positions of every game, variant and player count, for the RL tests."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from simulator.errors import UserError
from simulator.games import get_game
from simulator.variants import resolve_variant

GAMES = ("sweep", "seep", "sueca")


def variants(game_name: str) -> list[tuple[str, int]]:
    """Every (preset, player count) the game allows."""
    game = get_game(game_name)
    out = []
    for name in game.variants:
        for n in game.allowed_players:
            try:
                resolve_variant(game, name, n)
            except UserError:
                continue  # e.g. a preset that fixes another player count
            out.append((name, n))
    return out


def random_positions(game_name: str, seed: int, deals: int = 1) -> Iterator[Any]:
    """Every position of ``deals`` deals of one random variant, played with uniform random moves."""
    rng = random.Random(seed)
    game = get_game(game_name)
    name, n = rng.choice(variants(game_name))
    rules = resolve_variant(game, name, n).rules
    for _ in range(deals):
        state = game.new_deal(rules, rng.getrandbits(63))
        while not state.is_over():
            yield state
            moves = state.legal_moves()
            state.apply(moves[int(rng.random() * len(moves))])
