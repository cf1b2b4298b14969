"""The deals.parquet row: its schema, the per-side columns workers fill, the constant
columns the parent adds, and the typed frame of one chunk.

Workers import no data library: they fill plain lists (:class:`ChunkRows`) and the
parent turns them into a typed frame (:func:`chunk_frame`), so polars is imported
only inside the functions that build frames.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from simulator.games.base import DealState

if TYPE_CHECKING:
    import polars as pl

    from simulator.schedule import Lineup

#: columns every game has, in order (docs/design.md §6), by type name; game categories follow.
COMMON_COLUMNS: dict[str, str] = {
    "game": "str",
    "variant": "str",
    "rules_hash": "str",
    "unit": "str",
    "root_seed": "int",
    "deal_index": "int",
    "round": "int32",
    "deal_seed": "int",
    "dealer": "int32",
    "lineup": "int32",
    "lineup_name": "str",
    "rotation": "int32",
    "side": "int32",
    "seats": "seats",
    "dealer_side": "bool",
    "strategy": "str",
    "opponent": "str",
    "points": "int",
    "won": "bool",
}

#: the columns a worker fills once per deal: the parent repeats them on every row (side) of the deal
DEAL_COLUMNS = ("deal_index", "round", "deal_seed", "dealer", "rotation")


def _dtype(name: str) -> Any:
    import polars as pl

    if name == "seats":
        return pl.List(pl.Int32)
    return {"int": pl.Int64, "int32": pl.Int32, "bool": pl.Boolean, "str": pl.String, "float": pl.Float64}[
        name
    ]


def deals_schema(side_columns: Mapping[str, str], match_columns: Mapping[str, str] | None) -> dict[str, Any]:
    """The polars schema of deals.parquet for a game's categories (and match columns)."""
    names = {**COMMON_COLUMNS, **side_columns, **(match_columns or {})}
    return {name: _dtype(kind) for name, kind in names.items()}


def part_schema(schema: Mapping[str, Any]) -> dict[str, Any]:
    """The schema of a part file: the deals columns plus ``variant_order``."""
    return {**schema, "variant_order": _dtype("int32")}


def chunk_constants(
    game: str, variant: str, rules_hash: str, unit: str, root_seed: int, lineup: Lineup
) -> dict[str, Any]:
    """The columns that hold one value for a whole chunk (filled by the parent, not shipped)."""
    return {
        "game": game,
        "variant": variant,
        "rules_hash": rules_hash,
        "unit": unit,
        "root_seed": root_seed,
        "lineup": lineup.index,
        "lineup_name": lineup.label,
    }


class ChunkRows:
    """One chunk's rows as plain lists, in row order (deal, rotation, round, side): what a
    worker sends back. Per deal, one value of each of :data:`DEAL_COLUMNS`; per side, its
    points and the game's side columns (and the match columns). :func:`chunk_frame` derives
    the rest (side, strategy, opponent, dealer_side, won) with array operations: adding a
    deal is then a few appends, not a dozen lists."""

    def __init__(self, num_sides: int, side_columns: Sequence[str], match_columns: Sequence[str]) -> None:
        self.num_sides = num_sides
        self.side_columns = list(side_columns)
        self.match_columns = list(match_columns)
        self.cols: dict[str, list] = {c: [] for c in (*DEAL_COLUMNS, "points", *side_columns, *match_columns)}
        self._deal_cols = [self.cols[c] for c in DEAL_COLUMNS]
        self._points = self.cols["points"]
        self._side_cols = [(self.cols[c], c) for c in self.side_columns]

    def add_deal(
        self, deal_index: int, round_number: int, seed: int, rotation: int, state: DealState
    ) -> None:
        """A finished deal: its values, then one row per side."""
        indices, rounds, seeds, dealers, rotations = self._deal_cols
        indices.append(deal_index)
        rounds.append(round_number)
        seeds.append(seed)
        dealers.append(state.dealer)
        rotations.append(rotation)
        self._points.extend(state.side_points())
        rows = state.side_rows()
        for column, c in self._side_cols:
            for row in rows:
                column.append(row[c])

    @property
    def deals(self) -> int:
        """Deals added so far."""
        return len(self._deal_cols[0])

    def add_match(self, first_deal: int, match_rows: Sequence[Mapping[str, Any]]) -> None:
        """The match columns (one value per side) on every row of the deals of a match, from
        deal ``first_deal`` of the chunk on."""
        cols = self.cols
        for _ in range(first_deal, self.deals):
            for k in range(self.num_sides):
                mrow = match_rows[k]
                for c in self.match_columns:
                    cols[c].append(mrow[c])

    def __len__(self) -> int:
        return len(self._points)


def chunk_frame(
    cols: Mapping[str, list],
    constants: Mapping[str, Any],
    schema: Mapping[str, Any],
    variant_order: int,
    sides: Sequence[Sequence[int]],
    lineup: Lineup,
) -> pl.DataFrame:
    """Rows of one chunk (:class:`ChunkRows` columns) as a typed frame, with ``variant_order``
    for sorting.

    Constant columns are filled here rather than shipped from the workers, the per-deal
    values are repeated on the deal's rows, and what follows from the side, the rotation and
    the dealer (strategy, opponent, dealer_side, the ``seats`` list: a fixed-width array of the
    side's seats, cast) or from the deal's points (won: the top score, unless every side has
    it) is looked up or computed over arrays."""
    import numpy as np
    import polars as pl

    n = len(sides)
    deals = len(cols["deal_index"])
    side = np.tile(np.arange(n, dtype=np.int64), deals)
    derived: dict[str, Any] = {
        name: np.repeat(np.asarray(cols[name], dtype=np.int64), n) for name in DEAL_COLUMNS
    }
    rotation, dealer = derived["rotation"], derived["dealer"]
    names = [lineup.side_strategy(k, r) for r in range(n) for k in range(n)]  # rotation r, side k
    opponents = {name: lineup.opponent_of(name) for name in lineup.strategies}
    at = rotation * n + side
    derived["side"] = side
    derived["strategy"] = pl.Series(names, dtype=pl.String).gather(at)
    derived["opponent"] = pl.Series([opponents[x] for x in names], dtype=pl.String).gather(at)
    num_seats = max(max(s) for s in sides) + 1
    in_side = np.array([seat in s for seat in range(num_seats) for s in sides], dtype=bool)
    derived["dealer_side"] = in_side[dealer * n + side]
    points = np.asarray(cols["points"], dtype=np.int64).reshape(deals, n)
    top, low = points.max(axis=1, keepdims=True), points.min(axis=1, keepdims=True)
    derived["won"] = ((points == top) & (top > low)).ravel()
    derived["seats"] = pl.Series(np.asarray(sides, dtype=np.int32)[side]).cast(pl.List(pl.Int32))
    rows = deals * n
    data = {
        name: derived[name] if name in derived else cols[name] if name in cols else [constants[name]] * rows
        for name in schema
    }
    return pl.DataFrame(data, schema=dict(schema)).with_columns(
        pl.lit(variant_order, dtype=pl.Int32).alias("variant_order")
    )
