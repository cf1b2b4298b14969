"""Worked examples X1-X9 of seep.md §10, on hand-built positions (``SeepPosition``)."""

from __future__ import annotations

from simulator.cards import parse_card
from simulator.games.seep import BREAK, CAPTURE, GAME, HOUSE, THROW, SeepMove, SeepState
from simulator.games.seep.match import baazi_result
from tests.games.seep.helpers import at, m

STD = GAME.make_rules({})


def c(text: str) -> int:
    return parse_card(text)


def hands4(seat: int, hand: str) -> list[int]:
    hands = [0] * 4
    hands[seat] = m(hand)
    return hands


def moves_with(state: SeepState, card: str) -> set[SeepMove]:
    return {mv for mv in state.legal_moves() if mv.card == c(card)}


def test_x1_capture_completeness() -> None:
    st = at(STD, hands4(0, "JD 4S"), m("2C 3D 5H 6C"), turn=0)
    jd = moves_with(st, "JD")
    assert {mv.floor for mv in jd if mv.action == CAPTURE} == {m("2C 3D 6C"), m("5H 6C")}
    assert not any(mv.action == THROW for mv in jd)
    assert not any(mv.action == HOUSE for mv in jd)  # no K and no second J in hand
    # with a K, J + 2C makes a 13-house
    st = at(STD, hands4(0, "JD KS"), m("2C 3D 5H 6C"), turn=0)
    assert SeepMove(HOUSE, c("JD"), 13, m("2C")) in st.legal_moves()
    # with another J, J with X = {5H, 6C} makes a cemented 11-house
    st = at(STD, hands4(0, "JD JS"), m("2C 3D 5H 6C"), turn=0)
    mv = SeepMove(HOUSE, c("JD"), 11, m("5H 6C"))
    assert mv in st.legal_moves()
    st.apply(mv)
    (house,) = st.houses()
    assert (house.value, house.cards, house.owners, house.cemented) == (11, m("JD 5H 6C"), (0,), True)


def test_x2_auto_merge_on_build() -> None:
    st = at(STD, hands4(0, "6S 10C 2H"), m("4C 10H 7D"), turn=0)
    assert SeepMove(HOUSE, c("6S"), 10, m("4C")) not in st.legal_moves()  # the loose 10H must be absorbed
    mv = SeepMove(HOUSE, c("6S"), 10, m("4C 10H"))
    assert mv in st.legal_moves()
    st.apply(mv)
    (house,) = st.houses()
    assert (house.value, house.cards, house.owners, house.cemented) == (10, m("6S 4C 10H"), (0,), True)
    assert st.loose == m("7D")
    assert st.hands[0] == m("10C 2H")


def test_x3_break() -> None:
    house9 = [(9, m("5D 4C"), (1,))]
    st = at(STD, hands4(0, "2S JH"), 0, house9, turn=0)
    mv = SeepMove(BREAK, c("2S"), 11, 0)
    assert mv in st.legal_moves()
    st.apply(mv)
    (house,) = st.houses()
    assert (house.value, house.cards, house.owners, house.cemented) == (11, m("5D 4C 2S"), (0,), False)
    # without a J the break is illegal
    st = at(STD, hands4(0, "2S 8H"), 0, house9, turn=0)
    assert not any(mv.action == BREAK for mv in st.legal_moves())
    # the mover's own house cannot be broken
    st = at(STD, hands4(0, "2S JH 9C"), 0, [(9, m("5D 4C"), (0,))], turn=0)
    assert not any(mv.action == BREAK for mv in st.legal_moves())


def test_x4_cement_partners_house_without_value() -> None:
    st = at(STD, hands4(0, "7C 2S"), m("3D"), [(10, m("6H 4D"), (2,))], turn=0)
    mv = SeepMove(HOUSE, c("7C"), 10, m("3D"))
    assert mv in st.legal_moves()
    st.apply(mv)
    (house,) = st.houses()
    assert (house.value, house.owners, house.cemented) == (10, (2,), True)
    assert house.cards == m("6H 4D 7C 3D")


