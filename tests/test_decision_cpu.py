"""CPU per decision measured on the same positions for every strategy compared."""

from __future__ import annotations

from simulator.bench.decision_cpu import decision_cpu, positions


def test_every_strategy_decides_on_the_same_positions():
    got = decision_cpu(["greedy", "heuristic"], "sweep", 2, "standard", 5)
    assert [len(v) for v in got.seconds.values()] == [5, 5]
    assert all(s >= 0 for v in got.seconds.values() for s in v)
    assert got.median("greedy") <= got.p95("greedy")


def test_positions_are_decisions_with_a_choice_and_reproducible():
    first = positions("seep", 2, "two_player", 6)
    again = positions("seep", 2, "two_player", 6)
    assert [(s.view(seat), seat) for s, seat in first] == [(s.view(seat), seat) for s, seat in again]
    assert all(len(s.legal_moves()) > 1 and s.current_player() == seat for s, seat in first)


def test_each_strategy_decides_in_a_process_of_its_own():
    """Caches one strategy fills on a position must not serve the next: none is filled here."""
    from strategies.montecarlo import sweep_inference

    sweep_inference._cache.clear()
    got = decision_cpu(["configs/strategies/montecarlo-inference-sweep.yaml"], "sweep", 4, "standard", 3)
    assert len(got.seconds["configs/strategies/montecarlo-inference-sweep.yaml"]) == 3
    assert not sweep_inference._cache
