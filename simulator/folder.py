"""What a run does with its output folder: hold it, decide what becomes of what it holds
(resume, replace, keep a complete result), and write the manifest last.

``<out>/.lock`` is held with an OS lock (``flock``) for as long as the run
lives, so a second run into the same folder refuses at once; the OS releases
it on every exit, SIGKILL included, so a stale lock never blocks a resume.

The runner asks twice: :meth:`RunFolder.open` before it plays (is there anything to
play, and which saved chunks count), :meth:`RunFolder.write_results` after (where the
files go, and the manifest that says how far the run got). The names of the files are
:mod:`simulator.results`'s.

``manifest.json``: what a run was (settings, rules, strategies, code) and how far it got.
``status`` is ``complete``, ``interrupted`` (a stop signal; the run resumes) or
``failed`` (a strategy or engine fault; ``error`` says which, and the run resumes
once the cause is fixed, see ``--fresh`` and ``--resume-anyway``).
"""

from __future__ import annotations

import fcntl
import os
import platform
import shutil
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

import polars as pl

from simulator import __version__
from simulator.config import Tournament
from simulator.errors import UserError
from simulator.provenance import changed
from simulator.results import (
    DEALS,
    MANIFEST,
    REPORT,
    SUMMARY,
    PartStore,
    ResultsFolder,
    read_manifest,
    scan_rows,
    sink_parquet,
    write_json,
)
from simulator.rows import part_schema
from simulator.schedule import ChunkTask
from simulator.stopping import StopRequested, StopSignals, stopped_by


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
def claim(out: Path) -> Iterator[RunFolder]:
    """Hold ``out`` for this run: a user error if it is a file, is not writable, or
    another run holds it."""
    _check_writable(out)
    folder = RunFolder(out)
    lock = folder.paths.lock
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
        folder.drop_temporaries()
        yield folder
    finally:
        os.close(fd)  # releases the lock


@dataclass
class Outcome:
    """How far a run got, as its manifest says it."""

    status: str  # complete | failed | interrupted
    error: str | None
    groups_done: int
    groups_total: int
    sprt: dict[str, Any] | None = None


