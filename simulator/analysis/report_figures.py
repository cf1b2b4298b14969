"""The report's figures: each a ``<figure>`` with its chart, a caption, and its table folded under it.

The table is the chart's text equivalent (for screen readers, and for whoever wants the
numbers); it sits in a ``<details>`` so the page reads as charts first.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import Any

import polars as pl

from simulator.analysis.balance import ALL
from simulator.analysis.ratings import crosstable
from simulator.analysis.report_data import CATEGORIES, Track
from simulator.analysis.svg import (
    BLUE,
    GREY,
    SERIES,
    VERMILLION,
    Row,
    band_chart,
    bar_matrix,
    forest,
    heatmap,
    histogram,
)

BALANCE_FIGURES = {
    "dealer_advantage": "dealer advantage (win rate of the dealer's side minus the others')",
    "first_player_advantage": "first-player advantage (win rate of the first to play minus the others')",
    "tie_rate": "tie rate (deals with several sides at the top)",
}


def num(value: Any, digits: int = 3) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return escape(str(value))


def ci(value: Any, low: Any, high: Any, digits: int = 3) -> str:
    return f"{num(value, digits)} [{num(low, digits)}, {num(high, digits)}]"


def table(headers: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    """Cells are already-escaped html; the first column names the row."""
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in headers)
    body = "".join(
        "<tr>"
        + "".join(f"<td>{c}</td>" if i else f'<th scope="row">{c}</th>' for i, c in enumerate(r))
        + "</tr>"
        for r in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def figure(fid: str, caption: str, chart: str, data_table: str, width: int = 720) -> str:
    return (
        f'<figure id="{fid}" style="width:{width}px" aria-labelledby="{fid}-cap"><figcaption id="{fid}-cap">'
        f"{caption}</figcaption>{chart}<details><summary>table</summary>{data_table}</details></figure>"
    )


def note(words: str) -> str:
    return f'<p class="note">{escape(words)}</p>'


def los_style(los: float | None) -> tuple[str, str, str]:
    """Colour, marker shape and words for a likelihood of superiority."""
    if los is None:
        return GREY, "hollow", "no data"
    if los > 0.975:
        return BLUE, "circle", "better (LOS > 97.5%)"
    if los < 0.025:
        return VERMILLION, "square", "worse (LOS < 2.5%)"
    return GREY, "hollow", "undecided"


LOS_LEGEND = (
    '<p class="legend"><span style="color:#0072b2">● better: LOS &gt; 97.5%</span> · '
    '<span style="color:#d55e00">■ worse: LOS &lt; 2.5%</span> · '
    '<span style="color:#8a8a8a">○ undecided</span> · dashed line: no difference; bars: 95% intervals</p>'
)


def verdict_forest(comparisons: pl.DataFrame) -> str:
    """Every pair's paired margin and Elo with 95% intervals, coloured by LOS."""
    margins: list[Row] = []
    elos: list[Row] = []
    notes, rows = [], []
    for r in comparisons.iter_rows(named=True):
        color, shape, words = los_style(r["los"])
        label = f"{r['strategy']} vs {r['opponent']} · {r['variant']}"
        margins.append((label, r["margin_mean"], r["margin_ci_low"], r["margin_ci_high"], color, shape))
        low = high = None
        if r["elo"] is not None and r["elo_error"] is not None:
            low, high = r["elo"] - r["elo_error"], r["elo"] + r["elo_error"]
        elos.append((label, r["elo"], low, high, color, shape))
        notes.append(f"LOS {100 * r['los']:.1f}%")
        rows.append(
            [
                escape(label),
                num(r["groups"]),
                num(r["score"]),
                ci(r["margin_mean"], r["margin_ci_low"], r["margin_ci_high"]),
                f"{num(r['elo'], 1)} ± {num(r['elo_error'], 1)}",
                f"{100 * r['los']:.1f}%",
                f"{num(r['nelo'], 1)} ± {num(r['nelo_error'], 1)}",
                escape(words),
            ]
        )
    chart = forest(
        [margins, elos],
        ["points margin per deal", "Elo"],
        "forest plot of every pair's margin and Elo",
        notes=notes,
        label_width=240,
        width=700,
    )
    headers = [
        "pair · variant",
        "groups",
        "score",
        "margin [95%]",
        "Elo ± 95%",
        "LOS",
        "nElo ± 95%",
        "verdict",
    ]
    return figure(
        "fig-forest",
        "<b>Who is better, and how sure?</b> Each row: the first strategy's mean points margin per deal "
        "over the second (paired: same cards), and its Elo, with 95% intervals.",
        LOS_LEGEND + chart,
        table(headers, rows),
        700,
    )


