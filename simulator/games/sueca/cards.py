"""The 40-card Sueca pack on top of ``simulator.cards`` ints: trick strength and card points.

Tables are indexed by the shared card int (0..51) so the hot loop needs no
conversion; cards outside the pack (8, 9, 10) have strength 0 and 0 points.
"""

from __future__ import annotations

from typing import Final

from simulator.cards import RANK, SUIT, Card, CardMask, card_str, make_card

#: ranks of the pack (1 = ace .. 13 = king), without 8, 9 and 10 (rules §2.1)
PACK_RANKS: Final = (1, 2, 3, 4, 5, 6, 7, 11, 12, 13)
#: trick strength by rank, rules §2.2: A 7 K J Q 6 5 4 3 2 (10 = highest)
_RANK_STRENGTH: Final = {1: 10, 7: 9, 13: 8, 11: 7, 12: 6, 6: 5, 5: 4, 4: 3, 3: 2, 2: 1}
#: card points by rank, rules §2.2 (120 in the whole pack)
_RANK_POINTS: Final = {1: 11, 7: 10, 13: 4, 11: 3, 12: 2}

PACK_CARDS: Final[tuple[Card, ...]] = tuple(sorted(make_card(r, s) for r in PACK_RANKS for s in range(4)))
PACK_MASK: Final[CardMask] = sum(1 << c for c in PACK_CARDS)
#: trick strength (1..10) of every card int, 0 outside the pack
STRENGTH: Final[tuple[int, ...]] = tuple(
    _RANK_STRENGTH.get(RANK[c], 0) if (PACK_MASK >> c) & 1 else 0 for c in range(52)
)
#: card points of every card int
POINTS: Final[tuple[int, ...]] = tuple(
    _RANK_POINTS.get(RANK[c], 0) if (PACK_MASK >> c) & 1 else 0 for c in range(52)
)
#: mask of the ten pack cards of each suit (S H D C)
SUIT_PACK_MASK: Final[tuple[CardMask, ...]] = tuple(
    sum(1 << c for c in PACK_CARDS if SUIT[c] == s) for s in range(4)
)
TOTAL_POINTS: Final = 120
#: bonus added to a trump's strength so that every trump beats every non-trump
TRUMP_BONUS: Final = 16


def trick_value(card: Card, led: int, trump: int) -> int:
    """Strength of ``card`` in a trick led in ``led`` with trump ``trump`` (-1: none); 0 cannot win."""
    s = card & 3
    if s == trump:
        return STRENGTH[card] + TRUMP_BONUS
    return STRENGTH[card] if s == led else 0


def display_order(mask: CardMask) -> list[Card]:
    """Cards of ``mask`` by suit (S H D C), strongest first: the order people sort a hand in."""
    return sorted((c for c in PACK_CARDS if (mask >> c) & 1), key=lambda c: (c & 3, -STRENGTH[c]))


def hand_strs(mask: CardMask) -> list[str]:
    """Canonical strings of a hand in display order (replay log)."""
    return [card_str(c) for c in display_order(mask)]
