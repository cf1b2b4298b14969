"""Whole seeded deals in every variant: invariants after every move, scoring bounds, views, determinism."""

from __future__ import annotations

import dataclasses
import random

import pytest

from simulator.cards import RANK, RANK_MASK
from simulator.games.base import DealState, Game, RulesError
from simulator.games.seep import BID, GAME, SeepState
from simulator.games.seep.movegen import play_moves
from simulator.games.seep.state import HIGH_MASK

DEALS_PER_VARIANT = 25


def val(c: int) -> int:
    return RANK[c]


def check_state(s: SeepState) -> None:
    """Every card in exactly one place, and I1-I5 (§4.2)."""
    places = [s.loose, *s.hands, *s.piles, *(s.hcards[v] for v in range(9, 14))]
    stock = 0
    for x in s.stock:
        stock |= 1 << x
    places.append(stock)
    seen = 0
    for m in places:
        assert not seen & m, "a card is in two places"
        seen |= m
    if s.n == 3 and s.rules.three_player_hand_size == 12:
        assert seen.bit_count() == 52 - 12 or s.plays == 0
    else:
        assert seen == (1 << 52) - 1
    for v in range(9, 14):
        if s.hmask >> v & 1:
            assert s.hcards[v].bit_count() >= 2
            assert s.hsum[v] % v == 0
            assert not s.loose & RANK_MASK[v]  # I2
            assert s.howners[v]  # I3
            if s.rules.owner_must_retain:
                for o in range(s.n):
                    if s.howners[v] >> o & 1:
                        assert s.hands[o] & RANK_MASK[v], "I4: an owner lost the house's value"
        else:
            assert not s.hcards[v]
    assert not s.hmask & 0x1FF  # I5


def play(rules, seed: int, log: list | None = None, check: bool = False) -> SeepState:
    rng = random.Random(seed)
    s = GAME.new_deal(rules, seed, log=log)
    while s.current_player() >= 0:
        if check:
            check_state(s)
        moves = s.legal_moves()
        assert moves and len(set(moves)) == len(moves)
        s.apply(rng.choice(moves))
    return s


@pytest.mark.parametrize("variant", sorted(GAME.variants))
def test_invariants_and_card_points(variant: str) -> None:
    rules = GAME.make_rules(GAME.variants[variant])
    for seed in range(DEALS_PER_VARIANT):
        s = play(rules, seed, check=True)
        assert s.is_over() and s.current_player() == -1
        assert not any(s.hands)
        assert not s.loose and not s.hmask
        cp = s.card_points()
        all_played = rules.total_plays == 48 and not (
            rules.num_players == 3 and rules.three_player_hand_size == 12
        )
        if all_played and s.last_capturer >= 0:
            assert sum(p.bit_count() for p in s.piles) == 52
            if rules.scoring == "hundred":
                assert sum(cp) == 100
            elif rules.thirty_majority == "spades" and rules.num_players != 3:
                assert sum(cp) == 30
            else:
                assert sum(cp) in (26, 30)
        assert all(p >= 0 for p in cp)
        rows = s.side_rows()
        assert len(rows) == len(rules.sides)
        for row in rows:
            assert set(row) == set(GAME.side_columns)
            for key, kind in GAME.side_columns.items():
                assert type(row[key]).__name__ == kind
        assert sum(r["bidder_side"] for r in rows) == 1
        assert len({r["bid"] for r in rows}) == 1 and 9 <= rows[0]["bid"] <= 13
        assert s.side_points() == [r["card_points"] + r["sweep_points"] for r in rows]


def test_thirty_cards_majority_and_three_player_totals() -> None:
    for opts in ({"scoring": "thirty", "thirty_majority": "cards"}, {"scoring": "thirty", "num_players": 3}):
        rules = GAME.make_rules(opts)
        for seed in range(10):
            assert sum(play(rules, seed).card_points()) in (26, 30)


def test_no_house_left_when_owners_must_retain() -> None:
    rules = GAME.make_rules({})
    for seed in range(40):
        log: list[dict] = []
        play(rules, seed, log)
        floor_before_leftover = [e for e in log if e["type"] == "move"][-1]["floor"]
        assert all(isinstance(x, str) for x in floor_before_leftover)


def test_void_deal_redealt_by_same_dealer() -> None:
    rules = GAME.make_rules({})
    found = 0
    for seed in range(400):
        log: list[dict] = []
        s = GAME.new_deal(rules, seed, log=log)
        voids = [e for e in log if e["type"] == "void_deal"]
        assert s.hands[s.bidder] & HIGH_MASK
        assert s.bidder == (s.dealer + 1) % 4
        if voids:
            found += 1
            assert [e["type"] for e in log] == ["dealt", "void_deal"] * len(voids) + ["dealt"]
            assert all(e["seat"] == s.bidder for e in voids)
    assert found > 0


def test_bid_moves() -> None:
    rules = GAME.make_rules({})
    for seed in range(50):
        s = GAME.new_deal(rules, seed)
        moves = s.legal_moves()
        assert all(m.action == BID for m in moves)
        held = sorted({val(c) for c in range(52) if s.hands[s.bidder] >> c & 1 and val(c) >= 9})
        assert [m.value for m in moves] == held
        assert s.current_player() == s.bidder


