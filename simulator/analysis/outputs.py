"""The analysis files of a run: computed from its rows, written beside summary.parquet.

``cardsim run`` writes them at the end of every run; ``cardsim report`` reads them,
or recomputes them from ``deals.parquet`` when they are missing.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from simulator.analysis.balance import balance
from simulator.analysis.comparisons import comparisons
from simulator.analysis.pairs import pair_groups
from simulator.analysis.ratings import ratings
from simulator.analysis.runinfo import RunInfo
from simulator.errors import UserError
from simulator.results import write_parquet

COMPARISONS = "comparisons.parquet"
RATINGS = "ratings.parquet"
BALANCE = "balance.parquet"


@dataclass(frozen=True)
class Analysis:
    info: RunInfo
    comparisons: pl.DataFrame
    ratings: pl.DataFrame | None  # round robins only
    balance: pl.DataFrame


def analyze(deals: pl.LazyFrame, info: RunInfo) -> Analysis:
    groups = pair_groups(deals, info)
    rated = ratings(groups, info) if info.format == "round-robin" else None
    return Analysis(info, comparisons(groups, info), rated, balance(deals, info))


def write_analysis(out: Path, analysis: Analysis) -> None:
    write_parquet(analysis.comparisons, out / COMPARISONS)
    write_parquet(analysis.balance, out / BALANCE)
    if analysis.ratings is not None:
        write_parquet(analysis.ratings, out / RATINGS)
    else:
        (out / RATINGS).unlink(missing_ok=True)  # a stale file of an earlier round robin


def read_info(results: Path) -> RunInfo:
    """Run facts from manifest.json, else from the rows themselves."""
    manifest = results / "manifest.json"
    if manifest.is_file():
        return RunInfo.from_manifest(json.loads(manifest.read_text()))
    return RunInfo.from_deals(pl.scan_parquet(results / "deals.parquet"))


def load_analysis(results: Path) -> Analysis:
    """The analysis of a results folder: its files if present, else recomputed (and written)."""
    if not (results / "deals.parquet").is_file():
        raise UserError(
            "no deals.parquet in this folder", str(results), "pass the output folder of a `cardsim run`"
        )
    info = read_info(results)
    needed = [results / COMPARISONS, results / BALANCE] + (
        [results / RATINGS] if info.format == "round-robin" else []
    )
    if all(p.is_file() for p in needed):
        rated = pl.read_parquet(results / RATINGS) if info.format == "round-robin" else None
        return Analysis(
            info, pl.read_parquet(results / COMPARISONS), rated, pl.read_parquet(results / BALANCE)
        )
    analysis = analyze(pl.scan_parquet(results / "deals.parquet"), info)
    write_analysis(results, analysis)
    return analysis
