"""Result files: part files for resume, atomic writes."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

import polars as pl

from simulator.stopping import interruptible


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


#: rows per row group of deals.parquet: fixed, so the file's bytes do not depend on how the
#: rows were chunked
ROW_GROUP_ROWS = 100_000


class PartStore:
    """Completed chunks, one Parquet file each (``v<variant>-l<lineup>-<start>-<stop>``),
    so an interrupted run resumes, plus ``run.json``: which run they belong to."""

    def __init__(self, out: Path) -> None:
        self.dir = out / ".parts"
        self.record_path = self.dir / "run.json"

    def exists(self) -> bool:
        return self.dir.is_dir()

    def read_record(self) -> dict[str, Any] | None:
        """The record of the run the parts belong to (None when there is none)."""
        try:
            return json.loads(self.record_path.read_text())
        except (OSError, ValueError):
            return None

    def write_record(self, record: dict[str, Any]) -> None:
        write_json(record, self.record_path)

    def _files(self) -> list[tuple[tuple[int, int, int, int], Path]]:
        found = []
        for f in self.dir.glob("v*-l*-*-*.parquet"):
            v, lineup, start, stop = f.stem.split("-")
            found.append(((int(v[1:]), int(lineup[1:]), int(start), int(stop)), f))
        return sorted(found)

    def done_ranges(self) -> dict[tuple[int, int], list[tuple[int, int]]]:
        """(variant, lineup) -> the (start, stop) ranges of deal groups already stored."""
        done: dict[tuple[int, int], list[tuple[int, int]]] = {}
        for (v, lineup, start, stop), _ in self._files():
            done.setdefault((v, lineup), []).append((start, stop))
        return done

    def save(self, key: str, frame: pl.DataFrame) -> None:
        """One chunk's rows. LZ4, not zstd: a part is read once, into deals.parquet (which
        is compressed as usual), and LZ4 costs less to write and to read back."""
        path = self.dir / f"{key}.parquet"
        atomic_write_bytes(path, lambda tmp: frame.write_parquet(tmp, statistics=True, compression="lz4"))

    def scan(self, deals: int, schema: dict[str, Any]) -> pl.LazyFrame:
        """Every stored row of the first ``deals`` deal groups, in the order of deals.parquet.

        Part files are disjoint ranges, each sorted inside, so reading them in
        (variant, lineup, start) order gives the sorted rows without sorting."""
        files = [f for (_, _, start, _), f in self._files() if start < deals]
        if not files:
            return pl.LazyFrame(schema=schema)
        return pl.scan_parquet(files).filter(pl.col("deal_index") < deals).select(list(schema))

    def discard(self) -> None:
        """Delete the stored chunks and the record (the run starts over)."""
        if self.dir.exists():
            for f in self.dir.iterdir():
                f.unlink()
            self.dir.rmdir()


def sink_parquet(rows: pl.LazyFrame, path: Path) -> None:
    """Stream ``rows`` into ``path`` (atomically) without holding them in memory. The sink
    runs in a helper thread so that a stop signal is handled at once (the temporary file is
    then dropped)."""
    atomic_write_bytes(
        path,
        lambda tmp: interruptible(
            lambda: rows.sink_parquet(tmp, statistics=True, row_group_size=ROW_GROUP_ROWS)
        ),
    )
