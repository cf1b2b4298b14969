"""The strategy plug-in interface, kept importable here for plug-ins written before it moved.

New plug-ins import from :mod:`simulator.api`, the stable surface of the plug-in API.
"""

from __future__ import annotations

from simulator.strategy import DealResult, NoParams, Strategy

__all__ = ["DealResult", "NoParams", "Strategy"]
