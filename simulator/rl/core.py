"""The hot path of the PettingZoo environments (simulator/rl/env.py), compiled by mypyc.

With the compiled engines a move costs a few microseconds, less than the Python of an AEC step
(the agent loop, ``last()``, a mask, the bookkeeping) cost: so the step, ``observe``, ``last``
and the agent loop run here, in C. :class:`Core` holds the deal, the move being decided (a
:class:`Turn`), the agents' dicts (the very dicts the environment exposes, updated in place)
and a :class:`Trace` of the deal's moves, from which an observation read late rebuilds the view
it was taken from. The environment hands it what needs numpy or PettingZoo (the array maker,
the observation dict class, callbacks for the end of a deal), so this module imports neither
and the core install builds it too.

A turn's masks come from the position's legal moves: the ids of their first steps, then, once
a head id is chosen, the next card of every move of that head still matching the cards taken
(simulator/rl/actions/steps.py defines the ids). Seep reads the heads from its move list's
chunk kinds and builds only the chosen head's moves; Sweep never lists moves: its masks
are decided from the rules by GAME.actions' turn (compiled), which gives the same masks as the
list (tests/rl/test_actions.py) at a cost that does not grow with the table. The engines'
methods are called through typed locals (direct calls into the compiled engines).
"""

from __future__ import annotations

from typing import Any, Final

from simulator.games.seep import actions as seep_actions
from simulator.games.seep import moves as seep_moves
from simulator.games.seep.bits import (
    ACTION_SHIFT,
    BREAK_SHIFT,
    CAPTURE_KIND,
    FLOOR_BITS,
    HOUSE_SHIFT,
    THROW_KIND,
    VALUE_SHIFT,
)
from simulator.games.seep.movelist import MoveList, concrete, move_of
from simulator.games.seep.moves import SeepMove
from simulator.games.seep.state import SeepState
from simulator.games.sueca import actions as sueca_actions
from simulator.games.sueca.moves import SuecaMove
from simulator.games.sueca.state import SuecaState
from simulator.games.sweep.actions import SweepTurn as RulesTurn
from simulator.games.sweep.moves import TRAIL, SweepMove
from simulator.games.sweep.state import SweepState

try:  # a machine int once compiled; a plain int otherwise
    from mypy_extensions import i64
except ImportError:  # mypy_extensions comes with mypy, which only the build needs
    i64 = int  # type: ignore[misc]

_S_THROW: Final = seep_moves.THROW
_S_CAPTURE: Final = seep_moves.CAPTURE
_S_HOUSE: Final = seep_moves.HOUSE
_S_BREAK: Final = seep_moves.BREAK
_S_BID: Final = seep_moves.BID
_S_HOUSES: Final[int] = seep_actions.HOUSES
_S_BREAKS: Final[int] = seep_actions.BREAKS
_S_BIDS: Final[int] = seep_actions.BIDS
_ACTION_SHIFT: Final = ACTION_SHIFT
_VALUE_SHIFT: Final = VALUE_SHIFT
_FLOOR_BITS: Final = FLOOR_BITS
#: every Seep id as an int object: a mask's byte is set by an int it need not box
_S_IDS: Final[list[Any]] = list(range(seep_actions.ACTIONS.size))
_RulesTurn: Final = RulesTurn
#: the Sueca move of each id, and the id of each move by :func:`_sueca_key`
_SUECA_MOVES: Final[list[SuecaMove]] = list(sueca_actions.MOVES)
#: a never-reached iteration count (the agent loop's default of 2**63 would be a boxed int)
_FOREVER: Final = 1 << 60


def _sueca_key(move: SuecaMove) -> int:
    return (move[0] * 53 + move[1] + 1) * 128 + move[2]


_SUECA_IDS: Final[list[int]] = [-1] * _sueca_key(SuecaMove(6, 52, 0))
for _i, _m in enumerate(_SUECA_MOVES):
    _SUECA_IDS[_sueca_key(_m)] = _i
