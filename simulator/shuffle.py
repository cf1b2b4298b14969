"""The deal's randomness, drawn exactly as ``random.Random`` would, but faster.

``rng.shuffle`` and ``rng.randrange`` go through two Python-level calls per
number drawn (``_randbelow`` -> ``_randbelow_with_getrandbits``); for a deck of
52 that is a good part of setting up a deal. These helpers inline the same
draws (``getrandbits(n.bit_length())`` until the value is below n), so the
permutations and dealers are identical to CPython's for the same seed
(tests/test_shuffle.py checks it). Sweep and Seep deal with it. ``seeded_rng`` is
``random.Random(seed)`` without its two Python-level calls (``__init__``, ``seed``), ``reseed``
the same state in an existing object.
"""

from __future__ import annotations

import _random
import random
from typing import Any, Final

_Random: Final = random.Random
_new_random: Final = random.Random.__new__
_seed: Final = _random.Random.seed

_DECK: Final = tuple(range(52))
#: the Fisher-Yates step that swaps deck[i] with a draw j <= i draws getrandbits(k), k = bits of
#: i + 1: the top k bits of a 32-bit word, its top byte shifted right by 8 - k (k <= 6)
_BITS: Final = tuple((i + 1).bit_length() for i in range(52))
_TOP_SHIFT: Final = tuple(8 - k for k in _BITS)


def seeded_rng(seed: int) -> random.Random:
    """``random.Random(seed)`` (the same state), made in one C-level seeding call: the runner
    makes one per seat per deal, and the Python-level constructor cost a fifth of that."""
    rng: random.Random = _new_random(_Random)
    reseed(rng, seed)
    return rng


def reseed(rng: random.Random, seed: int) -> None:
    """``rng.seed(seed)`` in one C-level call: ``rng`` then has the state of ``random.Random(seed)``
    (every word of the Mersenne Twister is set anew), so one object can serve deal after deal."""
    _seed(rng, seed)
    rng.gauss_next = None  # type: ignore[attr-defined]


def randbelow(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for n >= 1, drawing the same bits."""
    getrandbits = rng.getrandbits
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def shuffled_deck(rng: random.Random) -> list[int]:
    """The 52 cards in the order ``rng.shuffle(list(range(52)))`` leaves them.

    Each of the 51 steps draws 32-bit words until one is below its bound, so the first 51
    words are drawn at once (``getrandbits(32 * 51)`` holds them in draw order, first lowest)
    and read by their top bytes; the steps a rejection left then draw one word at a time.
    Never a word more than ``rng.shuffle``, and one call instead of 51.
    """
    deck: list[Any] = list(_DECK)  # items moved as objects (compiled, an int list unboxes and boxes them)
    getrandbits = rng.getrandbits
    words = getrandbits(32 * 51).to_bytes(4 * 51, "little")
    i = 51
    for top in range(3, 4 * 51, 4):  # the top byte of each word
        j = words[top] >> _TOP_SHIFT[i]
        if j <= i:
            deck[i], deck[j] = deck[j], deck[i]
            i -= 1
    while i:
        k = _BITS[i]
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        deck[i], deck[j] = deck[j], deck[i]
        i -= 1
    return deck


def shuffle(rng: random.Random, items: list) -> None:
    """``rng.shuffle(items)`` in place, drawing the same bits (any length; Sueca's 40 cards)."""
    getrandbits = rng.getrandbits
    for i in reversed(range(1, len(items))):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
