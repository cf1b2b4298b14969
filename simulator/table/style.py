"""Cards for the screen: every card in a text drawn with its suit in colour (hearts and diamonds
red), as suit symbols or, for terminals without them, as letters."""

from __future__ import annotations

import re
from collections.abc import Iterable

from rich.markup import escape

from simulator.cards import RANK, RANK_NAMES, SUIT, SUIT_SYMBOLS, SUITS

#: a card in any text form the games write (``10♦``, ``JD``)
CARD = re.compile(r"(?<![\w♠♥♦♣])(10|[2-9AJQK])([SHDC♠♥♦♣])(?![\w♠♥♦♣])")
_COLOUR = ("bold", "bold red", "bold red", "bold")


def card(c: int, ascii: bool = False) -> str:
    """One card as markup."""
    suit = SUIT[c]
    return f"[{_COLOUR[suit]}]{RANK_NAMES[RANK[c]]}{(SUITS if ascii else SUIT_SYMBOLS)[suit]}[/]"


def suit(s: int, ascii: bool = False) -> str:
    """A suit alone (a Sueca trump) as markup."""
    return f"[{_COLOUR[s]}]{(SUITS if ascii else SUIT_SYMBOLS)[s]}[/]"


def cards(cs: Iterable[int], ascii: bool = False) -> str:
    return " ".join(card(c, ascii) for c in cs) or "-"


def colour(text: str, ascii: bool = False) -> str:
    """Plain ``text`` as markup, every card in it drawn in colour."""

    def one(found: re.Match[str]) -> str:
        suit = (SUITS if found[2] in SUITS else SUIT_SYMBOLS).index(found[2])
        return f"[{_COLOUR[suit]}]{found[1]}{(SUITS if ascii else SUIT_SYMBOLS)[suit]}[/]"

    return CARD.sub(one, escape(text))
