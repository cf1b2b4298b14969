"""The montecarlo plug-in: determinized search at every decision of every game.

At each decision (bids, trump and called card included) it draws ``samples`` deals with
``GAME.determinize(view, rng)``, which sees only the view, plays every candidate move (the
legal moves, or the best ``candidates`` of them by the default heuristic) out on each
with the rollout policy (a strategy, by default greedy, in Seep a greedy that fears sweeps, in
Sueca the default heuristic's choices made fast, with a uniform move at chance ``epsilon``:
epsilon-greedy) and plays the move with the best
mean outcome for its side, the heuristic's first choice unless another move beats it by
``confidence`` standard errors. All its randomness comes from the seat's private RNG, so a
run is reproducible, unless
``time_budget`` is set: sampling then stops when the budget is spent, which depends on the
machine's speed and load.

What differs between games lives in two modules per game, found by the games' registry
(:func:`simulator.games.game_part`). ``strategies/montecarlo/defaults/<game>.py`` holds the
default numbers (:data:`GAME_DEFAULT_NAMES`: ``SAMPLES``, ``EPSILON``, ``ENDGAME_CARDS``, the
number of cards left at or below which a sampled deal is solved exactly rather than rolled
out, and ``INFERENCE_WEIGHT``), which the parameters' help quotes without loading a game
engine. ``strategies/montecarlo/<game>.py`` holds the code (:data:`GAME_MODULE_NAMES`): the
default rollout policy ``ROLLOUT`` (a strategy class), ``match_target(rules)`` (the scale of a
match lead), ``EARLY_STOP``: None, or an :class:`strategies.montecarlo.outcome.EarlyStop` when a
rollout (and the exact solver) can stop before the deal ends: ``decided(state)``, the
``margin(state, side)`` that scores the unfinished deal, and the ``window`` of margins still possible,
``CONTRACT_ACTIONS``, the move actions of the decisions that set a contract before the card play,
``ENDGAME``, the game's part of the exact endgame solver
(:class:`strategies.montecarlo.endgame.EndgamePart`), and ``INFERENCE`` (None, or the
log-likelihood of the play seen under a sampled deal, :mod:`strategies.montecarlo.inference`), and
``SEATWISE`` (None, or a sampler drawing each seat's hand by its own plays, made as
``SEATWISE(weight, last, pool, partner)``: where the likelihood factors by seat).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from simulator.errors import UserError
from simulator.games import game_part, get_game
from simulator.limits import TIMEOUT_MAX
from simulator.plugins import load_class, load_strategy
from simulator.strategy import Strategy
from strategies.heuristic.plugin import HeuristicStrategy, default_heuristic
from strategies.montecarlo.inference import PartnerModel, RejectionSampler, WeightedSampler
from strategies.montecarlo.outcome import deal_margin, match_outcome
from strategies.montecarlo.search import Rollout, Search

#: the games montecarlo plays
GAMES = ("sweep", "seep", "sueca")
#: what every ``strategies.montecarlo.<game>`` module declares (a test checks each game of GAMES)
GAME_MODULE_NAMES = (
    "ROLLOUT",
    "match_target",
    "EARLY_STOP",
    "CONTRACT_ACTIONS",
    "ENDGAME",
    "INFERENCE",
    "SEATWISE",
)
#: what every ``strategies.montecarlo.defaults.<game>`` module declares
GAME_DEFAULT_NAMES = ("SAMPLES", "EPSILON", "ENDGAME_CARDS", "INFERENCE_WEIGHT")


def game_defaults(game: str) -> Any:
    """The default settings of ``game`` (its ``strategies.montecarlo.defaults`` module)."""
    return game_part(game, "strategies.montecarlo.defaults")


def _defaults(name: str) -> str:
    """``sweep 80, seep 6, ...``: one default of every game, for the parameters' help."""
    return ", ".join(f"{game} {getattr(game_defaults(game), name)}" for game in GAMES)


