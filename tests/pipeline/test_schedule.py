"""The schedule on plain data: lineups per format and chunks over ranges of deal groups."""

from __future__ import annotations

import ast
from pathlib import Path

from simulator import schedule
from simulator.schedule import ChunkTask, chunk_tasks, make_lineups, missing_ranges


def test_schedule_imports_neither_config_nor_variants_nor_errors():
    tree = ast.parse(Path(schedule.__file__).read_text())
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert not imported & {"simulator.config", "simulator.variants", "simulator.errors"}


def test_lineups_per_format():
    names = ["a", "b", "c"]
    assert [lu.strategies for lu in make_lineups("round-robin", names, 2)] == [
        ("a", "b"),
        ("a", "c"),
        ("b", "c"),
    ]
    assert [lu.strategies for lu in make_lineups("gauntlet", names, 3)] == [
        ("a", "b", "b"),
        ("b", "a", "a"),
        ("a", "c", "c"),
        ("c", "a", "a"),
    ]
    explicit = make_lineups("lineups", names, 2, [["c", "c"], ["b", "a"]])
    assert [(lu.index, lu.label) for lu in explicit] == [(0, "c vs c"), (1, "b vs a")]


def test_missing_ranges_skip_what_is_done_and_clip_to_deals():
    assert list(missing_ranges([], 5)) == [(0, 5)]
    assert list(missing_ranges([(2, 4), (0, 1)], 6)) == [(1, 2), (4, 6)]
    assert list(missing_ranges([(0, 3), (3, 10)], 6)) == []
    assert list(missing_ranges([(4, 9)], 3)) == [(0, 3)]


def test_chunks_are_contiguous_and_cover_the_rest():
    done = {(0, 1): [(2, 5)]}
    tasks = list(chunk_tasks([2], 7, 3, done))
    assert tasks == [
        ChunkTask(0, 0, 0, 3),
        ChunkTask(0, 0, 3, 6),
        ChunkTask(0, 0, 6, 7),
        ChunkTask(0, 1, 0, 2),
        ChunkTask(0, 1, 5, 7),
    ]


def test_a_window_keeps_its_deal_indices_and_cuts_the_chunks_at_its_edges():
    """A sequential test's batch: no chunk straddles two batches."""
    done = {(0, 1): [(90, 105)]}
    tasks = list(chunk_tasks([2], 250, 40, done, window=(100, 200)))
    assert tasks == [
        ChunkTask(0, 0, 100, 140),
        ChunkTask(0, 0, 140, 180),
        ChunkTask(0, 0, 180, 200),
        ChunkTask(0, 1, 105, 145),
        ChunkTask(0, 1, 145, 185),
        ChunkTask(0, 1, 185, 200),
    ]


def test_chunks_are_made_as_they_are_asked_for():
    """10^12 deal groups: the first chunks come at once, nothing is built ahead."""
    tasks = chunk_tasks([3, 3], 10**12, 500, {})
    assert next(tasks) == ChunkTask(0, 0, 0, 500)
    assert next(tasks) == ChunkTask(0, 0, 500, 1000)
