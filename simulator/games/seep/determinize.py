"""Hidden Seep cards sampled consistently with what one seat knows (``GAME.determinize``).

What a seat knows is its view: its hand, the public history (every bid and
play, so every card played, every floor and who held which card when), the
hand sizes. The hidden cards (other hands, the stock, the face-down floor
before the bid, the set-aside cards of 12-card three-player hands) are dealt
at random among the full deals under which the history was legal, each such
deal equally likely (the shuffle is uniform). What legality tells about
hidden hands is only the holding rules, each an "after move k, seat q held a
card of value V" fact:

* the void rule and the bid: the bidder's first packet holds a 9-K card, and
  a card of the bid value (§3.3, §3.4; in ``floor_visible_at_bid`` the bid was
  also a legal one for that packet and floor, §12.4);
* a house move or a break that needs ``holds(mover, V)`` (§5.3, §5.4);
* with ``owner_must_retain``, after each of his plays every owner holds a card
  of each house he owns (§4.2 I4), which covers "owners hold their value".

Cards leave a hand only by being played (publicly) and arrive only at the
deals after play 1 (and after play 24 with two players), so such a fact is
either met by a card the seat played later before the next deal, or it says
the seat holds a V card now, or (the bidder's facts of the bid and the
opening) it is a fact about the first packet: three of the bidder's later
cards chosen at random join the opening card.

Method: rejection sampling. Deal the unseen cards uniformly into the hidden
places (a Fisher-Yates shuffle, constrained hands drawn first so a failing
attempt stops early), draw the bidder's first packet uniformly when it
matters, and accept when every fact holds; otherwise start again. Each full deal
consistent with the view is thereby drawn with the same probability (the
number of packet draws is the same for every assignment), so the sample is
not biased toward the true deal and never looks at it. The public replay of
the history is done once per view (cached for repeated calls on one view).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from simulator.cards import RANK_MASK, CardMask
from simulator.games.seep.moves import BID, BREAK, HOUSE, SeepMove
from simulator.games.seep.state import BIDDING, HIGH_MASK, SeepPosition, SeepState
from simulator.games.seep.view import SeepView

FULL = (1 << 52) - 1
#: attempts before giving up on a view no deal can explain (a hand-made, inconsistent view)
MAX_ATTEMPTS = 1_000_000


@dataclass(frozen=True)
class _Public:
    """What a view implies, computed once: the public state and the facts a sample must meet."""

    state: SeepState  # the deal replayed with hidden hands empty
    unseen: tuple[int, ...]  # cards the seat has not seen, in card order
    hidden: tuple[int, ...]  # seats whose hands are sampled
    floor_hidden: bool  # the face-down floor is sampled too (before the bid)
    must: tuple[tuple[int, CardMask], ...]  # (seat, mask): the seat's hand holds a card of the mask now
    # the bidder's hidden first packet once dealt on: (opening card, his played cards of era 1, masks
    # the other three cards must meet); they come from those cards and his sampled hand
    packet: tuple[int, CardMask, tuple[CardMask, ...]] | None
    check_bid: bool  # floor_visible_at_bid: the bid must be legal for the sampled first packet
    first_floor: CardMask  # the four cards turned up after the bid (0 while face down)


_cache: list[tuple[SeepView, tuple[_Public, list[tuple[int, int, tuple[CardMask, ...]]]]]] = []


def _era(plays: int, second_deal: bool) -> int:
    """Dealing era of the moment after ``plays`` plays: 0 up to the opening, 2 after a second deal."""
    if plays <= 1:
        return 0
    return 2 if second_deal and plays > 24 else 1


def _holds_needed(s: SeepState, q: int, move: SeepMove) -> int:
    """The value a house move or break needs its mover to hold afterwards (§5.3, §5.4), or 0."""
    action, value = move.action, move.value
    if action != HOUSE and action != BREAK:
        return 0
    if not s.hmask >> value & 1:
        return value
    owners = s.howners[value]
    partner = s.partner[q]
    if not owners >> q & 1 and partner >= 0 and owners >> partner & 1:
        return 0
    return value


def public_start(view: SeepView, hand: CardMask) -> tuple[SeepState, CardMask]:
    """The deal before its bid as the view can rebuild it, and the first floor (0 while face down):
    every other seat holding just the cards it has played, the view's seat those and ``hand``;
    replaying the view's history on it is legal and reaches the view's public state."""
    rules = view.rules
    played_by = [0] * rules.num_players
    for q, move in view.history:
        if move.action != BID:
            played_by[q] |= 1 << move.card
    played_by[view.seat] |= hand
    first_floor = 0
    if view.floor_visible:
        first_floor = view.loose
        for _, move in view.history:
            first_floor |= move.floor
        first_floor &= ~view.played
    start = SeepState.from_position(
        SeepPosition(
            rules=rules,
            hands=tuple(played_by),
            loose=first_floor,
            turn=view.bidder,
            plays=0,
            bid=0,
            phase=BIDDING,
            dealer=view.dealer,
            floor_visible=rules.floor_visible_at_bid,
            scores=view.scores,
            baazis=view.baazis,
        )
    )
    return start, first_floor


def _public(view: SeepView) -> _Public:
    """Replay the public history and derive the unseen cards and the holding facts."""
    rules = view.rules
    n = rules.num_players
    seat, bidder = view.seat, view.bidder
    second = n == 2 and view.total_plays == 48
    s, first_floor = public_start(view, view.hand)
    # facts: (seat, era, index of the next play in ``plays``, value mask the seat's hand must meet)
    facts: list[tuple[int, int, int, CardMask]] = []
    plays: list[tuple[int, int, int]] = []  # (seat, era, card) of each play, in order
    for q, move in view.history:
        if s.turn != q:
            raise ValueError(f"seat {q} moves out of turn in the view's history")
        need = _holds_needed(s, q, move)
        s.apply(move)
        era = _era(s.plays, second)
        if move.action != BID:
            plays.append((q, era, move.card))
        if q == seat:
            continue
        masks = [RANK_MASK[move.value]] if move.action == BID else []
        if need:
            masks.append(RANK_MASK[need])
        if s.retain:
            owned = s.owned[q]
            masks += [RANK_MASK[V] for V in range(9, 14) if owned >> (V - 9) & 1]
        facts += [(q, era, len(plays), mask) for mask in masks]
    now = 0 if s.plays == 0 else 2 if second and s.plays >= 24 else 1  # the era of the hands now
    must: list[tuple[int, CardMask]] = []
    packet_needs: list[CardMask] = []
    for q, era, index, mask in facts:
        later = 0
        for p, e, card in plays[index:]:
            if p == q and e == era:
                later |= 1 << card
        if later & mask:
            continue
        if era == now:
            must.append((q, mask))
        elif era == 0 and q == bidder:
            packet_needs.append(mask)
        else:
            raise ValueError(f"seat {q} no longer holds a card the view's history shows he kept")
    if s.phase == BIDDING and bidder != seat:
        must.append((bidder, HIGH_MASK))  # else the deal would have been void (§3.3)
    check_bid = rules.floor_visible_at_bid and bidder != seat and s.phase != BIDDING and now < 2
    packet = None
    if now == 1 and bidder != seat and (packet_needs or check_bid):
        # the bidder's first packet: his opening card and three of his cards of era 1
        known = 0
        for p, e, card in plays:
            if p == bidder and e == 1:
                known |= 1 << card
        packet = (view.history[1][1].card, known, tuple(packet_needs))
    unseen = FULL & ~(view.hand | view.played | first_floor)
    hidden = tuple(q for q in range(n) if q != seat)
    return _Public(
        state=s,
        unseen=tuple(c for c in range(52) if unseen >> c & 1),
        hidden=hidden,
        floor_hidden=not view.floor_visible,
        must=tuple(must),
        packet=packet,
        check_bid=check_bid,
        first_floor=first_floor,
    )


def _bid_legal(state: SeepState, first_packet: CardMask, floor: CardMask) -> bool:
    """Whether the view's bid was legal for this first packet and floor (§12.4)."""
    s = SeepState.from_position(
        SeepPosition(
            rules=state.rules,
            hands=tuple(first_packet if q == state.bidder else 0 for q in range(state.n)),
            loose=floor,
            turn=state.bidder,
            plays=0,
            bid=0,
            phase=BIDDING,
            dealer=state.dealer,
            floor_visible=True,
        )
    )
    return SeepMove(BID, -1, state.bid, 0) in s.legal_moves()


