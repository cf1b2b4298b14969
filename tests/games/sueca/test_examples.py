"""Worked examples U1-U9 of docs/rules/sueca.md §11, plus the rule options of §0."""

from __future__ import annotations

import random

import pytest

from simulator.cards import mask_of, parse_card, parse_cards
from simulator.games.base import RulesError
from simulator.games.sueca import (
    BIDS,
    CALL_CARDS,
    GAME,
    NULS_MOVE,
    PASS_MOVE,
    PLAY,
    PLAYS,
    TRUMPS,
    IllegalMove,
    SuecaPosition,
    SuecaState,
    parse_move,
)
from simulator.games.sueca.match import SuecaMatch
from simulator.games.sueca.moves import call_of
from simulator.games.sueca.scoring import hand_scores, score_value

STANDARD = GAME.make_rules({})
HEARTS, SPADES = 1, 0

# A deal used by several examples (dealer 0, so the auction order is 1, 2, 3, 4, 0).
EXAMPLE_HANDS = [
    "AS 7S KS JS QS 6S 5S 2C",
    "2S 3S 4S 2H 3H 2D 3D AC",
    "AH 7H KH JH QH 6H 5H 4H",
    "AD 7D KD JD QD 6D 5D 4D",
    "7C KC JC QC 6C 5C 4C 3C",
]


def deal(hands: list[str], rules=STANDARD, dealer: int = 0) -> SuecaState:
    masks = tuple(mask_of(parse_cards(h)) for h in hands)
    return SuecaState.from_position(SuecaPosition(hands=masks, rules=rules, dealer=dealer))


def calls(state: SuecaState, *sequence: str | int) -> None:
    for call in sequence:
        state.apply(parse_move(call if isinstance(call, str) else f"bid {call}"))


def play(state: SuecaState, *cards: str) -> None:
    for text in cards:
        state.apply(PLAYS[parse_card(text)])


def run_random(state: SuecaState, rng: random.Random) -> None:
    while state.current_player() >= 0:
        state.apply(rng.choice(state.legal_moves()))


def test_u1_failed_bid_80_defenders_score_2_each():
    assert hand_scores("points", 1, 3, 80, 70, 0, "bid") == (False, [2, 0, 2, 0, 2])
    # the same through a real hand: seat 1 bids 80, random play until the team takes exactly 70
    for seed in range(2000):
        state = GAME.new_deal(STANDARD, seed, dealer=0)
        calls(state, 80, "pass", "pass", "pass", "pass")
        run_random(state, random.Random(seed))
        if state.team_points == 70:
            break
    else:  # pragma: no cover
        pytest.fail("no hand with 70 team points found")
    defenders = [s for s in range(5) if s not in (1, state.partner)]
    assert sum(state.points_won[s] for s in defenders) == 50
    assert state.made is False
    assert [state.side_points()[s] for s in defenders] == [2, 2, 2]
    assert state.side_points()[1] == state.side_points()[state.partner] == 0


def test_u2_bid_95_made_with_100():
    assert hand_scores("points", 0, 4, 95, 100, 0, "bid") == (True, [4, 0, 0, 0, 4])
    assert hand_scores("points", 0, 4, 95, 100, 0, "made_if_bidder_wins") == (True, [4, 0, 0, 0, 4])


def test_u3_bid_61_made_with_88_both_indexes():
    assert hand_scores("points", 2, 0, 61, 88, 0, "bid") == (True, [1, 0, 1, 0, 0])
    assert hand_scores("points", 2, 0, 61, 88, 0, "made_if_bidder_wins") == (True, [3, 0, 3, 0, 0])


def test_u4_bid_120_failed_with_118():
    assert hand_scores("points", 3, 1, 120, 118, 0, "bid") == (False, [6, 0, 6, 0, 6])
    assert hand_scores("points", 3, 1, 120, 118, 0, "made_if_bidder_wins") == (False, [6, 0, 6, 0, 6])


