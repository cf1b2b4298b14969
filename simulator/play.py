"""The decision loop shared by tournaments, replays and the benchmark.

Compiled by mypyc (compiled.txt): the loop runs once per player action of every deal of a
run, and interpreted it cost a fifth of a random-vs-random Sweep deal. It calls the strategies
and the engine through their ordinary Python methods, so any plug-in and any engine work.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final

from simulator.errors import StrategyFault
from simulator.games.base import DealState
from simulator.seeding import strategy_seeds
from simulator.shuffle import reseed, seeded_rng
from strategies.base import DealResult, Strategy

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
            agent.reset(rng, seat, rules)


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
            if not _legal(moves, move):
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
