"""Counted tables: per-batch counts of distinct keys, merged into one exact table.

A million deal groups take few distinct values of what a statistic needs (a
pair's total score and margin, a round robin's row of pair scores), so each slice
of rows is reduced to counts per distinct key and the counts are added. Integer
counts and sums add exactly in any order, so the result does not depend on how
the rows were sliced.
"""

from __future__ import annotations

import polars as pl

#: merge the pending per-slice tables once this many have piled up (bounded memory)
MERGE_EVERY = 16


class CountTable:
    """Sums of integer columns per distinct key, added slice by slice."""

    def __init__(self, keys: list[str], sums: list[str]) -> None:
        self.keys = keys
        self.sums = sums
        self._parts: list[pl.DataFrame] = []

    def add(self, frame: pl.DataFrame) -> None:
        """Add a slice's table (``keys`` and ``sums`` columns, keys not necessarily distinct)."""
        if frame.height:
            self._parts.append(self._merge(frame))
        if len(self._parts) >= MERGE_EVERY:
            self._parts = [self._merge(pl.concat(self._parts, how="vertical_relaxed"))]

    def _merge(self, frame: pl.DataFrame) -> pl.DataFrame:
        return frame.group_by(self.keys).agg(pl.col(c).sum() for c in self.sums)

    def table(self) -> pl.DataFrame:
        """Every distinct key once, sorted by the keys (a fixed order: reproducible draws)."""
        if not self._parts:
            return pl.DataFrame()
        return self._merge(pl.concat(self._parts, how="vertical_relaxed")).sort(self.keys)
