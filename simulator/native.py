"""The compiled core's guard rails: no stale binary runs, and ``CARDSIM_PURE=1`` runs the sources.

setup.py compiles the modules of compiled.txt with mypyc and records each source's
sha256 in ``_native.json``. An extension module wins over the .py beside it at
import, so a source edited after the build would silently run the old code:
:func:`check` (run when ``simulator`` is imported) refuses that with one message
naming the file. With ``CARDSIM_PURE`` set in the environment, :func:`use_sources`
makes every import of a compiled module load its .py instead (debugging, and the
test that the two paths give the same golden digests), whatever is built.
"""

from __future__ import annotations

import importlib.machinery
import json
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = Path(__file__).with_name("_native.json")
_PACKAGES = ("simulator", "strategies")


class StaleBuildError(ImportError):
    """A compiled module's source changed after the build (or a binary has no recorded source)."""


def pure() -> bool:
    """Whether this process runs the interpreted sources (``CARDSIM_PURE`` set, non-empty)."""
    return bool(os.environ.get("CARDSIM_PURE"))


def binaries() -> dict[str, Path]:
    """Source path (relative to the repository, as in compiled.txt) -> the extension beside it."""
    found = {}
    for package in _PACKAGES:
        for so in (ROOT / package).rglob("*.so"):
            name = so.name.split(".")[0]
            if not name.endswith("__mypyc"):  # the group's shared library has no source of its own
                found[(so.parent / f"{name}.py").relative_to(ROOT).as_posix()] = so
    return found


def stale() -> list[str]:
    """The compiled sources whose .py no longer matches what was compiled, one line each."""
    recorded = json.loads(MANIFEST.read_text()) if MANIFEST.exists() else {}
    problems = []
    for source, binary in sorted(binaries().items()):
        path = ROOT / source
        if not path.exists():
            problems.append(f"{source} is gone but its compiled module is still there")
        elif source not in recorded:
            problems.append(f"{source} has a compiled module that no build recorded")
        elif path.stat().st_mtime_ns > binary.stat().st_mtime_ns and _sha256(path) != recorded[source]:
            # only a source written after its binary can differ from what was compiled: the
            # others are not read (every start of cardsim runs this check)
            problems.append(f"{source} changed since it was compiled")
    return problems


def _sha256(path: Path) -> str:
    import hashlib  # OpenSSL's load is a tenth of a quick command's start: only when a source is newer

    return hashlib.sha256(path.read_bytes()).hexdigest()


def check() -> None:
    """Raise :class:`StaleBuildError` if a compiled module would run other code than its .py."""
    problems = stale()
    if problems:
        raise StaleBuildError(
            "stale compiled modules (the old code would run): "
            + "; ".join(problems)
            + ". Rebuild with `make setup` (or `.venv/bin/pip install -e .`); "
            "CARDSIM_PURE=1 runs the .py sources without rebuilding."
        )


class _SourcesFirst:
    """Finds a cardsim submodule's .py where an extension module of it was built (a meta path
    finder: importlib.abc's base class would only add import time to every start)."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if fullname.partition(".")[0] not in _PACKAGES or path is None:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or not isinstance(spec.loader, importlib.machinery.ExtensionFileLoader):
            return None
        assert spec.origin is not None
        source = Path(spec.origin).with_name(fullname.rpartition(".")[2] + ".py")
        from importlib.util import spec_from_file_location  # only under CARDSIM_PURE

        return spec_from_file_location(fullname, source)


def use_sources() -> None:
    """Import every compiled module of cardsim from its .py from now on."""
    if not any(isinstance(f, _SourcesFirst) for f in sys.meta_path):
        sys.meta_path.insert(0, _SourcesFirst())  # type: ignore[arg-type]


def compiled_modules() -> list[str]:
    """The cardsim modules loaded in this process from an extension (``cardsim bench`` reports them)."""
    return sorted(
        name
        for name, module in list(sys.modules.items())
        if name.partition(".")[0] in _PACKAGES
        and isinstance(getattr(module, "__loader__", None), importlib.machinery.ExtensionFileLoader)
    )


def startup() -> None:
    """What importing ``simulator`` does: the sources under ``CARDSIM_PURE``, else the stale check."""
    if pure():
        use_sources()
    else:
        check()
