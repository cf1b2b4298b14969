"""Poisson bootstrap weights of deal groups: a bootstrap that streams.

A multinomial bootstrap needs every unit at once. The Poisson bootstrap (Hanley and
MacGibbon 2006; Chamandy et al. 2012, "Estimating uncertainty for massive data
streams") gives each unit, in each resample, an independent Poisson(1) weight
instead: for large samples the two agree, and each slice of rows can be weighted
on its own. The weights of deal index ``i`` are row ``i % BLOCK`` of a block drawn
by a generator seeded by the run's root seed, a stream number and ``i // BLOCK``:
they depend on the deal index alone, so:

* the weighted sums of the slices are added (small integers: exact, the same bits
  whatever the slicing, and the jobs and chunking of the run that wrote the rows);
* two variants that share a deal index give it the same weight in every resample,
  so a paired difference is resampled by deal group, as it should be.
"""

from __future__ import annotations

import math

import numpy as np

N_RESAMPLES = 200
#: deal indexes per block of weights
BLOCK = 4096
#: Poisson(1) weights by 16 random bits (inverse distribution function, 1/65536 steps)
_CDF = np.cumsum([math.exp(-1) / math.factorial(k) for k in range(16)])
_TABLE = np.searchsorted(_CDF, (np.arange(1 << 16) + 0.5) / (1 << 16), side="right").astype(np.float64)


def slice_weights(
    root_seed: int, stream: int, lo: int, hi: int, n_resamples: int = N_RESAMPLES
) -> np.ndarray:
    """Weights (deal index ``lo + row`` × resample; float64 holding small integers, so weighted
    sums of integers are exact)."""
    first, last = lo // BLOCK, (hi - 1) // BLOCK
    blocks = [
        np.random.default_rng([root_seed, stream, b]).integers(
            0, 1 << 16, size=(BLOCK, n_resamples), dtype=np.uint16
        )
        for b in range(first, last + 1)
    ]
    bits = np.concatenate(blocks)[lo - first * BLOCK : hi - first * BLOCK]
    return _TABLE[bits]


def percentile_interval(values: np.ndarray, confidence: float = 0.95) -> tuple[float | None, float | None]:
    """The percentile interval of bootstrap values (None when any resample is undefined)."""
    if not len(values) or not np.all(np.isfinite(values)):
        return None, None
    tail = (1 - confidence) / 2
    low, high = np.quantile(values, [tail, 1 - tail])
    return float(low), float(high)
