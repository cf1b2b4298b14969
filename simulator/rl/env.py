"""A cardsim deal as a PettingZoo AEC environment: one episode is one scored deal.

Agents are ``player_<seat>`` for the seats a learner plays; the seats given in ``opponents``
are played inside the environment by cardsim strategies (``random``, ``greedy``, a YAML file
or a Strategy instance), reset on every deal with their own seeded RNG, as in a tournament.
The observation is a dict (PettingZoo's classic-games form): ``observation``, the game's
float32 vector built from the seat's view alone (simulator/rl/observe), and ``action_mask``,
an int8 vector over the game's action ids (simulator/rl/actions), 1 exactly for the ids the
agent to act may take now. A move is one id or a few (a capture: its card, then each card
taken, then done; simulator/rl/actions/steps.py): the agent acts again until its move is
complete, and a step whose mask has a single id is taken for it, except the first step of
each turn, which is always asked (forced moves included). The observation vector is built
when it is first read (a random agent that reads only the mask does not pay for it), from the
view at ``observe`` time (rebuilt from the deal's moves if the deal has moved on since). The
steps themselves run in simulator/rl/core.py, compiled.

Rewards come once, at the end of the deal, to every agent: ``points`` (its side's points in
the deal; Sueca: the seat's hand score), ``margin`` (those points minus the mean of the other
sides') or ``win`` (the sign of the margin). Partners share their side's reward. With
``max_cycles``, every agent is truncated (reward 0) when the agent to act has already taken
that many steps, as in PettingZoo's environments with a step limit.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from simulator.games import get_game
from simulator.games.base import RulesBase
from simulator.plugins import load_strategy
from simulator.rl.actions import codec_for
from simulator.rl.core import Core, make_turn
from simulator.rl.masks import Turn
from simulator.rl.observe import FLOAT32, encoder_for, raw_encoder_for
from simulator.shuffle import seeded_rng
from simulator.strategy import DealResult, Strategy
from simulator.variants import resolve_variant

REWARDS = ("points", "margin", "win")
#: a variant: a preset name, a mapping (``base`` plus rule overrides, as in a tournament), or rules
RulesArg = str | Mapping[str, Any] | RulesBase | None
OpponentArg = str | Strategy


def resolve_rules(game_name: str, rules: RulesArg, players: int | None) -> RulesBase:
    """The rules of ``game_name`` for a preset, a tournament-style variant mapping or ready rules."""
    if isinstance(rules, RulesBase):
        if players is not None and players != rules.num_players:
            raise ValueError(f"players={players} but the rules are for {rules.num_players} players")
        return rules
    variant = resolve_variant(get_game(game_name), rules or "standard", players)
    assert variant.rules is not None
    return variant.rules


def _reward(points: tuple[int, ...], side: int, mode: str) -> float:
    if mode == "points":
        return float(points[side])
    margin = DealResult(points, side).margin
    return margin if mode == "margin" else float(np.sign(margin))


class Observation(dict):  # type: ignore[type-arg]
    """``{"observation": vector, "action_mask": mask}``, the vector built on first read.

    A plain dict to every reader (keys, items, equality, copies, pickling); only the moment
    the vector is computed differs. ``obs["action_mask"]`` is a plain dict lookup (the vector
    comes through ``__missing__``); ``_source`` is set by simulator/rl/core.py's ``observe``:
    a ``Pending`` that builds the vector (compiled) from the deal's trace, its move count then,
    the seat and the step being decided."""

    __slots__ = ("_source",)

    def _full(self) -> None:
        source = getattr(self, "_source", None)
        if source is not None:
            self._source = None
            source.fill(self)

    def __missing__(self, key: str) -> np.ndarray:
        source = getattr(self, "_source", None)
        if key != "observation" or source is None:
            raise KeyError(key)
        self._source = None
        return source.fill(self)  # type: ignore[no-any-return]

    def get(self, key: str, default: Any = None) -> Any:
        if key == "observation":
            self._full()
        return dict.get(self, key, default)

    def __contains__(self, key: object) -> bool:
        return key == "observation" or dict.__contains__(self, key)

    def __len__(self) -> int:
        return 2

    def __iter__(self) -> Iterator[str]:
        self._full()
        return dict.__iter__(self)

    def keys(self) -> Any:
        self._full()
        return dict.keys(self)

    def values(self) -> Any:
        self._full()
        return dict.values(self)

    def items(self) -> Any:
        self._full()
        return dict.items(self)

    def copy(self) -> dict[str, np.ndarray]:
        self._full()
        return dict(dict.items(self))

    def __eq__(self, other: object) -> bool:
        self._full()
        return dict.__eq__(self, other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        self._full()
        return dict.__repr__(self)

    def __reduce__(self) -> Any:
        return (dict, (self.copy(),))


class CardGameEnv(AECEnv):
    """One deal of a cardsim game; see the module docstring for agents, observations and rewards."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(
        self,
        game: str,
        rules: RulesArg = None,
        opponents: Mapping[int, OpponentArg] | None = None,
        *,
        players: int | None = None,
        reward: str = "points",
        max_cycles: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, got {reward!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be 'ansi', 'human' or None, got {render_mode!r}")
        if max_cycles is not None and max_cycles < 1:
            raise ValueError(f"max_cycles must be a positive number of steps or None, got {max_cycles!r}")
        self.game = get_game(game)
        self.rules = resolve_rules(game, rules, players)
        self.metadata = {**self.metadata, "name": f"cardsim_{game}_v1"}  # type: ignore[misc]
        self.reward_mode = reward
        self.max_cycles = max_cycles
        self.render_mode = render_mode
        self.codec = codec_for(game)
        self.layout, self._encode = encoder_for(game)
        n = self.rules.num_players
        self._opponents = self._build_opponents(opponents or {}, n)
        learners = [s for s in range(n) if s not in self._opponents]
        if not learners:
            raise ValueError("every seat is an opponent: leave at least one seat to the learner")
        self.possible_agents = [f"player_{s}" for s in learners]
        self._seat_of = {a: s for a, s in zip(self.possible_agents, learners, strict=True)}
        self._agent_of = dict(zip(learners, self.possible_agents, strict=True))
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (self.layout.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.codec.size,), np.int8),
            }
        )
        act_space = spaces.Discrete(self.codec.size)
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, act_space)
        self._rng = random.Random()
        agent_of_seat = [self._agent_of.get(s, "") for s in range(n)]
        tools = (np.frombuffer, np.dtype(np.int8), FLOAT32, Observation, raw_encoder_for(game)[1])
        turn = make_turn(game, self.codec.size, self.codec.take)
        self._core = core = Core(self, turn, agent_of_seat, self._opponents, max_cycles or -1, tools)
        # the hot methods are the compiled core's own (a Python frame per call would cost a good
        # part of a step); the methods of the class below say what they do and delegate the same
        self.step = core.step  # type: ignore[method-assign]
        self.observe = core.observe  # type: ignore[method-assign]
        self.last = core.last  # type: ignore[method-assign]
        self.agent_iter = core.agent_iter  # type: ignore[method-assign]

    def _build_opponents(self, opponents: Mapping[int, OpponentArg], n: int) -> dict[int, Strategy]:
        built: dict[int, Strategy] = {}
        for seat, ref in opponents.items():
            if not (isinstance(seat, int) and 0 <= seat < n):
                raise ValueError(f"opponent seat {seat!r} is not a seat of this {n}-player game")
            strategy = load_strategy(ref).build() if isinstance(ref, str) else ref
            if not isinstance(strategy, Strategy):
                raise TypeError(f"opponent of seat {seat} must be a strategy name, YAML path or Strategy")
            if self.game.name not in strategy.games:
                raise ValueError(f"the opponent of seat {seat} does not play {self.game.name}")
            built[seat] = strategy
        return built

    # -- spaces ------------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # -- the AEC API -------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new deal; ``seed`` restarts the environment's RNG (deals and opponents' RNGs)."""
        if seed is not None:
            self._rng = seeded_rng(seed)
        rng = self._rng
        deal_seed = rng.getrandbits(63)
        deal = self.game.new_deal(self.rules, deal_seed)
        for seat, strategy in self._opponents.items():
            strategy.reset(seeded_rng(rng.getrandbits(63)), seat, self.rules)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._core.reset(deal, deal_seed)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's observation dict (its mask is all zeros unless it is to act)."""
        return self._core.observe(agent)  # type: ignore[no-any-return]

    def step(self, action: Any) -> None:
        """One id of the agent to act (None for a terminated or truncated agent)."""
        self._core.step(action)

    def last(self, observe: bool = True) -> tuple[Any, Any, Any, Any, Any]:
        """PettingZoo's ``last()``: observation, cumulative reward, termination, truncation, info."""
        return self._core.last(observe)

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        """The agent to act at each step, until every agent is done."""
        return self._core.agent_iter(max_iter)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        lines = []
        if self._last is not None:
            seat, move = self._last
            lines.append(f"seat {seat}: {self.deal.move_text(move)}")
        if self.deal.is_over():
            lines.append(f"deal over, points per side: {self.deal.side_points()}")
        else:
            lines.append(f"seat {self.deal.current_player()} to play")
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self._core.close()

    # -- helpers -----------------------------------------------------------------------------

    @property
    def deal(self) -> Any:
        """The game state of the deal in progress (None before ``reset`` and after ``close``)."""
        return self._core.deal

    @property
    def agent_moves(self) -> int:
        """Moves the agents completed in this deal (a move may take several steps)."""
        return self._core.agent_moves

    @property
    def _last(self) -> tuple[int, Any] | None:
        core = self._core
        return None if core.last_seat < 0 else (core.last_seat, core.last_move)

    def decision(self) -> Turn:
        """The move being decided by the agent to act (``options()``: the legal ids now)."""
        return self._core.turn

    def legal_actions(self) -> list[int]:
        """The ids the agent to act may take now (empty once the deal is over)."""
        return [] if self.deal is None or self.deal.is_over() else self._core.turn.options()

    def _refuse(self, agent: str, action: Any) -> None:
        try:
            meaning = self.codec.describe(int(action))
        except (TypeError, ValueError):
            meaning = "not an action id"
        raise ValueError(
            f"action {action} is not legal for {agent} now; use the action_mask (it means: {meaning})"
        ) from None

    def _finish(self) -> None:
        """The deal is over: every agent's reward, termination and the points in its info."""
        points = tuple(self.deal.side_points())
        side_of = self.rules.side_of_seat
        for agent in self.agents:
            self.rewards[agent] = _reward(points, side_of[self._seat_of[agent]], self.reward_mode)
            self.terminations[agent] = True
            self.infos[agent] = {"points": points}
        for seat, strategy in self._opponents.items():
            strategy.on_deal_end(DealResult(points, side_of[seat]))
        if getattr(self, "agent_selection", None) not in self.agents:
            self.agent_selection = self.agents[0]

    def _truncate(self) -> None:
        """``max_cycles`` reached: every agent is truncated; no reward (the deal is unfinished)."""
        for agent in self.agents:
            self.truncations[agent] = True
            self.infos[agent] = {"truncated": "max_cycles"}
