"""The deal group of a pair: A's result and margin on every deal two strategies share.

For strategies A and B (A listed first in the tournament) and one deal index, the
group holds every (lineup, rotation) in which both play: with two sides one deal
under both rotations, with more sides every rotation of ``(A, B, B, ...)`` and
``(B, A, A, ...)``. On each deal A's sides are compared with B's sides:

* ``unit: deal``: A's result is 1, ½ or 0 as the mean points of A's sides are
  above, equal to or below the mean of B's sides; the margin is the difference of
  those means.
* ``unit: match``: 1 when an A side wins the match and no B side does, 0 in the
  reverse case, ½ otherwise; the margin is that of the mean match totals
  (``match_points``).

Results are kept in half points (0, 1, 2) so a group's total is an exact integer
(the bin of its score histogram). Only complete groups (every deal of the group
present) are kept, so an interrupted run never biases a comparison.
"""

from __future__ import annotations

import polars as pl

from simulator.analysis.runinfo import RunInfo

DEAL_KEYS = ["variant", "lineup", "deal_index", "rotation"]
PAIR_KEYS = ["variant", "strategy", "opponent"]


def pair_deals(deals: pl.LazyFrame, info: RunInfo) -> pl.LazyFrame:
    """One row per (variant, A, B, lineup, deal_index, rotation): ``half`` (A's result × 2) and ``margin``."""
    if info.unit == "match":
        rows = deals.filter(pl.col("round") == 1).select(
            *DEAL_KEYS, "strategy", value=pl.col("match_points"), win=pl.col("match_won")
        )
    else:
        rows = deals.select(*DEAL_KEYS, "strategy", value=pl.col("points"), win=pl.lit(False))
    rank = {name: i for i, name in enumerate(info.strategies)}
    per = rows.group_by([*DEAL_KEYS, "strategy"]).agg(
        value=pl.col("value").cast(pl.Float64).mean(), win=pl.col("win").any()
    )
    per = per.with_columns(
        rank=pl.col("strategy").replace_strict(rank, default=len(rank), return_dtype=pl.Int32)
    )
    a = per.rename({"value": "a_value", "win": "a_win", "rank": "a_rank"})
    b = per.rename({"strategy": "opponent", "value": "b_value", "win": "b_win", "rank": "b_rank"})
    joined = a.join(b, on=DEAL_KEYS).filter(
        (pl.col("a_rank") < pl.col("b_rank"))
        | ((pl.col("a_rank") == pl.col("b_rank")) & (pl.col("strategy") < pl.col("opponent")))
    )
    if info.unit == "match":
        half = (
            pl.when(pl.col("a_win") & ~pl.col("b_win"))
            .then(2)
            .when(pl.col("b_win") & ~pl.col("a_win"))
            .then(0)
            .otherwise(1)
        )
    else:
        half = (
            pl.when(pl.col("a_value") > pl.col("b_value"))
            .then(2)
            .when(pl.col("a_value") < pl.col("b_value"))
            .then(0)
            .otherwise(1)
        )
    return joined.select(
        *DEAL_KEYS,
        "strategy",
        "opponent",
        half=half.cast(pl.Int64),
        margin=pl.col("a_value") - pl.col("b_value"),
    )


def pair_groups(deals: pl.LazyFrame, info: RunInfo) -> pl.DataFrame:
    """One row per complete deal group of a pair: ``deals``, ``half`` (total), mean ``margin``,
    and A's ``wins`` and ``draws`` among its deals."""
    groups = (
        pair_deals(deals, info)
        .group_by([*PAIR_KEYS, "deal_index"])
        .agg(
            deals=pl.len(),
            half=pl.col("half").sum(),
            margin=pl.col("margin").mean(),
            wins=(pl.col("half") == 2).sum(),
            draws=(pl.col("half") == 1).sum(),
        )
        .filter(pl.col("deals") == pl.col("deals").max().over(PAIR_KEYS))
    )
    return groups.sort([*PAIR_KEYS, "deal_index"]).collect()