_CACHE_LIMIT: Final = 4096


class Turn:
    """One move being decided step by step: ``flags`` (1 at the ids legal now), their ``count``
    (-1 at a turn's first step, never forced) and, when it is 1, ``only``; ``head`` (-1 before
    the first step), ``selected`` (cards taken) and ``move`` once complete. The generic filter
    of the legal move list; subclasses name the head id and card set of a game's moves."""

    def __init__(self, size: int, take: int) -> None:
        self.size = size
        self.take = take
        self.done = take + 52
        self.flags = bytearray(size)
        #: all zeros, never handed out: a fresh mask is a copy of it (cheaper than ``bytearray(n)``)
        self.zero = bytearray(size)
        #: whether ``flags`` was handed to an observation as its mask (then it is the agent's:
        #: a later mask of this step is rebuilt, and legality never reads ``flags``)
        self.handed = False
        self.count = 0
        self.only = -1
        self.head = -1
        self.selected = 0
        self.upto = 0  # mask of the cards up to the last one taken
        self.move: object = None
        self.heads: list[int] = []
        self.moves: list[object] = []
        self.sets: list[int] = []
        self.slow: Any = None  # a codec turn deciding this move instead (Sweep's long lists)
        self.frombuffer: Any = None  # numpy.frombuffer and int8, set by the Core
        self.dtype: Any = None

    def head_of(self, move: Any) -> int:
        raise NotImplementedError

    def set_of(self, move: Any) -> int:
        """The move's set of cards, -1 for a move complete with its head."""
        return -1

    def options(self) -> list[int]:
        """The ids legal now, increasing."""
        flags = self.mask_flags()
        return [i for i in range(self.size) if flags[i]]

    def mask_array(self) -> Any:
        """A new int8 array of the ids legal now (the observation's ``action_mask``)."""
        return self.frombuffer(self.mask_flags(), self.dtype)

    def mask_flags(self) -> bytearray:
        """1 at the ids legal now: ``flags`` itself the first time (it is then the caller's),
        rebuilt afterwards."""
        if self.handed:
            self._remake()
        self.handed = True
        return self.flags

    def _remake(self) -> None:
        if self.slow is not None:
            self._from_slow()
        elif self.head < 0:
            self._first_flags()
        else:
            self._next_cards()

    def begin(self, deal: Any) -> None:
        """A new move of the seat to play in ``deal``."""
        self._clear()
        self._first(deal.legal_moves())

    def apply(self, deal: Any, move: object) -> None:
        """``deal.apply(move)`` (a game's turn calls its engine's method directly)."""
        deal.apply(move)

    def current(self, deal: Any) -> int:
        """``deal.current_player()``."""
        seat: int = deal.current_player()
        return seat

    def _clear(self) -> None:
        self.head = -1
        self.selected = 0
        self.upto = 0
        self.move = None
        self.slow = None

    def _first(self, moves: Any) -> None:
        listed: list[object] = moves if isinstance(moves, list) else list(moves)  # never changed here
        heads = self.heads
        heads.clear()
        for m in listed:
            heads.append(self.head_of(m))
        self.moves = listed
        self._first_flags()

    def _first_flags(self) -> None:
        # no count: the first step of a turn is always asked, so only later steps are forced
        flags = self.zero[:]
        for h in self.heads:
            flags[h] = 1
        self.flags, self.count, self.only, self.handed = flags, -1, -1, False

    def step(self, action: int) -> bool:
        """Take ``action``; False (nothing changes) if it is not legal now."""
        if self.slow is not None:
            return self._slow_step(action)
        if self.move is not None:
            return False
        if self.head < 0:
            if not self._take_head(action):
                return False
            if self.head < 0:  # a move complete with its head (``move`` set)
                return True
        elif action == self.done:
            sel = self.selected
            sets = self.sets
            for i in range(len(sets)):
                if sets[i] == sel:
                    self.move = self.moves[i]
                    return True
            return False
        else:
            if not self.take <= action < self.done:
                return False
            bit = 1 << (action - self.take)
            if bit <= self.upto:
                return False
            sel = self.selected | bit
            low = (bit << 1) - 1
            sets = []
            cands = []
            old = self.sets
            moves = self.moves
            for i in range(len(old)):
                s = old[i]
                if s & low == sel:
                    sets.append(s)
                    cands.append(moves[i])
            if not sets:
                return False
            self.sets, self.moves = sets, cands
            self.selected, self.upto = sel, low
        self._next_cards()
        return True

    def _take_head(self, action: int) -> bool:
        """Choose head ``action``: its move if complete with it, else its candidates (their
        sets); False if no legal move has that head."""
        heads = self.heads
        moves = self.moves
        sets: list[int] = []
        cands: list[object] = []
        for i in range(len(heads)):
            if heads[i] == action:
                m = moves[i]
                s = self.set_of(m)
                if s < 0:
                    self.move = m
                    return True
                sets.append(s)
                cands.append(m)
        if not sets:
            return False
        self.head = action
        self.sets, self.moves = sets, cands
        return True

    def _next_cards(self) -> None:
        """The TAKE/DONE ids after the cards taken: each candidate's next card, or DONE; with one
        candidate left, its move (every step left is forced: the Core would take them one by one)."""
        if len(self.sets) == 1:
            self.move = self.moves[0]
            self.count, self.only = 0, -1
            return
        flags = self.zero[:]
        count = 0
        only = -1
        above = ~self.upto
        take = self.take
        done = self.done
        for s in self.sets:
            rest = s & above
            i = take + (rest & -rest).bit_length() - 1 if rest else done
            if not flags[i]:
                flags[i] = 1
                count += 1
                only = i
        self.flags, self.count, self.only, self.handed = flags, count, only, False

    def _from_slow(self) -> None:
        """The mask and move of the rules-decided turn ``slow`` (Sweep's)."""
        raise NotImplementedError

    def _slow_step(self, action: int) -> bool:
        raise NotImplementedError


