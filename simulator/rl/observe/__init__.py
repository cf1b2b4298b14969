"""Observation encoders: a fixed-size float32 vector per game, built from a seat's view alone.

Each game's simulator/rl/<game>/observe.py has ``LAYOUT`` (the features, in order, with their
sizes and meaning) and ``encode(view, head=-1, taken=0) -> bytearray``, the vector's float32
bytes, where ``head`` and ``taken`` describe the move being decided step by step
(simulator/rl/actions/steps.py). The modules are compiled (mypyc) and free of numpy;
:func:`encoder_for` wraps their bytes in an array without a copy. Seats and sides are relative
to the observing seat (0 is itself, 1 the next player, ...), so one policy can play any seat;
slots for seats or sides a variant does not have stay zero, so the size is the same for every
player count.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from simulator.games import game_part
from simulator.rl.observe.layout import Layout

#: the vectors' element type: the encoders write little-endian float32
FLOAT32 = np.dtype("<f4")


def raw_encoder_for(game: str) -> tuple[Layout, Callable[..., bytearray]]:
    """(layout, encode) of a game by name, ``encode`` giving the vector's float32 bytes."""
    part = game_part(game, "simulator.rl")
    return part.LAYOUT, part.encode


def encoder_for(game: str) -> tuple[Layout, Callable[..., np.ndarray]]:
    """(layout, encode) of a game by name, ``encode(view, head=-1, taken=0)`` giving the vector."""
    layout, raw = raw_encoder_for(game)

    def encode(view: Any, head: int = -1, taken: int = 0) -> np.ndarray:
        return np.frombuffer(raw(view, head, taken), FLOAT32)

    return layout, encode
