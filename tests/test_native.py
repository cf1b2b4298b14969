"""The compiled core (setup.py, simulator/native.py): one implementation, compiled or not."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from simulator import native
from tests.golden.digests import GOLDEN

ROOT = Path(__file__).resolve().parent.parent

_PURE_DIGESTS = """
import json, sys, tempfile
from pathlib import Path
from simulator import native
from tests.golden.digests import all_digests
with tempfile.TemporaryDirectory() as tmp:
    digests = all_digests(Path(tmp) / "out")
print(json.dumps({"compiled": native.compiled_modules(), "digests": digests}))
"""


def test_the_sources_give_the_golden_digests_whatever_is_built():
    """CARDSIM_PURE=1 loads every module from its .py (none from an extension) and plays the
    golden rows and logs: the pure path and the compiled one the other tests run agree."""
    env = {**os.environ, "CARDSIM_PURE": "1"}
    out = subprocess.run(
        [sys.executable, "-c", _PURE_DIGESTS], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    got = json.loads(out.stdout.splitlines()[-1])
    assert got["compiled"] == []
    assert got["digests"] == json.loads(GOLDEN.read_text())


@pytest.mark.skipif(native.pure() or not native.MANIFEST.exists(), reason="no compiled build")
def test_a_compiled_build_runs_its_extensions():
    """Every module the build compiled is loaded from its extension, not silently from the .py."""
    recorded = json.loads(native.MANIFEST.read_text())
    for source in recorded:  # not every one is imported by the tests that ran before
        importlib.import_module(source.removesuffix(".py").replace("/", "."))
    loaded = set(native.compiled_modules())
    for source in recorded:
        assert source.removesuffix(".py").replace("/", ".") in loaded, source


def test_an_edited_source_beside_its_binary_is_refused(tmp_path, monkeypatch):
    """stale() names the changed file; check() refuses with the rebuild command."""
    package = tmp_path / "simulator"
    package.mkdir()
    (package / "fast.py").write_text("X = 1\n")
    (package / "fast.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
    (package / "_native__mypyc.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
    manifest = package / "_native.json"
    monkeypatch.setattr(native, "ROOT", tmp_path)
    monkeypatch.setattr(native, "MANIFEST", manifest)
    assert native.stale() == ["simulator/fast.py has a compiled module that no build recorded"]
    import hashlib

    manifest.write_text(json.dumps({"simulator/fast.py": hashlib.sha256(b"X = 1\n").hexdigest()}))
    assert native.stale() == []
    native.check()
    (package / "fast.py").write_text("X = 2\n")
    assert native.stale() == ["simulator/fast.py changed since it was compiled"]
    with pytest.raises(native.StaleBuildError, match=r"simulator/fast.py changed.*make setup"):
        native.check()
    (package / "fast.py").unlink()
    assert native.stale() == ["simulator/fast.py is gone but its compiled module is still there"]


def test_code_hashes_read_the_sources_not_the_binaries(tmp_path):
    """The resume fingerprint hashes .py files only: building (or removing) binaries keeps it."""
    from simulator import provenance

    package = tmp_path / "simulator"
    package.mkdir()
    (package / "fast.py").write_text("X = 1\n")
    before = provenance._tree_hash([package])
    (package / "fast.cpython-311-x86_64-linux-gnu.so").write_bytes(b"\x7fELF")
    (package / "_native.json").write_text("{}")
    assert provenance._tree_hash([package]) == before
    (package / "fast.py").write_text("X = 2\n")
    assert provenance._tree_hash([package]) != before
