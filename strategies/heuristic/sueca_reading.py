"""What a Sueca seat can read from its view: known voids, who is likely on its side, and the
chance that the trick ends with its side.

Used by the heuristic's play features. Only the view is read: the unseen cards are those
neither in the hand nor played, spread over the other seats in proportion to their hand sizes
(a seat that failed to follow a suit holds none of it). The chance that a later seat can beat
a card is the chance it holds a stronger card it may play (a higher card of the suit led, or,
void in it, a trump); seats are taken one after the other, an opponent overtaking the viewer's
side when it can and a teammate overtaking the other side when it can. This is a reading, not
an exact probability: it ignores that the winning card changes as the trick goes on.
Compiled by mypyc (compiled.txt): montecarlo's Sueca rollouts read a trick at every card.
"""

from __future__ import annotations

from typing import Final

from simulator.games.sueca import PACK_MASK, STRENGTH, SUIT_PACK_MASK, SuecaView

#: per card, the mask of the stronger cards of its suit
_STRONGER: Final = tuple(
    sum(1 << d for d in range(52) if (PACK_MASK >> d) & 1 and d & 3 == c & 3 and STRENGTH[d] > STRENGTH[c])
    for c in range(52)
)


def voids(view: SuecaView) -> list[int]:
    """Per seat, a mask of the suits (bit = suit) it has shown it no longer holds."""
    out = [0] * 5
    for leader, cards, _ in view.tricks:
        led = cards[0] & 3
        for k in range(1, len(cards)):
            if cards[k] & 3 != led:
                out[(leader + k) % 5] |= 1 << led
    trick = view.trick
    if trick:
        led = trick[0] & 3
        for k in range(1, len(trick)):
            if trick[k] & 3 != led:
                out[(view.trick_leader + k) % 5] |= 1 << led
    return out


def side_chances(view: SuecaView, void: list[int]) -> list[float]:
    """Per seat, the chance it plays on the viewer's side (1 for the viewer itself).

    Before the called card is played, its holder is one of the seats other than the declarer
    not void in its suit, each as likely."""
    seat, declarer, partner = view.seat, view.declarer, view.partner
    if declarer < 0:
        return [1.0 if s == seat else 0.0 for s in range(5)]
    if view.contract == "nuls":
        mine = seat == declarer
        return [1.0 if s == seat or (not mine and s != declarer) else 0.0 for s in range(5)]
    if partner is not None:
        team = {declarer, partner}
        return [1.0 if (s in team) == (seat in team) else 0.0 for s in range(5)]
    called = view.called_card
    suit_bit = 1 << (called & 3) if called is not None else 0
    holders = [s for s in range(5) if s not in (declarer, seat) and not void[s] & suit_bit]
    share = 1.0 / len(holders) if holders else 0.0
    if seat == declarer:
        return [1.0 if s == seat else (share if s in holders else 0.0) for s in range(5)]
    # a defender who does not hold the called card: every other non-declarer is a teammate
    # unless it is the partner
    return [
        1.0 if s == seat else 0.0 if s == declarer else (1.0 - share if s in holders else 1.0)
        for s in range(5)
    ]


class TrickReader:
    """The unseen cards of one decision and each other seat's share of them, per suit."""

    __slots__ = ("share", "trump", "unseen", "void")

    def __init__(self, view: SuecaView, void: list[int]) -> None:
        self.trump = -1 if view.trump is None else view.trump
        self.void = void
        unseen = PACK_MASK & ~view.played & ~view.hand
        self.unseen = unseen
        sizes = view.hand_sizes
        share = [[0.0] * 4 for _ in range(5)]
        for suit in range(4):
            bit = 1 << suit
            holders = [s for s in range(5) if s != view.seat and not void[s] & bit and sizes[s]]
            total = sum(sizes[s] for s in holders)
            for s in holders:
                share[s][suit] = min(1.0, sizes[s] / total)
        self.share = share

    def holds_any(self, s: int, suit: int, cards: int) -> float:
        """Chance seat ``s`` holds at least one of ``cards`` (unseen cards of ``suit``)."""
        k = (cards & self.unseen).bit_count()
        if not k:
            return 0.0
        return 1.0 - (1.0 - self.share[s][suit]) ** k

    def can_beat(self, s: int, card: int, led: int) -> float:
        """Chance that seat ``s``, yet to play, holds a card beating ``card`` in a trick led in ``led``."""
        trump = self.trump
        suit = card & 3
        void_led = 1.0 if self.void[s] >> led & 1 else 1.0 - self.holds_any(s, led, SUIT_PACK_MASK[led])
        if suit == trump:
            higher = self.holds_any(s, trump, _STRONGER[card])
            return higher if led == trump else void_led * higher
        p = self.holds_any(s, led, _STRONGER[card])
        if trump >= 0:
            p += void_led * self.holds_any(s, trump, SUIT_PACK_MASK[trump])
        return min(1.0, p)

    def side_keeps(
        self, winner_is_mine: float, card: int, led: int, later: list[int], side: list[float]
    ) -> float:
        """Chance the trick ends with the viewer's side, ``card`` winning it now (on the viewer's
        side with chance ``winner_is_mine``) and the seats of ``later`` still to play."""
        q = winner_is_mine
        for s in later:
            b = self.can_beat(s, card, led)
            t = side[s]
            q = q * (1.0 - (1.0 - t) * b) + (1.0 - q) * t * b
        return q
