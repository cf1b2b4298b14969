"""The play loop shared by tournaments, replays and the benchmark: deal groups
(:func:`play_groups`), one rotation of one group (:func:`play_group`), one deal's decisions
(:func:`play_deal`).

Compiled by mypyc (compiled.txt): the loop runs once per player action of every deal of a
run, and interpreted it cost a fifth of a random-vs-random Sweep deal. It calls the strategies
and the engine through their ordinary Python methods, so any plug-in and any engine work.
What keeps it fast: each deal is dealt once and every rotation but the last plays a clone of
it (a clone costs a twentieth of seeding, shuffling and dealing anew); the seats' RNG objects
are reseeded at every deal, not made anew; and the objects a process holds after its imports
are frozen out of the collector's reach before the first group.

The move clock (simulator/watchdog.py) watches this loop: :func:`play_groups` enters it, so a
run and a replay stop a move that takes longer than the move timeout alike. A compiled
function has no frame: the clock then times the calls this module makes as calls of the
frame that called :func:`play_groups`.
"""

from __future__ import annotations

import gc
import random
from collections.abc import Callable, Sequence
from typing import Any, Final, Protocol

from simulator.errors import GroupFault, StrategyFault
from simulator.games.base import DealState, Game, Match
from simulator.seeding import deal_seed, strategy_seeds
from simulator.shuffle import reseed, seeded_rng
from simulator.strategy import DealResult, Strategy
from simulator.watchdog import MoveClock

#: the base class's ``on_deal_end`` does nothing: seats whose strategy keeps it are not told
_NO_END: Final = Strategy.on_deal_end
#: the base class's ``reset`` only stores its arguments: for a strategy that keeps it the three
#: attributes are set here (an interpreted call per seat per deal saved)
_BASE_RESET: Final = Strategy.reset
_Fault: Final = StrategyFault
_Result: Final = DealResult


def reset_agents(
    agents: Sequence[Strategy],
    rules: Any,
    root: int,
    deal_index: int,
    rotation: int,
    round_number: int = 1,
    rngs: Sequence[random.Random] | None = None,
) -> None:
    """Give each seat's strategy its private RNG for this deal (docs/design.md §3): ``make_rng`` of its
    seed, made faster (``seeded_rng``). With ``rngs`` (one per seat, kept by a worker for a whole
    chunk) those objects are reseeded instead: the same streams, without making and freeing a
    2.5 kB object per seat per deal."""
    seeds = strategy_seeds(root, deal_index, rotation, len(agents), round_number)
    for seat in range(len(agents)):
        if rngs is None:
            rng = seeded_rng(seeds[seat])
        else:
            rng = rngs[seat]
            reseed(rng, seeds[seat])
        agent = agents[seat]
        if type(agent).reset is _BASE_RESET:
            agent.rng = rng
            agent.seat = seat
            agent.rules = rules
        else:
            try:
                agent.reset(rng, seat, rules)
            except Exception as exc:
                raise _Fault(seat, f"raised {type(exc).__name__} in reset: {exc}") from exc


def _legal(moves: Any, move: object) -> bool:
    """``move`` is one of ``moves``. A list (every engine but Seep's) is scanned by identity
    first (what a strategy returns is almost always one of its objects, and ``in`` would compare
    every earlier move by value), then by value; any other sequence answers with its own ``in``
    (Seep's lazy move list finds its own moves by identity without building the others).
    A plain loop, compiled: ``any()`` of a generator makes a generator object per call."""
    if isinstance(moves, list):
        for m in moves:
            if m is move:
                return True
    return move in moves


def play_deal(state: DealState, agents: Sequence[Strategy]) -> None:
    """Play ``state`` to its end, then tell every seat the result (``on_deal_end``).

    Forced moves are made without asking the strategy."""
    chooses: list[Callable[[Any, Any], Any]] = [a.choose for a in agents]
    wants_view: list[bool] = [bool(a.wants_view) for a in agents]
    current: Callable[[], int] = state.current_player
    legal: Callable[[], Any] = state.legal_moves
    apply: Callable[[Any], Any] = state.apply
    view: Callable[[int], Any] = state.view
    try:
        seat = current()
        while seat >= 0:
            moves = legal()
            if len(moves) == 1:
                apply(moves[0])
                seat = current()
                continue
            try:
                move = chooses[seat](view(seat) if wants_view[seat] else None, moves)
            except Exception as exc:
                raise _Fault(seat, f"raised {type(exc).__name__}: {exc}") from exc
            if not _legal(moves, move) and not _legal(legal(), move):  # a list the strategy changed
                raise _Fault(seat, f"returned an illegal move: {move!r}")
            apply(move)
            seat = current()
    except StrategyFault:
        raise
    except Exception as exc:
        raise _Fault(-1, f"raised {type(exc).__name__}: {exc}") from exc
    points: tuple[int, ...] | None = None
    side_of = state.rules.side_of_seat
    for seat in range(len(agents)):
        end = agents[seat].on_deal_end
        if getattr(end, "__func__", None) is not _NO_END:
            if points is None:
                points = tuple(state.side_points())
            try:
                end(_Result(points, side_of[seat]))
            except Exception as exc:
                raise _Fault(seat, f"raised {type(exc).__name__} in on_deal_end: {exc}") from exc


