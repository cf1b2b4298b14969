"""Sweep deals with part of the hidden cards known: the other places filled by the game's own
exact sampler (``simulator/games/sweep/determinize.py``), under the same constraints.

The constraints are those of ``determinize``: a seat that built a value in this deal and has not
played a card of it since still holds one, and a card the centre redeal returned, while the first
hands are played, is in the stock. Knowing a place fixes its cards; the unknown hands and (unless
known) the stock share the cards they truly hold, uniformly among the fillings that keep the
constraints, and the stock is shuffled: knowing the hands alone still leaves its order unknown.

For the reader (:mod:`simulator.bench.oracle.reader`): the other seats' plays of the current deal,
each with the view its seat had then, rebuilt from the public record and a sampled hand.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from simulator.bench.oracle import Knowledge, Sampler
from simulator.cards import cards_of, mask_of
from simulator.games.sweep.determinize import _build_needs, _sample, _shuffle
from simulator.games.sweep.groups import signature
from simulator.games.sweep.movegen import loose_moves
from simulator.games.sweep.moves import CAPTURE, TRAIL, SweepMove
from simulator.games.sweep.rules import SweepRules
from simulator.games.sweep.state import SweepState
from simulator.games.sweep.view import SweepView

HAS_STOCK = True


def sampler(state: SweepState, seat: int, known: Knowledge) -> Sampler:
    """Deals of ``state`` seen from ``seat`` with the places of ``known`` kept as they are."""
    view = state.view(seat)
    rules = view.rules
    n = rules.num_players
    eight = rules.deal_mode == "eight_card_single"
    position = state.position()
    others = [s for s in range(n) if s != seat]
    unknown = [s for s in others if s not in known.seats]
    per_deal = 8 * n if eight else 4 * n
    deal_start = 0 if eight else len(view.history) // per_deal * per_deal
    needs_of = dict(zip(others, _build_needs(view, deal_start, others), strict=True))
    needs = [needs_of[s] for s in unknown]
    hands = position.hands
    pool = 0
    for s in unknown:
        pool |= hands[s]
    sink = 0  # the unknown stock (the set-aside cards in the eight-card deal)
    if not known.stock:
        sink = position.set_aside if eight else mask_of(position.stock)
    forced = view.centre_returned & sink if deal_start == 0 else 0
    caps = [hands[s].bit_count() for s in unknown] + [sink.bit_count() - forced.bit_count()]
    free = (pool | sink) & ~forced

    def draw(rng: random.Random) -> SweepState:
        if not pool | sink:  # nothing unknown: the true deal
            return SweepState.from_position(position)
        slots = _sample(free, caps, needs, rng)
        new_hands = list(hands)
        for s, cards in zip(unknown, slots[:-1], strict=True):
            new_hands[s] = mask_of(cards)
        got = dataclasses.replace(position, hands=tuple(new_hands))
        if not known.stock:
            stock = slots[-1] + list(cards_of(forced))
            _shuffle(stock, rng)
            if eight:
                got = dataclasses.replace(got, set_aside=mask_of(stock))
            else:
                got = dataclasses.replace(got, stock=tuple(stock))
        return SweepState.from_position(got)

    return draw


@dataclasses.dataclass(frozen=True)
class PastPlay:
    """A play of the current deal by another seat, and what its seat saw then but its hand."""

    seat: int
    move: SweepMove
    after: int  # the seat's cards played from this play on in the deal, this one included
    then: dict[str, Any]  # the fields of the seat's view just before the play, but ``hand``


def reads(rules: SweepRules) -> bool:
    """Whether the reader applies: the base game (with builds the moves' worth hangs on values a
    seat declares, which the replay below does not rebuild)."""
    return not rules.builds


def past_plays(view: SweepView) -> list[PastPlay]:
    """The other seats' plays of the current deal, each with the view its seat had then (the table,
    piles, sweeps and hand sizes replayed from the start of the round: with no builds the table then
    held the cards on it or taken that no hand played)."""
    rules = view.rules
    n = rules.num_players
    per_deal = 8 * n if rules.deal_mode == "eight_card_single" else 4 * n
    history = view.history
    start = len(history) // per_deal * per_deal
    played = 0
    for _, move in history:
        played |= 1 << move.card
    table = view.table
    for pile in view.piles:
        table |= pile
    table &= ~played
    piles = [0] * len(view.piles)
    sweeps = [0] * len(view.piles)
    last = -1
    plays: list[PastPlay] = []
    for i, (seat, move) in enumerate(history):
        if i >= start and seat != view.seat:
            after = 0
            sizes = list(view.hand_sizes)
            for later_seat, later in history[i:]:
                sizes[later_seat] += 1
                if later_seat == seat:
                    after |= 1 << later.card
            then = {
                "seat": seat,
                "current_player": seat,
                "table": table,
                "piles": tuple(piles),
                "sweeps": tuple(sweeps),
                "last_capturer": last,
                "history": history[:i],
                "hand_sizes": tuple(sizes),
            }
            plays.append(PastPlay(seat, move, after, then))
        if move.action == TRAIL:
            table |= 1 << move.card
        elif move.action == CAPTURE:
            side = rules.side_of_seat[seat]
            table &= ~move.mask
            piles[side] |= move.mask | 1 << move.card
            last = seat
            if not table:  # a play before the current one is never the round's last
                sweeps[side] += 1
    return plays


def choice_then(view: SweepView, play: PastPlay, hand: int) -> tuple[SweepView, list[SweepMove]]:
    """The view of ``play``'s seat just before it, had the seat held ``hand`` now, and its legal
    moves then."""
    held = hand | play.after
    then = dataclasses.replace(view, hand=held, **play.then)
    table = then.table
    return then, list(loose_moves(list(cards_of(held)), table, signature(table), held))
