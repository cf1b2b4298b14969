"""Montecarlo in Sweep: its defaults (strategies/montecarlo/plugin.py reads them); the rollout
policy is plain greedy, which reads only the moves and is the cheapest to play out."""

from __future__ import annotations

from typing import Any, Final

from strategies.greedy import GreedyStrategy

#: the default rollout policy
ROLLOUT: Final = GreedyStrategy
#: deals sampled per decision: what one core plays at >= 20 decisions/s median
SAMPLES: Final = 80
#: chance of a uniform rollout move
EPSILON: Final = 0.1
#: rollouts play the deal to its end
EARLY_STOP: Final = None


def match_target(rules: Any) -> float:
    """The match total that decides the match: the target score."""
    return rules.target_score
