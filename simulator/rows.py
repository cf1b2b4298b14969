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

#: columns every game has, in order (DESIGN §6), by type name; game categories follow.
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

#: the columns a worker fills per side (the others are constants of the chunk, or derived)
WORKER_COLUMNS = (
    "deal_index",
    "round",
    "deal_seed",
    "dealer",
    "rotation",
    "side",
    "dealer_side",
    "strategy",
    "opponent",
    "points",
    "won",
)


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
    """One chunk's rows as plain lists, one per column, in row order (deal, rotation,
    round, side): what a worker sends back. A deal adds its rows column by column (one
    extend per column), from tables per rotation and per dealer made once per chunk."""

    def __init__(
        self,
        lineup: Lineup,
        sides: Sequence[Sequence[int]],
        side_columns: Sequence[str],
        match_columns: Sequence[str],
    ) -> None:
        self.side_columns = list(side_columns)
        self.match_columns = list(match_columns)
        self.cols: dict[str, list] = {c: [] for c in (*WORKER_COLUMNS, *side_columns, *match_columns)}
        n = len(sides)
        self.side_names = [[lineup.side_strategy(k, r) for k in range(n)] for r in range(n)]
        opponents = {name: lineup.opponent_of(name) for name in lineup.strategies}
        self.side_opponents = [[opponents[name] for name in names] for names in self.side_names]
        seats = max(max(s) for s in sides) + 1
        self.dealer_sides = [[dealer in s for s in sides] for dealer in range(seats)]
        self.side_indices = list(range(n))
        self._side_cols = [(self.cols[c], c) for c in self.side_columns]

    def add_deal(
        self, deal_index: int, round_number: int, seed: int, rotation: int, state: DealState
    ) -> None:
        """One row per side of a finished deal."""
        cols = self.cols
        points = state.side_points()
        rows = state.side_rows()
        top, low = max(points), min(points)
        dealer = state.dealer
        n = len(self.side_indices)
        cols["deal_index"].extend([deal_index] * n)
        cols["round"].extend([round_number] * n)
        cols["deal_seed"].extend([seed] * n)
        cols["dealer"].extend([dealer] * n)
        cols["rotation"].extend([rotation] * n)
        cols["side"].extend(self.side_indices)
        cols["dealer_side"].extend(self.dealer_sides[dealer])
        cols["strategy"].extend(self.side_names[rotation])
        cols["opponent"].extend(self.side_opponents[rotation])
        cols["points"].extend(points)
        cols["won"].extend([p == top and top > low for p in points])
        for column, c in self._side_cols:
            column.extend([row[c] for row in rows])

    def add_match(self, first_row: int, match_rows: Sequence[Mapping[str, Any]]) -> None:
        """The match columns (one value per side) on every row of a match, from ``first_row`` on."""
        cols = self.cols
        sides = cols["side"]
        for i in range(first_row, len(sides)):
            mrow = match_rows[sides[i]]
            for c in self.match_columns:
                cols[c].append(mrow[c])

    def __len__(self) -> int:
        return len(self.cols["points"])


def chunk_frame(
    cols: Mapping[str, list],
    constants: Mapping[str, Any],
    schema: Mapping[str, Any],
    variant_order: int,
    sides: Sequence[Sequence[int]],
) -> pl.DataFrame:
    """Rows of one chunk as a typed frame, with ``variant_order`` for sorting.

    Constant columns are filled here rather than shipped from the workers, and
    the ``seats`` list column is derived from ``side`` (building a list column
    from Python lists is slow)."""
    import polars as pl

    n = len(cols["points"])
    plain = {name: dtype for name, dtype in schema.items() if name != "seats"}
    data = {name: (cols[name] if name in cols else [constants[name]] * n) for name in plain}
    frame = pl.DataFrame(data, schema=plain)
    width = len(sides[0])
    seat_columns = [
        pl.col("side").replace_strict({k: seats[j] for k, seats in enumerate(sides)}, return_dtype=pl.Int32)
        for j in range(width)
    ]
    return frame.with_columns(
        pl.concat_list(seat_columns).alias("seats"),
        pl.lit(variant_order, dtype=pl.Int32).alias("variant_order"),
    ).select(*schema, "variant_order")
