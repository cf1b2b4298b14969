"""Random-play properties: fast move generation against a literal brute force, trick winners and scores
against slow references, invariants after every move, in every variant."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from simulator.cards import RANK, RANK_NAMES, SUIT, card_str
from simulator.games.sueca import (
    BIDS,
    CALL_CARDS,
    GAME,
    NULS_MOVE,
    PASS_MOVE,
    PLAY,
    PLAYS,
    TRUMPS,
    SuecaState,
)

VARIANTS = sorted(GAME.variants)
ORDER = ["A", "7", "K", "J", "Q", "6", "5", "4", "3", "2"]  # rules §2.2, highest first
POINTS = {"A": 11, "7": 10, "K": 4, "J": 3, "Q": 2}
PACK = [c for c in range(52) if RANK_NAMES[RANK[c]] in ORDER]


def rank_of(card: int) -> str:
    return RANK_NAMES[RANK[card]]


def slow_trick_winner(leader: int, cards: tuple[int, ...], trump: int) -> int:
    """Rules §6.3 as written: the highest trump if any, else the highest card of the suit led."""
    trumps = [i for i, c in enumerate(cards) if SUIT[c] == trump]
    pool = trumps or [i for i, c in enumerate(cards) if SUIT[c] == SUIT[cards[0]]]
    best = min(pool, key=lambda i: ORDER.index(rank_of(cards[i])))
    return (leader + best) % 5


def slow_legal(state: SuecaState) -> set:
    """Every candidate decision checked against the rules text, from the public history and the hands."""
    rules, phase = state.rules, state.phase
    if phase == 0:  # auction
        bids = [c for _, c in state.calls if isinstance(c, int)]
        high = max(bids, default=0)
        nuls_before = any(c == "nuls" for _, c in state.calls)
        legal = {PASS_MOVE}
        if not nuls_before and (not bids or high == 120):
            legal.add(NULS_MOVE)
        for x in range(0, 130):
            if 61 <= x <= 120 and (not bids or x >= high + rules.bid_step):
                legal.add(BIDS[x])
        return legal
    if phase == 1:
        return {TRUMPS[s] for s in range(4)}
    if phase == 2:
        held = state.hands[state.declarer]
        return {
            CALL_CARDS[c]
            for c in PACK
            if not (held >> c) & 1 and (rules.called_card_rule == "any_not_held" or SUIT[c] == state.trump)
        }
    if phase == 3:
        hand = [c for c in PACK if (state.hands[state.turn] >> c) & 1]
        if not state.trick:
            return {PLAYS[c] for c in hand}
        led = SUIT[state.trick[0]]
        has_led = any(SUIT[c] == led for c in hand)
        return {PLAYS[c] for c in hand if SUIT[c] == led or not has_led}
    return set()


def expected_scores(state: SuecaState) -> list[int]:
    """Rules §7 computed from the tricks, independently of the engine's scorer."""
    points = [0] * 5
    tricks = [0] * 5
    for _, cards, winner in state.tricks:
        points[winner] += sum(POINTS.get(rank_of(c), 0) for c in cards)
        tricks[winner] += 1
    d = state.declarer

    def table(x):
        return 6 if x == 120 else 5 if x >= 101 else 4 if x >= 91 else 3 if x >= 81 else 2 if x >= 71 else 1

    if state.kind == "nuls":
        return (
            [6 if s == d else 0 for s in range(5)]
            if tricks[d] == 0
            else [0 if s == d else 6 for s in range(5)]
        )
    team = points[d] + points[state.partner]
    if team >= state.bid:
        x = team if state.rules.score_index == "made_if_bidder_wins" else state.bid
        return [table(x) if s in (d, state.partner) else 0 for s in range(5)]
    return [0 if s in (d, state.partner) else table(state.bid) for s in range(5)]


def check_invariants(state: SuecaState) -> None:
    hands = state.hands
    union = 0
    for h in hands:
        assert union & h == 0
        union |= h
    assert union & state.played == 0
    assert union | state.played == sum(1 << c for c in PACK)
    if state.phase == 3:
        counts = [h.bit_count() for h in hands]
        done = len(state.tricks)
        for k in range(len(state.trick)):
            assert counts[(state.trick_leader + k) % 5] == 8 - done - 1
        assert sum(counts) == 40 - 5 * done - len(state.trick)
    assert sum(state.points_won) == sum(
        POINTS.get(rank_of(c), 0) for _, cards, _ in state.tricks for c in cards
    )


