"""The bench's arithmetic (never its timings): the CPU time of a run's process tree."""

from __future__ import annotations

import pytest

from simulator.bench import tree_cpu_seconds


def test_tree_cpu_sums_own_ended_and_live_descendants():
    # own 1.5 s; ended children 2.0 + 0.25 s; one live worker (user, system, its ended children, iowait)
    live = [(3.0, 0.5, 0.125, 0.125, 9.0)]
    assert tree_cpu_seconds(1.5, (2.0, 0.25), live) == pytest.approx(1.5 + 2.25 + 3.75)
    assert tree_cpu_seconds(1.5, (0.0, 0.0), []) == 1.5


def test_a_worker_that_ends_during_the_run_counts_once_with_all_its_time():
    """Two workers live at the start (1 s each); both work 4 s more and are stopped and waited for
    before the run returns (what the pipeline does with 2 jobs): the run cost 8 s of workers plus
    0.5 s of the parent, not the parent's time alone."""
    before = tree_cpu_seconds(10.0, (0.0, 0.0), [(0.75, 0.25, 0.0, 0.0), (0.5, 0.5, 0.0, 0.0)])
    after = tree_cpu_seconds(10.5, (9.0, 1.0), [])  # the ended workers: 5 s each, user 4.5 + system 0.5
    assert after - before == pytest.approx(0.5 + 8.0)


def test_a_grandchild_counts_once_whether_running_or_ended():
    running = tree_cpu_seconds(0.0, (0.0, 0.0), [(1.0, 0.0, 0.0, 0.0), (2.0, 0.0, 0.0, 0.0)])
    ended_into_its_parent = tree_cpu_seconds(0.0, (0.0, 0.0), [(1.0, 0.0, 2.0, 0.0)])
    assert running == ended_into_its_parent == 3.0
