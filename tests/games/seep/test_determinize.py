"""GAME.determinize: every sample explains the view (slow checker), plays out, and leaks nothing."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simulator.games.seep import GAME, HOUSE, SeepState, SeepView
from tests.games.seep.consistency import weight

VARIANTS = sorted(GAME.variants)


def advance(state: SeepState, plays: int, rng: random.Random) -> None:
    for _ in range(plays):
        if state.current_player() < 0:
            return
        moves = state.legal_moves()
        state.apply(moves[rng.randrange(len(moves))])


def play_out(state: SeepState, rng: random.Random) -> None:
    while state.current_player() >= 0:
        moves = list(state.legal_moves())
        assert moves
        state.apply(moves[rng.randrange(len(moves))])
    assert state.is_over() and not any(state.hands)


@settings(max_examples=40)
@given(
    variant=st.sampled_from(VARIANTS),
    seed=st.integers(0, 10**6),
    stop=st.integers(0, 50),
    offset=st.integers(0, 3),
)
def test_samples_explain_the_view_and_play_out(variant: str, seed: int, stop: int, offset: int) -> None:
    rules = GAME.make_rules(GAME.variants[variant])
    state = GAME.new_deal(rules, seed)
    rng = random.Random(seed)
    advance(state, stop, rng)
    view = state.view((max(state.current_player(), 0) + offset) % rules.num_players)
    for k in range(3):
        sample = GAME.determinize(view, rng)
        assert sample.view(view.seat) == view
        assert weight(view, sample) > 0
        if k == 0:
            assert weight(view, state) > 0  # the checker accepts the true deal
        play_out(sample, rng)


def test_samples_are_reproducible_and_get_fresh_rngs() -> None:
    rules = GAME.make_rules({})
    state = GAME.new_deal(rules, 4)
    advance(state, 10, random.Random(4))
    view = state.view(0)
    a = GAME.determinize(view, random.Random(9))
    b = GAME.determinize(view, random.Random(9))
    assert a.position() == b.position()
    c = GAME.determinize(view, random.Random(10))
    assert c.seed != a.seed and c.rng.getstate() != a.rng.getstate()


def test_face_down_floor_before_the_bid() -> None:
    """Before the bid the floor is face down: it is sampled, and the bidder still holds a 9-K (§3.3)."""
    rules = GAME.make_rules({})
    state = GAME.new_deal(rules, 2)
    other = (state.bidder + 1) % 4
    view = state.view(other)
    floors = set()
    rng = random.Random(2)
    for _ in range(200):
        sample = GAME.determinize(view, rng)
        assert sample.hands[other] == state.hands[other] and not sample.floor_up
        assert sample.hands[sample.bidder] & sum(0xF << 4 * (r - 1) for r in range(9, 14))
        floors.add(sample.loose)
    assert len(floors) > 150  # the true floor is not singled out
    up = GAME.make_rules({"floor_visible_at_bid": True})
    shown = GAME.new_deal(up, 2).view(other)
    assert all(GAME.determinize(shown, rng).loose == shown.loose for _ in range(20))


def exact_marginals(view: SeepView, base: SeepState) -> tuple[Counter, int]:
    """Brute force: every way to deal the unseen cards into the hidden hands and stock, weighted."""
    seat, n = view.seat, base.n
    hidden = [q for q in range(n) if q != seat]
    places = sum(1 << c for c in base.stock) | sum(base.hands[q] for q in hidden)
    unseen = [c for c in range(52) if places >> c & 1]
    sizes = [view.hand_sizes[q] for q in hidden]
    counts: Counter = Counter()
    total = 0
    cache: dict = {}

    def deal(rest: list[int], k: int, hands: list[int]) -> None:
        nonlocal total
        if k == len(hidden):
            state = base.clone()
            for q, h in zip(hidden, hands, strict=True):
                state.hands[q] = h
            state.stock = list(rest)
            w = weight(view, state, cache)
            if w:
                total += w
                for q, h in zip(hidden, hands, strict=True):
                    for c in range(52):
                        if h >> c & 1:
                            counts[c, q] += w
            return
        for combo in combinations(rest, sizes[k]):
            deal([c for c in rest if c not in combo], k + 1, [*hands, sum(1 << c for c in combo)])

    deal(unseen, 0, [])
    return counts, total


def find_view(rules, predicate, plays: int) -> tuple[SeepState, SeepView]:
    """The first position from ``plays`` plays on in seeded random deals with a view meeting ``predicate``."""
    for seed in range(400):
        state = GAME.new_deal(rules, seed)
        rng = random.Random(seed)
        advance(state, plays, rng)
        while state.current_player() >= 0:
            for seat in range(rules.num_players):
                view = state.view(seat)
                if predicate(state, view):
                    return state, view
            advance(state, 1, rng)
    raise AssertionError("no such position in the seeds tried")


def check_frequencies(state: SeepState, view: SeepView, samples: int = 3000) -> float:
    """Sample frequencies of (card, seat) against the exact ones; returns the largest constraint effect."""
    counts, total = exact_marginals(view, state)
    rng = random.Random(1)
    seen: Counter = Counter()
    for _ in range(samples):
        sample = GAME.determinize(view, rng)
        for q in range(state.n):
            if q != view.seat:
                for c in range(52):
                    if sample.hands[q] >> c & 1:
                        seen[c, q] += 1
    skew = 0.0
    for (c, q), w in counts.items():
        p = w / total
        f = seen[c, q] / samples
        assert abs(f - p) <= 4.5 * (p * (1 - p) / samples) ** 0.5 + 0.004, (c, q, f, p)
        uniform = view.hand_sizes[q] / sum(view.hand_sizes[x] for x in range(state.n) if x != view.seat)
        skew = max(skew, abs(p - uniform))
    assert set(seen) <= set(counts)  # never a card where no consistent deal puts it
    return skew


def test_no_leak_with_house_owners() -> None:
    """Late in a deal with a house owned by a hidden seat (retention): frequencies match the exact ones."""
    rules = GAME.make_rules({})

    def owned_by_other(state: SeepState, view: SeepView) -> bool:
        return sum(view.hand_sizes) - view.hand_sizes[view.seat] <= 7 and any(
            view.seat not in h.owners for h in view.houses
        )

    state, view = find_view(rules, owned_by_other, 38)
    assert check_frequencies(state, view) > 0.05  # the constraint does shift the odds


def test_no_leak_with_the_bidders_first_packet() -> None:
    """The bidder opened with a house of the bid value made with another card: his first packet held one."""
    rules = GAME.make_rules({"owner_must_retain": False})

    def house_opening(state: SeepState, view: SeepView) -> bool:
        opening = view.history[1][1]
        bid_cards = sum(1 << (4 * (view.bid - 1) + suit) for suit in range(4))
        bidder_played = sum(1 << m.card for q, m in view.history[1:] if q == view.bidder)
        return (
            view.seat != view.bidder
            and opening.action == HOUSE
            and opening.card // 4 + 1 != view.bid
            and not bidder_played & bid_cards
            and view.hand_sizes[view.bidder] >= 2
            and sum(view.hand_sizes) - view.hand_sizes[view.seat] <= 7
        )

    state, view = find_view(rules, house_opening, 30)
    assert check_frequencies(state, view, 2000) > 0.05


@pytest.mark.parametrize("variant", ["two_player", "three_player"])
def test_no_leak_in_other_player_counts(variant: str) -> None:
    rules = GAME.make_rules(GAME.variants[variant])
    state, view = find_view(
        rules, lambda s, v: 0 < sum(v.hand_sizes) - v.hand_sizes[v.seat] <= 7, rules.total_plays - 6
    )
    check_frequencies(state, view, 1500)