def test_score_table_bands():
    expected = {61: 1, 70: 1, 71: 2, 80: 2, 81: 3, 90: 3, 91: 4, 100: 4, 101: 5, 119: 5, 120: 6}
    assert {x: score_value(x) for x in expected} == expected


@pytest.mark.parametrize("seed", range(5))
def test_u5_nuls_declarer_takes_no_trick(seed):
    # seat 1 holds the four 2s and four 3s: every other player's card of a suit beats them
    hands = [
        "AS 7S KS JS QS 6S 5S 4S",
        "2S 2H 2D 2C 3S 3H 3D 3C",
        "AH 7H KH JH QH 6H 5H 4H",
        "AD 7D KD JD QD 6D 5D 4D",
        "AC 7C KC JC QC 6C 5C 4C",
    ]
    state = deal(hands)
    calls(state, "nuls")
    assert state.kind == "nuls" and state.declarer == 1
    run_random(state, random.Random(seed))
    assert state.tricks_won[1] == 0 and len(state.tricks) == 8
    assert state.made is True
    assert state.side_points() == [0, 6, 0, 0, 0]


def test_u5_nuls_declarer_wins_trick_3_stops_the_hand():
    state = deal(EXAMPLE_HANDS)
    calls(state, "nuls")
    play(state, "2S", "4H", "4D", "3C", "AS")  # trick 1: seat 0
    play(state, "5S", "3S", "5H", "5D", "4C")  # trick 2: seat 0
    play(state, "2C", "AC", "6H", "6D", "7C")  # trick 3: the declarer must play his only club, AC
    assert [t[2] for t in state.tricks] == [0, 0, 1]
    assert state.is_over() and state.current_player() == -1
    assert state.made is False
    assert state.side_points() == [6, 0, 6, 6, 6]


def test_u6_pass_then_nuls_ends_the_auction():
    state = deal(EXAMPLE_HANDS)
    calls(state, "pass", "nuls")
    assert state.kind == "nuls" and state.declarer == 2
    assert state.current_player() == 2 and state.legal_moves()[0].action == PLAY


def test_u6_nuls_over_65_is_illegal():
    state = deal(EXAMPLE_HANDS)
    calls(state, 65)
    assert NULS_MOVE not in state.legal_moves()
    with pytest.raises(IllegalMove):
        state.apply(NULS_MOVE)


def test_u6_nuls_over_120_is_legal():
    state = deal(EXAMPLE_HANDS)
    calls(state, 65, 120)
    assert NULS_MOVE in state.legal_moves()
    calls(state, "nuls")
    assert state.kind == "nuls" and state.declarer == 3 and state.current_player() == 3


def test_u6_65_then_four_passes():
    state = deal(EXAMPLE_HANDS)
    calls(state, 65, "pass", "pass", "pass", "pass")
    assert state.kind == "points" and state.declarer == 1 and state.bid == 65
    assert state.legal_moves() == tuple(TRUMPS[s] for s in range(4))


def test_lowest_opening_nuls_is_superseded_by_a_bid():
    rules = GAME.make_rules(GAME.variants["nuls_lowest_opening"])
    state = deal(EXAMPLE_HANDS, rules)
    calls(state, "nuls")  # seat 1: provisional
    assert state.current_player() == 2
    assert BIDS[61] in state.legal_moves() and NULS_MOVE not in state.legal_moves()
    calls(state, 65, "pass", "pass", "pass")  # seat 1 still speaks
    assert state.current_player() == 1
    calls(state, "pass")
    assert state.kind == "points" and state.declarer == 2 and state.bid == 65
    state = deal(EXAMPLE_HANDS, rules)
    calls(state, "nuls", "pass", "pass", "pass", "pass")
    assert state.kind == "nuls" and state.declarer == 1


def test_lowest_opening_nuls_over_120_ends_the_auction():
    rules = GAME.make_rules(GAME.variants["nuls_lowest_opening"])
    state = deal(EXAMPLE_HANDS, rules)
    calls(state, 120, "nuls")
    assert state.kind == "nuls" and state.declarer == 2


