"""Reinforcement learning on cardsim's games: PettingZoo AEC environments and learned-policy plug-ins.

``sweep_env``, ``seep_env`` and ``sueca_env`` (simulator/rl/envs.py) need the ``rl`` extra
(``pip install 'cardsim[rl]'``: pettingzoo, gymnasium, numpy); they are imported on first use
so that the action codecs (simulator/rl/actions, pure Python) stay available to the core.
"""

from __future__ import annotations

from typing import Any

_ENVS = ("sweep_env", "seep_env", "sueca_env", "make_env", "CardGameEnv")


def __getattr__(name: str) -> Any:
    if name in _ENVS:
        from simulator.rl import envs

        return getattr(envs, name)
    raise AttributeError(f"module 'simulator.rl' has no attribute {name!r}")


__all__ = list(_ENVS)
