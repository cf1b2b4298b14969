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
from typing import Final

from simulator.cards import RANK, SPADE_MASK, SUIT
from simulator.games.sweep import CAPTURE, TRAIL, SweepMove, SweepView

#: the rule reads only the moves: the runner need not build a view (strategies/greedy/plugin.py)
WANTS_VIEW: Final = False
#: per card, its order among trails: lowest value first, then a non-spade (suit 0 is spades), then card
TRAIL_ORDER: Final = tuple(RANK[c] << 8 | (SUIT[c] == 0) << 6 | c for c in range(52))
_BIT: Final = tuple(1 << c for c in range(52))


def choose(view: SweepView | None, moves: Sequence[SweepMove], rng: random.Random) -> SweepMove:
    """One of ``moves`` (the view is not needed: the moves say everything this rule looks at).

    One pass: a capture's key packs (cards, spades, ace of spades) into one int, compared as
    the tuple would be; trails are ranked by ``TRAIL_ORDER`` until a capture turns up."""
    best: SweepMove | None = None
    best_key = -1
    ties: list[SweepMove] | None = None
    trail: SweepMove | None = None
    trail_key = 1 << 20
    for move in moves:
        action, card, _, mask = move
        if action == CAPTURE:
            pile = mask | _BIT[card]
            key = pile.bit_count() << 16 | (pile & SPADE_MASK).bit_count() << 8 | (pile & 1)
            if key > best_key:
                best, best_key, ties = move, key, None
            elif key == best_key:
                if ties is None:
                    ties = [best]  # type: ignore[list-item]
                ties.append(move)
        elif action == TRAIL and best is None and TRAIL_ORDER[card] < trail_key:
            trail, trail_key = move, TRAIL_ORDER[card]
    if best is not None:
        return best if ties is None else rng.choice(ties)
    assert trail is not None, "every card in hand can trail"
    return trail
