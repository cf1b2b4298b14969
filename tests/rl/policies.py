"""Policies for the policy plug-in tests: plain functions and a factory, loaded by file path."""

from __future__ import annotations

import numpy as np


def lowest(observation: np.ndarray, action_mask: np.ndarray) -> int:
    """The legal id of lowest number."""
    return int(np.flatnonzero(action_mask)[0])


def illegal(observation: np.ndarray, action_mask: np.ndarray) -> int:
    return int(np.flatnonzero(action_mask == 0)[0])


def make_highest(offset: int) -> object:
    """A factory: the legal id of highest number, minus ``offset`` places."""

    def highest(observation: np.ndarray, action_mask: np.ndarray) -> int:
        ids = np.flatnonzero(action_mask)
        return int(ids[max(0, len(ids) - 1 - offset)])

    return highest
