"""The decision loop shared by tournaments, replays and the benchmark."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from simulator.errors import StrategyFault
from simulator.games.base import DealState
from simulator.seeding import strategy_seeds
from simulator.shuffle import seeded_rng
from strategies.base import DealResult, Strategy


def reset_agents(
    agents: Sequence[Strategy], rules: Any, root: int, deal_index: int, rotation: int, round_number: int = 1
) -> None:
    """Give each seat's strategy its private RNG for this deal (DESIGN §3): ``make_rng`` of its
    seed, made faster (``seeded_rng``)."""
    seeds = strategy_seeds(root, deal_index, rotation, len(agents), round_number)
    for seat, agent in enumerate(agents):
        agent.reset(seeded_rng(seeds[seat]), seat, rules)


def play_deal(state: DealState, agents: Sequence[Strategy]) -> None:
    """Play ``state`` to its end, then tell every seat the result (``on_deal_end``).

    Forced moves are made without asking the strategy."""
    wants_view = [a.wants_view for a in agents]
    chooses = [a.choose for a in agents]
    current, legal, apply, view = state.current_player, state.legal_moves, state.apply, state.view
    try:
        while (seat := current()) >= 0:
            moves = legal()
            if len(moves) == 1:
                apply(moves[0])
                continue
            try:
                move = chooses[seat](view(seat) if wants_view[seat] else None, moves)
            except Exception as exc:
                raise StrategyFault(seat, f"raised {type(exc).__name__}: {exc}") from exc
            if move not in moves:
                raise StrategyFault(seat, f"returned an illegal move: {move!r}")
            apply(move)
    except StrategyFault:
        raise
    except Exception as exc:
        raise StrategyFault(-1, f"raised {type(exc).__name__}: {exc}") from exc
    points = tuple(state.side_points())
    side_of = state.rules.side_of_seat
    for seat, agent in enumerate(agents):
        try:
            agent.on_deal_end(DealResult(points, side_of[seat]))
        except Exception as exc:
            raise StrategyFault(seat, f"raised {type(exc).__name__} in on_deal_end: {exc}") from exc
