"""Every command, every option, random and extreme values: a valid result or one clean error.

The options are read from the application itself, so a new option is fuzzed without editing
this file. Values come from a pool of the inputs a hurried user or a script produces (huge,
negative, NaN, infinite, empty, wrong type). The outcome must be exit 0 with a valid result, or
exit 2 with one error message (cardsim's ``error:`` or Click's ``Error:`` for a value of the
wrong type) and no traceback. Values that are valid but would make a long run (many deals, a
real benchmark) are swapped for small ones, so the test stays quick.
"""

from __future__ import annotations

import contextlib
import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
import typer
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from simulator.cli.app import app
from tests.conftest import ROOT

runner = CliRunner()

EXTREMES = [
    "0", "1", "2", "-1", "-2", "3", "0.5", "1e308", "-0", "nan", "inf", "-inf", "NaN",
    "99999999999999999999999999", "-99999999999999999999999999",
    "9223372036854775807", "9223372036854775808", "1000000000000", "1000000000001",
    "", " ", "abc", "1,2", "None", "[]", "{}", "random", "greedy", "sweep", "seep", "sueca", "x.yaml",
]  # fmt: skip

#: per command, its positional arguments (a folder ``{tmp}`` is filled in per example)
ARGUMENTS: dict[tuple[str, ...], list[str]] = {
    ("run",): ["{tmp}/t.yaml", "--out", "{tmp}/out", "-q"],
    ("replay",): ["--game", "sweep", "--seed", "1"],
    ("report",): ["{run}"],
    ("list", "games"): [],
    ("list", "variants"): [],
    ("list", "strategies"): [],
    ("new", "strategy"): ["bot", "--dir", "{tmp}/bot"],
    ("bench",): [],
    ("view",): ["{run}"],
    ("tune",): [
        str(ROOT / "configs/strategies/heuristic.yaml"),
        "--game",
        "sweep",
        "--players",
        "2",
        "--against",
        "greedy",
        "--budget",
        "200",
        "--groups",
        "2",
        "--verify",
        "0",
        "--out",
        "{tmp}/tune",
        "-q",
        "--jobs",
        "1",
    ],
    ("play",): [],  # valid options end in one error: the tests' output is not a terminal
}
#: flags that reach outside the test: a browser
NEVER = {"--open"}

#: options whose valid values would only make the test slow: a valid value becomes the small one
SLOW_WHEN_VALID = {
    "--deals": "2", "--chunk-size": "1", "--jobs": "1", "--scale": None, "--rounds": None,
    "--budget": "200", "--groups": "2", "--verify": "0",
}  # fmt: skip


def _commands() -> dict[tuple[str, ...], Any]:
    found: dict[tuple[str, ...], Any] = {}

    def walk(group: Any, prefix: tuple[str, ...]) -> None:
        for name, command in group.commands.items():
            if hasattr(command, "commands"):  # a group
                walk(command, (*prefix, name))
            else:
                found[(*prefix, name)] = command

    walk(typer.main.get_command(app), ())
    return found


COMMANDS = _commands()


def test_every_command_is_fuzzed():
    assert set(COMMANDS) == set(ARGUMENTS)


def _options(command: Any) -> list[Any]:
    return [
        p for p in command.params if p.param_type_name == "option" and not {"--help", *NEVER} & set(p.opts)
    ]


def _valid_number(text: str) -> bool:
    try:
        value = float(text)
    except ValueError:
        return False
    return value == value and abs(value) != float("inf") and abs(value) < 1e300 and value > 0


@st.composite
def command_lines(draw: Any) -> tuple[tuple[str, ...], list[str]]:
    path = draw(st.sampled_from(sorted(COMMANDS)))
    options = _options(COMMANDS[path])
    chosen = (
        draw(st.lists(st.sampled_from(options), min_size=1, max_size=3, unique_by=lambda o: o.name))
        if options
        else []
    )
    args: list[str] = []
    for option in chosen:
        name = max(option.opts, key=len)
        if option.is_flag:
            args.append(name)
            continue
        value = draw(st.sampled_from(EXTREMES))
        if name in SLOW_WHEN_VALID and _valid_number(value):
            small = SLOW_WHEN_VALID[name]
            if small is None:  # no small valid value: keep to the invalid ones
                continue
            value = small
        if name == "--backend" and value == "dask":
            continue  # a valid Dask run only starts a cluster: tests/test_runner.py has one
        args += [name, value]
    return path, args


def _tournament(folder: Path) -> None:
    (folder / "t.yaml").write_text(
        yaml.safe_dump(
            {
                "name": "fuzz",
                "game": "sweep",
                "players": 2,
                "strategies": ["random", "greedy"],
                "format": "head-to-head",
                "deals": 2,
                "jobs": 1,
            }
        )
    )


@pytest.fixture(scope="module")
def finished_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("run")
    _tournament(folder)
    out = folder / "out"
    assert runner.invoke(app, ["run", str(folder / "t.yaml"), "--out", str(out), "-q"]).exit_code == 0
    return out


def check_clean(result: Any, args: list[str]) -> None:
    if result.exit_code == 0:
        return
    text = result.output
    assert result.exit_code == 2, (args, result.exit_code, text, result.exception)
    assert isinstance(result.exception, SystemExit), (args, result.exception)
    assert "Traceback" not in text, (args, text)
    assert text.count("error: ") + text.count("Error: ") == 1, (args, text)


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(line=command_lines())
def test_every_option_with_extreme_values(line, finished_run):
    path, options = line
    # in a folder of its own: a relative --out, --dir or --folder lands there
    with tempfile.TemporaryDirectory() as tmp, contextlib.chdir(tmp):
        _tournament(Path(tmp))
        fixed = [a.format(tmp=tmp, run=finished_run) for a in ARGUMENTS[path]]
        if path == ("bench",) and "--scale" not in options and "--rounds" not in options:
            return  # a valid bench is a real benchmark: only its validation is fuzzed here
        args = [*path, *fixed, *options]
        result = runner.invoke(app, args, env={"COLUMNS": "120"})
        check_clean(result, args)
        if result.exit_code == 0 and path == ("run",):
            given = [options[i + 1] for i, a in enumerate(options[:-1]) if a == "--out"]
            out = Path(given[-1]) if given else Path(tmp) / "out"
            manifest = json.loads((out / "manifest.json").read_text())
            assert manifest["status"] == "complete"
