"""A Sweep match: rounds to ``target_score`` with the extra-round tie rule (sweep.md §7)."""

from __future__ import annotations

from simulator.games.match import MatchBase
from simulator.games.sweep.rules import SweepRules
from simulator.games.sweep.state import SweepState


class SweepMatch(MatchBase[SweepState]):
    """Rounds until one side alone holds the highest total at or above the target.

    The win is checked only at the end of a round (§7.1, SW-12). Under
    ``always_extra_round`` a round in which two or more sides stand at or above
    the target never ends the match by itself; extra rounds follow until one
    side alone holds the highest total (§7.2).
    """

    rules: SweepRules
    _extra_forced = False

    def new_state(self, seed: int, dealer: int | None) -> SweepState:
        return SweepState(self.rules, seed, dealer, self.log)

    def conclude_deal(self, state: SweepState, points: list[int]) -> list[int]:
        self.next_dealer = (state.dealer + 1) % self.rules.num_players
        totals = self.totals
        reached = sum(t >= self.rules.target_score for t in totals)
        if not reached:
            return []
        if (
            self.rules.simultaneous_target_rule == "always_extra_round"
            and reached >= 2
            and not self._extra_forced
        ):
            self._extra_forced = True
            return []
        best = max(totals)
        return [totals.index(best)] if totals.count(best) == 1 else []
