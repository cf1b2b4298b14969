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
view taken at ``observe`` time.

Rewards come once, at the end of the deal, to every agent: ``points`` (its side's points in
the deal; Sueca: the seat's hand score), ``margin`` (those points minus the mean of the other
sides') or ``win`` (the sign of the margin). Partners share their side's reward. With
``max_cycles``, every agent is truncated (reward 0) when the agent to act has already taken
that many steps, as in PettingZoo's environments with a step limit.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from simulator.games import get_game
from simulator.games.base import RulesBase
from simulator.plugins import load_strategy
from simulator.rl.actions import Decision, codec_for
from simulator.rl.actions.steps import complete
from simulator.rl.observe import encoder_for
from simulator.variants import resolve_variant
from strategies.base import DealResult, Strategy

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
    the vector is computed differs."""

    __slots__ = ("_build",)

    def __init__(self, mask: np.ndarray, build: Callable[[], np.ndarray]) -> None:
        dict.__setitem__(self, "action_mask", mask)
        self._build: Callable[[], np.ndarray] | None = build

    def _full(self) -> None:
        build = self._build
        if build is not None:
            self._build = None
            mask = dict.pop(self, "action_mask")
            dict.__setitem__(self, "observation", build())
            dict.__setitem__(self, "action_mask", mask)

    def __getitem__(self, key: str) -> np.ndarray:
        if self._build is not None and key == "observation":
            self._full()
        return dict.__getitem__(self, key)

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
        self._needs_moves = getattr(self.codec, "needs_moves", True)
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
        self.deal: Any = None
        self._turn: Decision | None = None
        self._views: dict[int, Any] = {}
        self._last: tuple[int, Any] | None = None
        self._steps: dict[str, int] = {}
        self.agent_moves = 0

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
            self._rng = random.Random(seed)
        rng = self._rng
        self.deal = self.game.new_deal(self.rules, rng.getrandbits(63))
        for seat, strategy in self._opponents.items():
            strategy.reset(random.Random(rng.getrandbits(63)), seat, self.rules)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._steps = dict.fromkeys(self.agents, 0)
        #: moves the agents completed in this deal (a move may take several steps)
        self.agent_moves = 0
        self._last = None
        self._turn = None
        self._views = {}
        self._play_opponents()
        self._select()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        if self.deal is None:
            raise RuntimeError("call reset() before observe()")
        seat = self._seat_of[agent]
        deal = self.deal
        flags = bytearray(self.codec.size)
        head = -1
        taken = 0
        if deal.current_player() == seat and not self.truncations[agent]:
            turn = self.decision()
            for i in turn.options():
                flags[i] = 1
            head, taken = turn.head, turn.selected
        mask = np.frombuffer(flags, np.int8)
        view = self._view(seat)
        encode = self._encode
        return Observation(mask, lambda: encode(view, head, taken))

    def step(self, action: Any) -> None:
        if self.deal is None:
            raise RuntimeError("call reset() before step()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        turn = self.decision()
        try:
            turn.step(int(action))
        except (ValueError, TypeError):
            raise ValueError(
                f"action {action} is not legal for {agent} now; use the action_mask "
                f"(it means: {self.codec.describe(int(action))})"
            ) from None
        self._steps[agent] += 1
        complete(turn)
        if turn.move is None:
            self._select()
            return
        self.agent_moves += 1
        self._apply(turn.move)
        self._play_opponents()
        self._select()
        if self.deal.is_over():
            self._accumulate_rewards()

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
        self.deal = None

    # -- helpers -----------------------------------------------------------------------------

    def decision(self) -> Decision:
        """The move being decided by the agent to act (``options()``: the legal ids now)."""
        turn = self._turn
        if turn is None:
            deal = self.deal
            if self._needs_moves:  # the generic turns read the move list only
                turn = self._turn = self.codec.turn(None, deal.legal_moves())
            else:
                turn = self._turn = self.codec.turn(self._view(deal.current_player()), ())
        return turn

    def _view(self, seat: int) -> Any:
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.deal.view(seat)
        return view

    def legal_actions(self) -> list[int]:
        """The ids the agent to act may take now (empty once the deal is over)."""
        return [] if self.deal.is_over() else self.decision().options()

    def _apply(self, move: Any) -> None:
        self._last = (self.deal.current_player(), move)
        self.deal.apply(move)
        self._turn = None
        self._views = {}

    def _play_opponents(self) -> None:
        """Let the strategies of the opponent seats play until a learner is to act or the deal ends."""
        deal = self.deal
        opponents = self._opponents
        while (seat := deal.current_player()) in opponents:
            moves = deal.legal_moves()
            if len(moves) == 1:
                self._apply(moves[0])
                continue
            strategy = opponents[seat]
            move = strategy.choose(deal.view(seat) if strategy.wants_view else None, moves)
            if move not in moves:
                raise RuntimeError(f"the opponent of seat {seat} returned an illegal move: {move!r}")
            self._apply(move)

    def _select(self) -> None:
        deal = self.deal
        if not deal.is_over():
            agent = self._agent_of[deal.current_player()]
            self.agent_selection = agent
            if self.max_cycles is not None and self._steps[agent] >= self.max_cycles:
                self._truncate()
            return
        points = tuple(deal.side_points())
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
