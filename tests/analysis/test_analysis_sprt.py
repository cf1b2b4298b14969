"""SPRT: the theory's error rates and sample sizes on simulated coin flips, and a run that stops."""

from __future__ import annotations

import json
import math

import numpy as np
import polars as pl
import pytest
from typer.testing import CliRunner

from simulator.analysis.elo import score_of_elo
from simulator.analysis.runinfo import RunInfo
from simulator.analysis.sprt import SequentialTest, SprtConfig, parse_sprt_option
from simulator.cli.app import app
from simulator.config import load_tournament
from simulator.errors import UserError
from simulator.runner import run_tournament

INFO = RunInfo("sweep", "deal", "head-to-head", 0, ("standard",), ("A", "B"))


def _coin_flip_test(rng: np.random.Generator, p: float, settings: SprtConfig, batch: int) -> SequentialTest:
    """One SPRT on single-deal groups won with probability ``p`` (no draws), to a decision."""
    test = SequentialTest(settings, batch, INFO)
    while test.decision is None and test.groups < 200_000:
        test.add(2 * (rng.random(batch) < p).astype(np.int64), 1)
    return test


def _kl(p: float, q: float) -> float:
    return p * math.log(p / q) + (1 - p) * math.log((1 - p) / (1 - q))


@pytest.mark.parametrize("true_elo", [0.0, 60.0])
def test_error_rates_and_sample_size_follow_walds_theory(true_elo):
    settings = SprtConfig(elo0=0, elo1=60)
    rng = np.random.default_rng(int(true_elo) + 1)
    runs = [_coin_flip_test(rng, score_of_elo(true_elo), settings, batch=10) for _ in range(300)]
    decisions = [t.decision for t in runs]
    wrong = decisions.count("H1" if true_elo == 0 else "H0") / len(runs)
    assert wrong <= 0.08  # alpha = beta = 0.05 (batching overshoots, which only lowers it)
    # Wald's approximation of the mean sample size (the drift of the LLR per flip); batches
    # overshoot the bounds, so the mean is somewhat above it
    p0, p1 = score_of_elo(0), score_of_elo(60)
    lo, hi = settings.lower_bound, settings.upper_bound
    if true_elo == 0:
        expected = ((1 - 0.05) * lo + 0.05 * hi) / -_kl(p0, p1)
    else:
        expected = (0.05 * lo + (1 - 0.05) * hi) / _kl(p1, p0)
    mean = np.mean([t.groups for t in runs])
    assert 0.95 * expected <= mean <= 1.35 * expected, (mean, expected)


def test_bounds_and_manifest():
    s = SprtConfig(elo0=0, elo1=5)
    assert s.lower_bound == pytest.approx(math.log(0.05 / 0.95))
    assert s.upper_bound == pytest.approx(math.log(0.95 / 0.05))
    test = SequentialTest(s, 100, INFO)
    test.add(np.array([2, 1, 0, 2]), 1)
    m = test.manifest()
    assert set(m) == {
        "elo0",
        "elo1",
        "alpha",
        "beta",
        "llr",
        "lower_bound",
        "upper_bound",
        "decision",
        "groups",
        "batch",
    }
    assert m["groups"] == 4 and m["decision"] is None


def test_option_parsing():
    assert parse_sprt_option("elo0=0, elo1=5,alpha=0.1") == {"elo0": 0, "elo1": 5, "alpha": 0.1}
    with pytest.raises(UserError):
        parse_sprt_option("elo0")


def test_sprt_run_stops_and_is_identical_whatever_jobs_and_chunks(write_tournament, tmp_path):
    path = write_tournament(
        players=2, strategies=["greedy", "random"], deals=400, sprt={"elo0": 0, "elo1": 50}, sprt_batch=7
    )
    results = []
    for jobs, chunk in ((1, 3), (2, 50)):
        out = tmp_path / f"out{jobs}"
        t = load_tournament(path, {"jobs": jobs, "chunk_size": chunk, "output": str(out)})
        result = run_tournament(t, quiet=True)
        results.append((result.deals, json.loads((out / "manifest.json").read_text())["sprt"]))
    (deals_a, sprt_a), (deals_b, sprt_b) = results
    assert deals_a.equals(deals_b)
    assert sprt_a == sprt_b
    assert sprt_a["decision"] == "H1"
    assert sprt_a["llr"] >= sprt_a["upper_bound"]
    assert sprt_a["groups"] % 7 == 0 and sprt_a["groups"] < 400
    assert deals_a["deal_index"].max() == sprt_a["groups"] - 1  # no rows past the stopping batch
    assert pl.read_parquet(tmp_path / "out1" / "comparisons.parquet")["groups"].to_list() == [
        sprt_a["groups"]
    ]


def test_sprt_needs_a_head_to_head_of_one_variant(write_tournament):
    path = write_tournament(variants=["standard", "no_sweep_bonus"])
    result = CliRunner().invoke(app, ["run", str(path), "--sprt", "elo0=0,elo1=5"])
    assert result.exit_code == 2
    assert "sprt tests one rule variant" in result.output


def test_an_interrupted_sprt_resumes_to_the_same_decision(write_tournament, tmp_path, monkeypatch):
    import simulator.runner as runner_module
    from simulator.runner import RunInterrupted

    path = write_tournament(
        players=2, strategies=["greedy", "random"], deals=300, sprt={"elo0": 0, "elo1": 50}, sprt_batch=5
    )
    whole = run_tournament(
        load_tournament(path, {"output": str(tmp_path / "whole"), "chunk_size": 2}), quiet=True
    )
    calls = []
    real = runner_module.play_chunk

    def stop_on_fourth(ctx, task):
        calls.append(task)
        if len(calls) == 4:
            raise KeyboardInterrupt
        return real(ctx, task)

    monkeypatch.setattr(runner_module, "play_chunk", stop_on_fourth)
    t = load_tournament(path, {"output": str(tmp_path / "cut"), "chunk_size": 2})
    with pytest.raises(RunInterrupted):
        run_tournament(t, quiet=True)
    assert json.loads((tmp_path / "cut" / "manifest.json").read_text())["sprt"]["decision"] is None
    monkeypatch.setattr(runner_module, "play_chunk", real)
    resumed = run_tournament(t, quiet=True)
    assert resumed.deals.equals(whole.deals)
    sprt = [json.loads((tmp_path / d / "manifest.json").read_text())["sprt"] for d in ("whole", "cut")]
    assert sprt[0] == sprt[1] and sprt[0]["decision"] == "H1"


def test_a_dask_sprt_run_starts_one_cluster_for_every_batch(write_tournament, tmp_path, monkeypatch):
    import distributed

    path = write_tournament(
        players=2, strategies=["greedy", "random"], deals=60, sprt={"elo0": 0, "elo1": 50}, sprt_batch=5
    )
    clients = []
    real = distributed.Client

    def counted(*args, **kwargs):
        clients.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(distributed, "Client", counted)
    t = load_tournament(path, {"output": str(tmp_path / "dask"), "backend": "dask", "jobs": 1})
    run_tournament(t, quiet=True)
    sprt = json.loads((tmp_path / "dask" / "manifest.json").read_text())["sprt"]
    assert sprt["groups"] >= 10  # at least two batches were played
    assert len(clients) == 1