class SweepTurn(Turn):
    """Sweep: head ``action * 52 + card``, set the captured or built cards. Every mask is
    decided from the rules on the position (simulator/games/sweep/actions.py, compiled): the
    engine's move list is never built (random ids make tables long, and long tables many moves)."""

    def begin(self, deal: Any) -> None:
        self._clear()
        state: SweepState = deal
        hand = state.hands[state.current_player()]
        self.slow = _RulesTurn(hand, state.table, state.builds, state.rules.builds)
        self._from_slow()

    def _from_slow(self) -> None:
        slow: RulesTurn = self.slow
        self.head, self.selected, self.move = slow.head, slow.selected, slow.move
        if slow.move is not None:  # complete: no mask to make (the next turn makes its own)
            self.count, self.only = 0, -1
            return
        flags = self.zero[:]
        opts = slow.options()
        for i in opts:
            flags[i] = 1
        self.flags, self.count, self.handed = flags, len(opts), False
        self.only = opts[0] if len(opts) == 1 else -1

    def _slow_step(self, action: int) -> bool:
        slow: RulesTurn = self.slow
        if self.move is not None:
            return False
        try:
            slow.step(action)
        except ValueError:
            return False
        self._from_slow()
        return True

    def apply(self, deal: Any, move: object) -> None:
        state: SweepState = deal
        m: SweepMove = move  # type: ignore[assignment]
        state.apply(m)

    def current(self, deal: Any) -> int:
        state: SweepState = deal
        return state.current_player()

    def head_of(self, move: Any) -> int:
        m: SweepMove = move
        return m[0] * 52 + m[1]

    def set_of(self, move: Any) -> int:
        m: SweepMove = move
        return -1 if m[0] == TRAIL else m[3]


