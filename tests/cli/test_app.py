"""The command line feels like other tools: --version, -h everywhere, completion, flags, fast start."""

from __future__ import annotations

import re
import subprocess
import sys
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from simulator import __version__
from simulator.cli.app import app

runner = CliRunner()


def _command_paths(group: Any, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    paths = []
    for name, cmd in group.commands.items():
        paths.append((*prefix, name))
        if hasattr(cmd, "commands"):  # a group
            paths.extend(_command_paths(cmd, (*prefix, name)))
    return paths


COMMANDS = _command_paths(typer.main.get_command(app))


def test_every_command_is_listed():
    assert {("run",), ("replay",), ("list", "games"), ("new", "strategy"), ("bench",)} <= set(COMMANDS)


def test_version():
    for flag in ("--version", "-V"):
        result = runner.invoke(app, [flag])
        assert result.exit_code == 0 and result.output.strip() == f"cardsim {__version__}"


@pytest.mark.parametrize("path", [(), *COMMANDS], ids=lambda p: " ".join(p) or "cardsim")
def test_short_help_everywhere_and_flags_take_no_value(path):
    result = runner.invoke(app, [*path, "-h"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "Usage:" in result.output
    # every option's value is named for what it is (N, DIR, SECONDS...), never by its Python type
    params = [line for line in result.output.splitlines() if re.match(r"^\s+(-\w|--|[A-Z_]+\s)", line)]
    assert not [line for line in params if re.search(r"<(bool|int|float|str|path|list)", line)]
    assert result.output == runner.invoke(app, [*path, "--help"], env={"COLUMNS": "200"}).output


@pytest.mark.parametrize(
    "shell, env, expected",
    [
        ("bash", {"COMP_WORDS": "cardsim list ", "COMP_CWORD": "2"}, "strategies"),
        ("zsh", {"_TYPER_COMPLETE_ARGS": "cardsim re"}, "replay"),
        (
            "fish",
            {"_TYPER_COMPLETE_ARGS": "cardsim run --qu", "_TYPER_COMPLETE_FISH_ACTION": "get-args"},
            "--quiet",
        ),
    ],
)
def test_shell_completion(shell, env, expected):
    env = {"_CARDSIM_COMPLETE": f"complete_{shell}", **env}
    result = runner.invoke(app, [], prog_name="cardsim", env=env)
    assert result.exit_code == 0 and expected in result.output


def test_completion_install_is_offered():
    result = runner.invoke(app, ["--help"], env={"COLUMNS": "200"})
    assert "--install-completion" in result.output and "--show-completion" in result.output


#: what `cardsim --help`, `-h` of a command, `--version` and `list` never need: each of these would
#: add tens of milliseconds to every start
HEAVY = (
    "polars", "scipy", "joblib", "numpy", "pydantic", "yaml", "typer.rich_utils",
    "simulator.config", "simulator.runner", "simulator.plugins", "simulator.play", "simulator.replay",
)  # fmt: skip
LIGHT_COMMANDS = [
    ["--help"], ["--version"], ["list", "games"], ["list", "variants"], ["list", "strategies"],
    *([*path, "-h"] for path in COMMANDS),
]  # fmt: skip


#: the game engines: `list games` and `list variants` read them, listing strategies does not
ENGINES = ("simulator.games.sweep", "simulator.games.seep", "simulator.games.sueca")


def _heavy(args: list[str]) -> tuple[str, ...]:
    """What ``args`` must not load: `list strategies` loads the plug-ins it lists (and their
    pydantic params, read from YAML files too), but no game engine: the parameters' tables and
    defaults live apart from the code that plays."""
    if args[:2] == ["list", "strategies"]:
        allowed = ("pydantic", "yaml", "simulator.plugins")
        return tuple(m for m in HEAVY if m not in allowed) + ENGINES
    return HEAVY


def test_starting_loads_no_heavy_library():
    """Run in a fresh interpreter, as the shell does: the modules loaded by each quick command."""
    code = (
        "import sys\n"
        "from simulator.cli.app import app\n"
        "for args in ARGS:\n"
        "    before = set(sys.modules)\n"
        "    try:\n"
        "        app(args, standalone_mode=False)\n"
        "    except SystemExit:\n"
        "        pass\n"
        "    print(' '.join(args), '|', ' '.join(m for m in HEAVY if m in sys.modules))\n"
    )
    # one interpreter per command: an earlier one's imports would hide a later one's
    for args in LIGHT_COMMANDS:
        script = f"ARGS = [{args!r}]\nHEAVY = {_heavy(args)!r}\n" + code
        run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
        out = run.stdout
        line = out.strip().splitlines()[-1]
        assert line.endswith("|"), line


def test_list_strategies_marks_required_params():
    result = runner.invoke(app, ["list", "strategies"], env={"COLUMNS": "300"})
    assert result.exit_code == 0, result.output
    assert "policy: str = (required)" in result.output
    assert "Undefined" not in result.output


def test_list_strategies_for_one_game_shows_its_params_and_whole_file_names():
    """Listed for Sueca, the heuristic shows its Sueca weights only, and every strategy file of
    that game keeps its whole name (what a tournament file names), however narrow."""
    result = runner.invoke(app, ["list", "strategies", "--game", "sueca"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "sueca_bid_risk" in out
    assert "sweep_cards" not in out and "seep_points" not in out
    assert "montecarlo-tuned-sueca5 " in out and "heuristic-tuned-sueca5 " in out
    assert "montecarlo-tuned-sweep4" not in out
    every_game = runner.invoke(app, ["list", "strategies"]).output
    assert "sweep_cards" in every_game and "seep_points" in every_game and "sueca_bid_risk" in every_game
