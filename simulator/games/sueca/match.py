"""A Sueca game to the end of rules §8: target points with a sole leader, or a fixed number of hands."""

from __future__ import annotations

from simulator.games.match import MatchBase
from simulator.games.sueca.rules import NUM_PLAYERS, SuecaRules
from simulator.games.sueca.state import SuecaState


class SuecaMatch(MatchBase[SuecaState]):
    """Hands until §8 ends the game; every seat is a side, the dealer moves right after each scored hand."""

    rules: SuecaRules

    def new_state(self, seed: int, dealer: int | None) -> SuecaState:
        return SuecaState(self.rules, seed, dealer=dealer, log=self.log)

    def conclude_deal(self, state: SuecaState, points: list[int]) -> list[int]:
        """Winning seats if the game ends now (rules §8), else []."""
        # after a pass-out with `passout_redeal_dealer: next` the hand's dealer is not the first one
        self.next_dealer = (state.hand_dealer + 1) % NUM_PLAYERS
        best = max(self.totals)
        leaders = [s for s in range(NUM_PLAYERS) if self.totals[s] == best]
        rules = self.rules
        if rules.end_mode == "target":
            reached = best >= rules.target_points  # type: ignore[operator]
        else:
            reached = self.rounds >= rules.num_hands  # type: ignore[operator]
            if reached and len(leaders) > 1 and rules.fixed_hands_tie == "shared":
                return leaders
        return leaders if reached and len(leaders) == 1 else []
