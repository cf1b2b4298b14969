"""Sweep rule options, variants, and the worked examples E1-E8 of sweep.md §11."""

from __future__ import annotations

import random

import pytest

from simulator.cards import mask_of, parse_card, parse_cards
from simulator.games.base import RulesError
from simulator.games.sweep import CAPTURE, GAME, TRAIL, SweepMove, SweepState, make_rules
from tests.games.sweep.helpers import state_at


def C(text: str) -> list[int]:
    return parse_cards(text)


def captures(state: SweepState, card: str) -> set[frozenset[str]]:
    """Captured sets (as card strings) of the legal captures with ``card``."""
    from simulator.cards import mask_strs

    c = parse_card(card)
    return {frozenset(mask_strs(m.mask)) for m in state.legal_moves() if m.card == c and m.action == CAPTURE}


def position(table: str, hand: str, n: int = 2, **kw) -> SweepState:
    rules = make_rules({"num_players": n, **kw})
    hands = [C(hand)] + [[] for _ in range(n - 1)]
    return state_at(rules, hands, C(table), current_player=0)


# -- options and variants -----------------------------------------------------------------


def test_defaults() -> None:
    r = make_rules({})
    assert r.num_players == 4 and r.teams and r.sides == ((0, 2), (1, 3))
    assert r.target_score == 10 and r.sweep_bonus and not r.builds
    assert r.deal_mode == "four_card_rounds" and r.face_card_redeal == "replace_face_cards"
    assert r.simultaneous_target_rule == "higher_score_wins_else_extra_round"
    assert r.last_play_sweep_counts and not r.ace_of_spades_sweep_double
    assert set(r.options()) == {
        "num_players",
        "teams",
        "target_score",
        "sweep_bonus",
        "builds",
        "deal_mode",
        "ace_of_spades_sweep_double",
        "last_play_sweep_counts",
        "face_card_redeal",
        "simultaneous_target_rule",
    }


@pytest.mark.parametrize("n", [2, 3])
def test_teams_default_off_below_four(n: int) -> None:
    r = make_rules({"num_players": n})
    assert not r.teams and r.sides == tuple((s,) for s in range(n))


def test_four_players_without_teams() -> None:
    r = make_rules({"num_players": 4, "teams": False})
    assert r.sides == ((0,), (1,), (2,), (3,))


@pytest.mark.parametrize(
    ("options", "key"),
    [
        ({"num_players": 2, "teams": True}, "teams"),
        ({"num_players": 3, "teams": True}, "teams"),
        ({"num_players": 5}, "num_players"),
        ({"num_players": "4"}, "num_players"),
        ({"num_players": True}, "num_players"),
        ({"target_score": 0}, "target_score"),
        ({"target_score": 1.5}, "target_score"),
        ({"target_score": 1001}, "target_score"),
        ({"target_score": 10**30}, "target_score"),
        ({"sweep_bonus": "yes"}, "sweep_bonus"),
        ({"builds": 1}, "builds"),
        ({"deal_mode": "six"}, "deal_mode"),
        ({"face_card_redeal": "x"}, "face_card_redeal"),
        ({"simultaneous_target_rule": "x"}, "simultaneous_target_rule"),
        ({"scoring": "thirty"}, "scoring"),
    ],
)
def test_bad_options(options: dict, key: str) -> None:
    with pytest.raises(RulesError) as err:
        make_rules(options)
    assert err.value.key == key


def test_the_largest_target_is_a_rule() -> None:
    assert make_rules({"target_score": 1000}).target_score == 1000


def test_variants() -> None:
    assert set(GAME.variants) == {
        "standard",
        "team_play",
        "no_sweep_bonus",
        "build_sweep",
        "eight_card_deal",
        "double_ace_of_spades",
    }
    assert "indian_seep" not in GAME.variants
    assert GAME.variants["standard"] == {}
    assert set(GAME.variant_docs) == set(GAME.variants)
    assert make_rules(GAME.variants["no_sweep_bonus"]).sweep_bonus is False
    assert make_rules(GAME.variants["build_sweep"]).builds is True
    assert make_rules(GAME.variants["eight_card_deal"]).deal_mode == "eight_card_single"
    assert make_rules(GAME.variants["double_ace_of_spades"]).ace_of_spades_sweep_double is True
    assert make_rules(GAME.variants["team_play"]).teams is True


def test_rules_hash_stable_and_distinct() -> None:
    assert make_rules({}).rules_hash == make_rules({"num_players": 4, "teams": True}).rules_hash
    assert make_rules({}).rules_hash != make_rules({"sweep_bonus": False}).rules_hash


# -- worked examples ------------------------------------------------------------------------


def test_e1_match_and_sum_groups() -> None:
    st = position("9S 6H 3D 5C", "9C")
    assert captures(st, "9C") == {frozenset({"9S"}), frozenset({"6H", "3D"}), frozenset({"9S", "6H", "3D"})}
    assert SweepMove(TRAIL, parse_card("9C")) in st.legal_moves()


def test_e2_match_is_all_or_nothing() -> None:
    st = position("KS KH 4D", "KD")
    assert captures(st, "KD") == {frozenset({"KS", "KH"})}
    assert SweepMove(TRAIL, parse_card("KD")) in st.legal_moves()


def test_e3_face_cards_never_sum() -> None:
    st = position("10C 3H", "KS")
    assert list(st.legal_moves()) == [SweepMove(TRAIL, parse_card("KS"))]


def test_e4_match_plus_group() -> None:
    st = position("2C 3D 5H 4S", "5S")
    assert captures(st, "5S") == {frozenset({"5H"}), frozenset({"2C", "3D"}), frozenset({"5H", "2C", "3D"})}


def test_e5_sweep() -> None:
    rules = make_rules({"num_players": 2})
    st = state_at(rules, [C("9C 2D"), C("3S")], C("6H 3D"), current_player=0)
    st.apply(SweepMove(CAPTURE, parse_card("9C"), 0, mask_of(C("6H 3D"))))
    assert st.sweeps == [1, 0] and st.table == 0 and st.last_capturer == 0


def test_e6_three_player_majorities() -> None:
    rules = make_rules({"num_players": 3})
    st = state_at(rules, [[], [], []], [], current_player=0)
    deck = list(range(52))
    spades = [c for c in deck if c % 4 == 0]
    others = [c for c in deck if c % 4 != 0]
    # 20 / 18 / 14 cards with 5 / 5 / 3 spades
    sizes, sp = (20, 18, 14), (5, 5, 3)
    piles = []
    for size, k in zip(sizes, sp, strict=True):
        pile = spades[:k] + others[: size - k]
        del spades[:k], others[: size - k]
        piles.append(mask_of(pile))
    st.piles = piles
    st._end_round()
    rows = st.side_rows()
    assert [r["cards"] for r in rows] == [20, 18, 14]
    assert [r["cards_points"] for r in rows] == [1, 0, 0]
    assert [r["spades_points"] for r in rows] == [0, 0, 0]


def test_e8_three_players_four_deals() -> None:
    rules = make_rules({"num_players": 3})
    log: list[dict] = []
    st = GAME.new_deal(rules, 7, log=log)
    rng = random.Random(0)
    plays = 0
    while st.current_player() >= 0:
        st.apply(rng.choice(st.legal_moves()))
        plays += 1
    assert plays == 48
    assert sum(e["type"] == "redeal" for e in log) == 3  # 4 deals in all
    assert st.stock == []
