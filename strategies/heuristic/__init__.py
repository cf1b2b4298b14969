"""The heuristic family: weighted named move features, a feature table per game (``heuristic/<game>.py``)."""

from strategies.heuristic.plugin import HeuristicStrategy

__all__ = ["HeuristicStrategy"]
