"""The fast Sweep move generator against a brute force that applies sweep.md §4.3 and §9 literally."""

from __future__ import annotations

import random
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from simulator.cards import RANK
from simulator.games.sweep import BUILD, CAPTURE, GAME, TRAIL, SweepState, make_rules
from tests.games.sweep.helpers import state_at

MAX_BRUTE_ITEMS = 13  # 2^13 table subsets per card keeps the brute force quick


def _partitionable(cards: tuple[int, ...], v: int) -> bool:
    """Can ``cards`` be split into disjoint groups of two or more cards, each summing to v?"""
    if not cards:
        return True
    first, rest = cards[0], cards[1:]
    for size in range(1, len(rest) + 1):
        for others in combinations(rest, size):
            if RANK[first] + sum(RANK[c] for c in others) == v:
                left = tuple(c for c in rest if c not in others)
                if _partitionable(left, v):
                    return True
    return False


def brute_moves(state: SweepState) -> set[tuple[int, int, int, int]]:
    """Every legal move of the current player, checking every subset of the table items."""
    seat = state.current_player()
    hand = [c for c in range(52) if state.hands[seat] >> c & 1]
    loose = [c for c in range(52) if state.table >> c & 1]
    builds = list(state.builds)
    items: list[tuple[str, object]] = [("card", c) for c in loose] + [("build", b) for b in builds]
    out: set[tuple[int, int, int, int]] = set()
    for c in hand:
        v = RANK[c]
        is_number = v <= 10
        out.add((TRAIL, c, 0, 0))
        same_rank = [x for x in loose if RANK[x] == v]
        for size in range(1, len(items) + 1):
            for chosen in combinations(items, size):
                cards = [x for kind, x in chosen if kind == "card"]
                taken_builds = [x for kind, x in chosen if kind == "build"]
                match = [x for x in cards if RANK[x] == v]
                if match and len(match) != len(same_rank):
                    continue  # (a) all same-rank loose cards or none
                groups = [x for x in cards if RANK[x] != v]
                if groups and (not is_number or any(RANK[x] > 10 for x in groups)):
                    continue  # (b) sums only with number cards
                if groups and not _partitionable(tuple(groups), v):
                    continue
                if taken_builds and (not is_number or any(b[0] != v for b in taken_builds)):
                    continue  # (c) builds of value v, by a number card
                mask = 0
                for x in cards:
                    mask |= 1 << x
                for b in taken_builds:
                    mask |= b[1]
                out.add((CAPTURE, c, 0, mask))
        if state.rules.builds and is_number:
            rest = state.hands[seat] & ~(1 << c)
            for size in range(1, len(loose) + 1):
                for chosen in combinations(loose, size):
                    if any(RANK[x] > 10 for x in chosen):
                        continue
                    total = v + sum(RANK[x] for x in chosen)
                    if not 2 <= total <= 10:
                        continue
                    if not any(rest >> x & 1 and RANK[x] == total for x in range(52)):
                        continue
                    mask = 0
                    for x in chosen:
                        mask |= 1 << x
                    out.add((BUILD, c, total, mask))
    return out


def check_position(state: SweepState) -> bool:
    """Compare fast and brute-force generators; False when the table is too big to brute-force."""
    if state.table.bit_count() + len(state.builds) > MAX_BRUTE_ITEMS:
        return False
    fast = state.legal_moves()
    assert len(fast) == len(set(fast)), "duplicate moves"
    assert {tuple(m) for m in fast} == brute_moves(state)
    assert fast == state.legal_moves(), "unstable order"
    return True


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    n=st.sampled_from([2, 3, 4]),
    builds=st.booleans(),
    eight=st.booleans(),
)
def test_fast_generator_matches_brute_force_in_play(seed: int, n: int, builds: bool, eight: bool) -> None:
    """Every position of a random-play round (from a seeded deal) is checked."""
    options = {"num_players": n, "builds": builds}
    if eight:
        options["deal_mode"] = "eight_card_single"
    state = GAME.new_deal(make_rules(options), seed)
    rng = random.Random(seed)
    while state.current_player() >= 0:
        check_position(state)
        moves = state.legal_moves()
        # favour builds and captures so that builds and sweeps occur often
        rich = [m for m in moves if m.action != TRAIL]
        state.apply(rng.choice(rich if rich and rng.random() < 0.6 else moves))


@st.composite
def positions(draw: st.DrawFn) -> SweepState:
    """Hand-built positions: dense low-valued tables with duplicates, and builds."""
    builds_rule = draw(st.booleans())
    rules = make_rules({"num_players": 2, "builds": builds_rule})
    deck = draw(st.permutations(range(52)))
    low_first = sorted(deck[:30], key=lambda c: RANK[c]) if draw(st.booleans()) else list(deck)
    hand_size = draw(st.integers(1, 8))
    table_size = draw(st.integers(0, 10))
    hand = low_first[:hand_size]
    table = low_first[hand_size : hand_size + table_size]
    builds = []
    if builds_rule:
        pool = [c for c in low_first[hand_size + table_size :] if RANK[c] <= 5]
        for _ in range(draw(st.integers(0, 3))):
            take = pool[:2]
            del pool[:2]
            if len(take) == 2 and RANK[take[0]] + RANK[take[1]] <= 10:
                builds.append((RANK[take[0]] + RANK[take[1]], (1 << take[0]) | (1 << take[1]), 1))
    return state_at(rules, [hand, []], table, builds=builds, current_player=0)


@settings(max_examples=150, deadline=None)
@given(state=positions())
def test_fast_generator_matches_brute_force_built(state: SweepState) -> None:
    assert check_position(state)