def play_checked(rules, seed: int, rng: random.Random, check_moves: bool = True) -> SuecaState:
    state = GAME.new_deal(rules, seed)
    played_cards: list[int] = []
    while (seat := state.current_player()) >= 0:
        moves = state.legal_moves()
        assert len(set(moves)) == len(moves) and moves
        if check_moves:
            assert set(moves) == slow_legal(state)
        move = rng.choice(moves)
        before = len(state.tricks)
        state.apply(move)
        if move.action == PLAY:
            played_cards.append(move.card)
            if len(state.tricks) > before:
                leader, cards, winner = state.tricks[-1]
                assert winner == slow_trick_winner(leader, cards, state.trump)
        elif move.action <= 2 and state.phase == 0 and state.calls:
            # the auction skips players who have passed
            assert state.current_player() not in {s for s, c in state.calls if c == "pass"}
            assert seat != state.current_player()
        check_invariants(state)
    assert len(played_cards) == len(set(played_cards))
    assert [c for _, cards, _ in state.tricks for c in cards] == played_cards
    return state


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_hands_in_every_variant(variant):
    rules = GAME.make_rules(GAME.variants[variant])
    rng = random.Random(variant)
    for seed in range(60):
        state = play_checked(rules, seed, rng, check_moves=seed < 15)
        assert state.is_over()
        scores = state.side_points()
        assert scores == expected_scores(state)
        assert all(s >= 0 for s in scores)
        if len(state.tricks) == 8:
            assert sum(state.points_won) == 120
            assert len(set(c for _, cards, _ in state.tricks for c in cards)) == 40
        else:  # a failed nuls stops at the declarer's first trick
            assert state.kind == "nuls" and state.tricks[-1][2] == state.declarer
        if state.kind == "nuls":
            assert state.trump == -1 and state.tricks[0][0] == state.declarer
            assert sorted(scores) in ([0, 0, 0, 0, 6], [0, 6, 6, 6, 6])
        else:
            assert state.bid >= 61 and state.partner != state.declarer
            assert state.tricks[0][0] == state.declarer
            players = {c: (leader + i) % 5 for leader, cards, _ in state.tricks for i, c in enumerate(cards)}
            assert players[state.called_card] == state.partner


def test_partner_holds_the_called_card():
    rng = random.Random(5)
    for seed in range(200):
        state = GAME.new_deal(GAME.make_rules({}), seed)
        while state.phase != 3 and state.current_player() >= 0:
            moves = state.legal_moves()
            state.apply(rng.choice([m for m in moves if m != NULS_MOVE] or moves))
        if state.kind == "points":
            assert (state.hands[state.partner] >> state.called_card) & 1
            assert not (state.hands[state.declarer] >> state.called_card) & 1


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**40),
    variant=st.sampled_from(VARIANTS),
    steps=st.integers(0, 60),
    nuls_weight=st.integers(0, 3),
    pass_weight=st.integers(0, 40),
)
def test_fast_moves_match_brute_force(seed, variant, steps, nuls_weight, pass_weight):
    """Positions reached by random play with a biased auction (many passes and nuls reach every branch)."""
    rules = GAME.make_rules(GAME.variants[variant])
    state = GAME.new_deal(rules, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.current_player() < 0:
            break
        moves = state.legal_moves()
        assert set(moves) == slow_legal(state)
        weights = [pass_weight if m == PASS_MOVE else nuls_weight if m == NULS_MOVE else 1 for m in moves]
        if sum(weights) == 0:
            weights = [1] * len(moves)
        state.apply(rng.choices(moves, weights)[0])
        check_invariants(state)
    assert set(state.legal_moves()) == slow_legal(state)


def test_card_strings_of_pack():
    assert len(PACK) == 40
    assert sorted(card_str(c)[:-1] for c in PACK if SUIT[c] == 0) == sorted(ORDER)
