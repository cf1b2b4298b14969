"""`cardsim bench --gap` with partial oracles: the options, the table, the shares."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from simulator.bench.instrument import REAL, Gap
from simulator.cli.app import app

CHEAP = "configs/strategies/samples/montecarlo-sweep-5.yaml"


@pytest.mark.parametrize(
    ("option", "value", "wrong"),
    [
        ("--gap-oracle", "deal,cards", "'cards'"),
        ("--gap-game", "sweep3", "'sweep3'"),
        ("--gap-oracle", "", "''"),
        ("--gap-search", "nobody", "unknown strategy 'nobody'"),
        ("--gap-search", "greedy", "not a montecarlo or ismcts strategy"),
        ("--decision-cpu", "nobody", "unknown strategy 'nobody'"),
    ],
)
def test_a_wrong_name_is_one_clear_error(option: str, value: str, wrong: str):
    result = CliRunner().invoke(app, ["bench", "--gap", "1", option, value])
    assert result.exit_code == 2, result.output
    assert option in result.output and wrong in result.output and "fix:" in result.output
    assert "Traceback" not in result.output


def test_the_table_has_the_search_and_every_oracle_that_applies():
    result = CliRunner().invoke(
        app,
        ["bench", "--gap", "1", "--gap-game", "sweep2", "--gap-oracle", "all", "--gap-search", CHEAP],
        env={"COLUMNS": "250"},
    )
    assert result.exit_code == 0, result.output
    rows = [line for line in result.output.splitlines() if "sweep 2p" in line]
    assert len(rows) == 5  # the search, deal, hands, stock, reader: no partner in 2-player Sweep
    assert not any("oracle: partner" in row for row in rows) and "100%" in result.output


def test_shares_and_the_gap_explained():
    gap = Gap("sweep", 4, {REAL: [1.0, 1.0], "deal": [3.0, 5.0], "hands": [2.0, 3.0]})
    assert gap.share_ci("deal")[0] == pytest.approx(2 / 8)
    assert gap.share_ci("hands")[0] == pytest.approx(2 / 5)
    share, lo, hi = gap.explained_ci("hands")
    assert share == pytest.approx(3 / 6) and lo <= share <= hi


def test_cardsim_run_refuses_a_partial_oracle(tmp_path: Path):
    (tmp_path / "oracle.yaml").write_text("name: oracle\nplugin: simulator.bench.instrument:OracleSearch\n")
    (tmp_path / "t.yaml").write_text(
        "name: t\ngame: sweep\nplayers: 2\nstrategies: [oracle.yaml, greedy]\nformat: head-to-head\n"
        f"deals: 2\nseed: 1\noutput: {tmp_path / 'out'}\n"
    )
    result = CliRunner().invoke(app, ["run", str(tmp_path / "t.yaml"), "--quiet"])
    assert result.exit_code == 2, result.output
    assert "OracleSearch" in result.output and "Strategy subclass" in result.output
