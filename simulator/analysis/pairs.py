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

Everything is kept in exact integers: results in half points (0, 1, 2), so a
group's total is the bin of its score histogram, and margins as ``m`` with the
group's mean margin ``m / (MARGIN_SCALE · deals)``, so sums over groups are exact
in any order. Only complete groups (every deal of the group present) are kept, so
an interrupted run never biases a comparison.
"""

from __future__ import annotations

import polars as pl

from simulator.analysis.runinfo import RunInfo

DEAL_KEYS = ["variant", "lineup", "deal_index", "rotation"]
PAIR_KEYS = ["variant", "strategy", "opponent"]
#: lcm(1..12): the mean of up to 12 sides' points times this is an integer
MARGIN_SCALE = 27720
#: the row columns the pair statistics read
PAIR_COLUMNS = ["variant", "lineup", "deal_index", "rotation", "round", "strategy"]


def pair_columns(info: RunInfo) -> list[str]:
    return PAIR_COLUMNS + (["match_points", "match_won"] if info.unit == "match" else ["points"])


def pair_deals(deals: pl.LazyFrame, info: RunInfo) -> pl.LazyFrame:
    """One row per (variant, A, B, lineup, deal_index, rotation): ``half`` (A's result × 2) and
    ``m`` (the margin × MARGIN_SCALE, an integer)."""
    if info.unit == "match":
        rows = deals.filter(pl.col("round") == 1).select(
            *DEAL_KEYS, "strategy", value=pl.col("match_points"), win=pl.col("match_won")
        )
    else:
        rows = deals.select(*DEAL_KEYS, "strategy", value=pl.col("points"), win=pl.lit(False))
    rank = {name: i for i, name in enumerate(info.strategies)}
    per = rows.group_by([*DEAL_KEYS, "strategy"]).agg(
        total=pl.col("value").cast(pl.Int64).sum(), n=pl.len().cast(pl.Int64), win=pl.col("win").any()
    )
    per = per.with_columns(
        rank=pl.col("strategy").replace_strict(rank, default=len(rank), return_dtype=pl.Int32)
    )
    a = per.rename({"total": "a_total", "n": "a_n", "win": "a_win", "rank": "a_rank"})
    b = per.rename({"strategy": "opponent", "total": "b_total", "n": "b_n", "win": "b_win", "rank": "b_rank"})
    joined = a.join(b, on=DEAL_KEYS).filter(
        (pl.col("a_rank") < pl.col("b_rank"))
        | ((pl.col("a_rank") == pl.col("b_rank")) & (pl.col("strategy") < pl.col("opponent")))
    )
    # mean of A's sides minus the mean of B's, times MARGIN_SCALE: an exact integer
    m = pl.col("a_total") * (MARGIN_SCALE // pl.col("a_n")) - pl.col("b_total") * (
        MARGIN_SCALE // pl.col("b_n")
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
        half = pl.when(m > 0).then(2).when(m < 0).then(0).otherwise(1)
    return joined.select(*DEAL_KEYS, "strategy", "opponent", half=half.cast(pl.Int64), m=m)


def all_pair_groups(deals: pl.LazyFrame, info: RunInfo) -> pl.DataFrame:
    """One row per deal group of a pair in ``deals``, complete or not: ``deals``, ``half``
    (total), ``m`` (margin numerator), A's ``wins`` and ``draws`` among its deals."""
    return (
        pair_deals(deals, info)
        .group_by([*PAIR_KEYS, "deal_index"])
        .agg(
            deals=pl.len().cast(pl.Int64),
            half=pl.col("half").sum(),
            m=pl.col("m").sum(),
            wins=(pl.col("half") == 2).sum().cast(pl.Int64),
            draws=(pl.col("half") == 1).sum().cast(pl.Int64),
        )
        .collect()
    )


def group_margin() -> pl.Expr:
    """A group's mean margin per deal, from its exact numerator."""
    return pl.col("m") / (MARGIN_SCALE * pl.col("deals"))


def pair_groups(deals: pl.LazyFrame, info: RunInfo) -> pl.DataFrame:
    """One row per complete deal group of a pair: ``deals``, ``half`` (total), ``m`` and the
    mean ``margin``, and A's ``wins`` and ``draws`` among its deals."""
    groups = all_pair_groups(deals, info).filter(pl.col("deals") == pl.col("deals").max().over(PAIR_KEYS))
    return groups.with_columns(margin=group_margin()).sort([*PAIR_KEYS, "deal_index"])
