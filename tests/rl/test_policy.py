"""The policy plug-in: a callable (observation, action_mask) -> id plays through the runner's loop."""

from __future__ import annotations

from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from simulator.errors import StrategyFault, UserError  # noqa: E402
from simulator.games import get_game  # noqa: E402
from simulator.play import play_deal, reset_agents  # noqa: E402
from simulator.plugins import spec_from_yaml  # noqa: E402
from simulator.rl import sweep_env  # noqa: E402
from simulator.rl.actions import codec_for  # noqa: E402
from simulator.rl.actions.steps import complete  # noqa: E402
from simulator.variants import resolve_variant  # noqa: E402
from strategies.base import Strategy  # noqa: E402
from strategies.policy import PolicyStrategy  # noqa: E402

HERE = Path(__file__).resolve().parent
LOWEST = f"{HERE / 'policies.py'}:lowest"
HIGHEST = f"{HERE / 'policies.py'}:make_highest"


class Recorder(Strategy):
    """Wraps a strategy and keeps each (view, moves, choice) it was asked."""

    games = ("sweep", "seep", "sueca")

    def __init__(self, inner: Strategy) -> None:
        super().__init__()
        self.inner = inner
        self.calls: list[tuple[object, list[object], object]] = []

    def reset(self, rng, seat, rules) -> None:
        self.inner.reset(rng, seat, rules)

    def choose(self, view, moves):
        move = self.inner.choose(view, moves)
        self.calls.append((view, list(moves), move))
        return move


def policy(ref: str, **params) -> PolicyStrategy:
    return PolicyStrategy(PolicyStrategy.Params(policy=ref, **params))


@pytest.mark.parametrize("game", ["sweep", "seep", "sueca"])
def test_the_policy_plays_the_move_of_the_id_it_returns(game: str) -> None:
    """The highest id, from a factory given ``args`` (the lowest would never capture in Sweep
    and always pass in Sueca: endless deals)."""
    g = get_game(game)
    rules = resolve_variant(g, "standard").rules
    agents = [Recorder(policy(HIGHEST, args={"offset": 0})) for _ in range(rules.num_players)]
    reset_agents(agents, rules, 1, 0, 0)
    play_deal(g.new_deal(rules, 11), agents)
    calls = [c for a in agents for c in a.calls]
    assert calls
    for view, moves, move in calls:
        turn = codec_for(game).turn(view, moves)
        while turn.move is None:  # the highest id at every step that has a choice
            turn.step(max(turn.options()))
            complete(turn)
        assert move == turn.move


class Seen:
    """A policy that keeps what it is given and plays the highest legal id (captures, builds)."""

    def __init__(self) -> None:
        self.calls: list[tuple[np.ndarray, np.ndarray]] = []

    def __call__(self, observation: np.ndarray, action_mask: np.ndarray) -> int:
        self.calls.append((observation, action_mask))
        return int(np.flatnonzero(action_mask)[-1])


def test_the_plug_in_sees_what_the_environment_gives_an_agent() -> None:
    """Move by move, the plug-in's policy calls get the observations and masks the environment
    gives the agent over the steps of that move (forced steps skipped by both)."""
    env = sweep_env("build_sweep", players=3)
    env.reset(seed=5)
    raw = env.unwrapped
    strategy = policy(LOWEST)
    strategy._policy = seen = Seen()
    steps = 0
    for _ in range(30):
        seen.calls.clear()
        move = strategy.choose(raw.deal.view(raw.deal.current_player()), raw.deal.legal_moves())
        for observation, mask in seen.calls:
            obs = env.observe(env.agent_selection)
            assert np.array_equal(observation, obs["observation"]) and np.array_equal(
                mask, obs["action_mask"]
            )
            env.step(int(np.flatnonzero(obs["action_mask"])[-1]))
            steps += 1
        assert raw._last is not None and raw._last[1] == move
    assert steps > 30  # some moves took several steps


def test_an_illegal_id_is_a_strategy_fault() -> None:
    g = get_game("sweep")
    rules = resolve_variant(g, "standard", 2).rules
    agents = [policy(f"{HERE / 'policies.py'}:illegal"), policy(LOWEST)]
    reset_agents(agents, rules, 1, 0, 0)
    with pytest.raises(StrategyFault, match="not legal"):
        play_deal(g.new_deal(rules, 13), agents)


@pytest.mark.parametrize(
    ("ref", "message"),
    [
        ("no_colon_here", "is not 'package.module:attr'"),
        ("missing_file.py:policy", "not found"),
        ("tests.rl.policies:nothing", "has no attribute 'nothing'"),
    ],
)
def test_a_bad_policy_reference_names_the_file_and_key(tmp_path: Path, ref: str, message: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(f"name: bad\nplugin: policy\nparams:\n  policy: {ref}\n")
    with pytest.raises(UserError) as err:
        spec_from_yaml(path)
    assert message in err.value.what
    assert err.value.where == f"{path}: params"  # the params are checked together (policy and args)
    assert err.value.fix is not None and err.value.fix.startswith("policy: module:attr or path/to/file.py")
