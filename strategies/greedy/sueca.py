"""Greedy Sueca italienne: bid from a hand-strength estimate, trump the longest strong suit,
call the highest missing trump, win tricks cheaply when points are on the table, else play low.

Sees only the seat's ``SuecaView`` and the legal moves.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from simulator.games.sueca import (
    BID,
    MAX_BID,
    NULS,
    PLAY,
    PLAYS,
    POINTS,
    STRENGTH,
    SUIT_PACK_MASK,
    TRUMP,
    TRUMP_BONUS,
    TRUMPS,
    SuecaMove,
    SuecaView,
    trick_value,
)

#: the rule reads the position (strategies/greedy/plugin.py)
WANTS_VIEW: Final = True


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


_STATS: Final = _suit_stats()


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
    value = _ESTIMATES.get(hand)
    if value is None:
        own = sum(_STATS[hand & m][2] for m in SUIT_PACK_MASK)
        trumps = _STATS[hand & SUIT_PACK_MASK[best_suit(hand)]][0]
        value = min(MAX_BID, int(own * 1.5) + 5 * trumps + 15)
        if len(_ESTIMATES) >= _ESTIMATES_LIMIT:
            _ESTIMATES.clear()
        _ESTIMATES[hand] = value
    return value


#: estimates by hand mask: a seat speaks several times in one auction with the same hand
_ESTIMATES: Final[dict[int, int]] = {}
_ESTIMATES_LIMIT: Final = 1 << 16


def _is_very_weak(hand: int) -> bool:
    """No A, 7 or K and no suit longer than three cards: a hand that can hope to lose every trick."""
    return not hand & _HIGH_CARDS and all(_STATS[hand & m][0] <= 3 for m in SUIT_PACK_MASK)


_HIGH_CARDS: Final = sum(1 << c for c in range(52) if STRENGTH[c] >= 8)  # every A, 7 and K


def _choose_call(view: SuecaView, moves: Sequence[SuecaMove]) -> SuecaMove:
    """Nuls on a very weak hand when it opens, else the lowest bid if the estimate reaches it, else pass.

    Uses the order of the engine's auction moves: pass, then nuls if legal, then bids upwards."""
    second = moves[1]
    lowest: SuecaMove | None = second
    if second.action == NULS:
        if view.high_bid == 0 and _is_very_weak(view.hand):
            return second
        lowest = moves[2] if len(moves) > 2 else None
    if lowest is not None and lowest.value <= estimate(view.hand):
        return lowest
    return moves[0]


def _teammates(view: SuecaView) -> int:
    """Mask of the seats known to play on the viewer's side (only what the view reveals)."""
    seat, declarer, partner = view.seat, view.declarer, view.partner
    if view.contract == "nuls":
        return 1 << seat if seat == declarer else _ALL ^ (1 << declarer)
    if seat == declarer:
        return 1 << seat if partner is None else 1 << seat | 1 << partner
    if partner == seat:
        return 1 << seat | 1 << declarer
    if partner is not None:
        return _ALL ^ (1 << declarer) ^ (1 << partner)
    return 1 << seat


_ALL: Final = 0b11111


def _tables() -> tuple[list[tuple[int, ...]], list[list[tuple[int, ...]]], list[list[tuple[int, ...]]]]:
    """Per trump suit (index 4: none), card keys of the play rules as ints, ordered like the tuples
    they stand for: LOW (is trump, points, strength), and per suit led VALUE (trick value) and
    WIN (trick value, points)."""
    low, value, win = [], [], []
    for t in (0, 1, 2, 3, -1):
        low.append(tuple((c & 3 == t) * 4096 + POINTS[c] * 64 + STRENGTH[c] for c in range(52)))
        value.append([tuple(trick_value(c, led, t) for c in range(52)) for led in range(4)])
        win.append([tuple(trick_value(c, led, t) * 64 + POINTS[c] for c in range(52)) for led in range(4)])
    return low, value, win


_LOW, _VALUE, _WIN = _tables()
_NULS_LOW: Final = tuple(STRENGTH[c] * 64 + POINTS[c] for c in range(52))  # (strength, points)


def _choose_play(view: SuecaView, moves: Sequence[SuecaMove]) -> SuecaMove:
    """Lead low; follow by winning cheaply when points are on the table and no teammate is winning."""
    t = 4 if view.trump is None else view.trump
    cards = [m[1] for m in moves]
    trick = view.trick
    if not trick:
        return PLAYS[min(cards, key=_LOW[t].__getitem__)]
    led = trick[0] & 3
    value = _VALUE[t][led]
    best = max([value[c] for c in trick])
    losing = [c for c in cards if value[c] <= best]
    if view.contract == "nuls" and view.seat == view.declarer:
        return PLAYS[min(losing or cards, key=_NULS_LOW.__getitem__)]
    on_table = sum([POINTS[c] for c in trick])
    if len(losing) < len(cards) and on_table and not (_teammates(view) >> view.trick_winner) & 1:
        return PLAYS[min([c for c in cards if value[c] > best], key=_WIN[t][led].__getitem__)]
    return PLAYS[min(losing or cards, key=_LOW[t].__getitem__)]


def choose(view: SuecaView, moves: Sequence[SuecaMove], rng: random.Random) -> SuecaMove:
    """Pick one of ``moves`` for ``view.seat`` (``rng`` is unused: choices are deterministic)."""
    first = moves[0]
    if len(moves) == 1:
        return first
    action = first.action
    if action == PLAY:
        return _choose_play(view, moves)
    if action <= BID:
        return _choose_call(view, moves)
    if action == TRUMP:
        return TRUMPS[best_suit(view.hand)]
    trump = view.trump
    trumps = [m for m in moves if m.card & 3 == trump]
    return max(trumps or moves, key=lambda m: STRENGTH[m.card] + (TRUMP_BONUS if m.card & 3 == trump else 0))
