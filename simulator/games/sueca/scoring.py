"""End-of-hand scoring (rules §7): the score table T(x) and every seat's score of a hand."""

from __future__ import annotations

from simulator.games.sueca.rules import MIN_BID, NUM_PLAYERS


def score_value(x: int) -> int:
    """T(x) of rules §7.2 for 61 <= x <= 120."""
    if x >= 120:
        return 6
    if x > 100:
        return 5
    if x < MIN_BID:
        raise ValueError(f"T(x) is defined for 61..120, got {x}")
    return (x - 51) // 10


def hand_scores(
    kind: str, declarer: int, partner: int, bid: int, team_points: int, declarer_tricks: int, score_index: str
) -> tuple[bool, list[int]]:
    """(made, score per seat) of one hand by rules §7.3-7.4; ``partner``/``bid`` unused for nuls."""
    scores = [0] * NUM_PLAYERS
    if kind == "nuls":
        made = declarer_tricks == 0
        if made:
            scores[declarer] = 6
        else:
            scores = [6] * NUM_PLAYERS
            scores[declarer] = 0
        return made, scores
    made = team_points >= bid
    if made:
        value = score_value(team_points if score_index == "made_if_bidder_wins" else bid)
        scores[declarer] = scores[partner] = value
    else:
        scores = [score_value(bid)] * NUM_PLAYERS
        scores[declarer] = scores[partner] = 0
    return made, scores
