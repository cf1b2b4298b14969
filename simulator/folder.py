"""An output folder is owned by one run at a time.

``<out>/.lock`` is held with an OS lock (``flock``) for as long as the run
lives, so a second run into the same folder refuses at once; the OS releases
it on every exit, SIGKILL included, so a stale lock never blocks a resume.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import polars as pl

from simulator.errors import UserError
from simulator.provenance import changed
from simulator.results import PartStore, sink_parquet
from simulator.rows import part_schema

LOCK_NAME = ".lock"


def _check_writable(out: Path) -> None:
    if out.exists() and not out.is_dir():
        raise UserError(
            "the output path is a file, not a folder",
            str(out),
            "give a folder with --out (or the output key)",
        )
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserError(
            f"cannot create the output folder: {exc.strerror}", str(out), "choose another --out"
        ) from None
    if not os.access(out, os.W_OK | os.X_OK):
        raise UserError("the output folder is not writable", str(out), "choose another --out")


@contextmanager
def claim(out: Path) -> Iterator[Path]:
    """Hold ``out`` for this run: a user error if it is a file, is not writable, or
    another run holds it."""
    _check_writable(out)
    lock = out / LOCK_NAME
    try:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o666)
    except OSError as exc:
        raise UserError(
            f"cannot write in the output folder: {exc.strerror}", str(out), "choose another --out"
        ) from None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 64, 0).decode(errors="replace").strip() or "unknown"
            raise UserError(
                f"another cardsim run (process {holder}) is writing into this folder",
                str(out),
                "wait for it to finish, stop it, or choose another --out",
            ) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, str(os.getpid()).encode(), 0)
        _drop_temporaries(out)
        yield out
    finally:
        os.close(fd)  # releases the lock


def _drop_temporaries(out: Path) -> None:
    """Remove the temporary files of atomic writes (``.<name>.<random>.tmp``) that a stopped
    run left: only the run holding the lock writes them, so none of them is in use."""
    for folder in (out, out / ".parts", out / PARTIAL_DIR):
        for tmp in folder.glob(".*.tmp"):
            tmp.unlink(missing_ok=True)


def read_manifest(out: Path) -> dict[str, Any] | None:
    """The folder's manifest.json, or None when there is none (or it is unreadable)."""
    try:
        data = json.loads((out / "manifest.json").read_text())
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


PARTIAL_DIR = "partial"


def _describe(held: dict[str, Any]) -> str:
    """A run record (``.parts/run.json``) or a manifest, in a few words."""
    if not held.get("fingerprint"):
        return "results of an unknown run"
    config = held.get("config", {})
    name, game = held.get("name", config.get("name")), held.get("game", config.get("game"))
    return f"run {name!r} ({game}, seed {held.get('seed', held.get('root_seed'))})"


def _clear(out: Path, parts: PartStore, manifest: dict[str, Any] | None) -> None:
    """Remove the files of the run the folder holds (``--force``), and nothing else."""
    parts.discard()
    shutil.rmtree(out / PARTIAL_DIR, ignore_errors=True)
    names = (manifest or {}).get("files") or ["deals.parquet", "summary.parquet", "manifest.json"]
    for name in names:
        (out / Path(name).name).unlink(missing_ok=True)


def take_over(
    out: Path, parts: PartStore, run: dict[str, Any], *, fresh: bool, force: bool, resume_anyway: bool
) -> dict[str, Any]:
    """Decide what this run does with what the folder holds, refusing what would lose a result.

    Another run (other fingerprint) is refused unless ``force`` (then its files are
    removed); saved chunks of this run played by other code are refused unless
    ``fresh`` (dropped) or ``resume_anyway`` (kept, and the change recorded in the
    returned record). Returns the record to keep with the parts."""
    manifest = read_manifest(out)
    record = parts.read_record()
    if record is None and parts.exists():
        record = {}  # parts without a record: not a run this version can vouch for
    held = record if record is not None else manifest
    if held is None and any((out / n).exists() for n in ("deals.parquet", "summary.parquet")):
        held = {}
    if held is not None and held.get("fingerprint") != run["fingerprint"]:
        if not force:
            raise UserError(
                f"this folder holds {_describe(held)}, with other settings than this run",
                str(out),
                "use --force to replace it, or write this run elsewhere with --out",
            )
        _clear(out, parts, manifest)
        return run
    if record is None or fresh:
        parts.discard()
        return run
    code_changes = changed(record.get("code", {}), run["code"])
    if not code_changes:
        return {**run, "resumed_with_changed_code": record.get("resumed_with_changed_code", [])}
    if not resume_anyway:
        raise UserError(
            f"the saved chunks of this run were played by other code (changed: {', '.join(code_changes)})",
            str(out),
            "use --fresh to start over, or --resume-anyway if the change cannot affect the results "
            "(recorded in manifest.json)",
        )
    accepted = [*record.get("resumed_with_changed_code", []), *code_changes]
    return {**run, "resumed_with_changed_code": sorted(set(accepted))}


def reopen_complete(
    out: Path, parts: PartStore, run: dict[str, Any], deals: int, variants: list[str], schema: dict[str, Any]
) -> None:
    """A complete result of this very run (same settings, same code) asked for with more deal
    groups: its rows become saved chunks again (one part per variant and lineup), so only the
    new groups are played and the files come out as a run of the new size would write them.

    Fewer deal groups than the folder holds would replace a complete result with a smaller one:
    refused. Written record first: chunks whose record says this run are resumed, so a stop
    while the parts are written loses nothing (the missing ones are played again)."""
    manifest = read_manifest(out)
    if (
        manifest is None
        or parts.exists()
        or manifest.get("status") != "complete"
        or manifest.get("fingerprint") != run["fingerprint"]
        or manifest.get("code") != run["code"]
        or not (out / "deals.parquet").is_file()
    ):
        return
    rows = pl.scan_parquet(out / "deals.parquet")
    spans = rows.group_by("variant", "lineup").agg(pl.col("deal_index").max() + 1).collect().rows()
    held = max((groups for _, _, groups in spans), default=0)
    if held > deals:
        raise UserError(
            f"this folder holds the complete result of {held:,} deal groups of this run; "
            f"{deals:,} would replace it with fewer",
            str(out),
            f"ask for {held:,} deal groups or more, write elsewhere with --out, or use --force to replace it",
        )
    parts.write_record({**run, "resumed_with_changed_code": manifest.get("resumed_with_changed_code", [])})
    target = part_schema(schema)
    for variant, lineup, groups in spans:
        index = variants.index(variant)
        part = (
            rows.filter((pl.col("variant") == variant) & (pl.col("lineup") == lineup))
            .with_columns(variant_order=pl.lit(index, dtype=pl.Int32))
            .select(list(target))
            .cast(pl.Schema(target))
        )
        sink_parquet(part, parts.dir / f"v{index}-l{lineup}-0-{groups}.parquet")
