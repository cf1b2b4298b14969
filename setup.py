"""Build of the compiled core: the modules of compiled.txt through mypyc.

mypyc compiles the very .py files the tests and golden logs run against into C
extensions, so the rules keep one implementation. ``CARDSIM_PURE=1`` builds none
(the interpreted modules run). Each build records the sha256 of every compiled
source in simulator/_native.json, which simulator/native.py checks at import so
an edited .py beside an old binary is an error, not silently the old code.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).resolve().parent
MANIFEST = ROOT / "simulator" / "_native.json"


def compiled_sources() -> list[str]:
    """The paths listed in compiled.txt (comments and blank lines skipped)."""
    lines = (ROOT / "compiled.txt").read_text().splitlines()
    return [p for p in (line.split("#")[0].strip() for line in lines) if p]


def remove_binaries() -> None:
    """Every extension module and the manifest of an earlier build, so none outlives its source."""
    for package in ("simulator", "strategies"):
        for path in (ROOT / package).rglob("*.so"):
            path.unlink()
    MANIFEST.unlink(missing_ok=True)


#: setup.py commands that only read metadata: compiling there would only double the build time
_METADATA_ONLY = {"egg_info", "dist_info", "sdist", "--version", "--name"}


def extensions() -> list:
    if _METADATA_ONLY & set(sys.argv[1:]):
        return []
    remove_binaries()
    if os.environ.get("CARDSIM_PURE"):
        return []
    from mypyc.build import mypycify

    sources = compiled_sources()
    hashes = {p: hashlib.sha256((ROOT / p).read_bytes()).hexdigest() for p in sources}
    MANIFEST.write_text(json.dumps(hashes, indent=1, sort_keys=True) + "\n")
    # one shared library for the group (simulator/_native__mypyc*.so), so compiled modules call
    # each other directly in C; one C file per module (multi_file), so the C compiler runs on
    # every core at once (build_ext's parallel option below) instead of on one file after another
    modules = mypycify(sources, opt_level="3", group_name="simulator._native", multi_file=True)
    for module in modules:
        # the group's headers are written to build/simulator/, but the module files include them
        # from build/ (mypy 2.4's multi_file with a dotted group name)
        module.include_dirs.append(os.path.join("build", "simulator"))
    return modules


setup(ext_modules=extensions(), options={"build_ext": {"parallel": os.cpu_count() or 1}})