def test_bid_step():
    state = deal(EXAMPLE_HANDS, GAME.make_rules({"bid_step": 5}))
    assert [call_of(m) for m in state.legal_moves()][:3] == ["pass", "nuls", 61]
    calls(state, 70)
    assert [call_of(m) for m in state.legal_moves()] == ["pass", *range(75, 121)]


def _u7_state(rules):
    hands = ["2S 3S 4S 5S 6S QS JS KS", "AH KH QH JH 6H AS 7S 3H", *EXAMPLE_HANDS[2:]]
    hands[2] = "7H 5H 4H 2H AC 7C KC JC"
    hands[3] = "AD 7D KD JD QD 6D 5D 4D"
    hands[4] = "2D 3D 2C 3C 4C 5C 6C QC"
    state = deal(hands, rules)
    calls(state, 70, "pass", "pass", "pass", "pass")
    state.apply(TRUMPS[HEARTS])
    return state


def test_u7_called_card_any_not_held():
    state = _u7_state(STANDARD)
    moves = state.legal_moves()
    assert CALL_CARDS[parse_card("AH")] not in moves
    assert CALL_CARDS[parse_card("7H")] in moves and CALL_CARDS[parse_card("2C")] in moves
    assert len(moves) == 32
    with pytest.raises(IllegalMove):
        state.apply(CALL_CARDS[parse_card("AH")])
    state.apply(CALL_CARDS[parse_card("7H")])
    assert state.partner == 2


def test_u7_called_card_trump_suit_only():
    state = _u7_state(GAME.make_rules({"called_card_rule": "trump_suit_only"}))
    moves = state.legal_moves()
    assert CALL_CARDS[parse_card("7H")] in moves and CALL_CARDS[parse_card("2C")] not in moves
    assert {m.card & 3 for m in moves} == {HEARTS} and len(moves) == 4  # 7H 5H 4H 2H
    with pytest.raises(IllegalMove):
        state.apply(CALL_CARDS[parse_card("2C")])


class _Hand:
    """A finished hand stub feeding chosen scores to SuecaMatch.finish_deal."""

    def __init__(self, scores, dealer=0):
        self.scores, self.hand_dealer = scores, dealer

    def is_over(self):
        return True

    def side_points(self):
        return list(self.scores)

    def score_event(self, totals):
        return {"type": "score", "totals": list(totals)}


def test_u8_target_10_sole_leader_wins():
    match = SuecaMatch(STANDARD, lambda k: k)
    match.finish_deal(_Hand([10, 9, 4, 4, 0]))
    assert match.over and match.winners() == [0]
    match = SuecaMatch(STANDARD, lambda k: k)
    match.finish_deal(_Hand([11, 11, 3, 0, 2]))
    assert not match.over
    match.finish_deal(_Hand([0, 1, 0, 0, 0]))
    assert match.over and match.winners() == [1] and match.rounds == 2


@pytest.mark.parametrize(("tie", "winners"), [("extra_hand", None), ("shared", [1, 3])])
def test_fixed_hands_tie(tie, winners):
    rules = GAME.make_rules({"end_mode": "hands", "num_hands": 5, "fixed_hands_tie": tie})
    match = SuecaMatch(rules, lambda k: k)
    for _ in range(4):
        match.finish_deal(_Hand([0, 1, 0, 1, 0]))
        assert not match.over
    match.finish_deal(_Hand([1, 1, 0, 1, 0]))
    assert match.rounds == 5
    if winners:
        assert match.over and match.winners() == winners
        assert [r["match_won"] for r in match.side_rows()] == [False, True, False, True, False]
    else:
        assert not match.over
        match.finish_deal(_Hand([0, 0, 0, 2, 0]))
        assert match.over and match.winners() == [3] and match.rounds == 6


