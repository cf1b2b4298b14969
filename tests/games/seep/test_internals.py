"""The engine's speed-ups against their plain definitions: derived house masks, canonical floors."""

from __future__ import annotations

import random

import pytest

from simulator.cards import RANK_MASK, value_counts
from simulator.games.seep import (
    GAME,
    HUNDRED_POINTS,
    THIRTY_POINTS,
    MoveList,
    SeepState,
    pile_points,
    with_action,
)
from simulator.games.seep.bits import (
    ACTION_SHIFT,
    BREAK_KINDS,
    CAPTURE_KIND,
    HOUSE_KINDS,
    THROW_KIND,
    VALUE_SHIFT,
)
from simulator.games.seep.floors import _CACHE_LIMIT, FloorOptions, _store
from simulator.games.seep.movelist import WIDE, move_of
from simulator.games.seep.moves import BREAK, CAPTURE, HOUSE, THROW
from simulator.games.seep.swar import canonical
from tests.games.seep.helpers import at, m


def house_masks(s: SeepState) -> tuple[list[int], int]:
    """``owned`` and ``ordinary`` recomputed from the house lists."""
    values = [V for V in range(9, 14) if s.hmask >> V & 1]
    owned = [sum(1 << (V - 9) for V in values if s.howners[V] >> seat & 1) for seat in range(s.n)]
    ordinary = sum(1 << (V - 9) for V in values if V < 13 and s.hsum[V] == V)
    return owned, ordinary


@pytest.mark.parametrize("variant", ["standard", "no_cement", "two_player", "three_player"])
def test_house_masks_follow_every_move(variant: str) -> None:
    rules = GAME.make_rules(GAME.variants[variant])
    for seed in range(40):
        s = GAME.new_deal(rules, seed)
        rng = random.Random(seed)
        while s.current_player() >= 0:
            s.apply(rng.choice(list(s.legal_moves())))
            assert (s.owned, s.ordinary) == house_masks(s)


def test_canonical_floor() -> None:
    rng = random.Random(3)
    for _ in range(500):
        loose = rng.getrandbits(52)
        counts = value_counts(loose)
        expected = sum(((1 << (counts >> 4 * r & 15)) - 1) << 4 * r for r in range(13))
        assert canonical(counts) == expected
        assert canonical(counts).bit_count() == loose.bit_count()


