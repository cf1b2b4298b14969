"""Montecarlo in Sweep: its defaults (strategies/montecarlo/plugin.py reads them); the rollout
policy is plain greedy, which reads only the moves and is the cheapest to play out; and the exact
endgame's part (strategies/montecarlo/endgame.py)."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, Final

from simulator.cards import RANK, SPADE_MASK
from simulator.games.sweep import CAPTURE, TRAIL, SweepMove
from strategies.greedy import GreedyStrategy
from strategies.montecarlo.endgame import EndgamePart, side_allies
from strategies.montecarlo.sweep_inference import log_likelihood
from strategies.montecarlo.sweep_seatwise import SeatwiseSampler


def cards_left(state: Any) -> int:
    """Cards still to be played: the hands and the stock."""
    return sum(h.bit_count() for h in state.hands) + len(state.stock)


def position_key(state: Any) -> Hashable:
    """What decides the rest of a round: the hands, the stock, the table and builds, and of the
    piles only what the scoring counts (cards, spades, the ace), the sweeps and the side that
    takes the last table."""
    last = state.last_capturer
    return (
        state.turn,
        tuple(state.hands),
        tuple(state.stock),
        state.table,
        tuple(state.builds),
        tuple((p.bit_count(), (p & SPADE_MASK).bit_count(), p & 1) for p in state.piles),
        tuple(state.sweeps),
        state.ace_sweep_side,
        state.side_of[last] if last >= 0 else -1,
        state.plays_left,
        state.deal_left,
    )


def _promise(move: SweepMove) -> int:
    """Captures first, the more cards and spades (and the ace) the better; then builds; then
    trails, the lowest card first."""
    if move.action == CAPTURE:
        taken = move.mask | 1 << move.card
        return 100 + taken.bit_count() + 2 * (taken & SPADE_MASK).bit_count() + 10 * (taken & 1)
    if move.action == TRAIL:
        return -RANK[move.card]
    return 50


def order(state: Any, moves: Sequence[SweepMove]) -> list[SweepMove]:
    """The likely best moves first (:func:`_promise`)."""
    return sorted(moves, key=_promise, reverse=True)


#: the default rollout policy
ROLLOUT: Final = GreedyStrategy
#: rollouts play the deal to its end
EARLY_STOP: Final = None

#: no decision sets a contract: every one is card play
CONTRACT_ACTIONS: Final[frozenset[int]] = frozenset()


def match_target(rules: Any) -> float:
    """The match total that decides the match: the target score."""
    return rules.target_score


#: the exact endgame's part
ENDGAME: Final = EndgamePart(cards_left, position_key, side_allies, order)

#: the model of the other seats' play that weights sampled deals (strategies/montecarlo/sweep_inference.py)
INFERENCE: Final = log_likelihood
#: each seat's hand drawn by its own plays (strategies/montecarlo/sweep_seatwise.py)
SEATWISE: Final = SeatwiseSampler
