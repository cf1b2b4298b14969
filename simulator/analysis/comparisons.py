"""comparisons.parquet: one row per variant and pair of strategies (A, B) that met.

The unit is the pair's deal group (see :mod:`simulator.analysis.pairs`); a group of
``n`` deals gives A a total score in {0, ½, ..., n}. A is the strategy listed first
in the tournament. The table is computed from counts of distinct (total score,
margin) per pair, gathered slice by slice (:class:`PairTally`): exact, and the same
whatever the run's size or slicing.

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
``margin_bins``, ``margin_counts``  the groups' mean margins as a histogram: each
                     distinct value when there are at most 25, else the centres of
                     20 equal bins, and the groups in each
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import polars as pl

from simulator.analysis.bootstrap import counted_bca_interval
from simulator.analysis.elo import get_elo, normalized_elo, normalized_elo_error
from simulator.analysis.pairs import MARGIN_SCALE, PAIR_KEYS, all_pair_groups
from simulator.analysis.runinfo import RunInfo
from simulator.analysis.tally import CountTable

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
    "margin_bins": pl.List(pl.Float64()),
    "margin_counts": pl.List(pl.Int64()),
}
#: at most this many distinct margins are shown one bar each, else HISTOGRAM_BINS bins
DISTINCT_BARS = 25
HISTOGRAM_BINS = 20


def histogram(half_totals: np.ndarray, n: int, counts: np.ndarray | None = None) -> np.ndarray:
    """Counts of groups per total score 0, ½, ..., n (``half_totals`` are totals × 2)."""
    return np.bincount(half_totals, weights=counts, minlength=2 * n + 1).astype(np.int64)


def pair_rng(info: RunInfo, variant: str, strategy: str, opponent: str, stream: int) -> np.random.Generator:
    """A bootstrap generator fixed by the run's root seed and the pair: same run, same interval."""
    v = info.variants.index(variant) if variant in info.variants else len(info.variants)
    a = info.strategies.index(strategy) if strategy in info.strategies else len(info.strategies)
    b = info.strategies.index(opponent) if opponent in info.strategies else len(info.strategies)
    return np.random.default_rng([info.root_seed, stream, v, a, b])


def margin_bars(values: np.ndarray, counts: np.ndarray) -> tuple[list[float], list[int]]:
    """The margin histogram: (bar positions, groups per bar)."""
    if len(values) <= DISTINCT_BARS:
        return values.tolist(), counts.astype(np.int64).tolist()
    hist, edges = np.histogram(values, bins=HISTOGRAM_BINS, weights=counts)
    return ((edges[:-1] + edges[1:]) / 2).tolist(), hist.astype(np.int64).tolist()


class PairTally:
    """Per pair, counts of groups by (deals, total score, margin numerator), slice by slice."""

    def __init__(self, info: RunInfo) -> None:
        self.info = info
        self.counts = CountTable([*PAIR_KEYS, "deals", "half", "m"], ["groups", "wins", "draws"])

    def add_groups(self, groups: pl.DataFrame) -> None:
        """Fold in rows of :func:`simulator.analysis.pairs.all_pair_groups`."""
        self.counts.add(groups.with_columns(groups=pl.lit(1, dtype=pl.Int64)))

    def add_rows(self, rows: pl.DataFrame) -> None:
        self.add_groups(all_pair_groups(rows.lazy(), self.info))

    def complete(self) -> pl.DataFrame:
        """The counts of complete groups only (the pair's largest ``deals``)."""
        table = self.counts.table()
        if not table.height:
            return pl.DataFrame(schema={k: pl.String for k in PAIR_KEYS})
        return table.filter(pl.col("deals") == pl.col("deals").max().over(PAIR_KEYS))

    def comparisons(self) -> pl.DataFrame:
        rows = []
        for (variant, strategy, opponent), g in self.complete().group_by(PAIR_KEYS, maintain_order=True):
            rng = pair_rng(self.info, str(variant), str(strategy), str(opponent), stream=1)
            rows.append({"variant": variant, "strategy": strategy, "opponent": opponent, **compare(g, rng)})
        table = pl.DataFrame(rows, schema=SCHEMA, orient="row")
        order = {v: i for i, v in enumerate(self.info.variants)}
        rank = {s: i for i, s in enumerate(self.info.strategies)}
        return table.sort(
            pl.col("variant").replace_strict(order, default=len(order)),
            pl.col("strategy").replace_strict(rank, default=len(rank)),
            pl.col("opponent").replace_strict(rank, default=len(rank)),
        )


def compare(g: pl.DataFrame, rng: np.random.Generator) -> dict[str, object]:
    """Every statistic of one pair from its counted complete groups (one ``deals`` value)."""
    n = int(g["deals"][0])
    counts = g["groups"].to_numpy()
    groups = int(counts.sum())
    hist = histogram(g["half"].to_numpy(), n, counts)
    est = get_elo(hist)
    by_m = g.group_by("m").agg(pl.col("groups").sum()).sort("m")
    m_counts = by_m["groups"].to_numpy()
    values = by_m["m"].to_numpy() / (MARGIN_SCALE * n)
    total_m = sum(int(m) * int(c) for m, c in zip(by_m["m"], by_m["groups"], strict=True))
    mean = float(Fraction(total_m, MARGIN_SCALE * n * groups))
    low, high = counted_bca_interval(values, m_counts, mean, rng)
    wins, draws = int(g["wins"].sum()), int(g["draws"].sum())
    bins, bar_counts = margin_bars(values, m_counts)
    return {
        "groups": groups,
        "deals_per_group": n,
        "wins": wins,
        "draws": draws,
        "losses": n * groups - wins - draws,
        "score": float(Fraction(int((g["half"] * g["groups"]).sum()), 2 * n * groups)),
        "elo": est.elo,
        "elo_error": est.elo_error,
        "los": est.los,
        "nelo": normalized_elo(hist),
        "nelo_error": normalized_elo_error(groups, n),
        "margin_mean": mean,
        "margin_ci_low": low,
        "margin_ci_high": high,
        "significant": est.los > 0.975 or est.los < 0.025,
        "score_histogram": hist.tolist(),
        "margin_bins": bins,
        "margin_counts": bar_counts,
    }


def comparisons(groups: pl.DataFrame, info: RunInfo) -> pl.DataFrame:
    """The comparisons table from rows of :func:`simulator.analysis.pairs.pair_groups`."""
    tally = PairTally(info)
    tally.add_groups(groups.select(*PAIR_KEYS, "deal_index", "deals", "half", "m", "wins", "draws"))
    return tally.comparisons()
