"""The random plug-in (compiled) and the decision loop's shortcuts for strategies that keep the
base class's methods: the same streams as the plain Python reading, and plug-ins that derive
from either class in plain Python still work."""

from __future__ import annotations

import random
from typing import Any

from simulator.games import get_game
from simulator.play import play_deal, reset_agents
from simulator.rows import ChunkRows
from simulator.seeding import deal_seed, strategy_seed, strategy_seeds
from simulator.variants import resolve_variant
from strategies.base import Strategy
from strategies.random_play import RandomStrategy


class FirstMove(RandomStrategy):
    """An interpreted subclass of the compiled class (``allow_interpreted_subclasses``)."""

    def choose(self, view: Any, moves: Any) -> Any:
        return moves[0]


class Recorder(Strategy):
    """Keeps its own ``reset``: the loop must call it, not set the attributes itself."""

    wants_view = False

    def __init__(self) -> None:
        super().__init__()
        self.resets: list[tuple[int, int]] = []

    def reset(self, rng: random.Random, seat: int, rules: Any) -> None:
        super().reset(rng, seat, rules)
        self.resets.append((seat, rng.getrandbits(32)))

    def choose(self, view: Any, moves: Any) -> Any:
        return moves[-1]


def test_random_choice_is_the_uniform_draw_of_the_seats_rng():
    agent = RandomStrategy()
    moves = list(range(7))
    agent.reset(random.Random(5), 0, None)
    reference = random.Random(5)
    assert [agent.choose(None, moves) for _ in range(50)] == [
        moves[int(reference.random() * 7)] for _ in range(50)
    ]


def test_reset_agents_gives_every_seat_its_contract_rng_with_or_without_kept_objects():
    rules = resolve_variant(get_game("sweep"), "standard", 4).rules
    plain = [RandomStrategy() for _ in range(4)]
    kept = [RandomStrategy() for _ in range(4)]
    rngs = [random.Random(0) for _ in range(4)]
    reset_agents(plain, rules, 9, 31, 1, 2)
    reset_agents(kept, rules, 9, 31, 1, 2, rngs)
    for seat in range(4):
        expected = random.Random(strategy_seed(9, 31, 1, seat, 2)).random()
        assert plain[seat].rng.random() == kept[seat].rng.random() == expected
        assert plain[seat].seat == kept[seat].seat == seat and kept[seat].rules is rules
        assert kept[seat].rng is rngs[seat]


def test_strategy_seeds_match_the_derivation_past_the_precomputed_seats_and_rounds():
    for seats, round_number in ((4, 1), (10, 3), (5, 40), (3, 0)):
        assert strategy_seeds(7, 123, 2, seats, round_number) == [
            strategy_seed(7, 123, 2, seat, round_number) for seat in range(seats)
        ]


def test_interpreted_subclasses_and_own_resets_play_a_deal():
    game = get_game("sweep")
    rules = resolve_variant(game, "standard", 4).rules
    agents: list[Strategy] = [FirstMove(), Recorder(), FirstMove(), Recorder()]
    reset_agents(agents, rules, 3, 4, 0)
    state = game.new_deal(rules, deal_seed(3, 4))
    play_deal(state, agents)
    assert state.is_over()
    for seat in (1, 3):
        expected = random.Random(strategy_seed(3, 4, 0, seat)).getrandbits(32)
        assert agents[seat].resets == [(seat, expected)]  # type: ignore[attr-defined]


def test_chunk_rows_keep_one_entry_per_deal_and_one_row_per_side():
    game = get_game("sweep")
    rules = resolve_variant(game, "standard", 4).rules
    rows = ChunkRows(len(rules.sides), list(game.side_columns), [])
    for i in range(3):
        state = game.new_deal(rules, deal_seed(1, i))
        agents = [RandomStrategy() for _ in range(4)]
        reset_agents(agents, rules, 1, i, 0)
        play_deal(state, agents)
        rows.add_deal(i, 1, deal_seed(1, i), 0, state)
    assert rows.deals == 3 and len(rows) == 3 * len(rules.sides)
    assert rows.cols["deal_index"] == [0, 1, 2]
    assert all(len(rows.cols[c]) == len(rows) for c in game.side_columns)
