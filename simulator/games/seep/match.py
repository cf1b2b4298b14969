"""Seep baazis and matches (§8, §11.2, §12.5): cumulative scores, under-9, lead, dealer rotation."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from simulator.games.match import MatchBase
from simulator.games.seep.rules import SeepRules
from simulator.games.seep.state import SeepState


def baazi_result(rules: SeepRules, deal: list[int], totals: list[int]) -> tuple[int, str] | None:
    """Winner side and reason of the baazi after a deal, or None while it goes on.

    ``deal`` are the deal's side scores (sweeps included, SP-16), ``totals`` the
    cumulative baazi scores including this deal. Under-9 comes first (§8.2); it
    applies only when some but not all sides scored below 9.
    """
    nsides = len(deal)
    if rules.under9_rule:
        low = [k for k in range(nsides) if deal[k] < 9]
        if 0 < len(low) < nsides:
            ok = [k for k in range(nsides) if deal[k] >= 9]
            best = max(totals[k] for k in ok)
            leaders = [k for k in ok if totals[k] == best]
            if len(leaders) == 1:
                return leaders[0], "under9"
    target = rules.baazi_target
    for k in range(nsides):
        if all(totals[k] - totals[j] >= target for j in range(nsides) if j != k):
            return k, "lead"
    return None


class SeepMatch(MatchBase[SeepState]):
    """Deals until one side has won ``baazis_to_win_match`` baazis; ``totals`` count within a baazi."""

    rules: SeepRules

    def __init__(
        self, rules: SeepRules, deal_seed: Callable[[int], int], log: list[dict] | None = None
    ) -> None:
        super().__init__(rules, deal_seed, log)
        self.baazis = [0] * len(rules.sides)
        self.last_reason = ""
        self.baazi_history: list[tuple[int, str, int]] = []  # (winner, reason, round)

    def new_state(self, seed: int, dealer: int | None) -> SeepState:
        state = SeepState(self.rules, seed, dealer, self.log)
        state.baazis = tuple(self.baazis)
        return state

    def conclude_deal(self, state: SeepState, points: list[int]) -> list[int]:
        rules = self.rules
        result = baazi_result(rules, points, self.totals)
        n = rules.num_players
        dealer = state.dealer
        if rules.dealer_rotation == "losing_team_deals":
            diff = self.totals[0] - self.totals[1]
            lead = diff if rules.side_of_seat[dealer] == 0 else -diff
            nxt = dealer if lead <= 0 else (dealer + 1) % n
            if result is not None:
                nxt = (nxt + 2) % n
        else:
            nxt = (dealer + 1) % n
        self.next_dealer = nxt
        if result is None:
            return []
        winner, reason = result
        self.baazis[winner] += 1
        self.last_reason = reason
        self.baazi_history.append((winner, reason, self.rounds))
        if self.log is not None:
            self.log.append(
                {"type": "baazi_end", "winner": winner, "reason": reason, "baazis": list(self.baazis)}
            )
        self.totals = [0] * len(self.totals)
        return [winner] if self.baazis[winner] >= rules.baazis_to_win_match else []

    def match_points(self) -> list[int]:
        return list(self.baazis)

    def extra_side_rows(self) -> list[dict[str, Any]]:
        return [{"baazis_won": b, "baazi_reason": self.last_reason} for b in self.baazis]
