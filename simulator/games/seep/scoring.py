"""Point values of captured cards (§2.3, §12.1) and sweep values (§5.7)."""

from __future__ import annotations

from simulator.cards import RANK_MASK, SPADE_MASK, make_card

_ACES = RANK_MASK[1]
_TEN_D = 1 << make_card(10, 2)
_NINE_S = 1 << make_card(9, 0)
_TWO_S = 1 << make_card(2, 0)

#: 100-point game: point value of each card int
HUNDRED_POINTS = tuple(
    (c // 4 + 1 if c % 4 == 0 else 0)
    + (1 if c // 4 == 0 and c % 4 else 0)
    + (6 if c == make_card(10, 2) else 0)
    for c in range(52)
)
#: 30-point game: point value of each card int (majority bonus apart)
THIRTY_POINTS = tuple(
    12 if (1 << c) == _TEN_D else 9 if (1 << c) == _NINE_S else 1 if (1 << c) & (_TWO_S | _ACES) else 0
    for c in range(52)
)
THIRTY_MAJORITY_BONUS = 4

#: scoring masks per point value, so a pile's points are a few popcounts
_HUNDRED_MASKS = tuple(
    (p, sum(1 << c for c in range(52) if HUNDRED_POINTS[c] == p)) for p in sorted(set(HUNDRED_POINTS)) if p
)
_THIRTY_MASKS = tuple(
    (p, sum(1 << c for c in range(52) if THIRTY_POINTS[c] == p)) for p in sorted(set(THIRTY_POINTS)) if p
)


def pile_points(pile: int, thirty: bool) -> int:
    """Card points of a captured pile, without the thirty-point majority bonus."""
    return sum(p * (pile & m).bit_count() for p, m in (_THIRTY_MASKS if thirty else _HUNDRED_MASKS))


def card_points(piles: list[int], thirty: bool, majority: str) -> list[int]:
    """Card points per side, the 30-point game's majority bonus included.

    The bonus goes to a side holding strictly more than half of the 13 spades
    (``spades``) or of the 52 cards (``cards``); nobody gets it otherwise.
    """
    pts = [pile_points(p, thirty) for p in piles]
    if thirty:
        for k, pile in enumerate(piles):
            spades = (pile & SPADE_MASK).bit_count() * 2 > 13
            if (majority == "spades" and spades) or (majority == "cards" and pile.bit_count() * 2 > 52):
                pts[k] += THIRTY_MAJORITY_BONUS
    return pts
