"""The shape of the heuristic's feature tables: one module per game in this package
(``strategies/heuristic/features/<game>.py``, declaring ``FEATURES``), this type shared."""

from __future__ import annotations

from typing import NamedTuple


class Feature(NamedTuple):
    """A named move feature: its default weight and one line saying what it measures."""

    name: str
    default: float
    doc: str
