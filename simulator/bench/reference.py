"""OpenSpiel's hearts driven from Python: the side-by-side reference engine (the ``bench`` extra)."""

from __future__ import annotations

import random

from simulator.bench.measure import CPU, Measure


def openspiel_rate(deals: int, seed: int = 1) -> Measure | None:
    """OpenSpiel's hearts driven from Python with uniform random moves (chance nodes sampled the
    same way), the reference engine of the speed targets; None without the ``bench`` extra
    (open_spiel)."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    rng = random.Random(seed)

    def play(count: int) -> int:
        rand = rng.random
        actions = 0
        for _ in range(count):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[int(rand() * len(outcomes))][0])
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[int(rand() * len(legal))])
                    actions += 1
        return actions

    play(max(1, deals // 10))
    start = CPU()
    actions = play(deals)
    return Measure("open_spiel hearts 4p, uniform (Python)", deals, CPU() - start, actions)