def _three(cards: CardMask, rng: random.Random) -> CardMask:
    """Three cards of ``cards`` drawn uniformly (the bidder's first packet beside his opening card)."""
    pool = [c for c in range(52) if cards >> c & 1]
    picked = 0
    for c in rng.sample(pool, 3):
        picked |= 1 << c
    return picked


def _plan(view: SeepView, pub: _Public) -> list[tuple[int, int, tuple[CardMask, ...]]]:
    """(seat or -1 for the floor, cards, masks its hand must meet): constrained seats first, so a
    failing attempt stops after drawing a few cards."""
    bidder_checked = pub.packet is not None or pub.check_bid
    plan = []
    for q in pub.hidden:
        masks = tuple(mask for p, mask in pub.must if p == q)
        plan.append((q, view.hand_sizes[q], masks))
    plan.sort(key=lambda slot: not (slot[2] or (bidder_checked and slot[0] == view.bidder)))
    if pub.floor_hidden:
        plan.append((-1, 4, ()))
    return plan


def determinize(view: SeepView, rng: random.Random) -> SeepState:
    """A complete deal consistent with ``view``: ``state.view(view.seat) == view`` (method: module doc)."""
    if _cache and _cache[0][0] is view:
        pub, plan = _cache[0][1]
    else:
        pub = _public(view)
        plan = _plan(view, pub)
        _cache[:] = [(view, (pub, plan))]
    base = pub.state
    bidder, packet, check_bid = view.bidder, pub.packet, pub.check_bid
    cards = list(pub.unseen)
    total = len(cards)
    spans = [(total - i, (total - i).bit_length()) for i in range(total)]
    getrandbits = rng.getrandbits
    for _ in range(MAX_ATTEMPTS):
        hands = list(base.hands)
        hands[view.seat] = view.hand
        floor = pos = 0
        for q, size, masks in plan:
            h = 0
            for i in range(pos, pos + size):  # Fisher-Yates, front to back, one slot at a time
                span, k = spans[i]
                j = getrandbits(k)
                while j >= span:
                    j = getrandbits(k)
                c = cards[i + j]
                cards[i + j] = cards[i]
                cards[i] = c
                h |= 1 << c
            pos += size
            if q < 0:
                floor = h
                continue
            hands[q] = h
            if masks and not all(h & mask for mask in masks):
                break
            if q == bidder:
                if packet is not None:
                    opening, known, needs = packet
                    rest = _three(known | h, rng)
                    if not all(rest & mask for mask in needs):
                        break
                    if check_bid and not _bid_legal(base, rest | 1 << opening, pub.first_floor):
                        break
                elif check_bid and base.plays == 0 and not _bid_legal(base, h, pub.first_floor):
                    break
        else:
            for i in range(pos, total - 1):  # the stock's order, for the packets still to deal
                span, k = spans[i]
                j = getrandbits(k)
                while j >= span:
                    j = getrandbits(k)
                cards[i], cards[i + j] = cards[i + j], cards[i]
            state = base.clone()
            state.hands = hands
            state.stock = cards[pos:]
            if pub.floor_hidden:
                state.loose = floor
            seed = getrandbits(64)
            state.seed = seed
            state.rng = random.Random(seed)
            return state
    raise ValueError(f"no deal is consistent with this view of seat {view.seat} (checked {MAX_ATTEMPTS})")


__all__ = ["determinize", "public_start"]
