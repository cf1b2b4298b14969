"""report.html: one self-contained page (inline CSS and SVG, no script, nothing fetched).

Sections, each a ``<section id=...>``: ``summary``, ``comparisons``, ``sprt``,
``ratings``, ``crosstable``, ``balance``, ``margins`` and ``variants``. A section
with nothing to show says why rather than disappearing, so readers (and tests)
always find the same page layout.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import Any

import polars as pl

from simulator.analysis.balance import ALL
from simulator.analysis.outputs import Analysis
from simulator.analysis.ratings import crosstable
from simulator.analysis.svg import bar_chart, box_plot, forest_plot

SECTIONS = ("summary", "comparisons", "sprt", "ratings", "crosstable", "balance", "margins", "variants")

CSS = """
body { font-family: sans-serif; margin: 2em auto; max-width: 1100px; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; font-size: 13px; }
th, td { border: 1px solid #ccd; padding: 3px 8px; text-align: right; }
th { background: #eef1f5; } td.name { text-align: left; }
td.better { background: #cfe8cf; } td.worse { background: #f3cccc; }
p.note { color: #666; font-style: italic; }
section { margin-bottom: 2.5em; }
"""


def _num(value: Any, digits: int = 3) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return escape(str(value))


def _ci(value: Any, low: Any, high: Any, digits: int = 3) -> str:
    return f"{_num(value, digits)} [{_num(low, digits)}, {_num(high, digits)}]"


def _table(headers: Sequence[str], rows: Iterable[Sequence[tuple[str, str]]]) -> str:
    """Rows of (css class, already escaped cell html)."""
    head = "".join(f"<th>{escape(h)}</th>" for h in headers)
    body = "".join(
        "<tr>" + "".join(f'<td class="{cls}">{cell}</td>' for cls, cell in row) + "</tr>" for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _note(text: str) -> str:
    return f'<p class="note">{escape(text)}</p>'


def _summary(summary: pl.DataFrame) -> str:
    if summary.is_empty():
        return _note("no completed deals")
    rows = [
        [
            ("name", _num(r["variant"])),
            ("name", _num(r["strategy"])),
            ("name", _num(r["opponent"])),
            ("", _num(r["deals"])),
            ("", _num(r["deal_groups"])),
            ("", _ci(r["points_mean"], r["points_ci_low"], r["points_ci_high"])),
            ("", _ci(r["margin_mean"], r["margin_ci_low"], r["margin_ci_high"])),
            ("", _ci(r["win_rate"], r["win_ci_low"], r["win_ci_high"])),
        ]
        for r in summary.iter_rows(named=True)
    ]
    headers = [
        "variant",
        "strategy",
        "opponent",
        "deals",
        "groups",
        "points [95%]",
        "margin [95%]",
        "win rate [95%]",
    ]
    return _table(headers, rows)


def _shade(los: float) -> str:
    return "better" if los > 0.975 else "worse" if los < 0.025 else ""


def _comparisons(comparisons: pl.DataFrame) -> str:
    if comparisons.is_empty():
        return _note("no pair of strategies completed a deal group")
    rows = [
        [
            ("name", _num(r["variant"])),
            ("name", _num(r["strategy"])),
            ("name", _num(r["opponent"])),
            ("", _num(r["groups"])),
            ("", _num(r["score"])),
            (_shade(r["los"]), f"{_num(r['elo'], 1)} ± {_num(r['elo_error'], 1)}"),
            (_shade(r["los"]), _num(r["los"])),
            ("", f"{_num(r['nelo'], 1)} ± {_num(r['nelo_error'], 1)}"),
            ("", _ci(r["margin_mean"], r["margin_ci_low"], r["margin_ci_high"])),
        ]
        for r in comparisons.iter_rows(named=True)
    ]
    headers = [
        "variant",
        "strategy",
        "opponent",
        "groups",
        "score",
        "Elo ± 95%",
        "LOS",
        "nElo ± 95%",
        "margin [BCa 95%]",
    ]
    legend = _note("green: the strategy is better than its opponent (LOS > 97.5%); red: worse (LOS < 2.5%)")
    return _table(headers, rows) + legend


def _sprt(manifest: Mapping[str, Any]) -> str:
    s = manifest.get("sprt")
    if not s:
        return _note("no sequential test in this run")
    decision = s["decision"] or "none yet (the maximum number of deal groups was reached)"
    rows = [
        [("name", escape(k)), ("", _num(s[k], 4) if isinstance(s[k], float) else _num(s[k]))]
        for k in ("elo0", "elo1", "alpha", "beta", "llr", "lower_bound", "upper_bound", "groups", "batch")
    ]
    return f"<p>decision: <b>{escape(decision)}</b></p>" + _table(["", "value"], rows)


def _ratings(ratings: pl.DataFrame | None) -> str:
    if ratings is None or ratings.is_empty():
        return _note("Bradley-Terry ratings are computed for round robins")
    out = []
    for (variant,), g in ratings.group_by(["variant"], maintain_order=True):
        rows = [
            [
                ("name", _num(r["strategy"])),
                ("", _ci(r["rating"], r["rating_ci_low"], r["rating_ci_high"], 1)),
            ]
            for r in g.iter_rows(named=True)
        ]
        out.append(f"<h3>{escape(str(variant))}</h3>" + _table(["strategy", "rating [95%]"], rows))
        points = [
            (r["strategy"], r["rating"], r["rating_ci_low"], r["rating_ci_high"])
            for r in g.iter_rows(named=True)
        ]
        out.append(forest_plot(points, f"ratings of {variant}"))
    return "".join(out)


def _crosstable(comparisons: pl.DataFrame, strategies: Sequence[str]) -> str:
    if comparisons.is_empty():
        return _note("no pair of strategies completed a deal group")
    out = []
    for variant in comparisons["variant"].unique(maintain_order=True):
        sub = comparisons.filter(pl.col("variant") == variant)
        names = [s for s in strategies if s in set(sub["strategy"]) | set(sub["opponent"])]
        cells = crosstable(sub, variant, names)
        rows = []
        for name, row in zip(names, cells, strict=True):
            line = [("name", escape(name))]
            for cell in row:
                if cell is None:
                    line.append(("", "-"))
                else:
                    shade = "better" if cell[0] > 0.5 else "worse" if cell[0] < 0.5 else ""
                    line.append((shade, f"{cell[0]:.3f} ({cell[1]:+.0f})"))
            rows.append(line)
        out.append(f"<h3>{escape(variant)}</h3>" + _table(["score (Elo) of row vs column", *names], rows))
    return "".join(out)


def _balance(balance: pl.DataFrame) -> str:
    if balance.is_empty():
        return _note("no completed deals")
    out = []
    overall = balance.filter(pl.col("mix") == ALL)
    for variant in overall["variant"].unique(maintain_order=True):
        g = overall.filter(pl.col("variant") == variant)
        rows = [
            [
                ("name", escape(r["figure"])),
                ("name", escape(r["key"])),
                ("", _ci(r["value"], r["ci_low"], r["ci_high"])),
                ("", _num(r["groups"])),
            ]
            for r in g.iter_rows(named=True)
        ]
        out.append(f"<h3>{escape(variant)}</h3>" + _table(["figure", "key", "value [95%]", "groups"], rows))
        positions = g.filter(pl.col("figure") == "win_rate_position")
        points = [
            (f"position {r['key']}", r["value"], r["ci_low"], r["ci_high"])
            for r in positions.iter_rows(named=True)
        ]
        fair = sum(p[1] for p in points) / max(len(points), 1)
        out.append(f"<p>win rate by position from the dealer (dashed: their mean, {fair:.3f})</p>")
        out.append(forest_plot(points, f"win rate by position, {variant}", ref=fair))
    return "".join(out)


def _margins(comparisons: pl.DataFrame, balance: pl.DataFrame) -> str:
    out = []
    for r in comparisons.iter_rows(named=True):
        n = r["deals_per_group"]
        labels = [f"{i / 2:g}" for i in range(2 * n + 1)]
        out.append(
            f"<h3>{escape(r['variant'])}: {escape(r['strategy'])} vs {escape(r['opponent'])}</h3>"
            f"<p>deal groups by {escape(r['strategy'])}'s total score out of {n}</p>"
        )
        out.append(
            bar_chart(r["score_histogram"], labels, f"score histogram {r['strategy']} vs {r['opponent']}")
        )
        if r.get("margin_counts"):
            counts, values = r["margin_counts"], [f"{v:.3g}" for v in r["margin_bins"]]
            out.append(f"<p>deal groups by {escape(r['strategy'])}'s mean points margin per deal</p>")
            out.append(bar_chart(counts, values, f"margin histogram {r['strategy']} vs {r['opponent']}"))
    quantiles = balance.filter((pl.col("figure") == "margin_quantile") & (pl.col("mix") == ALL))
    boxes = [
        (variant, g.sort("key")["value"].to_list())
        for (variant,), g in quantiles.group_by(["variant"], maintain_order=True)
    ]
    if boxes:
        out.append("<h3>winning margin per deal (top minus runner-up): 5%, 25%, 50%, 75%, 95%</h3>")
        out.append(box_plot(boxes, "winning margin quantiles per variant"))
    return "".join(out) or _note("no completed deals")


def _variants(balance: pl.DataFrame) -> str:
    paired = balance.filter(pl.col("baseline").is_not_null() & pl.col("diff_ci_low").is_not_null())
    paired = paired.filter(pl.col("mix") == ALL)
    if paired.is_empty():
        return _note("one variant, or variants that do not share their deals: nothing to pair")
    out = []
    for (variant,), g in paired.group_by(["variant"], maintain_order=True):
        base = g["baseline"][0]
        points = [
            (f"{r['figure']} {r['key']}".strip(), r["diff"], r["diff_ci_low"], r["diff_ci_high"])
            for r in g.iter_rows(named=True)
        ]
        out.append(f"<h3>{escape(str(variant))} minus {escape(base)} (paired over shared deals, 95%)</h3>")
        out.append(forest_plot(points, f"{variant} minus {base}"))
    return "".join(out)


def render(
    analysis: Analysis,
    summary: pl.DataFrame,
    manifest: Mapping[str, Any],
) -> str:
    """The whole page as one string."""
    info = analysis.info
    name = manifest.get("config", {}).get("name", "cardsim run")
    bodies = {
        "summary": ("Summary", _summary(summary)),
        "comparisons": ("Pairwise comparisons", _comparisons(analysis.comparisons)),
        "sprt": ("Sequential test (SPRT)", _sprt(manifest)),
        "ratings": ("Bradley-Terry ratings", _ratings(analysis.ratings)),
        "crosstable": ("Crosstable", _crosstable(analysis.comparisons, info.strategies)),
        "balance": ("Rule-variant balance", _balance(analysis.balance)),
        "margins": ("Margins", _margins(analysis.comparisons, analysis.balance)),
        "variants": ("Variant comparison", _variants(analysis.balance)),
    }
    sections = "".join(
        f'<section id="{key}"><h2>{escape(title)}</h2>{html}</section>'
        for key, (title, html) in bodies.items()
    )
    facts = (
        f"{escape(info.game)}, unit {escape(info.unit)}, format {escape(info.format)}, "
        f"root seed {info.root_seed}, variants {escape(', '.join(info.variants))}"
    )
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        f"<title>cardsim report: {escape(name)}</title><style>{CSS}</style></head>"
        f"<body><h1>cardsim report: {escape(name)}</h1><p>{facts}</p>{sections}</body></html>\n"
    )
