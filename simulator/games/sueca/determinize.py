"""Sampling the hidden cards of a hand consistently with what one seat knows (``GAME.determinize``).

What the seat knows, and so what every sample respects:

* its own hand, every card played (tricks and the open trick), every hand size;
* voids: a seat that did not follow the suit led holds no card of it (rules §6.2);
* the called card, while unplayed, is held by the partner and never by the declarer; the partner
  knows himself (he holds it: his own hand says so), and nobody else learns who he is;
* in the auction, the trump choice and the card call nothing but hand sizes (bids are strategy, not rules).

Sampling is uniform among every assignment of the unseen cards to the other seats that satisfies
these constraints, so it never leans toward the true deal. Each unseen card has a set of seats that
may hold it (all others, minus the void ones, minus the declarer for the called card). When no card
is restricted, a shuffle dealt by hand size is uniform. Otherwise a few rejection tries (shuffle,
deal, keep the deal only if it respects every restriction) come first: each kept deal is uniform
among the consistent ones. If they all fail, an exact sequential sampler deals the cards one by one,
giving each card to a seat with probability proportional to the number of consistent completions
(counted exactly, memoized over the few card classes: cards with the same seats allowed are
interchangeable for counting). Either path is exactly uniform, and so is the mixture: whatever
the outcome of the tries, the sample returned is uniform over the consistent deals.
"""

from __future__ import annotations

import random
from functools import lru_cache
from math import factorial

from simulator.cards import Card, CardMask
from simulator.games.sueca.cards import PACK_CARDS, PACK_MASK, SUIT_PACK_MASK
from simulator.games.sueca.rules import NUM_PLAYERS
from simulator.games.sueca.state import SuecaPosition, SuecaState
from simulator.games.sueca.view import SuecaView
from simulator.shuffle import shuffle

#: rejection tries before the exact sampler: each costs about one shuffle, an exact sample (uncached
#: counts) dozens; 20 measured fastest mid-deal (6: about 3x slower)
REJECTION_TRIES = 20
_FACT = tuple(factorial(n) for n in range(41))


def banned_cards(view: SuecaView) -> list[CardMask]:
    """Per seat, the cards it cannot hold by what ``view.seat`` knows: void suits and the called card."""
    banned = [0] * NUM_PLAYERS
    records = [*view.tricks, (view.trick_leader, view.trick, -1)]
    for leader, cards, _ in records:
        if not cards:
            continue
        led = cards[0] & 3
        for i in range(1, len(cards)):
            if cards[i] & 3 != led:
                banned[(leader + i) % NUM_PLAYERS] |= SUIT_PACK_MASK[led]
    called = view.called_card
    if view.contract == "points" and called is not None and view.declarer >= 0:
        banned[view.declarer] |= 1 << called
    return banned


def determinize(view: SuecaView, rng: random.Random) -> SuecaState:
    """A complete hand whose ``view(view.seat)`` equals ``view``, hidden cards dealt uniformly at
    random among the consistent deals, with a fresh RNG (seeded from ``rng``) for later redeals."""
    seat = view.seat
    unseen = PACK_MASK & ~view.hand & ~view.played
    needs = list(view.hand_sizes)
    needs[seat] = 0
    hands = sample_hands(unseen, needs, banned_cards(view), rng)
    hands[seat] = view.hand
    position = SuecaPosition(
        hands=tuple(hands),
        rules=view.rules,
        dealer=view.dealer,
        phase=view.phase,
        current_player=view.current_player,
        calls=view.calls,
        contract=view.contract,
        declarer=view.declarer,
        bid=view.bid,
        trump=-1 if view.trump is None else view.trump,
        called_card=-1 if view.called_card is None else view.called_card,
        trick_leader=view.trick_leader,
        trick=view.trick,
        tricks=view.tricks,
        scores=view.scores,
        seed=rng.getrandbits(63),
    )
    return SuecaState.from_position(position)


