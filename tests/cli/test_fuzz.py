"""Fuzzing `cardsim run` with random and mutated tournament and strategy YAML.

Every outcome must be a valid result (exit 0 and complete files) or one clean
user error (exit 2, one `error:` message, no traceback). Values are drawn from
small pools so that a valid mutation stays a quick run (one or two deal groups,
one job, no Dask cluster, short matches).
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from simulator.cli.app import app

runner = CliRunner()

SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 5),
    st.sampled_from(
        ["", "x", "standard", "random", "greedy", "sweep", "seep", "sueca", "match", "ten", "1.5"]
    ),
    st.floats(-2, 2, allow_nan=False),
    # what a script produces: huge, past 63 bits, not a number
    st.sampled_from([10**30, -(10**30), 2**63, 2**63 - 1, float("nan"), float("inf"), -float("inf"), 1e308]),
)
#: counts whose valid values stay small (a huge valid count would only make a long run)
COUNTS = st.sampled_from([0, -1, 1, 2, 10**30, 2**63, 10**12 + 1, float("nan"), float("inf"), "2", None])
VALUES = st.one_of(
    SCALARS,
    st.lists(SCALARS, max_size=3),
    st.dictionaries(st.sampled_from(["a", "name"]), SCALARS, max_size=2),
)
KEYS = [
    "name", "game", "players", "variants", "strategies", "format", "lineups", "unit", "deals", "seed", "jobs",
    "chunk_size", "sprt", "sprt_batch", "bogus",
]  # fmt: skip
# rule options with small values only, so a valid variant never makes an endless match
RULE_OPTIONS = {
    "target_score": st.sampled_from([1, 2, 0, -1, "ten", None]),
    "sweep_bonus": st.sampled_from([True, False, "yes", 3]),
    "builds": st.booleans(),
    "teams": st.sampled_from([True, False, None]),
    "num_players": st.sampled_from([2, 3, 4, 5, 7, "four"]),
    "baazi_target": st.sampled_from([10, 0, -5, "x"]),
    "target_points": st.sampled_from([10, 11, "x"]),
    "end_mode": st.sampled_from(["target", "hands", "never"]),
    "num_hands": st.sampled_from([5, 6, None]),
    "no_such_option": SCALARS,
}
PRESETS = st.sampled_from(
    [
        "standard",
        "team_play",
        "no_sweep_bonus",
        "two_player",
        "three_player",
        "no_cement",
        "hands_5",
        "target_15",
        "nope",
    ]
)
STRATEGY_REFS = st.sampled_from(
    ["random", "greedy", "random@2", "greedy@3", "nobody", "bot.yaml", "missing.yaml", "a/b"]
)


@st.composite
def variant_entries(draw: Any) -> Any:
    if draw(st.booleans()):
        return draw(PRESETS)
    entry: dict[str, Any] = {"name": draw(st.sampled_from(["v", "w", 3])), "base": draw(PRESETS)}
    keys = draw(st.lists(st.sampled_from(sorted(RULE_OPTIONS)), max_size=3, unique=True))
    entry.update({k: draw(RULE_OPTIONS[k]) for k in keys})
    return entry


@st.composite
def strategy_entries(draw: Any) -> Any:
    if draw(st.integers(0, 4)) == 0:
        return {"strategy": draw(STRATEGY_REFS), "as": draw(st.sampled_from(["b", "", 3]))}
    return draw(STRATEGY_REFS)


#: per game, presets that keep its default player count, and a valid player count
GAME_PRESETS = {
    "sweep": (["standard", "no_sweep_bonus", "build_sweep", "eight_card_deal"], 4),
    "seep": (["standard", "no_cement", "thirty_point"], 4),
    "sueca": (["standard", "score_made", "hands_5"], 5),
}
VALID_REFS = ["random", "greedy", "random@2", "bot.yaml", {"strategy": "greedy", "as": "g2"}]


@st.composite
def tournaments(draw: Any) -> dict[str, Any]:
    """A valid small tournament, then often a few mutations: keys removed, replaced or added,
    entries of the variants and strategies lists replaced by odd ones."""
    game = draw(st.sampled_from(sorted(GAME_PRESETS)))
    presets, players = GAME_PRESETS[game]
    data: dict[str, Any] = {
        "name": "fuzz",
        "game": game,
        "players": players,
        "variants": draw(st.lists(st.sampled_from(presets), min_size=1, max_size=2, unique=True)),
        "strategies": draw(st.lists(st.sampled_from(VALID_REFS), min_size=2, max_size=2, unique_by=str)),
        "format": draw(st.sampled_from(["head-to-head", "round-robin", "gauntlet"])),
        "unit": draw(st.sampled_from(["deal", "deal", "match"])),
        "deals": draw(st.integers(1, 2)),
        "seed": draw(st.integers(0, 10)),
        "jobs": 1,
    }
    mutations = draw(st.integers(0, 3))
    for _ in range(mutations):
        what = draw(st.integers(0, 3))
        variants, strategies = data.get("variants"), data.get("strategies")
        if what == 0 and isinstance(variants, list) and variants:
            variants[draw(st.integers(0, len(variants) - 1))] = draw(variant_entries())
        elif what == 1 and isinstance(strategies, list) and strategies:
            strategies[draw(st.integers(0, len(strategies) - 1))] = draw(strategy_entries())
        elif what == 2 and draw(st.booleans()):
            data.pop(draw(st.sampled_from(KEYS)), None)
        else:
            key = draw(st.sampled_from(KEYS))
            data[key] = draw(COUNTS if key in ("deals", "jobs") else VALUES)
    return data


@st.composite
def strategy_files(draw: Any) -> Any:
    """A strategy YAML: valid, mutated, or not a mapping at all."""
    data: dict[str, Any] = {
        "name": draw(st.sampled_from(["bot", "", "random"])),
        "plugin": draw(
            st.sampled_from(["random", "greedy", "nope", "strategies.random_play:RandomStrategy", "x.py:Y"])
        ),
    }
    if draw(st.booleans()):
        data["games"] = draw(st.lists(st.sampled_from(["sweep", "seep", "sueca", "chess"]), max_size=2))
    if draw(st.booleans()):
        data["params"] = draw(
            st.dictionaries(st.sampled_from(["spade_weight", "depth"]), SCALARS, max_size=2)
        )
    if draw(st.booleans()):
        data[draw(st.sampled_from(["bogus", "name", "plugin"]))] = draw(VALUES)
    return draw(st.sampled_from([data, data, data, [1, 2], "just text", None]))


def check_outcome(config: Path, out: Path) -> None:
    result = runner.invoke(app, ["run", str(config), "--out", str(out), "-q"])
    if result.exit_code == 0:
        manifest = json.loads((out / "manifest.json").read_text())
        assert manifest["status"] == "complete"
        assert (out / "deals.parquet").is_file() and (out / "summary.parquet").is_file()
        return
    # anything else must be one clean user error
    assert result.exit_code == 2, (result.exit_code, result.output, result.exception)
    assert isinstance(result.exception, SystemExit), result.exception
    assert result.output.startswith("error: ") and result.output.count("error: ") == 1, result.output
    assert "Traceback" not in result.output


@settings(max_examples=30)
@given(tournament=tournaments(), strategy=strategy_files())
def test_mutated_tournament_and_strategy_files(tournament, strategy):
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "bot.yaml").write_text(yaml.safe_dump(strategy))
        config = folder / "tournament.yaml"
        config.write_text(yaml.safe_dump(tournament, sort_keys=False))
        check_outcome(config, folder / "out")


@settings(max_examples=20)
@given(
    text=st.one_of(
        st.text(max_size=60), st.sampled_from(["name: [", "{a: 1", "- 1\n- 2", "game: sweep\n\t", "%"])
    )
)
def test_random_text_as_tournament_file(text):
    with tempfile.TemporaryDirectory() as tmp:
        config = Path(tmp) / "tournament.yaml"
        config.write_text(text)
        check_outcome(config, Path(tmp) / "out")
