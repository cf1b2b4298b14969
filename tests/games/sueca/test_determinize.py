"""GAME.determinize: every sample is consistent with the view (by a slow checker written apart from the
sampler), plays out to a legal end, and is uniform among the consistent deals (no leak of the true one)."""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import chisquare

from simulator.cards import SUIT
from simulator.games.sueca import GAME, NULS_MOVE, PACK_CARDS, PASS_MOVE, SuecaView
from simulator.games.sueca.determinize import sample_hands

VARIANTS = sorted(GAME.variants)


def plays_by_seat(view: SuecaView) -> list[tuple[int, int, int]]:
    """(seat, card, suit led) of every card played, from the public record."""
    out = []
    for leader, cards, _ in [*view.tricks, (view.trick_leader, view.trick, None)]:
        for k, card in enumerate(cards):
            out.append(((leader + k) % 5, card, SUIT[cards[0]]))
    return out


def checker(view: SuecaView) -> Callable[[list[int]], list[str]]:
    """A function listing everything wrong with ``hands`` as the hidden deal behind ``view``."""
    seat = view.seat
    plays = plays_by_seat(view)
    played = [card for _, card, _ in plays]
    voids = {(player, led) for player, card, led in plays if SUIT[card] != led}
    played_mask = sum(1 << c for c in played)
    pack_mask = sum(1 << c for c in PACK_CARDS)
    suit_cards = [sum(1 << c for c in PACK_CARDS if SUIT[c] == suit) for suit in range(4)]
    called = view.called_card
    hidden_call = view.contract == "points" and called is not None and called not in played

    def violations(hands: list[int]) -> list[str]:
        bad = []
        if hands[seat] != view.hand:
            bad.append("own hand changed")
        union = 0
        for h in hands:
            union |= h
        if sum(h.bit_count() for h in hands) + len(played) != 40 or union | played_mask != pack_mask:
            bad.append("hands and played cards are not the pack")
        if [h.bit_count() for h in hands] != list(view.hand_sizes):
            bad.append("hand sizes")
        for player, led in voids:
            if hands[player] & suit_cards[led]:
                bad.append(f"seat {player} showed out of suit {led} but holds one")
        if hidden_call:
            holder = [s for s in range(5) if (hands[s] >> called) & 1]
            if holder == [view.declarer]:
                bad.append("the declarer holds the called card")
            if (view.partner == seat) != (holder == [seat]):
                bad.append("the partner's own knowledge")
        return bad

    return violations


def reach(rules, seed: int, steps: int, nuls: bool) -> object:
    """Random play for ``steps`` moves; the auction mostly passes, and calls nuls only if ``nuls``."""
    rng = random.Random(seed)
    state = GAME.new_deal(rules, seed)
    for _ in range(steps):
        if state.is_over():
            break
        moves = [m for m in state.legal_moves() if nuls or m != NULS_MOVE]
        state.apply(rng.choices(moves, [8 if m == PASS_MOVE else 1 for m in moves])[0])
    return state


@settings(max_examples=80, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    variant=st.sampled_from(VARIANTS),
    steps=st.integers(0, 50),
    seat=st.integers(0, 4),
    nuls=st.booleans(),
)
def test_samples_are_consistent_and_play_out(seed, variant, steps, seat, nuls):
    state = reach(GAME.make_rules(GAME.variants[variant]), seed, steps, nuls)
    state.scores = (2, 0, 7, 1, 8)
    view = state.view(seat)
    rng = random.Random(seed)
    check = checker(view)
    for k in range(4):
        sample = GAME.determinize(view, rng)
        assert check(sample.hands) == []
        assert sample.view(seat) == view
        assert sample.log is None and sample.scores == view.scores
        if k == 0:
            play = random.Random(seed + 1)
            while not sample.is_over():
                moves = sample.legal_moves()
                assert moves
                sample.apply(play.choice(moves))
            assert len(sample.side_points()) == 5


def test_auction_sample_redeals_from_a_fresh_rng():
    state = GAME.new_deal(GAME.make_rules({}), 5, dealer=0)
    view = state.view(3)
    rng = random.Random(1)
    a, b = GAME.determinize(view, rng), GAME.determinize(view, rng)
    assert a.seed != b.seed
    for s in (a, b):
        for _ in range(5):
            s.apply(s.legal_moves()[0])  # five passes: a redeal
    assert a.passouts == b.passouts == 1 and a.hands != b.hands


