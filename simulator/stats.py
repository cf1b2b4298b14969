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
from fractions import Fraction

import polars as pl
from scipy import stats

from simulator.analysis.batches import deal_slices

CONFIDENCE = 0.95
ALL_OPPONENTS = "(all)"


def _t_interval(mean: float | None, sd: float | None, n: int) -> tuple[float | None, float | None]:
    if n < 2 or mean is None or sd is None or math.isnan(sd):
        return None, None
    half = stats.t.ppf(0.5 + CONFIDENCE / 2, n - 1) * sd / math.sqrt(n)
    return mean - half, mean + half


def _wilson(wins: int, trials: int) -> tuple[float | None, float | None]:
    if trials == 0:
        return None, None
    ci = stats.binomtest(wins, trials).proportion_ci(confidence_level=CONFIDENCE, method="wilson")
    return float(ci.low), float(ci.high)


_KEYS = ["variant_order", "variant", "rules_hash", "strategy", "opponent"]


def _group_sums(deals: pl.LazyFrame, numeric: list[str], unit: str) -> pl.DataFrame:
    """Exact integer sums per (strategy, opponent) and per deal group shape, opponent
    ``(all)`` included.

    A deal group's mean points are ``s / c`` (``c`` rows) and its mean margin
    ``m / (c * (sides - 1))``, with ``m`` the sum of own points x sides minus the
    deal's total, an integer. Keeping numerators and denominators apart makes every
    aggregate an integer sum, exact in any order: the summary does not depend on
    how rows are split, batched or spread over threads, to the last bit."""
    deal_keys = ["variant", "lineup", "deal_index", "rotation", "round"]
    sides = pl.len().over(deal_keys).cast(pl.Int64)
    rows = deals.with_columns(
        sides=sides, margin_x=pl.col("points") * sides - pl.col("points").sum().over(deal_keys)
    )
    rows = pl.concat([rows, rows.with_columns(opponent=pl.lit(ALL_OPPONENTS))])
    won = (pl.col("match_won") & (pl.col("round") == 1)) if unit == "match" else pl.col("won")
    trials = (pl.col("round") == 1).cast(pl.Int64).sum() if unit == "match" else pl.len().cast(pl.Int64)
    per_group = rows.group_by([*_KEYS, "deal_index"]).agg(
        c=pl.len(),
        sides=pl.col("sides").first(),
        s=pl.col("points").sum(),
        m=pl.col("margin_x").sum(),
        x2=(pl.col("points") * pl.col("points")).sum(),
        deals=pl.struct("lineup", "rotation", "round").n_unique(),
        matches=pl.struct("lineup", "rotation").n_unique(),
        wins=won.cast(pl.Int64).sum(),
        trials=trials,
        **({"rounds": pl.col("match_rounds").filter(pl.col("round") == 1).sum()} if unit == "match" else {}),
        **{f"sum_{c}": pl.col(c).cast(pl.Int64).sum() for c in numeric},
        **{f"n_{c}": pl.col(c).count() for c in numeric},
    )
    added = [c for c in per_group.collect_schema() if c not in (*_KEYS, "deal_index", "c", "sides")]
    return (
        per_group.group_by([*_KEYS, "c", "sides"])
        .agg(
            *[pl.col(c).sum() for c in added],
            g=pl.len(),
            s2=(pl.col("s") * pl.col("s")).sum(),
            m2=(pl.col("m") * pl.col("m")).sum(),
        )
        .collect(engine="in-memory")
    )


def _fraction_mean_sd(shapes: list[tuple[int, int, int, int]]) -> tuple[int, float | None, float | None]:
    """Groups, mean and sd over groups of values ``sum / d``, from (d, groups, sum of
    numerators, sum of squared numerators) per denominator d, exactly."""
    g = sum(k for _, k, _, _ in shapes)
    if not g:
        return 0, None, None
    total = sum(Fraction(s, d) for d, _, s, _ in shapes)
    squares = sum(Fraction(s2, d * d) for d, _, _, s2 in shapes)
    mean = total / g
    sd = math.sqrt((squares - total * mean) / (g - 1)) if g > 1 else None
    return g, float(mean), sd


def _sd(n: int, total: int, squares: int) -> float | None:
    return math.sqrt(Fraction(squares * n - total * total, n * (n - 1))) if n > 1 else None


def summarize(deals: pl.DataFrame | pl.LazyFrame, category_columns: list[str], unit: str) -> pl.DataFrame:
    """One row per (variant, strategy, opponent), plus opponent ``(all)`` per strategy.

    ``deals`` may be a LazyFrame (a scan of deals.parquet): it is read in slices of whole
    deal indexes, so memory does not grow with the run."""
    deals = deals.lazy()
    schema = deals.collect_schema()
    numeric = [c for c in category_columns if schema[c].is_numeric() or schema[c] == pl.Boolean]
    sums = pl.concat([_group_sums(part, numeric, unit) for part in deal_slices(deals)])
    rows = []
    for key, shapes in sorted(sums.group_by(_KEYS), key=lambda kv: kv[0]):
        total = {c: int(shapes[c].sum()) for c in shapes.columns if c not in (*_KEYS, "c", "sides")}
        by_c = shapes.group_by("c").agg(pl.col("g", "s", "s2").sum()).sort("c").rows()
        by_margin = (
            shapes.group_by(d=pl.col("c") * (pl.col("sides") - 1))
            .agg(pl.col("g", "m", "m2").sum())
            .sort("d")
            .rows()
        )
        groups, p_mean, p_group_sd = _fraction_mean_sd(by_c)
        _, m_mean, m_group_sd = _fraction_mean_sd(by_margin)
        p_low, p_high = _t_interval(p_mean, p_group_sd, groups)
        m_low, m_high = _t_interval(m_mean, m_group_sd, groups)
        wins, trials = total["wins"], total["trials"]
        w_low, w_high = _wilson(wins, trials)
        rows.append(
            {
                **dict(zip(_KEYS, key, strict=True)),
                "deals": total["deals"],
                "matches": total["matches"] if unit == "match" else 0,
                "deal_groups": groups,
                "points_mean": p_mean,
                "points_sd": _sd(sum(c * g for c, g, _, _ in by_c), total["s"], total["x2"]),
                "points_ci_low": p_low,
                "points_ci_high": p_high,
                "margin_mean": m_mean,
                "margin_ci_low": m_low,
                "margin_ci_high": m_high,
                "wins": wins,
                "trials": trials,
                "win_rate": wins / trials if trials else None,
                "win_ci_low": w_low,
                "win_ci_high": w_high,
                **(
                    {"mean_match_rounds": total["rounds"] / trials if trials else None}
                    if unit == "match"
                    else {}
                ),
                **{
                    f"mean_{c}": total[f"sum_{c}"] / total[f"n_{c}"] if total[f"n_{c}"] else None
                    for c in numeric
                },
            }
        )
    columns = {
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
    return pl.DataFrame(rows, schema=columns, orient="row").sort(_KEYS).drop("variant_order")
