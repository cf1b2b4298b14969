"""Replay events (design.md §7, Sueca), determinism, information hiding of views, and match ends (§8)."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from simulator.cards import parse_card
from simulator.games.sueca import (
    GAME,
    NULS_MOVE,
    PASS_MOVE,
    PLAYS,
    SuecaPosition,
    SuecaState,
    SuecaView,
    parse_move,
)
from simulator.seeding import deal_seed

KEYS = {
    "dealt": {"type", "hands"},
    "call": {"type", "seat", "call"},
    "passed_out": {"type"},
    "contract": {"type", "declarer", "kind", "bid", "trump", "called_card"},
    "play": {"type", "seat", "card"},
    "partner_revealed": {"type", "seat"},
    "trick": {"type", "number", "leader", "cards", "winner", "points"},
    "score": {"type", "declarer", "partner", "kind", "bid", "team_points", "made", "hand_scores", "totals"},
    "match_end": {"type", "winner", "totals", "rounds"},
}
CARD_TEXT = {f"{r}{s}" for r in ("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K") for s in "SHDC"}


def policy(state: SuecaState, rng: random.Random, first_passes: bool, nuls: bool):
    """Random play, steered: pass out the first deal if asked; prefer or avoid nuls."""
    moves = state.legal_moves()
    if state.phase == 0:
        if first_passes and state.passouts == 0:
            return PASS_MOVE
        if nuls and NULS_MOVE in moves:
            return NULS_MOVE
        if not nuls:
            moves = [m for m in moves if m != NULS_MOVE] or moves
    return rng.choice(moves)


def play_out(state: SuecaState, rng: random.Random, first_passes=False, nuls=False) -> None:
    while state.current_player() >= 0:
        state.apply(policy(state, rng, first_passes, nuls))


def check_event(event: dict) -> None:
    kind = event["type"]
    extra = {"dealer"} if kind == "dealt" else set()
    assert KEYS[kind] <= set(event) <= KEYS[kind] | extra, event
    json.dumps(event)
    if kind == "dealt":
        assert len(event["hands"]) == 5 and all(len(h) == 8 and set(h) <= CARD_TEXT for h in event["hands"])
    elif kind == "call":
        assert event["call"] in ("pass", "nuls") or 61 <= event["call"] <= 120
    elif kind == "contract":
        if event["kind"] == "nuls":
            assert event["bid"] is None and event["trump"] is None and event["called_card"] is None
        else:
            assert (
                event["trump"] in "SHDC" and event["called_card"] in CARD_TEXT and 61 <= event["bid"] <= 120
            )
    elif kind == "play":
        assert event["card"] in CARD_TEXT
    elif kind == "trick":
        assert len(event["cards"]) == 5 and 1 <= event["number"] <= 8 and 0 <= event["points"] <= 120
    elif kind == "score":
        assert len(event["hand_scores"]) == 5 and len(event["totals"]) == 5
        if event["kind"] == "nuls":
            assert event["partner"] is None and event["bid"] is None
    rendered = GAME.render_event(event)
    assert isinstance(rendered, str) and rendered


def test_single_deal_log_has_every_event_in_order():
    rules = GAME.make_rules({"passout_redeal_dealer": "next"})
    log: list[dict] = []
    state = GAME.new_deal(rules, 7, dealer=2, log=log)
    play_out(state, random.Random(1), first_passes=True)
    log.append(state.score_event(totals=state.side_points()))
    for event in log:
        check_event(event)
    types = [e["type"] for e in log]
    assert types[:7] == ["dealt", "call", "call", "call", "call", "call", "passed_out"]
    assert log[7]["type"] == "dealt" and log[7]["dealer"] == 3 and "dealer" not in log[0]
    assert state.dealer == 2 and state.hand_dealer == 3
    assert types.count("contract") == 1 and types.count("trick") == 8 and types.count("play") == 40
    i = types.index("partner_revealed")
    assert types[i - 1] == "play" and log[i - 1]["card"] == log[types.index("contract")]["called_card"]
    assert log[i]["seat"] == log[-1]["partner"] == log[i - 1]["seat"]
    assert [e["number"] for e in log if e["type"] == "trick"] == list(range(1, 9))
    score = log[-1]
    assert score["kind"] == "points" and score["team_points"] == state.team_points
    assert GAME.render_event({"type": "deal"}) is None


def test_nuls_events_and_same_dealer_redeal():
    log: list[dict] = []
    state = GAME.new_deal(GAME.make_rules({}), 11, dealer=4, log=log)
    play_out(state, random.Random(2), first_passes=True, nuls=True)
    log.append(state.score_event(totals=[0] * 5))
    for event in log:
        check_event(event)
    assert "dealer" not in log[7] and state.hand_dealer == 4
    contract = next(e for e in log if e["type"] == "contract")
    assert contract["kind"] == "nuls" and contract["declarer"] == 0  # first to speak after dealer 4
    assert log[-1]["team_points"] == state.points_won[state.declarer]
    assert "partner_revealed" not in {e["type"] for e in log}


def test_match_log_and_passed_out_deal_does_not_count():
    rules = GAME.make_rules(GAME.variants["hands_5"])
    log: list[dict] = []
    match = GAME.new_match(rules, lambda k: deal_seed(99, 3, k), log)
    rng = random.Random(3)
    dealers = []
    while not match.over:
        start = len(log)
        state = match.next_deal()
        dealers.append(state.dealer)
        play_out(state, rng, first_passes=match.rounds == 0)
        match.finish_deal(state)
        assert log[start]["type"] == "dealt" and log[-1 if not match.over else -2]["type"] == "score"
    for event in log:
        check_event(event)
    types = [e["type"] for e in log]
    assert types.count("passed_out") == 1 and types.count("score") == match.rounds >= 5
    assert types[-1] == "match_end" and log[-1]["rounds"] == match.rounds
    assert dealers[0] == GAME.new_deal(rules, deal_seed(99, 3, 1)).dealer
    assert dealers == [(dealers[0] + k) % 5 for k in range(len(dealers))]
    scores = [e for e in log if e["type"] == "score"]
    assert scores[-1]["totals"] == log[-1]["totals"] == [r["match_points"] for r in match.side_rows()]
    totals = [0] * 5
    for e in scores:
        totals = [t + h for t, h in zip(totals, e["hand_scores"], strict=True)]
        assert e["totals"] == totals


def test_determinism_same_seed_same_log():
    def run(seed):
        log: list[dict] = []
        match = GAME.new_match(GAME.make_rules({}), lambda k: seed * 1000 + k, log)
        rng = random.Random(seed)
        while not match.over:
            state = match.next_deal()
            play_out(state, rng)
            match.finish_deal(state)
        return log

    assert run(5) == run(5)
    assert run(5) != run(6)
    rules = GAME.make_rules({})
    a, b = GAME.new_deal(rules, 42), GAME.new_deal(rules, 42, dealer=3)
    # the cards depend on the seed only, dealt one at a time from dealer+1
    assert sorted(a.hands) == sorted(b.hands)
    assert a.hands[(a.dealer + 1) % 5] == b.hands[4]


def test_side_rows_types():
    rules = GAME.make_rules({})
    rng = random.Random(4)
    kinds = set()
    for seed in range(40):
        state = GAME.new_deal(rules, seed)
        play_out(state, rng, nuls=seed % 2 == 0)
        rows = state.side_rows()
        kinds.add(state.kind)
        assert len(rows) == 5 and sum(r["declarer"] for r in rows) == 1
        for seat, row in enumerate(rows):
            assert set(row) == set(GAME.side_columns)
            for key, typ in GAME.side_columns.items():
                value = row[key]
                if value is None:
                    assert state.kind == "nuls" and key in ("bid", "trump", "called_card", "partner_seat")
                    continue
                assert type(value) is {"int": int, "bool": bool, "str": str}[typ], (key, value)
            assert row["hand_score"] == state.side_points()[seat]
            assert row["own_points"] == state.points_won[seat]
        if state.kind == "points":
            assert sum(r["is_partner"] for r in rows) == 1
            assert (
                rows[0]["team_points"] == state.points_won[state.declarer] + state.points_won[state.partner]
            )
    assert kinds == {"points", "nuls"}


# ---- information hiding -----------------------------------------------------

VIEW_FIELDS = {
    "game", "seat", "rules", "dealer", "phase", "current_player", "hand", "hand_sizes", "calls", "high_bid",
    "high_bidder",
    "declarer", "contract", "bid", "trump", "called_card", "partner", "trick_leader", "trick", "trick_winner",
    "tricks", "tricks_won", "points_won", "played", "scores",
}  # fmt: skip


def walk(value):
    """Every leaf value of a view (recursively through tuples), skipping the rules object."""
    if isinstance(value, tuple):
        for v in value:
            yield from walk(v)
    else:
        yield value


def hidden_from(state: SuecaState, seat: int) -> int:
    return sum(h for s, h in enumerate(state.hands) if s != seat)


def check_view(state: SuecaState, seat: int) -> None:
    view = state.view(seat)
    assert isinstance(view, SuecaView) and view.game == "sueca" and view.seat == seat
    assert {f.name for f in dataclasses.fields(view)} == VIEW_FIELDS
    hidden = hidden_from(state, seat)
    # card-carrying fields only hold the own hand, played cards and the (public) called card
    assert view.hand == state.hands[seat] and view.hand & hidden == 0 and view.played & hidden == 0
    played_cards = [c for c in walk(view.trick)] + [c for t in view.tricks for c in t[1]]
    assert all(not (hidden >> c) & 1 for c in played_cards)
    # no int anywhere in the view is another seat's hand mask or shares a bit with hidden cards as a mask
    for leaf in walk(tuple(getattr(view, f) for f in VIEW_FIELDS - {"rules"})):
        if isinstance(leaf, int) and not isinstance(leaf, bool) and leaf > 200:
            assert leaf & hidden == 0
    revealed = state.partner >= 0 and (seat == state.partner or state.partner_revealed)
    assert view.partner == (state.partner if revealed else None)
    # changing what the seat cannot see (other hands, and so who the partner is) leaves the view unchanged
    others = [s for s in range(5) if s != seat]
    a, b = random.Random(state.seed + seat).sample(others, 2)
    twin = state.clone()
    ha, hb = list(_cards(twin.hands[a])), list(_cards(twin.hands[b]))
    k = min(len(ha), len(hb))
    if k:
        moved = sum(1 << c for c in ha[:k]), sum(1 << c for c in hb[:k])
        twin.hands[a] = twin.hands[a] ^ moved[0] | moved[1]
        twin.hands[b] = twin.hands[b] ^ moved[1] | moved[0]
        if twin.called_card >= 0 and not twin.partner_revealed:
            twin.partner = next(s for s in range(5) if (twin.hands[s] >> twin.called_card) & 1)
        assert twin.view(seat) == view


def _cards(mask: int):
    return [c for c in range(52) if (mask >> c) & 1]


@pytest.mark.parametrize("variant", ["standard", "nuls_lowest_opening", "called_trump_only"])
def test_views_hide_hands_and_partner(variant):
    rules = GAME.make_rules(GAME.variants[variant])
    rng = random.Random(variant)
    hidden_partner_seen = 0
    for seed in range(25):
        state = GAME.new_deal(rules, seed)
        while True:
            for seat in range(5):
                check_view(state, seat)
            if state.partner >= 0 and not state.partner_revealed:
                hidden_partner_seen += 1
                assert state.view(state.declarer).partner is None
                assert state.view(state.partner).partner == state.partner
            if state.current_player() < 0:
                break
            state.apply(policy(state, rng, first_passes=False, nuls=False))
        assert state.view(0).partner == state.partner
    assert hidden_partner_seen > 0


def test_view_of_called_card_holder_before_reveal():
    hands = [
        "AS 7S KS JS QS 6S 5S 2C",
        "2S 3S 4S 2H 3H 2D 3D AC",
        "AH 7H KH JH QH 6H 5H 4H",
        "AD 7D KD JD QD 6D 5D 4D",
        "7C KC JC QC 6C 5C 4C 3C",
    ]
    from simulator.cards import mask_of, parse_cards
    from simulator.games.sueca import CALL_CARDS, TRUMPS

    masks = tuple(mask_of(parse_cards(h)) for h in hands)
    state = SuecaState.from_position(SuecaPosition(hands=masks))
    for call in (61, "pass", "pass", "pass", "pass"):
        state.apply(parse_move(call if isinstance(call, str) else f"bid {call}"))
    state.apply(TRUMPS[1])
    state.apply(CALL_CARDS[parse_card("AH")])
    assert [state.view(s).partner for s in range(5)] == [None, None, 2, None, None]
    state.apply(PLAYS[parse_card("2H")])  # seat 1 leads a heart
    assert [state.view(s).partner for s in range(5)] == [None, None, 2, None, None]
    state.apply(PLAYS[parse_card("AH")])  # seat 2 plays the called card
    assert [state.view(s).partner for s in range(5)] == [2] * 5


# ---- match ends (rules §8) --------------------------------------------------


def play_match(rules, seed: int):
    match = GAME.new_match(rules, lambda k: seed * 100 + k)
    rng = random.Random(seed)
    history = []
    while not match.over:
        state = match.next_deal()
        assert state.scores == tuple(match.totals)
        play_out(state, rng)
        match.finish_deal(state)
        history.append(list(match.totals))
    return match, history


def sole_leader(totals):
    best = max(totals)
    return [s for s in range(5) if totals[s] == best]


@pytest.mark.parametrize("variant", ["standard", "target_15", "target_20"])
def test_target_matches_end_with_a_sole_leader(variant):
    rules = GAME.make_rules(GAME.variants[variant])
    for seed in range(15):
        match, history = play_match(rules, seed)
        for totals in history[:-1]:
            assert max(totals) < rules.target_points or len(sole_leader(totals)) > 1
        final = history[-1]
        assert max(final) >= rules.target_points and sole_leader(final) == match.winners()
        rows = match.side_rows()
        assert [r["match_won"] for r in rows] == [s in match.winners() for s in range(5)]
        assert all(r["match_rounds"] == match.rounds == len(history) for r in rows)
        assert set(rows[0]) == set(GAME.match_columns)


@pytest.mark.parametrize("variant", ["hands_5", "hands_10", "hands_15", "hands_10_shared"])
def test_fixed_hand_matches(variant):
    rules = GAME.make_rules(GAME.variants[variant])
    shared_seen = False
    for seed in range(12):
        match, history = play_match(rules, seed)
        assert match.rounds >= rules.num_hands
        final = history[-1]
        if rules.fixed_hands_tie == "shared":
            assert match.rounds == rules.num_hands
            assert match.winners() == sole_leader(final)
            shared_seen |= len(match.winners()) > 1
        else:
            assert match.winners() == sole_leader(final) and len(match.winners()) == 1
            for totals in history[rules.num_hands - 1 : -1]:
                assert len(sole_leader(totals)) > 1
    assert shared_seen or rules.fixed_hands_tie == "extra_hand"
