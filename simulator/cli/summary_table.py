"""The summary table printed after a run and by `cardsim report` (one table per variant)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # polars and rich are imported when a table is printed (fast --help)
    import polars as pl
    from rich.console import Console


def _fmt(value: float | None, digits: int = 2) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _with_ci(mean: float | None, low: float | None, high: float | None, percent: bool = False) -> str:
    if percent:
        mean, low, high = (None if v is None else 100 * v for v in (mean, low, high))
        return f"{_fmt(mean, 1)} [{_fmt(low, 1)}, {_fmt(high, 1)}]"
    return f"{_fmt(mean, 3)} [{_fmt(low, 3)}, {_fmt(high, 3)}]"


def print_summary(summary: pl.DataFrame, unit: str, screen: Console) -> None:
    """One table per variant: each strategy against all its opponents combined."""
    import polars as pl
    from rich.table import Table

    if summary.is_empty():
        screen.print("no completed deals")
        return
    overall = summary.filter(pl.col("opponent") == "(all)")
    for variant in overall["variant"].unique(maintain_order=True):
        rows = overall.filter(pl.col("variant") == variant)
        win_label = "match win %" if unit == "match" else "deal win %"
        table = Table(title=f"variant {variant}  (rules {rows['rules_hash'][0]})", title_justify="left")
        table.add_column("strategy")
        table.add_column("matches" if unit == "match" else "deals", justify="right")
        for col in ("points/deal [95% CI]", "margin [95% CI]", f"{win_label} [95% CI]"):
            table.add_column(col, justify="right")
        for r in rows.iter_rows(named=True):
            table.add_row(
                r["strategy"],
                str(r["matches"] if unit == "match" else r["deals"]),
                _with_ci(r["points_mean"], r["points_ci_low"], r["points_ci_high"]),
                _with_ci(r["margin_mean"], r["margin_ci_low"], r["margin_ci_high"]),
                _with_ci(r["win_rate"], r["win_ci_low"], r["win_ci_high"], percent=True),
            )
        screen.print(table)
