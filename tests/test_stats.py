"""summary.parquet numbers checked against direct computations."""

from __future__ import annotations

import math

import polars as pl
from scipy import stats

from simulator.stats import summarize


def _deals(points_a: list[int], points_b: list[int]) -> pl.DataFrame:
    rows = []
    for i, (a, b) in enumerate(zip(points_a, points_b, strict=True)):
        for side, (name, pts, opp) in enumerate((("A", a, "B"), ("B", b, "A"))):
            rows.append(
                {
                    "variant_order": 0,
                    "variant": "v",
                    "rules_hash": "h",
                    "lineup": 0,
                    "deal_index": i,
                    "rotation": 0,
                    "round": 1,
                    "side": side,
                    "strategy": name,
                    "opponent": opp,
                    "points": pts,
                    "won": pts > (b if name == "A" else a),
                    "sweeps": pts % 2,
                }
            )
    return pl.DataFrame(rows)


def test_means_intervals_and_win_rates():
    a = [3, 1, 2, 4, 0, 3, 2, 2]
    b = [0, 2, 1, 0, 3, 1, 1, 2]
    summary = summarize(_deals(a, b), ["sweeps"], "deal")
    row = summary.filter((pl.col("strategy") == "A") & (pl.col("opponent") == "B")).row(0, named=True)
    n = len(a)
    mean = sum(a) / n
    sd = stats.tstd(a)
    half = stats.t.ppf(0.975, n - 1) * sd / math.sqrt(n)
    assert math.isclose(row["points_mean"], mean)
    assert math.isclose(row["points_ci_low"], mean - half) and math.isclose(
        row["points_ci_high"], mean + half
    )
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    dhalf = stats.t.ppf(0.975, n - 1) * stats.tstd(diffs) / math.sqrt(n)
    assert math.isclose(row["margin_mean"], sum(diffs) / n)
    assert math.isclose(row["margin_ci_high"] - row["margin_ci_low"], 2 * dhalf)
    wins = sum(x > y for x, y in zip(a, b, strict=True))
    ci = stats.binomtest(wins, n).proportion_ci(method="wilson")
    assert row["wins"] == wins and row["trials"] == n and math.isclose(row["win_rate"], wins / n)
    assert math.isclose(row["win_ci_low"], ci.low) and math.isclose(row["win_ci_high"], ci.high)
    assert math.isclose(row["mean_sweeps"], sum(x % 2 for x in a) / n)
    overall = summary.filter((pl.col("strategy") == "A") & (pl.col("opponent") == "(all)")).row(0, named=True)
    assert overall["points_mean"] == row["points_mean"] and overall["deals"] == n


def test_margin_is_antisymmetric_between_two_sides():
    summary = summarize(_deals([1, 2, 3], [3, 3, 0]), [], "deal")
    by = {r["strategy"]: r for r in summary.filter(pl.col("opponent") != "(all)").iter_rows(named=True)}
    assert math.isclose(by["A"]["margin_mean"], -by["B"]["margin_mean"])


def test_both_lineups_of_a_pair_are_one_deal_group():
    """Three sides: (A, B, B) and (B, A, A) play the same cards, so a deal index is one group."""
    rows = []
    lineups = {0: ("A", "B", "B"), 1: ("B", "A", "A")}
    a_points = {0: [4, 1, 3], 1: [0, 2, 2], 2: [5, 5, 1]}  # per deal: A's points in lineup 0, 1 (twice)
    for deal, (p0, p1, p2) in a_points.items():
        for lineup, names in lineups.items():
            for side, name in enumerate(names):
                own = p0 if lineup == 0 else (p1 if side == 1 else p2)
                pts = own if name == "A" else 2
                rows.append(
                    {
                        "variant_order": 0,
                        "variant": "v",
                        "rules_hash": "h",
                        "lineup": lineup,
                        "deal_index": deal,
                        "rotation": 0,
                        "round": 1,
                        "side": side,
                        "strategy": name,
                        "opponent": "B" if name == "A" else "A",
                        "points": pts,
                        "won": False,
                    }
                )
    summary = summarize(pl.DataFrame(rows), [], "deal")
    row = summary.filter((pl.col("strategy") == "A") & (pl.col("opponent") == "B")).row(0, named=True)
    assert row["deal_groups"] == 3
    group_means = [(p0 + p1 + p2) / 3 for p0, p1, p2 in a_points.values()]
    half = stats.t.ppf(0.975, 2) * stats.tstd(group_means) / math.sqrt(3)
    assert math.isclose(row["points_mean"], sum(group_means) / 3)
    assert math.isclose(row["points_ci_high"] - row["points_ci_low"], 2 * half)
