"""Sweep rounds: dealing, redeals, sweeps, last capture, scoring bounds, builds, replay events,
views and determinism (sweep.md §1-§10, docs/design.md §7)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from simulator.cards import FACE_MASK, RANK, card_str, mask_of, parse_card, parse_cards
from simulator.games.sweep import BUILD, CAPTURE, GAME, TRAIL, SweepMove, SweepState, SweepView, make_rules
from strategies.greedy.sweep import choose as greedy_choose
from tests.games.sweep.helpers import state_at


def C(text: str) -> list[int]:
    return parse_cards(text)


def M(text: str) -> int:
    return mask_of(parse_cards(text))


def variant_rules() -> list[tuple[str, Any]]:
    out = []
    for name, options in sorted(GAME.variants.items()):
        for n in (2, 3, 4):
            if options.get("num_players", n) == n:
                out.append((f"{name}-{n}", make_rules({**options, "num_players": n})))
    out.append(("no-teams-4", make_rules({"num_players": 4, "teams": False})))
    out.append(("whole-centre-3", make_rules({"num_players": 3, "face_card_redeal": "redeal_whole_centre"})))
    out.append(("no-last-sweep-2", make_rules({"num_players": 2, "last_play_sweep_counts": False})))
    return out


VARIANT_RULES = variant_rules()


def play_random(state: SweepState, rng: random.Random, check: bool = False) -> int:
    plays = 0
    while state.current_player() >= 0:
        moves = state.legal_moves()
        rich = [m for m in moves if m.action != TRAIL]
        state.apply(rng.choice(rich if rich and rng.random() < 0.5 else moves))
        plays += 1
        if check:
            check_invariants(state)
    return plays


def check_invariants(state: SweepState) -> None:
    where = state.card_location()  # raises if a card is in two places
    assert len(where) == 52, "a card went missing"
    for _, mask, owner in state.builds:
        assert 0 <= owner < state.rules.num_players and not mask & FACE_MASK
    for value, mask, _ in state.builds:
        assert 2 <= value <= 10 and sum(RANK[c] for c in range(52) if mask >> c & 1) == value
    sizes = [h.bit_count() for h in state.hands]
    assert max(sizes) - min(sizes) <= 1


def check_scores(state: SweepState) -> None:
    rules = state.rules
    rows = state.side_rows()
    points = state.side_points()
    assert set(rows[0]) == set(GAME.side_columns)
    for row in rows:
        for key, kind in GAME.side_columns.items():
            assert isinstance(row[key], bool if kind == "bool" else int)
    sweeps = sum(r["sweeps"] for r in rows)
    bound = 3 + (sweeps if rules.sweep_bonus else 0) + (1 if rules.ace_of_spades_sweep_double else 0)
    assert 0 <= sum(points) <= bound
    assert sum(r["cards_points"] for r in rows) <= 1 and sum(r["spades_points"] for r in rows) <= 1
    assert sum(r["ace_of_spades"] for r in rows) <= 1
    assert points == [
        r["cards_points"] + r["spades_points"] + r["ace_of_spades_points"] + r["sweep_points"] for r in rows
    ]
    in_play = 52 if rules.deal_mode == "four_card_rounds" else 8 * rules.num_players + 4
    assert sum(r["cards"] for r in rows) <= in_play
    if len(rows) == 2 and rules.deal_mode == "four_card_rounds" and state.last_capturer >= 0:
        assert sum(r["cards"] for r in rows) == 52
        assert rows[0]["cards_points"] == (rows[0]["cards"] >= 27)
        assert rows[0]["spades_points"] == (rows[0]["spades"] >= 7)


@pytest.mark.parametrize(("name", "rules"), VARIANT_RULES, ids=[n for n, _ in VARIANT_RULES])
def test_invariants_every_move(name: str, rules: Any) -> None:
    for seed in range(25):
        state = GAME.new_deal(rules, seed)
        check_invariants(state)
        plays = play_random(state, random.Random(seed), check=True)
        n = rules.num_players
        assert plays == (48 if rules.deal_mode == "four_card_rounds" else 8 * n)
        assert state.is_over() and list(state.legal_moves()) == []
        check_scores(state)


def test_deal_shape_and_turn_order() -> None:
    for n, deals in ((2, 6), (3, 4), (4, 3)):
        rules = make_rules({"num_players": n})
        log: list[dict] = []
        state = GAME.new_deal(rules, 11, log=log)
        assert state.current_player() == (state.dealer + 1) % n
        assert len(state.stock) == 48 - 4 * n and all(h.bit_count() == 4 for h in state.hands)
        assert state.table.bit_count() == 4 and (state.table & FACE_MASK).bit_count() < 3
        rng = random.Random(0)
        seats = []
        while state.current_player() >= 0:
            seats.append(state.current_player())
            state.apply(rng.choice(state.legal_moves()))
        assert seats == [(state.dealer + 1 + i) % n for i in range(48)]
        assert sum(e["type"] == "redeal" for e in log) == deals - 1


def test_dealer_given_and_drawn() -> None:
    rules = make_rules({})
    assert GAME.new_deal(rules, 5, dealer=2).dealer == 2
    dealers = {GAME.new_deal(rules, s).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}


def test_canonical_deal_order() -> None:
    """Packets of 4 go to dealer+1, dealer+2, ..., dealer, then 4 to the table."""
    rules = make_rules({"num_players": 3})
    for seed in range(30):
        st = GAME.new_deal(rules, seed, dealer=1)
        deck = list(range(52))
        rng = random.Random(seed)
        rng.shuffle(deck)
        assert st.hands[2] == mask_of(deck[0:4]) and st.hands[0] == mask_of(deck[4:8])
        assert st.hands[1] == mask_of(deck[8:12])
        if (mask_of(deck[12:16]) & FACE_MASK).bit_count() < 3:
            assert st.table == mask_of(deck[12:16]) and st.stock == deck[16:]


def _find_centre_redeal(rules: Any) -> tuple[int, list[dict], SweepState]:
    for seed in range(5000):
        log: list[dict] = []
        state = GAME.new_deal(rules, seed, log=log)
        if any(e["type"] == "centre_redeal" for e in log):
            return seed, log, state
    raise AssertionError("no centre redeal found")


@pytest.mark.parametrize("mode", ["replace_face_cards", "redeal_whole_centre"])
def test_face_card_centre_redeal(mode: str) -> None:
    rules = make_rules({"face_card_redeal": mode})
    _, log, state = _find_centre_redeal(rules)
    dealt = log[0]
    assert dealt["type"] == "dealt"
    dealt_table = set(dealt["table"])
    assert sum(RANK[parse_card(c)] > 10 for c in dealt_table) >= 3
    redeals = [e for e in log if e["type"] == "centre_redeal"]
    first = redeals[0]
    if mode == "replace_face_cards":
        assert set(first["returned"]) == {c for c in dealt_table if RANK[parse_card(c)] > 10}
    else:
        assert set(first["returned"]) == dealt_table
    assert len(first["added"]) == len(first["returned"])
    assert set(first["table"]) == (dealt_table - set(first["returned"])) | set(first["added"])
    assert redeals[-1]["table"] == [card_str(c) for c in range(52) if state.table >> c & 1]
    assert (state.table & FACE_MASK).bit_count() < 3 and state.table.bit_count() == 4
    assert [[card_str(c) for c in range(52) if h >> c & 1] for h in state.hands] == dealt["hands"]
    assert len(state.stock) == 48 - 16
    assert len(state.card_location()) == 52


def test_trail_always_legal_and_capture_optional() -> None:
    rules = make_rules({"num_players": 2})
    st = state_at(rules, [C("9C 5D"), C("2S")], C("9S 4H"), current_player=0)
    moves = st.legal_moves()
    assert SweepMove(TRAIL, parse_card("9C")) in moves and SweepMove(TRAIL, parse_card("5D")) in moves
    assert SweepMove(CAPTURE, parse_card("9C"), 0, M("9S")) in moves
    st.apply(SweepMove(TRAIL, parse_card("9C")))
    assert st.table == M("9S 4H 9C") and st.last_capturer == -1


def test_several_groups_no_maximality() -> None:
    rules = make_rules({"num_players": 2})
    st = state_at(rules, [C("10C"), []], C("AS 9H 2D 8C 3S 7H 10D"), current_player=0)
    masks = {m.mask for m in st.legal_moves() if m.action == CAPTURE}
    assert M("AS 9H 2D 8C 10D") in masks  # two groups plus the match
    assert M("AS 9H") in masks and M("2D 8C 3S 7H") in masks
    assert M("AS 9H 2D 8C 3S 7H") in masks
    assert M("10D") in masks


def test_last_capture_takes_leftovers_not_a_sweep() -> None:
    rules = make_rules({"num_players": 2})
    log: list[dict] = []
    st = state_at(rules, [C("5C"), C("JD")], C("5H 2S"), current_player=0, log=log)
    st.apply(SweepMove(CAPTURE, parse_card("5C"), 0, M("5H")))
    st.apply(SweepMove(TRAIL, parse_card("JD")))
    assert st.is_over()
    assert st.piles == [M("5C 5H 2S JD"), 0] and st.sweeps == [0, 0]
    assert log[-1] == {"type": "leftover", "seat": 0, "side": 0, "cards": ["2S", "JD"]}


def test_leftovers_to_nobody_without_capture() -> None:
    rules = make_rules({"num_players": 2})
    log: list[dict] = []
    st = state_at(rules, [C("5C"), C("JD")], C("4H 2S"), current_player=0, log=log)
    st.apply(SweepMove(TRAIL, parse_card("5C")))
    st.apply(SweepMove(TRAIL, parse_card("JD")))
    assert log[-1] == {"type": "leftover", "seat": None, "side": None, "cards": ["2S", "4H", "5C", "JD"]}
    assert st.piles == [0, 0]
    assert [r["cards_points"] for r in st.side_rows()] == [0, 0]  # 0-0 tie
    assert st.side_points() == [0, 0]


@pytest.mark.parametrize("counts", [True, False])
def test_last_play_sweep_option(counts: bool) -> None:
    rules = make_rules({"num_players": 2, "last_play_sweep_counts": counts})
    st = state_at(rules, [C("9C"), C("3S")], C("6H"), current_player=1, piles=[0, 0])
    st.apply(SweepMove(TRAIL, parse_card("3S")))
    st.apply(SweepMove(CAPTURE, parse_card("9C"), 0, M("6H 3S")))
    assert st.is_over()
    assert st.sweeps == [1 if counts else 0, 0]


def test_sweep_with_empty_stock_mid_round_and_redeal() -> None:
    rules = make_rules({"num_players": 2})
    log: list[dict] = []
    stock = C("2C 3C 4C 5C 6C 7C 8C 9C")
    st = state_at(rules, [C("9D"), C("2D")], C("9S"), stock=stock, current_player=0, dealer=1, log=log)
    st.apply(SweepMove(CAPTURE, parse_card("9D"), 0, M("9S")))
    assert log[-1]["sweep"] is True and log[-1]["table"] == []
    st.apply(SweepMove(TRAIL, parse_card("2D")))
    assert log[-1] == {"type": "redeal", "hands": [["2C", "3C", "4C", "5C"], ["6C", "7C", "8C", "9C"]]}
    assert st.current_player() == 0


def test_no_sweep_bonus_counts_sweeps_but_scores_nothing() -> None:
    rules = make_rules({"num_players": 2, "sweep_bonus": False})
    st = state_at(rules, [C("9C"), []], C("6H 3D"), current_player=0)
    st.apply(SweepMove(CAPTURE, parse_card("9C"), 0, M("6H 3D")))
    rows = st.side_rows()
    assert rows[0]["sweeps"] == 1 and rows[0]["sweep_points"] == 0


@pytest.mark.parametrize("double", [True, False])
def test_ace_of_spades_double(double: bool) -> None:
    rules = make_rules({"num_players": 2, "ace_of_spades_sweep_double": double})
    # the ace as the played card in a sweep
    st = state_at(rules, [C("AS"), []], C("AH"), current_player=0)
    st.apply(SweepMove(CAPTURE, parse_card("AS"), 0, M("AH")))
    assert st.side_rows()[0]["ace_of_spades_points"] == (2 if double else 1)
    # the ace taken in a sweep
    st = state_at(rules, [[], C("9C")], C("AS 8D"), current_player=1)
    st.apply(SweepMove(CAPTURE, parse_card("9C"), 0, M("AS 8D")))
    assert st.side_rows()[1]["ace_of_spades_points"] == (2 if double else 1)
    # the ace taken without a sweep, then in the leftovers
    st = state_at(rules, [C("9C"), C("KD")], C("AS 8D 4H"), current_player=0)
    st.apply(SweepMove(CAPTURE, parse_card("9C"), 0, M("AS 8D")))
    st.apply(SweepMove(TRAIL, parse_card("KD")))
    assert st.side_rows()[0]["ace_of_spades_points"] == 1
    st = state_at(rules, [C("4C"), C("KD")], C("AS 4H"), current_player=0)
    st.apply(SweepMove(CAPTURE, parse_card("4C"), 0, M("4H")))
    st.apply(SweepMove(TRAIL, parse_card("KD")))
    rows = st.side_rows()
    assert rows[0]["ace_of_spades"] and rows[0]["ace_of_spades_points"] == 1


def test_eight_card_deal() -> None:
    for n in (2, 3, 4):
        rules = make_rules({"num_players": n, "deal_mode": "eight_card_single"})
        log: list[dict] = []
        st = GAME.new_deal(rules, 3, log=log)
        assert all(h.bit_count() == 8 for h in st.hands) and st.stock == []
        assert st.set_aside.bit_count() == 52 - 8 * n - 4
        plays = play_random(st, random.Random(1))
        assert plays == 8 * n and not any(e["type"] == "redeal" for e in log)
        rows = st.side_rows()
        assert sum(r["cards"] for r in rows) <= 8 * n + 4
        check_scores(st)


def test_eight_card_ace_may_be_set_aside() -> None:
    rules = make_rules({"num_players": 4, "deal_mode": "eight_card_single"})
    for seed in range(200):
        st = GAME.new_deal(rules, seed)
        if st.set_aside & 1:
            play_random(st, random.Random(seed))
            assert not any(r["ace_of_spades"] for r in st.side_rows())
            assert all(r["ace_of_spades_points"] == 0 for r in st.side_rows())
            return
    raise AssertionError("A♠ never set aside")


def test_strict_majority_four_players_no_teams() -> None:
    rules = make_rules({"num_players": 4, "teams": False})
    st = state_at(rules, [[], [], [], []], [], current_player=0)
    st.piles = [M("2H 3H 4H"), M("5H 6H 7H"), M("2S 3S"), M("4S 5S 8H")]
    st._end_round()
    rows = st.side_rows()
    assert [r["cards_points"] for r in rows] == [0, 0, 0, 0]  # 3-3-2-3
    assert [r["spades_points"] for r in rows] == [0, 0, 0, 0]  # 0-0-2-2


# -- builds ---------------------------------------------------------------------------------


def test_build_needs_capture_card_and_range() -> None:
    rules = make_rules({"num_players": 2, "builds": True})
    st = state_at(rules, [C("3C 8D KS"), []], C("5H 2S 9D"), current_player=0)
    builds = {(m.card, m.mask, m.value) for m in st.legal_moves() if m.action == BUILD}
    # 3 + 5 = 8 (holds 8D); 3 + 5 + 2 = 10 (no 10 in hand); 3 + 2 = 5 (no 5)
    assert builds == {(parse_card("3C"), M("5H"), 8)}
    st2 = state_at(rules, [C("8D 3C"), []], C("2S"), current_player=0)
    assert not any(m.action == BUILD and m.card == parse_card("8D") for m in st2.legal_moves())  # 10 not held


def test_build_play_and_capture_by_anyone() -> None:
    rules = make_rules({"num_players": 2, "builds": True})
    log: list[dict] = []
    st = state_at(
        rules,
        [C("3C 8D"), C("8H 4S")],
        C("5H"),
        current_player=0,
        log=log,
        stock=C("2C 3D 4D 5D 6C 7C 8C 9C"),
    )
    st.apply(SweepMove(BUILD, parse_card("3C"), 8, M("5H")))
    assert st.builds == [(8, M("3C 5H"), 0)] and st.table == 0
    assert st.last_capturer == -1 and st.sweeps == [0, 0]
    ev = log[-1]
    assert ev["action"] == "build" and ev["build"] == {"value": 8, "cards": ["3C", "5H"]}
    assert ev["captured"] == [] and ev["sweep"] is False
    assert ev["table"] == [{"build": 8, "cards": ["3C", "5H"], "owner": 0}]
    # the opponent takes the build whole with its own 8: a sweep
    take = SweepMove(CAPTURE, parse_card("8H"), 0, M("3C 5H"))
    assert take in st.legal_moves()
    assert not any(m.mask == M("5H") for m in st.legal_moves())  # never part of a build alone
    st.apply(take)
    assert st.builds == [] and st.sweeps == [0, 1] and st.last_capturer == 1
    assert log[-1]["captured"] == [{"build": 8, "cards": ["3C", "5H"], "owner": 0}] and log[-1]["sweep"]


def test_builds_coexist_and_are_taken_by_value_only() -> None:
    rules = make_rules({"num_players": 2, "builds": True})
    builds = [(7, M("3C 4D"), 0), (7, M("5C 2D"), 1), (9, M("6S 3S"), 0)]
    st = state_at(rules, [C("7H QS"), []], C("7S 4H 3H"), builds=builds, current_player=0)
    caps = {m.mask for m in st.legal_moves() if m.action == CAPTURE and m.card == parse_card("7H")}
    assert M("3C 4D 5C 2D 7S 4H 3H") in caps and M("3C 4D") in caps and M("5C 2D 7S") in caps
    assert not any(m & M("6S 3S") for m in caps)
    assert not any(m.action == CAPTURE for m in st.legal_moves() if m.card == parse_card("QS"))


def test_leftover_build_goes_to_last_capturer() -> None:
    rules = make_rules({"num_players": 2, "builds": True})
    log: list[dict] = []
    st = state_at(rules, [C("2C"), C("4H 7D")], C("2S 5D"), current_player=1, log=log)
    st.apply(SweepMove(BUILD, parse_card("4H"), 9, M("5D")))
    assert st.builds == [(9, M("4H 5D"), 1)]
    st.apply(SweepMove(CAPTURE, parse_card("2C"), 0, M("2S")))
    st.apply(SweepMove(TRAIL, parse_card("7D")))
    assert st.is_over() and st.piles[0] == M("2C 2S 4H 5D 7D")
    assert log[-1] == {"type": "leftover", "seat": 0, "side": 0, "cards": ["4H", "5D", "7D"]}


# -- replay events --------------------------------------------------------------------------

EVENT_KEYS = {
    "dealt": {"type", "hands", "table"},
    "centre_redeal": {"type", "returned", "added", "table"},
    "redeal": {"type", "hands"},
    "move": {"type", "seat", "card", "action", "captured", "build", "sweep", "table"},
    "leftover": {"type", "seat", "side", "cards"},
    "score": {"type", "sides", "totals"},
    "match_end": {"type", "winner", "totals", "rounds"},
}
SIDE_KEYS = {"side", "seats", "cards", "spades", "ace_of_spades", "sweeps", "points", "total"}


def _is_card(text: Any) -> bool:
    return isinstance(text, str) and card_str(parse_card(text)) == text


def check_log(log: list[dict], rules: Any) -> None:
    """Every event has exactly its docs/design.md §7 keys; the table in each move follows from the last."""
    table: set[str] = set()
    builds: list[dict] = []
    for ev in log:
        assert set(ev) == EVENT_KEYS[ev["type"]], ev
        kind = ev["type"]
        if kind in ("dealt", "redeal"):
            assert len(ev["hands"]) == rules.num_players
            assert all(_is_card(c) for h in ev["hands"] for c in h)
        if kind == "dealt":
            table, builds = set(ev["table"]), []
        elif kind == "centre_redeal":
            assert set(ev["table"]) == (table - set(ev["returned"])) | set(ev["added"])
            table = set(ev["table"])
        elif kind == "move":
            assert _is_card(ev["card"]) and ev["action"] in ("capture", "trail", "build")
            assert isinstance(ev["sweep"], bool)
            loose_taken = {c for c in ev["captured"] if isinstance(c, str)}
            builds_taken = [b for b in ev["captured"] if isinstance(b, dict)]
            assert loose_taken <= table and all(b in builds for b in builds_taken)
            table -= loose_taken
            builds = [b for b in builds if b not in builds_taken]
            if ev["action"] == "trail":
                assert ev["captured"] == [] and ev["build"] is None
                table.add(ev["card"])
            elif ev["action"] == "build":
                assert set(ev["build"]) == {"value", "cards"} and ev["card"] in ev["build"]["cards"]
                table -= set(ev["build"]["cards"])
                builds.append(
                    {"build": ev["build"]["value"], "cards": ev["build"]["cards"], "owner": ev["seat"]}
                )
            else:
                assert ev["captured"] and ev["build"] is None
            after_loose = {c for c in ev["table"] if isinstance(c, str)}
            after_builds = [b for b in ev["table"] if isinstance(b, dict)]
            assert after_loose == table and after_builds == builds
            if ev["sweep"]:
                assert ev["action"] == "capture" and ev["table"] == []
            elif ev["action"] == "capture" and not ev["table"]:
                assert not rules.last_play_sweep_counts  # only a last-play clear may be no sweep
        elif kind == "leftover":
            left = set(table) | {c for b in builds for c in b["cards"]}
            assert set(ev["cards"]) == left
            assert (ev["seat"] is None) == (ev["side"] is None)
        elif kind == "score":
            assert len(ev["sides"]) == len(rules.sides) == len(ev["totals"])
            for k, side in enumerate(ev["sides"]):
                assert set(side) == SIDE_KEYS and side["side"] == k and side["seats"] == list(rules.sides[k])
                assert set(side["points"]) == {"cards", "spades", "ace_of_spades", "sweeps"}
                assert side["total"] == sum(side["points"].values())
                assert isinstance(side["ace_of_spades"], bool)


@pytest.mark.parametrize(("name", "rules"), VARIANT_RULES, ids=[n for n, _ in VARIANT_RULES])
def test_replay_log_single_deal(name: str, rules: Any) -> None:
    for seed in range(6):
        log: list[dict] = []
        st = GAME.new_deal(rules, seed, log=log)
        play_random(st, random.Random(seed))
        log.append(st.score_event(totals=st.side_points()))
        check_log(log, rules)
        types = [e["type"] for e in log]
        assert types[0] == "dealt" and types[-2:] == ["leftover", "score"]
        assert types.count("move") == (48 if rules.deal_mode == "four_card_rounds" else 8 * rules.num_players)
        assert all(GAME.render_event(e) for e in log)


def test_replay_log_every_event_type() -> None:
    seen: set[str] = set()
    rules = make_rules({"builds": True})
    _, log, state = _find_centre_redeal(rules)
    play_random(state, random.Random(0))
    check_log(log, rules)
    seen |= {e["type"] for e in log}
    seen |= {e["action"] for e in log if e["type"] == "move"}
    seen |= {"sweep" for e in log if e["type"] == "move" and e["sweep"]}
    match_log: list[dict] = []
    match = GAME.new_match(rules, lambda k: 70 + k, match_log)
    rng = random.Random(2)
    while not match.over:
        st = match.next_deal()
        play_random(st, rng)
        match.finish_deal(st)
    check_log(match_log, rules)
    seen |= {e["type"] for e in match_log}
    assert seen >= set(EVENT_KEYS) | {"capture", "trail", "build", "sweep"}
    assert match_log[-1]["type"] == "match_end" and GAME.render_event(match_log[-1])
    assert GAME.render_event({"type": "unknown"}) is None


def test_determinism() -> None:
    rules = make_rules({"num_players": 3, "builds": True})

    def run(seed: int) -> list[dict]:
        log: list[dict] = []
        st = GAME.new_deal(rules, seed, log=log)
        play_random(st, random.Random(seed))
        return log

    assert run(42) == run(42)
    assert run(42) != run(43)


def test_view_hides_other_hands() -> None:
    rules = make_rules({"builds": True})
    st = GAME.new_deal(rules, 9)
    rng = random.Random(9)
    while st.current_player() >= 0:
        for seat in range(4):
            view = st.view(seat)
            assert isinstance(view, SweepView) and view.game == "sweep" and view.seat == seat
            assert view.hand == st.hands[seat]
            others = 0
            for s in range(4):
                if s != seat:
                    others |= st.hands[s]
            for f in dataclasses.fields(view):
                assert not isinstance(getattr(view, f.name), SweepState | random.Random)
            assert not (view.table | sum(b[1] for b in view.builds)) & others
            assert not any(p & others for p in view.piles)
            assert not any((1 << m.card | m.mask) & others for _, m in view.history)
            assert not hasattr(view, "stock")
        st.apply(rng.choice(st.legal_moves()))


def test_move_text() -> None:
    st = state_at(make_rules({"num_players": 2}), [C("9C"), []], C("6H 3D"), current_player=0)
    texts = [st.move_text(m) for m in st.legal_moves()]
    assert texts == ["trail 9♣", "9♣ takes 6♥ 3♦"] or sorted(texts) == sorted(["trail 9♣", "9♣ takes 3♦ 6♥"])


def test_illegal_card_rejected() -> None:
    st = state_at(make_rules({"num_players": 2}), [C("9C"), []], C("6H"), current_player=0)
    with pytest.raises(ValueError):
        st.apply(SweepMove(TRAIL, parse_card("2C")))


# -- greedy ---------------------------------------------------------------------------------


def greedy(state: SweepState, seed: int = 0) -> SweepMove:
    return greedy_choose(state.view(state.current_player()), state.legal_moves(), random.Random(seed))


def test_greedy_takes_most_cards() -> None:
    st = state_at(make_rules({"num_players": 2}), [C("9C 2H"), []], C("6H 3D 9S"), current_player=0)
    assert greedy(st) == SweepMove(CAPTURE, parse_card("9C"), 0, M("6H 3D 9S"))


def test_greedy_tie_breaks_spades_then_ace() -> None:
    st = state_at(make_rules({"num_players": 2}), [C("7C 5D"), []], C("7S 5H"), current_player=0)
    assert greedy(st) == SweepMove(CAPTURE, parse_card("7C"), 0, M("7S"))
    st = state_at(make_rules({"num_players": 2}), [C("AH 2D"), []], C("AS 2S"), current_player=0)
    assert greedy(st) == SweepMove(CAPTURE, parse_card("AH"), 0, M("AS"))


def test_greedy_trails_lowest_non_spade_and_never_builds() -> None:
    rules = make_rules({"num_players": 2, "builds": True})
    st = state_at(rules, [C("3S 3H 8D KC"), []], C("5C QH"), current_player=0)
    assert any(m.action == BUILD for m in st.legal_moves())
    assert greedy(st) == SweepMove(TRAIL, parse_card("3H"))


def test_greedy_plays_whole_rounds() -> None:
    rules = make_rules({"builds": True})
    st = GAME.new_deal(rules, 1)
    rng = random.Random(1)
    while (seat := st.current_player()) >= 0:
        move = greedy_choose(st.view(seat), st.legal_moves(), rng)
        assert move.action != BUILD
        st.apply(move)
    check_scores(st)
