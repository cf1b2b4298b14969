"""The heuristic plug-in: a strategy written in YAML alone, as weights of named move features.

Every legal move gets the score ``sum(weight * feature)`` and the best is played (ties by the
seat's RNG). Each game has two modules, found by the games' registry
(:func:`simulator.games.game_part`): its feature table ``strategies/heuristic/features/<game>.py``
(``FEATURES``: each feature's name, default weight and one line of help) and the code computing
the features ``strategies/heuristic/<game>.py`` (:data:`GAME_MODULE_NAMES`:
``feature_rows(view, moves)``, loaded at the first move of that game). Each feature is a
parameter ``<game>_<feature>``, so ``cardsim list strategies`` lists them without loading a game
engine, a personality is a YAML file of weights, and an unknown feature or a weight that is not
a finite number is reported with its file and key.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field, create_model

from simulator.games import game_part
from simulator.strategy import Strategy
from strategies.heuristic.features import Feature

#: the games the heuristic plays
GAMES = ("sweep", "seep", "sueca")
#: what every ``strategies.heuristic.features.<game>`` module declares (a test checks each game)
GAME_TABLE_NAMES = ("FEATURES",)
#: what every ``strategies.heuristic.<game>`` module declares (a test checks each game of GAMES)
GAME_MODULE_NAMES = ("feature_rows",)
TIE = 1e-9  # scores closer than this are a tie

#: game -> its feature table (names, default weights, help), in the order of its feature rows
GAME_FEATURES: dict[str, tuple[Feature, ...]] = {
    game: game_part(game, "strategies.heuristic.features").FEATURES for game in GAMES
}
_ROWS: dict[str, Callable[[Any, Sequence[Any]], list[list[float]]]] = {}


def feature_rows(game: str) -> Callable[[Any, Sequence[Any]], list[list[float]]]:
    """The function giving one row of feature values per move in ``game`` (its module is imported
    on first use: it needs the game engine, which listing the parameters does not)."""
    rows = _ROWS.get(game)
    if rows is None:
        rows = _ROWS[game] = game_part(game, "strategies.heuristic").feature_rows
    return rows


def _params_model() -> type[BaseModel]:
    fields: dict[str, Any] = {}
    for game, features in GAME_FEATURES.items():
        for f in features:
            fields[f"{game}_{f.name}"] = (float, Field(f.default, description=f.doc))
    config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False, defer_build=True)
    return create_model("HeuristicParams", __config__=config, **fields)


HeuristicParams = _params_model()


class HeuristicStrategy(Strategy):
    """Plays the legal move with the highest weighted sum of features."""

    games: ClassVar[tuple[str, ...]] = GAMES
    Params: ClassVar[type[BaseModel]] = HeuristicParams
    summary: ClassVar[str] = (
        "Weighted sum of named move features; weights are params <game>_<feature> (a personality is a "
        "YAML file of weights)."
    )

    def __init__(self, params: BaseModel | None = None) -> None:
        super().__init__(params)
        self.weights = {
            game: tuple(getattr(self.params, f"{game}_{f.name}") for f in features)
            for game, features in GAME_FEATURES.items()
        }

    def scores(self, view: Any, moves: Sequence[Any]) -> list[float]:
        """The score of every move (for tests and for people tuning weights)."""
        weights = self.weights[view.game]
        rows = feature_rows(view.game)(view, moves)
        # a feature at 0 adds nothing to the exact sum: most of a move's features are 0
        return [math.fsum([w * x for w, x in zip(weights, row, strict=True) if x]) for row in rows]

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        return best_scored(moves, self.scores(view, moves), self.rng)


def best_scored(moves: Sequence[Any], scores: Sequence[float], rng: Any) -> Any:
    """The move with the highest score, ties (within :data:`TIE`) by one draw of ``rng``: the
    heuristic's rule, shared by the rollout policies that copy its choices."""
    best = max(scores)
    top = [m for m, s in zip(moves, scores, strict=True) if s >= best - TIE]
    return top[0] if len(top) == 1 else top[int(rng.random() * len(top))]


@functools.cache
def default_heuristic() -> HeuristicStrategy:
    """The heuristic at its default weights, made on first use and shared: the searches order
    their candidate moves by its scores, which read nothing but the view and the moves."""
    return HeuristicStrategy()
