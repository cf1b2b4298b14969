"""Sweep moves: a NamedTuple of ints, and its text both ways (``move_text`` / ``parse_move``).

``action`` is one of the int constants TRAIL, CAPTURE, BUILD; ``ACTION_NAMES``
gives the words the replay log writes ("trail", "capture", "build").
"""

from __future__ import annotations

from typing import Final, NamedTuple

from simulator.cards import card_pretty, cards_of, mask_of, parse_card

TRAIL: Final = 0
CAPTURE: Final = 1
BUILD: Final = 2
ACTION_NAMES: Final = ("trail", "capture", "build")


class SweepMove(NamedTuple):
    """One play.

    * ``action``: TRAIL, CAPTURE or BUILD.
    * ``card``: the card played from hand.
    * ``value``: the declared value of a new build (BUILD), else 0.
    * ``mask``: the table cards captured (CAPTURE, the cards of taken builds included), or the
      loose cards put into the new build (BUILD); 0 for a TRAIL.
    """

    action: int
    card: int
    value: int = 0
    mask: int = 0


def move_text(move: SweepMove) -> str:
    """Readable move, e.g. ``9♣ takes 6♥ 3♦``, ``9♣ builds 7 with 6♥``, ``trail 9♣``."""
    card = card_pretty(move.card)
    taken = " ".join(card_pretty(c) for c in cards_of(move.mask))
    if move.action == TRAIL:
        return f"trail {card}"
    if move.action == BUILD:
        return f"{card} builds {move.value} with {taken}"
    return f"{card} takes {taken}"


def parse_move(text: str) -> SweepMove:
    """The move ``move_text`` wrote (suit letters or symbols); ``ValueError`` names the bad text."""
    words = text.split()
    try:
        if len(words) == 2 and words[0] == "trail":
            return SweepMove(TRAIL, parse_card(words[1]))
        if len(words) >= 3 and words[1] == "takes":
            return SweepMove(CAPTURE, parse_card(words[0]), 0, _mask(words[2:]))
        if len(words) >= 5 and words[1] == "builds" and words[3] == "with" and words[2].isdigit():
            return SweepMove(BUILD, parse_card(words[0]), int(words[2]), _mask(words[4:]))
    except ValueError as exc:
        raise ValueError(f"not a Sweep move: {text!r} ({exc})") from None
    raise ValueError(
        f"not a Sweep move: {text!r} (expected 'trail C', 'C takes C C..' or 'C builds V with C..')"
    )


def _mask(words: list[str]) -> int:
    cards = [parse_card(w) for w in words]
    if len(set(cards)) != len(cards):
        raise ValueError("a card is named twice")
    return mask_of(cards)
