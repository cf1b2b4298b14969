"""Look-ahead: move text both ways, full positions, clone, and GAME.determinize."""

from __future__ import annotations

import dataclasses
import itertools
import math
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simulator.cards import cards_of, mask_of
from simulator.games.sweep import (
    BUILD,
    GAME,
    TRAIL,
    SweepMove,
    SweepPosition,
    SweepState,
    SweepView,
    make_rules,
    move_text,
    parse_move,
)
from tests.games.sweep.consistency import check_consistent

RULES = {
    "standard-4": {},
    "standard-2": {"num_players": 2},
    "builds-3": {"num_players": 3, "builds": True},
    "builds-4": {"builds": True},
    "eight-4": {"deal_mode": "eight_card_single"},
    "eight-builds-3": {"num_players": 3, "deal_mode": "eight_card_single", "builds": True},
    "whole-centre-2": {"num_players": 2, "face_card_redeal": "redeal_whole_centre", "builds": True},
    "double-ace-2": {"num_players": 2, "ace_of_spades_sweep_double": True, "last_play_sweep_counts": False},
}


def rich_move(state: SweepState, rng: random.Random) -> SweepMove:
    """Random play that favours builds and captures (so builds, sweeps and constraints occur)."""
    moves = state.legal_moves()
    rich = [m for m in moves if m.action != TRAIL]
    return rng.choice(rich if rich and rng.random() < 0.7 else moves)


def advance(options: dict[str, Any], seed: int, plays: int, log: list[dict] | None = None) -> SweepState:
    state = GAME.new_deal(make_rules(options), seed, log=log)
    rng = random.Random(seed)
    for _ in range(plays):
        if state.current_player() < 0:
            break
        state.apply(rich_move(state, rng))
    return state


# -- move text ------------------------------------------------------------------------------


@settings(max_examples=40)
@given(name=st.sampled_from(sorted(RULES)), seed=st.integers(0, 2**32))
def test_parse_move_inverts_move_text_on_every_legal_move(name: str, seed: int) -> None:
    state = GAME.new_deal(make_rules(RULES[name]), seed)
    rng = random.Random(seed)
    while state.current_player() >= 0:
        for move in state.legal_moves():
            text = move_text(move)
            assert parse_move(text) == move and GAME.parse_move(GAME.move_text(move)) == move
            assert parse_move(text.replace("♠", "S").replace("♥", "H").replace("♦", "D")) == move
        state.apply(rich_move(state, rng))


@pytest.mark.parametrize(
    "text", ["", "trail", "trail XX", "9♣ takes", "9♣ builds x with 6♥", "9♣ takes 6♥ 6♥"]
)
def test_parse_move_rejects_bad_text(text: str) -> None:
    with pytest.raises(ValueError, match="not a Sweep move"):
        parse_move(text)


# -- positions and clones -------------------------------------------------------------------


def play_out(state: SweepState, seed: int) -> tuple[list[list[SweepMove]], list[int], SweepPosition]:
    """Random play to the end: the move list at every turn, the points, the final position."""
    rng = random.Random(seed)
    seen = []
    while state.current_player() >= 0:
        moves = list(state.legal_moves())
        seen.append(moves)
        state.apply(rng.choice(moves))
    return seen, state.side_points(), state.position()


@pytest.mark.parametrize("name", sorted(RULES))
def test_rebuilt_from_position_plays_out_as_the_original(name: str) -> None:
    """Rebuilt at many points of random deals: same moves, log events, scores and final position."""
    for seed, plays in itertools.product(range(3), (0, 5, 17, 30)):
        log: list[dict] = []
        original = advance(RULES[name], seed, plays, log)
        position = original.position()
        rebuilt_log: list[dict] = []
        rebuilt = SweepState.from_position(position, rebuilt_log)
        assert rebuilt.position() == position
        clone = original.clone()
        start = len(log)
        want = play_out(original, seed)
        assert play_out(rebuilt, seed) == want
        assert rebuilt_log == log[start:]
        assert play_out(clone, seed) == want
        assert clone.log is None


def test_clone_is_independent() -> None:
    state = advance({"builds": True}, 4, 9)
    before = state.position()
    clone = state.clone()
    play_out(clone, 1)
    assert state.position() == before
    play_out(state, 2)
    assert clone.is_over() and clone.position() != state.position()


def test_position_defaults_build_a_playable_state() -> None:
    rules = make_rules({"num_players": 2})
    state = SweepState.from_position(SweepPosition(rules=rules, hands=(mask_of([0, 4]), mask_of([8]))))
    assert state.current_player() == 0 and state.dealer == 1 and state.plays_left == 3
    assert state.piles == [0, 0] and state.scores == (0, 0)
    with pytest.raises(ValueError, match="needs 2 hands"):
        SweepState.from_position(SweepPosition(rules=rules, hands=(0,)))


# -- determinize ----------------------------------------------------------------------------


