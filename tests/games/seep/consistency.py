"""A slow, literal check that a full Seep state explains a seat's view (written apart from the sampler).

It rebuilds the deal the state implies (each seat's cards of each dealing, the
first floor), replays the view's history on it asking the engine at every step
whether the move was legal, and counts the bidder's first packets for which it
all holds: that count is the weight of the state among the deals consistent
with the view (0: inconsistent). Other seats' first packets never matter (they
make no move before the rest is dealt), nor does the order of cards in a packet.
"""

from __future__ import annotations

import dataclasses
from itertools import combinations

from simulator.cards import RANK
from simulator.games.seep import BID, SeepPosition, SeepState, SeepView

FULL = (1 << 52) - 1
BIDDING = 0


def bits(mask: int) -> list[int]:
    return [c for c in range(52) if mask >> c & 1]


def era_of_play(play: int, second_deal: bool) -> int:
    """0: the opening (first packets); 1: after the first deal on; 2: after a two-player second deal."""
    if play == 1:
        return 0
    return 2 if second_deal and play > 24 else 1


def _legal(state: SeepState, move: object) -> bool:
    return move in list(state.legal_moves())


def _public_fields(position: SeepPosition) -> SeepPosition:
    return dataclasses.replace(position, stock=(), seed=0, rng_state=None)


def weight(view: SeepView, state: SeepState, cache: dict | None = None) -> int:
    """How many first packets of the bidder make ``state`` a legal continuation of ``view`` (0: none)."""
    if state.view(view.seat) != view:
        return 0
    n, bidder = state.n, state.bidder
    second = n == 2 and state.total_plays == 48
    stock = 0
    for c in state.stock:
        stock |= 1 << c
    places = [state.loose, stock, *state.hands, *state.piles, *(h.cards for h in state.houses())]
    seen = 0
    for mask in places:
        if seen & mask:
            return 0
        seen |= mask
    if seen != FULL or len(state.stock) != stock.bit_count():
        return 0
    now = 0 if state.plays == 0 else 2 if second and state.plays >= 24 else 1
    cards = [[0, 0, 0] for _ in range(n)]  # cards of each seat by dealing era
    play = 0
    for q, move in view.history:
        if move.action != BID:
            play += 1
            cards[q][era_of_play(play, second)] |= 1 << move.card
    for q in range(n):
        cards[q][now] |= state.hands[q]
    held = 0
    for q in range(n):
        held |= cards[q][0] | cards[q][1] | cards[q][2]
    first_floor = FULL & ~held & ~stock
    if first_floor.bit_count() != 4:
        return 0
    if now == 0:
        packets = [state.hands[bidder]]
    else:
        opening = 1 << view.history[1][1].card
        pool = bits(cards[bidder][1])
        packets = [opening | sum(1 << c for c in three) for three in combinations(pool, 3)]
    key = (cards[bidder][1], first_floor) if now else None
    if cache is not None and key in cache:
        good = cache[key]
    else:
        good = sum(_opening_legal(view, state, first_floor, packet) for packet in packets)
        if cache is not None:
            cache[key] = good
    if not good:
        return 0
    if len(view.history) > 2 and not _rest_legal(view, state, first_floor, cards, second):
        return 0
    return good


def _start(view: SeepView, state: SeepState, floor: int, hands: list[int]) -> SeepState:
    rules = state.rules
    return SeepState.from_position(
        SeepPosition(
            rules=rules,
            hands=tuple(hands),
            loose=floor,
            turn=state.bidder,
            plays=0,
            bid=0,
            phase=BIDDING,
            dealer=state.dealer,
            floor_visible=rules.floor_visible_at_bid,
            scores=view.scores,
            baazis=view.baazis,
        )
    )


def _opening_legal(view: SeepView, state: SeepState, floor: int, packet: int) -> bool:
    """The first packet holds a 9-K card (else the deal is void), and the bid and the opening are legal."""
    if not any(RANK[c] >= 9 for c in bits(packet)):
        return False
    hands = [0] * state.n
    hands[state.bidder] = packet
    replay = _start(view, state, floor, hands)
    for _, move in view.history[:2]:
        if not _legal(replay, move):
            return False
        replay.apply(move)
    return True


def _rest_legal(view: SeepView, state: SeepState, floor: int, cards: list[list[int]], second: bool) -> bool:
    """The plays after the opening are legal with each seat's cards of the first deal, then the second."""
    n = state.n
    replay = _start(view, state, floor, [0] * n)
    for _, move in view.history[:2]:
        replay.apply(move)
    replay.hands = [cards[q][1] for q in range(n)]
    for _, move in view.history[2:]:
        if not _legal(replay, move):
            return False
        replay.apply(move)
        if second and replay.plays == 24:
            replay.hands = [cards[q][2] for q in range(n)]
    return _public_fields(replay.position()) == _public_fields(state.position())
