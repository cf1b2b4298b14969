"""The seeding contract of docs/design.md §3: every random stream is derived from the
root seed and the coordinates of what it drives, never from global state, so
results do not depend on worker count, chunking or finishing order.

Compiled by mypyc (compiled.txt): the runner derives the seeds of every seat of every deal.
"""

from __future__ import annotations

import hashlib
import random
from typing import Final

_MASK63: Final = (1 << 63) - 1
_blake2b: Final = hashlib.blake2b
_from_bytes: Final = int.from_bytes
#: the end of a seat's seed text, ``f"{seat}\x1f{round_number}".encode()``, made once for the
#: seats and rounds a run meets most (``_TAILS[round_number][seat]``)
_TAIL_SEATS: Final = 8
_TAIL_ROUNDS: Final = 32
_TAILS: Final = tuple(
    tuple(f"{seat}\x1f{r}".encode() for seat in range(_TAIL_SEATS)) for r in range(_TAIL_ROUNDS)
)


def derive_seed(*parts: int | str) -> int:
    """A 63-bit seed that depends only on ``parts`` (stable across runs and platforms)."""
    text = "\x1f".join([str(p) for p in parts]).encode()
    return _from_bytes(_blake2b(text, digest_size=8).digest(), "big") & _MASK63


def deal_seed(root: int, deal_index: int, round_number: int = 1) -> int:
    """Seed of the cards of deal ``deal_index``; in a match, of its ``round_number``-th deal.

    Round 1 of a match uses the same cards as the single deal of the same index,
    so `unit: deal` and `unit: match` runs start on the same deal.
    """
    if round_number == 1:
        return derive_seed("deal", root, deal_index)
    return derive_seed("deal", root, deal_index, round_number)


def strategy_seed(root: int, deal_index: int, rotation: int, seat: int, round_number: int = 1) -> int:
    """Seed of the private RNG a strategy gets for one deal in one seat of one rotation."""
    return derive_seed("strategy", root, deal_index, rotation, seat, round_number)


def strategy_seeds(
    root: int, deal_index: int, rotation: int, num_seats: int, round_number: int = 1
) -> list[int]:
    """``strategy_seed`` of seats ``0..num_seats-1``, hashing the common prefix once
    (blake2b is a stream, so prefix + rest hashes like the joined text): the runner
    seeds every seat on every deal."""
    head = _blake2b(f"strategy\x1f{root!s}\x1f{deal_index!s}\x1f{rotation!s}\x1f".encode(), digest_size=8)
    known = 0 <= round_number < _TAIL_ROUNDS
    seeds = []
    for seat in range(num_seats):
        h = head.copy()
        if known and seat < _TAIL_SEATS:
            h.update(_TAILS[round_number][seat])
        else:
            h.update(f"{seat}\x1f{round_number!s}".encode())
        seeds.append(_from_bytes(h.digest(), "big") & _MASK63)
    return seeds


def make_rng(seed: int) -> random.Random:
    return random.Random(seed)
