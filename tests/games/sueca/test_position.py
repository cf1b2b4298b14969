"""Full positions and clones: a state rebuilt from its own position, or cloned, plays out exactly as the
original (same legal moves, replay events, scores and rows), pass-out redeals included."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simulator.cards import mask_of, parse_cards
from simulator.games.sueca import (
    BIDS,
    GAME,
    PASS_MOVE,
    PLAY,
    PLAYS,
    SuecaPosition,
    SuecaState,
    parse_move,
)

VARIANTS = sorted(GAME.variants)


def pick(moves, rng: random.Random, pass_weight: int):
    """Random play with many passes, so that pass-outs (redeals from the state's RNG) happen."""
    weights = [pass_weight if m == PASS_MOVE else 1 for m in moves]
    return rng.choices(moves, weights)[0]


def play_out(state: SuecaState, rng: random.Random, pass_weight: int) -> list:
    moves_seen = []
    while state.current_player() >= 0:
        moves = state.legal_moves()
        move = pick(moves, rng, pass_weight)
        moves_seen.append((state.current_player(), moves, move))
        state.apply(move)
    return moves_seen


def outcome(state: SuecaState) -> tuple:
    return (state.side_points(), state.side_rows(), state.score_event([0] * 5), state.position())


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    variant=st.sampled_from(VARIANTS),
    steps=st.integers(0, 70),
    pass_weight=st.sampled_from([1, 30]),
)
def test_rebuilt_and_cloned_states_play_out_as_the_original(seed, variant, steps, pass_weight):
    rules = GAME.make_rules(GAME.variants[variant])
    rng = random.Random(seed)
    original = GAME.new_deal(rules, seed, log=[])
    original.scores = (3, 1, 4, 1, 5)
    for _ in range(steps):
        if original.is_over():
            break
        original.apply(pick(original.legal_moves(), rng, pass_weight))
    position = original.position()
    rebuilt_log: list[dict] = []
    rebuilt = SuecaState.from_position(position, log=rebuilt_log)
    clone = original.clone()
    assert rebuilt.position() == clone.position() == position
    for seat in range(5):
        assert rebuilt.view(seat) == clone.view(seat) == original.view(seat)
    start = len(original.log)
    future = rng.getstate()
    lines = []
    for state in (original, rebuilt, clone):
        rng.setstate(future)
        lines.append(play_out(state, rng, pass_weight))
    assert lines[0] == lines[1] == lines[2]
    assert outcome(original) == outcome(rebuilt) == outcome(clone)
    assert original.log[start:] == rebuilt_log
    assert clone.log is None


def test_clone_is_independent_and_shares_the_rng_copy_on_write():
    rules = GAME.make_rules({})
    state = GAME.new_deal(rules, 12, dealer=1)
    clone = state.clone()
    for _ in range(5):  # pass out in the clone: it redeals from its own copy of the RNG
        clone.apply(PASS_MOVE)
    assert clone.passouts == 1 and state.passouts == 0 and state.calls == ()
    for _ in range(5):  # the original redeals the same cards: its RNG did not move
        state.apply(PASS_MOVE)
    assert state.hands == clone.hands
    clone.apply(BIDS[70])
    assert state.calls == () and clone.calls == ((2, 70),)
    twin = state.clone()
    state.apply(BIDS[61])
    assert twin.calls == () and twin.high_bid == 0


def _position(hands: list[str], **fields) -> SuecaPosition:
    return SuecaPosition(hands=tuple(mask_of(parse_cards(h)) for h in hands), **fields)


def test_a_hand_built_position_mid_trick():
    # seat 2 bid 70 with hearts trump and called A♦ (held by seat 3); seat 2 led 2H, seat 3 played AD
    hands = [
        "AS 7S KS JS QS 6S 5S 2C",
        "2S 3S 4S 2H 3H 2D 3D AC",
        "AH 7H KH JH QH 6H 5H",
        "7D KD JD QD 6D 5D 4D",
        "7C KC JC QC 6C 5C 4C 3C",
    ]
    state = SuecaState.from_position(
        _position(
            hands,
            phase="play",
            calls=((1, "pass"), (2, 70), (3, "pass"), (4, "pass"), (0, "pass")),
            contract="points",
            declarer=2,
            bid=70,
            trump=1,
            called_card=parse_cards("AD")[0],
            trick_leader=2,
            trick=tuple(parse_cards("4H AD")),
        )
    )
    assert state.current_player() == 4 and state.partner == 3 and state.partner_revealed
    assert state.high_bid == 70 and state.high_bidder == 2 and state.passed == 0b11011
    view = state.view(0)
    assert view.trick_winner == 2 and view.partner == 3 and view.hand_sizes == (8, 8, 7, 7, 8)
    assert {m.card for m in state.legal_moves()} == set(parse_cards(hands[4]))  # no heart, no diamond led
    for card in ("3C", "2C", "2H"):  # seats 4 and 0 hold no heart; seat 1 must follow
        state.apply(parse_move(f"play {card}"))
    assert state.tricks[-1] == (2, tuple(parse_cards("4H AD 3C 2C 2H")), 2)
    assert state.points_won[2] == 11 and state.current_player() == 2


def test_position_defaults_and_errors():
    hands = ["AS 7S KS JS QS 6S 5S 2C", "2S 3S 4S 2H 3H 2D 3D AC", "AH 7H KH JH QH 6H 5H 4H"]
    hands += ["AD 7D KD JD QD 6D 5D 4D", "7C KC JC QC 6C 5C 4C 3C"]
    state = SuecaState.from_position(_position(hands, dealer=3))
    assert state.phase == 0 and state.current_player() == 4 and state.hand_dealer == 3
    assert state.legal_moves()[:2] == (PASS_MOVE, parse_move("nuls"))
    with pytest.raises(ValueError, match="pack"):
        SuecaState.from_position(_position(hands[:4]))
    with pytest.raises(ValueError, match="twice"):
        SuecaState.from_position(_position([*hands[:4], "7C KC JC QC 6C 5C 4C AS"]))
    with pytest.raises(ValueError, match="hand sizes"):  # the pack, but seat 0 holds 9 cards
        SuecaState.from_position(_position(["2S " + hands[0], hands[1].replace("2S ", ""), *hands[2:]]))
    with pytest.raises(ValueError, match="held and played"):
        SuecaState.from_position(_position(hands, phase="play", trick_leader=0, trick=(PLAYS[0].card,)))
    assert PLAYS[0].action == PLAY
