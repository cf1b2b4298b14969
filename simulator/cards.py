"""Cards as small ints and sets of cards as 52-bit masks (docs/design.md §2).

A card is ``(rank - 1) * 4 + suit`` with rank 1 (ace) .. 13 (king) and suit
0..3 for S H D C, so every rank owns four consecutive bits and a set of cards
is an ``int`` bitmask. Nothing here allocates per card in a hot loop: engines
use the precomputed tables below.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final

try:  # a machine int once compiled (masks stay below 2 ** 62); a plain int otherwise
    from mypy_extensions import i64
except ImportError:  # mypy_extensions comes with mypy, which only the build needs
    i64 = int  # type: ignore[misc]

Card = int
CardMask = int

SUITS: Final = "SHDC"
SUIT_SYMBOLS: Final = "♠♥♦♣"
RANK_NAMES: Final = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SPADES: Final = 0
HEARTS: Final = 1
DIAMONDS: Final = 2
CLUBS: Final = 3

NUM_CARDS: Final = 52
FULL_DECK: Final[CardMask] = (1 << NUM_CARDS) - 1

#: rank (1..13) and suit (0..3) of every card, indexed by card int.
RANK: Final = tuple(c // 4 + 1 for c in range(NUM_CARDS))
SUIT: Final = tuple(c % 4 for c in range(NUM_CARDS))
#: mask of the four cards of each rank, indexed by rank 1..13 (index 0 is empty).
RANK_MASK: Final = (0, *(0xF << (4 * (r - 1)) for r in range(1, 14)))
#: mask of the thirteen cards of each suit.
SUIT_MASK: Final = tuple(sum(1 << (4 * (r - 1) + s) for r in range(1, 14)) for s in range(4))
SPADE_MASK: Final = SUIT_MASK[SPADES]
FACE_MASK: Final = RANK_MASK[11] | RANK_MASK[12] | RANK_MASK[13]
NUMBER_MASK: Final = FULL_DECK & ~FACE_MASK

#: SWAR popcount masks: the low bit of every 2-bit field, the low 2 bits of every 4-bit field
_LOW2: Final = 0x5555555555555
_LOW1: Final = 0x3333333333333

_RANK_FROM_TEXT: Final = {name: r for r, name in enumerate(RANK_NAMES) if name}
_RANK_FROM_TEXT["T"] = 10
_RANK_FROM_TEXT["1"] = 1
_SUIT_FROM_TEXT: Final = {s: i for i, s in enumerate(SUITS)} | {s: i for i, s in enumerate(SUIT_SYMBOLS)}


def make_card(rank: int, suit: int) -> Card:
    """Card int of ``rank`` (1..13) and ``suit`` (0..3)."""
    if not (1 <= rank <= 13 and 0 <= suit <= 3):
        raise ValueError(f"no card with rank {rank} and suit {suit}")
    return (rank - 1) * 4 + suit


def parse_card(text: str) -> Card:
    """Parse ``AS``, ``10d``, ``TD``, ``Q♥``...; raises ``ValueError`` with the bad text."""
    t = text.strip().upper()
    if len(t) < 2 or t[:-1] not in _RANK_FROM_TEXT or t[-1] not in _SUIT_FROM_TEXT:
        raise ValueError(f"not a card: {text!r} (expected rank A,2-10,J,Q,K then suit S,H,D,C)")
    return make_card(_RANK_FROM_TEXT[t[:-1]], _SUIT_FROM_TEXT[t[-1]])


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse a space- or comma-separated string, or an iterable of card strings."""
    parts = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [parse_card(p) for p in parts]


def card_str(card: Card) -> str:
    """Canonical text form: ``10D``, upper case, no symbols (the replay log's form)."""
    return RANK_NAMES[RANK[card]] + SUITS[SUIT[card]]


def card_pretty(card: Card) -> str:
    """Human form with suit symbols, e.g. ``10♦``."""
    return RANK_NAMES[RANK[card]] + SUIT_SYMBOLS[SUIT[card]]


def mask_of(cards: Iterable[Card]) -> CardMask:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: CardMask) -> Iterator[Card]:
    """Cards of ``mask`` in increasing card order."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_strs(mask: CardMask) -> list[str]:
    return [card_str(c) for c in cards_of(mask)]


def value_counts(mask: i64) -> i64:
    """The cards of each rank of ``mask`` as 4-bit counts, in place (a SWAR popcount of every
    rank's four bits): the key the engines cache table and floor answers on."""
    x = (mask & _LOW2) + (mask >> 1 & _LOW2)
    return (x & _LOW1) + (x >> 2 & _LOW1)
