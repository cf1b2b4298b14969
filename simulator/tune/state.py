"""The tuning's saved state: written atomically after every iteration, so a tuning stopped by
SIGINT, SIGTERM or SIGKILL resumes at the last finished iteration and ends exactly where an
uninterrupted one does (every iteration depends only on the seed and the saved state).

The state itself is small (``tune.json``); the history grows by one line per iteration in
``tune-history.jsonl``, appended before the state is written, so a save costs the same at the
first iteration and the thousandth. On reading, the lines past the state's iteration (a line
appended just before a kill) are ignored.

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
HISTORY_LINES = "tune-history.jsonl"


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
        """Write the state (not its history: :meth:`add` appends each row as it comes)."""
        data = asdict(self)
        del data["history"]
        write_json(data, out / STATE_FILE)

    def add(self, out: Path, row: dict[str, Any]) -> None:
        """Append an iteration's row to the history, in memory and on disk."""
        self.history.append(row)
        with open(out / HISTORY_LINES, "a") as lines:
            lines.write(json.dumps(row) + "\n")

    def restart(self, out: Path) -> None:
        """Write a fresh state and an empty history."""
        (out / HISTORY_LINES).write_text("")
        self.save(out)

    @classmethod
    def read(cls, out: Path) -> TuneState:
        data = json.loads((out / STATE_FILE).read_text())
        spread = MarginSpread(**data.pop("spread"))
        state = cls(spread=spread, **data)
        path = out / HISTORY_LINES
        lines = path.read_text().splitlines()[: state.iteration] if path.is_file() else []
        state.history = [json.loads(line) for line in lines]
        if len(state.history) != state.iteration:
            raise ValueError(f"{len(state.history)} history rows for {state.iteration} iterations")
        # drop a row appended after the last saved state, so the next append follows this one
        path.write_text("".join(line + "\n" for line in lines))
        return state


def saved_iteration(out: Path) -> int:
    """The iterations the saved state holds (a stop may come between an iteration and its save)."""
    return int(json.loads((out / STATE_FILE).read_text())["iteration"])


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
        saved = TuneState.read(out)
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
