"""ISMCTS in Sueca italienne: its defaults (strategies/ismcts/plugin.py reads them)."""

from __future__ import annotations

from typing import Final

#: iterations per decision: about montecarlo's default rollouts per decision (16 samples x 6 moves)
ITERATIONS: Final = 96
#: UCB exploration, in points per deal (a hand's score margin spreads over a few points)
EXPLORATION: Final = 2.0
