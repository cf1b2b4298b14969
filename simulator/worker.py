"""What one joblib task does: play a chunk of deal groups and return plain row columns.

Workers import no data library: rows travel back as lists per column, and the
parent builds the Parquet tables.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from simulator.games import get_game
from simulator.play import StrategyFault, play_deal, reset_agents
from simulator.plugins import StrategySpec
from simulator.schedule import ChunkTask, Lineup
from simulator.seeding import deal_seed
from simulator.tuning import configure_process

_RULES_CACHE: dict[tuple[str, tuple], Any] = {}


@dataclass(frozen=True)
class RunContext:
    """Everything a worker needs, small and picklable."""

    game: str
    root_seed: int
    unit: str
    variant_names: tuple[str, ...]
    variant_options: tuple[tuple[tuple[str, Any], ...], ...]
    lineups: tuple[tuple[Lineup, ...], ...]
    specs: tuple[StrategySpec, ...]
    replay_hints: tuple[str, ...]  # per variant: "--variant X [--set k=v ...]"
    players: tuple[int, ...]


class StrategyFailure(Exception):
    """A strategy failed during a run; the message says who, where and how to replay it."""

    def __reduce__(self):  # keep the message when crossing process boundaries
        return (StrategyFailure, self.args)


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
    if fault.seat >= 0:
        name = seat_names[fault.seat]
        spec = next(s for s in ctx.specs if s.name == name)
        who = f"strategy {name!r} ({spec.plugin}) at seat {fault.seat}"
    else:
        who = f"the {ctx.game} engine"
    refs = []
    for n in seat_names:
        s = next(x for x in ctx.specs if x.name == n)
        refs.append(s.source if s.source != "builtin" else s.name)
    command = (
        f"cardsim replay --game {ctx.game} {ctx.replay_hints[vi]} --players {ctx.players[vi]} "
        f"--seed {ctx.root_seed} --deal {deal_index} --rotation {rotation} --strategies {','.join(refs)}"
        + (" --match" if ctx.unit == "match" else "")
    )
    where = f"round {round_number} of match {deal_index}" if ctx.unit == "match" else f"deal {deal_index}"
    return StrategyFailure(
        f"{who} {fault.detail}\n"
        f"  variant {ctx.variant_names[vi]!r}, lineup {lineup.label!r}, {where}, rotation {rotation}, "
        f"deal seed {seed}\n  reproduce with: {command}"
    )


def play_chunk(ctx: RunContext, task: ChunkTask) -> tuple[str, dict[str, list]]:
    """Play the deal groups of ``task``; return its key and the rows as columns."""
    configure_process()
    game = get_game(ctx.game)
    vi = task.variant_index
    rules = _rules(ctx, vi)
    lineup = ctx.lineups[vi][task.lineup_index]
    specs = {s.name: s for s in ctx.specs}
    sides = rules.sides
    side_of = rules.side_of_seat
    n_sides = len(sides)
    seats_by_side = [list(s) for s in sides]
    side_cols = list(game.side_columns)
    match_cols = list(game.match_columns) if ctx.unit == "match" else []
    cols: dict[str, list] = {
        c: []
        for c in (
            "deal_index",
            "round",
            "deal_seed",
            "dealer",
            "rotation",
            "side",
            "dealer_side",
            "strategy",
            "opponent",
            "points",
            "won",
            *side_cols,
            *match_cols,
        )
    }
    rotations = range(n_sides)
    # one strategy instance per (rotation, seat), reset at every deal
    seat_names = {
        r: [lineup.side_strategy(side_of[s], r) for s in range(rules.num_players)] for r in rotations
    }
    agents = {r: [specs[n].build() for n in seat_names[r]] for r in rotations}
    side_names = {r: [lineup.side_strategy(k, r) for k in range(n_sides)] for r in rotations}
    opponents = {name: lineup.opponent_of(name) for name in lineup.strategies}

    def add_rows(deal_index: int, round_number: int, seed: int, rotation: int, state: Any) -> None:
        points = state.side_points()
        rows = state.side_rows()
        top, low = max(points), min(points)
        dealer = state.dealer
        for k in range(n_sides):
            name = side_names[rotation][k]
            cols["deal_index"].append(deal_index)
            cols["round"].append(round_number)
            cols["deal_seed"].append(seed)
            cols["dealer"].append(dealer)
            cols["rotation"].append(rotation)
            cols["side"].append(k)
            cols["dealer_side"].append(dealer in seats_by_side[k])
            cols["strategy"].append(name)
            cols["opponent"].append(opponents[name])
            cols["points"].append(points[k])
            cols["won"].append(points[k] == top and top > low)
            row = rows[k]
            for c in side_cols:
                cols[c].append(row[c])

    for deal_index in range(task.start, task.stop):
        for rotation in rotations:
            seat_agents = agents[rotation]
            if ctx.unit == "deal":
                seed = deal_seed(ctx.root_seed, deal_index)
                state = game.new_deal(rules, seed)
                reset_agents(seat_agents, rules, ctx.root_seed, deal_index, rotation)
                try:
                    play_deal(state, seat_agents)
                except StrategyFault as fault:
                    raise _failure(
                        ctx, vi, lineup, seat_names[rotation], fault, deal_index, rotation, 1, seed
                    ) from None
                add_rows(deal_index, 1, seed, rotation, state)
                continue
            match = game.new_match(rules, lambda k, d=deal_index: deal_seed(ctx.root_seed, d, k))
            first_row = len(cols["points"])
            while not match.over:
                state = match.next_deal()
                round_number = match.rounds + 1
                reset_agents(seat_agents, rules, ctx.root_seed, deal_index, rotation, round_number)
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
                add_rows(deal_index, round_number, state.seed, rotation, state)
                match.finish_deal(state)
            match_rows = match.side_rows()
            for i in range(first_row, len(cols["points"])):
                mrow = match_rows[cols["side"][i]]
                for c in match_cols:
                    cols[c].append(mrow[c])
    return task.key, cols
