"""The verification match: the tuned file against its start on deals the tuning never saw.

It is an ordinary head-to-head `cardsim run` (its folder ``verify/`` inside the tuning's,
resumable and readable by `cardsim report`) with the root seed ``derive_seed("verify", seed)``:
another stream than the tuning's deals. The verdict reads A's paired margin and its 95%
interval from comparisons.parquet.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from simulator.config import Tournament, resolve, validate
from simulator.results import ResultsFolder, read_rows
from simulator.runner import run_tournament
from simulator.seeding import derive_seed

VERIFY_FOLDER = "verify"


@dataclass(frozen=True)
class Verdict:
    tuned: str
    start: str
    margin: float
    low: float
    high: float
    groups: int
    elo: float
    elo_error: float

    @property
    def decision(self) -> str:
        if self.low > 0:
            return "better"
        if self.high < 0:
            return "worse"
        return "no difference shown"

    @property
    def text(self) -> str:
        verdict = {
            "better": f"{self.tuned} beats {self.start}",
            "worse": f"{self.tuned} loses to {self.start}",
            "no difference shown": f"no difference shown between {self.tuned} and {self.start}",
        }[self.decision]
        return (
            f"verdict: {verdict}: margin {self.margin:+.4f} points per deal, 95% interval "
            f"[{self.low:+.4f}, {self.high:+.4f}], Elo {self.elo:+.1f} ± {self.elo_error:.1f}, "
            f"over {self.groups} fresh deal groups"
        )


def verification_seed(seed: int) -> int:
    return derive_seed("verify", seed)


def verification(
    base: Tournament, tuned: Path, start_ref: str, groups: int, seed: int, out: Path
) -> Tournament:
    """The head-to-head tournament of the tuned file (A) against the start (B)."""
    cfg = base.config
    raw = {
        "name": "verify",
        "game": cfg.game,
        "players": cfg.players,
        "variants": cfg.variants,
        "strategies": [str(tuned), start_ref],
        "format": "head-to-head",
        "deals": groups,
        "seed": verification_seed(seed),
        "jobs": cfg.jobs,
        "backend": cfg.backend,
        "scheduler": cfg.scheduler,
        "move_timeout": cfg.move_timeout,
        "output": str(out / VERIFY_FOLDER),
    }
    return resolve(validate(raw, base.source), base.source, Path.cwd())


def verify(t: Tournament, quiet: bool) -> Verdict:
    """Play (or resume) the verification match and read its verdict."""
    result = run_tournament(t, quiet=quiet)
    row = read_rows(ResultsFolder(result.out).comparisons).row(0, named=True)
    return Verdict(
        row["strategy"],
        row["opponent"],
        row["margin_mean"],
        row["margin_ci_low"],
        row["margin_ci_high"],
        row["groups"],
        row["elo"],
        row["elo_error"],
    )
