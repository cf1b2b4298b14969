"""Elo, LOS, normalized Elo and the GSPRT log-likelihood ratio from a group-score histogram.

The formulas are fishtest's (official-stockfish/fishtest, ``server/fishtest/stats``):
``stat_util.get_elo`` and ``LLRcalc.LLR_logistic``, re-implemented here for a
histogram of any length ``2n + 1``. Bin ``i`` counts the deal groups whose ``n``
deals gave A a total score of ``i / 2``; for ``n = 2`` it is fishtest's
pentanomial, for ``n = 1`` its trinomial.

* Empty bins are replaced by ``1e-3`` before anything is computed (``regularize``).
* Score ``mu``: A's mean result per deal. ``var``: the variance of the group total
  divided by ``n``, so that ``stdev / sqrt(deals)`` is the standard error of ``mu``
  under the paired design.
* Elo ``-400 log10(1/mu - 1)`` (``mu`` clamped to [0.001, 0.999]); its error is half
  the Elo width of ``mu ± 1.96 · stdev / sqrt(deals)``; LOS ``Phi((mu - 0.5) / (stdev / sqrt(deals)))``.
* LLR: ``N`` times the expected log ratio of the two maximum-likelihood
  distributions with expectations ``L(elo0)`` and ``L(elo1)`` (the secular equation of
  fishtest's ``MLE_expected``), over the regularized empirical distribution of the
  group mean score.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from scipy import optimize, stats

EPSILON = 1e-3
#: normalized Elo per unit of normalized t-value (fishtest's ``nelo_divided_by_nt``)
NELO_PER_NT = 800 / math.log(10)
Z95 = float(stats.norm.ppf(0.975))

#: counts per total score 0, ½, ..., n (a list or a numpy array)
Histogram = Sequence[float] | np.ndarray


def regularize(histogram: Histogram) -> np.ndarray:
    """Empty bins become ``1e-3`` (fishtest's small prior), so no bin has zero mass."""
    h = np.asarray(histogram, dtype=np.float64)
    return np.where(h == 0, EPSILON, h)


def elo_of_score(score: float) -> float:
    """Logistic Elo of an expected score, clamped as fishtest clamps it."""
    x = min(max(score, EPSILON), 1 - EPSILON)
    return -400 * math.log10(1 / x - 1)


def score_of_elo(elo: float) -> float:
    return 1 / (1 + 10 ** (-elo / 400))


@dataclass(frozen=True)
class EloEstimate:
    elo: float
    elo_error: float
    los: float
    score: float
    stdev: float
    deals: float


def _moments(histogram: np.ndarray) -> tuple[float, float, float]:
    """(deals, per-deal score, per-deal variance) exactly as fishtest's ``stat_util.stats``."""
    count = len(histogram)
    n = (count - 1) / 2
    groups = histogram.sum()
    deals = groups * n
    totals = np.arange(count) / 2  # a group's total score in each bin
    mu = float((histogram * totals).sum() / deals)
    var = float((histogram * (totals - n * mu) ** 2).sum() / deals)
    return float(deals), mu, var


def get_elo(histogram: Histogram) -> EloEstimate:
    """Elo, the half-width of its 95% interval and the likelihood of superiority."""
    deals, mu, var = _moments(regularize(histogram))
    stdev = math.sqrt(var)
    se = stdev / math.sqrt(deals)
    mu_min = mu - Z95 * se
    mu_max = mu + Z95 * se
    elo95 = (elo_of_score(mu_max) - elo_of_score(mu_min)) / 2
    los = float(stats.norm.cdf((mu - 0.5) / se))
    return EloEstimate(elo_of_score(mu), elo95, los, mu, stdev, deals)


def _pdf(histogram: Histogram) -> tuple[float, np.ndarray, np.ndarray]:
    """(groups, values, probabilities): the group mean score's regularized distribution."""
    h = regularize(histogram)
    groups = float(h.sum())
    values = np.arange(len(h)) / (len(h) - 1)
    return groups, values, h / groups


def normalized_elo(histogram: Histogram) -> float:
    """``(score - 0.5) / sqrt(n · var) · 800 / ln 10``, ``var`` the variance of the group mean."""
    _, values, probs = _pdf(histogram)
    n = (len(values) - 1) / 2
    mean = float((probs * values).sum())
    var = float((probs * (values - mean) ** 2).sum())
    return (mean - 0.5) / math.sqrt(n * var) * NELO_PER_NT


def normalized_elo_error(groups: int, n: int) -> float:
    """Half-width of normalized Elo's 95% interval in the normal approximation."""
    return Z95 * NELO_PER_NT / math.sqrt(groups * n)


def _mle_expected(values: np.ndarray, probs: np.ndarray, s: float) -> np.ndarray:
    """Maximum-likelihood distribution on ``values`` with expectation ``s`` (secular equation)."""
    a = values - s
    lower, upper = -1 / a.max(), -1 / a.min()

    def f(x: float) -> float:
        return float((probs * a / (1 + x * a)).sum())

    x = optimize.brentq(f, lower + 1e-9, upper - 1e-9)
    return probs / (1 + x * a)


def llr_logistic(elo0: float, elo1: float, histogram: Histogram) -> float:
    """fishtest's generalized LLR of H1 (logistic Elo ``elo1``) against H0 (``elo0``)."""
    groups, values, probs = _pdf(histogram)
    p0 = _mle_expected(values, probs, score_of_elo(elo0))
    p1 = _mle_expected(values, probs, score_of_elo(elo1))
    return groups * float((probs * (np.log(p1) - np.log(p0))).sum())