class RunFolder:
    """An output folder held by one run (:func:`claim`): its saved chunks, and what the run
    does with the results it finds there."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.paths = ResultsFolder(out)
        self.parts = PartStore(out)

    def drop_temporaries(self) -> None:
        """Remove the temporary files of atomic writes (``.<name>.<random>.tmp``) that a stopped
        run left: only the run holding the lock writes them, so none of them is in use."""
        for folder in (self.out, self.paths.parts, self.paths.partial):
            for tmp in folder.glob(".*.tmp"):
                tmp.unlink(missing_ok=True)

    def is_complete_for(self, record: dict[str, Any]) -> dict[str, Any] | None:
        """The manifest of a complete result of this very run (same settings, same code) that
        the folder holds with no saved chunks beside it; None when it holds none."""
        manifest = read_manifest(self.out)
        if (
            manifest is None
            or self.parts.exists()
            or manifest.get("status") != "complete"
            or manifest.get("fingerprint") != record["fingerprint"]
            or manifest.get("code") != record["code"]
            or not self.paths.deals.is_file()
        ):
            return None
        return manifest

    def open(
        self,
        record: dict[str, Any],
        deals: int,
        variants: list[str],
        schema: dict[str, Any],
        *,
        fresh: bool,
        force: bool,
        resume_anyway: bool,
    ) -> dict[str, Any] | None:
        """Before playing: None when the folder already holds this run's complete result of
        ``deals`` deal groups, else the run's record, now kept with the saved chunks (a complete
        result of fewer deal groups becomes saved chunks again; another run's files are refused
        or replaced, see :meth:`take_over`)."""
        if not fresh and not force:
            complete = self.is_complete_for(record)
            if complete is not None:
                if complete.get("config", {}).get("deals") == deals:
                    return None
                self._reopen_complete(complete, record, deals, variants, schema)
        kept = self.take_over(record, fresh=fresh, force=force, resume_anyway=resume_anyway)
        self.parts.write_record(kept)
        return kept

    def take_over(
        self, run: dict[str, Any], *, fresh: bool, force: bool, resume_anyway: bool
    ) -> dict[str, Any]:
        """Decide what this run does with what the folder holds, refusing what would lose a result.

        Another run (other fingerprint) is refused unless ``force`` (then its files are
        removed); saved chunks of this run played by other code are refused unless
        ``fresh`` (dropped) or ``resume_anyway`` (kept, and the change recorded in the
        returned record). Returns the record to keep with the parts."""
        out, parts = self.out, self.parts
        manifest = read_manifest(out)
        record = parts.read_record()
        if record is None and parts.exists():
            record = {}  # parts without a record: not a run this version can vouch for
        held = record if record is not None else manifest
        if held is None and any((out / n).exists() for n in (DEALS, SUMMARY)):
            held = {}
        if manifest is not None and manifest.get("fingerprint") != run["fingerprint"] and not force:
            held = manifest  # another run's result stays until a --force run completes (resumes too)
        if held is not None and held.get("fingerprint") != run["fingerprint"]:
            if not force:
                raise UserError(
                    f"this folder holds {describe_run(held)}, with other settings than this run",
                    str(out),
                    "use --force to replace it (once this run completes), or write this run elsewhere "
                    "with --out",
                )
            # the other run's saved chunks go; its result files stay until this run completes
            parts.discard()
            shutil.rmtree(self.paths.partial, ignore_errors=True)
            return run
        if record is None or fresh:
            parts.discard()
            return run
        code_changes = changed(record.get("code", {}), run["code"])
        if not code_changes:
            return {**run, "resumed_with_changed_code": record.get("resumed_with_changed_code", [])}
        if not resume_anyway:
            raise UserError(
                "the saved chunks of this run were played by other code "
                f"(changed: {', '.join(code_changes)})",
                str(out),
                "use --fresh to start over, or --resume-anyway if the change cannot affect the results "
                "(recorded in manifest.json)",
            )
        accepted = [*record.get("resumed_with_changed_code", []), *code_changes]
        return {**run, "resumed_with_changed_code": sorted(set(accepted))}

    def _reopen_complete(
        self,
        manifest: dict[str, Any],
        run: dict[str, Any],
        deals: int,
        variants: list[str],
        schema: dict[str, Any],
    ) -> None:
        """This run's complete result (``manifest``, see :meth:`is_complete_for`) asked for with other
        numbers of deal
        groups: its rows become saved chunks again (one part per variant and lineup), so only the
        new groups are played and the files come out as a run of the new size would write them.

        Fewer deal groups than the folder holds would replace a complete result with a smaller one:
        refused. Written record first: chunks whose record says this run are resumed, so a stop
        while the parts are written loses nothing (the missing ones are played again)."""
        rows = scan_rows(self.paths.deals)
        spans = rows.group_by("variant", "lineup").agg(pl.col("deal_index").max() + 1).collect().rows()
        held = max((groups for _, _, groups in spans), default=0)
        if held > deals:
            raise UserError(
                f"this folder holds the complete result of {held:,} deal groups of this run; "
                f"{deals:,} would replace it with fewer",
                str(self.out),
                f"ask for {held:,} deal groups or more, write elsewhere with --out, "
                "or use --force to replace it",
            )
        self.parts.write_record(
            {**run, "resumed_with_changed_code": manifest.get("resumed_with_changed_code", [])}
        )
        target = part_schema(schema)
        for variant, lineup, groups in spans:
            index = variants.index(variant)
            part = (
                rows.filter((pl.col("variant") == variant) & (pl.col("lineup") == lineup))
                .with_columns(variant_order=pl.lit(index, dtype=pl.Int32))
                .select(list(target))
                .cast(pl.Schema(target))
            )
            sink_parquet(part, self.parts.path_of(ChunkTask(index, lineup, 0, groups)))

    def write_results(
        self,
        t: Tournament,
        record: dict[str, Any],
        started: datetime,
        outcome: Outcome,
        write_files: Callable[[Path, list[str]], None],
        signals: StopSignals,
    ) -> Path:
        """After playing: ``write_files(dest, written)`` writes the run's files into ``dest``
        (appending each name to ``written``), then manifest.json goes last, so a manifest always
        describes files that are all in place. Returns ``dest``: the folder, or ``<out>/partial``
        when an incomplete run would replace a complete result of this run.

        A stop signal ends the writing at once: the manifest then says ``interrupted`` and lists
        the files written so far, :class:`StopRequested` goes on, and the saved chunks stay for
        the next run, which writes the same files. A complete run drops its saved chunks."""
        complete = outcome.status == "complete"
        previous = read_manifest(self.out)
        has_result = previous is not None and previous.get("status") == "complete"
        # a complete result in the folder is replaced only by a complete one, written beside it first
        dest = self.paths.partial if has_result else self.out
        if has_result:
            shutil.rmtree(dest, ignore_errors=True)  # an earlier incomplete run's files: its rows are saved
        written: list[str] = []
        signals.armed = True
        try:
            dest.mkdir(parents=True, exist_ok=True)
            write_files(dest, written)
        except StopRequested as exc:
            signals.armed = False
            outcome.status, outcome.error = (
                "interrupted",
                f"{stopped_by(exc.signum)} while writing the results",
            )
            self._write_manifest(dest, t, record, started, outcome, written)
            raise
        finally:
            signals.armed = False
        self._write_manifest(dest, t, record, started, outcome, written)
        if complete and previous is not None and dest != self.out:
            self._promote(dest, previous, written)
            dest = self.out
        if complete:
            self.parts.discard()
            shutil.rmtree(self.paths.partial, ignore_errors=True)
        return dest

    def _promote(self, staging: Path, previous: dict[str, Any], written: list[str]) -> None:
        """Replace the folder's complete result by the one in ``staging``. Its manifest goes
        first (from then on the folder holds no result, and the saved chunks, dropped only
        after, let a rerun write the new one), the new manifest last."""
        (self.out / MANIFEST).unlink(missing_ok=True)
        old = {Path(name).name for name in previous.get("files") or [DEALS, SUMMARY]}
        for name in (old | {REPORT}) - set(written):  # the old report describes the old rows
            (self.out / name).unlink(missing_ok=True)
        for name in written:
            os.replace(staging / name, self.out / name)
        os.replace(staging / MANIFEST, self.out / MANIFEST)

    @staticmethod
    def _write_manifest(
        dest: Path,
        t: Tournament,
        record: dict[str, Any],
        started: datetime,
        outcome: Outcome,
        files: list[str],
    ) -> None:
        state: dict[str, Any] = {
            "status": outcome.status,
            "error": outcome.error,
            "deal_groups_completed": outcome.groups_done,
            "deal_groups_total": outcome.groups_total,
        }
        if outcome.sprt is not None:
            state["sprt"] = outcome.sprt
        write_json(build_manifest(t, record, started, state, files), ResultsFolder(dest).manifest)


def kept_message(previous: dict[str, Any], out: Path, dest: Path) -> str:
    """Where things are when an incomplete run leaves a complete result in place."""
    files = ", ".join(Path(name).name for name in previous.get("files") or [DEALS, SUMMARY, MANIFEST])
    return (
        f"{out} still holds the complete results of {describe_run(previous)} ({files}): only a "
        f"complete run replaces them; this run's files so far are in {dest}"
    )


def describe_run(held: dict[str, Any]) -> str:
    """A run record (``.parts/run.json``) or a manifest, in a few words."""
    if not held.get("fingerprint"):
        return "results of an unknown run"
    config = held.get("config", {})
    name, game = held.get("name", config.get("name")), held.get("game", config.get("game"))
    return f"run {name!r} ({game}, seed {held.get('seed', held.get('root_seed'))})"


def _package_versions() -> dict[str, str]:
    out = {"python": sys.version.split()[0], "platform": platform.platform()}
    for name in ("polars", "joblib", "pydantic", "scipy", "typer", "pyyaml", "tqdm"):
        try:
            out[name] = version(name)
        except PackageNotFoundError:
            continue
    return out


def build_manifest(
    t: Tournament,
    run: dict[str, Any],
    started: datetime,
    progress: dict[str, Any],
    files: list[str],
) -> dict[str, Any]:
    """``run`` is the run's identity record (fingerprint, code hashes, code changes
    accepted on resume); ``progress`` holds status, error and the deal group counts."""
    return {
        "cardsim_version": __version__,
        **progress,
        "config_file": t.source,
        "config": t.config.model_dump(),
        "root_seed": t.config.seed,
        "fingerprint": run["fingerprint"],
        "code": run["code"],
        "resumed_with_changed_code": run.get("resumed_with_changed_code", []),
        "variants": [
            {
                "name": v.name,
                "base": v.base,
                "overrides": dict(v.overrides),
                "rules_hash": v.rules.rules_hash,
                "rules": v.rules.options(),
                "lineups": [lu.label for lu in t.lineups[i]],
            }
            for i, v in enumerate(t.variants)
        ],
        "strategies": [
            {"name": s.name, "plugin": s.plugin, "params": dict(s.params), "source": s.source}
            for s in t.strategies
        ],
        "packages": _package_versions(),
        "started": started.isoformat(timespec="seconds"),
        "finished": datetime.now(UTC).isoformat(timespec="seconds"),
        "files": [*files, MANIFEST],
    }
