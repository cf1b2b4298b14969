"""comparisons.parquet: one row per variant and pair of strategies (A, B) that met.

The unit is the pair's deal group (see :mod:`simulator.analysis.pairs`); a group of
``n`` deals gives A a total score in {0, ½, ..., n}. A is the strategy listed first
in the tournament.

Columns
-------
``variant``, ``strategy`` (A), ``opponent`` (B)
``groups``           complete deal groups of the pair
``deals_per_group``  n: deals (matches with ``unit: match``) per group
``wins``, ``draws``, ``losses``  A's deal (match) results over all groups
``score``            A's mean result per deal, in [0, 1]
``elo``, ``elo_error``  logistic Elo of A over B and the half-width of its 95% interval
``los``              likelihood of superiority, P(A stronger than B)
                     (Elo, error and LOS: fishtest's ``get_elo`` on the histogram)
``nelo``, ``nelo_error``  normalized Elo ``(score - 0.5) / sqrt(n · var) · 800 / ln 10``
                     (``var``: variance of the group's mean result) and
                     ``1.96 · (800 / ln 10) / sqrt(groups · n)``
``margin_mean``      A's mean points margin per deal (per match: of the match totals)
``margin_ci_low``, ``margin_ci_high``  its 95% BCa bootstrap interval over groups
``significant``      ``los > 0.975`` or ``los < 0.025`` (Elo interval excludes zero
                     at the 95% two-sided level)
``score_histogram``  list of 2n+1 counts: groups whose total score is 0, ½, ..., n
"""

from __future__ import annotations

import numpy as np
import polars as pl

from simulator.analysis.bootstrap import bca_mean_interval
from simulator.analysis.elo import get_elo, normalized_elo, normalized_elo_error
from simulator.analysis.pairs import PAIR_KEYS
from simulator.analysis.runinfo import RunInfo

SCHEMA: dict[str, pl.DataType] = {
    "variant": pl.String(),
    "strategy": pl.String(),
    "opponent": pl.String(),
    "groups": pl.Int64(),
    "deals_per_group": pl.Int64(),
    "wins": pl.Int64(),
    "draws": pl.Int64(),
    "losses": pl.Int64(),
    "score": pl.Float64(),
    "elo": pl.Float64(),
    "elo_error": pl.Float64(),
    "los": pl.Float64(),
    "nelo": pl.Float64(),
    "nelo_error": pl.Float64(),
    "margin_mean": pl.Float64(),
    "margin_ci_low": pl.Float64(),
    "margin_ci_high": pl.Float64(),
    "significant": pl.Boolean(),
    "score_histogram": pl.List(pl.Int64()),
}


def histogram(half_totals: np.ndarray, n: int) -> np.ndarray:
    """Counts of groups per total score 0, ½, ..., n (``half_totals`` are totals × 2)."""
    return np.bincount(half_totals, minlength=2 * n + 1)


def pair_rng(info: RunInfo, variant: str, strategy: str, opponent: str, stream: int) -> np.random.Generator:
    """A bootstrap generator fixed by the run's root seed and the pair: same run, same interval."""
    v = info.variants.index(variant) if variant in info.variants else len(info.variants)
    a = info.strategies.index(strategy) if strategy in info.strategies else len(info.strategies)
    b = info.strategies.index(opponent) if opponent in info.strategies else len(info.strategies)
    return np.random.default_rng([info.root_seed, stream, v, a, b])


def compare(g: pl.DataFrame, rng: np.random.Generator) -> dict[str, object]:
    """Every statistic of one pair from its rows of :func:`pair_groups`."""
    half, margin = g["half"].to_numpy(), g["margin"].to_numpy()
    n = int(g["deals"][0])
    wins, draws = int(g["wins"].sum()), int(g["draws"].sum())
    hist = histogram(half, n)
    est = get_elo(hist)
    low, high = bca_mean_interval(margin, rng)
    groups = len(half)
    return {
        "groups": groups,
        "deals_per_group": n,
        "wins": wins,
        "draws": draws,
        "losses": n * groups - wins - draws,
        "score": float(half.sum()) / (2 * n * groups),
        "elo": est.elo,
        "elo_error": est.elo_error,
        "los": est.los,
        "nelo": normalized_elo(hist),
        "nelo_error": normalized_elo_error(groups, n),
        "margin_mean": float(margin.mean()),
        "margin_ci_low": low,
        "margin_ci_high": high,
        "significant": est.los > 0.975 or est.los < 0.025,
        "score_histogram": hist.tolist(),
    }


def comparisons(groups: pl.DataFrame, info: RunInfo) -> pl.DataFrame:
    """The comparisons table from :func:`pair_groups`."""
    rows = []
    order = {v: i for i, v in enumerate(info.variants)}
    for (variant, strategy, opponent), g in groups.group_by(PAIR_KEYS, maintain_order=True):
        rng = pair_rng(info, str(variant), str(strategy), str(opponent), stream=1)
        stats = compare(g, rng)
        rows.append({"variant": variant, "strategy": strategy, "opponent": opponent, **stats})
    table = pl.DataFrame(rows, schema=SCHEMA, orient="row")
    rank = {s: i for i, s in enumerate(info.strategies)}
    return table.sort(
        pl.col("variant").replace_strict(order, default=len(order)),
        pl.col("strategy").replace_strict(rank, default=len(rank)),
        pl.col("opponent").replace_strict(rank, default=len(rank)),
    )
