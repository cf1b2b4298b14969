"""The greedy Seep strategy: legal choices, the highest bid, the richest capture, the cheapest throw."""

from __future__ import annotations

import random

from simulator.cards import mask_of, parse_card, parse_cards
from simulator.games.seep import CAPTURE, GAME, HOUSE, THROW, SeepState
from strategies.greedy_seep import choose

STD = GAME.make_rules({})


def m(text: str) -> int:
    return mask_of(parse_cards(text))


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
    s = SeepState.from_position(STD, hands, m("10S 4S 6H"), turn=0, plays=5)
    mv = choose(s.view(0), s.legal_moves(), random.Random(0))
    assert mv.action == CAPTURE and mv.card == parse_card("10D")


def test_greedy_throws_the_cheapest_card() -> None:
    hands = [m("KS 2H 7C"), 0, 0, 0]
    s = SeepState.from_position(STD, hands, m("AH"), turn=0, plays=5)
    mv = choose(s.view(0), s.legal_moves(), random.Random(0))
    assert mv.action == THROW and mv.card == parse_card("2H")


def test_greedy_falls_back_to_a_house_move() -> None:
    # the owner's single 10 cannot be thrown while a 10-house exists: it captures;
    # with only house moves and no capture/throw the first move is taken
    hands = [m("10C"), 0, 0, 0]
    s = SeepState.from_position(STD, hands, 0, [(10, m("6H 4D"), (0,))], turn=0, plays=5)
    mv = choose(s.view(0), s.legal_moves(), random.Random(0))
    assert mv.action == CAPTURE
    assert HOUSE not in {x.action for x in s.legal_moves()}
