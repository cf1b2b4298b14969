"""Helpers of the table's tests: a table from options, and `cardsim replay` run as printed."""

from __future__ import annotations

import json
import shlex

from typer.testing import CliRunner

from simulator.cli.app import app
from simulator.table.options import table_config
from simulator.table.session import TableConfig


def make_config(game: str, **options) -> TableConfig:
    """A table with cheap bots and hints unless told otherwise."""
    args = {
        "players": None,
        "variant": None,
        "sets": [],
        "seat": "0",
        "opponents": "greedy",
        "seed": 11,
        "deal": 0,
        "match": False,
        "hint": "greedy",
    } | options
    return table_config(game, **args)


def replay_saved(command: str) -> str:
    """Run the `cardsim replay` command that `save` printed; its JSON Lines output."""
    words = shlex.split(command)
    assert words[:2] == ["cardsim", "replay"]
    result = CliRunner().invoke(app, words[1:])
    assert result.exit_code == 0, result.output
    return result.output


def scores(log_text: str) -> list[dict]:
    return [e for e in map(json.loads, log_text.splitlines()) if e["type"] in ("score", "match_end")]
