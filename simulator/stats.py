"""summary.parquet: per variant, strategy and opponent, the numbers to decide with.

Confidence intervals treat the *deal group* as the independent unit: every row
of a strategy on one deal index (every rotation, and every lineup it plays there,
since all lineups play the same cards) is one group. With more than two sides
the two lineups of a pair, ``(A, B, B, ...)`` and ``(B, A, A, ...)``, are thus one
group, as are a round robin's lineups for opponent ``(all)``: their results
correlate, so counting them as independent groups would make intervals too
narrow. A strategy's points are first averaged within each group, then a
Student t interval is taken over groups (``deal_groups`` counts them). The margin (own points
minus the mean of the other sides' points on the same deal) is paired by
construction, so it answers "is A better than B" with far less noise than
comparing two means. Win rates use the Wilson score interval.
"""

from __future__ import annotations

import math

import polars as pl
from scipy import stats

CONFIDENCE = 0.95
ALL_OPPONENTS = "(all)"


def _t_interval(mean: float, sd: float | None, n: int) -> tuple[float | None, float | None]:
    if n < 2 or sd is None or math.isnan(sd):
        return None, None
    half = stats.t.ppf(0.5 + CONFIDENCE / 2, n - 1) * sd / math.sqrt(n)
    return mean - half, mean + half


def _wilson(wins: int, trials: int) -> tuple[float | None, float | None]:
    if trials == 0:
        return None, None
    ci = stats.binomtest(wins, trials).proportion_ci(confidence_level=CONFIDENCE, method="wilson")
    return float(ci.low), float(ci.high)


def _with_margin(deals: pl.DataFrame) -> pl.DataFrame:
    deal_keys = ["variant", "lineup", "deal_index", "rotation", "round"]
    sides = pl.len().over(deal_keys)
    others = (pl.col("points").sum().over(deal_keys) - pl.col("points")) / (sides - 1)
    return deals.with_columns(margin=(pl.col("points") - others).cast(pl.Float64))


def summarize(deals: pl.DataFrame, category_columns: list[str], unit: str) -> pl.DataFrame:
    """One row per (variant, strategy, opponent), plus opponent ``(all)`` per strategy."""
    deals = _with_margin(deals)
    numeric = [c for c in category_columns if deals.schema[c].is_numeric() or deals.schema[c] == pl.Boolean]
    both = pl.concat([deals, deals.with_columns(opponent=pl.lit(ALL_OPPONENTS))])
    keys = ["variant_order", "variant", "rules_hash", "strategy", "opponent"]
    group_keys = [*keys, "deal_index"]
    per_group = both.group_by(group_keys).agg(points=pl.col("points").mean(), margin=pl.col("margin").mean())
    spread = per_group.group_by(keys).agg(
        groups=pl.len(),
        points_mean=pl.col("points").mean(),
        points_group_sd=pl.col("points").std(),
        margin_mean=pl.col("margin").mean(),
        margin_group_sd=pl.col("margin").std(),
    )
    if unit == "match":
        outcome = (
            both.filter(pl.col("round") == 1)
            .group_by(keys)
            .agg(
                wins=pl.col("match_won").sum(),
                trials=pl.len(),
                mean_match_rounds=pl.col("match_rounds").mean(),
            )
        )
    else:
        outcome = both.group_by(keys).agg(wins=pl.col("won").sum(), trials=pl.len())
    counts = both.group_by(keys).agg(
        pl.struct("lineup", "deal_index", "rotation", "round").n_unique().alias("deals"),
        pl.struct("lineup", "deal_index", "rotation").n_unique().alias("matches"),
        pl.col("points").std().alias("points_sd"),
        *[pl.col(c).cast(pl.Float64).mean().alias(f"mean_{c}") for c in numeric],
    )
    table = counts.join(spread, on=keys).join(outcome, on=keys).sort(keys)
    if unit != "match":
        table = table.with_columns(matches=pl.lit(0, dtype=pl.UInt32))
    rows = []
    for row in table.iter_rows(named=True):
        p_low, p_high = _t_interval(row["points_mean"], row["points_group_sd"], row["groups"])
        m_low, m_high = _t_interval(row["margin_mean"], row["margin_group_sd"], row["groups"])
        w_low, w_high = _wilson(int(row["wins"]), int(row["trials"]))
        rows.append(
            {
                **{k: row[k] for k in keys},
                "deals": row["deals"],
                "matches": row["matches"],
                "deal_groups": row["groups"],
                "points_mean": row["points_mean"],
                "points_sd": row["points_sd"],
                "points_ci_low": p_low,
                "points_ci_high": p_high,
                "margin_mean": row["margin_mean"],
                "margin_ci_low": m_low,
                "margin_ci_high": m_high,
                "wins": int(row["wins"]),
                "trials": int(row["trials"]),
                "win_rate": row["wins"] / row["trials"] if row["trials"] else None,
                "win_ci_low": w_low,
                "win_ci_high": w_high,
                **({"mean_match_rounds": row["mean_match_rounds"]} if unit == "match" else {}),
                **{f"mean_{c}": row[f"mean_{c}"] for c in numeric},
            }
        )
    schema = {
        "variant_order": pl.Int32,
        "variant": pl.String,
        "rules_hash": pl.String,
        "strategy": pl.String,
        "opponent": pl.String,
        "deals": pl.Int64,
        "matches": pl.Int64,
        "deal_groups": pl.Int64,
        "points_mean": pl.Float64,
        "points_sd": pl.Float64,
        "points_ci_low": pl.Float64,
        "points_ci_high": pl.Float64,
        "margin_mean": pl.Float64,
        "margin_ci_low": pl.Float64,
        "margin_ci_high": pl.Float64,
        "wins": pl.Int64,
        "trials": pl.Int64,
        "win_rate": pl.Float64,
        "win_ci_low": pl.Float64,
        "win_ci_high": pl.Float64,
        **({"mean_match_rounds": pl.Float64} if unit == "match" else {}),
        **{f"mean_{c}": pl.Float64 for c in numeric},
    }
    return pl.DataFrame(rows, schema=schema, orient="row").sort(keys).drop("variant_order")