class SeepTurn(Turn):
    """Seep: the heads of simulator/games/seep/actions.py, set the floor cards. A play's move
    list is read by chunks (every held card of a value has the value's templates): the first
    mask comes from each chunk's kinds of move (``FloorOptions.kinds``, no template read),
    and only the chosen head's templates are read, its moves the engine's shared ones; a head
    with one template is its move at once."""

    def __init__(self, size: int, take: int) -> None:
        super().__init__(size, take)
        self.ml: MoveList | None = None  # a play's move list (None: the bids, a list of moves)

    def begin(self, deal: Any) -> None:
        self._clear()
        state: SeepState = deal
        # object, not the declared Sequence: MoveList is a Sequence by registration only, so
        # mypy would take the code below the test as unreachable (and mypyc compile it untyped)
        moves: object = state.legal_moves()
        if type(moves) is not MoveList:  # the bids
            self.ml = None
            self._first(moves)
            return
        self.ml = moves
        self._first_flags()

    def _first_flags(self) -> None:
        if self.ml is None:
            super()._first_flags()
            return
        ml: MoveList = self.ml
        hand, _loose, values, info = ml.layout()
        flags = self.zero[:]
        ids = _S_IDS
        # machine ints in the loop (an imported or module constant is a checked, tagged read)
        throw: i64 = THROW_KIND
        capture: i64 = CAPTURE_KIND
        houses: i64 = _S_HOUSES
        breaks: i64 = _S_BREAKS
        house_shift: i64 = HOUSE_SHIFT
        break_shift: i64 = BREAK_SHIFT
        while values:
            v = values & 15
            values >>= 4
            kinds = info.kinds(ml.key(v))
            shift = 4 * v - 4
            g = hand >> shift & 15
            while g:
                low = g & -g
                g ^= low
                c = shift + (low >> 1) - (low >> 3)  # the card of the group's lowest bit
                if kinds & throw:
                    flags[ids[c]] = 1
                if kinds & capture:
                    flags[ids[52 + c]] = 1
                k = kinds >> house_shift & 31  # houses of V = 9..13
                i = houses + 5 * c
                while k:
                    if k & 1:
                        flags[ids[i]] = 1
                    k >>= 1
                    i += 1
                k = kinds >> break_shift  # breaks to V = 10..13
                i = breaks + 4 * c
                while k:
                    if k & 1:
                        flags[ids[i]] = 1
                    k >>= 1
                    i += 1
        self.flags, self.count, self.only, self.handed = flags, -1, -1, False

    def _take_head(self, action: int) -> bool:
        ml = self.ml
        if ml is None:
            return super()._take_head(action)
        value = -1  # any
        if action < 52:
            kind, card = _S_THROW, action
        elif action < _S_HOUSES:
            kind, card = _S_CAPTURE, action - 52
        elif action < _S_BREAKS:
            kind = _S_HOUSE
            card, value = (action - _S_HOUSES) // 5, (action - _S_HOUSES) % 5
            value += 9
        elif action < _S_BIDS:
            kind = _S_BREAK
            card, value = (action - _S_BREAKS) // 4, (action - _S_BREAKS) % 4
            value += 10
        else:
            return False  # a bid, never in a play's move list
        hand, loose, _values, info = ml.layout()
        if not hand >> card & 1:
            return False
        temps = info.of_kind(ml.key((card >> 2) + 1), kind, value)
        if not temps:
            return False
        if len(temps) == 1:  # a throw, or the head's one move (its later steps all forced)
            t = temps[0]
            f = t & _FLOOR_BITS
            self.move = move_of(kind, card, t >> _VALUE_SHIFT & 15, concrete(f, loose) if f else 0)
            return True
        sets: list[int] = []
        cands: list[object] = []
        for t in temps:
            f = t & _FLOOR_BITS
            floor = concrete(f, loose) if f else 0
            sets.append(floor)
            cands.append(move_of(kind, card, t >> _VALUE_SHIFT & 15, floor))
        self.head = action
        self.sets, self.moves = sets, cands
        return True

    def apply(self, deal: Any, move: object) -> None:
        state: SeepState = deal
        m: SeepMove = move  # type: ignore[assignment]
        state.apply(m)

    def current(self, deal: Any) -> int:
        state: SeepState = deal
        return state.current_player()

    def head_of(self, move: Any) -> int:
        m: SeepMove = move
        return _seep_head(m[0], m[1], m[2])

    def set_of(self, move: Any) -> int:
        m: SeepMove = move
        return -1 if m[0] == _S_THROW or m[0] == _S_BID else m[3]