def ladder(ratings: pl.DataFrame | None) -> str:
    if ratings is None or ratings.is_empty():
        return note("The Bradley-Terry ladder is fitted for round robins.")
    rows: list[Row] = []
    cells = []
    names = ratings["strategy"].unique(maintain_order=True).to_list()
    for (variant,), g in ratings.group_by(["variant"], maintain_order=True):
        for k, r in enumerate(g.sort("rating", descending=True).iter_rows(named=True)):
            color = SERIES[names.index(r["strategy"]) % len(SERIES)]  # one colour per strategy
            label = f"{k + 1}. {r['strategy']} · {variant}"
            rows.append((label, r["rating"], r["rating_ci_low"], r["rating_ci_high"], color, "circle"))
            cells.append([escape(label), ci(r["rating"], r["rating_ci_low"], r["rating_ci_high"], 1)])
    chart = forest(
        [rows],
        ["Bradley-Terry rating (Elo scale)"],
        "Bradley-Terry ladder",
        refs=[0.0],
        label_width=170,
        width=500,
    )
    return figure(
        "fig-ladder",
        "<b>The ladder.</b> Bradley-Terry ratings per variant (0: the field's mean), best first, "
        "with 95% bootstrap intervals; one colour per strategy.",
        chart,
        table(["rank · strategy · variant", "rating [95%]"], cells),
        500,
    )


def crosstables(comparisons: pl.DataFrame, strategies: Sequence[str]) -> str:
    out: list[str] = []
    for variant in comparisons["variant"].unique(maintain_order=True):
        sub = comparisons.filter(pl.col("variant") == variant)
        met = set(sub["strategy"]) | set(sub["opponent"])
        names = [s for s in strategies if s in met] + sorted(met - set(strategies))
        grid = crosstable(sub, variant, names)
        cells = [[None if c is None else (c[0], f"{c[0]:.3f} ({c[1]:+.0f})") for c in row] for row in grid]
        rows = [
            [escape(n)] + ["-" if c is None else escape(c[1]) for c in row]
            for n, row in zip(names, cells, strict=True)
        ]
        out.append(
            figure(
                f"fig-cross-{len(out)}",
                f"<b>Crosstable, {escape(variant)}.</b> Score (Elo) of the row against the column: "
                "blue wins, orange loses, white is even.",
                heatmap(names, cells, f"crosstable heat map of {variant}"),
                table(["row vs column", *names], rows),
                max(170 + 74 * len(names), 300),
            )
        )
    return "".join(out)


def _settled(t: Track, groups: int) -> str:
    """Whether the band has left zero, and what more deal groups would buy."""
    if not t.xs:
        return ""
    low, high = t.low[-1], t.high[-1]
    half = (high - low) / 2
    state = (
        "<b>Settled</b>: the band excludes 0"
        if low > 0 or high < 0
        else "<b>Not settled</b>: the band holds 0"
    )
    return (
        f"{state} after {groups} groups (±{half:.3g}); {3 * groups} more groups would about halve the band."
    )


