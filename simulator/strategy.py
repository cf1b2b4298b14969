"""The strategy plug-in interface (docs/design.md §4) and the version of the plug-in API.

A plug-in is a class deriving from :class:`Strategy`. It declares its
parameters as a pydantic model ``Params`` (names, types, defaults and help via
``Field(description=...)``), the games it supports in ``games`` and, optionally,
the API version it was written for in ``api_version``. The runner
constructs one instance per seat with validated params, calls :meth:`reset`
at the start of each deal with that seat's private RNG, then :meth:`choose` at
each decision with the seat's view and the legal moves. Bids, trumps and
called cards are decisions like any other. One instance plays one seat for a
whole run; forced moves (a single legal move) are made without asking it.

Plug-ins import this through :mod:`simulator.api`, the one module of the stable surface.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from pydantic import BaseModel, ConfigDict

#: the version of the plug-in API (simulator.api); raised with every change that can break a plug-in
API_VERSION: Final = 2
#: what a plug-in author must change to reach each version from the one before (mirrors CHANGELOG.md;
#: the loader quotes it when a plug-in declares another ``api_version``)
API_CHANGES: Final[dict[int, str]] = {
    2: "moves are NamedTuples with an int action first: SweepMove(action, card, value, mask) was "
    "Move(card, action, mask, value) with the string actions 'trail', 'capture', 'build'; Sueca's "
    "Call, Trump, CallCard and Play became one SuecaMove(action, card, value). Compare move.action "
    "with the constants of simulator.games.<game> (TRAIL, CAPTURE, ..., PLAY) and read fields by "
    "name, never by unpacking. Import Strategy, DealResult and NoParams from simulator.api "
    "(strategies.base still re-exports them); the built-ins' modules are grouped by family "
    "(strategies.montecarlo_rollout:SeepRollout is now strategies.montecarlo.seep:SeepRollout). "
    "GAME.actions is gone (simulator.rl.actions.codec_for(game)), and Sweep's state.cur is "
    "state.turn, as in the other games.",
}


@dataclass(frozen=True, slots=True)
class DealResult:
    """The end of a deal as a strategy learns it: every side's points and the seat's own side."""

    points: tuple[int, ...]  # per side (Sueca: hand score per seat)
    side: int  # the side of the strategy's seat

    @property
    def margin(self) -> float:
        """Own points minus the mean of the other sides' points."""
        others = [p for k, p in enumerate(self.points) if k != self.side]
        return self.points[self.side] - sum(others) / len(others)


class NoParams(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class Strategy:
    """Base class of every strategy plug-in."""

    #: games this plug-in can play
    games: ClassVar[tuple[str, ...]] = ()
    #: the declared parameters; subclasses override with their own model
    Params: ClassVar[type[BaseModel]] = NoParams
    #: one-line description shown by ``cardsim list strategies``
    summary: ClassVar[str] = ""
    #: False for a strategy that never looks at the position: the runner then passes ``None``
    #: instead of building a view (a measurable saving in the hot loop)
    wants_view: ClassVar[bool] = True
    #: the :data:`API_VERSION` the plug-in was written for; the loader refuses another one, so a
    #: plug-in meets an API change as an error rather than as silently wrong play (None: not declared)
    api_version: ClassVar[int | None] = None

    def __init__(self, params: BaseModel | None = None) -> None:
        self.params = params if params is not None else self.Params()
        self.rng = random.Random(0)
        self.seat = 0

    def reset(self, rng: random.Random, seat: int, rules: Any) -> None:
        """Start of a deal: the private RNG for this deal, the seat, the rules."""
        self.rng = rng
        self.seat = seat
        self.rules = rules

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        """Return one element of ``moves``."""
        raise NotImplementedError

    def on_deal_end(self, result: DealResult) -> None:
        """End of a deal: its final scores (for learning and counting strategies; default: nothing)."""
