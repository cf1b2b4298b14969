"""Replay events of design.md §7 (Seep) from new_deal and new_match, match scoring and dealer rotation."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from simulator.cards import parse_card
from simulator.games.seep import GAME
from simulator.seeding import deal_seed

MOVE_KEYS = {
    "type",
    "seat",
    "play",
    "card",
    "action",
    "captured",
    "from_floor",
    "house",
    "sweep_points",
    "floor",
}
HOUSE_KEYS = {"cards", "owners", "cemented"}


def check_card(text: str) -> None:
    assert isinstance(text, str) and text == text.upper() and "♠" not in text
    from simulator.cards import card_str

    assert card_str(parse_card(text)) == text


def check_floor_house(h: dict, key: str = "house") -> None:
    assert set(h) == HOUSE_KEYS | {key}
    assert 9 <= h[key] <= 13 and isinstance(h["cemented"], bool) and h["owners"]
    for c in h["cards"]:
        check_card(c)


def check_floor(items: list) -> None:
    for x in items:
        if isinstance(x, str):
            check_card(x)
        else:
            check_floor_house(x)


def check_event(e: dict, n: int) -> None:
    t = e["type"]
    if t == "dealt":
        assert set(e) == {"type", "hands", "floor"} and len(e["hands"]) == n and len(e["floor"]) == 4
        assert all(len(h) == 4 for h in e["hands"])
    elif t == "void_deal":
        assert set(e) == {"type", "seat"}
    elif t == "bid":
        assert set(e) == {"type", "seat", "value"} and 9 <= e["value"] <= 13
    elif t in ("dealt_rest", "redeal"):
        assert set(e) == {"type", "hands"} and len(e["hands"]) == n
    elif t == "move":
        assert set(e) == MOVE_KEYS
        assert e["action"] in {"capture", "build", "cement", "break", "throw"}
        check_card(e["card"])
        check_floor(e["captured"])
        for c in e["from_floor"]:
            check_card(c)
        if e["action"] in ("build", "cement", "break"):
            check_floor_house(e["house"], "value")
        else:
            assert e["house"] is None and e["from_floor"] == []
        if e["action"] != "capture":
            assert e["captured"] == [] and e["sweep_points"] == 0
        check_floor(e["floor"])
    elif t == "leftover":
        assert set(e) == {"type", "seat", "side", "cards"}
    elif t == "score":
        assert set(e) == {"type", "sides", "totals"}
        for k, side in enumerate(e["sides"]):
            assert (
                set(side) == {"side", "seats", "card_points", "sweep_points", "total"} and side["side"] == k
            )
            assert side["total"] == side["card_points"] + side["sweep_points"]
    elif t == "baazi_end":
        assert set(e) == {"type", "winner", "reason", "baazis"} and e["reason"] in ("lead", "under9")
    elif t == "match_end":
        assert set(e) == {"type", "winner", "totals", "rounds"}
    else:
        raise AssertionError(f"unexpected event {t}")
    for x in e.values():
        assert not isinstance(x, (set, tuple))


def play_deal(rules, seed: int, log: list) -> None:
    rng = random.Random(seed)
    s = GAME.new_deal(rules, seed, log=log)
    while s.current_player() >= 0:
        s.apply(rng.choice(s.legal_moves()))
    log.append(s.score_event(s.side_points()))
    assert GAME.render_event(log[-1])


def test_single_deal_log_has_every_event_and_key() -> None:
    types: Counter[str] = Counter()
    actions: Counter[str] = Counter()
    for opts in ({}, {"num_players": 2}, {"num_players": 3}):
        rules = GAME.make_rules(opts)
        for seed in range(60):
            log: list[dict] = []
            play_deal(rules, seed, log)
            for e in log:
                check_event(e, rules.num_players)
                assert GAME.render_event(e)
                types[e["type"]] += 1
                if e["type"] == "move":
                    actions[e["action"]] += 1
            order = [e["type"] for e in log if e["type"] != "move"]
            assert order[-2:] == ["leftover", "score"]
            assert order.count("dealt_rest") == 1 and order.count("bid") == 1
            moves = [e for e in log if e["type"] == "move"]
            assert [e["play"] for e in moves] == list(range(1, rules.total_plays + 1))
            if rules.num_players == 2:
                assert order.count("redeal") == 1
    assert {"dealt", "void_deal", "bid", "dealt_rest", "redeal", "move", "leftover", "score"} <= set(types)
    assert set(actions) == {"capture", "build", "cement", "break", "throw"}
    assert GAME.render_event({"type": "unknown"}) is None


def test_move_event_contents() -> None:
    rules = GAME.make_rules({})
    for seed in range(30):
        log: list[dict] = []
        play_deal(rules, seed, log)
        events = [e for e in log if e["type"] == "move"]
        floor: list = []
        for e in log:
            if e["type"] == "dealt":
                floor = e["floor"]
            if e["type"] != "move":
                continue
            if e["action"] == "capture":
                for item in e["captured"]:
                    assert item in floor
                if e["sweep_points"]:
                    assert e["floor"] == []
            elif e["action"] == "throw":
                assert e["card"] in e["floor"]
            else:
                assert e["card"] in e["house"]["cards"]
                assert {"house": e["house"]["value"], **{k: e["house"][k] for k in HOUSE_KEYS}} in e["floor"]
                if e["action"] == "build":
                    assert e["house"]["owners"] == [e["seat"]]
            floor = e["floor"]
        assert events


def test_match_log_and_rows() -> None:
    for opts in ({}, {"baazis_to_win_match": 2, "baazi_target": 50}, {"num_players": 3}, {"num_players": 2}):
        rules = GAME.make_rules(opts)
        log: list[dict] = []
        match = GAME.new_match(rules, lambda k: deal_seed(11, 0, k), log)
        rng = random.Random(0)
        dealers = []
        while not match.over:
            start = len(log)
            s = match.next_deal()
            dealers.append(s.dealer)
            while s.current_player() >= 0:
                s.apply(rng.choice(s.legal_moves()))
            match.finish_deal(s)
            assert log[start]["type"] == "dealt"
            assert match.rounds < 500
        n = rules.num_players
        assert all(b == (a + 1) % n for a, b in itertools.pairwise(dealers))
        assert dealers[0] == GAME.new_deal(rules, deal_seed(11, 0, 1)).dealer
        for e in log:
            check_event(e, n)
            assert GAME.render_event(e)
        scores = [e for e in log if e["type"] == "score"]
        baazis = [e for e in log if e["type"] == "baazi_end"]
        assert len(scores) == match.rounds
        assert max(baazis[-1]["baazis"]) == rules.baazis_to_win_match
        end = log[-1]
        assert (
            end["type"] == "match_end"
            and end["rounds"] == match.rounds
            and end["totals"] == baazis[-1]["baazis"]
        )
        assert match.winners() == [end["winner"]]
        rows = match.side_rows()
        for k, row in enumerate(rows):
            assert set(row) == set(GAME.match_columns)
            for key, kind in GAME.match_columns.items():
                assert type(row[key]).__name__ == kind
            assert row["match_won"] == (k == end["winner"])
            assert row["match_points"] == row["baazis_won"] == end["totals"][k]
            assert row["baazi_reason"] == baazis[-1]["reason"]
        # totals restart at each baazi
        for e in scores:
            assert len(e["totals"]) == len(rules.sides)


def test_match_is_deterministic() -> None:
    rules = GAME.make_rules({})
    logs = []
    for _ in range(2):
        log: list[dict] = []
        match = GAME.new_match(rules, lambda k: deal_seed(5, 3, k), log)
        rng = random.Random(1)
        while not match.over:
            s = match.next_deal()
            while s.current_player() >= 0:
                s.apply(rng.choice(s.legal_moves()))
            match.finish_deal(s)
        logs.append(log)
    assert logs[0] == logs[1]


def test_losing_team_deals_rotation() -> None:
    rules = GAME.make_rules({"dealer_rotation": "losing_team_deals"})
    match = GAME.new_match(rules, lambda k: deal_seed(2, 0, k))
    rng = random.Random(2)
    diff = 0
    ended = 0
    while not match.over:
        s = match.next_deal()
        while s.current_player() >= 0:
            s.apply(rng.choice(s.legal_moves()))
        pts = s.side_points()
        match.finish_deal(s)
        diff += pts[0] - pts[1]
        lead = diff if s.dealer % 2 == 0 else -diff
        expected = s.dealer if lead <= 0 else (s.dealer + 1) % 4
        if len(match.baazi_history) > ended:
            ended = len(match.baazi_history)
            expected = (expected + 2) % 4
            diff = 0
        if not match.over:
            assert match.next_dealer == expected