def running(tracks: dict[tuple[str, str, str], Track], counts: dict[tuple[str, str, str], int]) -> str:
    out: list[str] = []
    for (variant, a, b), t in tracks.items():
        chart = band_chart(
            t.xs, t.mean, t.low, t.high, f"running margin of {a} vs {b}, {variant}", "deal groups", "margin"
        )
        step = max(len(t.xs) // 12, 1)
        rows = [
            [num(int(x)), num(m), f"[{num(lo)}, {num(hi)}]"]
            for x, m, lo, hi in list(zip(t.xs, t.mean, t.low, t.high, strict=True))[::step]
        ]
        groups = counts.get((variant, a, b), 0)
        out.append(
            figure(
                f"fig-run-{len(out)}",
                f"{escape(a)} vs {escape(b)} · {escape(variant)}: mean margin after each deal group, "
                f"95% band. {_settled(t, groups)}",
                chart,
                table(["groups", "mean margin", "95% band"], rows),
                350,
            )
        )
    return "".join(out)


def sprt_figure(track: Track | None, sprt: dict[str, Any], pair: dict[str, Any] | None) -> str:
    decision = sprt["decision"] or "none (the maximum number of deal groups was reached)"
    who = f"{pair['strategy']} against {pair['opponent']}" if pair else "the pair"
    facts = [
        [escape(k), num(sprt[k], 4) if isinstance(sprt[k], float) else num(sprt[k])]
        for k in ("elo0", "elo1", "alpha", "beta", "llr", "lower_bound", "upper_bound", "groups", "batch")
    ]
    chart = ""
    if track is not None:
        chart = band_chart(
            track.xs,
            track.mean,
            track.low,
            track.high,
            "SPRT log-likelihood ratio path",
            "deal groups",
            "LLR",
            width=700,
            bounds=[(sprt["lower_bound"], "accept H0"), (sprt["upper_bound"], "accept H1")],
        )
    return figure(
        "fig-sprt",
        f"<b>Sequential test</b> of {escape(who)} (elo0 {sprt['elo0']:g}, elo1 {sprt['elo1']:g}): "
        "the log-likelihood ratio after each batch, between its two bounds. "
        f"Decision: <b>{escape(decision)}</b>.",
        chart,
        table(["", "value"], facts),
    )


def _variant_rows(
    rows: pl.DataFrame, variants: Sequence[str], label: str
) -> tuple[list[Row], list[list[str]]]:
    chart: list[Row] = []
    cells = []
    for r in rows.iter_rows(named=True):
        k = variants.index(r["variant"]) if r["variant"] in variants else len(variants)
        differs = r["diff_ci_low"] is not None and (r["diff_ci_low"] > 0 or r["diff_ci_high"] < 0)
        name = f"{label}{r['variant']}" + (" ★" if differs else "")
        shape = "diamond" if differs else "circle"
        chart.append((name, r["value"], r["ci_low"], r["ci_high"], SERIES[k % len(SERIES)], shape))
        diff = "-" if r["baseline"] is None else ci(r["diff"], r["diff_ci_low"], r["diff_ci_high"])
        cells.append([escape(name), ci(r["value"], r["ci_low"], r["ci_high"]), diff, num(r["groups"])])
    return chart, cells


def balance_figures(balance: pl.DataFrame, variants: Sequence[str]) -> str:
    overall = balance.filter(pl.col("mix") == ALL)
    if overall.is_empty():
        return note("no completed deals")
    base = variants[0] if variants else ""
    headers = ["variant", "value [95%]", f"minus {base} (paired) [95%]", "groups"]
    star = f"★ and ◆: differs from {escape(base)} (paired 95% interval excludes 0)."
    order = {v: i for i, v in enumerate(variants)}
    positions = overall.filter(pl.col("figure") == "win_rate_position").sort(
        pl.col("key").cast(pl.Int64, strict=False),
        pl.col("variant").replace_strict(order, default=len(order), return_dtype=pl.Int64),
    )
    out: list[str] = []
    if positions.height:
        rows, cells = [], []
        for (key,), g in positions.group_by(["key"], maintain_order=True):
            r, c = _variant_rows(g, variants, f"position {key} · ")
            rows += r
            cells += c
        fair = float(positions["value"].mean())  # type: ignore[arg-type]
        out.append(
            figure(
                "fig-positions",
                "<b>Win rate by position from the dealer</b> (0: the dealer, 1: the first to play, ...), "
                f"every variant side by side; dashed: their mean, {fair:.3f}. {star}",
                forest([rows], ["win rate"], "win rate by position", refs=[fair], width=560),
                table(["position · variant", *headers[1:]], cells),
                560,
            )
        )
    for name, words in BALANCE_FIGURES.items():
        g = overall.filter(pl.col("figure") == name)
        if g.is_empty():
            continue
        rows, cells = _variant_rows(g, variants, "")
        ref = 0.0 if name != "tie_rate" else None
        out.append(
            figure(
                f"fig-{name.replace('_', '-')}",
                f"<b>{escape(words.split(' (')[0].capitalize())}</b> ({escape(words.split(' (')[1])} {star}",
                forest([rows], [name.replace("_", " ")], words, refs=[ref], label_width=150, width=400),
                table(headers, cells),
                400,
            )
        )
    return "".join(out)


def category_figure(points: pl.DataFrame, game: str) -> str:
    if points.is_empty():
        return note("no scoring categories for this game")
    columns = [(c, label) for c, label in CATEGORIES[game] if c in points.columns]
    names = [f"{r['strategy']} · {r['variant']}" for r in points.iter_rows(named=True)]
    values = [[r[c] for c, _ in columns] for r in points.iter_rows(named=True)]
    cells = [
        [escape(n), *(num(v) for v in row), num(r["total"])]
        for n, row, r in zip(names, values, points.iter_rows(named=True), strict=True)
    ]
    return figure(
        "fig-categories",
        "<b>Where the points come from.</b> Mean points per deal of each scoring category, per strategy "
        "(one side's row; each column on its own scale).",
        bar_matrix(names, [label for _, label in columns], values, "points per scoring category"),
        table(["strategy · variant", *(label for _, label in columns), "all points"], cells),
    )


def margin_figures(hists: dict[tuple[str, str, str], tuple[list[int], list[float]]]) -> str:
    out: list[str] = []
    for (variant, a, b), (counts, edges) in hists.items():
        cells = [[f"{edges[i]:.3g} to {edges[i + 1]:.3g}", num(c)] for i, c in enumerate(counts) if c]
        out.append(
            figure(
                f"fig-margins-{len(out)}",
                f"{escape(a)} minus {escape(b)}, points per deal · {escape(variant)}",
                histogram(counts, edges, f"deal margins of {a} vs {b}, {variant}", "margin"),
                table(["margin", "deals"], cells),
                350,
            )
        )
    return "".join(out)


def dealer_glance(balance: pl.DataFrame, variants: Sequence[str]) -> str:
    """The dealer advantage of every variant, small, for the page's first screen."""
    rows = balance.filter((pl.col("mix") == ALL) & (pl.col("figure") == "dealer_advantage"))
    if rows.is_empty():
        return ""
    chart, cells = _variant_rows(rows, variants, "")
    headers = ["variant", "value [95%]", f"minus {variants[0] if variants else ''} [95%]", "groups"]
    return figure(
        "fig-glance-dealer",
        "<b>Dealer advantage</b> per variant (win rate of the dealer's side minus the others', 95%).",
        forest([chart], ["dealer advantage"], "dealer advantage per variant", label_width=150, width=420),
        table(headers, cells),
        420,
    )