def brute_force(view: SuecaView) -> list[tuple[int, ...]]:
    """Every consistent deal of the unseen cards (for small positions)."""
    seat = view.seat
    played = {card for _, card, _ in plays_by_seat(view)}
    unseen = [c for c in PACK_CARDS if c not in played and not (view.hand >> c) & 1]
    others = [s for s in range(5) if s != seat]
    deals = []
    violations = checker(view)

    def fill(rest: list[int], k: int, hands: list[int]) -> None:
        if k == len(others):
            if not rest and not violations(hands):
                deals.append(tuple(hands))
            return
        for chosen in itertools.combinations(rest, view.hand_sizes[others[k]]):
            hands[others[k]] = sum(1 << c for c in chosen)
            fill([c for c in rest if c not in chosen], k + 1, hands)
        hands[others[k]] = 0

    start = [0] * 5
    start[seat] = view.hand
    fill(unseen, 0, start)
    return deals


@functools.cache
def late_views() -> list[tuple[SuecaView, list[int]]]:
    """Views of positions after six tricks with void and called-card constraints, and their true hands."""
    found = []
    for seed in range(400):
        rng = random.Random(seed)
        state = GAME.new_deal(GAME.make_rules({}), seed)
        while not state.is_over() and len(state.tricks) < 6:
            moves = state.legal_moves()
            state.apply(rng.choice([m for m in moves if m.action != 1] or moves))  # no nuls
        if state.is_over() or state.partner_revealed:
            continue
        for seat in range(5):
            if seat != state.partner:
                view = state.view(seat)
                deals = brute_force(view)
                if 20 <= len(deals) < 400 and len({d[state.declarer] for d in deals}) > 2:
                    found.append((view, list(state.hands)))
                    break
        if len(found) == 3:
            break
    return found


@pytest.mark.parametrize("case", range(3))
def test_no_leak_card_frequencies_match_the_exact_ones(case):
    """Over many samples a hidden card sits with its true owner exactly as often as the consistent
    deals imply, and every consistent deal comes up equally often."""
    view, truth = late_views()[case]
    deals = brute_force(view)
    index = {d: i for i, d in enumerate(deals)}
    rng = random.Random(case)
    n = 40 * len(deals)
    counts = Counter(index[tuple(GAME.determinize(view, rng).hands)] for _ in range(n))
    assert chisquare([counts[i] for i in range(len(deals))]).pvalue > 1e-4
    for seat in range(5):
        if seat == view.seat:
            continue
        for card in PACK_CARDS:
            if (truth[seat] >> card) & 1:
                expected = sum((d[seat] >> card) & 1 for d in deals) / len(deals)
                seen = sum(c for i, c in counts.items() if (deals[i][seat] >> card) & 1) / n
                assert abs(seen - expected) < 4.5 * (expected * (1 - expected) / n) ** 0.5 + 1e-9


@pytest.mark.parametrize("tries", [0, 1, 6])
def test_sampler_is_uniform_under_heavy_constraints(tries):
    """The exact sampler alone (tries=0) and mixed with rejection: uniform over every allowed deal."""
    pack = list(PACK_CARDS)
    cards = pack[:9]  # A♠ A♥ A♦ A♣ 2♠ 2♥ 2♦ 2♣ 3♠
    unseen = sum(1 << c for c in cards)
    needs = [0, 3, 3, 3, 0]
    spades = sum(1 << c for c in cards if SUIT[c] == 0)
    banned = [0, spades, 1 << pack[1], 0, 0]  # seat 1 void in spades, seat 2 may not hold A♥
    allowed = []
    for a in itertools.combinations(cards, 3):
        rest = [c for c in cards if c not in a]
        for b in itertools.combinations(rest, 3):
            hands = [0, sum(1 << c for c in a), sum(1 << c for c in b), 0, 0]
            hands[3] = unseen ^ hands[1] ^ hands[2]
            if all(not hands[s] & banned[s] for s in range(5)):
                allowed.append(tuple(hands))
    index = {h: i for i, h in enumerate(allowed)}
    rng = random.Random(tries)
    counts = Counter(
        index[tuple(sample_hands(unseen, needs, banned, rng, tries))] for _ in range(30 * len(allowed))
    )
    assert len(counts) == len(allowed)
    assert chisquare([counts[i] for i in range(len(allowed))]).pvalue > 1e-4


def test_inconsistent_constraints_are_refused():
    cards = list(PACK_CARDS)[:4]
    banned = [0, sum(1 << c for c in cards), 0, 0, 0]
    with pytest.raises(ValueError, match="consistent"):
        sample_hands(sum(1 << c for c in cards), [0, 2, 2, 0, 0], banned, random.Random(0), tries=0)
    with pytest.raises(ValueError, match="unseen"):
        sample_hands(sum(1 << c for c in cards), [0, 2, 1, 0, 0], [0] * 5, random.Random(0))
