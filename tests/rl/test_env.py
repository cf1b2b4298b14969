"""The PettingZoo environments: PettingZoo's own API and seed tests, opponents, rewards, errors."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

from simulator.rl import make_env, seep_env, sueca_env, sweep_env

#: every game, with a sample of variants and player counts
CASES = [
    ("sweep", "standard", 4),
    ("sweep", "standard", 2),
    ("sweep", "build_sweep", 3),
    ("sweep", "eight_card_deal", 4),
    ("seep", "standard", 4),
    ("seep", "two_player", 2),
    ("seep", "three_player", 3),
    ("seep", "thirty_point", 4),
    ("sueca", "standard", 5),
    ("sueca", "called_trump_only", 5),
]


@pytest.mark.filterwarnings("ignore::UserWarning")  # PettingZoo's notes on dict observations
@pytest.mark.parametrize(("game", "variant", "players"), CASES)
def test_pettingzoo_api_and_seed_tests(game: str, variant: str, players: int) -> None:
    api_test(make_env(game, variant, players=players), num_cycles=400)
    seed_test(lambda: make_env(game, variant, players=players), num_cycles=400)


def play_out(env, seed: int) -> dict[str, float]:
    """One deal with uniform random masked actions; the final cumulative reward of every agent."""
    env.reset(seed=seed)
    rng = random.Random(seed)
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        if term or trunc:
            final[agent] = reward
            env.step(None)
            continue
        legal = obs["action_mask"].nonzero()[0]
        env.step(int(legal[rng.randrange(len(legal))]))
    return final


def test_opponent_seats_are_played_inside_the_environment() -> None:
    env = sweep_env("standard", {1: "random"}, players=2)
    assert env.possible_agents == ["player_0"]
    env.reset(seed=3)
    steps = 0
    for _ in env.agent_iter():
        obs, _, term, _, _ = env.last()
        env.step(None if term else int(obs["action_mask"].nonzero()[0][0]))
        steps += not term
    assert steps == 24  # six deals of four cards: the learner plays all of its own


def test_points_rewards_are_the_sides_points_and_partners_share() -> None:
    env = sweep_env("standard", players=4)
    final = play_out(env, 5)
    points = env.unwrapped.deal.side_points()
    assert final == {f"player_{s}": float(points[s % 2]) for s in range(4)}


def test_margin_and_win_rewards() -> None:
    margins = play_out(seep_env("three_player", reward="margin"), 8)
    assert sum(margins.values()) == pytest.approx(0.0)
    wins = play_out(sueca_env(reward="win"), 9)
    assert set(wins.values()) <= {-1.0, 0.0, 1.0} and len(wins) == 5


def test_masks_mark_exactly_the_legal_moves_of_the_agent_to_act() -> None:
    env = seep_env("standard")
    env.reset(seed=1)
    raw = env.unwrapped
    for agent in raw.agents:
        mask = env.observe(agent)["action_mask"]
        if agent == env.agent_selection:
            assert set(mask.nonzero()[0]) == set(raw.legal_moves())
            assert len(raw.legal_moves()) == len(raw.deal.legal_moves())
        else:
            assert not mask.any()


def test_an_illegal_action_is_refused_with_its_meaning() -> None:
    env = sweep_env("standard", players=2)
    env.reset(seed=2)
    mask = env.observe(env.agent_selection)["action_mask"]
    bad = int((mask == 0).nonzero()[0][0])
    with pytest.raises(ValueError, match=r"not legal .* use the action_mask"):
        env.step(bad)


def test_bad_arguments_are_reported() -> None:
    with pytest.raises(ValueError, match="reward must be one of"):
        sweep_env(reward="score")
    with pytest.raises(ValueError, match="leave at least one seat"):
        sweep_env("standard", {0: "random", 1: "random"}, players=2)
    with pytest.raises(ValueError, match="not a seat"):
        sweep_env("standard", {4: "random"}, players=2)


def test_render_names_the_last_move() -> None:
    env = sweep_env("standard", players=2, render_mode="ansi")
    env.reset(seed=4)
    env.step(int(env.observe(env.agent_selection)["action_mask"].nonzero()[0][0]))
    assert env.render().startswith("seat ")
