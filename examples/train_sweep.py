"""Train a linear policy on 2-player Sweep against `random` with REINFORCE, in numpy, on one core.

    .venv/bin/python examples/train_sweep.py --deals 4000 --out results/sweep_linear.npz
    .venv/bin/cardsim run examples/sweep-vs-random.yaml

The learner plays seat 0 of ``sweep_env(players=2, opponents={1: "random"})``; the dealer is
drawn per deal, so it learns both to lead and to follow. The reward is the deal's points margin
(own points minus the opponent's); the gradient of each deal's log-probabilities is scaled by
the margin minus a running mean of margins (the baseline). A capture takes a few steps (its
card, each card taken, done); every step the agent is asked is a choice the gradient trains.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from linear_policy import LinearPolicy

from simulator.rl import sweep_env


def softmax(z: np.ndarray) -> np.ndarray:
    e = np.exp(z - z.max())
    return e / e.sum()


def train(deals: int, lr: float, seed: int) -> tuple[LinearPolicy, list[float]]:
    env = sweep_env("standard", {1: "random"}, players=2, reward="margin")
    policy = LinearPolicy(seed=seed)
    rng = np.random.default_rng(seed)
    baseline, margins = 0.0, []
    for deal in range(deals):
        env.reset(seed=seed * 1_000_003 + deal)
        steps, margin = [], 0.0
        for _ in env.agent_iter():
            obs, reward, done, truncated, _ = env.last()
            if done or truncated:
                margin = reward
                env.step(None)
                continue
            ids = np.flatnonzero(obs["action_mask"])
            x = np.append(obs["observation"], 1.0)
            p = softmax(policy.logits(obs["observation"], ids))
            k = rng.choice(len(ids), p=p)
            steps.append((x, ids, p, k))
            env.step(int(ids[k]))
        advantage = margin - baseline
        baseline += 0.02 * (margin - baseline)
        margins.append(margin)
        for x, ids, p, k in steps:
            g = -p
            g[k] += 1.0  # d log p_k / d logits
            policy.w[ids] += np.outer(lr * advantage * g, x)
        if (deal + 1) % 500 == 0:
            print(f"deal {deal + 1}: mean margin of the last 500 deals {np.mean(margins[-500:]):+.2f}")
    return policy, margins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=4000)
    parser.add_argument("--lr", type=float, default=0.01)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="results/sweep_linear.npz")
    args = parser.parse_args()
    start = time.perf_counter()
    policy, _ = train(args.deals, args.lr, args.seed)
    policy.save(args.out)
    print(f"trained on {args.deals} deals in {time.perf_counter() - start:.0f} s; saved {args.out}")


if __name__ == "__main__":
    main()
