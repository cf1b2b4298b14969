"""A run's memory does not depend on how many deal groups it asks for: the chunks are
planned as the workers take them (simulator/schedule.py chunk_tasks).

`cardsim run` is started as the shell would, once with 10^4 deal groups and once with
10^9, and the parent's resident memory is sampled over its first seconds of play. A
plan built up front would hold millions of chunk tasks (hundreds of MB at 10^9)."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import psutil
import yaml

CARDSIM = str(Path(sys.executable).with_name("cardsim"))
#: seconds of play sampled, after the process has started
SAMPLED = 3.0
#: the largest difference allowed between the two peaks
TOLERANCE_MB = 10


def _peak_mb(config: Path, out: Path, deals: int) -> float:
    process = subprocess.Popen(
        [CARDSIM, "run", str(config), "--out", str(out), "--deals", str(deals), "--quiet"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        watched = psutil.Process(process.pid)
        peak = 0
        deadline = None
        while process.poll() is None:
            # the clock starts with the first saved chunk: imports and planning are behind it
            if deadline is None and any((out / ".parts").glob("*.parquet")):
                deadline = time.monotonic() + SAMPLED
            peak = max(peak, watched.memory_info().rss)
            if deadline is not None and time.monotonic() > deadline:
                break
            time.sleep(0.02)
        error = process.stderr.read() if process.poll() is not None and process.stderr else ""
        assert process.poll() is None, f"the run ended early: {error}"
        return peak / 2**20
    finally:
        process.kill()
        process.wait()


def test_memory_of_a_run_does_not_grow_with_its_deal_groups(tmp_path):
    config = tmp_path / "t.yaml"
    tournament = {
        "name": "plan",
        "game": "seep",  # slow enough that 10^4 deal groups outlast the sampling, compiled too
        "players": 4,
        "strategies": ["random", "greedy"],
        "format": "head-to-head",
        "seed": 5,
        "jobs": 1,
        "chunk_size": 50,
    }
    config.write_text(yaml.safe_dump(tournament))
    small = _peak_mb(config, tmp_path / "small", 10**4)
    huge = _peak_mb(config, tmp_path / "huge", 10**9)
    assert huge - small < TOLERANCE_MB, (small, huge)
