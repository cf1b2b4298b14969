"""The match loop every game shares: deals until the game's end rule says the match is over.

A game's match subclasses :class:`MatchBase` and gives only what differs: which state a deal
is (``new_state``), and what happens once a deal is scored (``conclude_deal``: the end rule,
the next dealer, any extra event such as Seep's ``baazi_end``). Totals, rounds, the guard
against finishing an unfinished deal, the ``score`` and ``match_end`` events, winners and the
match columns live here once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from simulator.games.base import DealState, RulesBase

S = TypeVar("S", bound=DealState)


class MatchBase(Generic[S]):
    """Deals until ``conclude_deal`` returns the winning side(s); the dealer carries over."""

    def __init__(self, rules: Any, deal_seed: Callable[[int], int], log: list[dict] | None = None) -> None:
        self.rules: RulesBase = rules
        self.deal_seed = deal_seed
        self.log = log
        #: running points per side (Seep: within the current baazi)
        self.totals = [0] * len(rules.sides)
        self.rounds = 0
        self.over = False
        self._winners: list[int] = []
        #: dealer of the next deal; None: round 1 draws the dealer from its seed
        self.next_dealer: int | None = None

    # -- what each game gives ------------------------------------------------------------

    def new_state(self, seed: int, dealer: int | None) -> S:
        """The game's deal state for this seed and dealer, logging into ``self.log``."""
        raise NotImplementedError

    def conclude_deal(self, state: S, points: list[int]) -> list[int]:
        """After a scored deal: set ``next_dealer``, apply the end rule; the winners, or [] to go on."""
        raise NotImplementedError

    def match_points(self) -> list[int]:
        """Per side, the match total of the ``match_end`` event and the ``match_points`` column."""
        return list(self.totals)

    def extra_side_rows(self) -> list[dict[str, Any]]:
        """Per side, columns beyond ``match_won``, ``match_rounds`` and ``match_points``."""
        return [{} for _ in self.totals]

    # -- the loop ------------------------------------------------------------------------

    def next_deal(self) -> S:
        """The next deal to play; its ``scores`` are the match totals before it."""
        if self.over:
            raise RuntimeError("the match is over")
        state = self.new_state(self.deal_seed(self.rounds + 1), self.next_dealer)
        state.scores = tuple(self.totals)
        return state

    def finish_deal(self, state: S) -> None:
        """Score a finished deal: totals, ``score`` event, the game's end rule, ``match_end``."""
        if self.over:
            raise RuntimeError("the match is over")
        if not state.is_over():
            raise ValueError("finish_deal needs a finished deal")
        points = state.side_points()
        for k, p in enumerate(points):
            self.totals[k] += p
        self.rounds += 1
        if self.log is not None:
            self.log.append(state.score_event(self.totals))
        winners = self.conclude_deal(state, points)
        if winners:
            self.over = True
            self._winners = winners
            if self.log is not None:
                self.log.append(
                    {
                        "type": "match_end",
                        "winner": winners[0] if len(winners) == 1 else winners,
                        "totals": self.match_points(),
                        "rounds": self.rounds,
                    }
                )

    def winners(self) -> list[int]:
        """Winning side(s) once over (several only when the rules let a tie share the win)."""
        return list(self._winners)

    def side_rows(self) -> list[dict[str, Any]]:
        """Per side, the match columns (``GAME.match_columns``)."""
        won = set(self._winners)
        points = self.match_points()
        return [
            {"match_won": k in won, "match_rounds": self.rounds, "match_points": points[k], **extra}
            for k, extra in enumerate(self.extra_side_rows())
        ]
