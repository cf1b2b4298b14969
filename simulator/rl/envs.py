"""The environment constructors: one per game, any variant and any player count the game allows."""

from __future__ import annotations

from collections.abc import Mapping

from simulator.rl.env import CardGameEnv, OpponentArg, RulesArg


def make_env(
    game: str,
    rules: RulesArg = None,
    opponents: Mapping[int, OpponentArg] | None = None,
    *,
    players: int | None = None,
    reward: str = "points",
    max_cycles: int | None = None,
    render_mode: str | None = None,
) -> CardGameEnv:
    """A PettingZoo AEC environment of one deal of ``game``.

    ``rules``: a preset name (``"build_sweep"``), a variant mapping as in a tournament config
    (``{"base": "standard", "target_score": 15}``) or a rules object; ``players``: the player
    count (default: the preset's); ``opponents``: seat -> strategy name, strategy YAML path or
    Strategy instance, for the seats played inside the environment; ``reward``: ``points``,
    ``margin`` or ``win``; ``max_cycles``: truncate the deal once the agent to act has taken that
    many steps. The environment checks the call order itself (``reset`` first), so it is not
    wrapped: PettingZoo's OrderEnforcingWrapper cost more than a step of the game.
    """
    return CardGameEnv(
        game, rules, opponents, players=players, reward=reward, max_cycles=max_cycles, render_mode=render_mode
    )


def sweep_env(
    rules: RulesArg = None, opponents: Mapping[int, OpponentArg] | None = None, **kwargs: object
) -> CardGameEnv:
    """Sweep (2-4 players); see :func:`make_env`."""
    return make_env("sweep", rules, opponents, **kwargs)  # type: ignore[arg-type]


def seep_env(
    rules: RulesArg = None, opponents: Mapping[int, OpponentArg] | None = None, **kwargs: object
) -> CardGameEnv:
    """Seep (2-4 players); see :func:`make_env`."""
    return make_env("seep", rules, opponents, **kwargs)  # type: ignore[arg-type]


def sueca_env(
    rules: RulesArg = None, opponents: Mapping[int, OpponentArg] | None = None, **kwargs: object
) -> CardGameEnv:
    """Sueca italienne (5 players); see :func:`make_env`."""
    return make_env("sueca", rules, opponents, **kwargs)  # type: ignore[arg-type]
