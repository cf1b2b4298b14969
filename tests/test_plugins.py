"""Resolving `plugin:` references and validating params (docs/design.md §4)."""

from __future__ import annotations

from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from simulator import plugins
from simulator.errors import UserError
from simulator.plugins import load_strategy, spec_from_yaml


def _yaml(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "s.yaml"
    path.write_text(text)
    return path


def test_builtin_module_path_and_file_references(tmp_path):
    assert load_strategy("greedy").plugin == "strategies.greedy:GreedyStrategy"
    spec = spec_from_yaml(_yaml(tmp_path, "name: r\nplugin: strategies.random_play:RandomStrategy\n"))
    assert spec.build().choose(None, ["only"]) == "only"
    spec = load_strategy("configs/strategies/spade-lover.yaml")
    assert dict(spec.params) == {"spade_weight": 2.5, "ace_of_spades_bonus": 6.0}
    assert spec.plugin.endswith("configs/strategies/plugins/spade_lover.py:SpadeLover")
    assert spec.build().params.spade_weight == 2.5


def test_entry_point_plugins(tmp_path, monkeypatch):
    fake = [EntryPoint("my-bot", "strategies.random_play:RandomStrategy", plugins.ENTRY_POINT_GROUP)]
    monkeypatch.setattr(
        plugins, "entry_points", lambda group: fake if group == plugins.ENTRY_POINT_GROUP else []
    )
    assert load_strategy("my-bot").plugin == "strategies.random_play:RandomStrategy"
    assert "my-bot" in plugins.all_registered()
    spec = spec_from_yaml(_yaml(tmp_path, "name: mine\nplugin: my-bot\n"))
    assert spec.name == "mine"


@pytest.mark.parametrize(
    "text, where, words",
    [
        ("name: s\nplugin: nope\n", "plugin", "unknown strategy plug-in"),
        ("name: s\nplugin: missing.py:X\n", "plugin", "not found"),
        ("name: s\nplugin: strategies.random_play:Nothing\n", "plugin", "no Strategy subclass"),
        ("name: s\nplugin: random\ncolour: red\n", "colour", "allowed keys"),
        ("name: s\nplugin: random\nparams: {x: 1}\n", "params.x", "Extra inputs"),
        ("name: s\nplugin: random\ngames: [chess]\n", "games", "does not support"),
        ("plugin: random\n", "name", "required"),
        ("- just a list\n", "s.yaml", "mapping"),
    ],
)
def test_bad_strategy_files(tmp_path, text, where, words):
    path = _yaml(tmp_path, text)
    with pytest.raises(UserError) as info:
        spec_from_yaml(path)
    assert str(path) in info.value.render() and where in info.value.render() and words in info.value.render()


def test_a_bad_param_value_is_fixed_by_its_meaning_an_unknown_param_by_the_list(tmp_path):
    """A wrong value's fix line says what the param is; an unknown name's lists the params."""
    with pytest.raises(UserError) as info:
        spec_from_yaml(_yaml(tmp_path, "name: s\nplugin: montecarlo\nparams: {samples: 0}\n"))
    assert info.value.what == "Input should be greater than or equal to 1"
    assert info.value.fix.startswith("samples: deals sampled per decision")
    with pytest.raises(UserError) as info:
        spec_from_yaml(_yaml(tmp_path, "name: s\nplugin: montecarlo\nparams: {rollout: nobody}\n"))
    assert info.value.what == "rollout policy 'nobody': unknown strategy 'nobody'"
    with pytest.raises(UserError) as info:
        spec_from_yaml(_yaml(tmp_path, "name: s\nplugin: montecarlo\nparams: {sample: 4}\n"))
    assert info.value.fix.startswith("parameters of this plug-in: samples, rollout")


@pytest.mark.parametrize(
    ("body", "words"),
    [
        (
            "    games = ('sweep',)\n    Params = dict\n",
            "declares Params = <class 'dict'>, which is not a pydantic model",
        ),
        ("    pass\n", "declares games = ()"),
        ("    games = 'sweep'\n", "declares games = 'sweep'"),  # a string: 'we' would be a game
    ],
)
def test_a_plug_in_class_that_declares_its_params_or_games_wrongly_is_refused(tmp_path, body, words):
    """What cardsim reads of the class before it plays is checked when the class is loaded."""
    (tmp_path / "odd.py").write_text(
        "from simulator.api import Strategy\n\n\nclass Odd(Strategy):\n"
        + body
        + "\n    def choose(self, view, moves):\n        return moves[0]\n"
    )
    with pytest.raises(UserError) as info:
        spec_from_yaml(_yaml(tmp_path, f"name: odd\nplugin: {tmp_path / 'odd.py'}:Odd\n"))
    assert words in info.value.what and info.value.where is not None and info.value.where.endswith("plugin")


def test_copies_and_aliases_keep_the_plug_in_and_params(tmp_path):
    spec = load_strategy("configs/strategies/spade-lover.yaml@2")
    assert spec.name == "spade-lover@2" and dict(spec.params)["spade_weight"] == 2.5
    assert load_strategy("random@3").name == "random@3"
    aliased = load_strategy("greedy", alias="greedy-b")
    assert aliased.name == "greedy-b" and aliased.plugin == load_strategy("greedy").plugin
    assert load_strategy(aliased.source).plugin == aliased.plugin  # the replay hint's reference
    with pytest.raises(UserError) as info:
        load_strategy("nobody@2", "t.yaml: strategies[1]")
    assert info.value.where == "t.yaml: strategies[1]" and "unknown strategy 'nobody'" in info.value.what


def test_relative_files_are_looked_up_from_the_naming_file_first(tmp_path, monkeypatch):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "s.yaml").write_text("name: from-a\nplugin: random\n")
    (tmp_path / "s.yaml").write_text("name: from-cwd\nplugin: random\n")
    monkeypatch.chdir(tmp_path)
    assert load_strategy("s.yaml", base_dir=tmp_path / "a").name == "from-a"
    assert load_strategy("s.yaml", base_dir=tmp_path / "elsewhere").name == "from-cwd"
    with pytest.raises(UserError) as info:
        load_strategy("t.yaml", "--strategy 't.yaml'", tmp_path / "a")
    assert info.value.where == "--strategy 't.yaml'" and str(tmp_path / "a" / "t.yaml") in info.value.what
