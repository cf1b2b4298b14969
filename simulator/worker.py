"""What one joblib task does: play a chunk of deal groups and return plain row columns.

Workers import no data library: rows travel back as lists per column
(:class:`simulator.rows.ChunkRows`), and the parent builds the Parquet tables.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from simulator.errors import GroupFault, StrategyFailure, StrategyFault
from simulator.games import get_game
from simulator.games.base import DealState, Match
from simulator.play import Seats, play_groups
from simulator.plugins import StrategySpec, build_seats
from simulator.replay import replay_command
from simulator.rows import ChunkRows
from simulator.schedule import ChunkTask, Lineup
from simulator.seeding import deal_seed
from simulator.shuffle import seeded_rng
from simulator.tuning import configure_process
from simulator.watchdog import exit_with_parent

_RULES_CACHE: dict[tuple[str, tuple], Any] = {}


@dataclass(frozen=True)
class VariantContext:
    """One rule variant of a run, as its workers need it."""

    name: str
    options: tuple[tuple[str, Any], ...]  # every resolved rule option: a worker makes the rules from them
    base: str  # the preset and the overrides, for replay commands
    overrides: tuple[tuple[str, Any], ...]
    players: int
    lineups: tuple[Lineup, ...]


@dataclass(frozen=True)
class RunContext:
    """Everything a worker needs, small and picklable."""

    game: str
    root_seed: int
    unit: str
    variants: tuple[VariantContext, ...]
    specs: tuple[StrategySpec, ...]
    move_timeout: float | None  # seconds a move may take (None: no limit)
    parent_pid: int  # the run's process: its workers exit when it is gone


def _rules(game: str, variant: VariantContext) -> Any:
    key = (game, variant.options)
    if key not in _RULES_CACHE:
        _RULES_CACHE[key] = get_game(game).make_rules(dict(variant.options))
    return _RULES_CACHE[key]


def _failure(
    ctx: RunContext, variant: VariantContext, lineup: Lineup, seat_names: list[str], fault: GroupFault
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
        variant.base,
        dict(variant.overrides),
        variant.players,
        ctx.root_seed,
        fault.deal_index,
        fault.rotation,
        refs,
        ctx.unit == "match",
        ctx.move_timeout,
    )
    where = (
        f"round {fault.round_number} of match {fault.deal_index}"
        if ctx.unit == "match"
        else f"deal {fault.deal_index}"
    )
    return StrategyFailure(
        f"{who} {fault.detail}\n"
        f"  variant {variant.name!r}, lineup {lineup.label!r}, {where}, rotation {fault.rotation}, "
        f"deal seed {fault.seed}\n  reproduce with: {command}"
    )


class _RowRecorder:
    """Keeps every deal played as rows (:class:`ChunkRows`)."""

    def __init__(self, rows: ChunkRows) -> None:
        self.rows = rows

    def dealt(self, state: DealState, deal_index: int, rotation: int, round_number: int) -> None:
        pass

    def played(self, state: DealState, deal_index: int, rotation: int, round_number: int) -> None:
        self.rows.add_deal(deal_index, round_number, state.seed, rotation, state)

    def match_over(self, match: Match, rotation: int) -> None:
        # the match's deals are the last ones added
        self.rows.add_match(self.rows.deals - match.rounds, match.side_rows())


def play_chunk(ctx: RunContext, task: ChunkTask) -> tuple[ChunkTask, dict[str, list]]:
    """Play the deal groups of ``task``; return it and the rows as columns."""
    configure_process()
    exit_with_parent(ctx.parent_pid)
    game = get_game(ctx.game)
    variant = ctx.variants[task.variant_index]
    rules = _rules(ctx.game, variant)
    lineup = variant.lineups[task.lineup_index]
    specs = {s.name: s for s in ctx.specs}
    side_of = rules.side_of_seat
    match_cols = list(game.match_columns) if ctx.unit == "match" else []
    rows = ChunkRows(len(rules.sides), list(game.side_columns), match_cols)
    rotations = range(len(rules.sides))
    # one strategy instance per (rotation, seat), reset at every deal
    seat_names = [[lineup.side_strategy(side_of[s], r) for s in range(rules.num_players)] for r in rotations]
    tables = []
    for r in rotations:
        try:
            agents = build_seats([specs[n] for n in seat_names[r]])
        except StrategyFault as built:  # reported as a fault of the chunk's first deal group
            seed = deal_seed(ctx.root_seed, task.start)
            first = GroupFault(built.seat, built.detail, task.start, r, 1, seed)
            raise _failure(ctx, variant, lineup, seat_names[r], first) from None
        tables.append(Seats(r, agents, [seeded_rng(0) for _ in seat_names[r]]))
    deals, recorder, by_match = range(task.start, task.stop), _RowRecorder(rows), ctx.unit == "match"
    try:
        play_groups(game, rules, tables, ctx.root_seed, deals, recorder, by_match, ctx.move_timeout)
    except GroupFault as fault:
        raise _failure(ctx, variant, lineup, seat_names[fault.rotation], fault) from None
    return task, rows.cols