def test_floor_visible_bid_condition() -> None:
    rules = GAME.make_rules({"floor_visible_at_bid": True})
    for seed in range(80):
        s = GAME.new_deal(rules, seed)
        held = sorted({val(c) for c in range(52) if s.hands[s.bidder] >> c & 1 and val(c) >= 9})
        hand = s.hands[s.bidder]
        assert not s.hmask  # no house before the first play
        plays = {v: play_moves(hand, s.loose, 0, 0, 0, 0, s.cementing, s.retain, v) for v in held}
        good = [v for v in held if any(m.action not in (BID, 4) for m in plays[v])]
        assert [m.value for m in s.legal_moves()] == (good or held)
        assert s.view(s.bidder).loose == s.loose  # the floor is visible at the bid


def test_opening_play_is_restricted() -> None:
    rules = GAME.make_rules({})
    for seed in range(60):
        s = GAME.new_deal(rules, seed)
        s.apply(random.Random(seed).choice(s.legal_moves()))
        bid = s.bid
        for m in s.legal_moves():
            if m.action == 2:
                assert m.value == bid
            else:
                assert val(m.card) == bid and m.action in (1, 4)


def test_hand_sizes_by_player_count() -> None:
    for opts, sizes in (
        ({}, [12, 12, 12, 12]),
        ({"num_players": 2}, [12, 12]),
        ({"num_players": 3}, [16, 16, 16]),
        ({"num_players": 3, "three_player_hand_size": 12}, [12, 12, 12]),
    ):
        rules = GAME.make_rules(opts)
        s = GAME.new_deal(rules, 7)
        s.apply(s.legal_moves()[0])
        s.apply(s.legal_moves()[0])
        dealt = [h.bit_count() for h in s.hands]
        dealt[s.bidder] += 1
        assert dealt == sizes
        assert not s.stock or (rules.num_players == 2 and len(s.stock) == 24) or len(s.stock) == 12


def test_view_hides_other_hands() -> None:
    rules = GAME.make_rules({})
    s = GAME.new_deal(rules, 3)
    v0 = s.view(s.bidder)
    assert v0.loose == 0 and not v0.floor_visible  # floor face down before the bid
    rng = random.Random(3)
    while s.current_player() >= 0:
        for seat in range(4):
            view = s.view(seat)
            assert view.game == "seep" and view.seat == seat
            assert view.hand == s.hands[seat]
            values = [getattr(view, f.name) for f in dataclasses.fields(view)]
            assert not any(isinstance(x, SeepState) for x in values)
            for other in range(4):
                if other != seat and s.hands[other]:
                    assert s.hands[other] not in values
        s.apply(rng.choice(s.legal_moves()))


def test_determinism() -> None:
    rules = GAME.make_rules({})
    for seed in (1, 99, 12345):
        a: list[dict] = []
        b: list[dict] = []
        play(rules, seed, a)
        play(rules, seed, b)
        assert a == b
    s1 = GAME.new_deal(rules, 5, dealer=2)
    assert s1.dealer == 2 and s1.bidder == 3


def test_protocols() -> None:
    assert isinstance(GAME, Game)
    assert isinstance(GAME.new_deal(GAME.make_rules({}), 1), DealState)
    assert GAME.variants["standard"] == {}
    for name, opts in GAME.variants.items():
        assert name in GAME.variant_docs
        GAME.make_rules(opts)


def test_make_rules_defaults_and_errors() -> None:
    r = GAME.make_rules({})
    assert (r.num_players, r.baazi_target, r.under9_rule, r.sides) == (4, 100, True, ((0, 2), (1, 3)))
    assert GAME.make_rules({"num_players": 3}).under9_rule is False
    assert GAME.make_rules({"num_players": 3, "under9_rule": True}).under9_rule is True
    t = GAME.make_rules({"scoring": "thirty"})
    assert (t.baazi_target, t.under9_rule) == (30, False)
    assert GAME.make_rules({"num_players": 2}).sides == ((0,), (1,))
    for bad in (
        {"colour": 1},
        {"num_players": 5},
        {"num_players": "4"},
        {"scoring": "fifty"},
        {"cementing": "yes"},
        {"baazi_target": 0},
        {"baazi_target": True},
        {"three_player_hand_size": 14},
        {"baazis_to_win_match": 0},
        {"baazis_to_win_match": 101},
        {"baazi_target": 10_001},
        {"baazi_target": 10**30},
        {"dealer_rotation": "losing_team_deals", "num_players": 2},
        {"dealer_rotation": "losing_team_deals", "num_players": 3},
        {"thirty_majority": "hearts"},
    ):
        with pytest.raises(RulesError):
            GAME.make_rules(bad)
    assert r.rules_hash != GAME.make_rules({"cementing": False}).rules_hash
    largest = GAME.make_rules({"baazi_target": 10_000, "baazis_to_win_match": 100})
    assert (largest.baazi_target, largest.baazis_to_win_match) == (10_000, 100)
