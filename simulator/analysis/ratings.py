"""ratings.parquet: a Bradley-Terry rating per strategy of a round robin, and the crosstable.

The model is fitted by maximum likelihood (``choix.ilsr_pairwise_dense``) on every
pair's deal results: each deal counts one win for A when A's result is 1, one for
B when it is 0, and half a win to each for ½. Ratings are on the Elo scale
(``400 / ln 10`` times the log-strength) with mean zero. The 95% interval is the
2.5% and 97.5% quantiles of the ratings refitted on bootstrap resamples of the
deal indexes: a deal index's groups of every pair (the same cards) are resampled
together, which keeps the pairs' correlation.

Columns
-------
``variant``, ``strategy``
``rating``                          Bradley-Terry rating, Elo scale, mean zero per variant
``rating_ci_low``, ``rating_ci_high``  its 95% bootstrap interval
``groups``                          deal groups (deal indexes) the fit used
"""

from __future__ import annotations

import math

import choix
import numpy as np
import polars as pl

from simulator.analysis.bootstrap import resampled_sums
from simulator.analysis.comparisons import pair_rng
from simulator.analysis.runinfo import RunInfo

ELO_PER_NAT = 400 / math.log(10)
N_RESAMPLES = 200
#: choix's regularization: a prior worth 1/100 of a comparison keeps an unbeaten
#: strategy's rating finite and changes nothing measurable otherwise
ALPHA = 0.01

SCHEMA: dict[str, pl.DataType] = {
    "variant": pl.String(),
    "strategy": pl.String(),
    "rating": pl.Float64(),
    "rating_ci_low": pl.Float64(),
    "rating_ci_high": pl.Float64(),
    "groups": pl.Int64(),
}


def fit(wins: np.ndarray) -> np.ndarray:
    """Elo-scale Bradley-Terry ratings (mean zero) from ``wins[i, j]``, i's wins over j."""
    params = choix.ilsr_pairwise_dense(wins, alpha=ALPHA, max_iter=500, tol=1e-10)
    elo = params * ELO_PER_NAT
    return elo - elo.mean()


def _wins(half: np.ndarray, deals: np.ndarray, pairs: list[tuple[int, int]], size: int) -> np.ndarray:
    """Win matrix from per-pair half-point totals ``half`` and deal counts ``deals``."""
    wins = np.zeros((size, size))
    for p, (a, b) in enumerate(pairs):
        wins[a, b] += half[p] / 2
        wins[b, a] += deals[p] - half[p] / 2
    return wins


def variant_ratings(groups: pl.DataFrame, variant: str, info: RunInfo) -> pl.DataFrame:
    """Ratings of one variant from its rows of :func:`simulator.analysis.pairs.pair_groups`."""
    names = [s for s in info.strategies if s in set(groups["strategy"]) | set(groups["opponent"])]
    index = {s: i for i, s in enumerate(names)}
    pair_keys = groups.select("strategy", "opponent").unique(maintain_order=True).rows()
    pairs = [(index[a], index[b]) for a, b in pair_keys]
    pair_of = pl.DataFrame(
        {
            "strategy": [a for a, _ in pair_keys],
            "opponent": [b for _, b in pair_keys],
            "pair": range(len(pairs)),
        }
    )
    # deal indexes that every pair completed, as a (deal index × pair) matrix
    full = groups.filter(pl.len().over("deal_index") == len(pairs))
    full = full.join(pair_of, on=["strategy", "opponent"]).sort("pair", "deal_index")
    half = full["half"].to_numpy().reshape(len(pairs), -1).T.astype(np.float64)
    deals = full["deals"].to_numpy().reshape(len(pairs), -1).T.astype(np.float64)
    g = half.shape[0]
    rating = fit(_wins(half.sum(axis=0), deals.sum(axis=0), pairs, len(names)))
    rng = pair_rng(info, variant, "", "", stream=2)
    # every pair's deal count per group is the same (complete groups), so only ``half`` is resampled
    sums = resampled_sums(half, rng, N_RESAMPLES)
    per_pair = deals.sum(axis=0)
    boots = np.array([fit(_wins(row, per_pair, pairs, len(names))) for row in sums])
    low, high = np.quantile(boots, [0.025, 0.975], axis=0)
    return pl.DataFrame(
        {
            "variant": [variant] * len(names),
            "strategy": names,
            "rating": rating,
            "rating_ci_low": low,
            "rating_ci_high": high,
            "groups": [g] * len(names),
        },
        schema=SCHEMA,
    )


def ratings(groups: pl.DataFrame, info: RunInfo) -> pl.DataFrame:
    """Ratings of every variant (an empty table when no variant has two strategies)."""
    frames = [
        variant_ratings(groups.filter(pl.col("variant") == v), v, info)
        for v in info.variants
        if groups.filter(pl.col("variant") == v).height
    ]
    return pl.concat(frames) if frames else pl.DataFrame(schema=SCHEMA)


def crosstable(
    comparisons: pl.DataFrame, variant: str, names: list[str]
) -> list[list[tuple[float, float] | None]]:
    """(score, Elo) of each row strategy against each column strategy; ``None`` where they did not meet."""
    index = {s: i for i, s in enumerate(names)}
    table: list[list[tuple[float, float] | None]] = [[None] * len(names) for _ in names]
    for r in comparisons.filter(pl.col("variant") == variant).iter_rows(named=True):
        a, b = index.get(r["strategy"]), index.get(r["opponent"])
        if a is None or b is None:
            continue
        table[a][b] = (r["score"], r["elo"])
        table[b][a] = (1 - r["score"], -r["elo"])
    return table
