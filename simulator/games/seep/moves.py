"""Seep moves: small immutable tuples of ints (hashable, cheap to compare), and their text both ways."""

from __future__ import annotations

from typing import Final, NamedTuple

from simulator.cards import Card, CardMask, card_str, mask_of, mask_strs, parse_card, parse_cards

#: the actions (Final literals: the compiled modules inline them)
BID: Final = 0
CAPTURE: Final = 1
HOUSE: Final = 2
BREAK: Final = 3
THROW: Final = 4
#: action names by action constant (the replay log writes "build"/"cement" for a HOUSE move)
ACTION_NAMES = ("bid", "capture", "house", "break", "throw")


class SeepMove(NamedTuple):
    """One decision.

    * ``action``: BID, CAPTURE, HOUSE (build a new house or add to the house of
      that value, §5.3), BREAK (raise another player's ordinary house, §5.4) or THROW.
    * ``card``: the card played (-1 for a bid).
    * ``value``: the bid value, the house value V of a HOUSE, the new value V' of a BREAK; 0 otherwise.
    * ``floor``: mask of the loose cards involved: captured (CAPTURE), put into the
      house (HOUSE: S1, absorbed V cards and optional sets; BREAK: absorbed V' cards).
      A captured house is implied by the card's value.
    """

    action: int
    card: Card
    value: int
    floor: CardMask


def move_text(move: SeepMove) -> str:
    """Readable text of a move, e.g. ``capture with JD: 2C 3D 6C``; :func:`parse_move` reads it back."""
    a = move.action
    if a == BID:
        return f"bid {move.value}"
    c = card_str(move.card)
    floor = " ".join(mask_strs(move.floor))
    if a == CAPTURE:
        return f"capture with {c}" + (f": {floor}" if floor else " (house)")
    if a == HOUSE:
        return f"house {move.value} with {c}" + (f" + {floor}" if floor else "")
    if a == BREAK:
        return f"break to {move.value} with {c}" + (f" (absorbs {floor})" if floor else "")
    return f"throw {c}"


def _value(text: str, whole: str) -> int:
    if not text.isdigit():
        raise ValueError(f"not a Seep move: {whole!r} (expected a value 9-13, got {text!r})")
    return int(text)


def parse_move(text: str) -> SeepMove:
    """The move written by :func:`move_text` (exact inverse); ``ValueError`` on any other text."""
    words = text.split()
    head = words[0] if words else ""
    try:
        if head == "bid" and len(words) == 2:
            return SeepMove(BID, -1, _value(words[1], text), 0)
        if head == "throw" and len(words) == 2:
            return SeepMove(THROW, parse_card(words[1]), 0, 0)
        if head == "capture" and len(words) >= 3 and words[1] == "with":
            if words[3:] == ["(house)"]:
                return SeepMove(CAPTURE, parse_card(words[2]), 0, 0)
            if words[2].endswith(":") and len(words) > 3:
                return SeepMove(CAPTURE, parse_card(words[2][:-1]), 0, mask_of(parse_cards(words[3:])))
        house = head == "house" and len(words) >= 4 and words[2] == "with"
        if house and (len(words) == 4 or (words[4] == "+" and len(words) > 5)):
            floor = mask_of(parse_cards(words[5:]))
            return SeepMove(HOUSE, parse_card(words[3]), _value(words[1], text), floor)
        if head == "break" and len(words) >= 5 and words[1] == "to" and words[3] == "with":
            card, value = parse_card(words[4]), _value(words[2], text)
            if len(words) == 5:
                return SeepMove(BREAK, card, value, 0)
            if words[5] == "(absorbs" and words[-1].endswith(")") and len(words) > 6:
                floor = mask_of(parse_cards([*words[6:-1], words[-1][:-1]]))
                return SeepMove(BREAK, card, value, floor)
    except ValueError as exc:
        raise ValueError(f"not a Seep move: {text!r} ({exc})") from None
    raise ValueError(
        f"not a Seep move: {text!r} (expected e.g. 'bid 10', 'capture with JD: 2C 3D 6C', "
        "'capture with QS (house)', 'house 10 with 6S + 4C', 'break to 11 with 2S', 'throw 2H')"
    )
