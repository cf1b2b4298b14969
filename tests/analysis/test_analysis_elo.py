"""Elo, LOS, normalized Elo and LLR against fishtest's formulas, and their honesty on simulated data."""

from __future__ import annotations

import math

import numpy as np
import pytest

from simulator.analysis.elo import (
    elo_of_score,
    get_elo,
    llr_logistic,
    normalized_elo,
    normalized_elo_error,
    regularize,
    score_of_elo,
)

# (histogram, elo, elo_error, los, LLR(0, 5), LLR(-3, 1)) computed with fishtest's own
# stat_util.get_elo and LLRcalc.LLR_logistic (official-stockfish/fishtest at b8eecff2).
FISHTEST = [
    (
        [10789, 19328, 33806, 19402, 10543],
        -0.7735773359165423,
        1.2775798957280218,
        0.1176588580327751,
        -38.51440847341944,
        2.1310678117940807,
    ),
    (
        [0, 3, 10, 20, 5],
        129.04227740514304,
        50.5345653109143,
        0.999999984112361,
        0.5428519191647921,
        0.43869178370625317,
    ),
    (
        [30, 50, 20],
        -34.86007028756008,
        48.47022805987017,
        0.0765637255098348,
        -0.30805997735023005,
        -0.22375116420135893,
    ),
    (
        [5, 0, 3],
        -88.72792020430653,
        354.95349891426764,
        0.23260533889819973,
        -0.02961450484414498,
        -0.022763573657953253,
    ),
    (
        [1, 2, 3, 4, 5, 6, 7, 8, 9],
        120.41199826559247,
        64.08418769979504,
        0.9999738606710836,
        0.509797597662332,
        0.417070330302006,
    ),
]


@pytest.mark.parametrize(("hist", "elo", "err", "los", "llr_a", "llr_b"), FISHTEST)
def test_matches_fishtest(hist, elo, err, los, llr_a, llr_b):
    est = get_elo(hist)
    assert est.elo == pytest.approx(elo, rel=1e-9)
    assert est.elo_error == pytest.approx(err, rel=1e-9)
    assert est.los == pytest.approx(los, rel=1e-9, abs=1e-15)
    assert llr_logistic(0, 5, hist) == pytest.approx(llr_a, rel=1e-7)
    assert llr_logistic(-3, 1, hist) == pytest.approx(llr_b, rel=1e-7)


def test_trinomial_by_hand():
    # 30 losses, 50 draws, 20 wins: score 0.45, per-game variance 0.35**2 = 0.1225
    est = get_elo([30, 50, 20])
    assert est.score == pytest.approx(0.45)
    assert est.stdev == pytest.approx(0.35)
    assert est.elo == pytest.approx(-400 * math.log10(1 / 0.45 - 1))
    se = 0.35 / 10
    assert est.los == pytest.approx(0.5 * math.erfc(0.05 / se / math.sqrt(2)))
    half = (elo_of_score(0.45 + 1.959963984540054 * se) - elo_of_score(0.45 - 1.959963984540054 * se)) / 2
    assert est.elo_error == pytest.approx(half)


def test_normalized_elo_by_hand():
    # pentanomial [1, 2, 4, 2, 1] shifted: group means 0, .25, .5, .75, 1 with these weights
    hist = [1, 2, 3, 3, 1]
    p = np.array(hist) / 10
    v = np.arange(5) / 4
    mean = (p * v).sum()
    var = (p * (v - mean) ** 2).sum()
    assert normalized_elo(hist) == pytest.approx((mean - 0.5) / math.sqrt(2 * var) * 800 / math.log(10))
    assert normalized_elo_error(100, 2) == pytest.approx(
        1.959963984540054 * 800 / math.log(10) / math.sqrt(200)
    )


def test_regularize_and_scale():
    assert regularize([0, 2, 0]).tolist() == [1e-3, 2, 1e-3]
    assert score_of_elo(elo_of_score(0.7)) == pytest.approx(0.7)
    assert elo_of_score(1.0) == elo_of_score(0.999)


def test_llr_sign_follows_the_evidence():
    strong = [5, 10, 30, 40, 15]
    assert llr_logistic(0, 10, strong) > 0
    assert llr_logistic(0, 10, strong[::-1]) < 0


def _simulated_histograms(rng: np.random.Generator, runs: int, groups: int, edge: float) -> np.ndarray:
    """Pentanomials of ``runs`` experiments: per group, two correlated deals (a shared
    deal difficulty) whose win probability for A is 0.5 + edge on average."""
    difficulty = rng.normal(0, 0.15, size=(runs, groups, 1))
    p_win = np.clip(0.4 + edge + difficulty, 0, 0.8)
    u = rng.random((runs, groups, 2))
    half = np.where(u < p_win, 2, np.where(u < p_win + 0.2, 1, 0)).sum(axis=2)
    return np.stack([np.bincount(h, minlength=5) for h in half])


def test_self_play_is_declared_different_about_five_percent_of_the_time():
    rng = np.random.default_rng(20261201)
    hists = _simulated_histograms(rng, runs=2000, groups=200, edge=0.0)
    flagged = [not 0.025 <= get_elo(h).los <= 0.975 for h in hists]
    rate = float(np.mean(flagged))
    assert 0.03 <= rate <= 0.07, rate


def test_a_known_edge_is_found_and_covered():
    rng = np.random.default_rng(7)
    hist = _simulated_histograms(rng, runs=1, groups=3000, edge=0.05)[0]
    est = get_elo(hist)
    assert est.los > 0.999
    # the true expected score: win 0.45 (clipping is negligible here), draw 0.2
    true_elo = elo_of_score(0.45 + 0.1)
    assert abs(est.elo - true_elo) < est.elo_error
