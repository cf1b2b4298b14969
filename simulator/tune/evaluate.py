"""One SPSA comparison, played on the run's machinery: both candidates against every opponent
on the same deal groups (common random numbers), as chunks of :func:`simulator.worker.play_chunk`.

Iteration ``k`` plays the deal indices ``[k * groups, (k + 1) * groups)`` of the tuning's root
seed, so every iteration sees fresh cards, and the same cards whatever the number of jobs.
A deal group's margin is read as ``cardsim run`` reads it (:func:`simulator.analysis.pairs.pair_groups`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl
import yaml
from joblib import Parallel, delayed

from simulator.analysis.pairs import pair_groups
from simulator.analysis.runinfo import RunInfo
from simulator.config import Tournament
from simulator.errors import StrategyFailure
from simulator.plugins import StrategySpec
from simulator.rows import chunk_constants, chunk_frame, deals_schema
from simulator.runner import build_context
from simulator.schedule import ChunkTask, Lineup
from simulator.worker import play_chunk


@dataclass(frozen=True)
class Comparison:
    """Per deal group (in deal order), each candidate's margin per deal, averaged over the opponents."""

    plus: list[float]
    minus: list[float]
    deals: int  # deals played by both candidates

    @property
    def difference(self) -> float:
        return (sum(self.plus) - sum(self.minus)) / len(self.plus)

    @property
    def centre(self) -> float:
        """The mean margin of the two candidates: an estimate of theta's margin."""
        return (sum(self.plus) + sum(self.minus)) / (2 * len(self.plus))


def pairings(candidate: str, opponent: str, sides: int) -> list[tuple[str, ...]]:
    """The lineups of one candidate against one opponent (as ``cardsim run`` pairs them)."""
    if sides == 2:
        return [(candidate, opponent)]
    return [(candidate,) + (opponent,) * (sides - 1), (opponent,) + (candidate,) * (sides - 1)]


class Evaluator:
    """Plays the comparisons of one tuning. ``base`` is the resolved tournament of the start
    strategy (first) against the opponents: its game, variant, seed and move timeout. With
    ``failed``, a candidate that fails is written there as a strategy file, which the failure's
    replay command names (the start strategy's file has other params)."""

    def __init__(self, base: Tournament, groups: int, jobs: int, failed: Path | None = None) -> None:
        self.base = base
        self.groups = groups
        self.jobs = jobs
        self.failed = failed
        self.start = base.strategies[0]
        self.opponents = base.strategies[1:]
        self.variant = base.variants[0]
        self.schema = deals_schema(base.game.side_columns, None)

    @property
    def sides(self) -> int:
        return self.variant.num_sides

    def deals_per_iteration(self) -> int:
        lineups = len(pairings("a", "b", self.sides))
        return 2 * len(self.opponents) * lineups * self.sides * self.groups

    def candidate(self, name: str, values: dict[str, Any]) -> StrategySpec:
        params = dict(self.start.params)
        params.update(values)
        source = self.start.source if self.failed is None else str(self.failed / f"{name}.yaml")
        return dataclasses.replace(self.start, name=name, params=tuple(sorted(params.items())), source=source)

    def _write_failed(self, candidates: tuple[StrategySpec, ...]) -> None:
        """The candidates' files the failure's replay command names."""
        assert self.failed is not None
        self.failed.mkdir(parents=True, exist_ok=True)
        for spec in candidates:
            data = {"name": spec.name, "plugin": spec.plugin, "params": dict(spec.params)}
            Path(spec.source).write_text(yaml.safe_dump(data, sort_keys=False))

    def _tournament(self, plus: StrategySpec, minus: StrategySpec) -> Tournament:
        explicit = [
            lineup
            for candidate in (plus, minus)
            for opponent in self.opponents
            for lineup in pairings(candidate.name, opponent.name, self.sides)
        ]
        lineups = tuple(Lineup(i, lineup) for i, lineup in enumerate(explicit))
        return dataclasses.replace(self.base, strategies=(plus, minus, *self.opponents), lineups=(lineups,))

    def _tasks(self, k: int, lineups: int) -> list[ChunkTask]:
        first, stop = k * self.groups, (k + 1) * self.groups
        pieces = max(1, -(-2 * self.jobs // lineups))  # about two tasks per worker
        size = max(1, -(-self.groups // pieces))
        return [
            ChunkTask(0, li, start, min(stop, start + size))
            for li in range(lineups)
            for start in range(first, stop, size)
        ]

    def compare(self, k: int, plus_values: dict[str, Any], minus_values: dict[str, Any]) -> Comparison:
        """Play iteration ``k``'s deal groups (in the caller's parallel backend)."""
        plus, minus = (
            self.candidate(f"{self.start.name}+", plus_values),
            self.candidate(f"{self.start.name}-", minus_values),
        )
        t = self._tournament(plus, minus)
        ctx = build_context(t)
        lineups = t.lineups[0]
        try:
            results = Parallel()(delayed(play_chunk)(ctx, task) for task in self._tasks(k, len(lineups)))
        except StrategyFailure:
            if self.failed is not None:
                self._write_failed((plus, minus))
            raise
        cfg, rules = t.config, self.variant.rules
        frames = [
            chunk_frame(
                cols,
                chunk_constants(
                    t.game.name,
                    self.variant.name,
                    rules.rules_hash,
                    cfg.unit,
                    cfg.seed,
                    lineups[task.lineup_index],
                ),
                self.schema,
                0,
                rules.sides,
                lineups[task.lineup_index],
            )
            for task, cols in results
        ]
        rows = pl.concat(frames)
        info = RunInfo(
            t.game.name, "deal", "lineups", cfg.seed, (self.variant.name,), (plus.name, minus.name)
        )
        groups = pair_groups(rows.lazy(), info)
        deals = len(rows) // self.sides
        return Comparison(self._margins(groups, plus.name), self._margins(groups, minus.name), deals)

    def _margins(self, groups: pl.DataFrame, name: str) -> list[float]:
        mine = groups.filter(pl.col("strategy") == name)
        per_group = mine.group_by("deal_index").agg(pl.col("margin").mean()).sort("deal_index")
        if len(per_group) != self.groups:
            raise RuntimeError(f"{name} played {len(per_group)} deal groups, not {self.groups}")
        return per_group["margin"].to_list()
