"""The montecarlo family: determinized search (``search``, ``outcome``) with per-game defaults and
rollout policies (``montecarlo/<game>.py``)."""

from strategies.montecarlo.plugin import MonteCarloStrategy

__all__ = ["MonteCarloStrategy"]
