"""Result files: part files for resume, atomic writes."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

import polars as pl

from simulator.rows import SORT_KEYS


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

    def done_ranges(self) -> dict[tuple[int, int], list[tuple[int, int]]]:
        """(variant, lineup) -> the (start, stop) ranges of deal groups already stored."""
        done: dict[tuple[int, int], list[tuple[int, int]]] = {}
        for f in self.dir.glob("v*-l*-*-*.parquet"):
            v, lineup, start, stop = f.stem.split("-")
            done.setdefault((int(v[1:]), int(lineup[1:])), []).append((int(start), int(stop)))
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
