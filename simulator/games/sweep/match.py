"""A Sweep match: rounds to ``target_score`` with the extra-round tie rule (sweep.md §7)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from simulator.games.sweep.rules import SweepRules
from simulator.games.sweep.state import SweepState


class SweepMatch:
    """Rounds until one side alone holds the highest total at or above the target.

    The win is checked only at the end of a round (§7.1, SW-12). Under
    ``always_extra_round`` a round in which two or more sides stand at or above
    the target never ends the match by itself; extra rounds follow until one
    side alone holds the highest total (§7.2).
    """

    def __init__(
        self, rules: SweepRules, deal_seed: Callable[[int], int], log: list[dict] | None = None
    ) -> None:
        self.rules = rules
        self.deal_seed = deal_seed
        self.log = log
        self.totals = [0] * len(rules.sides)
        self.rounds = 0
        self.over = False
        self.winner = -1
        self._dealer: int | None = None  # None: round 1 draws the dealer from its seed
        self._extra_forced = False

    def next_deal(self) -> SweepState:
        if self.over:
            raise RuntimeError("the Sweep match is over")
        return SweepState(self.rules, self.deal_seed(self.rounds + 1), self._dealer, self.log)

    def finish_deal(self, state: SweepState) -> None:
        if not state.is_over():
            raise ValueError("finish_deal needs a finished round")
        for k, p in enumerate(state.side_points()):
            self.totals[k] += p
        self.rounds += 1
        self._dealer = (state.dealer + 1) % self.rules.num_players
        if self.log is not None:
            self.log.append(state.score_event(self.totals))
        self._check_end()
        if self.over and self.log is not None:
            self.log.append(
                {
                    "type": "match_end",
                    "winner": self.winner,
                    "totals": list(self.totals),
                    "rounds": self.rounds,
                }
            )

    def _check_end(self) -> None:
        totals = self.totals
        target = self.rules.target_score
        reached = sum(t >= target for t in totals)
        if not reached:
            return
        if (
            self.rules.simultaneous_target_rule == "always_extra_round"
            and reached >= 2
            and not self._extra_forced
        ):
            self._extra_forced = True
            return
        best = max(totals)
        if totals.count(best) == 1:
            self.over = True
            self.winner = totals.index(best)

    def winners(self) -> list[int]:
        return [self.winner] if self.over else []

    def side_rows(self) -> list[dict[str, Any]]:
        return [
            {"match_won": self.over and k == self.winner, "match_rounds": self.rounds, "match_points": t}
            for k, t in enumerate(self.totals)
        ]