def test_x5_cement_opponents_house() -> None:
    qhouse = [(12, m("7H 5D"), (1,))]
    st = at(STD, hands4(0, "QS QD"), 0, qhouse, turn=0)
    mv = SeepMove(HOUSE, c("QS"), 12, 0)
    assert mv in st.legal_moves()
    st.apply(mv)
    (house,) = st.houses()
    assert (house.value, house.owners, house.cemented) == (12, (0, 1), True)
    assert st.hands[0] == m("QD")
    # with only one Q: the cement is illegal, capturing the house is legal
    st = at(STD, hands4(0, "QS 3H"), 0, qhouse, turn=0)
    assert SeepMove(HOUSE, c("QS"), 12, 0) not in st.legal_moves()
    assert SeepMove(CAPTURE, c("QS"), 0, 0) in st.legal_moves()


def test_x6_throw_illegal_when_card_can_capture() -> None:
    st = at(STD, hands4(0, "9D 2C"), m("4H 5C"), turn=0)
    nine = moves_with(st, "9D")
    assert SeepMove(THROW, c("9D"), 0, 0) not in nine
    assert SeepMove(CAPTURE, c("9D"), 0, m("4H 5C")) in nine


def test_x7_opening() -> None:
    st = at(STD, hands4(0, "10H 7C 2D 5S"), m("3D 8C KS 4H"), turn=0, plays=0, bid=10)
    assert set(st.legal_moves()) == {
        SeepMove(HOUSE, c("7C"), 10, m("3D")),
        SeepMove(HOUSE, c("2D"), 10, m("8C")),
        SeepMove(THROW, c("10H"), 0, 0),
    }


def _sweep_after(rules, plays: int) -> list[int]:
    st = at(rules, hands4(0, "9D 2C"), m("4H 5C"), turn=0, plays=plays, bid=9)
    st.apply(SeepMove(CAPTURE, c("9D"), 0, m("4H 5C")))
    return st.sweep_pts


def test_x8_sweep_values() -> None:
    assert _sweep_after(STD, 0) == [25, 0]
    assert _sweep_after(STD, 20) == [50, 0]
    assert _sweep_after(STD, 47) == [0, 0]
    thirty = GAME.make_rules({"scoring": "thirty"})
    assert _sweep_after(thirty, 0) == [9, 0]
    assert _sweep_after(thirty, 20) == [9, 0]
    assert _sweep_after(thirty, 47) == [0, 0]


def test_x8_sweep_counts_houses() -> None:
    # a loose card is taken but a house remains: no sweep
    st = at(STD, hands4(0, "9D 2C"), m("4H 5C"), [(10, m("6H 4D"), (2,))], turn=0, plays=5)
    st.apply(SeepMove(CAPTURE, c("9D"), 0, m("4H 5C")))
    assert st.sweep_pts == [0, 0] and st.sweeps == [0, 0]


def test_x9_baazi() -> None:
    # D = +80, then 60-40: D = +100, T0 wins on lead
    assert baazi_result(STD, [60, 40], [80 + 60, 40]) == (0, "lead")
    assert baazi_result(STD, [55, 45], [80 + 55, 45]) is None
    # 95-5: T1 scored under 9, T0 wins at once whatever D is
    assert baazi_result(STD, [95, 5], [95, 5 + 90]) == (0, "under9")
    assert baazi_result(GAME.make_rules({"under9_rule": False}), [95, 5], [95, 95]) is None
    # T1 wins on a lead of -100
    assert baazi_result(STD, [20, 80], [20, 120]) == (1, "lead")
    # 50-50 leaves D unchanged
    assert baazi_result(STD, [50, 50], [80 + 50, 50]) is None


def test_three_player_baazi_needs_lead_over_every_other() -> None:
    three = GAME.make_rules({"num_players": 3})
    assert baazi_result(three, [60, 20, 20], [160, 60, 40]) == (0, "lead")
    assert baazi_result(three, [60, 20, 20], [160, 61, 40]) is None
    u9 = GAME.make_rules({"num_players": 3, "under9_rule": True})
    assert baazi_result(u9, [60, 35, 5], [60, 35, 5]) == (0, "under9")
    assert baazi_result(u9, [3, 5, 4], [3, 5, 4]) is None  # everybody under 9: rule not applied
