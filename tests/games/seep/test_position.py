"""Full positions, clones and move text: a state rebuilt from its own position plays out as the original."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simulator.games.seep import GAME, SeepPosition, SeepState, move_text, parse_move

VARIANTS = sorted(GAME.variants)


def play_out(state: SeepState, rng: random.Random) -> list:
    """Random moves to the end; the moves made."""
    made = []
    while state.current_player() >= 0:
        moves = state.legal_moves()
        move = moves[rng.randrange(len(moves))]
        state.apply(move)
        made.append(move)
    return made


@pytest.mark.parametrize("variant", VARIANTS)
def test_rebuilt_from_position_plays_out_as_the_original(variant: str) -> None:
    rules = GAME.make_rules(GAME.variants[variant])
    for seed in range(6):
        log: list[dict] = []
        original = GAME.new_deal(rules, seed, log=log)
        original.scores = (seed, 2 * seed)[: len(rules.sides)] + (0,) * (len(rules.sides) - 2)
        rng = random.Random(seed)
        stop = rng.randrange(original.total_plays + 1)
        for _ in range(stop):
            moves = original.legal_moves()
            original.apply(moves[rng.randrange(len(moves))])
        position = original.position()
        rebuilt_log: list[dict] = []
        rebuilt = SeepState.from_position(position, rebuilt_log)
        assert rebuilt.position() == position
        assert rebuilt.view(rebuilt.bidder) == original.view(original.bidder)
        mark = len(log)
        state_seed = rng.random()
        assert play_out(rebuilt, random.Random(state_seed)) == play_out(original, random.Random(state_seed))
        assert rebuilt_log == log[mark:]
        assert rebuilt.position() == original.position()
        assert rebuilt.side_points() == original.side_points()
        assert rebuilt.side_rows() == original.side_rows()
        assert rebuilt.score_event([1, 2]) == original.score_event([1, 2])


def _fields(state: SeepState, skip: set[str]) -> dict[str, object]:
    """Every data attribute of ``state`` (``vars`` fails on the compiled class: ``dir`` lists both)."""
    values = {k: getattr(state, k) for k in dir(state) if not k.startswith("__") and k not in skip}
    return {k: v for k, v in values.items() if not callable(v)}


def test_every_field_is_in_the_position() -> None:
    """A state differing in any attribute differs in its position (nothing is left out)."""
    rules = GAME.make_rules({})
    state = GAME.new_deal(rules, 3)
    for _ in range(9):
        state.apply(state.legal_moves()[0])
    rebuilt = SeepState.from_position(state.position())
    skip = {"log", "rng", "_moves", "_card_pts", "_houses"}
    assert _fields(rebuilt, skip) == _fields(state, skip)
    assert len(_fields(state, skip)) > 30
    assert rebuilt.rng.getstate() == state.rng.getstate()


def test_a_hand_built_position_takes_defaults() -> None:
    state = SeepState.from_position(SeepPosition(hands=(1, 2, 4, 8), turn=1))
    assert (state.dealer, state.bidder, state.plays, state.bid) == (0, 1, 1, 10)
    assert state.piles == [0, 0] and state.scores == (0, 0) and state.history == []


@pytest.mark.parametrize("variant", ["standard", "two_player", "three_player"])
def test_clone_is_independent_and_plays_out_the_same(variant: str) -> None:
    rules = GAME.make_rules(GAME.variants[variant])
    for seed in range(5):
        log: list[dict] = []
        state = GAME.new_deal(rules, seed, log=log)
        rng = random.Random(seed)
        for _ in range(rng.randrange(state.total_plays)):
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])
        before, logged = state.position(), len(log)
        twin = state.clone()
        assert twin.position() == before and twin.log is None
        play_out(twin, random.Random(seed))
        assert state.position() == before and len(log) == logged
        play_out(state, random.Random(seed))
        assert state.position() == twin.position()


@settings(max_examples=40)
@given(seed=st.integers(0, 10**6), variant=st.sampled_from(VARIANTS))
def test_parse_move_reads_every_legal_move_back(seed: int, variant: str) -> None:
    rules = GAME.make_rules(GAME.variants[variant])
    state = GAME.new_deal(rules, seed)
    rng = random.Random(seed)
    while state.current_player() >= 0:
        moves = state.legal_moves()
        for move in moves:
            text = move_text(move)
            assert GAME.parse_move(text) == move and parse_move(text) == move
            assert GAME.move_text(move) == text
        state.apply(moves[rng.randrange(len(moves))])


@pytest.mark.parametrize("text", ["", "bid", "bid X", "throw", "throw 1Z", "capture JD", "house 10 with"])
def test_parse_move_rejects_other_text(text: str) -> None:
    with pytest.raises(ValueError, match="not a Seep move"):
        parse_move(text)
