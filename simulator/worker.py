"""What one joblib task does: play a chunk of deal groups and return plain row columns.

Workers import no data library: rows travel back as lists per column
(:class:`simulator.rows.ChunkRows`), and the parent builds the Parquet tables.
"""

from __future__ import annotations

import gc
from dataclasses import dataclass
from functools import partial
from typing import Any

from simulator.errors import StrategyFailure, StrategyFault
from simulator.games import get_game
from simulator.play import play_deal, reset_agents
from simulator.plugins import StrategySpec
from simulator.replay import replay_command
from simulator.rows import ChunkRows
from simulator.schedule import ChunkTask, Lineup
from simulator.seeding import deal_seed
from simulator.shuffle import seeded_rng
from simulator.tuning import configure_process
from simulator.watchdog import MoveClock, exit_with_parent

_RULES_CACHE: dict[tuple[str, tuple], Any] = {}
_frozen = False


def _freeze_once() -> None:
    """Move what the process holds after its first imports out of the collector's reach.

    The modules, engines' tables and caches live as long as the worker: without this every
    full collection walks them again (with polars and numpy loaded, a tenth of the play loop
    went to the collector). Once per process, after one collection, so no garbage is frozen."""
    global _frozen
    if not _frozen:
        _frozen = True
        gc.collect()
        gc.freeze()


@dataclass(frozen=True)
class RunContext:
    """Everything a worker needs, small and picklable."""

    game: str
    root_seed: int
    unit: str
    variant_names: tuple[str, ...]
    variant_options: tuple[tuple[tuple[str, Any], ...], ...]
    variant_bases: tuple[str, ...]  # per variant: the preset and the overrides, for replay commands
    variant_overrides: tuple[tuple[tuple[str, Any], ...], ...]
    lineups: tuple[tuple[Lineup, ...], ...]
    specs: tuple[StrategySpec, ...]
    players: tuple[int, ...]
    move_timeout: float | None  # seconds a move may take (None: no limit)
    parent_pid: int  # the run's process: its workers exit when it is gone


def _rules(ctx: RunContext, vi: int) -> Any:
    key = (ctx.game, ctx.variant_options[vi])
    if key not in _RULES_CACHE:
        _RULES_CACHE[key] = get_game(ctx.game).make_rules(dict(ctx.variant_options[vi]))
    return _RULES_CACHE[key]


def _failure(
    ctx: RunContext,
    vi: int,
    lineup: Lineup,
    seat_names: list[str],
    fault: StrategyFault,
    deal_index: int,
    rotation: int,
    round_number: int,
    seed: int,
) -> StrategyFailure:
    specs = {s.name: s for s in ctx.specs}
    if fault.seat >= 0:
        name = seat_names[fault.seat]
        who = f"strategy {name!r} ({specs[name].plugin}) at seat {fault.seat}"
    else:
        who = f"the {ctx.game} engine"
    refs = [specs[n].source if specs[n].source != "builtin" else n for n in seat_names]
    command = replay_command(
        ctx.game,
        ctx.variant_bases[vi],
        dict(ctx.variant_overrides[vi]),
        ctx.players[vi],
        ctx.root_seed,
        deal_index,
        rotation,
        refs,
        ctx.unit == "match",
    )
    where = f"round {round_number} of match {deal_index}" if ctx.unit == "match" else f"deal {deal_index}"
    return StrategyFailure(
        f"{who} {fault.detail}\n"
        f"  variant {ctx.variant_names[vi]!r}, lineup {lineup.label!r}, {where}, rotation {rotation}, "
        f"deal seed {seed}\n  reproduce with: {command}"
    )


def play_chunk(ctx: RunContext, task: ChunkTask) -> tuple[ChunkTask, dict[str, list]]:
    """Play the deal groups of ``task``; return it and the rows as columns."""
    configure_process()
    _freeze_once()
    exit_with_parent(ctx.parent_pid)
    game = get_game(ctx.game)
    vi = task.variant_index
    rules = _rules(ctx, vi)
    lineup = ctx.lineups[vi][task.lineup_index]
    specs = {s.name: s for s in ctx.specs}
    side_of = rules.side_of_seat
    match_cols = list(game.match_columns) if ctx.unit == "match" else []
    rows = ChunkRows(len(rules.sides), list(game.side_columns), match_cols)
    rotations = range(len(rules.sides))
    # one strategy instance per (rotation, seat), reset at every deal
    seat_names = {
        r: [lineup.side_strategy(side_of[s], r) for s in range(rules.num_players)] for r in rotations
    }
    agents = {r: [specs[n].build() for n in seat_names[r]] for r in rotations}
    rngs = {r: [seeded_rng(0) for _ in seat_names[r]] for r in rotations}  # reseeded at every deal
    # the move clock times the calls of the innermost of these loops: the decision loop, and
    # since compiled it has no frame (its calls are then this frame's), this one
    with MoveClock(ctx.move_timeout, *_LOOPS):
        by_deal = ctx.unit == "deal"
        last_rotation = rotations[-1]
        for deal_index in range(task.start, task.stop):
            if by_deal:
                # every rotation plays these cards: deal them once, and give each earlier rotation a
                # copy (a clone costs a twentieth of seeding, shuffling and dealing anew)
                seed = deal_seed(ctx.root_seed, deal_index)
                dealt = game.new_deal(rules, seed)
            for rotation in rotations:
                seat_agents = agents[rotation]
                if by_deal:
                    state = dealt if rotation == last_rotation else dealt.clone()
                    reset_agents(seat_agents, rules, ctx.root_seed, deal_index, rotation, 1, rngs[rotation])
                    try:
                        play_deal(state, seat_agents)
                    except StrategyFault as fault:
                        raise _failure(
                            ctx, vi, lineup, seat_names[rotation], fault, deal_index, rotation, 1, seed
                        ) from None
                    rows.add_deal(deal_index, 1, seed, rotation, state)
                    continue
                match = game.new_match(rules, partial(deal_seed, ctx.root_seed, deal_index))
                first_deal = rows.deals
                while not match.over:
                    state = match.next_deal()
                    round_number = match.rounds + 1
                    reset_agents(
                        seat_agents, rules, ctx.root_seed, deal_index, rotation, round_number, rngs[rotation]
                    )
                    try:
                        play_deal(state, seat_agents)
                    except StrategyFault as fault:
                        raise _failure(
                            ctx,
                            vi,
                            lineup,
                            seat_names[rotation],
                            fault,
                            deal_index,
                            rotation,
                            round_number,
                            state.seed,
                        ) from None
                    rows.add_deal(deal_index, round_number, state.seed, rotation, state)
                    match.finish_deal(state)
                rows.add_match(first_deal, match.side_rows())
    return task, rows.cols


_LOOPS = tuple(c for c in (getattr(play_deal, "__code__", None), play_chunk.__code__) if c is not None)