@settings(max_examples=120)
@given(
    name=st.sampled_from(sorted(RULES)), seed=st.integers(0, 2**32), plays=st.integers(0, 48), data=st.data()
)
def test_every_sample_is_consistent_and_plays_to_a_legal_end(
    name: str, seed: int, plays: int, data: st.DataObject
) -> None:
    state = advance(RULES[name], seed, plays)
    state.scores = tuple(range(len(state.rules.sides)))
    seat = data.draw(st.integers(0, state.rules.num_players - 1))
    view = state.view(seat)
    rng = random.Random(seed)
    for _ in range(3):
        sample = GAME.determinize(view, rng)
        check_consistent(view, sample)
        assert sample.log is None
        while sample.current_player() >= 0:
            sample.apply(rich_move(sample, rng))
            assert len(sample.card_location()) == 52
        assert len(sample.side_points()) == len(state.rules.sides)


def test_determinize_rejects_an_impossible_view() -> None:
    view = advance({}, 1, 3).view(0)
    with pytest.raises(ValueError, match="hand sizes"):
        GAME.determinize(dataclasses.replace(view, stock_size=view.stock_size + 1), random.Random(0))


def test_the_sampled_state_has_a_fresh_rng() -> None:
    view = advance({}, 1, 3).view(0)
    a, b = GAME.determinize(view, random.Random(1)), GAME.determinize(view, random.Random(2))
    assert a.seed != b.seed and a.rng.getstate() != b.rng.getstate()


# -- leaks: sampled owners as often as the constraints imply, and no more ----------------------


def exact_owner_odds(view: SweepView, truth: SweepState) -> dict[tuple[int, int], float]:
    """P(card in seat's hand) over every consistent deal, by brute force with the slow checker.

    Only for views whose unseen cards are all in the other hands (the last deal)."""
    others = [s for s in range(view.rules.num_players) if s != view.seat]
    unseen = sorted(c for s in others for c in cards_of(truth.hands[s]))
    sizes = [view.hand_sizes[s] for s in others]
    held: Counter[tuple[int, int]] = Counter()
    total = 0
    base = truth.position()
    for order in _fillings(unseen, sizes):
        hands = list(base.hands)
        for s, cards in zip(others, order, strict=True):
            hands[s] = mask_of(cards)
        candidate = SweepState.from_position(dataclasses.replace(base, hands=tuple(hands)))
        try:
            check_consistent(view, candidate)
        except AssertionError:
            continue
        total += 1
        for s, cards in zip(others, order, strict=True):
            for c in cards:
                held[c, s] += 1
    return {key: k / total for key, k in held.items()}


def _fillings(cards: list[int], sizes: list[int]) -> list[tuple[tuple[int, ...], ...]]:
    if not sizes:
        return [()]
    out = []
    for first in itertools.combinations(cards, sizes[0]):
        rest = [c for c in cards if c not in first]
        out += [(first, *tail) for tail in _fillings(rest, sizes[1:])]
    return out


def constrained_last_deal_view() -> tuple[SweepView, SweepState]:
    """A 3-player build round in its last deal where a build forces what an opponent holds."""
    for seed in range(2000):
        state = advance({"num_players": 3, "builds": True}, seed, 38)
        if state.current_player() != 0 or len(state.history) != 38:
            continue
        owed = [
            (s, m.value) for i, (s, m) in enumerate(state.history[36:], 36) if m.action == BUILD and s != 0
        ]
        if owed:
            return state.view(0), state
    raise AssertionError("no such position in 2000 seeds")


def test_leak_exact_odds_under_build_constraints() -> None:
    """Sampled owners match the brute-force odds over every consistent deal (not the true deal)."""
    view, truth = constrained_last_deal_view()
    exact = exact_owner_odds(view, truth)
    assert any(0 < p < 1 for p in exact.values())
    rng = random.Random(7)
    samples = 3000
    counts: Counter[tuple[int, int]] = Counter()
    for _ in range(samples):
        sample = GAME.determinize(view, rng)
        for s in range(3):
            if s != view.seat:
                for c in cards_of(sample.hands[s]):
                    counts[c, s] += 1
    for key in set(exact) | set(counts):
        p = exact.get(key, 0.0)
        sd = math.sqrt(p * (1 - p) / samples)
        assert abs(counts[key] / samples - p) <= 4.5 * sd + 1e-9, (key, counts[key] / samples, p)


def test_leak_true_owner_no_more_often_than_hand_size_over_unseen() -> None:
    """Without constraints every unseen card is in a hand of size h with odds h / unseen, the true
    owner's hand included; the centre redeal's returned cards never are in the first deal."""
    for seed in range(500):
        state = advance({"deal_mode": "eight_card_single"}, seed, 5)
        if state.centre_returned:
            break
    view = state.view(state.current_player())
    hidden = {c: s for s in range(4) if s != view.seat for c in cards_of(state.hands[s])}
    unseen = sum(view.hand_sizes) - view.hand_sizes[view.seat] + 52 - 8 * 4 - 4
    returned = view.centre_returned & ~(view.table | sum(view.piles))
    rng = random.Random(3)
    samples = 2000
    counts: Counter[int] = Counter()
    for _ in range(samples):
        sample = GAME.determinize(view, rng)
        assert not returned & sum(sample.hands)
        for c, s in hidden.items():
            counts[c] += sample.hands[s] >> c & 1
    free = unseen - returned.bit_count()
    for c, s in hidden.items():
        p = view.hand_sizes[s] / free
        assert abs(counts[c] / samples - p) <= 4.5 * math.sqrt(p * (1 - p) / samples), c
