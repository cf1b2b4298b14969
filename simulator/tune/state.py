"""The tuning's saved state: written atomically after every iteration, so a tuning stopped by
SIGINT, SIGTERM or SIGKILL resumes at the last finished iteration and ends exactly where an
uninterrupted one does (every iteration depends only on the seed and the saved state).

The folder's ``tune.json`` names the tuning it belongs to (the fingerprint of its settings):
another tuning, or a `cardsim run`, is refused there rather than mixed with it.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from simulator.errors import UserError
from simulator.results import ResultsFolder, write_json

STATE_FILE = "tune.json"


@dataclass
class MarginSpread:
    """Welford's running mean and variance of the deal groups' margins."""

    count: int = 0
    mean: float = 0.0
    m2: float = 0.0

    def add(self, values: list[float]) -> None:
        for x in values:
            self.count += 1
            delta = x - self.mean
            self.mean += delta / self.count
            self.m2 += delta * (x - self.mean)

    @property
    def sd(self) -> float:
        return math.sqrt(self.m2 / (self.count - 1)) if self.count > 1 else 0.0


@dataclass
class TuneState:
    """Where a tuning is: ``iteration`` iterations done, theta in units of the ranges."""

    fingerprint: str
    settings: dict[str, Any]
    theta: list[float]
    iteration: int = 0
    deals: int = 0
    spread: MarginSpread = field(default_factory=MarginSpread)
    history: list[dict[str, Any]] = field(default_factory=list)

    def save(self, out: Path) -> None:
        write_json(asdict(self), out / STATE_FILE)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TuneState:
        spread = MarginSpread(**data.pop("spread"))
        return cls(spread=spread, **data)


def open_state(out: Path, fresh_state: TuneState, fresh: bool) -> TuneState:
    """The saved state of this very tuning in ``out``, else ``fresh_state``; another tuning's
    state (unless ``fresh``) or a run's results are a :class:`UserError`."""
    path = out / STATE_FILE
    if not path.is_file():
        if ResultsFolder(out).manifest.is_file():
            raise UserError(
                "the folder holds the results of a cardsim run, not a tuning",
                str(out),
                "choose another --out for the tuning",
            )
        return fresh_state
    try:
        saved = TuneState.from_json(json.loads(path.read_text()))
    except (ValueError, TypeError, KeyError) as exc:
        raise UserError(
            f"{STATE_FILE} cannot be read ({type(exc).__name__})", str(path), "add --fresh to start over"
        ) from None
    if saved.fingerprint == fresh_state.fingerprint and not fresh:
        return saved
    if fresh:
        return fresh_state
    raise UserError(
        f"the folder holds another tuning ({saved.settings.get('command', 'other settings')})",
        str(out),
        "choose another --out, run that tuning's command to resume it, or add --fresh to replace it",
    )
