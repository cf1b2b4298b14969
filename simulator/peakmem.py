"""Peak memory of a command and every process it starts, for the long-run figures of docs/long-runs.md.

``python -m simulator.peakmem [--phases OUT] cardsim run CONFIG ...`` runs the
command, samples the resident set size (RSS) of its whole process tree (the run and
its workers) every 0.2 s, and prints the peak of the sum, the peak of the run's own
process and the wall time. With ``--phases OUT`` (the run's output folder) it also
prints the peak and the time of each phase of the run, told apart by the files that
appear in OUT: playing, writing deals.parquet, summary.parquet, the analysis files,
the manifest. A measurement tool: never used by tests.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import psutil

from simulator.results import BALANCE, DEALS, SUMMARY

PHASES = ("playing", "deals.parquet", "summary.parquet", "analysis files", "manifest")


def _tree_rss(root: psutil.Process) -> tuple[int, int]:
    """(RSS of the whole tree, RSS of ``root``) in bytes; processes that end meanwhile count 0."""
    own = total = 0
    for proc in [root, *root.children(recursive=True)]:
        try:
            rss = proc.memory_info().rss
        except psutil.Error:
            continue
        total += rss
        own = rss if proc.pid == root.pid else own
    return total, own


def phase(out: Path, since: float) -> str:
    """Which phase a run writing into ``out`` is in, from the files written after ``since``."""

    def fresh(name: str) -> bool:
        try:
            return (out / name).stat().st_mtime >= since
        except OSError:
            return False

    if not fresh(DEALS):
        return DEALS if any(out.glob(f".{DEALS}.*.tmp")) else "playing"
    if not fresh(SUMMARY):
        return SUMMARY
    if not fresh(BALANCE):
        return "analysis files"
    return "manifest"


def measure(
    command: list[str], interval: float = 0.2, out: Path | None = None
) -> tuple[int, int, float, int, dict[str, tuple[int, float]]]:
    """Peak tree RSS, peak RSS of the command's own process, seconds, exit code, and per
    phase (with ``out``) its peak tree RSS and seconds."""
    start = time.monotonic()
    since = time.time() - 1
    child = subprocess.Popen(command)
    root = psutil.Process(child.pid)
    peak_tree = peak_own = 0
    phases: dict[str, tuple[int, float]] = {}
    last = start
    while child.poll() is None:
        try:
            tree, own = _tree_rss(root)
        except psutil.Error:
            break
        peak_tree, peak_own = max(peak_tree, tree), max(peak_own, own)
        if out is not None:
            name, now = phase(out, since), time.monotonic()
            peak, seconds = phases.get(name, (0, 0.0))
            phases[name], last = (max(peak, tree), seconds + now - last), now
        time.sleep(interval)
    code = child.wait()
    return peak_tree, peak_own, time.monotonic() - start, code, phases


def main() -> None:
    args = sys.argv[1:]
    out = None
    if args[:1] == ["--phases"] and len(args) > 1:
        out, args = Path(args[1]), args[2:]
    if not args:
        sys.exit("usage: python -m simulator.peakmem [--phases OUT] COMMAND [ARGS...]")
    tree, own, seconds, code, phases = measure(args, out=out)
    mib = 1024 * 1024
    print(
        f"peak RSS: {tree / mib:,.0f} MiB for the process tree, {own / mib:,.0f} MiB for the main process; "
        f"{seconds:,.0f} s; exit code {code}",
        file=sys.stderr,
    )
    for name in PHASES:
        if name in phases:
            peak, secs = phases[name]
            print(f"  {name}: peak {peak / mib:,.0f} MiB, about {secs:,.0f} s", file=sys.stderr)
    sys.exit(code)


if __name__ == "__main__":
    main()
