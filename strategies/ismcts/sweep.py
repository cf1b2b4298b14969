"""ISMCTS in Sweep: its defaults (strategies/ismcts/plugin.py reads them)."""

from __future__ import annotations

from typing import Final

#: iterations per decision: the median CPU time per decision of montecarlo's defaults (docs/opponents.md)
ITERATIONS: Final = 180
#: UCB exploration, in points per deal (a Sweep deal's margin spreads over a few points)
EXPLORATION: Final = 2.0
#: cards left at or below which a sampled deal is solved exactly (fewer than montecarlo's: every
#: iteration that reaches the endgame solves a deal of its own)
ENDGAME_CARDS: Final = 6
