"""A small linear softmax policy over Sweep's action ids, in numpy (the model of train_sweep.py).

A Sweep move is one id or a few (simulator/games/sweep/actions.py): a trail is the id of its
card (0..51); a capture is ``52 + card``, then one ``156 + t`` per table card taken in
increasing order, then ``208`` (done). The observation says which step is being decided (its
``decision`` features, the card and the cards taken so far). The logit of an id is
``[obs, 1] . W[id]``: one weight vector per id, 209 x 627 weights in all.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from simulator.rl.sweep.actions import ACTIONS
from simulator.rl.sweep.observe import LAYOUT


class LinearPolicy:
    """``policy(observation, action_mask) -> action id``: the legal id of highest logit."""

    def __init__(self, weights: str | None = None, seed: int = 0) -> None:
        if weights is not None:
            self.w = np.load(Path(weights))["w"]
        else:
            self.w = np.random.default_rng(seed).normal(0.0, 0.01, (ACTIONS.size, LAYOUT.size + 1))

    def logits(self, obs: np.ndarray, ids: np.ndarray) -> np.ndarray:
        return self.w[ids] @ np.append(obs, 1.0)

    def __call__(self, observation: np.ndarray, action_mask: np.ndarray) -> int:
        ids = np.flatnonzero(action_mask)
        return int(ids[np.argmax(self.logits(observation, ids))])

    def save(self, path: str | Path) -> None:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        np.savez(path, w=self.w)
