"""The ismcts family: Information Set Monte Carlo Tree Search (``tree``) with per-game defaults
(``ismcts/<game>.py``)."""

from strategies.ismcts.plugin import IsmctsStrategy

__all__ = ["IsmctsStrategy"]
