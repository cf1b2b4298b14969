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

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations


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


def make_lineups(
    format: str, names: Sequence[str], sides: int, explicit: Sequence[Sequence[str]] | None = None
) -> list[Lineup]:
    """The lineups of one variant. The caller has checked the inputs (the config does,
    with file and key in its messages): ``head-to-head`` has two names, the other
    pairings at least two, and ``explicit`` lineups name one known strategy per side."""
    if format == "lineups":
        pairs = [tuple(lineup) for lineup in explicit or ()]
    else:
        if format == "head-to-head":
            matchups = [(names[0], names[1])]
        elif format == "round-robin":
            matchups = list(combinations(names, 2))
        elif format == "gauntlet":
            matchups = [(names[0], other) for other in names[1:]]
        else:
            raise ValueError(f"unknown format {format!r}")
        pairs = [lineup for a, b in matchups for lineup in _pairing(a, b, sides)]
    return [Lineup(i, tuple(p)) for i, p in enumerate(pairs)]


@dataclass(frozen=True, order=True)
class ChunkTask:
    """A contiguous range of deal groups of one variant and lineup: one joblib task (and one
    part file, named by :class:`simulator.results.PartStore`)."""

    variant_index: int
    lineup_index: int
    start: int
    stop: int

    @property
    def groups(self) -> int:
        return self.stop - self.start


def missing_ranges(done: Sequence[tuple[int, int]], deals: int) -> Iterator[tuple[int, int]]:
    """The deal indices below ``deals`` that no ``(start, stop)`` range of ``done`` covers."""
    at = 0
    for start, stop in sorted(done):
        if at >= deals:
            return
        if start > at:
            yield at, min(start, deals)
        at = max(at, stop)
    if at < deals:
        yield at, deals


def chunk_tasks(
    lineup_counts: Sequence[int],
    deals: int,
    chunk_size: int,
    done: Mapping[tuple[int, int], Sequence[tuple[int, int]]],
    window: tuple[int, int] | None = None,
) -> Iterator[ChunkTask]:
    """Chunks covering every deal group not already done, made as they are asked for.

    ``lineup_counts`` gives the number of lineups per variant; ``done`` maps
    (variant, lineup) to the ranges of deal groups already stored; ``window`` keeps
    only the deal indices ``start <= i < stop`` (a sequential test's batch). The
    chunks are generated as the workers take them, so a run of 10^9 deal groups
    plans in the memory of one; each chunk is one contiguous range (one part file)."""
    low, high = window or (0, deals)
    for vi, count in enumerate(lineup_counts):
        for li in range(count):
            for start, stop in missing_ranges(done.get((vi, li), ()), deals):
                start, stop = max(start, low), min(stop, high)
                for first in range(start, stop, chunk_size):
                    yield ChunkTask(vi, li, first, min(stop, first + chunk_size))


def default_chunk_size(total_groups: int, jobs: int) -> int:
    """About 8 tasks per worker, at most 500 groups each: small enough to balance and
    to show progress, large enough that scheduling costs little."""
    return max(1, min(500, -(-total_groups // (jobs * 8))))
