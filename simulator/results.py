"""Row tables and files: the deals.parquet schema, part files for resume, atomic writes."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import polars as pl

_DTYPES = {"int": pl.Int64, "bool": pl.Boolean, "str": pl.String, "float": pl.Float64}

#: columns every game has, in order (DESIGN §6); game categories follow.
COMMON_SCHEMA: dict[str, pl.DataType] = {
    "game": pl.String,
    "variant": pl.String,
    "rules_hash": pl.String,
    "unit": pl.String,
    "root_seed": pl.Int64,
    "deal_index": pl.Int64,
    "round": pl.Int32,
    "deal_seed": pl.Int64,
    "dealer": pl.Int32,
    "lineup": pl.Int32,
    "lineup_name": pl.String,
    "rotation": pl.Int32,
    "side": pl.Int32,
    "seats": pl.List(pl.Int32),
    "dealer_side": pl.Boolean,
    "strategy": pl.String,
    "opponent": pl.String,
    "points": pl.Int64,
    "won": pl.Boolean,
}

SORT_KEYS = ["variant_order", "lineup", "deal_index", "rotation", "round", "side"]


def deals_schema(side_columns: Mapping[str, str], match_columns: Mapping[str, str] | None) -> dict[str, Any]:
    schema: dict[str, Any] = dict(COMMON_SCHEMA)
    schema.update({k: _DTYPES[t] for k, t in side_columns.items()})
    if match_columns:
        schema.update({k: _DTYPES[t] for k, t in match_columns.items()})
    return schema


def chunk_frame(
    cols: dict[str, list],
    constants: dict[str, Any],
    schema: Mapping[str, Any],
    variant_order: int,
    sides: Sequence[Sequence[int]],
) -> pl.DataFrame:
    """Rows of one chunk as a typed frame.

    Constant columns are filled here rather than shipped from the workers, and
    the ``seats`` list column is derived from ``side`` (building a list column
    from Python lists is slow)."""
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


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def atomic_write_bytes(path: Path, writer) -> None:
    """Write through a temporary file in the same folder, then rename: readers never
    see a half-written file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    # mkstemp creates 0600; give the file the mode open() would (0666 less the umask)
    os.chmod(tmp, 0o666 & ~_umask())
    os.close(fd)
    try:
        writer(tmp)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_parquet(frame: pl.DataFrame, path: Path) -> None:
    atomic_write_bytes(path, lambda tmp: frame.write_parquet(tmp, statistics=True))


def write_json(data: Any, path: Path) -> None:
    def _write(tmp: str) -> None:
        Path(tmp).write_text(json.dumps(data, indent=2, sort_keys=False, default=str) + "\n")

    atomic_write_bytes(path, _write)


class PartStore:
    """Completed chunks, one Parquet file each, so an interrupted run resumes.

    The folder holds a fingerprint of everything that determines the rows; a
    run with another fingerprint starts afresh.
    """

    def __init__(self, out: Path, fingerprint: str) -> None:
        self.dir = out / ".parts"
        self.fingerprint = fingerprint

    def open(self, fresh: bool) -> None:
        stamp = self.dir / "FINGERPRINT"
        if self.dir.exists() and (fresh or not stamp.exists() or stamp.read_text() != self.fingerprint):
            for f in self.dir.iterdir():
                f.unlink()
        self.dir.mkdir(parents=True, exist_ok=True)
        stamp.write_text(self.fingerprint)

    def done_groups(self) -> set[tuple[int, int, int]]:
        """(variant, lineup, deal) triples already stored."""
        done = set()
        for f in self.dir.glob("v*-l*-*-*.parquet"):
            v, lineup, start, stop = f.stem.split("-")
            for d in range(int(start), int(stop)):
                done.add((int(v[1:]), int(lineup[1:]), d))
        return done

    def save(self, key: str, frame: pl.DataFrame) -> None:
        write_parquet(frame, self.dir / f"{key}.parquet")

    def collect(self, deals: int) -> pl.DataFrame | None:
        files = sorted(self.dir.glob("v*-l*-*-*.parquet"))
        if not files:
            return None
        frame = pl.concat([pl.read_parquet(f) for f in files], how="vertical")
        return frame.filter(pl.col("deal_index") < deals).sort(SORT_KEYS)

    def remove(self) -> None:
        if self.dir.exists():
            for f in self.dir.iterdir():
                f.unlink()
            self.dir.rmdir()
