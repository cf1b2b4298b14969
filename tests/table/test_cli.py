"""`cardsim play` at the command line: bad options and a missing Textual are one message and
exit code 2; the table starts from the options it is given."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from typer.testing import CliRunner

from simulator.cli import play as play_command
from simulator.cli.app import app

runner = CliRunner()


def test_without_textual_one_line_says_how_to_install_it(monkeypatch):
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "textual" else real(name, *a)
    )
    result = runner.invoke(app, ["play"])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "error: cardsim play needs Textual (the play extra of pyproject.toml)",
        "  fix: in a clone: .venv/bin/pip install 'textual>=1.0'",
    ]


@pytest.mark.parametrize(
    "args, where",
    [
        (["--game", "poker"], "--game"),
        (["--seat", "9"], "--seat"),
        (["--opponents", "a,b"], "--opponents"),
        (["--game", "seep", "--variant", "nope"], "--variant"),
        (["--set", "builds"], "--set"),
        (["--set", "builds=maybe"], "error: --set builds: must be true or false"),
        (["--hint-strategy", "nope"], "--hint-strategy"),
        (["--players", "5"], "num_players"),
        (["--pace", "nan"], "--pace"),
        (["--pace", "-1"], "--pace"),
        (["--seed", "9223372036854775808"], "--seed"),
    ],
)
def test_bad_options_exit_2_without_a_traceback(args, where):
    result = runner.invoke(app, ["play", *args])
    assert result.exit_code == 2, result.output
    assert where in result.output and result.output.count("rror: ") == 1  # cardsim's error: or Click's Error:
    assert "Traceback" not in result.output


def test_without_a_terminal_one_line_says_so():
    pytest.importorskip("textual")
    result = runner.invoke(app, ["play", "--opponents", "random"])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "error: cardsim play needs a terminal: run it without redirecting its input or output"
    ]


@pytest.fixture
def terminal(monkeypatch):
    """As if run in a terminal (the tests' input and output are not one)."""
    monkeypatch.setattr(play_command, "in_terminal", lambda: True)


def test_the_table_starts_from_the_options(monkeypatch, terminal):
    pytest.importorskip("textual")
    from simulator.table.app import TableApp

    started = []
    monkeypatch.setattr(TableApp, "run", lambda self: started.append(self))
    args = ["play", "--game", "seep", "--seat", "0,2", "--opponents", "greedy", "--seed", "4", "--match"]
    result = runner.invoke(app, [*args, "--ascii", "--deal", "2", "--set", "baazi_target=50", "--pace", "0"])
    assert result.exit_code == 0, result.output
    table = started[0]
    config = table.config
    assert config.person == (0, 2) and config.seed == 4 and config.match and config.deal_index == 2
    assert config.names == ["person", "greedy", "person", "greedy"] and table.ascii and table.pace == 0
    assert config.variant.rules.baazi_target == 50


def test_a_seed_is_drawn_when_none_is_given(monkeypatch, terminal):
    pytest.importorskip("textual")
    from simulator.table.app import TableApp

    started = []
    monkeypatch.setattr(TableApp, "run", lambda self: started.append(self.config.seed))
    assert runner.invoke(app, ["play", "--opponents", "random"]).exit_code == 0
    assert started and started[0] >= 0


def test_ctrl_c_before_the_table_leaves_quietly(monkeypatch, terminal):
    pytest.importorskip("textual")
    from simulator.table.app import TableApp

    def interrupted(self):
        raise KeyboardInterrupt

    monkeypatch.setattr(TableApp, "run", interrupted)
    result = runner.invoke(app, ["play", "--opponents", "random"])
    assert result.exit_code == 130 and "Traceback" not in result.output


def test_a_bot_that_cannot_be_built_is_one_error_exit_1(tmp_path, terminal):
    pytest.importorskip("textual")
    plugin = Path(__file__).parent.parent / "plugins" / "faulty.py"
    bot = tmp_path / "faulty.yaml"
    bot.write_text(f"name: faulty\nplugin: {plugin}:Faulty\nparams:\n  mode: build\n")
    result = runner.invoke(app, ["play", "--game", "sweep", "--players", "2", "--opponents", str(bot)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "error: seat 1 (faulty) raised RuntimeError when built: deliberate failure" in result.output
