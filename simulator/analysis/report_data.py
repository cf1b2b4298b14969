"""The report's figures that the analysis files do not hold, aggregated from deals.parquet.

Everything is a polars aggregation over the rows, reduced to a few hundred numbers per
chart (running paths are thinned to at most ``PATH_POINTS`` points), so a run of a
million rows makes a page of the same size as one of a thousand.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import polars as pl

from simulator.analysis.pairs import DEAL_KEYS, MARGIN_SCALE, PAIR_KEYS, pair_deals
from simulator.analysis.runinfo import RunInfo

PATH_POINTS = 300
HISTOGRAM_BINS = 30
#: the points columns of each game, as (column or expression name, label)
CATEGORIES: dict[str, list[tuple[str, str]]] = {
    "sweep": [
        ("cards_points", "most cards"),
        ("spades_points", "most spades"),
        ("ace_of_spades_points", "ace of spades"),
        ("sweep_points", "sweeps"),
    ],
    "seep": [("card_points", "card points"), ("sweep_points", "seeps")],
    "sueca": [
        ("declarer_points", "as declarer (points)"),
        ("partner_points", "as partner"),
        ("defender_points", "as defender"),
        ("nuls_points", "nuls (declarer)"),
    ],
}


@dataclass(frozen=True)
class Track:
    """A running statistic thinned to at most PATH_POINTS points."""

    xs: list[float]
    mean: list[float]
    low: list[float]
    high: list[float]


@dataclass(frozen=True)
class NotableDeal:
    """A deal worth seeing: where it is in the run and why."""

    variant: str
    lineup: int
    deal_index: int
    rotation: int
    why: str


def thin(n: int, points: int = PATH_POINTS) -> np.ndarray:
    """At most ``points`` indexes of 0..n-1, always with the last."""
    return np.unique(np.linspace(0, n - 1, min(n, points)).round().astype(np.int64))


def running_margin(margins: np.ndarray) -> Track:
    """The mean margin after each group, with its 95% normal band."""
    n = np.arange(1, len(margins) + 1, dtype=np.float64)
    total, squares = np.cumsum(margins), np.cumsum(margins * margins)
    mean = total / n
    var = np.maximum(squares / n - mean * mean, 0) * n / np.maximum(n - 1, 1)
    half = 1.96 * np.sqrt(var / n)
    idx = thin(len(margins))
    return Track(
        (idx + 1).astype(float).tolist(),
        mean[idx].tolist(),
        (mean - half)[idx].tolist(),
        (mean + half)[idx].tolist(),
    )


def sprt_path(half_totals: np.ndarray, deals_per_group: int, sprt: Mapping[str, Any]) -> Track:
    """The LLR after each batch of the sequential test, as the run looked at them."""
    from simulator.analysis.comparisons import histogram
    from simulator.analysis.elo import llr_logistic

    batch = int(sprt["batch"])
    ends = np.arange(batch, len(half_totals) + batch, batch).clip(max=len(half_totals))
    ends = ends[thin(len(ends))] if len(ends) else ends
    llr = [
        llr_logistic(sprt["elo0"], sprt["elo1"], histogram(half_totals[:end], deals_per_group))
        for end in ends
    ]
    xs = [0.0, *ends.astype(float).tolist()]
    llr = [0.0, *llr]
    return Track(xs, llr, llr, llr)


def pair_frame(deals: pl.LazyFrame, info: RunInfo) -> pl.DataFrame:
    """One row per pair and deal (A's ``half`` result and exact margin ``m``), in deal order."""
    order = {v: i for i, v in enumerate(info.variants)}
    rank = pl.col("variant").replace_strict(order, default=len(order), return_dtype=pl.Int64)
    keys = ["strategy", "opponent", "deal_index", "lineup", "rotation"]
    return pair_deals(deals, info).sort(rank, *keys).collect()


def pair_paths(pairs: pl.DataFrame) -> dict[tuple[str, str, str], tuple[Track, np.ndarray, int]]:
    """Per pair: its running margin over deal groups, the groups' half-point totals and their size."""
    groups = (
        pairs.group_by([*PAIR_KEYS, "deal_index"], maintain_order=True)  # pairs in order, deals in order
        .agg(deals=pl.len(), half=pl.col("half").sum(), m=pl.col("m").sum())
        .filter(pl.col("deals") == pl.col("deals").max().over(PAIR_KEYS))
        .with_columns(margin=pl.col("m") / (MARGIN_SCALE * pl.col("deals")))
    )
    out = {}
    for key, g in groups.group_by(PAIR_KEYS, maintain_order=True):
        out[(str(key[0]), str(key[1]), str(key[2]))] = (
            running_margin(g["margin"].to_numpy()),
            g["half"].to_numpy(),
            int(g["deals"][0]),
        )
    return out


def margin_histograms(pairs: pl.DataFrame) -> dict[tuple[str, str, str], tuple[list[int], list[float]]]:
    """Per pair: A's margin per deal as counts over bin edges (one bin per value when few)."""
    counted = (
        pairs.group_by([*PAIR_KEYS, "m"], maintain_order=True)
        .agg(n=pl.len())
        .with_columns(margin=pl.col("m") / MARGIN_SCALE)
    )
    out = {}
    for key, unsorted in counted.group_by(PAIR_KEYS, maintain_order=True):
        g = unsorted.sort("m")
        values, counts = g["margin"].to_numpy(), g["n"].to_numpy()
        step = float(np.min(np.diff(values))) if len(values) > 1 else 1.0
        cells = round((values[-1] - values[0]) / step) + 1
        if cells <= 2 * HISTOGRAM_BINS:  # one bar per possible value, gaps included
            index = np.rint((values - values[0]) / step).astype(np.int64)
            hist = np.bincount(index, weights=counts, minlength=cells)
            edges = (values[0] + step * (np.arange(cells + 1) - 0.5)).tolist()
        else:
            hist, edges_np = np.histogram(values, bins=HISTOGRAM_BINS, weights=counts)
            edges = edges_np.tolist()
        out[(str(key[0]), str(key[1]), str(key[2]))] = (hist.astype(np.int64).tolist(), edges)
    return out


def notable_pair_deals(pairs: pl.DataFrame) -> list[NotableDeal]:
    """Per pair: A's largest win, B's largest win, and the closest decided deal."""
    out: list[NotableDeal] = []
    for key, g in pairs.group_by(PAIR_KEYS, maintain_order=True):
        variant, a, b = (str(k) for k in key)
        picks = [
            (
                g.filter(pl.col("m") > 0).sort("m", descending=True, maintain_order=True),
                f"{a}'s largest win over {b}",
            ),
            (g.filter(pl.col("m") < 0).sort("m", maintain_order=True), f"{b}'s largest win over {a}"),
            (g.filter(pl.col("m") != 0).sort(pl.col("m").abs(), maintain_order=True), f"closest {a} vs {b}"),
        ]
        for rows, why in picks:
            if rows.height:
                r = rows.row(0, named=True)
                margin = abs(r["m"]) / MARGIN_SCALE
                out.append(
                    NotableDeal(
                        variant, r["lineup"], r["deal_index"], r["rotation"], f"{why}, by {margin:.3g}"
                    )
                )
    return out


def dealer_wins(deals: pl.LazyFrame, info: RunInfo) -> list[NotableDeal]:
    """Per variant: the deal the dealer's side won by the most points (round 1 of a match)."""
    rows = (
        deals.filter(pl.col("round") == 1)
        .with_columns(top=pl.col("points").max().over([*DEAL_KEYS, "round"]))
        .with_columns(
            second=pl.col("points").filter(pl.col("points") < pl.col("top")).max().over([*DEAL_KEYS, "round"])
        )
        .filter(pl.col("dealer_side") & pl.col("won") & pl.col("second").is_not_null())
        .with_columns(lead=pl.col("points") - pl.col("second"))
        .sort(["variant", "lead", "deal_index"], descending=[False, True, False])
        .group_by("variant", maintain_order=True)
        .first()
        .select("variant", "lineup", "deal_index", "rotation", "lead")
        .collect()
    )
    order = {v: i for i, v in enumerate(info.variants)}
    return [
        NotableDeal(
            r["variant"],
            r["lineup"],
            r["deal_index"],
            r["rotation"],
            f"won from the dealer's seat by {r['lead']}",
        )
        for r in sorted(rows.iter_rows(named=True), key=lambda r: order.get(r["variant"], len(order)))
    ]


def _category_exprs(game: str, present: set[str]) -> list[pl.Expr]:
    if game == "sueca":
        score = pl.col("hand_score")
        points = pl.col("contract") == "points"
        roles = {
            "declarer_points": pl.col("declarer") & points,
            "partner_points": pl.col("is_partner") & points,
            "defender_points": ~pl.col("declarer") & ~pl.col("is_partner") & points,
            "nuls_points": pl.col("declarer") & ~points,
        }
        return [pl.when(cond).then(score).otherwise(0).mean().alias(name) for name, cond in roles.items()]
    return [pl.col(name).mean().alias(name) for name, _ in CATEGORIES.get(game, []) if name in present]


def category_points(deals: pl.LazyFrame, info: RunInfo) -> pl.DataFrame:
    """Mean points per deal (per side row) of each scoring category, per variant and strategy."""
    present = set(deals.collect_schema().names())
    exprs = _category_exprs(info.game, present)
    if not exprs:
        return pl.DataFrame()
    table = deals.group_by("variant", "strategy").agg(*exprs, total=pl.col("points").mean()).collect()
    vorder = {v: i for i, v in enumerate(info.variants)}
    sorder = {s: i for i, s in enumerate(info.strategies)}
    return table.sort(
        pl.col("variant").replace_strict(vorder, default=len(vorder), return_dtype=pl.Int64),
        pl.col("strategy").replace_strict(sorder, default=len(sorder), return_dtype=pl.Int64),
    )


@dataclass(frozen=True)
class Extras:
    """Everything the report draws beyond the analysis files."""

    tracks: dict[tuple[str, str, str], Track]
    groups: dict[tuple[str, str, str], int]
    sprt: Track | None
    categories: pl.DataFrame
    margins: dict[tuple[str, str, str], tuple[list[int], list[float]]]
    notable: list[NotableDeal]


def gather(deals: pl.LazyFrame, info: RunInfo, manifest: Mapping[str, Any]) -> Extras:
    """One read of the rows for every extra figure and the deals worth seeing."""
    pairs = pair_frame(deals, info)
    paths = pair_paths(pairs)
    sprt = manifest.get("sprt")
    sprt_track = None
    if sprt and len(paths) == 1:
        _, halves, size = next(iter(paths.values()))
        sprt_track = sprt_path(halves, size, sprt)
    return Extras(
        {k: v[0] for k, v in paths.items()},
        {k: len(v[1]) for k, v in paths.items()},
        sprt_track,
        category_points(deals, info),
        margin_histograms(pairs),
        notable_pair_deals(pairs) + dealer_wins(deals, info),
    )


def winners_first(comparisons: pl.DataFrame) -> set[tuple[str, str]]:
    """The pairs (A, B) to show from B's side: those B wins on mean margin over the variants."""
    means = comparisons.group_by("strategy", "opponent").agg(pl.col("margin_mean").mean())
    return {(r[0], r[1]) for r in means.filter(pl.col("margin_mean") < 0).iter_rows()}


def flip_comparisons(comparisons: pl.DataFrame, flips: set[tuple[str, str]]) -> pl.DataFrame:
    """The comparisons with each flipped pair seen from its second strategy."""
    flip = pl.concat_str("strategy", "opponent", separator="\x1f").is_in([f"{a}\x1f{b}" for a, b in flips])

    def either(same: pl.Expr, other: pl.Expr) -> pl.Expr:
        return pl.when(pl.col("_flip")).then(other).otherwise(same)

    c = pl.col
    return (
        comparisons.with_columns(_flip=flip)
        .with_columns(
            either(c("strategy"), c("opponent")).alias("strategy"),
            either(c("opponent"), c("strategy")).alias("opponent"),
            either(c("wins"), c("losses")).alias("wins"),
            either(c("losses"), c("wins")).alias("losses"),
            either(c("score"), 1 - c("score")).alias("score"),
            either(c("elo"), -c("elo")).alias("elo"),
            either(c("los"), 1 - c("los")).alias("los"),
            either(c("nelo"), -c("nelo")).alias("nelo"),
            either(c("margin_mean"), -c("margin_mean")).alias("margin_mean"),
            either(c("margin_ci_low"), -c("margin_ci_high")).alias("margin_ci_low"),
            either(c("margin_ci_high"), -c("margin_ci_low")).alias("margin_ci_high"),
        )
        .drop("_flip")
    )


def flip_track(t: Track) -> Track:
    return Track(t.xs, [-v for v in t.mean], [-v for v in t.high], [-v for v in t.low])


def flip_histogram(h: tuple[list[int], list[float]]) -> tuple[list[int], list[float]]:
    counts, edges = h
    return counts[::-1], [-e for e in reversed(edges)]


def oriented(extras: Extras, flips: set[tuple[str, str]]) -> Extras:
    """The extras with each flipped pair seen from its second strategy."""

    def key(k: tuple[str, str, str]) -> tuple[str, str, str]:
        return (k[0], k[2], k[1]) if (k[1], k[2]) in flips else k

    def flipped(k: tuple[str, str, str]) -> bool:
        return (k[1], k[2]) in flips

    return Extras(
        {key(k): flip_track(t) if flipped(k) else t for k, t in extras.tracks.items()},
        {key(k): n for k, n in extras.groups.items()},
        extras.sprt,
        extras.categories,
        {key(k): flip_histogram(h) if flipped(k) else h for k, h in extras.margins.items()},
        extras.notable,
    )
