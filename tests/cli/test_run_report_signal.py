"""A stop signal while `cardsim run --report` writes report.html is a clean stop, not a traceback."""

from __future__ import annotations

import json
import os
import signal
import time
from pathlib import Path

from typer.testing import CliRunner

import simulator.cli.report as report_cli
from simulator.cli.app import app


def test_sigterm_while_the_report_is_written(tmp_path: Path, monkeypatch) -> None:
    def slow_report(out: Path) -> Path:
        os.kill(os.getpid(), signal.SIGTERM)  # delivered to the main thread, which runs this
        time.sleep(5)
        raise AssertionError("the signal did not stop the report")

    monkeypatch.setattr(report_cli, "write_report", slow_report)
    out = tmp_path / "run"
    result = CliRunner().invoke(
        app,
        ["run", "configs/tournaments/quickstart.yaml", "--deals", "4", "--out", str(out), "-q", "--report"],
    )
    assert result.exit_code == 143, result.output
    assert "Traceback" not in result.output
    assert f"cardsim report {out}" in " ".join(result.output.split())  # the console may wrap
    assert json.loads((out / "manifest.json").read_text())["status"] == "complete"
    assert not (out / "report.html").exists()
