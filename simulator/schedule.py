"""Who plays whom: lineups per format, seat rotations and chunks of deal groups.

A lineup names one strategy per side. A *deal group* is one deal played under
every rotation of the lineup: in rotation ``r`` side ``k`` is played by
``lineup[(k + r) % sides]``, so each strategy holds each side (and so each
position relative to the dealer) on the same cards.

Pairings: with two sides a pairing of A and B is the lineup ``(A, B)``. With
more sides (3-player Sweep or Seep, 4-player Sweep without teams, Sueca) it is
two lineups, one A against the rest B ``(A, B, B, ...)`` and one B against the
rest A ``(B, A, A, ...)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING

from simulator.errors import UserError

if TYPE_CHECKING:
    from simulator.config import Tournament
    from simulator.variants import Variant


@dataclass(frozen=True)
class Lineup:
    index: int
    strategies: tuple[str, ...]

    @property
    def label(self) -> str:
        return " vs ".join(self.strategies)

    def side_strategy(self, side: int, rotation: int) -> str:
        return self.strategies[(side + rotation) % len(self.strategies)]

    def opponent_of(self, name: str) -> str:
        others = sorted(set(self.strategies) - {name})
        return "+".join(others) if others else name


def _pairing(a: str, b: str, sides: int) -> list[tuple[str, ...]]:
    if sides == 2:
        return [(a, b)]
    return [(a,) + (b,) * (sides - 1), (b,) + (a,) * (sides - 1)]


def lineups_for(tournament: Tournament, variant: Variant) -> list[Lineup]:
    cfg = tournament.config
    names = [s.name for s in tournament.strategies]
    sides = variant.num_sides
    where = f"{tournament.source}: format"
    if cfg.format == "lineups":
        if not cfg.lineups:
            raise UserError(
                "format 'lineups' needs a 'lineups' list",
                f"{tournament.source}: lineups",
                "add e.g. lineups: [[greedy, random]] with one strategy name per side",
            )
        raw = cfg.lineups
        for i, lineup in enumerate(raw):
            loc = f"{tournament.source}: lineups[{i}]"
            if len(lineup) != sides:
                raise UserError(
                    f"variant {variant.name!r} has {sides} sides but this lineup names {len(lineup)}",
                    loc,
                    "name one strategy per side",
                )
            unknown = [n for n in lineup if n not in names]
            if unknown:
                raise UserError(
                    f"unknown strategy name(s) {', '.join(unknown)}",
                    loc,
                    f"use the names of the strategies list: {', '.join(names)}",
                )
        pairs = [tuple(lineup) for lineup in raw]
    else:
        if cfg.lineups:
            raise UserError("'lineups' is only used with format: lineups", f"{tournament.source}: lineups")
        if cfg.format == "head-to-head":
            if len(names) != 2:
                raise UserError(
                    f"head-to-head needs exactly 2 strategies, got {len(names)}",
                    where,
                    "use round-robin or gauntlet for more",
                )
            pairs = _pairing(names[0], names[1], sides)
        else:
            if len(names) < 2:
                raise UserError(f"{cfg.format} needs at least 2 strategies", where)
            if cfg.format == "round-robin":
                matchups = list(combinations(names, 2))
            else:  # gauntlet
                matchups = [(names[0], other) for other in names[1:]]
            pairs = [lineup for a, b in matchups for lineup in _pairing(a, b, sides)]
    return [Lineup(i, tuple(p)) for i, p in enumerate(pairs)]


@dataclass(frozen=True)
class ChunkTask:
    """A contiguous range of deal groups of one variant and lineup: one joblib task."""

    variant_index: int
    lineup_index: int
    start: int
    stop: int

    @property
    def key(self) -> str:
        return f"v{self.variant_index}-l{self.lineup_index}-{self.start}-{self.stop}"

    @property
    def groups(self) -> int:
        return self.stop - self.start


def chunk_tasks(
    variants_lineups: list[list[Lineup]], deals: int, chunk_size: int, done: set[tuple[int, int, int]]
) -> list[ChunkTask]:
    """Chunks covering every deal group not already in ``done`` ((variant, lineup, deal) triples)."""
    tasks = []
    for vi, lineups in enumerate(variants_lineups):
        for lineup in lineups:
            todo = [d for d in range(deals) if (vi, lineup.index, d) not in done]
            start = 0
            while start < len(todo):
                # keep chunks contiguous so a part file is one range
                first = todo[start]
                stop = start + 1
                while stop < len(todo) and stop - start < chunk_size and todo[stop] == todo[stop - 1] + 1:
                    stop += 1
                tasks.append(ChunkTask(vi, lineup.index, first, todo[stop - 1] + 1))
                start = stop
    return tasks


def default_chunk_size(total_groups: int, jobs: int) -> int:
    """About 8 tasks per worker, at most 500 groups each: small enough to balance and
    to show progress, large enough that scheduling costs little."""
    return max(1, min(500, -(-total_groups // (jobs * 8))))
