"""Montecarlo in Sueca: its default settings (strategies/montecarlo/plugin.py reads them)."""

from __future__ import annotations

from typing import Final

#: deals sampled per decision: what one core plays at >= 20 decisions/s median
SAMPLES: Final = 16
#: no uniform rollout moves: the rollout policy models the heuristic exactly, random moves would blur it
EPSILON: Final = 0.0
#: cards left at or below which a sampled deal is solved exactly (docs/opponents.md: how it was chosen)
ENDGAME_CARDS: Final = 15
#: the weight of the model of the other seats' play (inverse temperature; 0: deals sampled uniformly)
INFERENCE_WEIGHT: Final = 0.0
