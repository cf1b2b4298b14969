"""The SPSA schedule, its perturbations and steps, and the param space's bounds."""

from __future__ import annotations

import math

import pytest
from pydantic import BaseModel, Field

from simulator.errors import UserError
from simulator.tune.space import build_space, default_names, parse_params_option
from simulator.tune.spsa import C_END, R_END, Schedule, candidates, perturbation, step


def test_the_schedule_ends_at_its_documented_values():
    for n in (1, 10, 625, 5000):
        s = Schedule(n)
        assert math.isclose(s.c_k(n), C_END)
        assert math.isclose(s.a_k(n) / (2 * s.c_k(n)), R_END / math.sqrt(n))
        assert s.c_k(1) >= s.c_k(n) and s.a_k(1) >= s.a_k(n)


def test_perturbations_come_from_the_seed_and_iteration_alone():
    assert perturbation(3, 7, 20) == perturbation(3, 7, 20)
    assert perturbation(3, 7, 20) != perturbation(3, 8, 20)
    assert set(perturbation(3, 7, 50)) == {-1, 1}


def test_candidates_and_steps_stay_in_the_range():
    plus, minus = candidates([0.99, 0.0], 0.05, [1, 1])
    assert plus == [1.0, 0.05] and minus == [0.94, 0.0]
    theta = step([0.5, 0.5], Schedule(10), 1, [1, -1], result=1.0)
    assert theta[0] > 0.5 > theta[1]
    assert step([0.5, 0.5], Schedule(10), 1, [1, -1], result=1e9) == [1.0, 0.0]


class Model(BaseModel):
    weight: float = 0.5
    zero: float = 0.0
    count: int = Field(6, ge=0, le=10)
    rate: float | None = Field(None, gt=0, lt=1)
    mode: str = "a"


def test_bounds_come_from_the_model_the_option_or_around_the_start():
    space = build_space(Model, {"weight": 0.5, "zero": 0.0, "count": 6, "rate": 0.2}, {}, "sweep", "f.yaml")
    by = {p.name: p for p in space.params}
    assert set(by) == {"weight", "zero", "count", "rate"}  # numeric params with a value, not mode
    assert (by["weight"].low, by["weight"].high) == (-0.5, 1.5)
    assert (by["zero"].low, by["zero"].high) == (-1.0, 1.0)
    assert (by["count"].low, by["count"].high, by["count"].integer) == (0, 10, True)
    assert 0 < by["rate"].low < 1e-300 and by["rate"].high < 1
    assert by["count"].value(0.64) == 6 and by["count"].value(2.0) == 10
    given = build_space(Model, {"weight": 0.5}, parse_params_option("weight=0:2"), "sweep", "f.yaml")
    assert given.params[0].low == 0 and given.params[0].high == 2
    assert given.values(given.start_units()) == {"weight": 0.5}


def test_per_game_params_default_to_the_tuned_games():
    class PerGame(BaseModel):
        sweep_a: float = 1.0
        seep_a: float = 1.0

    assert default_names(PerGame, {"sweep_a": 1.0, "seep_a": 1.0}, "seep") == ["seep_a"]


@pytest.mark.parametrize(
    "text, start, message",
    [
        ("nope", {}, "unknown param 'nope'"),
        ("mode", {"mode": "a"}, "not a number"),
        ("weight=1:2", {"weight": 0.5}, "do not hold its start value"),
        ("count=-1:5", {"count": 6}, "leave the model's range"),
        ("rate", {"rate": None}, "has no start value"),
        ("weight=2:1", {"weight": 0.5}, "LO < HI"),
        ("weight=nan:1", {"weight": 0.5}, "LO < HI"),
        ("weight=a:b", {"weight": 0.5}, "are not LO:HI numbers"),
        ("weight,,zero", {"weight": 0.5}, "an empty name"),
    ],
)
def test_bad_params_are_one_clear_error(text, start, message):
    with pytest.raises(UserError, match=message):
        build_space(Model, start, parse_params_option(text), "sweep", "f.yaml")


def test_a_history_row_written_after_the_last_saved_state_is_dropped(tmp_path):
    """A SIGKILL between appending a row and saving the state: the resume starts after the state."""
    from simulator.tune.state import HISTORY_LINES, TuneState

    state = TuneState("f", {}, [0.5])
    state.restart(tmp_path)
    for k in (1, 2, 3):
        state.iteration = k
        state.add(tmp_path, {"iteration": k})
        if k < 3:
            state.save(tmp_path)
    with open(tmp_path / HISTORY_LINES, "a") as half_written:
        half_written.write('{"iterat')
    again = TuneState.read(tmp_path)
    assert again.iteration == 2 and again.history == [{"iteration": 1}, {"iteration": 2}]
    assert (tmp_path / HISTORY_LINES).read_text().count("\n") == 2
