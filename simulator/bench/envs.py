"""The PettingZoo environments' step rates beside the bare engine's (the ``rl`` extra)."""

from __future__ import annotations

import random
from typing import Any

from simulator.bench.engines import bare_engine_rate
from simulator.bench.measure import CPU
from simulator.games import available_games
from simulator.seeding import deal_seed


def env_step_notes(deals: int, seed: int = 1, rounds: int = 3) -> list[str]:
    """Per game, PettingZoo environment steps per CPU second against :func:`bare_engine_rate` measured
    just before (standard rules): every seat an agent taking uniform random legal ids from the mask
    ``env.last()`` gives, once reading only the mask (the observation vector is then never built)
    and once reading the observation too. The environment is seeded at a round's first deal only,
    as a training loop seeds it (each deal's own seeding both pay, as the bare engine's new deals
    do). Warmed up like the bare engine; ``rounds`` rounds of the three measures in turn, each
    figure the best of its rounds (the same for the engine and the environment: on a shared
    machine a round's load varies). Also what the agent's loop costs alone, and with the fresh
    mask array and observation dict every step returns (:func:`_agent_loop_us`), and the ratio an
    environment costing nothing more would reach, ``1 / (moves/steps + bare rate x that cost)``.
    Empty without ``rl``."""
    try:
        from simulator.rl import make_env
    except ImportError:
        return []
    notes = []
    for game_name in available_games():
        env = make_env(game_name)
        rng = random.Random(seed)

        def play(
            first: int, count: int, read: bool, env: Any = env, rng: random.Random = rng
        ) -> tuple[int, int, float]:
            steps = moves = 0
            start = CPU()
            env.reset(seed=deal_seed(seed, first))  # seeded once, as a training loop does
            for i in range(count):
                if i:
                    env.reset()
                for _ in env.agent_iter():
                    obs, _, done, truncated, _ = env.last()
                    if done or truncated:
                        env.step(None)
                        continue
                    if read:
                        obs["observation"]
                    legal = obs["action_mask"].nonzero()[0]
                    env.step(int(legal[int(rng.random() * len(legal))]))
                    steps += 1
                moves += env.agent_moves
            return steps, moves, CPU() - start

        play(deals, max(1, deals // 10), True)
        bare = rate = read_rate = 0.0
        for _ in range(rounds):
            bare = max(bare, bare_engine_rate(game_name, deals, seed=seed).action_rate)
            steps, moves, seconds = play(0, deals, False)
            rate = max(rate, steps / seconds)
            read_steps, _, read_seconds = play(0, deals, True)
            read_rate = max(read_rate, read_steps / read_seconds)
        loop_us, floor_us = _agent_loop_us(env, max(1, deals // 5), seed)
        ceiling = 1 / (moves / steps + bare * loop_us / 1e6)
        floor_ceiling = 1 / (moves / steps + bare * floor_us / 1e6)
        notes.append(
            f"{game_name} PettingZoo env, random masked ids: {rate:,.0f} steps/s per core "
            f"({rate * moves / steps:,.0f} moves/s, {steps / moves:.2f} steps a move), {rate / bare:.0%} of "
            f"the bare engine's {bare:,.0f} moves/s (target >= 50%); reading the observation too: "
            f"{read_rate:,.0f} steps/s, {read_rate / bare:.0%}; the agent's own loop costs "
            f"{loop_us:.2f} us a step (an environment costing nothing: {ceiling:.0%}), "
            f"{floor_us:.2f} us with the fresh mask array and observation dict every step returns "
            f"(an environment costing nothing else: {floor_ceiling:.0%})"
        )
    return notes


def _agent_loop_us(env: Any, deals: int, seed: int) -> tuple[float, float]:
    """CPU microseconds a step of the agent loop of :func:`env_step_notes` costs by itself (read
    the mask, its nonzero ids, a uniform pick), over the masks of a few deals replayed without
    the environment: what no environment can save. Second, the same loop over what each step
    must return besides (PettingZoo's ``last()``: a new int8 mask array made from the mask's
    bytes, in a new observation dict of the environment's class, in the returned tuple): the
    least any AEC step with a fresh mask costs beside the engine's move. Each the best of 3."""
    import numpy as np

    from simulator.rl.env import Observation

    rng = random.Random(seed)
    masks: list[tuple[dict[str, Any], float, bool, bool, dict[str, Any]]] = []
    flags: list[bytearray] = []
    for i in range(deals):
        env.reset(seed=deal_seed(seed + 1, i))
        for _ in env.agent_iter():
            obs, _, done, truncated, _ = env.last()
            if done or truncated:
                env.step(None)
                continue
            masks.append(({"action_mask": obs["action_mask"]}, 0.0, False, False, {}))
            flags.append(bytearray(obs["action_mask"].tobytes()))
            legal = obs["action_mask"].nonzero()[0]
            env.step(int(legal[int(rng.random() * len(legal))]))
    frombuffer, int8 = np.frombuffer, np.dtype(np.int8)
    info: dict[str, Any] = {}
    best = best_floor = float("inf")
    for _ in range(3):
        start = CPU()
        for last in masks:
            obs, _, done, truncated, _ = last
            if done or truncated:
                continue
            legal = obs["action_mask"].nonzero()[0]
            int(legal[int(rng.random() * len(legal))])
        best = min(best, (CPU() - start) / len(masks) * 1e6)
        start = CPU()
        for flag in flags:
            fresh = Observation()
            fresh["action_mask"] = frombuffer(flag[:], int8)
            obs, _, done, truncated, _ = (fresh, 0.0, False, False, info)
            if done or truncated:
                continue
            legal = obs["action_mask"].nonzero()[0]
            int(legal[int(rng.random() * len(legal))])
        best_floor = min(best_floor, (CPU() - start) / len(flags) * 1e6)
    return best, best_floor
