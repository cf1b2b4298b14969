"""`cardsim report RESULTS_DIR`: the decision tables in the terminal and a self-contained report.html.

The analysis files (comparisons, ratings, balance) are read from the folder, or
recomputed from deals.parquet (and written) when missing. Heavy libraries are
imported inside the functions so that `cardsim --help` stays fast.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from simulator.cli.common import console, user_errors
from simulator.errors import UserError

if TYPE_CHECKING:
    import polars as pl
    from rich.console import Console

    from simulator.analysis.outputs import Analysis
    from simulator.analysis.report_data import NotableDeal


def _f(value: float | None, digits: int = 3) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _ci(value: float | None, low: float | None, high: float | None, digits: int = 3) -> str:
    return f"{_f(value, digits)} [{_f(low, digits)}, {_f(high, digits)}]"


def _style(los: float) -> str:
    return "green" if los > 0.975 else "red" if los < 0.025 else ""


def print_comparisons(comparisons: pl.DataFrame, screen: Console) -> None:
    from rich.table import Table

    table = Table(title="pairwise comparisons (deal groups of the pair)", title_justify="left")
    for col in ("variant", "strategy", "opponent"):
        table.add_column(col)
    for col in ("groups", "score", "Elo ± 95%", "LOS", "nElo ± 95%", "margin [BCa 95%]"):
        table.add_column(col, justify="right")
    for r in comparisons.iter_rows(named=True):
        style = _style(r["los"])
        table.add_row(
            r["variant"],
            r["strategy"],
            r["opponent"],
            str(r["groups"]),
            _f(r["score"]),
            f"[{style}]{_f(r['elo'], 1)} ± {_f(r['elo_error'], 1)}[/]"
            if style
            else f"{_f(r['elo'], 1)} ± {_f(r['elo_error'], 1)}",
            f"[{style}]{100 * r['los']:.1f}%[/]" if style else f"{100 * r['los']:.1f}%",
            f"{_f(r['nelo'], 1)} ± {_f(r['nelo_error'], 1)}",
            _ci(r["margin_mean"], r["margin_ci_low"], r["margin_ci_high"]),
        )
    screen.print(table)


def print_ratings(analysis: Analysis, screen: Console) -> None:
    import polars as pl
    from rich.table import Table

    from simulator.analysis.ratings import crosstable

    ratings = analysis.ratings
    if ratings is None or ratings.is_empty():
        return
    for variant in ratings["variant"].unique(maintain_order=True):
        rows = ratings.filter(pl.col("variant") == variant)
        table = Table(title=f"Bradley-Terry ratings, variant {variant}", title_justify="left")
        table.add_column("strategy")
        table.add_column("rating [95%]", justify="right")
        for r in rows.iter_rows(named=True):
            table.add_row(r["strategy"], _ci(r["rating"], r["rating_ci_low"], r["rating_ci_high"], 1))
        screen.print(table)
        names = rows["strategy"].to_list()
        cross = Table(
            title=f"crosstable, variant {variant}: score (Elo) of row vs column", title_justify="left"
        )
        cross.add_column("")
        for name in names:
            cross.add_column(name, justify="right")
        for name, cells in zip(names, crosstable(analysis.comparisons, variant, names), strict=True):
            cross.add_row(name, *("-" if c is None else f"{c[0]:.3f} ({c[1]:+.0f})" for c in cells))
        screen.print(cross)


def print_balance(balance: pl.DataFrame, screen: Console) -> None:
    import polars as pl
    from rich.table import Table

    from simulator.analysis.balance import ALL

    overall = balance.filter(pl.col("mix") == ALL)
    for variant in overall["variant"].unique(maintain_order=True):
        rows = overall.filter(pl.col("variant") == variant)
        baseline = rows["baseline"][0]
        table = Table(title=f"balance, variant {variant}", title_justify="left")
        table.add_column("figure")
        table.add_column("key")
        table.add_column("value [95%]", justify="right")
        if baseline is not None:
            table.add_column(f"minus {baseline} [95%]", justify="right")
        for r in rows.iter_rows(named=True):
            cells = [r["figure"], r["key"], _ci(r["value"], r["ci_low"], r["ci_high"])]
            if baseline is not None:
                cells.append(_ci(r["diff"], r["diff_ci_low"], r["diff_ci_high"]))
            table.add_row(*cells)
        screen.print(table)


def sprt_line(manifest: dict[str, Any]) -> str | None:
    s = manifest.get("sprt")
    if not s:
        return None
    decision = s["decision"] or "no decision (maximum reached)"
    return (
        f"SPRT elo0={s['elo0']:g} elo1={s['elo1']:g} alpha={s['alpha']:g} beta={s['beta']:g}: "
        f"LLR {s['llr']:.2f} in [{s['lower_bound']:.2f}, {s['upper_bound']:.2f}] after {s['groups']} "
        f"deal groups, decision {decision}"
    )


def _read(results: Path) -> tuple[Analysis, pl.DataFrame, dict[str, Any]]:
    import polars as pl

    from simulator.analysis.outputs import load_analysis
    from simulator.results import ResultsFolder, read_manifest, read_rows

    analysis = load_analysis(results)
    summary_path = ResultsFolder(results).summary
    summary = read_rows(summary_path) if summary_path.is_file() else pl.DataFrame()
    return analysis, summary, read_manifest(results) or {}


def write_report(results: Path) -> Path:
    """Write ``results/report.html`` (used by ``cardsim run --report`` too)."""
    return _write(results, *_read(results))


def _write(results: Path, analysis: Analysis, summary: pl.DataFrame, manifest: dict[str, Any]) -> Path:

    from simulator.analysis.report_data import gather
    from simulator.analysis.report_html import render
    from simulator.results import ResultsFolder, atomic_write_bytes, scan_rows

    folder = ResultsFolder(results)
    extras = gather(scan_rows(folder.deals), analysis.info, manifest)
    links: list[tuple[str, str]] | str = "the folder has no manifest.json to replay them from"
    if manifest:
        try:
            links = write_deal_pages(results, extras.notable)
        except UserError as exc:  # e.g. a plug-in of the run that is no longer where it was
            links = f"the run's deals could not be replayed ({exc.what})"
            console().print(f"[yellow]no deal pages:[/] {exc}")
    page = render(analysis, summary, manifest, extras, links)
    atomic_write_bytes(folder.report, lambda tmp: Path(tmp).write_text(page))
    return folder.report


def write_deal_pages(results: Path, notable: list[NotableDeal]) -> list[tuple[str, str]]:
    """Replay each deal worth seeing into ``results/deals/``; (what, address from the report)."""
    from simulator.cli.replay import resolve_deal
    from simulator.cli.view import page_name
    from simulator.replay import replay_log
    from simulator.view.page import render_page

    links = []
    for d in notable:
        g, v, root, specs, unit, seconds = resolve_deal(
            results, None, None, d.deal_index, d.variant, d.lineup, None, None, d.rotation, None
        )
        log = replay_log(g, v, root, d.deal_index, specs, d.rotation, unit == "match", seconds or None)
        name = page_name(d.variant, d.lineup, d.deal_index, d.rotation)
        path = results / "deals" / name
        path.parent.mkdir(exist_ok=True)
        path.write_text(render_page(log, back="../report.html"))
        links.append((f"{d.variant}: {d.why}, deal {d.deal_index} rotation {d.rotation}", f"deals/{name}"))
    return links


@user_errors
def report(
    results: Annotated[
        Path, typer.Argument(metavar="RESULTS_DIR", help="Output folder of a run, e.g. results/quickstart.")
    ],
) -> None:
    """Print the comparisons, ratings and balance of a run and write its report.html."""
    from simulator.cli.summary_table import print_summary

    screen = console()
    analysis, summary, manifest = _read(results)
    print_summary(summary, analysis.info.unit, screen)
    if not analysis.comparisons.is_empty():
        print_comparisons(analysis.comparisons, screen)
    line = sprt_line(manifest)
    if line:
        screen.print(line)
    print_ratings(analysis, screen)
    print_balance(analysis.balance, screen)
    screen.print(f"report: {_write(results, analysis, summary, manifest)}")
