"""Exact sums for balance.parquet's ratio figures, and the intervals computed from them.

Every ratio figure is ``sum(num) / (scale · sum(den))`` over deal groups, with
integer ``num`` and ``den`` per group (shares in half points, advantages in
``1 / (2 · sides)``). Its interval is a Student t interval over groups of the
linearized ratio ``u = r + (num / scale - r · den) / mean(den)``; a paired difference
is the mean of ``u_variant - u_baseline`` over the groups both have. Both only need
the sums of the group vectors and of their products (a few integers per figure,
added slice by slice), and exact rational arithmetic on them gives the same bits
whatever the slicing.
"""

from __future__ import annotations

import math
from fractions import Fraction

import polars as pl
from scipy import stats

#: the own sums of a figure: groups, then sums of n, d, n·n, n·d, d·d (groups with d != 0)
OWN = ("g", "n", "d", "nn", "nd", "dd")
#: the paired sums over groups both variants have: count, the 4-vector (n, d, n', d') and products
VECTOR = ("n", "d", "bn", "bd")
PRODUCTS = tuple(f"{a}*{b}" for i, a in enumerate(VECTOR) for b in VECTOR[i:])
PAIRED = ("s", *VECTOR, *PRODUCTS)


def own_sums(groups: pl.DataFrame, figures: int) -> pl.DataFrame:
    """Per (variant, mix): the OWN sums of each figure ``f`` (columns ``n{f}``, ``d{f}``)."""
    aggs = []
    for f in range(figures):
        n, d = pl.col(f"n{f}"), pl.col(f"d{f}")
        present = d != 0
        parts = {"g": present.cast(pl.Int64), "n": n, "d": d, "nn": n * n, "nd": n * d, "dd": d * d}
        aggs += [pl.when(present).then(e).otherwise(0).sum().alias(f"{k}{f}") for k, e in parts.items()]
    return groups.group_by("variant", "mix").agg(aggs)


def paired_sums(joined: pl.DataFrame, figures: int) -> pl.DataFrame:
    """Per (variant, mix) of a join of groups with the baseline's (``bn{f}``, ``bd{f}``): PAIRED sums."""
    aggs = []
    for f in range(figures):
        col = {"n": pl.col(f"n{f}"), "d": pl.col(f"d{f}"), "bn": pl.col(f"bn{f}"), "bd": pl.col(f"bd{f}")}
        both = (col["d"] != 0) & (col["bd"] != 0)
        parts = {"s": both.cast(pl.Int64), **col}
        for name in PRODUCTS:
            a, b = name.split("*")
            parts[name] = col[a] * col[b]
        aggs += [pl.when(both).then(e).otherwise(0).sum().alias(f"{k}{f}") for k, e in parts.items()]
    return joined.group_by("variant", "mix").agg(aggs)


def add_sums(total: dict[tuple[str, str], dict[str, int]], frame: pl.DataFrame) -> None:
    """Add a slice's sums (one row per variant and mix) into ``total`` (Python integers)."""
    for row in frame.iter_rows(named=True):
        key = (row.pop("variant"), row.pop("mix"))
        into = total.setdefault(key, {})
        for name, value in row.items():
            into[name] = into.get(name, 0) + int(value)


def _t_half(var: Fraction, n: int) -> float | None:
    if n < 2:
        return None
    return float(stats.t.ppf(0.975, n - 1)) * math.sqrt(max(0.0, float(var)) / n)


def _variance(
    beta: list[Fraction], sums: dict[str, int], names: tuple[str, ...], count: int, f: int
) -> Fraction:
    """Sample variance of ``beta · x`` over ``count`` groups from the sums of x and x xᵀ."""
    total = Fraction(0)
    for i, a in enumerate(names):
        for j, b in enumerate(names):
            key = f"{a}*{b}" if i <= j else f"{b}*{a}"
            product = sums.get(f"{key}{f}", sums.get(f"{_own(key)}{f}", 0))
            centred = Fraction(product) - Fraction(sums[f"{a}{f}"] * sums[f"{b}{f}"], count)
            total += beta[i] * beta[j] * centred
    return total / (count - 1)


def _own(key: str) -> str:
    return key.replace("*", "")


def ratio(sums: dict[str, int], f: int, scale: int) -> Fraction | None:
    d = sums[f"d{f}"]
    return Fraction(sums[f"n{f}"], scale * d) if d else None


def _beta(sums: dict[str, int], f: int, scale: int) -> tuple[Fraction, list[Fraction]]:
    """(r, [β_n, β_d]) of the linearization ``u = r + β_n (n - mean n) + β_d (d - mean d)``."""
    r = ratio(sums, f, scale)
    assert r is not None
    g, d = sums[f"g{f}"], sums[f"d{f}"]
    return r, [Fraction(g, scale * d), -r * Fraction(g, d)]


def own_interval(sums: dict[str, int], f: int, scale: int) -> tuple[float, float | None, float | None]:
    """(value, 95% low, 95% high) of figure ``f``."""
    r, beta = _beta(sums, f, scale)
    g = sums[f"g{f}"]
    half = _t_half(_variance(beta, sums, ("n", "d"), g, f), g) if g > 1 else None
    value = float(r)
    return value, (None if half is None else value - half), (None if half is None else value + half)


def paired_interval(
    paired: dict[str, int], mine: dict[str, int], theirs: dict[str, int], f: int, scale: int, base_scale: int
) -> tuple[float | None, float | None, float | None]:
    """(mean paired difference, 95% low, high) of figure ``f`` over the groups both have."""
    s = paired[f"s{f}"]
    if not s or not mine[f"d{f}"] or not theirs[f"d{f}"]:
        return None, None, None
    r, (bn, bd) = _beta(mine, f, scale)
    r_b, (b_bn, b_bd) = _beta(theirs, f, base_scale)
    beta = [bn, bd, -b_bn, -b_bd]
    mean = r - r_b
    for coef, name in zip(beta, VECTOR, strict=True):
        mean += coef * (Fraction(paired[f"{name}{f}"], s) - _mean_of(name, mine, theirs, f))
    value = float(mean)
    half = _t_half(_variance(beta, paired, VECTOR, s, f), s) if s > 1 else None
    return value, (None if half is None else value - half), (None if half is None else value + half)


def _mean_of(name: str, mine: dict[str, int], theirs: dict[str, int], f: int) -> Fraction:
    """The full-sample mean (over present groups) that the linearization centres ``name`` on."""
    own = theirs if name.startswith("b") else mine
    return Fraction(own[f"{name[-1]}{f}"], own[f"g{f}"])
