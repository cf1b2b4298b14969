"""Inference from play in Sweep: how likely a sampled deal makes the plays the other seats made.

What a play says about a hand: a seat that trailed while holding a card that captured (more so a
rich capture, or a sweep) did not play as players do; a seat that took two cards when its hand
could take five probably could not. :func:`log_likelihood` scores a sampled deal by the chance
that the other seats, holding the cards the sample gives them, would have made their plays of
the current deal under a model of play: a softmax, at a temperature, of a capture's worth (the
cards, spades and ace of spades it takes, and a sweep) over each seat's legal moves then, a trail
worth 0. Only the current deal's plays are scored: a play of an earlier deal was made from cards
all played since, the same in every sample. The table before each play is rebuilt from the public
record once per view (the hand then is the sample's hand plus the cards played since), so the
model reads only the sampled deal and the searching seat's own view. The game with builds has no
model (its likelihood is 0: uniform deals).
"""

from __future__ import annotations

import math
from typing import Any

from simulator.cards import SPADE_MASK, cards_of
from simulator.games.sweep import CAPTURE, TRAIL, SweepMove, SweepView
from simulator.games.sweep.groups import signature
from simulator.games.sweep.movegen import loose_moves

#: a play to score: (seat, the table before it, the seat's cards played after it in this deal,
#: the move, the table's signature)
Play = tuple[int, int, int, SweepMove, int]

_cache: list[tuple[SweepView, list[Play]]] = []


def worth(move: SweepMove, table: int) -> float:
    """The model's score of ``move`` on ``table``: what a capture takes, counted as the scoring
    does (cards, spades, the ace of spades), and 2 more for a sweep; a trail 0."""
    if move.action == TRAIL:
        return 0.0
    pile = move.mask | 1 << move.card
    swept = 2.0 if move.mask == table else 0.0
    return 1.0 + pile.bit_count() + (pile & SPADE_MASK).bit_count() + 2.0 * (pile & 1) + swept


def current_plays(view: SweepView) -> list[Play]:
    """The other seats' plays of the current deal, each with the table it was made on (from the
    table at the start of play, rebuilt as the cards on it or taken that no hand played)."""
    if _cache and _cache[0][0] is view:
        return _cache[0][1]
    rules = view.rules
    n = rules.num_players
    per_deal = 8 * n if rules.deal_mode == "eight_card_single" else 4 * n
    history = view.history
    played = 0
    for _, move in history:
        played |= 1 << move.card
    table = view.table
    for pile in view.piles:
        table |= pile
    table &= ~played  # the table when play began: every card on it since came from a hand
    start = len(history) // per_deal * per_deal
    plays: list[Play] = []
    for i, (seat, move) in enumerate(history):
        if i >= start and seat != view.seat:
            after = 0
            for later_seat, later in history[i:]:
                if later_seat == seat:
                    after |= 1 << later.card
            plays.append((seat, table, after, move, signature(table)))
        if move.action == TRAIL:
            table |= 1 << move.card
        elif move.action == CAPTURE:
            table &= ~move.mask
    _cache[:] = [(view, plays)]
    return plays


def log_likelihood(view: Any, deal: Any, weight: float, last: int) -> float:
    """Log of the chance that the other seats, holding ``deal``'s cards, made their last ``last``
    plays of the current deal as they did, each a softmax of ``weight`` times :func:`worth` over
    its legal moves then (``weight`` is the inverse temperature). 0 in the game with builds."""
    if view.rules.builds:
        return 0.0
    plays = current_plays(view)
    hands = deal.hands
    total = 0.0
    for seat, table, after, move, sig in plays[-last:]:
        hand = hands[seat] | after
        moves = loose_moves(list(cards_of(hand)), table, sig, hand)
        if len(moves) < 2:
            continue
        scores = [weight * worth(m, table) for m in moves]
        top = max(scores)
        norm = math.log(math.fsum(math.exp(s - top) for s in scores))
        total += weight * worth(move, table) - top - norm
    return total
