"""Sueca italienne features of the heuristic strategy: bidding, trump and called card, then tricks.

The auction values each bid as T(bid) times (2 P(make) - 1), P(make) read from an estimate of
the team's card points fitted on played-out deals (trumps held and their strength, side aces
and sevens, voids), with a risk feature that makes a personality bid more or less readily;
nuls is called on weak hands, and (a feature off by default) by its own value, from a chance of
taking no trick fitted on played-out nuls. The trump is the suit with the best fitted estimate.
In the play, the main feature is the trick's points signed by the chance that the trick ends
with the seat's side (``sueca_reading``: voids shown, who is likely a teammate, who can still
beat the card); the others weigh trumps and high cards spent, winning or feeding tricks, not
overtaking a known teammate, leading trumps while the partner is unknown and, in nuls, not
taking a trick as declarer. Only the view is read.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from simulator.games import sueca
from simulator.games.sueca import POINTS, STRENGTH, SUIT_PACK_MASK, SuecaView, trick_value
from strategies.greedy.sueca import estimate
from strategies.heuristic.features.sueca import FEATURES
from strategies.heuristic.sueca_reading import TrickReader, side_chances, voids

CALL, TRUMP, CALL_CARD, PLAY = range(4)
#: the fitted estimate of the declaring team's card points (least squares over 6,000 deals where
#: one seat declared 61 with its hand and default heuristics played it out): a constant, per trump
#: held, per trick strength of the trumps, per side ace, per side seven, per void side suit;
#: its residual standard deviation gives the chance of making a bid
_FIT = (32.7, 3.0, 0.8, 9.7, 2.15, 8.1)
_FIT_SD = 17.5
#: the fitted chance of making nuls (logistic regression over 10,000 hands where one seat called
#: nuls and default heuristics played it out): per card held, by trick strength 1 (a two) to 10 (an
#: ace), and per void suit; the weights add up to the log-odds (eight cards: no constant needed)
_NULS_FIT = (0.30, 0.32, 0.29, 0.25, 0.06, -0.16, -0.38, -0.69, -1.06, -1.77)
_NULS_FIT_VOID = 0.80
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


def fitted_estimate(hand: int, trump: int) -> float:
    """Expected card points of the team if this hand declares with ``trump`` (see ``_FIT``)."""
    const, per_trump, per_strength, per_ace, per_seven, per_void = _FIT
    value = const
    for suit in range(4):
        cards = hand & SUIT_PACK_MASK[suit]
        if suit == trump:
            value += per_trump * cards.bit_count() + per_strength * _strength(cards)
        elif not cards:
            value += per_void
        else:
            value += per_ace * (cards & _ACES).bit_count() + per_seven * (cards & _SEVENS).bit_count()
    return value


def _strength(cards: int) -> int:
    total = 0
    while cards:
        low = cards & -cards
        total += STRENGTH[low.bit_length() - 1]
        cards ^= low
    return total


_ACES = sum(1 << c for c in range(52) if STRENGTH[c] == 10)
_SEVENS = sum(1 << c for c in range(52) if STRENGTH[c] == 9)


def bid_value(expected: float, bid: int) -> float:
    """T(bid) times (2 P(make) - 1), P(make) from a normal spread of the estimate."""
    made = 0.5 * (1.0 + math.erf((expected - bid + 0.5) / (_FIT_SD * math.sqrt(2.0))))
    return sueca.score_value(bid) * (2.0 * made - 1.0)


def nuls_chance(hand: int) -> float:
    """The chance that this hand, declaring nuls, takes no trick (see ``_NULS_FIT``)."""
    log_odds = _NULS_FIT_VOID * sum(1 for m in SUIT_PACK_MASK if not hand & m)
    cards = hand
    while cards:
        low = cards & -cards
        log_odds += _NULS_FIT[STRENGTH[low.bit_length() - 1] - 1]
        cards ^= low
    return 1.0 / (1.0 + math.exp(-log_odds))


def nuls_weakness(hand: int) -> float:
    longest = max((hand & m).bit_count() for m in SUIT_PACK_MASK)
    high = (hand & _HIGH).bit_count()
    middle = (hand & _MIDDLE).bit_count()
    return 1.0 - high - 0.25 * middle - 0.5 * max(0, longest - 3)


class _Reading:
    """What the play features of one decision share: the side chances and the trick reader."""

    __slots__ = ("after", "reader", "side")

    def __init__(self, view: SuecaView) -> None:
        void = voids(view)
        self.side = side_chances(view, void)
        self.reader = TrickReader(view, void)
        self.after = [(view.seat + k) % 5 for k in range(1, 5 - len(view.trick))]


def _expected(view: SuecaView, card: int, reading: _Reading) -> float:
    """The trick's points with ``card``, signed by the chance the seat's side ends up with them."""
    trick = view.trick
    trump = -1 if view.trump is None else view.trump
    if not trick:
        led, top, mine = card & 3, card, 1.0
    else:
        led = trick[0] & 3
        best = max(trick_value(c, led, trump) for c in trick)
        if trick_value(card, led, trump) > best:
            top, mine = card, 1.0
        else:
            top = max(trick, key=lambda c: trick_value(c, led, trump))
            mine = reading.side[view.trick_winner]
    keeps = reading.reader.side_keeps(mine, top, led, reading.after, reading.side)
    points = sum(POINTS[c] for c in trick) + POINTS[card]
    return points * (2.0 * keeps - 1.0)


def _play_row(view: SuecaView, card: int, row: list[float], team: set[int], reading: _Reading | None) -> None:
    trump = -1 if view.trump is None else view.trump
    trick = view.trick
    seat = view.seat
    is_trump = card & 3 == trump
    row[12] = 1.0 if is_trump else 0.0
    row[13] = STRENGTH[card] / 10
    if reading is not None:
        row[19] = _expected(view, card, reading)
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
    """One row of feature values per move, in the order of :data:`FEATURES` (its own module)."""
    hand = view.hand
    team = teammates(view)
    rows: list[list[float]] = []
    strength = estimate(hand)
    fitted = max(fitted_estimate(hand, t) for t in range(4)) if view.phase == "auction" else 0.0
    reading = _Reading(view) if view.phase == "play" and view.contract == "points" else None
    for move in moves:
        row = [0.0] * len(FEATURES)
        kind = decode(move)
        if kind == CALL:
            if move.action == sueca.NULS:
                row[2] = nuls_weakness(hand)
                row[20] = 6.0 * (2.0 * nuls_chance(hand) - 1.0)
            elif move.action == sueca.BID:
                row[0] = (strength - move.value) / 10
                row[1] = 1.0
                row[17] = bid_value(fitted, move.value)
        elif kind == TRUMP:
            suit = hand & SUIT_PACK_MASK[move.value]
            row[3] = suit.bit_count()
            row[4] = sum(STRENGTH[c] for c in range(52) if suit >> c & 1) / 10
            row[18] = fitted_estimate(hand, move.value) / 10
        elif kind == CALL_CARD:
            row[5] = 1.0 if view.trump is not None and move.card & 3 == view.trump else 0.0
            row[6] = STRENGTH[move.card] / 10
        elif kind == PLAY:
            _play_row(view, move.card, row, team, reading)
        rows.append(row)
    return rows
