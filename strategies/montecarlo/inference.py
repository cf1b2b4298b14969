"""Inference from play: sampled deals kept in proportion to how well they explain the play seen.

The game's ``determinize`` draws the hidden cards uniformly among the deals the view allows (every
hard constraint: cards seen, voids shown, hand sizes). Real players are not uniform: what they
played says what they probably hold. :class:`WeightedSampler` draws ``pool`` deals from it and keeps
one with probability proportional to its likelihood under the game's model of play (sampling-
importance-resampling), so each kept deal still respects every hard constraint;
:class:`RejectionSampler` keeps each uniform draw with probability its likelihood (at most 1: a
product of chances), which draws exactly from the posterior of the model, and falls back to
resampling among its ``pool`` draws when none is kept. The model lives in the game's module as
``INFERENCE(view, deal, weight, last, floor)``: the log-likelihood of the other seats' last ``last``
decisions with the model's move scores times ``weight`` (the inverse temperature of a softmax), or
any value below ``floor`` once it is sure to end below it (each decision only lowers it: the
rejection sampler needs no more). With weight 0 the plug-in uses the game's sampler unchanged.
A game may also read a partner's plays (``partner``: a :class:`PartnerModel`), which the model of
the other seats does not describe: a partner plays as the searching strategy itself does."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from strategies.heuristic.plugin import TIE

Sampler = Callable[[Any, random.Random], Any]
#: ``INFERENCE(view, deal, weight, last, floor)``: the log-likelihood of the play seen under
#: ``deal``, or a value below ``floor`` as soon as it is sure to end below it
Likelihood = Callable[[Any, Any, float, int, float], float]


@dataclass(frozen=True)
class WeightedSampler:
    """A sampler that draws ``pool`` deals and keeps one in proportion to its likelihood."""

    sample: Sampler
    likelihood: Likelihood
    weight: float
    last: int
    pool: int

    def __call__(self, view: Any, rng: random.Random) -> Any:
        draws = [self.sample(view, rng) for _ in range(self.pool)]
        logs = [self.likelihood(view, deal, self.weight, self.last, -math.inf) for deal in draws]
        return resample(draws, logs, rng)


@dataclass(frozen=True)
class RejectionSampler(WeightedSampler):
    """A sampler that keeps each draw with probability its likelihood: the exact posterior of the
    model, at the cost of as many draws as the play makes the true hands unlikely. After ``pool``
    draws none of which was kept, one of them in proportion to its likelihood."""

    def __call__(self, view: Any, rng: random.Random) -> Any:
        draws, logs = [], []
        for _ in range(self.pool):
            deal = self.sample(view, rng)
            floor = math.log(1.0 - rng.random())  # kept if its log-likelihood is at least this
            log = self.likelihood(view, deal, self.weight, self.last, floor)
            if log >= floor:
                return deal
            draws.append(deal)
            logs.append(log)
        if len(draws) > 1:  # the values cut short are bounds: score them in full to choose
            logs = [self.likelihood(view, deal, self.weight, self.last, -math.inf) for deal in draws]
        return resample(draws, logs, rng)


@dataclass(frozen=True)
class PartnerModel:
    """A partner that plays as the searching strategy does: its ordering heuristic's first choice
    (tied best moves equally likely) with chance ``trust``, any legal move otherwise (the search
    plays another move when the samples show it better)."""

    heuristic: Any  # a HeuristicStrategy: the searching strategy's ordering
    trust: float

    def log_chance(self, scores: Sequence[float], index: int, tie: float) -> float:
        """Log of the chance of the move at ``index`` among moves so scored (``tie``: scores closer
        than this are tied)."""
        best = max(scores)
        top = self.trust / sum(s >= best - tie for s in scores) if scores[index] >= best - tie else 0.0
        return math.log(top + (1.0 - self.trust) / len(scores))


def log_softmax(weight: float, scores: Sequence[float], pick: int) -> float:
    """Log of the chance of ``scores[pick]`` under a softmax of ``weight`` times the scores."""
    top = max(scores)
    norm = math.log(math.fsum(math.exp(weight * (s - top)) for s in scores))
    return weight * (scores[pick] - top) - norm


def move_log_chance(
    scores: Sequence[float], index: int, weight: float, partner: PartnerModel | None
) -> float:
    """Log of the chance of the move at ``index`` among moves so scored (-1: a move the hand could
    not have made, chance 0): under the ``partner`` model if one is given, else a softmax of
    ``weight`` times the scores (a lone legal move is certain)."""
    if index < 0:
        return -math.inf
    if len(scores) < 2:
        return 0.0
    if partner is not None:
        return partner.log_chance(scores, index, TIE)
    return log_softmax(weight, scores, index)


#: a play's scores under each hand its seat may have held, by (heuristic, hand): the heuristic by
#: identity (its params hash slowly)
ScoreStore = dict[tuple[Any, int], tuple[list[float], int]]


def scores_of(
    store: ScoreStore, scorer: Any, held: int, move: Any, choice: Callable[[], tuple[Any, Sequence[Any]]]
) -> tuple[list[float], int]:
    """The scores by ``scorer`` of the moves a seat had, had it held ``held``, and the index of the
    ``move`` it made among them (-1 if that hand could not have made it), kept in ``store`` for later
    decisions: ``choice`` gives the seat's view then and its legal moves."""
    key = (scorer, held)
    got = store.get(key)
    if got is None:
        then, moves = choice()
        if move not in moves:
            got = ([0.0], -1)
        elif len(moves) < 2:
            got = ([0.0], 0)
        else:
            got = (scorer.scores(then, moves), moves.index(move))
        store[key] = got
    return got


def resample(draws: list[Any], logs: list[float], rng: random.Random) -> Any:
    """One of ``draws``, in proportion to the exponential of its ``logs``."""
    top = max(logs)
    weights = [math.exp(x - top) for x in logs]
    pick = rng.random() * math.fsum(weights)
    for deal, w in zip(draws, weights, strict=True):
        pick -= w
        if pick < 0:
            return deal
    return draws[-1]
