"""The greedy Seep strategy: legal choices, the highest bid, the richest capture, the cheapest throw."""

from __future__ import annotations

import random

import pytest

from simulator.cards import parse_card
from simulator.games.seep import BID, CAPTURE, GAME, HOUSE, THROW
from strategies.greedy.seep import choose
from tests.games.seep.helpers import at, m

STD = GAME.make_rules({})


def test_greedy_plays_legal_moves_and_beats_random() -> None:
    totals = [0, 0]
    for seed in range(40):
        s = GAME.new_deal(STD, seed)
        rng = random.Random(seed)
        while (p := s.current_player()) >= 0:
            moves = s.legal_moves()
            mv = choose(s.view(p), moves, rng) if p % 2 == 0 else rng.choice(moves)
            assert mv in moves
            if moves[0].action == 0 and p % 2 == 0:
                assert mv.value == max(x.value for x in moves)
            s.apply(mv)
        pts = s.side_points()
        totals[0] += pts[0]
        totals[1] += pts[1]
    assert totals[0] > totals[1]


def test_greedy_takes_the_richest_capture_with_sweep() -> None:
    # 10D captures 10S (10 points) or 4S+6H (4 points); no other option sweeps
    hands = [m("10D 2C"), 0, 0, 0]
    s = at(STD, hands, m("10S 4S 6H"), turn=0, plays=5)
    mv = choose(s.view(0), s.legal_moves(), random.Random(0))
    assert mv.action == CAPTURE and mv.card == parse_card("10D")


def test_greedy_throws_the_cheapest_card() -> None:
    hands = [m("KS 2H 7C"), 0, 0, 0]
    s = at(STD, hands, m("AH"), turn=0, plays=5)
    mv = choose(s.view(0), s.legal_moves(), random.Random(0))
    assert mv.action == THROW and mv.card == parse_card("2H")


def test_an_owner_with_a_single_card_of_the_house_captures_it() -> None:
    # the owner's single 10 can neither be thrown nor built with (retention): it captures its house
    s = at(STD, [m("10C"), 0, 0, 0], 0, [(10, m("6H 4D"), (0,))], turn=0, plays=5)
    moves = list(s.legal_moves())
    assert {x.action for x in moves} == {CAPTURE}
    assert choose(s.view(0), moves, random.Random(0)) == moves[0]


@pytest.mark.parametrize("variant", sorted(GAME.variants))
def test_every_play_offers_a_capture_or_a_throw(variant: str) -> None:
    """Why greedy needs no house fallback: with house moves around, a capture or a throw is still legal."""
    rules = GAME.make_rules(GAME.variants[variant])
    with_houses = 0
    for seed in range(12):
        s = GAME.new_deal(rules, seed)
        rng = random.Random(seed)
        while (p := s.current_player()) >= 0:
            moves = list(s.legal_moves())
            if moves[0].action != BID:
                actions = {x.action for x in moves}
                assert actions & {CAPTURE, THROW}
                with_houses += HOUSE in actions
                assert choose(s.view(p), moves, rng) in moves
            s.apply(rng.choice(moves))
    assert with_houses
