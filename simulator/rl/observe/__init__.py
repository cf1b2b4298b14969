"""Observation encoders: a fixed-size float32 vector per game, built from a seat's view alone.

Each module has ``LAYOUT`` (the features, in order, with their sizes and meaning) and
``encode(view, head=-1, taken=0) -> numpy.ndarray``, where ``head`` and ``taken`` describe the
move being decided step by step (simulator/rl/actions/steps.py). Seats and sides are relative
to the observing seat (0 is itself, 1 the next player, ...), so one policy can play any seat;
slots for seats or sides a variant does not have stay zero, so the size is the same for every
player count.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

import numpy as np

from simulator.rl.observe.layout import Layout

_MODULES = {
    "sweep": "simulator.rl.observe.sweep",
    "seep": "simulator.rl.observe.seep",
    "sueca": "simulator.rl.observe.sueca",
}


def encoder_for(game: str) -> tuple[Layout, Callable[..., np.ndarray]]:
    """(layout, encode) of a game by name."""
    module = importlib.import_module(_MODULES[game])
    return module.LAYOUT, module.encode
