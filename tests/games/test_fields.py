"""Every field of every state is carried by ``clone()`` and restored by ``from_position``.

Each state lists its fields once (``__slots__``; compiled, ``__mypyc_attrs__``), and clone and
restore set them one by one for speed: these tests fail when a field is added and one of them
forgets it (an unset field raises ``AttributeError`` on reading)."""

from __future__ import annotations

from typing import Any

import pytest

from simulator.games import available_games, get_game
from tests.games.random_deals import random_deals

#: fields ``from_position`` may set otherwise than the deal had them (still set): the RNG (made
#: again from its state), caches rebuilt when first needed, and Sueca's led suit, which is read
#: only while a trick is open
REBUILT = {
    "sweep": {"_rng", "_rng_state", "_result"},
    "seep": {"rng", "_moves", "_houses", "_card_pts"},
    "sueca": {"_rng", "_rng_shared", "_led"},
}


def _fields(state: Any) -> tuple[str, ...]:
    cls = type(state)
    fields = getattr(cls, "__slots__", None) or getattr(cls, "__mypyc_attrs__", ())
    assert fields, f"{cls.__name__} lists no fields"
    return tuple(fields)


def _states(game: str):
    """Fresh deals, deals some random moves in (every seventh), and the finished deals."""
    for ply, state in random_deals(game):
        if ply % 7 == 4 or ply == 0 or state.is_over():
            yield state


@pytest.mark.parametrize("game", available_games())
def test_the_state_has_no_fields_beyond_its_list(game):
    state = get_game(game).new_deal(get_game(game).make_rules({}), 1)
    assert not hasattr(state, "__dict__"), "a field outside the list"
    assert REBUILT[game] <= set(_fields(state))


@pytest.mark.parametrize("game", available_games())
def test_clone_sets_every_field(game):
    for state in _states(game):
        copy = state.clone()
        for field in _fields(state):
            expected = None if field == "log" else getattr(state, field)
            assert getattr(copy, field) == expected, field


@pytest.mark.parametrize("game", available_games())
def test_from_position_sets_every_field(game):
    for state in _states(game):
        rebuilt = type(state).from_position(state.position())
        for field in _fields(state):
            value = getattr(rebuilt, field)  # set, whatever its value
            if field not in REBUILT[game] and field != "log":
                assert value == getattr(state, field), field
