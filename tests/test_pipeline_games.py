"""Every preset of every game through the whole pipeline, per deal and per match."""

from __future__ import annotations

import polars as pl
import pytest

from simulator.config import load_tournament
from simulator.games import available_games, get_game
from simulator.runner import run_tournament

CASES = [(game, variant) for game in available_games() for variant in get_game(game).variants]


@pytest.mark.parametrize("unit", ["deal", "match"])
@pytest.mark.parametrize("game, variant", CASES)
def test_preset_runs_end_to_end(write_tournament, game, variant, unit):
    deals = 2 if unit == "deal" else 1
    path = write_tournament(game=game, players=None, variants=[variant], unit=unit, deals=deals)
    t = load_tournament(path)
    result = run_tournament(t, quiet=True)
    rows = result.deals
    rules = t.variants[0].rules
    sides = len(rules.sides)
    lineups = 1 if sides == 2 else 2
    assert rows["game"].unique().to_list() == [game]
    assert rows.select("lineup", "deal_index", "rotation").unique().height == lineups * deals * sides
    per_deal = rows.group_by("lineup", "deal_index", "rotation", "round").len()
    assert (per_deal["len"] == sides).all()
    assert set(get_game(game).side_columns) <= set(rows.columns)
    if unit == "match":
        winners = (
            rows.filter(pl.col("round") == 1)
            .group_by("lineup", "deal_index", "rotation")
            .agg(pl.col("match_won").sum())
        )
        assert (winners["match_won"] >= 1).all()
    assert result.summary.height > 0
