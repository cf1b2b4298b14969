"""The ismcts plug-in: Information Set Monte Carlo Tree Search at every decision of every game.

Each decision grows one tree over the moves of the seats (:mod:`strategies.ismcts.tree`) for a
fixed number of ``iterations``, each on a deal sampled from the view by ``GAME.determinize``;
the root's moves are the heuristic's best ``candidates``, and the move visited most is played
if its mean beats the heuristic's first choice by ``confidence`` standard errors (else the
first choice, as montecarlo's rule).
Rollouts, their policy and the exact endgame solver are the montecarlo family's for the game
(``strategies/montecarlo/<game>.py``: ``ROLLOUT``, ``EARLY_STOP``, ``ENDGAME``; its
``defaults/<game>.py``: ``EPSILON``).
What is the ismcts family's own per game lives in ``strategies/ismcts/<game>.py``
(:data:`GAME_MODULE_NAMES`): the default ``ITERATIONS``, the ``EXPLORATION`` constant, in the
game's points (the typical spread of a deal's margin), and ``ENDGAME_CARDS``, the cards left at
or below which a sampled deal is solved exactly. All its randomness comes from the seat's
private RNG: a run is reproducible.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

from simulator.games import game_part, get_game
from simulator.strategy import Strategy
from strategies.heuristic.plugin import default_heuristic
from strategies.ismcts.tree import Tree
from strategies.montecarlo.outcome import deal_margin
from strategies.montecarlo.plugin import game_defaults
from strategies.montecarlo.search import Rollout

#: the games ismcts plays
GAMES = ("sweep", "seep", "sueca")
#: what every ``strategies.ismcts.<game>`` module declares (a test checks each game of GAMES)
GAME_MODULE_NAMES = ("ITERATIONS", "EXPLORATION", "ENDGAME_CARDS")


def _defaults(name: str) -> str:
    """``sweep 400, seep 40, ...``: one default of every game, for the parameters' help."""
    return ", ".join(f"{game} {getattr(game_part(game, 'strategies.ismcts'), name)}" for game in GAMES)


class IsmctsParams(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False, defer_build=True)
    iterations: int | None = Field(
        None,
        ge=1,
        le=1_000_000,
        description="iterations per decision, each on a new sampled deal "
        f"(default: per game, {_defaults('ITERATIONS')})",
    )
    exploration: float | None = Field(
        None,
        ge=0,
        le=1000,
        description="UCB exploration constant, in the game's points per deal "
        f"(default: per game, {_defaults('EXPLORATION')})",
    )
    candidates: int = Field(
        6,
        ge=0,
        description="moves searched at the root: the best this many by the default heuristic (0: all)",
    )
    confidence: float = Field(
        1.0,
        ge=0,
        description="standard errors by which the most visited move's mean must beat the heuristic's first "
        "choice (0: the most visited move)",
    )
    endgame_cards: int | None = Field(
        None,
        ge=0,
        le=24,
        description="solve the sampled deal exactly once at most this many cards are left "
        f"(default: per game, {_defaults('ENDGAME_CARDS')}; 0: always roll out)",
    )


class IsmctsStrategy(Strategy):
    """Information Set MCTS: one tree over the seats' moves, grown on sampled deals."""

    games: ClassVar[tuple[str, ...]] = GAMES
    Params: ClassVar[type[BaseModel]] = IsmctsParams
    summary: ClassVar[str] = (
        "Information Set MCTS: a tree over every seat's moves grown on sampled deals for a fixed number "
        "of iterations; plays the most visited move."
    )

    def __init__(self, params: BaseModel | None = None) -> None:
        super().__init__(params)
        self._agents: dict[tuple[str, int], list[Strategy]] = {}

    def tree(self, view: Any) -> Tree:
        """The search of one decision (its sampler is the game's ``determinize``, nothing else)."""
        p: Any = self.params
        own = game_part(view.game, "strategies.ismcts")
        mc = game_part(view.game, "strategies.montecarlo")
        epsilon = game_defaults(view.game).EPSILON
        key = (view.game, view.rules.num_players)
        if key not in self._agents:
            self._agents[key] = [mc.ROLLOUT() for _ in range(view.rules.num_players)]
        stop = mc.EARLY_STOP
        if stop is not None:
            rollout = Rollout(self._agents[key], epsilon, view.game, stop.decided)
            outcome = stop.margin
        else:
            rollout = Rollout(self._agents[key], epsilon, view.game)
            outcome = deal_margin
        small = own.ENDGAME_CARDS if p.endgame_cards is None else p.endgame_cards
        return Tree(
            get_game(view.game).determinize,  # type: ignore[attr-defined]
            rollout,
            outcome,
            p.iterations or own.ITERATIONS,
            own.EXPLORATION if p.exploration is None else p.exploration,
            mc.ENDGAME if small else None,
            small,
            stop,
        )

    def candidates(self, view: Any, moves: Sequence[Any]) -> list[Any]:
        """The root's moves, best first by the default heuristic: the first ``candidates``."""
        keep: int = self.params.candidates or len(moves)  # type: ignore[attr-defined]
        scores = default_heuristic().scores(view, moves)
        order = sorted(range(len(moves)), key=lambda i: -scores[i])[:keep]
        return [moves[i] for i in order]

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        candidates = self.candidates(view, moves)
        root = self.tree(view).root(view, candidates, self.rng)
        return Tree.best(root, candidates, self.params.confidence)  # type: ignore[attr-defined]
