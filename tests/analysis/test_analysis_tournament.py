"""End to end on real deals: an identical copy is not told apart, a real edge is found."""

from __future__ import annotations

import polars as pl

from simulator.config import load_tournament
from simulator.runner import run_tournament


def _comparison(write_tournament, strategies: list[str], seed: int) -> dict:
    path = write_tournament(players=2, strategies=strategies, deals=150, seed=seed)
    result = run_tournament(load_tournament(path), quiet=True)
    return pl.read_parquet(result.out / "comparisons.parquet").row(0, named=True)


def test_a_copy_of_itself_is_not_significantly_different(write_tournament):
    row = _comparison(write_tournament, ["greedy", "greedy@2"], seed=11)
    assert not row["significant"]
    assert row["margin_ci_low"] <= 0 <= row["margin_ci_high"]
    assert abs(row["score"] - 0.5) < 0.05


def test_random_against_its_copy_stays_within_chance(write_tournament):
    row = _comparison(write_tournament, ["random", "random@2"], seed=12)
    assert 0.025 < row["los"] < 0.975
    assert abs(row["elo"]) < row["elo_error"]


def test_greedy_beats_random(write_tournament):
    row = _comparison(write_tournament, ["greedy", "random"], seed=13)
    assert row["los"] > 0.999 and row["elo"] - row["elo_error"] > 0
    assert row["margin_ci_low"] > 0
