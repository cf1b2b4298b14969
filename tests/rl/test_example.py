"""The example of docs/rl.md: train a few deals, save, load as a strategy YAML, play a deal with it."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from simulator.games import get_game  # noqa: E402
from simulator.play import play_deal, reset_agents  # noqa: E402
from simulator.plugins import spec_from_name, spec_from_yaml  # noqa: E402
from simulator.variants import resolve_variant  # noqa: E402

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def load(name: str):
    sys.path.insert(0, str(EXAMPLES))
    try:
        spec = importlib.util.spec_from_file_location(f"example_{name}", EXAMPLES / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(EXAMPLES))
    return module


def test_a_trained_and_saved_policy_plays_as_a_strategy(tmp_path: Path) -> None:
    policy, margins = load("train_sweep").train(deals=15, lr=0.01, seed=3)
    assert len(margins) == 15
    untrained = load("linear_policy").LinearPolicy(seed=3)
    assert not np.allclose(policy.w, untrained.w)
    weights = tmp_path / "w.npz"
    policy.save(weights)
    again = load("linear_policy").LinearPolicy(str(weights))
    obs, mask = np.random.default_rng(0).random(policy.w.shape[1] - 1), np.zeros(209, np.int8)
    mask[[0, 3, 52, 60, 200]] = 1
    assert again(obs, mask) == policy(obs, mask)
    yaml_path = tmp_path / "linear.yaml"
    yaml_path.write_text(
        "name: linear\nplugin: policy\ngames: [sweep]\nparams:\n"
        f"  policy: {EXAMPLES / 'linear_policy.py'}:LinearPolicy\n  args: {{weights: {weights}}}\n"
    )
    game = get_game("sweep")
    rules = resolve_variant(game, "standard", 2).rules
    agents = [spec_from_yaml(yaml_path).build(), spec_from_name("random").build()]
    reset_agents(agents, rules, 1, 0, 0)
    state = game.new_deal(rules, 9)
    play_deal(state, agents)
    assert state.is_over()
