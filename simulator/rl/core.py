"""The hot path of the PettingZoo environments (simulator/rl/env.py), compiled by mypyc.

With the compiled engines a move costs a few microseconds, less than the Python of an AEC step
(the agent loop, ``last()``, a mask, the bookkeeping) cost: so the step, ``observe``, ``last``
and the agent loop run here, in C. :class:`Core` holds the deal, the move being decided (a
:class:`~simulator.rl.masks.Turn`, the game's: simulator/rl/<game>/masks.py), the agents' dicts
(the very dicts the environment exposes, updated in place) and a :class:`Trace` of the deal's
moves, from which an observation read late rebuilds the view it was taken from. The environment
hands it what needs numpy or PettingZoo (the array maker, the observation dict class, callbacks
for the end of a deal), so this module imports neither and the core install builds it too. The
turn's methods are compiled too, so the core calls them natively.
"""

from __future__ import annotations

from typing import Any, Final

from simulator.games import game_part
from simulator.rl.masks import Turn

#: a never-reached iteration count (the agent loop's default of 2**63 would be a boxed int)
_FOREVER: Final = 1 << 60


def make_turn(game: str, size: int, take: int) -> Turn:
    """The turn of a game by name: ``TURN`` of simulator/rl/<game>/masks.py, made once per
    environment (the steps then call it directly)."""
    turn: Turn = game_part(game, "simulator.rl").TURN(size, take)
    return turn


class Trace:
    """One deal: its seed, the live state and the moves applied, so that a view of any earlier
    point can be rebuilt (a new deal of the same seed, the same moves: the engines are
    deterministic) for an observation read after the deal moved on."""

    def __init__(
        self, game: Any, rules: Any, seed: int, deal: Any, encode: Any, make: Any, dtype: Any
    ) -> None:
        self.game = game
        self.rules = rules
        self.seed = seed
        self.deal = deal
        self.encode = encode  # the game's float32 bytes of a view; made an array by make(bytes, dtype)
        self.make = make
        self.dtype = dtype
        self.moves: list[object] = []

    def view_at(self, version: int, seat: int) -> Any:
        """The view of ``seat`` after the first ``version`` moves of the deal."""
        if version == len(self.moves):
            return self.deal.view(seat)
        state = self.game.new_deal(self.rules, self.seed)
        for m in self.moves[:version]:
            state.apply(m)
        return state.view(seat)

    def vector(self, version: int, seat: int, head: int, taken: int) -> Any:
        """The observation vector of ``seat`` after ``version`` moves, mid-move at ``head``."""
        return self.make(self.encode(self.view_at(version, seat), head, taken), self.dtype)


class Pending:
    """The vector of an observation not read yet: the deal's trace, its move count at
    ``observe`` time, the seat and the step being decided (simulator/rl/env.py's Observation)."""

    __slots__ = ("head", "seat", "taken", "trace", "version")

    def __init__(self, trace: Trace, version: int, seat: int, head: int, taken: int) -> None:
        self.trace = trace
        self.version = version
        self.seat = seat
        self.head = head
        self.taken = taken

    def fill(self, obs: dict[str, Any]) -> Any:
        """Build the vector into ``obs``, keys in PettingZoo's order (observation, action_mask)."""
        mask = obs.pop("action_mask")
        vector = self.trace.vector(self.version, self.seat, self.head, self.taken)
        obs["observation"] = vector
        obs["action_mask"] = mask
        return vector


