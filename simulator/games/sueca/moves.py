"""Sueca moves: every decision (auction call, trump, called card, card play) is one ``SuecaMove``.

``SuecaMove(action, card, value)`` is a NamedTuple of ints: ``action`` is one of
``PASS, NULS, BID, TRUMP, CALL_CARD, PLAY``; ``card`` is the card of ``CALL_CARD``
and ``PLAY`` (-1 otherwise); ``value`` is the bid of ``BID`` and the suit
(0..3 = S H D C) of ``TRUMP`` (0 otherwise). Every legal move is built once here
and reused, so move generation allocates nothing but the returned tuple.
``move_text`` writes a move as text and ``parse_move`` reads it back.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from simulator.cards import SUITS, Card, card_pretty, parse_card
from simulator.games.sueca.cards import PACK_CARDS, PACK_MASK, SUIT_PACK_MASK
from simulator.games.sueca.rules import MAX_BID, MIN_BID

PASS: Final = 0
NULS: Final = 1
BID: Final = 2
TRUMP: Final = 3
CALL_CARD: Final = 4
PLAY: Final = 5
#: name of each action; "pass" and "nuls" are also the ``call`` event's words for those calls
ACTION_NAMES: Final = ("pass", "nuls", "bid", "trump", "call_card", "play")


class SuecaMove(NamedTuple):
    """One decision; build moves with the tables below (or ``parse_move``), not by hand."""

    action: int
    card: Card = -1
    value: int = 0


PASS_MOVE: Final[SuecaMove] = SuecaMove(PASS)
NULS_MOVE: Final[SuecaMove] = SuecaMove(NULS)
#: BIDS[x] is the bid move of x (61..120)
BIDS: Final[dict[int, SuecaMove]] = {x: SuecaMove(BID, -1, x) for x in range(MIN_BID, MAX_BID + 1)}
#: TRUMPS[s] names suit s trump
TRUMPS: Final[tuple[SuecaMove, ...]] = tuple(SuecaMove(TRUMP, -1, s) for s in range(4))
PLAYS: Final[dict[Card, SuecaMove]] = {c: SuecaMove(PLAY, c) for c in PACK_CARDS}
CALL_CARDS: Final[dict[Card, SuecaMove]] = {c: SuecaMove(CALL_CARD, c) for c in PACK_CARDS}


def call_of(move: SuecaMove) -> str | int:
    """The auction call as the replay's ``call`` event and the view's ``calls`` write it."""
    return move.value if move.action == BID else ACTION_NAMES[move.action]


def _subset_moves(table: dict[Card, SuecaMove]) -> dict[int, tuple[SuecaMove, ...]]:
    """Moves of every subset of each suit's ten cards, keyed by the subset mask (card order)."""
    out: dict[int, tuple[SuecaMove, ...]] = {0: ()}
    for suit_mask in SUIT_PACK_MASK:
        cards = [c for c in PACK_CARDS if (suit_mask >> c) & 1]
        for bits in range(1, 1 << len(cards)):
            chosen = [c for i, c in enumerate(cards) if (bits >> i) & 1]
            out[sum(1 << c for c in chosen)] = tuple(table[c] for c in chosen)
    return out


#: PLAY_SUBSETS[mask] for a mask within one suit: the play moves of those cards
PLAY_SUBSETS: Final[dict[int, tuple[SuecaMove, ...]]] = _subset_moves(PLAYS)
CALL_CARD_SUBSETS: Final[dict[int, tuple[SuecaMove, ...]]] = _subset_moves(CALL_CARDS)


def move_text(move: SuecaMove) -> str:
    """``pass``, ``nuls``, ``bid 75``, ``trump H``, ``call A♦``, ``play Q♥``."""
    action, card, value = move
    if action == PLAY:
        return f"play {card_pretty(card)}"
    if action == BID:
        return f"bid {value}"
    if action == TRUMP:
        return f"trump {SUITS[value]}"
    if action == CALL_CARD:
        return f"call {card_pretty(card)}"
    return ACTION_NAMES[action]


def parse_move(text: str) -> SuecaMove:
    """The move ``move_text`` wrote (cards as ``Q♥`` or ``QH``); ``ValueError`` says what is wrong."""
    word, _, arg = text.strip().partition(" ")
    arg = arg.strip()
    if word in ("pass", "nuls") and not arg:
        return PASS_MOVE if word == "pass" else NULS_MOVE
    if word == "bid" and arg.isdigit() and int(arg) in BIDS:
        return BIDS[int(arg)]
    if word == "trump" and len(arg) == 1 and arg.upper() in SUITS:
        return TRUMPS[SUITS.index(arg.upper())]
    if word in ("call", "play") and arg:
        card = parse_card(arg)
        if not (PACK_MASK >> card) & 1:
            raise ValueError(f"{arg!r} is not a card of the 40-card Sueca pack (no 8, 9 or 10)")
        return (CALL_CARDS if word == "call" else PLAYS)[card]
    raise ValueError(
        f"cannot read the Sueca move {text!r}: expected pass, nuls, bid 61..{MAX_BID}, "
        "trump S|H|D|C, call CARD or play CARD"
    )
