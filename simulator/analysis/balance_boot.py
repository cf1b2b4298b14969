"""The bootstrapped figures of balance.parquet: balance, margin quantiles, match-length spread.

These are not ratios of sums, so their intervals (and those of their paired
differences with the first variant) come from a Poisson bootstrap over deal groups
(:mod:`simulator.analysis.poisson`): each slice adds its weighted sums per resample
(position wins and deals, a histogram of winning margins, match-length moments),
integers held exactly in float64, so the result has the same bits whatever the
slicing. A paired difference uses the deal indexes both variants have, with the
same weights for both.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import polars as pl
from scipy import sparse

from simulator.analysis.poisson import N_RESAMPLES, percentile_interval, slice_weights
from simulator.analysis.runinfo import RunInfo

QUANTILES = (0.05, 0.25, 0.5, 0.75, 0.95)
#: the weights' stream (the pairs' and ratings' bootstraps use 1 and 2)
STREAM = 3


class _Hist:
    """Counts per non-negative integer value, unweighted and per resample, that grow as needed."""

    def __init__(self) -> None:
        self.counts = np.zeros(0)
        self.weighted = np.zeros((0, N_RESAMPLES))

    def add(self, values: np.ndarray, rows: np.ndarray, weights: np.ndarray) -> None:
        """Values of rows ``rows`` of the slice's ``weights``."""
        if not len(values):
            return
        size = int(values.max()) + 1
        if size > len(self.counts):
            self.counts = np.pad(self.counts, (0, size - len(self.counts)))
            self.weighted = np.pad(self.weighted, ((0, size - len(self.weighted)), (0, 0)))
        self.counts[:size] += np.bincount(values, minlength=size)
        incidence = sparse.csr_matrix((np.ones(len(values)), (values, rows)), shape=(size, weights.shape[0]))
        self.weighted[:size] += incidence @ weights


def _quantile(counts: np.ndarray, q: float) -> float:
    """The 'linear' quantile (numpy's default) of the sample with ``counts[v]`` copies of v."""
    total = counts.sum()
    pos = q * (total - 1)
    cum = np.cumsum(counts)
    lo, hi = math.floor(pos), math.ceil(pos)
    x_lo = int(np.searchsorted(cum, lo, side="right"))
    x_hi = int(np.searchsorted(cum, hi, side="right"))
    return x_lo + (pos - lo) * (x_hi - x_lo)


def _quantiles(weighted: np.ndarray, q: float) -> np.ndarray:
    """The quantile per resample of weighted histograms (values × resamples)."""
    return np.array(
        [_quantile(weighted[:, b], q) if weighted[:, b].sum() else np.nan for b in range(N_RESAMPLES)]
    )


def _sd(s0: float | np.ndarray, s1: float | np.ndarray, s2: float | np.ndarray) -> np.ndarray:
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.sqrt(np.maximum(0.0, (s2 - s1 * s1 / s0) / (s0 - 1)))


def _gap(rates: np.ndarray) -> np.ndarray:
    return rates.max(axis=-1) - rates.min(axis=-1)


