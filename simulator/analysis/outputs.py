"""The analysis files of a run: computed from its rows, written beside summary.parquet.

``cardsim run`` writes them at the end of every run; ``cardsim report`` reads them,
or recomputes them from ``deals.parquet`` when they are missing. The rows are read
once, in slices of whole deal indexes, each reduced to per-group figures (exact
integers) for the comparisons, the ratings and the balance table: memory does not
grow with the run, and the files are the same bits whatever the slicing.
"""

from __future__ import annotations

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
from simulator.results import (
    ResultsFolder,
    check_readable,
    read_manifest,
    read_rows,
    scan_rows,
    write_parquet,
)


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


def write_analysis(out: Path, analysis: Analysis) -> list[str]:
    """Write the analysis files into ``out``; their names."""
    folder = ResultsFolder(out)
    write_parquet(analysis.comparisons, folder.comparisons)
    write_parquet(analysis.balance, folder.balance)
    if analysis.ratings is None:
        folder.ratings.unlink(missing_ok=True)  # a stale file of an earlier round robin
        return [folder.comparisons.name, folder.balance.name]
    write_parquet(analysis.ratings, folder.ratings)
    return [folder.comparisons.name, folder.balance.name, folder.ratings.name]


def read_info(results: Path) -> RunInfo:
    """Run facts from manifest.json, else from the rows themselves."""
    manifest = read_manifest(results)
    if manifest is not None:
        return RunInfo.from_manifest(manifest)
    return RunInfo.from_deals(scan_rows(ResultsFolder(results).deals))


def load_analysis(results: Path) -> Analysis:
    """The analysis of a results folder: its files if present, else recomputed (and written)."""
    folder = ResultsFolder(results)
    if not folder.deals.is_file():
        what = "no deals.parquet in this folder" if results.is_dir() else "no such folder"
        raise UserError(what, str(results), "pass the output folder of a `cardsim run`")
    check_readable([folder.deals, folder.summary])
    derived = "delete it: `cardsim report` computes it again from deals.parquet"
    check_readable([folder.comparisons, folder.balance, folder.ratings], derived)
    info = read_info(results)
    rated = info.format == "round-robin"
    needed = [folder.comparisons, folder.balance] + ([folder.ratings] if rated else [])
    if all(p.is_file() for p in needed):
        return Analysis(
            info,
            read_rows(folder.comparisons),
            read_rows(folder.ratings) if rated else None,
            read_rows(folder.balance),
        )
    analysis = analyze(scan_rows(folder.deals), info)
    write_analysis(results, analysis)
    return analysis
