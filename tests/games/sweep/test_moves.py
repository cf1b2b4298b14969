"""The fast Sweep move generator against a brute force that applies sweep.md §4.3 and §9 literally."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from simulator.cards import RANK, mask_of, parse_cards
from simulator.games.sweep import BUILD, CAPTURE, GAME, TRAIL, SweepMove, SweepState, make_rules
from simulator.games.sweep.movegen import SORTED_LIMIT, SweepMoves, build_variant_moves, loose_moves
from simulator.play import play_deal
from strategies.base import Strategy
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


def lazy_moves(state: SweepState) -> SweepMoves:
    """The position's moves as the sequence built on access (what long move lists are)."""
    seat = state.current_player()
    args = (state._cards[seat], state.table, state._sig, state.hands[seat])
    if state.rules.builds:
        got = build_variant_moves(*args, state.builds, lazy=True)
    else:
        got = loose_moves(*args, lazy=True)
    assert isinstance(got, SweepMoves)
    return got


def check_position(state: SweepState) -> bool:
    """Compare fast and brute-force generators; False when the table is too big to brute-force.

    The lazy sequence is checked against the brute force (exact length, indexing, slicing,
    membership of every move and of near misses) and against the eager list."""
    if state.table.bit_count() + len(state.builds) > MAX_BRUTE_ITEMS:
        return False
    assert list(lazy_moves(state)) == list(state.legal_moves())
    fast = lazy_moves(state)
    listed = list(fast)
    assert len(fast) == len(listed) == len(set(listed)), "duplicate moves or a wrong length"
    brute = brute_moves(state)
    assert {tuple(m) for m in listed} == brute
    assert listed == list(state.legal_moves()), "unstable order"
    assert [fast[i] for i in range(len(fast))] == listed, "indexing differs from iteration"
    assert [fast[i] for i in range(-len(fast), 0)] == listed and fast[1:3] == listed[1:3]
    assert all(m in fast for m in listed)
    seat = state.current_player()
    table_items = [1 << c for c in range(52) if state.table >> c & 1] + [b[1] for b in state.builds]
    for m in listed:  # near misses: one table item more or less, another value, another card
        near = [m._replace(mask=m.mask ^ item) for item in table_items]
        near += [m._replace(value=m.value + 1), m._replace(card=(m.card + 1) % 52)]
        for other in near:
            legal = tuple(other) in brute and state.hands[seat] >> other.card & 1
            assert (other in fast) == bool(legal), other
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


class FirstMove(Strategy):
    """Always the first legal move: a trail, so nobody ever captures: the table grows to 40 cards."""

    games = ("sweep",)
    wants_view = False

    def choose(self, view: object, moves: Sequence[SweepMove]) -> SweepMove:
        return moves[0]


def test_a_deal_where_nobody_captures_plays_to_the_end() -> None:
    """The table grows to 52 cards and a turn has billions of captures: the move list stays a few
    segments with exact length, indexing and membership, and the deal ends."""
    rules = make_rules({})
    state = GAME.new_deal(rules, 0)
    biggest = 0
    while (seat := state.current_player()) >= 0:
        moves = state.legal_moves()
        n = len(moves)
        biggest = max(biggest, n)
        assert moves[0].action == TRAIL and moves[-1] in moves and moves[n // 2] in moves
        assert moves[n // 3] == moves[n // 3 - n]
        assert not any(m.card not in range(52) or not state.hands[seat] >> m.card & 1 for m in moves[:50])
        state.apply(moves[0])
    assert biggest > 10**9
    assert state.piles == [0, 0] and state.table.bit_count() == 52


def test_the_play_loop_with_a_strategy_that_never_captures() -> None:
    rules = make_rules({"deal_mode": "eight_card_single", "num_players": 3})
    agents = [FirstMove() for _ in range(3)]
    for seed in range(3):
        state = GAME.new_deal(rules, seed)
        play_deal(state, agents)
        assert state.is_over() and state.side_points() == [0, 0, 0]


def test_indexing_and_iteration_agree_on_big_tables() -> None:
    """Positions with thousands of captures per card: every index gives the iteration's move."""
    rules = make_rules({"deal_mode": "eight_card_single", "num_players": 3})
    checked = 0
    for seed in range(2):
        state = GAME.new_deal(rules, seed)
        while state.current_player() >= 0:
            moves = state.legal_moves()
            if 2000 < len(moves) <= 8000:
                listed = list(moves)
                assert listed == [moves[i] for i in range(len(moves))] and len(set(listed)) == len(listed)
                checked += 1
            state.apply(moves[0])
    assert checked


def test_many_captures_with_builds_of_the_card_value() -> None:
    """Beyond SORTED_LIMIT captures, a card taking builds lists them by build union then loose
    capture: the same set as every loose capture (or none) with every union of its builds."""
    rules = make_rules({"num_players": 2, "builds": True})
    loose = parse_cards("2S 2H 2D 2C 3S 3H 3D 3C 5S 5H 5D 5C 4S 4D 4C AH AD AC")
    builds = [(10, mask_of(parse_cards("9S AS")), 1), (10, mask_of(parse_cards("6H 4H")), 1)]
    hand = parse_cards("10C")
    state = state_at(rules, [hand, []], loose, builds=builds, current_player=0)
    plain = state_at(make_rules({"num_players": 2}), [hand, []], loose, current_player=0)
    moves = state.legal_moves()
    assert len(moves) > SORTED_LIMIT
    listed = list(moves)
    assert listed == [moves[i] for i in range(len(moves))] and len(set(listed)) == len(listed)
    assert all(m in moves for m in listed[:: max(1, len(listed) // 500)])
    unions = [0, builds[0][1], builds[1][1], builds[0][1] | builds[1][1]]
    loose_caps = {m.mask for m in plain.legal_moves() if m.action == CAPTURE}
    want = {lm | u for lm in loose_caps | {0} for u in unions} - {0}
    assert {m.mask for m in listed if m.action == CAPTURE} == want
    assert SweepMove(CAPTURE, hand[0], 0, builds[0][1] | mask_of(parse_cards("2S 3S 5S"))) in moves
    assert SweepMove(CAPTURE, hand[0], 0, mask_of(parse_cards("9S"))) not in moves  # half a build
