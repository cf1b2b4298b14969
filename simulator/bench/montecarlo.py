"""Where the CPU time of the ``montecarlo`` plug-in's decisions goes: sampling deals
(``GAME.determinize``), copying them (``clone``), and the rest (applying moves, rollouts)."""

from __future__ import annotations

import dataclasses
import importlib
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from simulator.bench.engines import Unrecorded, mid_deal_us, seep_lookahead_us, sueca_lookahead_us
from simulator.games import GAME_MODULES, get_game
from simulator.play import Seats, play_groups
from simulator.plugins import spec_from_name
from simulator.variants import resolve_variant

#: CPU time, not wall time: the one-core figure even on a machine other jobs share
_CLOCK = time.process_time


@dataclass
class SearchSplit:
    """Where the CPU time of montecarlo decisions goes: sampling deals (``determinize``), copying
    them (``clone``, one per candidate move but the last), and the rest (applying moves, rollouts)."""

    decisions: list[float]  # CPU seconds of each decision, sorted
    determinize_seconds: float = 0.0  # measured around every GAME.determinize call
    clones: int = 0  # clone() calls the decisions made (samples x (candidates - 1))
    clone_us: float = 0.0  # microseconds per clone() of a mid-deal state of the same game

    @property
    def total(self) -> float:
        return sum(self.decisions)

    @property
    def copying(self) -> float:
        """Fraction of the decision time spent in clone() (clones x the measured clone time)."""
        return self.clones * self.clone_us * 1e-6 / self.total

    @property
    def sampling(self) -> float:
        return self.determinize_seconds / self.total


class _Sampling:
    """The game's ``determinize`` timed: the samples drawn and their CPU seconds since ``restart``."""

    def __init__(self, determinize: Any) -> None:
        self.determinize = determinize
        self.restart()

    def restart(self) -> None:
        self.samples = 0
        self.seconds = 0.0

    def __call__(self, view: Any, rng: random.Random) -> Any:
        start = _CLOCK()
        try:
            return self.determinize(view, rng)
        finally:
            self.seconds += _CLOCK() - start
            self.samples += 1


class _TimedSearch:
    """A montecarlo seat whose decisions are timed into ``split`` until it holds ``wanted`` of them;
    past that it plays its first move at once (the deal then ends quickly). It stands in for the
    plug-in, so it answers what the play loop asks of a strategy."""

    def __init__(self, searcher: Any, split: SearchSplit, sampling: _Sampling, wanted: int) -> None:
        self.searcher, self.split, self.sampling, self.wanted = searcher, split, sampling, wanted
        self.wants_view = searcher.wants_view

    def reset(self, rng: random.Random, seat: int, rules: Any) -> None:
        self.searcher.reset(rng, seat, rules)

    def on_deal_end(self, result: Any) -> None:
        self.searcher.on_deal_end(result)

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        split = self.split
        if len(split.decisions) >= self.wanted:
            return moves[0]
        self.sampling.restart()
        start = _CLOCK()
        move = self.searcher.choose(view, moves)
        split.decisions.append(_CLOCK() - start)
        split.determinize_seconds += self.sampling.seconds
        split.clones += self.sampling.samples * (len(self.searcher.candidates(view, moves)) - 1)
        return move


def montecarlo_decisions(
    game_name: str, decisions: int, players: int | None = None, seed: int = 1
) -> SearchSplit:
    """CPU seconds of each decision of the ``montecarlo`` plug-in at its default settings, sorted,
    and the share of them spent sampling and copying deals.

    Seat 0's side plays montecarlo and the others greedy, in the play loop of every run, over as
    many deals as it takes to time ``decisions`` choices (forced moves are not decisions: the loop
    never asks). The game's ``determinize`` is timed by a wrapper for the duration (the registry's
    ``GAME`` is a copy of the spec holding the wrapper, then the spec again); ``clone`` (a compiled
    method) is counted instead: every sample clones the deal once per candidate but the last."""
    game = get_game(game_name)
    rules = resolve_variant(game, "standard", players).rules
    side_of = rules.side_of_seat
    split = SearchSplit([], clone_us=_mid_deal_clone_us(game_name))
    sampling = _Sampling(game.determinize)  # type: ignore[attr-defined]
    agents: list[Any] = [
        _TimedSearch(spec_from_name("montecarlo").build(), split, sampling, decisions)
        if side_of[s] == side_of[0]
        else spec_from_name("greedy").build()
        for s in range(rules.num_players)
    ]
    seats = Seats(0, agents)
    home = importlib.import_module(GAME_MODULES[game_name])
    home.GAME = dataclasses.replace(game, determinize=sampling)  # type: ignore[attr-defined, type-var]
    try:
        i = 0
        while len(split.decisions) < decisions:
            play_groups(game, rules, [seats], seed, range(i, i + 1), Unrecorded(), False)
            i += 1
    finally:
        home.GAME = game  # type: ignore[attr-defined]
    split.decisions.sort()
    return split


def _mid_deal_clone_us(game_name: str) -> float:
    """Microseconds per clone() of this game's deals in mid play (the look-ahead figures' states)."""
    if game_name == "sueca":
        return sueca_lookahead_us(100, 10)[0]
    if game_name == "seep":
        return seep_lookahead_us(100, 10)[0]
    return mid_deal_us(game_name, 24, 100, 10)[0]
