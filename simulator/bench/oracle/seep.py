"""Seep deals with part of the hidden cards known, under the constraints of the game's sampler
(``simulator/games/seep/determinize.py``: its holding facts, the bidder's first packet and bid).

Rejection sampling, as there: the cards of the unknown places (the unknown hands, and unless the
stock is known, the face-down floor before the bid and the stock) are shuffled and dealt back into
them by their true sizes until every fact about an unknown hand holds; facts about a known hand
hold already. Each consistent filling is drawn with the same probability. In the four-player game
every card is dealt after the opening play, so there the stock is hidden only for the bid and
the opening.
"""

from __future__ import annotations

import random

from simulator.bench.oracle import Knowledge, Sampler
from simulator.games.seep.determinize import MAX_ATTEMPTS, _bid_legal, _public, _three
from simulator.games.seep.state import SeepState
from simulator.shuffle import shuffle

HAS_STOCK = True
#: partners are fixed by the seats: no teams oracle
SECRET_PARTNER = False
#: cards on the floor before the bid
FLOOR_CARDS = 4


def sampler(state: SeepState, seat: int, known: Knowledge) -> Sampler:
    """Deals of ``state`` seen from ``seat`` with the places of ``known`` kept as they are."""
    view = state.view(seat)
    pub = _public(view)
    base, bidder = pub.state, view.bidder
    unknown = [q for q in pub.hidden if q not in known.seats]
    slots = [(q, state.hands[q].bit_count(), tuple(m for p, m in pub.must if p == q)) for q in unknown]
    floor_unknown = pub.floor_hidden and not known.stock
    cards = [c for q in unknown for c in range(52) if state.hands[q] >> c & 1]
    if floor_unknown:
        cards += [c for c in range(52) if state.loose >> c & 1]
    if not known.stock:
        cards += state.stock
    check_bidder = bidder in unknown and (pub.packet is not None or pub.check_bid)

    def bidder_fits(hand: int, rng: random.Random) -> bool:
        """The bidder's facts of his first packet and bid, as ``determinize`` checks them."""
        if pub.packet is not None:
            opening, played, needs = pub.packet
            rest = _three(played | hand, rng)
            if not all(rest & mask for mask in needs):
                return False
            return not pub.check_bid or _bid_legal(base, rest | 1 << opening, pub.first_floor)
        return not (pub.check_bid and base.plays == 0) or _bid_legal(base, hand, pub.first_floor)

    def draw(rng: random.Random) -> SeepState:
        new = state.clone()
        if not cards:  # nothing unknown: the true deal
            return new
        for _ in range(MAX_ATTEMPTS):
            shuffle(rng, cards)
            hands = list(state.hands)
            pos = 0
            for q, size, masks in slots:
                hand = 0
                for c in cards[pos : pos + size]:
                    hand |= 1 << c
                pos += size
                hands[q] = hand
                if not all(hand & mask for mask in masks):
                    break
                if check_bidder and q == bidder and not bidder_fits(hand, rng):
                    break
            else:
                new.hands = hands
                if floor_unknown:
                    new.loose = sum(1 << c for c in cards[pos : pos + FLOOR_CARDS])
                    pos += FLOOR_CARDS
                if not known.stock:
                    new.stock = cards[pos:]
                return new
        raise ValueError(f"no deal keeps what the oracle knows of seat {seat}'s view")

    return draw


def reads(rules: object) -> bool:
    """The reader does not apply: see :mod:`simulator.bench.oracle.reader`."""
    return False
