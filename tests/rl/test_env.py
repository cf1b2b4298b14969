"""The PettingZoo environments: PettingZoo's own API, seed and max-cycles tests, opponents, rewards,
moves of several steps, errors."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
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


def live_turns(env, seeds):
    """The turns of the deals of ``seeds`` that await an action, as (agent, observation): ended
    agents are stepped with None here, the caller steps the others."""
    for seed in seeds:
        env.reset(seed=seed)
        for agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            yield agent, obs


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


def test_masks_mark_exactly_the_legal_ids_of_the_agent_to_act() -> None:
    env = seep_env("standard")
    env.reset(seed=1)
    raw = env.unwrapped
    for agent in raw.agents:
        mask = env.observe(agent)["action_mask"]
        if agent == env.agent_selection:
            assert mask.nonzero()[0].tolist() == raw.legal_actions()
            moves = raw.deal.legal_moves()
            assert {raw.codec.decode(i, raw.deal) for i in raw.legal_actions()} == set(moves)
        else:
            assert not mask.any()


@pytest.mark.parametrize("game", ["sweep", "seep"])
def test_a_move_of_several_steps_is_played_as_encoded(game: str) -> None:
    """Every move the engine allows, played by its encoded ids (the forced ones skipped by the
    environment), is the move the deal receives; the agent keeps the turn until it is complete."""
    env = make_env(game, "standard", players=2)
    rng = random.Random(2)
    multi = 0
    for seed in range(4):
        env.reset(seed=seed)
        raw = env.unwrapped
        while not raw.deal.is_over():
            agent = env.agent_selection
            moves = raw.deal.legal_moves()
            move = moves[rng.randrange(len(moves))]
            ids = list(raw.codec.encode(move))
            plays = len(raw.deal.view(0).history)
            taken = 0
            while len(raw.deal.view(0).history) == plays:
                assert env.agent_selection == agent
                obs = env.observe(agent)
                action = next(i for i in ids if obs["action_mask"][i])
                assert obs["action_mask"].sum() > 1 or taken == 0
                ids = ids[ids.index(action) + 1 :]
                env.step(action)
                taken += 1
            multi += taken > 1
            assert raw.deal.view(0).history[plays][1] == move
    assert multi


def test_observations_are_built_on_first_read_from_the_view_at_observe_time() -> None:
    env = sweep_env("standard", players=2)
    env.reset(seed=6)
    agent = env.agent_selection
    obs = env.observe(agent)
    expected = env.unwrapped._encode(env.unwrapped.deal.view(0 if agent == "player_0" else 1))
    env.step(int(obs["action_mask"].nonzero()[0][0]))  # the deal moves on before the read
    assert list(obs) == ["observation", "action_mask"] and len(obs) == 2
    assert np.array_equal(obs["observation"], expected)
    assert obs.copy().keys() == obs.keys() and obs == obs.copy()


class Module:
    """What PettingZoo's max-cycles test is given: ``env(max_cycles=...)`` (and ``parallel_env``)."""

    def __init__(self, game: str, variant: str, players: int) -> None:
        self.args = (game, variant, players)

    def env(self, max_cycles: int) -> object:
        game, variant, players = self.args
        return make_env(game, variant, players=players, max_cycles=max_cycles)


@pytest.mark.parametrize(("game", "variant", "players"), CASES)
def test_max_cycles_truncates_every_agent(game: str, variant: str, players: int) -> None:
    """The AEC half of PettingZoo's max_cycles_test, with masked actions (these turn-based games
    have no parallel form): no agent takes more than max_cycles steps, then all are truncated."""
    max_cycles = 4
    env = Module(game, variant, players).env(max_cycles)
    for seed in range(10):  # a Sueca hand can end sooner (a short nuls hand): try another deal
        env.reset(seed=seed)
        counts = dict.fromkeys(env.possible_agents, 0)
        rng = random.Random(seed)
        ends = set()
        for agent in env.agent_iter():
            counts[agent] += 1
            obs, reward, term, trunc, info = env.last()
            if term or trunc:
                ends.add((term, trunc, reward if trunc else 0.0, tuple(info)))
                env.step(None)
                continue
            legal = obs["action_mask"].nonzero()[0]
            env.step(int(legal[rng.randrange(len(legal))]))
        assert not env.agents and all(c <= max_cycles + 1 for c in counts.values())
        if ends == {(False, True, 0.0, ("truncated",))}:
            assert max(counts.values()) == max_cycles + 1
            return
        assert ends == {(True, False, 0.0, ("points",))}
    raise AssertionError("no deal was long enough to be truncated")


