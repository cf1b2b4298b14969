"""The analysis files of a run: computed from its rows, written beside summary.parquet.

``cardsim run`` writes them at the end of every run; ``cardsim report`` reads them,
or recomputes them from ``deals.parquet`` when they are missing. The rows are read
once, in slices of whole deal indexes, each reduced to per-group figures (exact
integers) for the comparisons, the ratings and the balance table: memory does not
grow with the run, and the files are the same bits whatever the slicing.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from simulator.analysis.balance import SCHEMA as BALANCE_SCHEMA
from simulator.analysis.balance import balance_tally
from simulator.analysis.batches import collected_slices
from simulator.analysis.comparisons import PairTally
from simulator.analysis.pairs import all_pair_groups, pair_columns
from simulator.analysis.ratings import RatingTally
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
    """Every analysis table from one pass over the rows, slice by slice."""
    pairs = PairTally(info)
    rated = RatingTally(info) if info.format == "round-robin" else None
    balanced = balance_tally(deals, info)
    columns = set(pair_columns(info)) | set(balanced.columns if balanced is not None else ())
    present = deals.collect_schema().names()
    for lo, hi, rows in collected_slices(deals, [c for c in present if c in columns]):
        groups = all_pair_groups(rows.lazy(), info)
        pairs.add_groups(groups)
        if rated is not None:
            rated.add_groups(groups)
        if balanced is not None:
            balanced.add(lo, hi, rows)
    return Analysis(
        info,
        pairs.comparisons(),
        rated.ratings() if rated is not None else None,
        balanced.table() if balanced is not None else pl.DataFrame(schema=BALANCE_SCHEMA),
    )


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
