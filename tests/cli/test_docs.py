"""The reference pages name everything they document: every output column and manifest key,
every tournament key, every rule option and preset of each game."""

from __future__ import annotations

import json
import re

import polars as pl
import pytest
from typer.testing import CliRunner

from simulator.cli.app import app
from simulator.config import TournamentConfig
from simulator.games import available_games, get_game
from tests.conftest import ROOT

DOCS = ROOT / "docs"


def _names(page: str) -> set[str]:
    """Every `code` span of a docs page, split on commas and spaces."""
    text = re.sub(r"```.*?```", "", (DOCS / page).read_text(), flags=re.DOTALL)  # code blocks apart
    return {word for span in re.findall(r"`([^`]+)`", text) for word in re.split(r"[\s,]+", span) if word}


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> list:
    """Small runs of each game, one per deal and one per match, and a round robin (ratings)."""
    out = tmp_path_factory.mktemp("runs")
    runner = CliRunner()
    folders = []
    for name, extra in [
        ("quickstart", ["--strategy", "random", "--strategy", "greedy", "--strategy", "random@2"]),
        ("seep", []),
        ("sueca", ["--unit", "match"]),
        ("sueca", ["--unit", "deal"]),
    ]:
        folder = out / f"{name}{len(folders)}"
        config = ROOT / "configs/tournaments" / f"{name}.yaml"
        args = ["run", str(config), "--deals", "2", "--jobs", "1", "--out", str(folder), "-q", *extra]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        folders.append(folder)
    return folders


def test_every_output_column_and_manifest_key_is_documented(runs):
    documented = _names("outputs.md")
    for folder in runs:
        for path in folder.glob("*.parquet"):
            columns = set(pl.read_parquet_schema(path))
            # summary.parquet's mean_<category>: documented once, for every category column
            means = {c for c in columns if c.startswith("mean_") and c[5:] in documented}
            missing = columns - means - documented
            assert not missing, f"document the columns {sorted(missing)} of {path.name} in docs/outputs.md"
        manifest = json.loads((folder / "manifest.json").read_text())
        missing = set(manifest) - documented
        assert not missing, f"document the manifest keys {sorted(missing)} in docs/outputs.md"
    assert {"ratings.parquet"} <= {p.name for p in runs[0].glob("*.parquet")}


def test_every_tournament_key_is_documented():
    missing = set(TournamentConfig.model_fields) - _names("tournaments.md")
    assert not missing, f"document the tournament keys {sorted(missing)} in docs/tournaments.md"


@pytest.mark.parametrize("game", available_games())
def test_every_rule_option_and_preset_is_documented(game):
    g = get_game(game)
    documented = _names(f"rules/{game}.md")
    options = set(g.make_rules({}).options())
    missing = (options | set(g.variants)) - documented
    assert not missing, f"document the options and presets {sorted(missing)} in docs/rules/{game}.md"


@pytest.mark.parametrize("game", available_games())
def test_every_view_field_is_documented(game):
    import dataclasses
    import importlib

    package = importlib.import_module(f"simulator.games.{game}")
    view = next(getattr(package, n) for n in package.__all__ if n.endswith("View") and n != "HouseView")
    documented = _names("strategies.md")
    missing = {f.name for f in dataclasses.fields(view)} - documented
    assert not missing, f"document the {view.__name__} fields {sorted(missing)} in docs/strategies.md"