def test_max_cycles_is_checked() -> None:
    with pytest.raises(ValueError, match="max_cycles must be"):
        sweep_env(max_cycles=0)


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


@pytest.mark.parametrize("game", ["sweep", "seep", "sueca"])
def test_ids_off_the_mask_are_refused_and_leave_the_step_unchanged(game: str) -> None:
    """Legality is decided apart from the mask handed out: every id off the mask is refused at
    every step (a card already taken or below the last one taken included), and writing into a
    mask changes neither what is legal nor the next mask."""
    env = make_env(game, players=5 if game == "sueca" else 2)
    rng = random.Random(4)
    checked = 0
    for agent, obs in live_turns(env, range(2)):
        mask = obs["action_mask"]
        legal = mask.nonzero()[0].tolist()
        mask[:] = 1
        assert env.observe(agent)["action_mask"].nonzero()[0].tolist() == legal
        for bad in rng.sample([i for i in range(mask.size) if i not in legal], 6):
            with pytest.raises(ValueError, match="not legal"):
                env.step(bad)
            checked += 1
        assert env.agent_selection == agent
        assert env.observe(agent)["action_mask"].nonzero()[0].tolist() == legal
        env.step(legal[rng.randrange(len(legal))])
    assert checked > 300


def test_observations_read_late_are_those_of_their_step() -> None:
    """Observations kept unread while the deal goes on (opponent moves, moves of several steps,
    the next deal) give, when read, the vector of the view and step they were taken at."""
    env = seep_env("standard", {1: "greedy"})
    raw = env.unwrapped
    kept = []
    rng = random.Random(5)
    for agent, obs in live_turns(env, (1, 2)):
        turn = raw.decision()
        seat = int(agent.split("_")[1])
        kept.append((obs, raw._encode(raw.deal.view(seat), turn.head, turn.selected)))
        legal = obs["action_mask"].nonzero()[0]
        env.step(int(legal[rng.randrange(len(legal))]))
    assert len(kept) > 40
    for obs, expected in kept:
        assert np.array_equal(obs["observation"], expected)


@pytest.mark.parametrize("game", ["sweep", "seep", "sueca"])
def test_masks_kept_by_the_agent_never_change(game: str) -> None:
    """A returned mask is the agent's: later steps, another observation of the same step and
    the agent writing into that one leave it as it was (each mask is a fresh, writable array,
    never a shared template or a reused buffer)."""
    env = make_env(game, players=5 if game == "sueca" else 2)
    rng = random.Random(6)
    kept = []
    for agent, obs in live_turns(env, range(3)):
        mask = obs["action_mask"]
        again = env.observe(agent)["action_mask"]
        assert again is not mask and not np.shares_memory(again, mask)
        again[:] = 0
        kept.append((mask, mask.copy()))
        legal = mask.nonzero()[0]
        env.step(int(legal[rng.randrange(len(legal))]))
    assert len(kept) > 50
    assert all(m.flags.writeable and np.array_equal(m, copy) for m, copy in kept)


def test_seep_heads_of_a_card_not_held_are_refused() -> None:
    """The Seep masks read a chunk per held value: a card of a held value but not held itself
    has no legal head (throw, capture, house or break)."""
    env = seep_env("standard")
    raw = env.unwrapped
    checked = 0
    for seed in range(6):
        env.reset(seed=seed)
        env.step(int(env.observe(env.agent_selection)["action_mask"].nonzero()[0][0]))  # the bid
        seat = raw.deal.current_player()
        hand = raw.deal.hands[seat]
        for card in range(52):
            if not hand >> card & 1 and hand & 15 << 4 * (card >> 2):
                for head in (card, 52 + card, 104 + 5 * card, 364 + 4 * card):
                    with pytest.raises(ValueError, match="not legal"):
                        env.step(head)
                    checked += 1
    assert checked > 20