class MonteCarloParams(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False, defer_build=True)
    samples: int | None = Field(
        None,
        ge=1,
        le=100_000,
        description="deals sampled per decision, each playing every candidate out (default: per game, "
        f"{_defaults('SAMPLES')}: about 20-50 decisions per CPU second)",
    )
    rollout: str | None = Field(
        None,
        min_length=1,
        description="rollout policy: a registered strategy name or a strategy YAML file, not montecarlo "
        "(default: greedy; in Seep greedy that fears sweeps, strategies/montecarlo/seep.py; in Sueca "
        "the default heuristic's choices, strategies/montecarlo/sueca.py)",
    )
    epsilon: float | None = Field(
        None,
        ge=0,
        le=1,
        description=f"chance that a rollout move is uniform instead (default: {_defaults('EPSILON')}; "
        "sueca's rollout policy is the heuristic's play, random moves would only blur that model)",
    )
    contract_samples: int | None = Field(
        None,
        ge=0,
        le=100_000,
        description="deals sampled at a decision that sets the contract before the card play (Sueca's "
        "calls, trump and called card; Seep's opening bid), each played out to the deal's end "
        "(default: samples; 0: the ordering heuristic's first choice, unsearched)",
    )
    time_budget: float | None = Field(
        None,
        gt=0,
        le=TIMEOUT_MAX,
        description="seconds per decision: stop sampling when spent (results then vary by machine)",
    )
    candidates: int = Field(
        6, ge=0, description="moves played out: the best this many by the ordering heuristic (0: every move)"
    )
    confidence: float = Field(
        1.0,
        ge=0,
        description="standard errors by which a move must beat the heuristic's first choice (0: best mean)",
    )
    objective: Literal["margin", "match"] = Field(
        "margin", description="margin: the deal's points margin; match: the chance to win the match"
    )
    endgame_cards: int | None = Field(
        None,
        ge=0,
        le=24,
        description="solve a sampled deal exactly (alpha-beta) instead of rolling it out once a move "
        f"leaves at most this many cards to play (default: per game, {_defaults('ENDGAME_CARDS')}; "
        "0: always roll out, as the classic search)",
    )
    inference_weight: float | None = Field(
        None,
        ge=0,
        le=1e6,
        description="inference from play: weight (inverse temperature) of the model of the other seats' play "
        "by which sampled deals are kept (the larger, the nearer its best moves only, ties evenly; "
        "default: per game, "
        f"{_defaults('INFERENCE_WEIGHT')}; 0: uniform deals, the game's sampler unchanged; "
        "every game but sweep with builds)",
    )
    ordering: str | None = Field(
        None,
        min_length=1,
        description="the heuristic whose scores pick the candidates and whose first choice stands unless "
        "beaten: a strategy YAML file of heuristic weights, such as a tuned one (default: the default "
        "heuristic)",
    )
    inference_moves: int = Field(
        8,
        ge=1,
        le=40,
        description="inference: the other seats' last card plays weighed (sueca: its calls, trump and "
        "called card count too)",
    )
    inference_pool: int = Field(
        4,
        ge=2,
        le=1000,
        description="inference: deals drawn per sample kept (resample: one of them kept by likelihood; "
        "reject: at most this many, then one of them by likelihood)",
    )
    inference_sampler: Literal["resample", "reject", "seatwise"] = Field(
        "resample",
        description="inference: resample (keep one of inference_pool draws in proportion to its likelihood), "
        "reject (keep each draw with probability its likelihood: the model's exact posterior) or seatwise "
        "(sweep: each seat's hand drawn by rejection on its own plays, at most inference_pool draws a seat; "
        "elsewhere as reject)",
    )
    inference_partner: float = Field(
        0.0,
        ge=0,
        lt=1,
        description="inference: also read the partner's plays (sweep and seep), as a partner playing as this "
        "strategy does: its ordering's first choice with this chance, any legal move otherwise "
        "(0: the partner's plays are not read)",
    )

    @field_validator("ordering")
    @classmethod
    def _a_heuristic(cls, ref: str | None) -> str | None:
        if ref is None:
            return None
        try:
            spec = load_strategy(ref)
        except UserError as exc:
            raise ValueError(f"ordering {ref!r}: {_what_and_where(ref, exc)}") from None
        if not issubclass(load_class(spec.plugin, "ordering", "plugin"), HeuristicStrategy):
            raise ValueError(f"ordering {ref!r} is not a heuristic strategy (plugin: heuristic)")
        return ref

    @field_validator("rollout")
    @classmethod
    def _known_policy(cls, ref: str | None) -> str | None:
        if ref is None:
            return None
        try:
            spec = load_strategy(ref)
        except UserError as exc:
            raise ValueError(f"rollout policy {ref!r}: {_what_and_where(ref, exc)}") from None
        if issubclass(load_class(spec.plugin, "rollout", "plugin"), MonteCarloStrategy):
            raise ValueError("a montecarlo rollout policy cannot itself be montecarlo")
        return ref


def _what_and_where(ref: str, exc: UserError) -> str:
    """A named file's own error, with its file and key (the named file may itself be wrong); a
    place that only repeats the name ``ref`` is left out."""
    return f"{exc.where}: {exc.what}" if exc.where and exc.where != f"strategy {ref!r}" else exc.what


