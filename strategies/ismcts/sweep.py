"""ISMCTS in Sweep: its defaults (strategies/ismcts/plugin.py reads them)."""

from __future__ import annotations

from typing import Final

#: iterations per decision: about montecarlo's default rollouts per decision (80 samples x 6 moves)
ITERATIONS: Final = 480
#: UCB exploration, in points per deal (a Sweep deal's margin spreads over a few points)
EXPLORATION: Final = 2.0
