"""What a run's rows depend on, as hashes: its settings, and the code that plays them.

The *fingerprint* covers the settings (game, seed, unit, variants and their
rules, lineups, strategies and their params): another fingerprint is another
run. The *code hashes* cover the source of cardsim itself and of every plug-in
module the run loads: the same settings with other code would give other rows,
so resuming saved chunks across a code change is refused unless asked for.
"""

from __future__ import annotations

import hashlib
import inspect
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import simulator
import strategies
from simulator import __version__
from simulator.plugins import StrategySpec, load_class

_PACKAGES = tuple(Path(str(p.__file__)).resolve().parent for p in (simulator, strategies))


def fingerprint(settings: Any) -> str:
    """A short hash of the settings that determine the rows (a tuple of plain values)."""
    return hashlib.sha256(repr(settings).encode()).hexdigest()[:20]


def _file_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def _tree_hash(roots: Sequence[Path]) -> str:
    h = hashlib.sha256(__version__.encode())
    for root in roots:
        for path in sorted(root.rglob("*.py")):
            h.update(f"\0{root.name}/{path.relative_to(root).as_posix()}\0".encode())
            h.update(path.read_bytes())
    return h.hexdigest()[:16]


def code_hashes(specs: Sequence[StrategySpec]) -> dict[str, str]:
    """``{"cardsim": hash}`` plus one entry per plug-in module outside cardsim, keyed by
    its file (the module that defines the strategy class)."""
    hashes = {"cardsim": _tree_hash(_PACKAGES)}
    for spec in specs:
        source = inspect.getsourcefile(load_class(spec.plugin, spec.source, "plugin"))
        if source is None:
            continue
        path = Path(source).resolve()
        if not any(path.is_relative_to(root) for root in _PACKAGES):
            hashes[str(path)] = _file_hash(path)
    return dict(sorted(hashes.items()))


def changed(old: dict[str, str], new: dict[str, str]) -> list[str]:
    """The entries whose hash differs (or that only one side has)."""
    return sorted(k for k in old.keys() | new.keys() if old.get(k) != new.get(k))