class MonteCarloStrategy(Strategy):
    """Determinized Monte Carlo: sample the hidden cards, play each move out, keep the best mean."""

    games: ClassVar[tuple[str, ...]] = GAMES
    Params: ClassVar[type[BaseModel]] = MonteCarloParams
    summary: ClassVar[str] = (
        "Samples the unseen cards (GAME.determinize), plays every move out with an epsilon-greedy "
        "rollout and plays the best mean for its side."
    )

    def __init__(self, params: BaseModel | None = None) -> None:
        super().__init__(params)
        self._agents: dict[tuple[str, int], list[Strategy]] = {}
        ref: str | None = self.params.ordering  # type: ignore[attr-defined]
        self._ordering: Strategy | None = None if ref is None else load_strategy(ref).build()

    def _rollout_agents(self, game: str, players: int) -> list[Strategy]:
        key = (game, players)
        if key not in self._agents:
            ref: str | None = self.params.rollout  # type: ignore[attr-defined]
            if ref is None:
                policy = game_part(game, "strategies.montecarlo").ROLLOUT
                self._agents[key] = [policy() for _ in range(players)]
            else:
                spec = load_strategy(ref)
                self._agents[key] = [spec.build() for _ in range(players)]
        return self._agents[key]

    def search(self, view: Any) -> Search:
        """The search of one decision (its sampler is the game's ``determinize``, nothing else)."""
        p: Any = self.params
        part = game_part(view.game, "strategies.montecarlo")
        defaults = game_defaults(view.game)
        agents = self._rollout_agents(view.game, view.rules.num_players)
        epsilon = defaults.EPSILON if p.epsilon is None else p.epsilon
        stop = None
        if p.objective == "match":
            rollout = Rollout(agents, epsilon, view.game)
            outcome = match_outcome(view.game, view.scores, part.match_target)
        elif part.EARLY_STOP is not None:  # rollouts stop once the score is fixed
            stop = part.EARLY_STOP
            rollout = Rollout(agents, epsilon, view.game, stop.decided)
            outcome = stop.margin
        else:
            rollout = Rollout(agents, epsilon, view.game)
            outcome = deal_margin
        sample = get_game(view.game).determinize  # type: ignore[attr-defined]
        weight = defaults.INFERENCE_WEIGHT if p.inference_weight is None else p.inference_weight
        if weight and part.INFERENCE is not None:
            partner = None
            if p.inference_partner:
                partner = PartnerModel(self._ordering or default_heuristic(), p.inference_partner)
            if p.inference_sampler == "seatwise" and part.SEATWISE is not None:
                sample = part.SEATWISE(weight, p.inference_moves, p.inference_pool, partner)
            else:
                kind = WeightedSampler if p.inference_sampler == "resample" else RejectionSampler
                likelihood = functools.partial(part.INFERENCE, partner=partner)
                sample = kind(sample, likelihood, weight, p.inference_moves, p.inference_pool)
        samples = p.samples or defaults.SAMPLES
        small = defaults.ENDGAME_CARDS if p.endgame_cards is None else p.endgame_cards
        return Search(
            sample,
            rollout,
            outcome,
            samples,
            p.time_budget,
            p.confidence,
            part.ENDGAME if small else None,
            small,
            stop,
        )

    def candidates(self, view: Any, moves: Sequence[Any]) -> Sequence[Any]:
        """The moves worth playing out, best first by the ordering heuristic's score (the default
        heuristic's unless ``ordering`` names another): the first ``candidates`` of them (all with 0)."""
        keep: int = self.params.candidates or len(moves)  # type: ignore[attr-defined]
        heuristic = self._ordering or default_heuristic()
        scores = heuristic.scores(view, moves)  # type: ignore[attr-defined]
        order = sorted(range(len(moves)), key=lambda i: -scores[i])[:keep]
        return [moves[i] for i in order]

    def _contract_samples(self, moves: Sequence[Any], game: str) -> int | None:
        """``contract_samples`` at a decision that sets the contract (None: the usual budget)."""
        samples: int | None = self.params.contract_samples  # type: ignore[attr-defined]
        contract = game_part(game, "strategies.montecarlo").CONTRACT_ACTIONS
        return None if samples is None or moves[0].action not in contract else samples

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        candidates = self.candidates(view, moves)
        samples = self._contract_samples(moves, view.game)
        if samples == 0:
            return candidates[0]
        search = self.search(view)
        if samples is not None:
            search.samples = samples
        return search.choose(view, candidates, self.rng)
