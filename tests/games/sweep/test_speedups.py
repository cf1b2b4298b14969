"""The equivalences the fast paths of the Sweep engine and the play loop rely on."""

from __future__ import annotations

import random

import pytest

from simulator.cards import RANK, cards_of, mask_of
from simulator.games.sweep import GAME, SweepState, groups, make_rules
from simulator.games.sweep.movegen import loose_moves
from simulator.seeding import strategy_seed, strategy_seeds


@pytest.mark.parametrize("args", [(1, 0, 0, 1), (123, 45, 2, 3), (2**62, 10**9, 7, 12), (0, 0, 0, 1)])
def test_strategy_seeds_match_strategy_seed(args: tuple[int, int, int, int]) -> None:
    root, deal, rotation, round_number = args
    want = [strategy_seed(root, deal, rotation, seat, round_number) for seat in range(4)]
    assert strategy_seeds(root, deal, rotation, 4, round_number) == want


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hand_lists_and_signature_follow_every_move(players: int) -> None:
    """The sorted hand lists and the table signature the state keeps up to date."""
    rules = make_rules({"num_players": players})
    rng = random.Random(players)
    for k in range(30):
        state = GAME.new_deal(rules, 1000 + k)
        while True:
            assert state._sig == groups.signature(state.table)
            assert state._cards == [list(cards_of(h)) for h in state.hands]
            if state.current_player() < 0:
                break
            state.apply(rng.choice(state.legal_moves()))


def test_cold_and_warm_template_caches_give_the_same_moves() -> None:
    """Moves (and their order) do not depend on what the caches already hold."""
    rules = make_rules({})
    rng = random.Random(5)
    seen: list[tuple[list[int], int, list]] = []
    for k in range(40):
        state: SweepState = GAME.new_deal(rules, 77 + k)
        while (seat := state.current_player()) >= 0:
            moves = list(state.legal_moves())
            cards = [c for c in range(52) if state.hands[seat] >> c & 1]
            seen.append((cards, state.table, moves))
            state.apply(rng.choice(moves))
    for cache in groups.CACHES:
        cache.clear()

    def again(cards: list[int], table: int) -> list:
        return list(loose_moves(cards, table, groups.signature(table), mask_of(cards)))

    for cards, table, moves in reversed(seen):
        assert again(cards, table) == moves
    for cards, table, moves in seen:
        assert again(cards, table) == moves


def test_templates_share_entries_across_dead_values() -> None:
    """A table value no group can use does not change the template (it is zeroed in the key)."""
    for cache in groups.CACHES:
        cache.clear()
    unit = groups.SIG_UNIT
    three_seven = unit[8] + unit[24]  # a 3 and a 7: one group of 10
    with_dead_8 = three_seven + unit[28]  # plus an 8: no 2 (or two aces) to make 10 with it
    assert RANK[8] == 3 and RANK[24] == 7 and RANK[28] == 8
    got = groups.template(three_seven, 10)
    assert got != groups.EMPTY
    assert groups.template(with_dead_8, 10) is got


def test_the_chunk_signature_table_counts_each_rank_of_every_chunk() -> None:
    """SIG16 (made from two 8-bit tables) against counting each 16-bit chunk's four ranks."""
    for chunk in range(1 << 16):
        counts = [((chunk >> (4 * rank)) & 15).bit_count() for rank in range(4)]
        assert groups.SIG16[chunk] == sum(n << (3 * rank) for rank, n in enumerate(counts))
