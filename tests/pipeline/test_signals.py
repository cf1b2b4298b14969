"""Real processes: stop signals, SIGKILL, a second run into a busy folder, move timeouts.

Each test runs `cardsim run` as a subprocess on a small tournament whose `slow`
strategy pauses a little per move, signals it once a few chunks are saved, and
checks that the resumed run's files are byte-identical to an uninterrupted run.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import psutil
import yaml

CARDSIM = str(Path(sys.executable).with_name("cardsim"))
SLOW = Path(__file__).resolve().parents[1] / "plugins" / "slow.py"
FILES = ("deals.parquet", "summary.parquet")


def _write_config(folder: Path, **params: float) -> Path:
    strategy = folder / "slow.yaml"
    strategy.write_text(yaml.safe_dump({"name": "slow", "plugin": f"{SLOW}:Slow", "params": params}))
    config = folder / "t.yaml"
    tournament = {
        "name": "signals",
        "game": "sweep",
        "players": 4,
        "strategies": [str(strategy), "random"],
        "format": "head-to-head",
        "deals": 24,
        "chunk_size": 2,
        "seed": 3,
        "jobs": 2,
    }
    config.write_text(yaml.safe_dump(tournament))
    return config


def _start(config: Path, out: Path, *extra: str) -> subprocess.Popen:
    return subprocess.Popen(
        [CARDSIM, "run", str(config), "--out", str(out), "--quiet", *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _wait_for(condition: Callable[[], bool], seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def _parts(out: Path) -> int:
    return len(list((out / ".parts").glob("v*.parquet")))


def _gone(processes: list[psutil.Process]) -> bool:
    return not any(p.is_running() and p.status() != psutil.STATUS_ZOMBIE for p in processes)


def _reference(folder: Path) -> tuple[Path, dict[str, bytes]]:
    """The tournament config and the files of an uninterrupted run of it."""
    config = _write_config(folder, pause=0.002)
    done = subprocess.run(
        [CARDSIM, "run", str(config), "--out", str(folder / "ref"), "--quiet"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    return config, {name: (folder / "ref" / name).read_bytes() for name in FILES}


def _interrupt(config: Path, out: Path, signum: int) -> tuple[subprocess.Popen, list[psutil.Process]]:
    """Start a run, send ``signum`` once it has saved two more chunks; return the
    finished process and its child processes as they were at the signal."""
    before = _parts(out) if out.exists() else 0
    proc = _start(config, out)
    _wait_for(lambda: _parts(out) >= before + 2, 120)
    workers = psutil.Process(proc.pid).children(recursive=True)
    assert workers
    os.kill(proc.pid, signum)
    proc.wait(60)
    return proc, workers


def test_sigterm_sigint_and_sigkill_lose_nothing_and_the_resume_is_identical(tmp_path):
    """One folder, stopped three times (checking each stop), then resumed to the end:
    the files equal those of an uninterrupted run, byte for byte."""
    config, files = _reference(tmp_path)
    out = tmp_path / "out"
    for signum, code in ((signal.SIGTERM, 143), (signal.SIGINT, 130)):
        proc, workers = _interrupt(config, out, signum)
        stderr = proc.stderr.read()
        assert proc.returncode == code, stderr
        assert "resume with: cardsim run" in stderr and "Traceback" not in stderr
        _wait_for(lambda workers=workers: _gone(workers), 10)
        manifest = json.loads((out / "manifest.json").read_text())
        assert manifest["status"] == "interrupted"
        assert 0 < manifest["deal_groups_completed"] == _parts(out) * 2 < manifest["deal_groups_total"]
    proc, workers = _interrupt(config, out, signal.SIGKILL)
    assert proc.returncode == -signal.SIGKILL
    _wait_for(lambda: _gone(workers), 10)  # the workers notice by themselves
    done = subprocess.run(
        [CARDSIM, "run", str(config), "--out", str(out), "--quiet"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert "resumed from an earlier run" in done.stdout
    for name, data in files.items():
        assert (out / name).read_bytes() == data, name
    assert json.loads((out / "manifest.json").read_text())["status"] == "complete"
    assert not list(out.glob(".*.tmp"))  # a temporary file the stop left is gone


def test_a_second_run_into_a_busy_folder_refuses_at_once(tmp_path):
    config = _write_config(tmp_path, pause=0.05)
    out = tmp_path / "out"
    first = _start(config, out)
    try:
        _wait_for(lambda: (out / ".parts").exists(), 120)
        second = subprocess.run(
            [CARDSIM, "run", str(config), "--out", str(out), "--quiet"], capture_output=True, text=True
        )
        assert first.poll() is None, "the first run ended too early for this test"
        assert second.returncode == 2
        assert f"another cardsim run (process {first.pid}) is writing into this folder" in second.stderr
    finally:
        first.kill()
        first.wait(30)


def test_a_signal_while_the_files_are_written_stops_at_once_and_the_resume_writes_them(tmp_path):
    """SIGTERM as soon as deals.parquet is being written: the run stops within seconds
    (status interrupted, exit 143, chunks kept), and the next run writes the same files."""
    config = tmp_path / "t.yaml"
    tournament = {
        "name": "ending",
        "game": "sweep",
        "players": 2,
        "strategies": ["random", "random@2"],
        "format": "head-to-head",
        "deals": 1500,
        "seed": 5,
        "jobs": 1,
    }
    config.write_text(yaml.safe_dump(tournament))
    names = ("deals.parquet", "summary.parquet", "comparisons.parquet", "balance.parquet")
    ref = subprocess.run(
        [CARDSIM, "run", str(config), "--out", str(tmp_path / "ref"), "--quiet"],
        capture_output=True,
        text=True,
    )
    assert ref.returncode == 0, ref.stderr
    out = tmp_path / "out"
    proc = _start(config, out)
    _wait_for(lambda: (out / "deals.parquet").exists() or any(out.glob(".deals.parquet.*.tmp")), 300)
    os.kill(proc.pid, signal.SIGTERM)
    signalled = time.monotonic()
    proc.wait(60)
    stderr = proc.stderr.read()
    assert proc.returncode == 143, stderr
    assert time.monotonic() - signalled < 5
    assert "while writing the results" in stderr and "resume with: cardsim run" in stderr
    assert "Traceback" not in stderr
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["status"] == "interrupted"
    assert manifest["deal_groups_completed"] == manifest["deal_groups_total"] == 1500
    assert not (out / "balance.parquet").exists() and _parts(out) > 0
    done = subprocess.run(
        [CARDSIM, "run", str(config), "--out", str(out), "--quiet"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    for name in names:
        assert (out / name).read_bytes() == (tmp_path / "ref" / name).read_bytes(), name
    assert json.loads((out / "manifest.json").read_text())["status"] == "complete"
    assert not list(out.glob(".*.tmp"))  # a temporary file the stop left is gone