class BootTally:
    """Weighted sums per (variant, mix) for the bootstrapped figures, slice by slice."""

    def __init__(self, info: RunInfo, baseline: str, shared: set[str], positions: list[int]) -> None:
        self.info = info
        self.baseline = baseline
        self.shared = shared
        self.positions = positions
        self.position_sums: dict[tuple[str, str], np.ndarray] = {}  # resamples × (n_p..., d_p...)
        self.paired_positions: dict[tuple[str, str], np.ndarray] = {}  # resamples × (mine, base)
        self.paired_exact: dict[tuple[str, str], np.ndarray] = {}  # (mine, base) over shared groups
        self.margins: dict[tuple[str, str], _Hist] = {}
        self.paired_margins: dict[tuple[str, str], tuple[_Hist, _Hist]] = {}
        self.lengths: dict[tuple[str, str], list] = {}  # [exact (3,), weighted (resamples × 3)]
        self.paired_lengths: dict[tuple[str, str], np.ndarray] = {}  # resamples × 6
        self.groups: dict[tuple[str, str, str], int] = {}  # (variant, mix, what) -> deal groups

    def add(self, lo: int, hi: int, groups: pl.DataFrame, outcome: pl.DataFrame, every: pl.DataFrame) -> None:
        weights = slice_weights(self.info.root_seed, STREAM, lo, hi)
        index = {
            key: part["deal_index"].to_numpy() - lo
            for key, part in self._parts(groups.select("variant", "mix", "deal_index")).items()
        }
        self._add_positions(groups, weights, index, hi - lo)
        margins = every.filter(pl.col("side") == 0).select("variant", "mix", "deal_index", "margin")
        for key, part in self._parts(margins).items():
            rows = part["deal_index"].to_numpy() - lo
            values = part["margin"].to_numpy().astype(np.int64)
            self._count(key, "margins", rows)
            self.margins.setdefault(key, _Hist()).add(values, rows, weights)
            if key[0] in self.shared and (self.baseline, key[1]) in index:
                base = margins.filter((pl.col("variant") == self.baseline) & (pl.col("mix") == key[1]))
                b_rows = base["deal_index"].to_numpy() - lo
                both = np.intersect1d(index[key], index[(self.baseline, key[1])])
                mine_hist, base_hist = self.paired_margins.setdefault(key, (_Hist(), _Hist()))
                keep, b_keep = np.isin(rows, both), np.isin(b_rows, both)
                mine_hist.add(values[keep], rows[keep], weights)
                base_hist.add(base["margin"].to_numpy().astype(np.int64)[b_keep], b_rows[b_keep], weights)
        if self.info.unit == "match":
            self._add_lengths(outcome, weights, index, lo, hi)

    @staticmethod
    def _parts(frame: pl.DataFrame) -> dict[tuple[str, str], pl.DataFrame]:
        return {
            (str(k[0]), str(k[1])): p for k, p in frame.partition_by(["variant", "mix"], as_dict=True).items()
        }

    def _count(self, key: tuple[str, str], what: str, rows: np.ndarray) -> None:
        name = (*key, what)
        self.groups[name] = self.groups.get(name, 0) + len(np.unique(rows))

    def _add_positions(
        self, groups: pl.DataFrame, weights: np.ndarray, index: dict[tuple[str, str], np.ndarray], span: int
    ) -> None:
        cols = [f"n{f}" for f in self.positions] + [f"d{f}" for f in self.positions]
        per_group = {}
        for key, part in self._parts(groups.select("variant", "mix", *cols)).items():
            full = np.zeros((span, len(cols)))
            full[index[key]] = part.select(cols).to_numpy()
            per_group[key] = full
            self.position_sums[key] = self.position_sums.get(key, 0) + weights.T @ full
        for key, mine in per_group.items():
            base_key = (self.baseline, key[1])
            if key[0] not in self.shared or base_key not in per_group:
                continue
            both = np.zeros(span, dtype=bool)
            both[np.intersect1d(index[key], index[base_key])] = True
            joint = np.hstack([mine, per_group[base_key]]) * both[:, None]
            self.paired_positions[key] = self.paired_positions.get(key, 0) + weights.T @ joint
            self.paired_exact[key] = self.paired_exact.get(key, 0) + joint.sum(axis=0)

    def _add_lengths(
        self,
        outcome: pl.DataFrame,
        weights: np.ndarray,
        index: dict[tuple[str, str], np.ndarray],
        lo: int,
        hi: int,
    ) -> None:
        matches = outcome.filter((pl.col("round") == 1) & (pl.col("side") == 0))
        per_group = {}
        for key, part in self._parts(matches.select("variant", "mix", "deal_index", "match_rounds")).items():
            rows = part["deal_index"].to_numpy() - lo
            length = part["match_rounds"].to_numpy().astype(np.float64)
            moments = np.stack(
                [np.bincount(rows, weights=length**k, minlength=hi - lo) for k in range(3)], axis=1
            )
            per_group[key] = (moments, np.unique(rows))
            self._count(key, "lengths", rows)
            exact, weighted = self.lengths.setdefault(key, [np.zeros(3), np.zeros((N_RESAMPLES, 3))])
            exact += moments.sum(axis=0)
            weighted += weights.T @ moments
        for key, (moments, rows) in per_group.items():
            base_key = (self.baseline, key[1])
            if key[0] not in self.shared or base_key not in per_group:
                continue
            both = np.zeros(hi - lo, dtype=bool)
            both[np.intersect1d(rows, per_group[base_key][1])] = True
            joint = np.hstack([moments, per_group[base_key][0]]) * both[:, None]
            self.paired_lengths[key] = self.paired_lengths.get(key, 0) + weights.T @ joint

    # -- the rows ------------------------------------------------------------------------

    def rows(self, own: dict[tuple[str, str], dict[str, int]]) -> list[dict]:
        return self._balance_rows(own) + self._margin_rows() + self._length_rows()

    def _balance_rows(self, own: dict[tuple[str, str], dict[str, int]]) -> list[dict]:
        p = len(self.positions)
        rows = []
        for key, boot in self.position_sums.items():
            sums = own[key]
            live = [i for i, f in enumerate(self.positions) if sums[f"d{f}"] > 0]
            if not live:
                continue
            rates = [Fraction(sums[f"n{self.positions[i]}"], 2 * sums[f"d{self.positions[i]}"]) for i in live]
            value = float(1 - (max(rates) - min(rates)))
            cols = live + [p + i for i in live]
            boots = self._balance(boot[:, cols], len(live))
            low, high = percentile_interval(boots)
            row = {
                "variant": key[0],
                "mix": key[1],
                "figure": "balance",
                "key": "",
                "value": value,
                "ci_low": low,
                "ci_high": high,
                "groups": sums[f"g{self.positions[0]}"],
                "count": float(max(sums[f"d{self.positions[i]}"] for i in live)),
            }
            if key in self.paired_positions:
                joint = self.paired_positions[key]
                exact = self.paired_exact[key][None, :]
                mine = [*live, *(p + i for i in live)]
                theirs = [2 * p + c for c in mine]
                diffs = self._balance(joint[:, mine], len(live)) - self._balance(joint[:, theirs], len(live))
                point = self._balance(exact[:, mine], len(live)) - self._balance(exact[:, theirs], len(live))
                d_low, d_high = percentile_interval(diffs)
                row |= {"diff": float(point[0]), "diff_ci_low": d_low, "diff_ci_high": d_high}
            rows.append(row)
        return rows

    @staticmethod
    def _balance(sums: np.ndarray, width: int) -> np.ndarray:
        with np.errstate(invalid="ignore", divide="ignore"):
            return 1 - _gap(sums[:, :width] / (2 * sums[:, width:]))

    def _margin_rows(self) -> list[dict]:
        rows = []
        for key, hist in self.margins.items():
            paired = self.paired_margins.get(key)
            for q in QUANTILES:
                low, high = percentile_interval(_quantiles(hist.weighted, q))
                row = {
                    "variant": key[0],
                    "mix": key[1],
                    "figure": "margin_quantile",
                    "key": str(q),
                    "value": _quantile(hist.counts, q),
                    "ci_low": low,
                    "ci_high": high,
                    "groups": self.groups[(*key, "margins")],
                    "count": float(hist.counts.sum()),
                }
                if paired is not None and paired[0].counts.sum() and paired[1].counts.sum():
                    mine, base = paired
                    diffs = _quantiles(mine.weighted, q) - _quantiles(base.weighted, q)
                    d_low, d_high = percentile_interval(diffs)
                    point = _quantile(mine.counts, q) - _quantile(base.counts, q)
                    row |= {"diff": point, "diff_ci_low": d_low, "diff_ci_high": d_high}
                rows.append(row)
        return rows

    def _length_rows(self) -> list[dict]:
        rows = []
        for key, (exact, weighted) in self.lengths.items():
            s0, s1, s2 = (int(x) for x in exact)
            value = math.sqrt(Fraction(s2 * s0 - s1 * s1, s0 * (s0 - 1))) if s0 > 1 else None
            low, high = percentile_interval(_sd(weighted[:, 0], weighted[:, 1], weighted[:, 2]))
            row = {
                "variant": key[0],
                "mix": key[1],
                "figure": "match_length_sd",
                "key": "",
                "value": value,
                "ci_low": low,
                "ci_high": high,
                "groups": self.groups[(*key, "lengths")],
                "count": float(s0),
            }
            if key in self.paired_lengths:
                joint = self.paired_lengths[key]
                diffs = _sd(joint[:, 0], joint[:, 1], joint[:, 2]) - _sd(
                    joint[:, 3], joint[:, 4], joint[:, 5]
                )
                d_low, d_high = percentile_interval(diffs)
                base = self.lengths.get((self.baseline, key[1]))
                if base is not None and value is not None:
                    b0, b1, b2 = (int(x) for x in base[0])
                    if b0 > 1:
                        point = value - math.sqrt(Fraction(b2 * b0 - b1 * b1, b0 * (b0 - 1)))
                        row |= {"diff": point, "diff_ci_low": d_low, "diff_ci_high": d_high}
            rows.append(row)
        return rows
