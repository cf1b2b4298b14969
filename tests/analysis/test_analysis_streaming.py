"""The analysis reads the rows slice by slice: the same bits whatever the slicing."""

from __future__ import annotations

import io
from pathlib import Path

import polars as pl
import yaml

import simulator.analysis.batches as batches
from simulator.analysis.outputs import analyze, read_info
from simulator.config import load_tournament
from simulator.runner import run_tournament

PASSER = Path(__file__).resolve().parents[1] / "plugins" / "passer.py"


def _bytes(frame: pl.DataFrame | None) -> bytes:
    buffer = io.BytesIO()
    assert frame is not None
    frame.write_parquet(buffer)
    return buffer.getvalue()


def test_the_analysis_is_the_same_whatever_the_slicing(write_tournament, tmp_path, monkeypatch):
    path = write_tournament(
        players=3,
        deals=24,
        variants=["standard", "no_sweep_bonus"],
        format="round-robin",
        strategies=["random", "greedy", "random@2"],
    )
    out = run_tournament(load_tournament(path), quiet=True).out
    deals = pl.scan_parquet(out / "deals.parquet")
    whole = analyze(deals, read_info(out))
    assert len(batches.deal_ranges(deals)) == 1
    monkeypatch.setattr(batches, "BATCH_ROWS", 40)  # a few deal indexes per slice
    assert len(batches.deal_ranges(deals)) > 5
    sliced = analyze(deals, read_info(out))
    for name in ("comparisons", "ratings", "balance"):
        assert _bytes(getattr(sliced, name)) == _bytes(getattr(whole, name)), name
    # the files the run wrote are the same tables
    assert pl.read_parquet(out / "balance.parquet").equals(whole.balance)


def test_sueca_pass_outs_are_in_the_rows_and_the_balance(write_tournament, tmp_path):
    passer = tmp_path / "passer.yaml"
    passer.write_text(yaml.safe_dump({"name": "passer", "plugin": f"{PASSER}:Passer"}))
    path = write_tournament(game="sueca", players=5, deals=40, strategies=[str(passer), "random"])
    out = run_tournament(load_tournament(path), quiet=True).out
    deals = pl.read_parquet(out / "deals.parquet")
    hands = deals.filter(pl.col("side") == 0)
    # one random bidder among four passers (lineup 1): it passes too now and then
    assert hands.filter(pl.col("lineup") == 1)["passouts"].sum() > 0
    assert (
        deals.group_by("deal_index", "lineup", "rotation").agg(pl.col("passouts").n_unique())["passouts"] == 1
    ).all()
    table = pl.read_parquet(out / "balance.parquet")
    row = table.filter((pl.col("figure") == "passouts_per_deal") & (pl.col("mix") == "(all)")).row(
        0, named=True
    )
    assert row["value"] == hands["passouts"].mean()
    assert row["count"] == hands.height
    assert row["ci_low"] <= row["value"] <= row["ci_high"]
