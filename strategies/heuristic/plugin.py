"""The heuristic plug-in: a strategy written in YAML alone, as weights of named move features.

Every legal move gets the score ``sum(weight * feature)`` and the best is played (ties by the
seat's RNG). The features of each game live in ``strategies/heuristic/<game>.py``, found by the
games' registry (:func:`simulator.games.game_part`), which declares the names of
:data:`GAME_MODULE_NAMES`: ``FEATURES`` and ``feature_rows(view, moves)``. Each feature is a
parameter ``<game>_<feature>`` with its default weight and one line of help, so
``cardsim list strategies`` lists them, a personality is a YAML file of weights, and an unknown
feature or a weight that is not a finite number is reported with its file and key.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field, create_model

from simulator.games import game_part
from simulator.strategy import Strategy
from strategies.heuristic.features import Feature

#: the games the heuristic plays
GAMES = ("sweep", "seep", "sueca")
#: what every ``strategies.heuristic.<game>`` module declares (a test checks each game of GAMES)
GAME_MODULE_NAMES = ("FEATURES", "feature_rows")


def _game_features(
    game: str,
) -> tuple[tuple[Feature, ...], Callable[[Any, Sequence[Any]], list[list[float]]]]:
    module = game_part(game, "strategies.heuristic")
    return module.FEATURES, module.feature_rows


#: game -> (its feature table, the function giving one row of feature values per move)
GAME_FEATURES = {game: _game_features(game) for game in GAMES}
TIE = 1e-9  # scores closer than this are a tie


def _params_model() -> type[BaseModel]:
    fields: dict[str, Any] = {}
    for game, (features, _) in GAME_FEATURES.items():
        for f in features:
            fields[f"{game}_{f.name}"] = (float, Field(f.default, description=f.doc))
    config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)
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
            for game, (features, _) in GAME_FEATURES.items()
        }

    def scores(self, view: Any, moves: Sequence[Any]) -> list[float]:
        """The score of every move (for tests and for people tuning weights)."""
        weights = self.weights[view.game]
        rows = GAME_FEATURES[view.game][1](view, moves)
        return [math.fsum(w * x for w, x in zip(weights, row, strict=True)) for row in rows]

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        scores = self.scores(view, moves)
        best = max(scores)
        top = [m for m, s in zip(moves, scores, strict=True) if s >= best - TIE]
        return top[0] if len(top) == 1 else top[int(self.rng.random() * len(top))]
