"""Named feature blocks of an observation vector: card blocks first, then scalar features.

A card block is 52 floats, one per card int (A♠ A♥ A♦ A♣ 2♠ ... K♣), 1 for the cards of a
mask. Compiled (mypyc) with the encoders, and free of numpy: :meth:`Layout.build` returns the
vector's float32 bytes (little-endian), the card blocks joined from pieces made once (the 52
bytes of each value of 13 card bits), the scalars packed by one ``struct`` call; the
environment wraps them in an array without a copy (``numpy.frombuffer``): an observation
costs one numpy call.
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Sequence
from typing import Any, Final

_ONE: Final = struct.pack("<f", 1.0)
_ZERO: Final = bytes(4)


def _quarters() -> list[bytes]:
    """The float32 bytes of 13 card bits (a quarter of a card block), for each of their 8192 values."""
    quarters = [b""]
    for _ in range(13):
        quarters = [q + piece for piece in (_ZERO, _ONE) for q in quarters]
    return quarters


_QUARTER: Final = _quarters()


class Layout:
    """``cards``: (name, number of 52-card blocks, meaning); ``scalars``: (name, size, meaning)."""

    def __init__(
        self, cards: Sequence[tuple[str, int, str]], scalars: Sequence[tuple[str, int, str]]
    ) -> None:
        self.features = tuple((n, 52 * k, m) for n, k, m in cards) + tuple(scalars)
        self.masks = sum(k for _, k, _ in cards)
        self.card_size = 52 * self.masks
        self.offsets: dict[str, int] = {}
        at = 0
        for name, size, _ in self.features:
            self.offsets[name] = at
            at += size
        self.size = at
        self.scalar_size = at - self.card_size
        #: offset of each scalar block within the scalar list ``build`` receives
        self.at = {n: self.offsets[n] - self.card_size for n, _, _ in scalars}
        self._pack_scalars = struct.Struct(f"<{self.scalar_size}f").pack

    def slice(self, name: str) -> slice:
        start = self.offsets[name]
        return slice(start, start + dict((n, s) for n, s, _ in self.features)[name])

    def build(self, masks: list[int], scalars: list[float]) -> bytearray:
        """The observation's float32 bytes: the card blocks of ``masks`` (in layout order), then
        ``scalars``."""
        pieces: list[bytes] = []
        quarter = _QUARTER
        for m in masks:
            pieces.append(quarter[m & 8191])
            pieces.append(quarter[m >> 13 & 8191])
            pieces.append(quarter[m >> 26 & 8191])
            pieces.append(quarter[m >> 39 & 8191])
        pieces.append(self._pack_scalars(*scalars))
        return bytearray(b"".join(pieces))

    def markdown(self) -> str:
        """The layout as a table (offset, size, feature, meaning) for the docs."""
        rows = ["| offset | size | feature | meaning |", "|---|---|---|---|"]
        rows += [f"| {self.offsets[n]} | {s} | `{n}` | {m} |" for n, s, m in self.features]
        return "\n".join(rows)


def relative_sides(sides: tuple[tuple[int, ...], ...], seat: int, n: int) -> tuple[int, ...]:
    """Side indices ordered from the observer's: own side first, then by the next seat to play."""
    return tuple(sorted(range(len(sides)), key=lambda k: min((s - seat) % n for s in sides[k])))


class RulesInfo:
    """What an encoder reads of a rules object, read once per rules object (``sides`` is a
    property computed at each read): the player count, each seat's side, each seat's sides in
    relative order (:func:`relative_sides`) and the game's rule features."""

    __slots__ = ("flags", "n", "orders", "rules", "side_of")

    def __init__(self, rules: Any, flags: list[float]) -> None:
        self.rules = rules  # kept alive: its id stays its own while this entry lives
        n: int = rules.num_players
        self.n = n
        self.side_of: tuple[int, ...] = tuple(rules.side_of_seat)
        sides = rules.sides
        self.orders = [relative_sides(sides, seat, n) for seat in range(n)]
        self.flags = flags


_INFOS: Final[dict[int, RulesInfo]] = {}
_INFO_LIMIT: Final = 1024


def rules_info(rules: Any, flags: Callable[[Any], list[float]]) -> RulesInfo:
    """The :class:`RulesInfo` of ``rules``, its rule features given by ``flags(rules)``."""
    got = _INFOS.get(id(rules))
    if got is None or got.rules is not rules:
        if len(_INFOS) >= _INFO_LIMIT:
            _INFOS.clear()
        got = _INFOS[id(rules)] = RulesInfo(rules, flags(rules))
    return got