def test_subset_table_lists_every_set_once() -> None:
    rng = random.Random(5)
    for _ in range(200):
        counts = value_counts(sum(1 << c for c in rng.sample(range(52), rng.randrange(10))))
        info = FloorOptions(counts, True)
        canon = canonical(counts)
        cards = [c for c in range(52) if canon >> c & 1]
        for t in range(1, 14):
            sets = [
                m
                for m in range(1, 1 << len(cards))
                if sum(c // 4 + 1 for k, c in enumerate(cards) if m >> k & 1) == t
            ]
            expected = sorted(sum(1 << cards[k] for k in range(len(cards)) if m >> k & 1) for m in sets)
            assert list(info.sets(t)) == expected  # in rising mask order
            assert bool(info._sums >> t & 1) == bool(expected)
            # an optional set X of §5.3 for a target t: values below t summing to t
            below = [m for m in expected if m & ~((1 << 4 * (t - 1)) - 1) == 0]
            assert bool(info._xsums >> t & 1) == bool(below)


def test_membership_without_identity() -> None:
    """An equal move built elsewhere is found too (not only the one last indexed)."""
    rules = GAME.make_rules({})
    rng = random.Random(1)
    s = GAME.new_deal(rules, 11)
    while s.current_player() >= 0:
        moves = s.legal_moves()
        for move in list(moves):
            assert tuple(move) in moves
        assert (9, 0, 0, 0) not in moves
        s.apply(moves[rng.randrange(len(moves))])


def _chunk_keys(moves: MoveList):
    """(hand, loose cards, floor options, [(a chunk's value, its chunk key)...]) of a move list."""
    hand, loose, values, info = moves.layout()
    chunks = []
    while values:
        chunks.append((values & 15, moves.key(values & 15)))
        values >>= 4
    return hand, loose, info, chunks


_HOUSES_AND_BREAKS = [(action, value) for action in (HOUSE, BREAK) for value in range(8, 15)]


def _kinds(templates) -> int:
    """``FloorOptions.kinds`` from its definition: one bit per kind of move (and value) listed."""
    out = 0
    for t in templates:
        action, value = t >> ACTION_SHIFT, t >> VALUE_SHIFT & 15
        if action == CAPTURE:
            out |= CAPTURE_KIND
        elif action == THROW:
            out |= THROW_KIND
        elif action == HOUSE:
            out |= HOUSE_KINDS << value - 9
        else:
            assert action == BREAK and value >= 10
            out |= BREAK_KINDS << value - 10
    return out


def _chunk_sizes(hand: int, info, chunks) -> list[int]:
    """Moves a chunk stands for: its templates times the held cards of its value."""
    return [len(info.templates(key)) * (hand & RANK_MASK[v]).bit_count() for v, key in chunks]


def test_chunk_keys_list_the_held_values_and_their_templates() -> None:
    """Every chunk is a held value (9..13 included) with the templates of its listed moves; its
    kinds and the templates of each kind are those of its templates, and a move made by
    ``move_of`` is the listed one."""
    rules = GAME.make_rules({})
    for seed in range(20):
        rng = random.Random(seed)
        s = GAME.new_deal(rules, seed)
        while s.current_player() >= 0:
            moves = s.legal_moves()
            if isinstance(moves, MoveList):
                hand, loose, info, chunks = _chunk_keys(moves)
                assert (hand, loose) == (s.hands[s.current_player()], s.loose)
                values = [v for v, _ in chunks]
                assert values == sorted({m.card // 4 + 1 for m in moves})
                assert sum(_chunk_sizes(hand, info, chunks)) == len(moves)
                for _, key in chunks:
                    temps = info.templates(key)
                    assert info.kinds(key) == _kinds(temps)
                    for action, value in [(CAPTURE, -1), (THROW, -1), *_HOUSES_AND_BREAKS]:
                        assert info.of_kind(key, action, value) == tuple(
                            t
                            for t in temps
                            if t >> ACTION_SHIFT == action and (value < 0 or t >> VALUE_SHIFT & 15 == value)
                        )
                for mv in moves:
                    assert move_of(*mv) == mv
            s.apply(moves[rng.randrange(len(moves))])


def test_chunks_of_many_templates_are_indexed_like_the_list() -> None:
    """A chunk of ``WIDE`` or more templates keeps no count (4 bits): it is counted again."""
    rules = GAME.make_rules({})
    hand = m("AS 3H 3C 4S 5H 7C 9S 9C JC QS QH KD")
    s = at(rules, [0, 0, 0, hand], m("2H 3D 4H 5C 8S 10D"), turn=3, plays=2)
    moves = s.legal_moves()
    assert isinstance(moves, MoveList)
    _, _, info, chunks = _chunk_keys(moves)
    sizes = _chunk_sizes(hand, info, chunks)
    assert max(len(info.templates(key)) for _, key in chunks) > WIDE
    listed = list(moves)
    assert len(listed) == len(moves) == sum(sizes)
    assert [moves[i] for i in range(len(moves))] == listed
    assert [moves[i - len(moves)] for i in range(len(moves))] == listed


def test_a_full_part_cache_keeps_its_newer_half() -> None:
    cache = {k: k for k in range(_CACHE_LIMIT)}
    assert _store(cache, -1, 7) == 7
    assert list(cache) == [*range(_CACHE_LIMIT // 2, _CACHE_LIMIT), -1]


def test_with_action_is_a_filter_in_list_order() -> None:
    rules = GAME.make_rules({})
    for seed in range(20):
        rng = random.Random(seed)
        s = GAME.new_deal(rules, seed)
        while s.current_player() >= 0:
            moves = s.legal_moves()
            for action in range(5):
                expected = [mv for mv in moves if mv.action == action]
                assert with_action(moves, action) == expected
                assert all(mv in moves for mv in expected)
            s.apply(moves[rng.randrange(len(moves))])


def test_pile_points_by_slices() -> None:
    rng = random.Random(2)
    for _ in range(2000):
        pile = rng.getrandbits(52)
        for thirty, table in ((False, HUNDRED_POINTS), (True, THIRTY_POINTS)):
            assert pile_points(pile, thirty) == sum(table[c] for c in range(52) if pile >> c & 1)
