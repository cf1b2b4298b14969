"""balance.parquet figures on hand-made deals with known answers."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest

from simulator.analysis.balance import SCHEMA, balance
from simulator.analysis.runinfo import RunInfo


def _deals(variant: str, outcomes: list[tuple[int, int, int]], sweeps: int = 0) -> list[dict]:
    """Two players, one lineup, one rotation: (deal, dealer, points of seat 0, points of seat 1) rows."""
    rows = []
    for deal, dealer, p0, p1 in outcomes:
        for side, pts in ((0, p0), (1, p1)):
            rows.append(
                {
                    "game": "sweep",
                    "variant": variant,
                    "rules_hash": variant * 2,
                    "lineup": 0,
                    "lineup_name": "A vs B",
                    "deal_index": deal,
                    "rotation": 0,
                    "round": 1,
                    "side": side,
                    "seats": [side],
                    "dealer": dealer,
                    "dealer_side": side == dealer,
                    "strategy": "AB"[side],
                    "points": pts,
                    "sweeps": sweeps,
                    "sweep_points": min(pts, sweeps),
                    "cards_points": pts - min(pts, sweeps),
                }
            )
    return rows


INFO = RunInfo("sweep", "deal", "head-to-head", 1, ("base", "other"), ("A", "B"))


def _table(rows: list[dict]) -> pl.DataFrame:
    return balance(pl.DataFrame(rows).lazy(), INFO)


def _value(table: pl.DataFrame, variant: str, figure: str, key: str = "") -> dict:
    return table.filter(
        (pl.col("variant") == variant) & (pl.col("figure") == figure) & (pl.col("key") == key)
    ).row(0, named=True)


def test_position_rates_ties_and_balance():
    # dealer wins deals 0 and 1, the first player wins deal 2, deal 3 is a tie
    outcomes = [(0, 0, 3, 1), (1, 1, 0, 2), (2, 0, 0, 4), (3, 1, 2, 2)]
    table = _table(_deals("base", outcomes))
    assert table.columns == list(SCHEMA)
    dealer = _value(table, "base", "win_rate_position", "0")
    first = _value(table, "base", "win_rate_position", "1")
    assert dealer["value"] == pytest.approx((1 + 1 + 0 + 0.5) / 4)
    assert first["value"] == pytest.approx((0 + 0 + 1 + 0.5) / 4)
    assert dealer["groups"] == 4 and dealer["count"] == 4
    assert _value(table, "base", "balance")["value"] == pytest.approx(1 - (0.625 - 0.375))
    assert _value(table, "base", "tie_rate")["value"] == pytest.approx(0.25)
    assert _value(table, "base", "dealer_advantage")["value"] == pytest.approx(0.625 - 0.5)
    assert _value(table, "base", "first_player_advantage")["value"] == pytest.approx(0.375 - 0.5)
    margins = [2, 2, 4, 0]
    assert _value(table, "base", "margin_mean")["value"] == pytest.approx(np.mean(margins))
    assert _value(table, "base", "margin_quantile", "0.5")["value"] == pytest.approx(
        np.quantile(margins, 0.5)
    )
    # a Student t interval over the four deal groups
    shares = np.array([1, 1, 0, 0.5])
    half = 3.182446305284263 * shares.std(ddof=1) / 2
    assert dealer["ci_low"] == pytest.approx(max(0.0, shares.mean() - half))
    assert dealer["ci_high"] == pytest.approx(min(1.0, shares.mean() + half))


def test_paired_difference_with_the_first_variant():
    base = [(d, d % 2, 1 + d % 3, 2) for d in range(30)]
    other = [(d, dealer, p0 + 1, p1) for d, dealer, p0, p1 in base]  # seat 0 gains a point each deal
    table = _table(_deals("base", base, sweeps=1) + _deals("other", other, sweeps=1))
    row = _value(table, "other", "win_rate_side", "0")
    assert row["baseline"] == "base"
    before = _value(table, "base", "win_rate_side", "0")["value"]
    assert row["diff"] == pytest.approx(row["value"] - before)
    assert row["diff_ci_low"] <= row["diff"] <= row["diff_ci_high"]
    assert row["diff_ci_low"] > 0  # the paired design sees the gain
    assert _value(table, "base", "win_rate_side", "0")["baseline"] is None
    share = _value(table, "other", "points_share", "sweep_points")
    total = sum(p0 + p1 for _, _, p0, p1 in other)
    assert share["value"] == pytest.approx(2 * 30 / total)
    assert _value(table, "other", "sweeps_per_deal")["value"] == pytest.approx(2.0)


def test_paired_quantile_differences_resample_the_shared_deal_groups():
    # every deal of "other" is won by 3 points more than the same deal of "base": each
    # resample (the same weights for both variants) sees the same shift of every quantile
    base = [(d, d % 2, 3 + d % 5, 0) for d in range(40)]
    other = [(d, dealer, p0 + 3, p1) for d, dealer, p0, p1 in base]
    table = _table(_deals("base", base) + _deals("other", other))
    for q in ("0.05", "0.25", "0.5", "0.75", "0.95"):
        row = _value(table, "other", "margin_quantile", q)
        assert (row["diff"], row["diff_ci_low"], row["diff_ci_high"]) == (3.0, 3.0, 3.0)
        mine = _value(table, "base", "margin_quantile", q)
        assert mine["value"] == pytest.approx(np.quantile([3 + d % 5 for d in range(40)], float(q)))
        assert mine["ci_low"] <= mine["value"] <= mine["ci_high"]
    median = _value(table, "base", "margin_quantile", "0.5")
    assert median["ci_low"] < median["ci_high"]  # the resamples vary
    balance_row = _value(table, "other", "balance")
    assert balance_row["diff_ci_low"] <= balance_row["diff"] <= balance_row["diff_ci_high"]


def test_match_length_spread_has_an_interval_and_a_paired_difference():
    rows = []
    for variant, extra in (("base", 0), ("other", 1)):
        for deal in range(30):
            rounds = 1 + deal % 3 + extra * (deal % 2)
            for r in range(1, rounds + 1):
                for side, pts in ((0, 2), (1, 1)):
                    rows.append(
                        {
                            **_deals(variant, [(deal, 0, 2, 1)])[side],
                            "round": r,
                            "points": pts,
                            "match_won": side == 0,
                            "match_rounds": rounds,
                            "match_points": pts * rounds,
                        }
                    )
    info = RunInfo("sweep", "match", "head-to-head", 1, ("base", "other"), ("A", "B"))
    table = balance(pl.DataFrame(rows).lazy(), info)
    lengths = {v: [1 + d % 3 + e * (d % 2) for d in range(30)] for v, e in (("base", 0), ("other", 1))}
    for variant in ("base", "other"):
        row = _value(table, variant, "match_length_sd")
        assert row["value"] == pytest.approx(np.std(lengths[variant], ddof=1))
        assert row["ci_low"] < row["value"] < row["ci_high"]
    row = _value(table, "other", "match_length_sd")
    assert row["diff"] == pytest.approx(np.std(lengths["other"], ddof=1) - np.std(lengths["base"], ddof=1))
    assert row["diff_ci_low"] < row["diff"] < row["diff_ci_high"]
    assert _value(table, "other", "match_length_mean")["diff"] == pytest.approx(
        np.mean(lengths["other"]) - np.mean(lengths["base"])
    )
