"""Result files get the mode the user's umask asks for, so colleagues can read them."""

from __future__ import annotations

import os
import stat

from typer.testing import CliRunner

from simulator.cli.app import app


def test_result_files_respect_the_umask(write_tournament, tmp_path):
    old = os.umask(0o022)
    try:
        result = CliRunner().invoke(app, ["run", str(write_tournament(deals=2)), "-q"])
    finally:
        os.umask(old)
    assert result.exit_code == 0, result.output
    for name in ("deals.parquet", "summary.parquet", "manifest.json"):
        mode = stat.S_IMODE((tmp_path / "out" / name).stat().st_mode)
        assert mode == 0o644, (name, oct(mode))
