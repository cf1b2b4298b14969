"""Sweep matches: target score, extra rounds, both simultaneous-target rules (sweep.md §7)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any

import pytest

from simulator.games.sweep import GAME, SweepMatch, make_rules


class ScriptedRound:
    """A finished round whose points are given (drives the match logic directly)."""

    def __init__(self, points: Sequence[int], dealer: int) -> None:
        self.points = list(points)
        self.dealer = dealer

    def is_over(self) -> bool:
        return True

    def side_points(self) -> list[int]:
        return list(self.points)

    def score_event(self, totals: Sequence[int]) -> dict[str, Any]:
        return {"type": "score", "sides": [], "totals": list(totals)}


def scripted_match(rounds: Sequence[Sequence[int]], **options: Any) -> SweepMatch:
    match = GAME.new_match(make_rules(options), lambda k: k)
    for k, points in enumerate(rounds):
        assert not match.over
        match.finish_deal(ScriptedRound(points, dealer=k % 4))
    return match


def test_e7_higher_total_wins() -> None:
    m = scripted_match([[8, 9], [3, 1]])
    assert m.over and m.winners() == [0] and m.totals == [11, 10] and m.rounds == 2
    rows = m.side_rows()
    assert rows == [
        {"match_won": True, "match_rounds": 2, "match_points": 11},
        {"match_won": False, "match_rounds": 2, "match_points": 10},
    ]


def test_e7_tie_plays_another_round() -> None:
    m = scripted_match([[8, 9], [2, 1]])
    assert not m.over and m.totals == [10, 10] and m.winners() == []
    m.finish_deal(ScriptedRound([1, 1], 2))
    assert not m.over  # still tied at 11-11
    m.finish_deal(ScriptedRound([0, 2], 3))
    assert m.over and m.winners() == [1] and m.rounds == 4


def test_always_extra_round_when_both_reach() -> None:
    m = scripted_match([[8, 9], [3, 1]], simultaneous_target_rule="always_extra_round")
    assert not m.over  # 11-10: both reached the target in the same round
    m.finish_deal(ScriptedRound([0, 2], 2))
    assert m.over and m.winners() == [1] and m.totals == [11, 12]


def test_always_extra_round_single_side_still_wins() -> None:
    m = scripted_match([[8, 5], [3, 1]], simultaneous_target_rule="always_extra_round")
    assert m.over and m.winners() == [0]


def test_always_extra_round_repeats_on_tie() -> None:
    m = scripted_match([[9, 9], [1, 1]], simultaneous_target_rule="always_extra_round")
    assert not m.over
    m.finish_deal(ScriptedRound([1, 1], 2))
    assert not m.over
    m.finish_deal(ScriptedRound([2, 1], 3))
    assert m.over and m.winners() == [0]


def test_below_target_no_end() -> None:
    m = scripted_match([[3, 0], [3, 0], [3, 0]])
    assert not m.over and m.totals == [9, 0]
    m.finish_deal(ScriptedRound([1, 0], 3))
    assert m.over and m.winners() == [0]


def test_three_sides_extra_round_won_by_third() -> None:
    m = scripted_match([[10, 10, 8]], num_players=3)
    assert not m.over
    m.finish_deal(ScriptedRound([0, 0, 3], 1))  # the side that was below target wins at 11
    assert m.over and m.winners() == [2]


def test_target_score_option() -> None:
    m = scripted_match([[1, 0]], target_score=1)
    assert m.over and m.winners() == [0]


def _play_match(rules, seed: int, log: list | None = None) -> SweepMatch:
    rng = random.Random(seed)
    match = GAME.new_match(rules, lambda k: seed * 1000 + k, log)
    while not match.over:
        state = match.next_deal()
        while state.current_player() >= 0:
            state.apply(rng.choice(state.legal_moves()))
        match.finish_deal(state)
        assert match.rounds < 200
    return match


@pytest.mark.parametrize("variant", sorted(GAME.variants))
@pytest.mark.parametrize("n", [2, 3, 4])
def test_real_matches_finish(variant: str, n: int) -> None:
    options = dict(GAME.variants[variant])
    if options.get("num_players", n) != n:
        pytest.skip("variant fixes the player count")
    options["num_players"] = n
    rules = make_rules(options)
    for seed in range(3):
        log: list[dict] = []
        m = _play_match(rules, seed, log)
        (winner,) = m.winners()
        assert max(m.totals) >= rules.target_score
        assert m.totals[winner] == max(m.totals) and m.totals.count(max(m.totals)) == 1
        assert [e["type"] for e in log].count("score") == m.rounds
        end = log[-1]
        assert end == {"type": "match_end", "winner": winner, "totals": m.totals, "rounds": m.rounds}
        assert sum(r["match_won"] for r in m.side_rows()) == 1


def test_dealer_rotates_and_first_dealer_from_seed() -> None:
    rules = make_rules({"num_players": 3})
    match = GAME.new_match(rules, lambda k: 500 + k)
    first = match.next_deal()
    assert first.dealer == GAME.new_deal(rules, 501).dealer
    dealers = []
    state = first
    for _ in range(4):
        dealers.append(state.dealer)
        rng = random.Random(1)
        while state.current_player() >= 0:
            state.apply(rng.choice(state.legal_moves()))
        match.finish_deal(state)
        if match.over:
            break
        state = match.next_deal()
    assert all((b - a) % 3 == 1 for a, b in itertools.pairwise(dealers))


def test_views_carry_the_match_totals_before_the_round() -> None:
    rules = make_rules({"num_players": 2, "target_score": 30})
    match = GAME.new_match(rules, lambda k: 900 + k)
    rng = random.Random(2)
    for _ in range(3):
        state = match.next_deal()
        before = tuple(match.totals)
        while state.current_player() >= 0:
            assert state.view(state.current_player()).scores == before
            state.apply(rng.choice(state.legal_moves()))
        match.finish_deal(state)
    assert any(match.totals)
