"""Pair groups, comparisons and Bradley-Terry ratings on small hand-made rows."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest

from simulator.analysis.comparisons import comparisons
from simulator.analysis.pairs import pair_groups
from simulator.analysis.ratings import crosstable, fit, ratings
from simulator.analysis.runinfo import RunInfo


def _info(unit: str = "deal", strategies=("A", "B")) -> RunInfo:
    return RunInfo("sweep", unit, "round-robin", 1, ("v",), tuple(strategies))


def _rows(lineups: dict[int, tuple[str, ...]], points: dict[tuple[int, int, int], list[int]]) -> pl.LazyFrame:
    """Rows from {(lineup, deal, rotation): points per side}; side k holds lineup[(k + r) % sides]."""
    data: dict[str, list] = {
        k: [] for k in ("variant", "lineup", "deal_index", "rotation", "round", "strategy", "points")
    }
    for (lineup, deal, rotation), per_side in points.items():
        names = lineups[lineup]
        for k, p in enumerate(per_side):
            data["variant"].append("v")
            data["lineup"].append(lineup)
            data["deal_index"].append(deal)
            data["rotation"].append(rotation)
            data["round"].append(1)
            data["strategy"].append(names[(k + rotation) % len(names)])
            data["points"].append(p)
    return pl.DataFrame(data).lazy()


def test_three_sides_both_lineups_form_one_group():
    lineups = {0: ("A", "B", "B"), 1: ("B", "A", "A")}
    points = {}
    for lineup in (0, 1):
        for r in range(3):
            points[(lineup, 0, r)] = [3, 1, 2]
    g = pair_groups(_rows(lineups, points), _info())
    assert g["deals"].to_list() == [6]
    # lineup 0: A holds side r' with (k + r) % 3 == 0: k = 0, 2, 1 → points 3, 2, 1 vs B mean
    # r=0: A 3 vs (1+2)/2 = 1.5 win; r=1: A at k=2 → 2 vs (3+1)/2 = 2 draw; r=2: A at k=1 → 1 vs 2.5 loss
    # lineup 1: A holds two sides, B one: r=0 B=3 vs A (1+2)/2 loss; r=1 B at k=2 → 2 vs 2 draw;
    # r=2 B=1 vs 2.5 win
    assert g["half"].to_list() == [2 + 1 + 0 + 0 + 1 + 2]
    assert g["wins"].to_list() == [2]
    assert g["draws"].to_list() == [2]
    margins = [1.5, 0, -1.5, -1.5, 0, 1.5]
    assert g["margin"].to_list() == [pytest.approx(np.mean(margins))]


def test_incomplete_groups_are_dropped():
    lineups = {0: ("A", "B")}
    points = {(0, 0, 0): [2, 1], (0, 0, 1): [1, 2], (0, 1, 0): [5, 0]}
    g = pair_groups(_rows(lineups, points), _info())
    assert g["deal_index"].to_list() == [0]


def test_match_unit_uses_match_winners_and_totals():
    frame = pl.DataFrame(
        {
            "variant": ["v"] * 6,
            "lineup": [0] * 6,
            "deal_index": [0] * 6,
            "rotation": [0, 0, 0, 0, 1, 1],
            "round": [1, 1, 2, 2, 1, 1],
            "strategy": ["A", "B", "A", "B", "B", "A"],
            "points": [9, 9, 9, 9, 9, 9],
            "match_won": [True, False, True, False, True, True],
            "match_points": [21, 15, 21, 15, 20, 20],
        }
    ).lazy()
    g = pair_groups(frame, _info("match"))
    assert g["deals"].to_list() == [2]  # two matches, the second round is not a match
    assert g["half"].to_list() == [2 + 1]  # A won the first, both "won" the second: a share
    assert g["margin"].to_list() == [pytest.approx(3.0)]


def _two_player_rows(rng: np.random.Generator, groups: int, p_a: float) -> pl.LazyFrame:
    lineups = {0: ("A", "B")}
    points = {}
    for d in range(groups):
        for r in range(2):
            a = int(rng.random() < p_a)
            per_side = [a, 1 - a] if r == 0 else [1 - a, a]
            points[(0, d, r)] = per_side
    return _rows(lineups, points)


def test_comparison_row():
    rows = _two_player_rows(np.random.default_rng(3), 400, 0.6)
    info = _info()
    table = comparisons(pair_groups(rows, info), info)
    r = table.row(0, named=True)
    assert (r["strategy"], r["opponent"], r["groups"], r["deals_per_group"]) == ("A", "B", 400, 2)
    assert sum(r["score_histogram"]) == 400
    assert len(r["score_histogram"]) == 5
    assert r["wins"] + r["draws"] + r["losses"] == 800
    assert r["score"] == pytest.approx(r["wins"] / 800)
    assert r["elo"] > 0
    assert r["los"] > 0.975
    assert r["significant"]
    assert r["margin_ci_low"] < r["margin_mean"] < r["margin_ci_high"]
    assert r["margin_mean"] == pytest.approx(2 * r["score"] - 1)
    # the same run gives the same interval
    again = comparisons(pair_groups(rows, info), info)
    assert again.equals(table)


def test_bradley_terry_recovers_a_known_gap():
    # i beats j 3 times out of 4: Elo gap 400 log10(3)
    wins = np.array([[0.0, 300.0], [100.0, 0.0]])
    rating = fit(wins)
    assert rating[0] - rating[1] == pytest.approx(400 * np.log10(3), rel=1e-3)
    assert rating.sum() == pytest.approx(0)


def test_ratings_and_crosstable_of_a_round_robin():
    rng = np.random.default_rng(5)
    strength = {"A": 0.7, "B": 0.5, "C": 0.3}
    data: dict[str, list] = {
        k: [] for k in ("variant", "lineup", "deal_index", "rotation", "round", "strategy", "points")
    }
    pairs = [("A", "B"), ("A", "C"), ("B", "C")]
    for lineup, (a, b) in enumerate(pairs):
        for d in range(300):
            for r in range(2):
                pa = strength[a] / (strength[a] + strength[b])
                win = rng.random() < pa
                for name in (a, b) if r == 0 else (b, a):
                    data["variant"].append("v")
                    data["lineup"].append(lineup)
                    data["deal_index"].append(d)
                    data["rotation"].append(r)
                    data["round"].append(1)
                    data["strategy"].append(name)
                    data["points"].append(int(win) if name == a else int(not win))
    info = _info(strategies=("A", "B", "C"))
    groups = pair_groups(pl.DataFrame(data).lazy(), info)
    table = ratings(groups, info)
    assert table["strategy"].to_list() == ["A", "B", "C"]
    assert table["rating"].sum() == pytest.approx(0, abs=1e-9)
    r = table["rating"].to_list()
    assert r[0] > r[1] > r[2]
    # true gaps: 400 log10(0.7/0.5) and 400 log10(0.5/0.3)
    for low, rating, high in zip(table["rating_ci_low"], r, table["rating_ci_high"], strict=True):
        assert low < rating < high
    true_gap = 400 * np.log10(0.7 / 0.3)
    assert abs((r[0] - r[2]) - true_gap) < 60
    assert table["groups"].to_list() == [300] * 3
    comps = comparisons(groups, info)
    cross = crosstable(comps, "v", ["A", "B", "C"])
    assert cross[0][0] is None
    assert cross[0][1][0] == pytest.approx(1 - cross[1][0][0])
    assert cross[2][0][1] == pytest.approx(-cross[0][2][1])
