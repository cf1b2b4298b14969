"""report.html: one self-contained page (inline CSS and SVG, no script, nothing fetched).

Charts first, their tables folded under them. The page opens on the answers (a few
sentences and the verdict forest plot), then one ``<section id=...>`` per question:
``verdicts`` (who is better, and how sure), ``more-deals`` (is the answer settled),
``balance`` (which variant is fairest, seat by seat), ``points`` (where the points
come from), ``deals`` (links to the deals worth seeing) and ``tables`` (the summary).
A section with nothing to show says why rather than disappearing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

import polars as pl

from simulator.analysis.balance import ALL
from simulator.analysis.outputs import Analysis
from simulator.analysis.report_data import Extras, flip_comparisons, oriented, winners_first
from simulator.analysis.report_figures import (
    balance_figures,
    category_figure,
    ci,
    crosstables,
    dealer_glance,
    ladder,
    margin_figures,
    note,
    num,
    running,
    sprt_figure,
    table,
    verdict_forest,
)

SECTIONS = ("verdicts", "more-deals", "balance", "points", "deals", "tables")

CSS = """
body { font-family: system-ui, sans-serif; margin: 0 auto; padding: 0 16px; max-width: 1480px;
  color: #1b1b1b; }
h1 { font-size: 22px; margin: 10px 0 2px; } h2 { font-size: 18px; border-bottom: 2px solid #0072b2;
  padding-bottom: 2px; margin-top: 1.6em; }
p.facts { margin: 0 0 6px; color: #555; font-size: 13px; }
nav.toc { font-size: 13px; margin: 4px 0 8px; } nav.toc a { margin-right: 12px; }
.answers { background: #eef5fb; border-left: 5px solid #0072b2; padding: 6px 12px; margin: 6px 0 10px;
  font-size: 15px; display: flex; gap: 16px; align-items: flex-start; } .answers p { margin: 4px 0; }
.answers > div { flex: 1 1 auto; } .answers figure { flex: 0 0 auto; background: #fff; padding: 4px; }
.grid { display: flex; flex-wrap: wrap; gap: 14px; align-items: flex-start; }
figure { margin: 0 0 12px; max-width: 100%; }
figcaption { font-size: 13px; margin-bottom: 4px; }
details summary { cursor: pointer; font-size: 12px; color: #0072b2; }
table { border-collapse: collapse; margin: 4px 0 10px; font-size: 12px; }
th, td { border: 1px solid #ccd; padding: 2px 6px; text-align: right; }
thead th { background: #eef1f5; } tbody th { text-align: left; font-weight: normal; }
p.note { color: #555; font-style: italic; } p.legend { font-size: 12px; margin: 2px 0; }
ul.deals { columns: 2; font-size: 13px; }
svg { max-width: 100%; height: auto; }
@media print { body { max-width: none; } .answers { display: block; } nav.toc { display: none; }
  figure { break-inside: avoid; } }
"""


def _pct(value: float) -> str:
    return f"{100 * value:+.1f} points of win rate"


def answers(
    comparisons: pl.DataFrame, balance: pl.DataFrame, variants: Sequence[str], manifest: Mapping[str, Any]
) -> str:
    """The questions a reader brings, answered in a sentence each from the analysis files."""
    out = []
    for (a_name, b_name), g in comparisons.group_by(["strategy", "opponent"], maintain_order=True):
        a, b = str(a_name), str(b_name)
        better = g.filter(pl.col("los") > 0.975)
        worse = g.filter(pl.col("los") < 0.025)
        n = g.height
        lo, hi = float(g["margin_mean"].min()), float(g["margin_mean"].max())  # type: ignore[arg-type]
        spread = f"{lo:+.3g}" if lo == hi else f"{lo:+.3g} to {hi:+.3g}"
        elo_lo, elo_hi = float(g["elo"].min()), float(g["elo"].max())  # type: ignore[arg-type]
        elo = f"{elo_lo:+.0f}" if elo_lo == elo_hi else f"{elo_lo:+.0f} to {elo_hi:+.0f}"
        where = "the variant" if n == 1 else f"all {n} variants"
        if better.height == n:
            verdict = f"<b>Yes</b>: {escape(str(a))} beats {escape(str(b))} in {where} (LOS &gt; 97.5%)"
        elif worse.height == n:
            verdict = f"<b>No</b>: {escape(str(b))} beats {escape(str(a))} in {where} (LOS &lt; 2.5%)"
        elif better.height + worse.height == n:
            verdict = (
                f"<b>It depends on the variant</b>: {escape(a)} better in {better.height}, "
                f"worse in {worse.height} of {n}"
            )
        elif n == 1:
            verdict = f"<b>Not settled</b> (LOS {100 * float(g['los'][0]):.1f}%)"
        else:
            verdict = (
                f"<b>Not settled</b>: {escape(a)} better in {better.height}, worse in {worse.height}, "
                f"undecided in {n - better.height - worse.height} of {n} variants"
            )
        out.append(
            f"<p>Is {escape(str(a))} better than {escape(str(b))}? {verdict}: margin {spread} points per "
            f"deal, Elo {elo}.</p>"
        )
    dealer = balance.filter((pl.col("mix") == ALL) & (pl.col("figure") == "dealer_advantage"))
    if dealer.height:
        top = dealer.sort(pl.col("value").abs(), descending=True).row(0, named=True)
        sure = top["ci_low"] is not None and (top["ci_low"] > 0 or top["ci_high"] < 0)
        question = (
            "Which variant has the largest dealer advantage?"
            if dealer.height > 1
            else "How large is the dealer advantage?"
        )
        out.append(
            f"<p>{question} <b>{escape(top['variant'])}</b>: "
            f"{_pct(top['value'])} for the dealer's side "
            f"[{100 * top['ci_low']:+.1f}, {100 * top['ci_high']:+.1f}]"
            f"{'' if sure else ', not distinguishable from none'}"
            + (
                "; the others: "
                + ", ".join(
                    f"{escape(r['variant'])} {100 * r['value']:+.1f}"
                    for r in dealer.iter_rows(named=True)
                    if r["variant"] != top["variant"]
                )
                if dealer.height > 1
                else ""
            )
            + ".</p>"
        )
    s = manifest.get("sprt")
    if s:
        out.append(
            f"<p>Sequential test: decision <b>{escape(s['decision'] or 'none yet')}</b> "
            f"after {s['groups']} groups.</p>"
        )
    glance = dealer_glance(balance, variants)
    return f'<div class="answers"><div>{"".join(out)}</div>{glance}</div>' if out else ""


def _summary(summary: pl.DataFrame) -> str:
    if summary.is_empty():
        return note("no completed deals")
    rows = [
        [
            escape(f"{r['variant']} · {r['strategy']} vs {r['opponent']}"),
            num(r["deals"]),
            num(r["deal_groups"]),
            ci(r["points_mean"], r["points_ci_low"], r["points_ci_high"]),
            ci(r["margin_mean"], r["margin_ci_low"], r["margin_ci_high"]),
            ci(r["win_rate"], r["win_ci_low"], r["win_ci_high"]),
        ]
        for r in summary.iter_rows(named=True)
    ]
    headers = [
        "variant · strategy vs opponent",
        "deals",
        "groups",
        "points [95%]",
        "margin [95%]",
        "win rate [95%]",
    ]
    return f"<details open><summary>summary.parquet</summary>{table(headers, rows)}</details>"


def _balance_table(balance: pl.DataFrame) -> str:
    overall = balance.filter(pl.col("mix") == ALL)
    if overall.is_empty():
        return ""
    rows = [
        [
            escape(f"{r['figure']} {r['key']}".strip()),
            escape(r["variant"]),
            ci(r["value"], r["ci_low"], r["ci_high"]),
            "-" if r["baseline"] is None else ci(r["diff"], r["diff_ci_low"], r["diff_ci_high"]),
            num(r["groups"]),
        ]
        for r in overall.iter_rows(named=True)
    ]
    headers = ["figure", "variant", "value [95%]", "minus the first variant [95%]", "groups"]
    return f"<details><summary>balance.parquet: every figure</summary>{table(headers, rows)}</details>"


def _deal_links(links: Sequence[tuple[str, str]] | str) -> str:
    if isinstance(links, str):
        return note(f"No deal pages: {links}.")
    if not links:
        return note("no completed deals")
    items = "".join(f'<li><a href="{escape(href)}">{escape(words)}</a></li>' for words, href in links)
    return (
        "<p>Each link opens the deal move by move (arrow keys step through it).</p>"
        f'<ul class="deals">{items}</ul>'
    )


def render(
    analysis: Analysis,
    summary: pl.DataFrame,
    manifest: Mapping[str, Any],
    extras: Extras,
    links: Sequence[tuple[str, str]] | str,
) -> str:
    """The whole page as one string; ``links`` are (what, relative address) of the deal pages, or
    why there are none."""
    info = analysis.info
    name = manifest.get("config", {}).get("name", "cardsim run")
    flips = winners_first(analysis.comparisons)
    comparisons = flip_comparisons(analysis.comparisons, flips)
    extras = oriented(extras, flips)
    order = [(r[0], r[1], r[2]) for r in comparisons.select("variant", "strategy", "opponent").iter_rows()]
    tracks = {k: extras.tracks[k] for k in order if k in extras.tracks}
    margins = {k: extras.margins[k] for k in order if k in extras.margins}
    verdicts = (
        '<div class="grid">'
        + verdict_forest(comparisons)
        + ladder(analysis.ratings)
        + crosstables(analysis.comparisons, info.strategies)
        + "</div>"
        if not comparisons.is_empty()
        else note("no pair of strategies completed a deal group")
    )
    sprt = manifest.get("sprt")
    more = (
        sprt_figure(extras.sprt, sprt, next(iter(analysis.comparisons.iter_rows(named=True)), None))
        if sprt
        else ""
    ) + f'<div class="grid">{running(tracks, extras.groups)}</div>'
    if not tracks:
        more += note("no pair of strategies completed a deal group")
    bodies = {
        "verdicts": ("Verdicts at a glance", verdicts),
        "more-deals": ("Do I need more deals?", more),
        "balance": (
            "Balance: which variant is fairest, seat by seat?",
            f'<div class="grid">{balance_figures(analysis.balance, info.variants)}</div>',
        ),
        "points": (
            "Where the points come from",
            '<div class="grid">'
            + category_figure(extras.categories, info.game)
            + margin_figures(margins)
            + "</div>",
        ),
        "deals": ("Deals worth seeing", _deal_links(links)),
        "tables": ("Tables", _summary(summary) + _balance_table(analysis.balance)),
    }
    sections = "".join(
        f'<section id="{key}" aria-labelledby="h-{key}"><h2 id="h-{key}">{escape(title)}</h2>{html}</section>'
        for key, (title, html) in bodies.items()
    )
    first_screen = answers(comparisons, analysis.balance, info.variants, manifest)
    toc = "".join(f'<a href="#{key}">{escape(title)}</a>' for key, (title, _) in bodies.items())
    facts = (
        f"{escape(info.game)} · unit {escape(info.unit)} · {escape(info.format)} · "
        f"root seed {info.root_seed} · "
        f"variants {escape(', '.join(info.variants))} · strategies {escape(', '.join(info.strategies))}"
    )
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>cardsim report: {escape(name)}</title><style>{CSS}</style></head>"
        f'<body><header><h1>cardsim report: {escape(name)}</h1><p class="facts">{facts}</p>'
        f'<nav class="toc" aria-label="sections">{toc}</nav></header>'
        f"<main>{first_screen}{sections}</main></body></html>\n"
    )
