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


def _chunk_tables(points: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Points of every 13-bit slice of a card mask, for each of the four slices (4 lookups a pile)."""
    tables = []
    for k in range(4):
        table = [0] * (1 << 13)
        for m in range(1, 1 << 13):
            low = (m & -m).bit_length() - 1
            table[m] = table[m & (m - 1)] + points[13 * k + low]
        tables.append(tuple(table))
    return tuple(tables)


_HUNDRED_TABLES = _chunk_tables(HUNDRED_POINTS)
_THIRTY_TABLES = _chunk_tables(THIRTY_POINTS)


def pile_points(pile: int, thirty: bool) -> int:
    """Card points of a captured pile, without the thirty-point majority bonus."""
    t0, t1, t2, t3 = _THIRTY_TABLES if thirty else _HUNDRED_TABLES
    return t0[pile & 0x1FFF] + t1[pile >> 13 & 0x1FFF] + t2[pile >> 26 & 0x1FFF] + t3[pile >> 39]


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