class Core:
    """The AEC bookkeeping of one environment: see the module docstring."""

    def __init__(
        self,
        env: Any,
        turn: Turn,
        agent_of_seat: list[str],
        opponents: dict[int, Any],
        max_cycles: int,
        tools: tuple[Any, Any, Any, Any, Any],
    ) -> None:
        self.env = env
        self.turn = turn
        self.agent_of_seat = agent_of_seat  # "" for an opponent seat
        self.seat_of = {a: s for s, a in enumerate(agent_of_seat) if a}
        self.opponents = opponents
        self.max_cycles = max_cycles  # -1: none
        # numpy.frombuffer, the int8 and float32 dtypes, the observation dict class, the vector's
        # float32 bytes of a view (simulator/rl/observe)
        self.frombuffer, self.dtype, self.float32, self.observation, self.encode = tools
        turn.frombuffer, turn.dtype = self.frombuffer, self.dtype
        self.size = turn.size
        self.deal: Any = None
        self.trace = Trace(None, None, 0, None, None, None, None)
        self.cur = -1
        self.truncated = False
        self.agent_moves = 0
        self.steps: list[int] = [0] * len(agent_of_seat)
        self.agents: list[str] = []
        self.rewards: dict[str, Any] = {}
        self.cumulative: dict[str, Any] = {}
        self.terminations: dict[str, Any] = {}
        self.truncations: dict[str, Any] = {}
        self.infos: dict[str, Any] = {}
        self.agent_selection = ""
        self.skip: str | None = None
        self.last_seat = -1  # the seat and move of the last move applied (-1: none yet)
        self.last_move: object = None

    def reset(self, deal: Any, seed: int) -> None:
        """Start ``deal`` (made from ``seed``) with the environment's fresh agents and dicts."""
        env = self.env
        self.deal = deal
        self.trace = Trace(env.game, env.rules, seed, deal, self.encode, self.frombuffer, self.float32)
        self.agents = env.agents
        self.rewards = env.rewards
        self.cumulative = env._cumulative_rewards
        self.terminations = env.terminations
        self.truncations = env.truncations
        self.infos = env.infos
        self.steps = [0] * len(self.agent_of_seat)
        self.agent_moves = 0
        self.truncated = False
        self.skip = None
        self.last_seat = -1
        self.last_move = None
        self._play_opponents()
        self._select()

    def close(self) -> None:
        self.deal = None

    # -- the AEC API -----------------------------------------------------------------------

    def step(self, action: Any) -> None:
        if self.deal is None:
            raise RuntimeError("call reset() before step()")
        agent = self.agent_selection
        # an agent is dead only once the deal is over or truncated
        if (self.cur < 0 or self.truncated) and (self.terminations[agent] or self.truncations[agent]):
            self._dead_step(action)
            return
        turn = self.turn
        try:
            ok = turn.step(action if isinstance(action, int) else int(action))
        except (TypeError, ValueError):
            ok = False
        if not ok:
            self.env._refuse(agent, action)
        seat = self.cur
        self.steps[seat] += 1
        while turn.move is None and turn.count == 1:  # a step with one legal id is taken for it
            turn.step(turn.only)
        move = turn.move
        if move is None:
            if self.max_cycles >= 0 and self.steps[seat] >= self.max_cycles:
                self._truncate()
            return
        self.agent_moves += 1
        self._apply(seat, move)
        self._play_opponents()
        self._select()
        if self.cur < 0:
            self.env._accumulate_rewards()

    def observe(self, agent: str) -> Any:
        if self.deal is None:
            raise RuntimeError("call reset() before observe()")
        # the agent to act (the environment's own string): no lookup
        live = self.cur >= 0 and not self.truncated
        seat = self.cur if live and agent is self.agent_selection else self.seat_of[agent]
        if live and seat == self.cur:
            turn = self.turn
            mask, head, taken = turn.mask_array(), turn.head, turn.selected
        else:
            mask, head, taken = self.frombuffer(self.turn.zero[:], self.dtype), -1, 0
        obs = self.observation()
        obs["action_mask"] = mask
        trace = self.trace
        obs._source = Pending(trace, len(trace.moves), seat, head, taken)
        return obs

    def last(self, observe: bool = True) -> tuple[object, object, object, object, object]:
        agent = self.agent_selection
        obs = self.observe(agent) if observe else None
        return (
            obs,
            self.cumulative[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def agent_iter(self, max_iter: int = _FOREVER) -> AgentIter:
        return AgentIter(self, max_iter)

    # -- helpers ---------------------------------------------------------------------------

    def _apply(self, seat: int, move: object) -> None:
        self.last_seat = seat
        self.last_move = move
        self.turn.apply(self.deal, move)
        self.trace.moves.append(move)

    def _play_opponents(self) -> None:
        """Let the strategies of the opponent seats play until a learner is to act or the deal ends."""
        opponents = self.opponents
        if not opponents:
            return
        deal = self.deal
        while True:
            seat: int = deal.current_player()
            strategy = opponents.get(seat)
            if strategy is None:
                return
            moves = deal.legal_moves()
            if len(moves) == 1:
                self._apply(seat, moves[0])
                continue
            move = strategy.choose(deal.view(seat) if strategy.wants_view else None, moves)
            if move not in moves:
                raise RuntimeError(f"the opponent of seat {seat} returned an illegal move: {move!r}")
            self._apply(seat, move)

    def _select(self) -> None:
        """After a move: the next agent's turn, or the end of the deal (rewards, terminations)."""
        deal = self.deal
        seat = self.turn.current(deal)
        self.cur = seat
        env = self.env
        if seat >= 0:
            agent = self.agent_of_seat[seat]
            if agent is not self.agent_selection:
                self.agent_selection = agent
                env.agent_selection = agent
            self.turn.begin(deal)
            if self.max_cycles >= 0 and self.steps[seat] >= self.max_cycles:
                self._truncate()
            return
        env._finish()
        self.agent_selection = env.agent_selection

    def _truncate(self) -> None:
        self.truncated = True
        self.env._truncate()

    def _dead_step(self, action: object) -> None:
        """PettingZoo's ``_was_dead_step``: the agent leaves; the next dead one, or the agent
        selected before the first left, is selected; rewards are cleared."""
        if action is not None:
            raise ValueError("when an agent is dead, the only valid action is None")
        agent = self.agent_selection
        del self.terminations[agent]
        del self.truncations[agent]
        del self.rewards[agent]
        del self.cumulative[agent]
        del self.infos[agent]
        self.agents.remove(agent)
        nxt = agent
        for a in self.agents:
            if self.terminations[a] or self.truncations[a]:
                if self.skip is None:
                    self.skip = agent
                nxt = a
                break
        else:
            if self.skip is not None:
                nxt = self.skip
            self.skip = None
        self.agent_selection = nxt
        self.env.agent_selection = nxt
        rewards = self.rewards
        for a in rewards:
            rewards[a] = 0


class AgentIter:
    """``env.agent_iter()``: the agent to act, until no agent is left (or ``max_iter`` steps)."""

    def __init__(self, core: Core, max_iter: int) -> None:
        self.core = core
        self.left = min(max_iter, _FOREVER)

    def __iter__(self) -> AgentIter:
        return self

    def __next__(self) -> str:
        core = self.core
        if not core.agents or self.left <= 0:
            raise StopIteration
        self.left -= 1
        return core.agent_selection
