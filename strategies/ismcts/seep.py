"""ISMCTS in Seep: its defaults (strategies/ismcts/plugin.py reads them)."""

from __future__ import annotations

from typing import Final

#: iterations per decision: about montecarlo's default rollouts per decision (6 samples x 6 moves)
ITERATIONS: Final = 36
#: UCB exploration, in points per deal (a Seep deal's margin spreads over tens of points)
EXPLORATION: Final = 40.0
