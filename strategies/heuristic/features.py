"""The shape every game's heuristic feature table has (one module per game, this one shared)."""

from __future__ import annotations

from typing import NamedTuple


class Feature(NamedTuple):
    """A named move feature: its default weight and one line saying what it measures."""

    name: str
    default: float
    doc: str
