"""The greedy Sueca strategy: always legal, and each of its stated habits on constructed positions."""

from __future__ import annotations

import random

import pytest

from simulator.cards import mask_of, parse_card, parse_cards
from simulator.games.sueca import (
    BIDS,
    CALL_CARDS,
    GAME,
    NULS_MOVE,
    PASS_MOVE,
    PLAYS,
    TRUMPS,
    SuecaPosition,
    SuecaState,
)
from strategies.greedy.sueca import best_suit, choose, estimate

HANDS = [
    "AS 7S KS JS QS 6S 5S 2C",
    "2S 3S 4S 2H 3H 2D 3D AC",
    "AH 7H KH JH QH 6H 5H 4H",
    "AD 7D KD JD QD 6D 5D 4D",
    "7C KC JC QC 6C 5C 4C 3C",
]


def deal(hands=HANDS, dealer=0, rules=None):
    masks = tuple(mask_of(parse_cards(h)) for h in hands)
    return SuecaState.from_position(
        SuecaPosition(hands=masks, rules=rules or GAME.make_rules({}), dealer=dealer)
    )


@pytest.mark.parametrize("variant", sorted(GAME.variants))
def test_greedy_always_returns_a_legal_move(variant):
    rules = GAME.make_rules(GAME.variants[variant])
    rng = random.Random(0)
    for seed in range(30):
        state = GAME.new_deal(rules, seed)
        while (seat := state.current_player()) >= 0:
            moves = state.legal_moves()
            move = choose(state.view(seat), moves, rng) if seat % 2 == 0 else rng.choice(moves)
            assert move in moves
            state.apply(move)


def test_bidding_from_the_estimate():
    state = deal(dealer=4)  # seat 0 speaks first with 30 card points and seven spades
    assert estimate(state.hands[0]) == 30 * 3 // 2 + 5 * 7 + 15
    assert choose(state.view(0), state.legal_moves(), random.Random(0)) == BIDS[61]
    state.apply(BIDS[61])
    # seat 1 (2s and 3s and AC: 11 points) passes
    assert estimate(state.hands[1]) < 61
    assert choose(state.view(1), state.legal_moves(), random.Random(0)) == PASS_MOVE


def test_nuls_only_with_a_very_weak_hand():
    hands = [
        "AS 7S KS JS QS AH 7H KH",
        "2S 2H 2D 3S 3H 4D 4C 5C",
        "6S 5S 4S 3C JH QH 6H 5H",
        "AD 7D KD JD QD 6D 5D 4H",
        "AC 7C KC JC QC 6C 3D 2C",
    ]
    state = deal(hands)
    assert choose(state.view(1), state.legal_moves(), random.Random(0)) == NULS_MOVE
    state = deal(hands)
    state.apply(BIDS[61])  # nuls no longer legal after a points bid
    assert choose(state.view(2), state.legal_moves(), random.Random(0)) == PASS_MOVE


def test_trump_and_called_card():
    hands = list(HANDS)
    state = deal(hands, dealer=4)
    for call in (70, "pass", "pass", "pass", "pass"):
        state.apply(PASS_MOVE if call == "pass" else BIDS[call])
    assert best_suit(state.hands[0]) == 0
    move = choose(state.view(0), state.legal_moves(), random.Random(0))
    assert move == TRUMPS[0]
    state.apply(move)
    # highest missing spade by trick order: seat 0 holds A 7 K J Q 6 5, so 4S
    assert choose(state.view(0), state.legal_moves(), random.Random(0)) == CALL_CARDS[parse_card("4S")]


def test_play_wins_cheaply_when_points_are_on_the_table_else_plays_low():
    state = deal(dealer=4)
    for call in (70, "pass", "pass", "pass", "pass"):
        state.apply(PASS_MOVE if call == "pass" else BIDS[call])
    state.apply(TRUMPS[2])  # diamonds trump
    state.apply(CALL_CARDS[parse_card("AD")])  # partner: seat 3
    rng = random.Random(0)
    assert (
        choose(state.view(0), state.legal_moves(), rng) == PLAYS[parse_card("2C")]
    )  # leads lowest non-trump
    state.apply(PLAYS[parse_card("2C")])
    # seat 1 holds AC only in clubs: must play it and wins
    state.apply(PLAYS[parse_card("AC")])
    # seat 2 has no club: points on the table, cannot win (no trump) -> lowest card
    assert choose(state.view(2), state.legal_moves(), rng) == PLAYS[parse_card("4H")]
    state.apply(PLAYS[parse_card("4H")])
    # seat 3 (partner, unknown to the others) can trump: the cheapest winning trump
    assert choose(state.view(3), state.legal_moves(), rng) == PLAYS[parse_card("4D")]


def test_nuls_declarer_plays_low():
    state = deal()
    state.apply(NULS_MOVE)  # seat 1 declares nuls and leads
    rng = random.Random(0)
    assert choose(state.view(1), state.legal_moves(), rng) == PLAYS[parse_card("2S")]
