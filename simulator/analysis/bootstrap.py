"""BCa bootstrap interval of a mean over independent units (deal groups), fast at any size.

``scipy.stats.bootstrap(method="BCa")`` is the reference, but its jackknife is
quadratic in the number of units and it resamples every unit individually. For
the mean both costs go away without changing the method:

* a resample of ``N`` units is a multinomial draw of how often each *distinct*
  value is taken, so the cost is ``resamples × distinct values`` (group margins
  take few distinct values) instead of ``resamples × N``;
* the jackknife acceleration of the mean has the closed form
  ``sum(d**3) / (6 · sum(d**2) ** 1.5)`` with ``d = x - mean`` (linear time).

The interval is then computed as scipy computes it: bias correction ``z0`` from the
share of resampled means below the estimate (ties count half), the adjusted
quantile levels, and linear-interpolation quantiles of the resampled means.
"""

from __future__ import annotations

import numpy as np
from scipy import special

N_RESAMPLES = 4000


def resampled_means(values: np.ndarray, rng: np.random.Generator, n_resamples: int) -> np.ndarray:
    """Means of ``n_resamples`` bootstrap resamples of ``values`` (multinomial over distinct values)."""
    distinct, counts = np.unique(values, return_counts=True)
    n = len(values)
    draws = rng.multinomial(n, counts / n, size=n_resamples)
    return draws @ distinct / n


def acceleration(values: np.ndarray) -> float:
    """The BCa acceleration of the mean (closed-form jackknife)."""
    d = values - values.mean()
    ss = float((d**2).sum())
    return float((d**3).sum()) / (6 * ss**1.5) if ss > 0 else 0.0


def bca_from_distribution(
    values: np.ndarray, means: np.ndarray, confidence: float = 0.95
) -> tuple[float, float]:
    """BCa interval of the mean of ``values`` given the resampled means ``means``."""
    estimate = float(values.mean())
    below = np.count_nonzero(means < estimate) + np.count_nonzero(means <= estimate)
    z0 = special.ndtri(below / (2 * len(means)))
    a = acceleration(values)
    z_alpha = special.ndtri((1 - confidence) / 2)
    levels = []
    for z in (z_alpha, -z_alpha):
        num = z0 + z
        levels.append(special.ndtr(z0 + num / (1 - a * num)))
    low, high = np.quantile(means, levels)
    return float(low), float(high)


def bca_mean_interval(
    values: np.ndarray, rng: np.random.Generator, n_resamples: int = N_RESAMPLES, confidence: float = 0.95
) -> tuple[float | None, float | None]:
    """95% BCa interval of the mean; ``None`` bounds below two units. A constant sample
    gives the point interval; a resampling distribution entirely on one side of the
    estimate (tiny discrete samples) gives ``None`` like scipy's NaN."""
    values = np.asarray(values, dtype=np.float64)
    if len(values) < 2:
        return None, None
    if np.all(values == values[0]):
        return float(values[0]), float(values[0])
    means = resampled_means(values, rng, n_resamples)
    with np.errstate(all="ignore"):
        low, high = bca_from_distribution(values, means, confidence)
    if np.isnan(low) or np.isnan(high):
        return None, None
    return low, high


def resampled_sums(rows: np.ndarray, rng: np.random.Generator, n_resamples: int) -> np.ndarray:
    """Column sums of ``n_resamples`` bootstrap resamples of the rows of ``rows`` (units × values).

    Like :func:`resampled_means`, a resample is a multinomial draw over the *distinct*
    rows, so the cost grows with how many distinct rows there are, not with the units."""
    import polars as pl  # hashing finds distinct rows much faster than np.unique(axis=0)

    table = pl.DataFrame(rows, schema=[f"c{i}" for i in range(rows.shape[1])], orient="row")
    grouped = table.group_by(table.columns).len().sort(table.columns)  # a fixed order: reproducible draws
    distinct = grouped.drop("len").to_numpy()
    counts = grouped["len"].to_numpy()
    n = len(rows)
    draws = rng.multinomial(n, counts / n, size=n_resamples).astype(np.float64)
    return draws @ distinct
