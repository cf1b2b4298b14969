"""The bench's arithmetic (never its timings): the CPU time of a run's process tree, the pipeline's
rates from rounds of runs, and that the environment notes are made."""

from __future__ import annotations

import pytest

from simulator.bench.envs import env_step_notes
from simulator.bench.pipeline import RunTimes, pipeline_rates, tree_cpu_seconds


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


def test_pipeline_rates_take_the_fastest_whole_run_and_the_median_steady_round() -> None:
    """A steady rate is a difference of two runs' times, which a round's load can shrink as well
    as stretch: the median round (here 1.0 s for the extra 100 deals), never the best (0.2 s)."""
    short = [RunTimes(100, 1.5, 1.4), RunTimes(100, 2.5, 2.0), RunTimes(100, 1.2, 1.0)]
    long = [RunTimes(200, 2.5, 2.4), RunTimes(200, 2.7, 2.6), RunTimes(200, 2.7, 2.5)]
    whole, steady_wall, steady_cpu = pipeline_rates(1, short, long)
    assert (whole.deals, whole.seconds) == (100, 1.2)
    assert steady_wall.deals == steady_cpu.deals == 100
    assert steady_wall.seconds == 1.0  # round gaps 1.0, 0.2, 1.5
    assert abs(steady_cpu.seconds - 1.0) < 1e-12  # 1.0, 0.6, 1.5


def test_env_step_notes_give_each_game_its_rate_and_both_ceilings() -> None:
    """A smoke run on a few deals (the figures are the bench's; here only that each game's note
    is made, with the loop alone and with what a step must return)."""
    pytest.importorskip("pettingzoo")
    notes = env_step_notes(3, rounds=1)
    assert [n.split()[0] for n in notes] == ["sweep", "seep", "sueca"]
    for note in notes:
        assert "an environment costing nothing:" in note
        assert "with the fresh mask array and observation dict" in note


@pytest.mark.parametrize("game", ["sweep", "seep", "sueca"])
def test_montecarlo_decisions_are_timed_and_the_game_is_restored(game) -> None:
    from simulator.bench.montecarlo import montecarlo_decisions
    from simulator.games import get_game

    before = get_game(game)
    split = montecarlo_decisions(game, 2)
    assert len(split.decisions) == 2 and split.decisions == sorted(split.decisions)
    assert split.determinize_seconds > 0
    assert get_game(game) is before
