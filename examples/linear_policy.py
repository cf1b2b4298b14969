"""A small linear softmax policy over Sweep's action ids, in numpy (the model of train_sweep.py).

An action id is ``card * slots + slot`` (simulator/games/sweep/actions.py): slot 0 is the card's
trail and the next slots its captures, largest first. The logit of an id is
``[obs, 1] . (W_slot[min(slot, B - 1)] + W_card[card])``: one weight vector per slot bucket
(B = 8) and one per card, 60 x 520 weights in all, so a few thousand deals train it.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from simulator.games.sweep.actions import ACTIONS
from simulator.rl.observe.sweep import LAYOUT

BUCKETS = 8


class LinearPolicy:
    """``policy(observation, action_mask) -> action id``: the legal id of highest logit."""

    def __init__(self, weights: str | None = None, seed: int = 0) -> None:
        features = LAYOUT.size + 1
        if weights is not None:
            saved = np.load(Path(weights))
            self.slot_w, self.card_w = saved["slot_w"], saved["card_w"]
        else:
            rng = np.random.default_rng(seed)
            self.slot_w = rng.normal(0.0, 0.01, (BUCKETS, features))
            self.card_w = np.zeros((52, features))

    def parts(self, ids: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(slot bucket, card) of each id."""
        cards, slots = np.divmod(ids, ACTIONS.slots)
        return np.minimum(slots, BUCKETS - 1), cards

    def logits(self, obs: np.ndarray, ids: np.ndarray) -> np.ndarray:
        x = np.append(obs, 1.0)
        buckets, cards = self.parts(ids)
        return (self.slot_w[buckets] + self.card_w[cards]) @ x

    def __call__(self, observation: np.ndarray, action_mask: np.ndarray) -> int:
        ids = np.flatnonzero(action_mask)
        return int(ids[np.argmax(self.logits(observation, ids))])

    def save(self, path: str | Path) -> None:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        np.savez(path, slot_w=self.slot_w, card_w=self.card_w)
