"""Sueca moves: every decision (auction call, trump, called card, card play) is a small frozen value.

All moves are built once here and reused, so move generation allocates
nothing but the returned tuple. Different move classes never compare equal.
"""

from __future__ import annotations

from dataclasses import dataclass

from simulator.cards import Card

from .cards import PACK_CARDS, SUIT_PACK_MASK
from .rules import MAX_BID, MIN_BID


@dataclass(frozen=True, slots=True)
class Call:
    """An auction call: ``"pass"``, ``"nuls"`` or a points bid (int 61..120), as in the ``call`` event."""

    call: str | int


@dataclass(frozen=True, slots=True)
class Trump:
    """The points declarer's trump choice (suit 0..3 = S H D C)."""

    suit: int


@dataclass(frozen=True, slots=True)
class CallCard:
    """The points declarer's called card (not in his hand); its holder is the secret partner."""

    card: Card


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card to the current trick."""

    card: Card


Move = Call | Trump | CallCard | Play

PASS = Call("pass")
NULS = Call("nuls")
#: BIDS[x] is the bid move of x (61..120)
BIDS: dict[int, Call] = {x: Call(x) for x in range(MIN_BID, MAX_BID + 1)}
TRUMPS: tuple[Trump, ...] = tuple(Trump(s) for s in range(4))
PLAYS: dict[Card, Play] = {c: Play(c) for c in PACK_CARDS}
CALL_CARDS: dict[Card, CallCard] = {c: CallCard(c) for c in PACK_CARDS}


def _subset_moves(table: dict[Card, Play] | dict[Card, CallCard]) -> dict[int, tuple]:
    """Moves of every subset of each suit's ten cards, keyed by the subset mask (card order)."""
    out: dict[int, tuple] = {0: ()}
    for suit_mask in SUIT_PACK_MASK:
        cards = [c for c in PACK_CARDS if (suit_mask >> c) & 1]
        for bits in range(1, 1 << len(cards)):
            chosen = [c for i, c in enumerate(cards) if (bits >> i) & 1]
            out[sum(1 << c for c in chosen)] = tuple(table[c] for c in chosen)
    return out


#: PLAY_SUBSETS[mask] for a mask within one suit: the Play moves of those cards
PLAY_SUBSETS: dict[int, tuple[Play, ...]] = _subset_moves(PLAYS)
CALL_CARD_SUBSETS: dict[int, tuple[CallCard, ...]] = _subset_moves(CALL_CARDS)
