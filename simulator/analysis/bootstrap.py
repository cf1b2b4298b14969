"""BCa bootstrap interval of a mean over independent units (deal groups), fast at any size.

``scipy.stats.bootstrap(method="BCa")`` is the reference, but its jackknife is
quadratic in the number of units and it resamples every unit individually. For
the mean both costs go away without changing the method:

* a resample of ``N`` units is a multinomial draw of how often each *distinct*
  value is taken, so the cost is ``resamples × distinct values`` (group margins
  take few distinct values) instead of ``resamples × N``, and the input is only
  the distinct values and their counts (a run of a million groups is a short
  table, never a million rows);
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
    return counted_resampled_means(distinct, counts, rng, n_resamples)


def counted_resampled_means(
    distinct: np.ndarray, counts: np.ndarray, rng: np.random.Generator, n_resamples: int
) -> np.ndarray:
    """Resampled means of a sample given as sorted distinct values and their counts."""
    n = int(counts.sum())
    draws = rng.multinomial(n, counts / n, size=n_resamples)
    return draws @ distinct / n


def counted_acceleration(distinct: np.ndarray, counts: np.ndarray, mean: float) -> float:
    """The BCa acceleration of the mean (closed-form jackknife) of a counted sample."""
    d = distinct - mean
    ss = float((counts * d**2).sum())
    return float((counts * d**3).sum()) / (6 * ss**1.5) if ss > 0 else 0.0


def acceleration(values: np.ndarray) -> float:
    """The BCa acceleration of the mean (closed-form jackknife)."""
    return counted_acceleration(values, np.ones(len(values)), float(values.mean()))


def bca_levels(estimate: float, a: float, means: np.ndarray, confidence: float = 0.95) -> tuple[float, float]:
    """BCa interval from the estimate, the acceleration and the resampled means."""
    below = np.count_nonzero(means < estimate) + np.count_nonzero(means <= estimate)
    z0 = special.ndtri(below / (2 * len(means)))
    z_alpha = special.ndtri((1 - confidence) / 2)
    levels = []
    for z in (z_alpha, -z_alpha):
        num = z0 + z
        levels.append(special.ndtr(z0 + num / (1 - a * num)))
    low, high = np.quantile(means, levels)
    return float(low), float(high)


def bca_from_distribution(
    values: np.ndarray, means: np.ndarray, confidence: float = 0.95
) -> tuple[float, float]:
    """BCa interval of the mean of ``values`` given the resampled means ``means``."""
    return bca_levels(float(values.mean()), acceleration(values), means, confidence)


def bca_mean_interval(
    values: np.ndarray, rng: np.random.Generator, n_resamples: int = N_RESAMPLES, confidence: float = 0.95
) -> tuple[float | None, float | None]:
    """95% BCa interval of the mean; ``None`` bounds below two units."""
    distinct, counts = np.unique(np.asarray(values, dtype=np.float64), return_counts=True)
    return counted_bca_interval(
        distinct, counts, float(np.mean(values)) if len(values) else 0.0, rng, n_resamples, confidence
    )


def counted_bca_interval(
    distinct: np.ndarray,
    counts: np.ndarray,
    mean: float,
    rng: np.random.Generator,
    n_resamples: int = N_RESAMPLES,
    confidence: float = 0.95,
) -> tuple[float | None, float | None]:
    """95% BCa interval of the mean of a counted sample (sorted ``distinct`` values, ``counts``).

    ``None`` bounds below two units. A constant sample gives the point interval; a
    resampling distribution entirely on one side of the estimate (tiny discrete
    samples) gives ``None`` like scipy's NaN."""
    if counts.sum() < 2:
        return None, None
    if len(distinct) == 1:
        return float(distinct[0]), float(distinct[0])
    means = counted_resampled_means(distinct, counts, rng, n_resamples)
    with np.errstate(all="ignore"):
        low, high = bca_levels(mean, counted_acceleration(distinct, counts, mean), means, confidence)
    if np.isnan(low) or np.isnan(high):
        return None, None
    return low, high


def counted_resampled_sums(
    distinct: np.ndarray, counts: np.ndarray, rng: np.random.Generator, n_resamples: int
) -> np.ndarray:
    """Column sums of ``n_resamples`` bootstrap resamples of a sample of rows given as its
    distinct rows (``distinct``, units × values, in a fixed order) and their counts: the cost
    grows with how many distinct rows there are, not with the units."""
    n = int(counts.sum())
    draws = rng.multinomial(n, counts / n, size=n_resamples).astype(np.float64)
    return draws @ distinct.astype(np.float64)
