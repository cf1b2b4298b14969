"""Strategies that misbehave on purpose, to test how runs report them."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

from strategies.base import Strategy


class FaultParams(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    rate: float = Field(1.0, ge=0, le=1, description="share of deals on which it misbehaves")
    mode: str = Field(
        "raise",
        description="raise (in a move), illegal (a move not legal), reset (raise in reset), build "
        "(raise when built, on every deal) or clear (empty the list of moves it is given, then play "
        "its first: a legal move)",
    )


class Faulty(Strategy):
    """Plays the first legal move, except on a seeded share of deals where it
    raises or returns a move that is not legal."""

    games: ClassVar[tuple[str, ...]] = ("sweep", "seep", "sueca")
    Params: ClassVar[type[BaseModel]] = FaultParams

    def __init__(self, params: BaseModel | None = None) -> None:
        super().__init__(params)
        if self.params.mode == "build":
            raise RuntimeError("deliberate failure")

    def reset(self, rng: Any, seat: int, rules: Any) -> None:
        super().reset(rng, seat, rules)
        self.bad_deal = rng.random() < self.params.rate
        if self.bad_deal and self.params.mode == "reset":
            raise RuntimeError("deliberate failure")

    def choose(self, view: Any, moves: Any) -> Any:
        if self.bad_deal and self.params.mode == "clear":
            first = moves[0]
            if isinstance(moves, list):
                moves.clear()
            return first
        if self.bad_deal:
            if self.params.mode == "raise":
                raise RuntimeError("deliberate failure")
            return "not a move"
        return moves[0]
