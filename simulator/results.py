"""What a results folder holds: every file's name, the manifest's reading, the part files
of an unfinished run, and the atomic writes all of them go through.

The decisions a run takes about a folder (claim it, resume, replace, keep a complete
result) are :mod:`simulator.folder`'s; this module only names and reads, so the
analysis and the commands that read a finished run can use it from below the runner.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl

from simulator.errors import UserError
from simulator.schedule import ChunkTask
from simulator.stopping import interruptible

DEALS = "deals.parquet"
SUMMARY = "summary.parquet"
MANIFEST = "manifest.json"
COMPARISONS = "comparisons.parquet"
RATINGS = "ratings.parquet"
BALANCE = "balance.parquet"
REPORT = "report.html"
#: the saved chunks of a run still under way (:class:`PartStore`)
PARTS_DIR = ".parts"
#: an incomplete run's files when the folder holds a complete result of the same run
PARTIAL_DIR = "partial"
#: held by the run writing into the folder (:func:`simulator.folder.claim`)
LOCK_NAME = ".lock"


@dataclass(frozen=True)
class ResultsFolder:
    """The paths of one results folder."""

    out: Path

    @property
    def deals(self) -> Path:
        return self.out / DEALS

    @property
    def summary(self) -> Path:
        return self.out / SUMMARY

    @property
    def manifest(self) -> Path:
        return self.out / MANIFEST

    @property
    def comparisons(self) -> Path:
        return self.out / COMPARISONS

    @property
    def ratings(self) -> Path:
        return self.out / RATINGS

    @property
    def balance(self) -> Path:
        return self.out / BALANCE

    @property
    def report(self) -> Path:
        return self.out / REPORT

    @property
    def parts(self) -> Path:
        return self.out / PARTS_DIR

    @property
    def partial(self) -> Path:
        return self.out / PARTIAL_DIR

    @property
    def lock(self) -> Path:
        return self.out / LOCK_NAME


def read_manifest(out: Path) -> dict[str, Any] | None:
    """The folder's manifest.json, or None when there is none (or it is unreadable)."""
    try:
        data = json.loads((out / MANIFEST).read_text())
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


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


def scan_rows(source: Path | list[Path]) -> pl.LazyFrame:
    """``pl.scan_parquet`` of files taken by their names: an output folder called ``[x]`` or
    ``a*b`` is a name, not a pattern (polars reads paths as glob patterns by default)."""
    return pl.scan_parquet(source, glob=False)


#: the fix for a damaged file of rows: they are the run's results, nothing else has them
RESTORE = "restore the file, or play the run again into a new folder (`cardsim run CONFIG --out NEW`)"


def check_readable(paths: list[Path], fix: str = RESTORE) -> None:
    """A :class:`UserError` naming the first of ``paths`` (those that exist) that is not a whole
    Parquet file: its footer, which every read starts from, is read (damaged, cut short by a full
    disk, or not Parquet at all)."""
    for path in paths:
        if not path.is_file():
            continue
        try:
            pl.read_parquet_schema(path)
        except (pl.exceptions.PolarsError, OSError) as exc:
            reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            raise UserError(
                f"{path.name} is not a Parquet file cardsim can read ({reason})",
                str(path),
                fix,
            ) from None


def read_rows(path: Path) -> pl.DataFrame:
    """``pl.read_parquet`` of one file taken by its name (see :func:`scan_rows`)."""
    return pl.read_parquet(path, glob=False)


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
    so an interrupted run resumes, plus ``run.json``: which run they belong to.

    The only place that names and parses part files."""

    def __init__(self, out: Path) -> None:
        self.dir = out / PARTS_DIR
        self.record_path = self.dir / "run.json"

    @staticmethod
    def name_of(task: ChunkTask) -> str:
        """The file name of a chunk's rows."""
        return f"v{task.variant_index}-l{task.lineup_index}-{task.start}-{task.stop}.parquet"

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

    def path_of(self, task: ChunkTask) -> Path:
        return self.dir / self.name_of(task)

    def _files(self) -> list[tuple[ChunkTask, Path]]:
        """Every stored chunk, in (variant, lineup, start) order: the order of deals.parquet."""
        found = []
        for f in self.dir.glob("v*-l*-*-*.parquet"):
            v, lineup, start, stop = f.stem.split("-")
            found.append((ChunkTask(int(v[1:]), int(lineup[1:]), int(start), int(stop)), f))
        return sorted(found)

    def ranges(self) -> dict[tuple[int, int], list[tuple[int, int]]]:
        """(variant, lineup) -> the (start, stop) ranges of deal groups already stored."""
        done: dict[tuple[int, int], list[tuple[int, int]]] = {}
        for task, _ in self._files():
            done.setdefault((task.variant_index, task.lineup_index), []).append((task.start, task.stop))
        return done

    def rows(self, start: int, stop: int) -> pl.LazyFrame | None:
        """Stored rows of deal indexes ``start <= i < stop`` (None when no part holds any)."""
        files = [f for task, f in self._files() if task.start < stop and task.stop > start]
        if not files:
            return None
        rows = scan_rows(files)
        return rows.filter((pl.col("deal_index") >= start) & (pl.col("deal_index") < stop))

    def save(self, task: ChunkTask, frame: pl.DataFrame) -> None:
        """One chunk's rows. LZ4, not zstd: a part is read once, into deals.parquet (which
        is compressed as usual), and LZ4 costs less to write and to read back."""
        atomic_write_bytes(
            self.path_of(task), lambda tmp: frame.write_parquet(tmp, statistics=True, compression="lz4")
        )

    def scan(self, deals: int, schema: dict[str, Any]) -> pl.LazyFrame:
        """Every stored row of the first ``deals`` deal groups, in the order of deals.parquet.

        Part files are disjoint ranges, each sorted inside, so reading them in
        (variant, lineup, start) order gives the sorted rows without sorting."""
        files = [f for task, f in self._files() if task.start < deals]
        if not files:
            return pl.LazyFrame(schema=schema)
        return scan_rows(files).filter(pl.col("deal_index") < deals).select(list(schema))

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
