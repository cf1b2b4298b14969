"""Greedy Sueca italienne: bid from a hand-strength estimate, trump the longest strong suit,
call the highest missing trump, win tricks cheaply when points are on the table, else play low.

Sees only the seat's ``SuecaView`` and the legal moves.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from simulator.games.sueca import (
    BID,
    CALL_CARD,
    MAX_BID,
    NULS,
    PASS,
    POINTS,
    STRENGTH,
    SUIT_PACK_MASK,
    TRUMP,
    TRUMP_BONUS,
    SuecaMove,
    SuecaView,
    trick_value,
)


def _suit_stats() -> dict[int, tuple[int, int, int]]:
    """(cards, trick strength, card points) of every subset of one suit, keyed by its mask."""
    stats: dict[int, tuple[int, int, int]] = {}
    for suit_mask in SUIT_PACK_MASK:
        cards = [c for c in range(52) if (suit_mask >> c) & 1]
        for bits in range(1 << len(cards)):
            chosen = [c for i, c in enumerate(cards) if (bits >> i) & 1]
            key = sum(1 << c for c in chosen)
            stats[key] = (len(chosen), sum(STRENGTH[c] for c in chosen), sum(POINTS[c] for c in chosen))
    return stats


_STATS = _suit_stats()


def best_suit(hand: int) -> int:
    """The suit to name trump: most cards, then most trick strength, then lowest suit index."""
    best, best_key = 0, (-1, 0)
    for s in range(4):
        count, strength, _ = _STATS[hand & SUIT_PACK_MASK[s]]
        if (count, strength) > best_key:
            best, best_key = s, (count, strength)
    return best


def estimate(hand: int) -> int:
    """Expected team card points if this hand declares: its own points weighted up, 5 per trump,
    and about 15 for the partner holding the called top trump (an average hand gives ~61)."""
    own = sum(_STATS[hand & m][2] for m in SUIT_PACK_MASK)
    trumps = _STATS[hand & SUIT_PACK_MASK[best_suit(hand)]][0]
    return min(MAX_BID, int(own * 1.5) + 5 * trumps + 15)


def _is_very_weak(hand: int) -> bool:
    """No A, 7 or K and no suit longer than three cards: a hand that can hope to lose every trick."""
    return not hand & _HIGH_CARDS and all(_STATS[hand & m][0] <= 3 for m in SUIT_PACK_MASK)


_HIGH_CARDS = sum(1 << c for c in range(52) if STRENGTH[c] >= 8)  # every A, 7 and K


def _choose_call(view: SuecaView, moves: Sequence[SuecaMove]) -> SuecaMove:
    """Returns an element of ``moves`` (never a new object: the runner checks membership)."""
    hand = view.hand
    pass_move = nuls_move = lowest = None
    for m in moves:
        action = m.action
        if action == PASS:
            pass_move = m
        elif action == NULS:
            nuls_move = m
        elif action == BID and (lowest is None or m.value < lowest.value):
            lowest = m
    if nuls_move is not None and view.high_bid == 0 and _is_very_weak(hand):
        return nuls_move
    if lowest is not None and lowest.value <= estimate(hand):
        return lowest
    assert pass_move is not None  # passing is always legal in the auction
    return pass_move


def _teammates(view: SuecaView) -> set[int]:
    """Seats known to play on the viewer's side (only what the view reveals)."""
    seat, declarer, partner = view.seat, view.declarer, view.partner
    if view.contract == "nuls":
        return {seat} if seat == declarer else {s for s in range(5) if s != declarer}
    if seat == declarer:
        return {seat} if partner is None else {seat, partner}
    if partner == seat:
        return {seat, declarer}
    if partner is not None:
        return {s for s in range(5) if s not in (declarer, partner)}
    return {seat}


def _choose_play(view: SuecaView, moves: Sequence[SuecaMove]) -> SuecaMove:
    trump = -1 if view.trump is None else view.trump
    low_key = lambda m: (m.card & 3 == trump, POINTS[m.card], STRENGTH[m.card])  # noqa: E731
    if not view.trick:
        return min(moves, key=low_key)
    led = view.trick[0] & 3
    best = max(trick_value(c, led, trump) for c in view.trick)
    winning = [m for m in moves if trick_value(m.card, led, trump) > best]
    losing = [m for m in moves if trick_value(m.card, led, trump) <= best]
    if view.contract == "nuls" and view.seat == view.declarer:
        return min(losing or moves, key=lambda m: (STRENGTH[m.card], POINTS[m.card]))
    on_table = sum(POINTS[c] for c in view.trick)
    if winning and on_table > 0 and view.trick_winner not in _teammates(view):
        return min(winning, key=lambda m: (trick_value(m.card, led, trump), POINTS[m.card]))
    return min(losing or moves, key=low_key)


def choose(view: SuecaView, moves: Sequence[SuecaMove], rng: random.Random) -> SuecaMove:
    """Pick one of ``moves`` for ``view.seat`` (``rng`` is unused: choices are deterministic)."""
    first = moves[0]
    if len(moves) == 1:
        return first
    action = first.action
    if action <= BID:
        return _choose_call(view, moves)
    if action == TRUMP:
        suit = best_suit(view.hand)
        return next(m for m in moves if m.value == suit)
    if action == CALL_CARD:
        trump = view.trump
        trumps = [m for m in moves if m.card & 3 == trump]
        return max(
            trumps or moves, key=lambda m: STRENGTH[m.card] + (TRUMP_BONUS if m.card & 3 == trump else 0)
        )
    return _choose_play(view, moves)
