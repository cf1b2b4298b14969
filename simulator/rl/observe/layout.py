"""Named feature blocks of an observation vector, and the helpers that fill them."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

#: (256, 8): the bits of each byte, as floats
_TABLE = np.unpackbits(np.arange(256, dtype=np.uint8)[:, None], axis=1, bitorder="little").astype(np.float32)


class Layout:
    """Feature blocks ``(name, size, meaning)`` laid end to end; ``slice(name)`` finds one."""

    def __init__(self, features: Sequence[tuple[str, int, str]]) -> None:
        self.features = tuple(features)
        self.offsets: dict[str, int] = {}
        at = 0
        for name, size, _ in self.features:
            self.offsets[name] = at
            at += size
        self.size = at

    def slice(self, name: str) -> slice:
        start = self.offsets[name]
        return slice(start, start + dict((n, s) for n, s, _ in self.features)[name])

    def markdown(self) -> str:
        """The layout as a table (offset, size, feature, meaning) for the docs."""
        rows = ["| offset | size | feature | meaning |", "|---|---|---|---|"]
        rows += [f"| {self.offsets[n]} | {s} | `{n}` | {m} |" for n, s, m in self.features]
        return "\n".join(rows)


def put_mask(out: np.ndarray, at: int, mask: int, width: int = 52) -> None:
    """Bit ``i`` of ``mask`` (a card bitmask) into ``out[at + i]`` for ``i < width``."""
    nbytes = (width + 7) // 8
    bits = _TABLE[np.frombuffer(mask.to_bytes(nbytes, "little"), np.uint8)].reshape(-1)
    out[at : at + width] = bits[:width]


def relative_sides(sides: Sequence[Sequence[int]], seat: int, n: int) -> list[int]:
    """Side indices ordered from the observer's: own side first, then by the next seat to play."""
    return sorted(range(len(sides)), key=lambda k: min((s - seat) % n for s in sides[k]))
