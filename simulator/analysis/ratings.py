"""ratings.parquet: a Bradley-Terry rating per strategy of a round robin, and the crosstable.

The model is fitted by maximum likelihood (``choix.ilsr_pairwise_dense``) on every
pair's deal results: each deal counts one win for A when A's result is 1, one for
B when it is 0, and half a win to each for ½. Ratings are on the Elo scale
(``400 / ln 10`` times the log-strength) with mean zero. The 95% interval is the
2.5% and 97.5% quantiles of the ratings refitted on bootstrap resamples of the
deal indexes: a deal index's groups of every pair (the same cards) are resampled
together, which keeps the pairs' correlation. The inputs are counts of distinct rows
of pair scores per deal index (:class:`RatingTally`), gathered slice by slice.

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

from simulator.analysis.bootstrap import counted_resampled_sums
from simulator.analysis.comparisons import pair_rng
from simulator.analysis.runinfo import RunInfo
from simulator.analysis.tally import CountTable

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


#: a pair's group packed in one integer: deals * CODE + half (half <= 2 * deals < CODE)
CODE = 1 << 20


class RatingTally:
    """Per variant, counts of deal indexes by their row of pair groups (deals and total score
    of every pair), slice by slice: the bootstrap resamples these distinct rows."""

    def __init__(self, info: RunInfo) -> None:
        self.info = info
        names = info.strategies
        self.pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1 :]]
        self.columns = [f"p{i}" for i in range(len(self.pairs))]
        self.counts = CountTable(["variant", *self.columns], ["groups"])

    def add_groups(self, groups: pl.DataFrame) -> None:
        """Fold in rows of :func:`simulator.analysis.pairs.all_pair_groups`."""
        index = {f"{a}\t{b}": i for i, (a, b) in enumerate(self.pairs)}
        coded = groups.select(
            "variant",
            "deal_index",
            p=pl.format("{}\t{}", "strategy", "opponent").replace_strict(index, default=None).cast(pl.String),
            code=pl.col("deals") * CODE + pl.col("half"),
        ).drop_nulls("p")
        if not coded.height:
            return
        wide = coded.pivot(on="p", index=["variant", "deal_index"], values="code")
        wide = wide.rename({c: f"p{c}" for c in wide.columns if c not in ("variant", "deal_index")})
        missing = [pl.lit(None, dtype=pl.Int64).alias(c) for c in self.columns if c not in wide.columns]
        wide = wide.with_columns(missing).select("variant", *[pl.col(c).cast(pl.Int64) for c in self.columns])
        self.counts.add(wide.with_columns(groups=pl.lit(1, dtype=pl.Int64)))

    def ratings(self) -> pl.DataFrame:
        """Ratings of every variant (an empty table when no variant has two strategies)."""
        table = self.counts.table()
        frames = []
        for v in self.info.variants:
            rows = table.filter(pl.col("variant") == v) if table.height else table
            if rows.height:
                frames.append(self._variant(rows, v))
        return pl.concat(frames) if frames else pl.DataFrame(schema=SCHEMA)

    def _variant(self, rows: pl.DataFrame, variant: str) -> pl.DataFrame:
        """Ratings of one variant from its counted rows: deal indexes that every pair of the
        variant completed only."""
        met = [c for c in self.columns if rows[c].is_not_null().any()]
        pairs_met = [self.pairs[int(c[1:])] for c in met]
        names = [s for s in self.info.strategies if any(s in p for p in pairs_met)]
        index = {s: i for i, s in enumerate(names)}
        pairs = [(index[a], index[b]) for a, b in pairs_met]
        deals = [pl.col(c) // CODE for c in met]
        full = rows.drop_nulls(met).filter(
            pl.all_horizontal([d == (pl.col(c) // CODE).max() for d, c in zip(deals, met, strict=True)])
        )
        half = full.select([(pl.col(c) % CODE).alias(c) for c in met]).to_numpy().astype(np.float64)
        per_pair = full.select([(pl.col(c) // CODE).first() for c in met]).to_numpy()[0].astype(np.float64)
        counts = full["groups"].to_numpy()
        g = int(counts.sum())
        rating = fit(_wins(counts @ half, per_pair * g, pairs, len(names)))
        rng = pair_rng(self.info, variant, "", "", stream=2)
        # every pair's deal count per group is the same (complete groups), so only ``half`` is resampled
        sums = counted_resampled_sums(half, counts, rng, N_RESAMPLES)
        boots = np.array([fit(_wins(row, per_pair * g, pairs, len(names))) for row in sums])
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
    """Ratings of every variant from rows of :func:`simulator.analysis.pairs.pair_groups`."""
    tally = RatingTally(info)
    tally.add_groups(groups)
    return tally.ratings()


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
