"""Peak memory of a command and every process it starts, for the README's long-run figures.

``python -m simulator.peakmem cardsim run CONFIG ...`` runs the command, samples
the resident set size (RSS) of its whole process tree (the run and its workers)
every 0.2 s, and prints the peak of the sum, the peak of the run's own process
and the wall time. A measurement tool: never used by tests.
"""

from __future__ import annotations

import subprocess
import sys
import time

import psutil


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


def measure(command: list[str], interval: float = 0.2) -> tuple[int, int, float, int]:
    """Peak tree RSS, peak RSS of the command's own process, seconds, exit code."""
    start = time.monotonic()
    child = subprocess.Popen(command)
    root = psutil.Process(child.pid)
    peak_tree = peak_own = 0
    while child.poll() is None:
        try:
            tree, own = _tree_rss(root)
        except psutil.Error:
            break
        peak_tree, peak_own = max(peak_tree, tree), max(peak_own, own)
        time.sleep(interval)
    code = child.wait()
    return peak_tree, peak_own, time.monotonic() - start, code


def main() -> None:
    if len(sys.argv) < 2:
        sys.exit("usage: python -m simulator.peakmem COMMAND [ARGS...]")
    tree, own, seconds, code = measure(sys.argv[1:])
    mib = 1024 * 1024
    print(
        f"peak RSS: {tree / mib:,.0f} MiB for the process tree, {own / mib:,.0f} MiB for the main process; "
        f"{seconds:,.0f} s; exit code {code}",
        file=sys.stderr,
    )
    sys.exit(code)


if __name__ == "__main__":
    main()