def sample_hands(
    unseen: CardMask,
    needs: list[int],
    banned: list[CardMask],
    rng: random.Random,
    tries: int = REJECTION_TRIES,
) -> list[CardMask]:
    """``needs[s]`` cards of ``unseen`` for every seat, none of ``banned[s]``, uniformly at random."""
    cards = [c for c in PACK_CARDS if (unseen >> c) & 1]
    if len(cards) != sum(needs):
        raise ValueError(f"{len(cards)} unseen cards for hand sizes {needs}")
    restricted = [s for s in range(NUM_PLAYERS) if needs[s] and banned[s] & unseen]
    if not restricted:
        return _deal(cards, needs, rng)
    for _ in range(tries):
        hands = _deal(cards, needs, rng)
        if all(not hands[s] & banned[s] for s in restricted):
            return hands
    return _exact(cards, needs, banned, rng)


def _deal(cards: list[Card], needs: list[int], rng: random.Random) -> list[CardMask]:
    shuffle(rng, cards)
    hands = [0] * NUM_PLAYERS
    i = 0
    for s in range(NUM_PLAYERS):
        for c in cards[i : i + needs[s]]:
            hands[s] |= 1 << c
        i += needs[s]
    return hands


def _exact(cards: list[Card], needs: list[int], banned: list[CardMask], rng: random.Random) -> list[CardMask]:
    """Sequential sampling: each card to a seat in proportion to the consistent completions."""
    receivers = [s for s in range(NUM_PLAYERS) if needs[s]]
    groups: dict[int, list[Card]] = {}
    for c in cards:
        allowed = sum(1 << s for s in receivers if not (banned[s] >> c) & 1)
        groups.setdefault(allowed, []).append(c)
    # most restricted classes first: their counts branch least
    order = sorted(groups, key=lambda a: (a.bit_count(), a))
    classes = [(a, len(groups[a])) for a in order]
    caps = list(needs)
    if not _ways(tuple(classes), tuple(caps)):
        raise ValueError("no deal of the unseen cards is consistent with the view")
    hands = [0] * NUM_PLAYERS
    for k, allowed in enumerate(order):
        for card in groups[allowed]:
            size = classes[k][1] - 1
            rest = tuple(classes[k + 1 :])
            after = ((allowed, size), *rest) if size else rest
            weights = []
            for s in receivers:
                if caps[s] and (allowed >> s) & 1:
                    caps[s] -= 1
                    weights.append((s, _ways(after, tuple(caps))))
                    caps[s] += 1
            s = _pick(weights, rng)
            hands[s] |= 1 << card
            caps[s] -= 1
            classes[k] = (allowed, size)
    return hands


def _pick(weights: list[tuple[int, int]], rng: random.Random) -> int:
    """A seat of ``weights`` ((seat, weight) each) with probability proportional to its weight."""
    pick = rng.randrange(sum(w for _, w in weights))
    for seat, w in weights:
        if pick < w:
            return seat
        pick -= w
    raise AssertionError("unreachable: pick < total weight")


@lru_cache(maxsize=1 << 15)
def _ways(classes: tuple[tuple[int, int], ...], caps: tuple[int, ...]) -> int:
    """Deals of distinct cards in ``classes`` ((allowed seats mask, count) each) filling ``caps`` exactly."""
    if not classes:
        return 0 if any(caps) else 1
    (allowed, size), rest = classes[0], classes[1:]
    if not rest:
        if sum(caps) != size or any(c and not (allowed >> s) & 1 for s, c in enumerate(caps)):
            return 0
        out = _FACT[size]
        for c in caps:
            out //= _FACT[c]
        return out
    total = 0
    seats = [s for s in range(len(caps)) if (allowed >> s) & 1 and caps[s]]
    for split in _splits(size, [caps[s] for s in seats]):
        left = list(caps)
        ways = _FACT[size]
        for s, x in zip(seats, split, strict=True):
            left[s] -= x
            ways //= _FACT[x]
        total += ways * _ways(rest, tuple(left))
    return total


def _splits(total: int, limits: list[int]) -> list[tuple[int, ...]]:
    """Every way to write ``total`` as a sum of one int per limit, each between 0 and its limit."""
    if not limits:
        return [()] if total == 0 else []
    head, tail = limits[0], limits[1:]
    room = sum(tail)
    return [
        (x, *rest)
        for x in range(max(0, total - room), min(head, total) + 1)
        for rest in _splits(total - x, tail)
    ]
