"""Named feature blocks of an observation vector: card blocks first, then scalar features.

A card block is 52 floats, one per card int (A♠ A♥ A♦ A♣ 2♠ ... K♣), 1 for the cards of a
mask. The card masks of an observation are packed into one Python int and unpacked by one
numpy call, and the scalar features are filled in a plain list: an observation costs a few
microseconds.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np


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
        self._bytes = (self.card_size + 7) // 8

    def slice(self, name: str) -> slice:
        start = self.offsets[name]
        return slice(start, start + dict((n, s) for n, s, _ in self.features)[name])

    def build(self, masks: Sequence[int], scalars: Sequence[float]) -> np.ndarray:
        """The observation: the card blocks of ``masks`` (in layout order), then ``scalars``."""
        packed = 0
        shift = 0
        for m in masks:
            packed |= m << shift
            shift += 52
        raw = np.frombuffer(packed.to_bytes(self._bytes, "little"), np.uint8)
        out = np.empty(self.size, np.float32)
        size = self.card_size
        out[:size] = np.unpackbits(raw, count=size, bitorder="little")
        out[size:] = scalars
        return out

    def markdown(self) -> str:
        """The layout as a table (offset, size, feature, meaning) for the docs."""
        rows = ["| offset | size | feature | meaning |", "|---|---|---|---|"]
        rows += [f"| {self.offsets[n]} | {s} | `{n}` | {m} |" for n, s, m in self.features]
        return "\n".join(rows)


@lru_cache(maxsize=256)
def relative_sides(sides: tuple[tuple[int, ...], ...], seat: int, n: int) -> tuple[int, ...]:
    """Side indices ordered from the observer's: own side first, then by the next seat to play."""
    return tuple(sorted(range(len(sides)), key=lambda k: min((s - seat) % n for s in sides[k])))
