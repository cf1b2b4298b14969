"""Montecarlo in Sweep: its default settings (strategies/montecarlo/plugin.py reads them)."""

from __future__ import annotations

from typing import Final

#: deals sampled per decision: what one core plays at >= 20 decisions/s median
SAMPLES: Final = 80
#: chance of a uniform rollout move
EPSILON: Final = 0.1
#: cards left at or below which a sampled deal is solved exactly (docs/opponents.md: how it was chosen)
ENDGAME_CARDS: Final = 8
#: inference from play off: sampled deals are uniform (montecarlo-inference-sweep.yaml turns it on)
INFERENCE_WEIGHT: Final = 0.0
