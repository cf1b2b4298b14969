"""Sweep deals with part of the hidden cards known: the other places filled by the game's own
exact sampler (``simulator/games/sweep/determinize.py``), under the same constraints.

The constraints are those of ``determinize``: a seat that built a value in this deal and has not
played a card of it since still holds one, and a card the centre redeal returned, while the first
hands are played, is in the stock. Knowing a place fixes its cards; the unknown hands and (unless
known) the stock share the cards they truly hold, uniformly among the fillings that keep the
constraints, and the stock is shuffled: knowing the hands alone still leaves its order unknown.

For the reader (:mod:`simulator.bench.oracle.reader`): the other seats' plays of the current deal,
each with the view its seat had then, rebuilt from the public record and a sampled hand, as
inference from play rebuilds them (``strategies/montecarlo/sweep_inference.py``).
"""

from __future__ import annotations

import dataclasses
import random

from simulator.bench.oracle import Knowledge, Sampler
from simulator.cards import cards_of, mask_of
from simulator.games.sweep.determinize import _build_needs, _sample, _shuffle
from simulator.games.sweep.rules import SweepRules
from simulator.games.sweep.state import SweepState
from strategies.montecarlo.sweep_inference import choice_then, past_plays

__all__ = ["HAS_STOCK", "SECRET_PARTNER", "choice_then", "past_plays", "reads", "sampler"]

HAS_STOCK = True
#: partners are fixed by the seats: no teams oracle
SECRET_PARTNER = False


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


def reads(rules: SweepRules) -> bool:
    """Whether the reader applies: the base game (with builds the moves' worth hangs on values a
    seat declares, which the replay of past views does not rebuild)."""
    return not rules.builds
