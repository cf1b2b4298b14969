"""Greedy Sweep: take the biggest capture, else trail the cheapest card.

The capture with the most cards wins (ties: more spades, then the one taking
the ace of spades, then the rng); spades and the ace count over every card
that enters the pile, the played card included. Without a capture it trails
its lowest card by value, a non-spade before a spade of the same value. It
never builds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from simulator.cards import RANK, SPADE_MASK, SUIT
from simulator.games.sweep import CAPTURE, TRAIL, SweepMove, SweepView

ACE_OF_SPADES_BIT = 1  # card 0 is A♠


def choose(view: SweepView | None, moves: Sequence[SweepMove], rng: random.Random) -> SweepMove:
    """One of ``moves`` (the view is not needed: the moves say everything this rule looks at)."""
    best: list[SweepMove] = []
    best_key: tuple[int, int, int] | None = None
    for move in moves:
        if move.action != CAPTURE:
            continue
        pile = move.mask | (1 << move.card)
        key = (pile.bit_count(), (pile & SPADE_MASK).bit_count(), pile & ACE_OF_SPADES_BIT)
        if best_key is None or key > best_key:
            best_key, best = key, [move]
        elif key == best_key:
            best.append(move)
    if best:
        return best[0] if len(best) == 1 else rng.choice(best)
    trails = [m for m in moves if m.action == TRAIL]
    # lowest value first; among equal values a non-spade (suit 0 is spades) first, then card order
    return min(trails, key=lambda m: (RANK[m.card], SUIT[m.card] == 0, m.card))
