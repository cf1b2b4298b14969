"""Sueca italienne features of the heuristic strategy: bidding, trump and called card, then tricks.

The auction weighs a hand evaluation (trump length, aces and sevens: the greedy estimate of the
team's card points) against the bid, with a risk feature that makes a personality bid more or
less readily; nuls is called on weak hands. In the play, the features value winning point-rich
tricks (surely, when nobody after the seat can overtake), giving points to a known teammate,
not overtaking him, keeping trumps and high cards, leading trumps while the partner is unknown,
and, in nuls, not taking a trick as declarer. Only the view is read.
"""

from __future__ import annotations

from collections.abc import Sequence

from simulator.games import sueca
from simulator.games.sueca import SuecaView
from simulator.games.sueca.cards import POINTS, STRENGTH, SUIT_PACK_MASK, trick_value
from strategies.greedy_sueca import estimate
from strategies.heuristic_features import Feature

FEATURES: tuple[Feature, ...] = (
    Feature("bid_margin", 1.0, "for a points bid: (estimated team card points - bid) / 10"),
    Feature("bid_risk", 0.0, "1 for every points bid: above 0 bids more readily, below 0 more cautiously"),
    Feature(
        "nuls_weakness",
        0.8,
        "for nuls: 1 - 1 per A, 7 or K - 0.25 per J or Q - 0.5 per card past 3 in a suit",
    ),
    Feature("trump_length", 1.0, "for the trump choice: cards of that suit held"),
    Feature("trump_strength", 0.5, "for the trump choice: trick strength of those cards / 10"),
    Feature("call_trump", 2.0, "for the called card: 1 when it is a trump"),
    Feature("call_strength", 1.0, "for the called card: its trick strength / 10"),
    Feature(
        "trick_points_sure", 0.15, "points of the trick when the card wins it and nobody after can overtake"
    ),
    Feature(
        "trick_points_lead", 0.06, "points already in the trick when the card leads it but may be overtaken"
    ),
    Feature("feed_partner", 0.08, "points of the card when a known teammate wins the trick for sure"),
    Feature("overtake_partner", -0.8, "1 when the card takes the trick away from a known teammate"),
    Feature(
        "points_given", -0.08, "points of the card when an opponent (or unknown seat) is winning after it"
    ),
    Feature("trump_played", -0.2, "1 when the card is a trump"),
    Feature("card_strength", -0.1, "trick strength of the card / 10 (keep high cards)"),
    Feature("lead_trump_search", 0.0, "1 when the declarer leads a trump while the partner is unknown"),
    Feature("nuls_take", -5.0, "nuls: the declarer's card would win the trick (defender: overtakes him)"),
    Feature("points_risked", -0.04, "points of the card when its side leads the trick but may be overtaken"),
)
CALL, TRUMP, CALL_CARD, PLAY = range(4)
_HIGH = sum(1 << c for c in range(52) if STRENGTH[c] >= 8)  # A, 7, K
_MIDDLE = sum(1 << c for c in range(52) if STRENGTH[c] in (6, 7))  # J, Q


def decode(move: object) -> int:
    """The feature group of a Sueca move (a call, the trump, the called card or a card play)."""
    if not isinstance(move, sueca.SuecaMove):
        raise TypeError(f"not a Sueca move: {move!r}")
    action = move.action
    if action == sueca.PLAY:
        return PLAY
    if action <= sueca.BID:
        return CALL
    if action == sueca.TRUMP:
        return TRUMP
    if action == sueca.CALL_CARD:
        return CALL_CARD
    raise TypeError(f"not a Sueca move: {move!r}")


def teammates(view: SuecaView) -> set[int]:
    """Seats the view shows to be on the viewer's side (the viewer included)."""
    seat, declarer, partner = view.seat, view.declarer, view.partner
    if declarer < 0:
        return {seat}
    if view.contract == "nuls":
        return {seat} if seat == declarer else {s for s in range(5) if s != declarer}
    if seat == declarer:
        return {seat} if partner is None else {seat, partner}
    if partner == seat:
        return {seat, declarer}
    if partner is not None:
        return {s for s in range(5) if s not in (declarer, partner)}
    return {seat}


def nuls_weakness(hand: int) -> float:
    longest = max((hand & m).bit_count() for m in SUIT_PACK_MASK)
    high = (hand & _HIGH).bit_count()
    middle = (hand & _MIDDLE).bit_count()
    return 1.0 - high - 0.25 * middle - 0.5 * max(0, longest - 3)


def _play_row(view: SuecaView, card: int, row: list[float], team: set[int]) -> None:
    trump = -1 if view.trump is None else view.trump
    trick = view.trick
    seat = view.seat
    is_trump = card & 3 == trump
    row[12] = 1.0 if is_trump else 0.0
    row[13] = STRENGTH[card] / 10
    if not trick:
        if view.contract == "points" and seat == view.declarer and view.partner is None:
            row[14] = 1.0 if is_trump else 0.0
        return
    led = trick[0] & 3
    best = max(trick_value(c, led, trump) for c in trick)
    mine = trick_value(card, led, trump)
    wins = mine > best
    winner = seat if wins else view.trick_winner
    after = [(seat + k) % 5 for k in range(1, 5 - len(trick))]
    points = sum(POINTS[c] for c in trick) + POINTS[card]
    if view.contract == "nuls":
        if wins and (seat == view.declarer or view.trick_winner == view.declarer):
            row[15] = 1.0
        return
    safe = all(s in team for s in after)
    if wins:
        if safe:
            row[7] = points
        else:
            row[8] = points - POINTS[card]
            row[16] = POINTS[card]
        if view.trick_winner in team and view.trick_winner != seat:
            row[10] = 1.0
    elif winner in team:
        row[9 if safe else 16] = POINTS[card]
    else:
        row[11] = POINTS[card]


def feature_rows(view: SuecaView, moves: Sequence[sueca.SuecaMove]) -> list[list[float]]:
    """One row of feature values per move, in :data:`FEATURES` order."""
    hand = view.hand
    team = teammates(view)
    rows: list[list[float]] = []
    strength = estimate(hand)
    for move in moves:
        row = [0.0] * len(FEATURES)
        kind = decode(move)
        if kind == CALL:
            if move.action == sueca.NULS:
                row[2] = nuls_weakness(hand)
            elif move.action == sueca.BID:
                row[0] = (strength - move.value) / 10
                row[1] = 1.0
        elif kind == TRUMP:
            suit = hand & SUIT_PACK_MASK[move.value]
            row[3] = suit.bit_count()
            row[4] = sum(STRENGTH[c] for c in range(52) if suit >> c & 1) / 10
        elif kind == CALL_CARD:
            row[5] = 1.0 if view.trump is not None and move.card & 3 == view.trump else 0.0
            row[6] = STRENGTH[move.card] / 10
        elif kind == PLAY:
            _play_row(view, move.card, row, team)
        rows.append(row)
    return rows
