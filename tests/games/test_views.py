"""Every engine builds its views with the fast constructor (simulator/games/views.py): the object
must be exactly what the frozen dataclass's own constructor makes, and stay frozen."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from simulator.games import available_games
from simulator.games.views import fast_constructor
from tests.games.random_deals import random_deals


def _views(game: str):
    """(state, seat, view) of every seat at every point of three deals played at random."""
    for _, state in random_deals(game, seed=11):
        for seat in range(state.rules.num_players):
            yield state, seat, state.view(seat)


@pytest.mark.parametrize("game", available_games())
def test_the_engines_view_is_the_constructors(game: str) -> None:
    for state, seat, view in _views(game):
        # the fields every view has, each where it belongs (a positional slip would move them)
        assert (view.game, view.seat, view.rules) == (game, seat, state.rules)
        assert view.hand == state.hands[seat] and view.current_player == state.current_player()
        cls = type(view)
        rebuilt = cls(*(getattr(view, f.name) for f in dataclasses.fields(view)))
        assert view == rebuilt and hash(view) == hash(rebuilt) and repr(view) == repr(rebuilt)
        assert pickle.loads(pickle.dumps(view)) == view and copy.deepcopy(view) == view
        with pytest.raises(dataclasses.FrozenInstanceError):
            view.seat = 1  # type: ignore[misc]


def test_fast_constructor_takes_every_field_in_order() -> None:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Point:
        x: int
        y: tuple[int, ...]

    new = fast_constructor(Point)
    point = new(1, (2, 3))
    assert type(point) is Point and point == Point(1, (2, 3)) and hash(point) == hash(Point(1, (2, 3)))
    with pytest.raises(TypeError):
        new(1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        point.x = 2  # type: ignore[misc]


def test_fast_constructor_refuses_what_it_cannot_copy() -> None:
    @dataclasses.dataclass(frozen=True)
    class NoSlots:
        x: int

    @dataclasses.dataclass(slots=True)
    class NotFrozen:
        x: int

    @dataclasses.dataclass(frozen=True, slots=True)
    class WithDefault:
        x: int = 0

    for cls in (NoSlots, NotFrozen, WithDefault):
        with pytest.raises(TypeError, match=cls.__name__):
            fast_constructor(cls)
