"""Sequential testing (SPRT) of a head-to-head run: stop as soon as the evidence decides.

After each batch of ``sprt_batch`` deal groups, taken in deal-index order whatever
order workers finish in, the group-score histogram of the pair is updated and
fishtest's generalized log-likelihood ratio ``LLR_logistic(elo0, elo1, histogram)``
(logistic Elo of the first strategy over the second) is compared with the bounds
``ln(beta / (1 - alpha))`` (accept H0: elo = elo0) and ``ln((1 - beta) / alpha)``
(accept H1: elo = elo1). Because the decision only ever looks at whole batches in
order, it and the rows kept are the same whatever ``--jobs`` and chunk size; the
rows of groups past the stopping batch are dropped.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, model_validator

from simulator.errors import UserError
from simulator.fields import Elo, ErrorRate

if TYPE_CHECKING:  # numpy, polars and scipy load when a test runs: the config and CLI import this module
    import numpy as np
    import polars as pl

    from simulator.analysis.runinfo import RunInfo

DEFAULT_BATCH = 100


class SprtConfig(BaseModel):
    """The ``sprt:`` mapping of a tournament file (``--sprt elo0=..,elo1=..,alpha=..,beta=..``)."""

    model_config = ConfigDict(extra="forbid")
    elo0: Elo
    elo1: Elo
    alpha: ErrorRate = 0.05
    beta: ErrorRate = 0.05

    @model_validator(mode="after")
    def _ordered(self) -> SprtConfig:
        if self.elo1 <= self.elo0:
            raise ValueError("elo1 must be greater than elo0")
        if self.alpha + self.beta >= 1:
            raise ValueError("alpha + beta must be below 1")
        return self

    @property
    def lower_bound(self) -> float:
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper_bound(self) -> float:
        return math.log((1 - self.beta) / self.alpha)


def parse_sprt_option(text: str) -> dict[str, float]:
    """``"elo0=0,elo1=5,alpha=0.05"`` -> a mapping for :class:`SprtConfig`."""
    out: dict[str, float] = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        key, sep, value = item.partition("=")
        try:
            if not sep:
                raise ValueError(item)
            out[key.strip()] = float(value)
        except ValueError:
            raise UserError(
                f"cannot read {item!r}: --sprt takes key=number pairs separated by commas",
                "--sprt",
                "e.g. --sprt elo0=0,elo1=5,alpha=0.05,beta=0.05",
            ) from None
    return out


@dataclass
class SequentialTest:
    """The running state of one SPRT: histogram, LLR and decision after each batch."""

    settings: SprtConfig
    batch: int
    info: RunInfo
    counts: np.ndarray | None = None
    groups: int = 0
    llr: float = 0.0
    decision: str | None = None
    until: int = 0  # deal indexes looked at: 0 <= i < until

    def add(self, half_totals: np.ndarray, deals_per_group: int) -> None:
        """Fold in one batch (its groups' total scores in half points) and decide."""
        from simulator.analysis.comparisons import histogram
        from simulator.analysis.elo import llr_logistic

        h = histogram(half_totals, deals_per_group)
        self.counts = h if self.counts is None else self.counts + h
        self.groups += len(half_totals)
        self.llr = llr_logistic(self.settings.elo0, self.settings.elo1, self.counts)
        if self.llr <= self.settings.lower_bound:
            self.decision = "H0"
        elif self.llr >= self.settings.upper_bound:
            self.decision = "H1"

    def add_rows(self, rows: pl.LazyFrame, until: int) -> None:
        """Fold in the rows of the next batch, which ends before deal index ``until``."""
        from simulator.analysis.pairs import pair_groups

        self.until = until
        groups = pair_groups(rows, self.info)
        if groups.height:
            self.add(groups["half"].to_numpy(), int(groups["deals"][0]))

    def progress_text(self) -> str:
        s = self.settings
        return f"LLR {self.llr:.2f} [{s.lower_bound:.2f}, {s.upper_bound:.2f}]"

    def manifest(self) -> dict[str, Any]:
        s = self.settings
        return {
            "elo0": s.elo0,
            "elo1": s.elo1,
            "alpha": s.alpha,
            "beta": s.beta,
            "llr": self.llr,
            "lower_bound": s.lower_bound,
            "upper_bound": s.upper_bound,
            "decision": self.decision,
            "groups": self.groups,
            "batch": self.batch,
        }


def check_sprt_run(format: str, variants: int, source: str) -> None:
    """SPRT tests one pair on one rule variant: anything else is a user mistake."""
    if format != "head-to-head":
        raise UserError(
            f"sprt needs format: head-to-head, not {format}",
            f"{source}: sprt",
            "set format: head-to-head with exactly two strategies, or remove sprt",
        )
    if variants != 1:
        raise UserError(
            f"sprt tests one rule variant, this run has {variants}",
            f"{source}: sprt",
            "keep one entry under variants (or pass --variant NAME)",
        )