def test_target_tie_plays_on_until_sole_leader():
    match = SuecaMatch(GAME.make_rules({"target_points": 15}), lambda k: k)
    match.finish_deal(_Hand([6, 6, 0, 6, 0]))
    match.finish_deal(_Hand([6, 6, 0, 6, 0]))  # 12 each: below target
    match.finish_deal(_Hand([4, 4, 4, 0, 0]))  # 16, 16: tie at the top
    assert not match.over
    match.finish_deal(_Hand([0, 0, 6, 6, 6]))  # 16, 16, 10, 18: seat 3 alone
    assert match.over and match.winners() == [3]


def test_u9_follow_suit_without_obligation_to_trump():
    hands = [
        "AS 7S KS JS QS 6S 5S 2C",
        "2S 3S 4S 2H 3H 2D 3D AC",
        "AH 7H KH JH QH 6H 5H 4H",
        "AD 7D KD JD QD 6D 5D 4D",
        "7C KC JC QC 6C 5C 4C 3C",
    ]
    state = deal(hands, dealer=1)  # auction from seat 2
    calls(state, 61, "pass", "pass", "pass", "pass")
    state.apply(TRUMPS[SPADES])
    state.apply(CALL_CARDS[parse_card("AD")])
    play(state, "AH")  # seat 2 leads hearts
    # seat 3 has no heart: any card
    assert {m.card for m in state.legal_moves()} == set(parse_cards(hands[3]))
    play(state, "4D", "3C")  # seat 4 no heart either
    # seat 0 holds no heart: it may discard a spade (trump) or a club
    assert {m.card for m in state.legal_moves()} == set(parse_cards(hands[0]))
    play(state, "2C")
    # seat 1 holds hearts and trumps (spades): must play a heart
    assert {m.card for m in state.legal_moves()} == set(parse_cards("2H 3H"))
    with pytest.raises(IllegalMove):
        play(state, "2S")


def test_rules_options():
    assert GAME.make_rules({}).options() == {
        "num_players": 5,
        "end_mode": "target",
        "target_points": 10,
        "num_hands": None,
        "nuls_rank": "top",
        "score_index": "bid",
        "passout_redeal_dealer": "same",
        "fixed_hands_tie": "extra_hand",
        "called_card_rule": "any_not_held",
        "bid_step": 1,
    }
    assert GAME.make_rules({"end_mode": "hands"}).num_hands == 10
    assert GAME.make_rules({"end_mode": "hands"}).target_points is None
    hashes = {GAME.make_rules(v).rules_hash for v in GAME.variants.values()}
    assert len(hashes) == len(GAME.variants)
    assert set(GAME.variants) == set(GAME.variant_docs)
    assert GAME.variants["standard"] == {}


@pytest.mark.parametrize(
    ("options", "key"),
    [
        ({"num_players": 4}, "num_players"),
        ({"colour": 1}, "colour"),
        ({"target_points": 12}, "target_points"),
        ({"target_points": True}, "target_points"),
        ({"end_mode": "hands", "num_hands": 7}, "num_hands"),
        ({"end_mode": "hands", "target_points": 10}, "target_points"),
        ({"num_hands": 10}, "num_hands"),
        ({"nuls_rank": "bottom"}, "nuls_rank"),
        ({"bid_step": 0}, "bid_step"),
        ({"bid_step": "2"}, "bid_step"),
        ({"called_card_rule": None}, "called_card_rule"),
    ],
)
def test_rules_errors(options, key):
    with pytest.raises(RulesError) as err:
        GAME.make_rules(options)
    assert err.value.key == key


def test_test_constructor_checks_the_hands_and_move_text():
    with pytest.raises(ValueError):
        deal(["AS 2S"] * 5)
    with pytest.raises(ValueError):
        deal([*EXAMPLE_HANDS[:4], "7C KC JC QC 6C 5C 4C AS"])  # AS twice, 3C missing
    state = deal(EXAMPLE_HANDS)
    texts = [state.move_text(m) for m in (PASS_MOVE, NULS_MOVE, BIDS[75], TRUMPS[1], PLAYS[parse_card("QH")])]
    assert texts == ["pass", "nuls", "bid 75", "trump H", "play Q♥"]
    assert state.move_text(CALL_CARDS[parse_card("AD")]) == "call A♦"