class Seats:
    """One rotation of a lineup: its strategy at every seat, and the RNG objects they are given
    at every deal, reseeded (one per seat, kept for many deals) or, when None, made anew."""

    def __init__(
        self, rotation: int, agents: list[Strategy], rngs: list[random.Random] | None = None
    ) -> None:
        self.rotation = rotation
        self.agents = agents
        self.rngs = rngs


class Recorder(Protocol):
    """What a caller keeps of the deals played (rows, a replay log)."""

    def dealt(self, state: DealState, deal_index: int, rotation: int, round_number: int) -> None:
        """A deal is dealt, before its first move."""

    def played(self, state: DealState, deal_index: int, rotation: int, round_number: int) -> None:
        """A deal is over (and, in a match, scored)."""

    def match_over(self, match: Match, rotation: int) -> None:
        """A match is over."""


def play_group(
    game: Game,
    rules: Any,
    seats: Seats,
    root: int,
    deal_index: int,
    recorder: Recorder,
    dealt: DealState | None,
    log: list[dict] | None = None,
) -> None:
    """Play deal group ``deal_index`` for one rotation: the deal ``dealt``, or (when None) the
    match, its deals seeded from ``root`` and logged into ``log``. Every deal resets the seats'
    strategies first; a fault is raised as a :class:`GroupFault` that says where it happened."""
    agents, rotation, rngs = seats.agents, seats.rotation, seats.rngs
    if dealt is not None:
        recorder.dealt(dealt, deal_index, rotation, 1)
        _play_at(dealt, agents, rules, root, deal_index, rotation, 1, rngs)
        recorder.played(dealt, deal_index, rotation, 1)
        return
    match = game.new_match(rules, lambda k: deal_seed(root, deal_index, k), log=log)
    while not match.over:
        state = match.next_deal()
        round_number = match.rounds + 1
        recorder.dealt(state, deal_index, rotation, round_number)
        _play_at(state, agents, rules, root, deal_index, rotation, round_number, rngs)
        match.finish_deal(state)
        recorder.played(state, deal_index, rotation, round_number)
    recorder.match_over(match, rotation)


def _play_at(
    state: DealState,
    agents: Sequence[Strategy],
    rules: Any,
    root: int,
    deal_index: int,
    rotation: int,
    round_number: int,
    rngs: Sequence[random.Random] | None,
) -> None:
    """Reset the seats' strategies for the deal and play it; a fault says where it happened."""
    try:
        reset_agents(agents, rules, root, deal_index, rotation, round_number, rngs)
        play_deal(state, agents)
    except StrategyFault as fault:
        raise GroupFault(fault.seat, fault.detail, deal_index, rotation, round_number, state.seed) from fault


_frozen = False


def _freeze_once() -> None:
    """Move what the process holds before its first deal group out of the collector's reach.

    The modules, engines' tables and caches live as long as the process: without this every
    full collection walks them again (with polars and numpy loaded, a tenth of the play loop
    went to the collector). Once per process (a flag: ``gc.get_freeze_count`` walks the frozen
    objects), after one collection, so no garbage is frozen."""
    global _frozen
    if not _frozen:
        _frozen = True
        gc.collect()
        gc.freeze()


def play_groups(
    game: Game,
    rules: Any,
    tables: Sequence[Seats],
    root: int,
    deals: range,
    recorder: Recorder,
    match: bool,
    move_timeout: float | None = None,
    log: list[dict] | None = None,
) -> None:
    """Play the deal groups ``deals`` (deal or match indexes) under every rotation of ``tables``,
    in that order, under the move clock (``move_timeout`` seconds a move; None: no limit)."""
    _freeze_once()
    last = len(tables) - 1
    with MoveClock(move_timeout, *LOOPS):
        for deal_index in deals:
            dealt = None if match else game.new_deal(rules, deal_seed(root, deal_index), log=log)
            for t in range(len(tables)):
                state = dealt if dealt is None or t == last else dealt.clone()
                play_group(game, rules, tables[t], root, deal_index, recorder, state, log)


#: the code objects of the loop's functions (none once compiled), for the move clock
LOOPS: Final = tuple(
    c
    for c in (getattr(f, "__code__", None) for f in (play_deal, play_group, _play_at, play_groups))
    if c is not None
)