def _seep_head(action: int, card: int, value: int) -> int:
    """The head id of a Seep move (simulator/games/seep/actions.py)."""
    if action == _S_THROW:
        return card
    if action == _S_CAPTURE:
        return 52 + card
    if action == _S_HOUSE:
        return _S_HOUSES + 5 * card + value - 9
    if action == _S_BREAK:
        return _S_BREAKS + 4 * card + value - 10
    return _S_BIDS + value - 9


class SuecaTurn(Turn):
    """Sueca: one id per move, legal iff its bit is in ``bits`` (the ids above ``base``, the
    list's lowest). The engine returns the same tuple object for a repeated list (auctions,
    followed suits), so each list's ``base`` and ``bits`` are kept by its identity, and its
    mask too once it comes again (a lead's list is new each time: its mask is not kept)."""

    def __init__(self, size: int) -> None:
        super().__init__(size, -100)
        self.legal: tuple[SuecaMove, ...] = ()
        self.base = 0
        self.bits = 0
        self.template: Any = None  # the cached read-only mask of ``legal``, if any
        self.cache: dict[int, tuple[object, Any, int, int]] = {}

    def begin(self, deal: Any) -> None:
        self.move = None
        state: SuecaState = deal
        moves = state.legal_moves()
        self.legal = moves
        self.count = len(moves)
        key = id(moves)
        cache = self.cache
        got = cache.get(key)
        if got is not None and got[0] is moves:
            template = got[1]
            if template is not None:
                self.template, self.base, self.bits = template, got[2], got[3]
                return
            self._first_flags()  # a list met again: its mask is worth keeping
            self.template = None
            cache[key] = (moves, self.frombuffer(bytes(self.flags), self.dtype), self.base, self.bits)
            return
        self.template = None
        self._first_flags()
        if len(cache) >= _CACHE_LIMIT:
            cache.clear()
        cache[key] = (moves, None, self.base, self.bits)  # the entry keeps the tuple, so its id

    def _first_flags(self) -> None:
        flags = self.zero[:]
        ids = _SUECA_IDS
        legal: list[int] = []
        base = 1 << 30
        for m in self.legal:
            i = ids[_sueca_key(m)]
            flags[i] = 1
            legal.append(i)
            if i < base:
                base = i
        bits = 0
        for i in legal:
            bits |= 1 << i - base
        self.flags, self.handed, self.base, self.bits = flags, False, base, bits

    def mask_array(self) -> Any:
        template = self.template
        if template is not None:
            return template.copy()
        return self.frombuffer(self.mask_flags(), self.dtype)

    def options(self) -> list[int]:
        return sorted([_SUECA_IDS[_sueca_key(m)] for m in self.legal])

    def step(self, action: int) -> bool:
        if self.move is not None or not 0 <= action < self.size:
            return False
        k = action - self.base
        if k < 0 or not self.bits >> k & 1:
            return False
        self.move = _SUECA_MOVES[action]
        return True

    def apply(self, deal: Any, move: object) -> None:
        state: SuecaState = deal
        m: SuecaMove = move  # type: ignore[assignment]
        state.apply(m)

    def current(self, deal: Any) -> int:
        state: SuecaState = deal
        return state.current_player()


def make_turn(game: str, size: int, take: int) -> Turn:
    """The turn of a game by name."""
    if game == "sweep":
        return SweepTurn(size, take)
    if game == "seep":
        return SeepTurn(size, take)
    return SuecaTurn(size)


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
