"""manifest.json: what a run was (settings, rules, strategies, code) and how far it got.

``status`` is ``complete``, ``interrupted`` (a stop signal; the run resumes) or
``failed`` (a strategy or engine fault; ``error`` says which, and the run resumes
once the cause is fixed, see ``--fresh`` and ``--resume-anyway``).
"""

from __future__ import annotations

import platform
import sys
from datetime import UTC, datetime
from importlib.metadata import PackageNotFoundError, version
from typing import Any

from simulator import __version__
from simulator.config import Tournament


def _package_versions() -> dict[str, str]:
    out = {"python": sys.version.split()[0], "platform": platform.platform()}
    for name in ("polars", "joblib", "pydantic", "scipy", "typer", "pyyaml", "tqdm"):
        try:
            out[name] = version(name)
        except PackageNotFoundError:
            continue
    return out


def build_manifest(
    t: Tournament,
    run: dict[str, Any],
    started: datetime,
    progress: dict[str, Any],
    files: list[str],
) -> dict[str, Any]:
    """``run`` is the run's identity record (fingerprint, code hashes, code changes
    accepted on resume); ``progress`` holds status, error and the deal group counts."""
    return {
        "cardsim_version": __version__,
        **progress,
        "config_file": t.source,
        "config": t.config.model_dump(),
        "root_seed": t.config.seed,
        "fingerprint": run["fingerprint"],
        "code": run["code"],
        "resumed_with_changed_code": run.get("resumed_with_changed_code", []),
        "variants": [
            {
                "name": v.name,
                "base": v.base,
                "overrides": dict(v.overrides),
                "rules_hash": v.rules.rules_hash,
                "rules": v.rules.options(),
                "lineups": [lu.label for lu in t.lineups[i]],
            }
            for i, v in enumerate(t.variants)
        ],
        "strategies": [
            {"name": s.name, "plugin": s.plugin, "params": dict(s.params), "source": s.source}
            for s in t.strategies
        ],
        "packages": _package_versions(),
        "started": started.isoformat(timespec="seconds"),
        "finished": datetime.now(UTC).isoformat(timespec="seconds"),
        "files": [*files, "manifest.json"],
    }
