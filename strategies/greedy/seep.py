"""Greedy Seep: take the capture worth most points now, else throw the cheapest card.

* Bid: the highest value held.
* Capture worth most: card points of the captured cards (house included) and of
  the played card, plus the sweep value when the floor is left empty.
* Else throw the throwable card of lowest point value, then lowest capture value.
  A play always offers a capture or a throw: a card that can capture has a legal
  capture, one that cannot may be thrown (§5.5, §5.8), so house moves are never chosen.
Ties between equally good captures are broken with the strategy's RNG.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from simulator.cards import RANK
from simulator.games.seep import (
    CAPTURE,
    HUNDRED_POINTS,
    THIRTY_POINTS,
    THROW,
    SeepMove,
    SeepView,
    pile_points,
    with_action,
)

#: the rule reads the position (strategies/greedy/plugin.py)
WANTS_VIEW: Final = True


def sweep_value(view: SeepView, card: int) -> int:
    """What a sweep with ``card`` on the next play would score (§5.7, §12.1)."""
    play = view.play + 1
    if play >= view.total_plays:
        return 0
    if view.rules.scoring == "thirty":
        return RANK[card]
    return 25 if play == 1 else 50


def capture_value(view: SeepView, move: SeepMove) -> int:
    """Card points taken by a capture (played card included) plus its sweep bonus."""
    thirty = view.rules.scoring == "thirty"
    v = RANK[move.card]
    taken = move.floor | (1 << move.card)
    others = False
    for h in view.houses:
        if h.value == v:
            taken |= h.cards
        else:
            others = True
    points = pile_points(taken, thirty)
    if not others and not (view.loose & ~move.floor):
        points += sweep_value(view, move.card)
    return points


def choose(view: SeepView, moves: Sequence[SeepMove], rng: random.Random) -> SeepMove:
    """The greedy choice among ``moves`` (all legal for ``view.seat``)."""
    if not view.bid:  # the bid (the play phase always has one)
        return max(moves, key=lambda m: m.value)
    captures = with_action(moves, CAPTURE)
    if captures:
        scored = [(capture_value(view, m), m) for m in captures]
        best = max(s for s, _ in scored)
        return rng.choice([m for s, m in scored if s == best])
    points = THIRTY_POINTS if view.rules.scoring == "thirty" else HUNDRED_POINTS
    return min(with_action(moves, THROW), key=lambda m: (points[m.card], RANK[m.card], m.card))
