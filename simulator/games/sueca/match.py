"""A Sueca game to the end of rules §8: target points with a sole leader, or a fixed number of hands."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .rules import NUM_PLAYERS, SuecaRules
from .state import SuecaDeal


class SuecaMatch:
    """Hands until §8 ends the game; every seat is a side, the dealer moves right after each scored hand."""

    def __init__(
        self, rules: SuecaRules, deal_seed: Callable[[int], int], log: list[dict] | None = None
    ) -> None:
        self.rules = rules
        self.deal_seed = deal_seed
        self.log = log
        self.totals = [0] * NUM_PLAYERS
        self.rounds = 0
        self.over = False
        self._winners: list[int] = []
        self._next_dealer: int | None = None  # None: drawn from round 1's seed

    def next_deal(self) -> SuecaDeal:
        if self.over:
            raise RuntimeError("the match is over")
        state = SuecaDeal(self.rules, self.deal_seed(self.rounds + 1), dealer=self._next_dealer, log=self.log)
        state.scores = tuple(self.totals)
        return state

    def finish_deal(self, state: SuecaDeal) -> None:
        if not state.is_over():
            raise RuntimeError("finish_deal needs a finished hand")
        for s, p in enumerate(state.side_points()):
            self.totals[s] += p
        self.rounds += 1
        # after a pass-out with `passout_redeal_dealer: next` the hand's dealer is not the first one
        self._next_dealer = (state.hand_dealer + 1) % NUM_PLAYERS
        if self.log is not None:
            self.log.append(state.score_event(self.totals))
        winners = self._check_end()
        if winners:
            self.over = True
            self._winners = winners
            if self.log is not None:
                self.log.append(
                    {
                        "type": "match_end",
                        "winner": winners[0] if len(winners) == 1 else winners,
                        "totals": list(self.totals),
                        "rounds": self.rounds,
                    }
                )

    def _check_end(self) -> list[int]:
        """Winning seats if the game ends now (rules §8), else []."""
        best = max(self.totals)
        leaders = [s for s in range(NUM_PLAYERS) if self.totals[s] == best]
        rules = self.rules
        if rules.end_mode == "target":
            reached = best >= rules.target_points
        else:
            reached = self.rounds >= rules.num_hands
            if reached and len(leaders) > 1 and rules.fixed_hands_tie == "shared":
                return leaders
        return leaders if reached and len(leaders) == 1 else []

    def winners(self) -> list[int]:
        return list(self._winners)

    def side_rows(self) -> list[dict[str, Any]]:
        return [
            {"match_won": s in self._winners, "match_rounds": self.rounds, "match_points": self.totals[s]}
            for s in range(NUM_PLAYERS)
        ]
