"""The environment constructors: one per game, any variant and any player count the game allows."""

from __future__ import annotations

from collections.abc import Mapping

from pettingzoo.utils import OrderEnforcingWrapper  # type: ignore[import-untyped]

from simulator.rl.env import CardGameEnv, OpponentArg, RulesArg


def make_env(
    game: str,
    rules: RulesArg = None,
    opponents: Mapping[int, OpponentArg] | None = None,
    *,
    players: int | None = None,
    reward: str = "points",
    render_mode: str | None = None,
) -> OrderEnforcingWrapper:
    """A PettingZoo AEC environment of one deal of ``game`` (wrapped like PettingZoo's own games).

    ``rules``: a preset name (``"build_sweep"``), a variant mapping as in a tournament config
    (``{"base": "standard", "target_score": 15}``) or a rules object; ``players``: the player
    count (default: the preset's); ``opponents``: seat -> strategy name, strategy YAML path or
    Strategy instance, for the seats played inside the environment; ``reward``: ``points``,
    ``margin`` or ``win``.
    """
    raw = CardGameEnv(game, rules, opponents, players=players, reward=reward, render_mode=render_mode)
    return OrderEnforcingWrapper(raw)


def sweep_env(
    rules: RulesArg = None, opponents: Mapping[int, OpponentArg] | None = None, **kwargs: object
) -> OrderEnforcingWrapper:
    """Sweep (2-4 players); see :func:`make_env`."""
    return make_env("sweep", rules, opponents, **kwargs)  # type: ignore[arg-type]


def seep_env(
    rules: RulesArg = None, opponents: Mapping[int, OpponentArg] | None = None, **kwargs: object
) -> OrderEnforcingWrapper:
    """Seep (2-4 players); see :func:`make_env`."""
    return make_env("seep", rules, opponents, **kwargs)  # type: ignore[arg-type]


def sueca_env(
    rules: RulesArg = None, opponents: Mapping[int, OpponentArg] | None = None, **kwargs: object
) -> OrderEnforcingWrapper:
    """Sueca italienne (5 players); see :func:`make_env`."""
    return make_env("sueca", rules, opponents, **kwargs)  # type: ignore[arg-type]
