"""The fast deal shuffle draws exactly what ``random.Random`` would, so seeds keep their decks."""

from __future__ import annotations

import random

import pytest

from simulator.shuffle import randbelow, reseed, seeded_rng, shuffle, shuffled_deck


@pytest.mark.parametrize("seed", [0, 1, 7, 2**40 + 3, 2**63 - 1])
def test_fast_shuffle_and_randbelow_draw_like_random(seed: int) -> None:
    deck = list(range(52))
    ref = random.Random(seed)
    ref.shuffle(deck)
    fast = random.Random(seed)
    assert shuffled_deck(fast) == deck
    for n in (1, 2, 3, 4, 5, 52, 1000):
        assert randbelow(fast, n) == ref.randrange(n)


@pytest.mark.parametrize("seed", [0, 1, 2**31, 2**32 + 5, 2**63 - 1, -4])
def test_seeded_rng_is_random_random_of_the_seed(seed: int) -> None:
    """Same class, same state (gauss_next included), same draws: a drop-in for Random(seed)."""
    fast, ref = seeded_rng(seed), random.Random(seed)
    assert type(fast) is random.Random
    assert fast.getstate() == ref.getstate()
    assert [fast.random() for _ in range(5)] + [fast.gauss(0, 1)] == [ref.random() for _ in range(5)] + [
        ref.gauss(0, 1)
    ]
    assert fast.getstate() == ref.getstate()


@pytest.mark.parametrize("seed", [0, 1, 2**32 + 5, 2**63 - 1])
def test_reseed_gives_an_used_rng_the_state_of_random_random_of_the_seed(seed: int) -> None:
    """A worker reseeds one object per seat deal after deal: whatever it drew before (a cached
    gauss value, a twist half used), it then draws exactly as a new ``Random(seed)``."""
    rng = random.Random(99)
    rng.gauss(0, 1)  # leaves gauss_next set
    rng.random()
    reseed(rng, seed)
    ref = random.Random(seed)
    assert rng.getstate() == ref.getstate()
    assert [rng.random() for _ in range(700)] == [ref.random() for _ in range(700)]


def test_deck_draws_match_random() -> None:
    """``shuffled_deck``/``randbelow`` give CPython's shuffle and randrange for the same seed."""
    for seed in range(300):
        fast, slow = random.Random(seed), random.Random(seed)
        for n in (2, 3, 4):
            assert randbelow(fast, n) == slow.randrange(n)
        deck = list(range(52))
        slow.shuffle(deck)
        assert shuffled_deck(fast) == deck
        assert fast.random() == slow.random()  # same number of bits drawn


@pytest.mark.parametrize("length", [0, 1, 2, 3, 40, 53])
def test_shuffle_of_any_length_matches_random(length: int) -> None:
    for seed in range(50):
        fast, slow = random.Random(seed), random.Random(seed)
        a, b = list(range(length)), list(range(length))
        shuffle(fast, a)
        slow.shuffle(b)
        assert a == b and fast.random() == slow.random()
