"""The greedy family: one-ply play by a rule of thumb per game (``greedy/<game>.py``)."""

from strategies.greedy.plugin import GreedyStrategy

__all__ = ["GreedyStrategy"]
