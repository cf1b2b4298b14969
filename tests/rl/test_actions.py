"""Action ids: one id per legal move, exact masks, decode(encode(m)) == m, stable layouts."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simulator.games import get_game
from simulator.games.sweep import TRAIL
from simulator.games.sweep.actions import sort_key as sweep_key
from simulator.rl.actions import codec_for
from simulator.rl.actions.slots import SlotCodec
from simulator.variants import resolve_variant
from tests.rl.positions import GAMES, random_positions


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=12)
@given(seed=st.integers(0, 2**32))
def test_every_legal_move_has_one_id(game: str, seed: int) -> None:
    codec = codec_for(game)
    checked = 0
    for state in random_positions(game, seed):
        moves = list(state.legal_moves())
        if isinstance(codec, SlotCodec) and codec.overflow(moves):
            continue  # documented and tested below: more moves for one card than slots
        checked += 1
        legal = codec.legal(state.legal_moves())
        # injective and complete: as many ids as moves, every move found once
        assert len(legal) == len(moves) == len(set(moves))
        assert set(legal.values()) == set(moves)
        assert all(0 <= i < codec.size for i in legal)
        for action, move in legal.items():
            assert codec.encode(move, state) == action
            assert codec.decode(action, state) == move
    assert checked


@pytest.mark.parametrize("game", GAMES)
def test_illegal_ids_and_moves_are_refused(game: str) -> None:
    codec = codec_for(game)
    state = next(random_positions(game, 3))
    legal = codec.legal(state.legal_moves())
    illegal = next(i for i in range(codec.size) if i not in legal)
    with pytest.raises(ValueError, match="not legal"):
        codec.decode(illegal, state)
    with pytest.raises(ValueError, match="outside"):
        codec.describe(codec.size)
    here = set(state.legal_moves())
    foreign = next(m for s in random_positions(game, 4) for m in s.legal_moves() if m not in here)
    with pytest.raises(ValueError, match="not a legal move"):
        codec.encode(foreign, state)


def test_sweep_slot_zero_is_the_trail_and_slot_one_the_largest_capture() -> None:
    codec = codec_for("sweep")
    for state in random_positions("sweep", 11, deals=3):
        legal = codec.legal(state.legal_moves())
        for action, move in legal.items():
            card, slot = divmod(action, codec.slots)
            assert move.card == card
            assert (slot == 0) == (move.action == TRAIL)
        for card in {m.card for m in legal.values()}:
            trail = legal[card * codec.slots]
            assert trail.mask == 0 and trail.value == 0
            captures = [legal[i] for i in legal if i // codec.slots == card and i % codec.slots]
            sizes = [m.mask.bit_count() for m in captures if m.action == captures[0].action]
            assert sizes == sorted(sizes, reverse=True)


def test_seep_bids_have_their_own_ids() -> None:
    codec = codec_for("seep")
    game = get_game("seep")
    state = game.new_deal(resolve_variant(game, "standard").rules, 5)
    legal = codec.legal(state.legal_moves())
    assert legal and all(52 * codec.slots <= i < codec.size for i in legal)
    assert sorted(codec.describe(i) for i in legal) == sorted(f"bid {m.value}" for m in legal.values())


def test_sueca_ids_do_not_depend_on_the_position() -> None:
    codec = codec_for("sueca")
    seen: dict[object, int] = {}
    for seed in range(3):
        for state in random_positions("sueca", seed):
            for action, move in codec.legal(state.legal_moves()).items():
                assert seen.setdefault(move, action) == action
    assert codec.size == 146


def test_overflow_keeps_the_first_moves_in_canonical_order_and_refuses_the_rest() -> None:
    """With 2 slots per card a capture-rich Sweep position overflows: the trail and the
    largest capture keep ids, the other captures have none and encode says why."""
    codec = SlotCodec(2, sweep_key)
    state = next(
        s
        for s in random_positions("sweep", 21, deals=20)
        if max(sum(m.card == c for m in s.legal_moves()) for c in {m.card for m in s.legal_moves()}) > 3
    )
    moves = list(state.legal_moves())
    legal = codec.legal(moves)
    per_card = {c: sorted((m for m in moves if m.card == c), key=sweep_key) for c in {m.card for m in moves}}
    assert set(legal.values()) == {m for ms in per_card.values() for m in ms[:2]}
    assert codec.overflow(moves) == sum(max(0, len(ms) - 2) for ms in per_card.values())
    lost = next(ms[2] for ms in per_card.values() if len(ms) > 2)
    with pytest.raises(ValueError, match="has no action id"):
        codec.encode(lost, state)


@pytest.mark.parametrize("game", GAMES)
def test_each_game_object_carries_its_codec(game: str) -> None:
    assert get_game(game).actions is codec_for(game)
