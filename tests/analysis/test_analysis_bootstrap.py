"""The fast BCa interval of a mean agrees with scipy.stats.bootstrap(method="BCa")."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest
from scipy import stats

from simulator.analysis.bootstrap import (
    acceleration,
    bca_from_distribution,
    bca_mean_interval,
    resampled_means,
)


def _sample(seed: int, n: int = 80) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return rng.poisson(2.5, size=n).astype(float) - rng.poisson(2.0, size=n)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_same_resamples_give_scipys_interval_exactly(seed):
    x = _sample(seed)
    means = resampled_means(x, np.random.default_rng(seed + 10), 3000)
    ours = bca_from_distribution(x, means)
    prior = SimpleNamespace(bootstrap_distribution=means)
    ref = stats.bootstrap((x,), np.mean, method="BCa", n_resamples=0, bootstrap_result=prior)
    assert ours == pytest.approx(tuple(ref.confidence_interval), rel=1e-12)


def test_closed_form_acceleration_is_the_jackknife():
    x = _sample(4, n=40)
    jack = np.array([np.delete(x, i).mean() for i in range(len(x))])
    d = jack.mean() - jack
    assert acceleration(x) == pytest.approx((d**3).sum() / (6 * (d**2).sum() ** 1.5))


def test_independent_resampling_agrees_with_scipy():
    x = _sample(5, n=120)
    low, high = bca_mean_interval(x, np.random.default_rng(1), n_resamples=20000)
    ref = stats.bootstrap((x,), np.mean, method="BCa", n_resamples=20000, rng=np.random.default_rng(2))
    width = high - low
    assert low == pytest.approx(ref.confidence_interval.low, abs=0.05 * width)
    assert high == pytest.approx(ref.confidence_interval.high, abs=0.05 * width)


def test_resampled_means_are_unbiased():
    x = _sample(6)
    means = resampled_means(x, np.random.default_rng(3), 20000)
    assert means.mean() == pytest.approx(x.mean(), abs=0.02)
    assert means.std() == pytest.approx(x.std() / np.sqrt(len(x)), rel=0.05)


def test_degenerate_samples():
    rng = np.random.default_rng(0)
    assert bca_mean_interval(np.array([1.0]), rng) == (None, None)
    assert bca_mean_interval(np.full(10, 2.0), rng) == (2.0, 2.0)


def test_interval_misses_zero_about_five_percent_of_the_time_under_the_null():
    rng = np.random.default_rng(11)
    misses = 0
    runs = 300
    for _ in range(runs):
        x = rng.integers(-3, 4, size=150).astype(float)  # symmetric, mean zero
        low, high = bca_mean_interval(x, rng, n_resamples=1000)
        misses += not (low <= 0 <= high)
    assert 0.02 <= misses / runs <= 0.09
