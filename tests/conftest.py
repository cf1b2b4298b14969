"""Shared fixtures: small tournament files written into a temporary folder."""

from __future__ import annotations

import os
import socket
from pathlib import Path

import pytest
import yaml
from hypothesis import settings

try:
    import simulator  # noqa: F401  (its import refuses compiled modules older than their .py)
except ImportError as exc:
    pytest.exit(str(exc), returncode=2)

# Timing-free and, on CI, reproducible property tests: no per-example deadline
# (a loaded machine must not fail a test), and a fixed example sequence on CI.
settings.register_profile("cardsim", deadline=None, print_blob=True)
settings.register_profile("ci", parent=settings.get_profile("cardsim"), derandomize=True)
settings.load_profile("ci" if os.environ.get("CI") else "cardsim")

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def write_tournament(tmp_path: Path):
    """Write a tournament YAML (defaults: 4-player Sweep, random vs greedy) and return its path."""

    def _write(**overrides) -> Path:
        data = {
            "name": "t",
            "game": "sweep",
            "players": 4,
            "variants": ["standard"],
            "strategies": ["random", "greedy"],
            "format": "head-to-head",
            "unit": "deal",
            "deals": 20,
            "seed": 7,
            "jobs": 1,
            "output": str(tmp_path / "out"),
        }
        data.update(overrides)
        path = tmp_path / "tournament.yaml"
        path.write_text(yaml.safe_dump(data, sort_keys=False))
        return path

    return _write


@pytest.fixture
def dask_port_busy():
    """Dask's default dashboard port held as another cluster would hold it (if nobody else does)."""
    with socket.socket() as busy:
        try:
            busy.bind(("127.0.0.1", 8787))
            busy.listen()
        except OSError:
            pass  # already held by another process: just as busy
        yield
