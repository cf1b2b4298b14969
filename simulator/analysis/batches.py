"""Reading a run's rows in slices of whole deal indexes, so no step holds them all.

A deal group (one deal index: every lineup, rotation and round, on the same cards)
is the independent unit of every statistic, so a slice of whole deal indexes holds
whole groups: each slice is reduced to per-group figures (a few numbers per group)
and the slices' results are combined with exact integer sums, which give the same
bits whatever the slicing. No single polars step reads more than a slice, so a
stop signal (whose Python handler runs between steps) takes effect in bounded time.
"""

from __future__ import annotations

from collections.abc import Iterator

import polars as pl

#: rows read in one slice: about 50 MB of rows at most, whatever the length of the run
BATCH_ROWS = 100_000


def deal_ranges(deals: pl.LazyFrame, rows: int | None = None) -> list[tuple[int, int]]:
    """Ranges ``[lo, hi)`` of deal indexes of about ``rows`` rows each. They depend only on
    the rows (their number and largest deal index), so the same file is always sliced alike."""
    n, top = deals.select(pl.len(), pl.col("deal_index").max()).collect().row(0)
    if not n:
        return []
    step = max(1, -(-(top + 1) * (rows or BATCH_ROWS) // n))
    return [(lo, lo + step) for lo in range(0, top + 1, step)]


def deal_slices(deals: pl.LazyFrame, rows: int | None = None) -> list[pl.LazyFrame]:
    """Slices of whole deal indexes, about ``rows`` rows each (a scan of a sorted file reads
    only the row groups a slice needs); one empty slice when there are no rows."""
    ranges = deal_ranges(deals, rows)
    if not ranges:
        return [deals]
    return [deals.filter(pl.col("deal_index").is_between(lo, hi, closed="left")) for lo, hi in ranges]


def collected_slices(
    deals: pl.LazyFrame, columns: list[str], rows: int | None = None
) -> Iterator[tuple[int, int, pl.DataFrame]]:
    """``(lo, hi, rows)`` per slice of :func:`deal_ranges`, read (only ``columns``)."""
    for lo, hi in deal_ranges(deals, rows):
        part = deals.filter(pl.col("deal_index").is_between(lo, hi, closed="left"))
        yield lo, hi, part.select(columns).collect()
