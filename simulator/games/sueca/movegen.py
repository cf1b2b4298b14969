"""Legal move generation from a few ints: prebuilt per-suit move tuples, auction lists cached by key."""

from __future__ import annotations

from typing import Final

from simulator.cards import CardMask
from simulator.games.sueca.cards import SUIT_PACK_MASK
from simulator.games.sueca.moves import BIDS, CALL_CARD_SUBSETS, NULS_MOVE, PASS_MOVE, PLAY_SUBSETS, SuecaMove
from simulator.games.sueca.rules import MAX_BID, MIN_BID

_S0: Final = SUIT_PACK_MASK[0]
_S1: Final = SUIT_PACK_MASK[1]
_S2: Final = SUIT_PACK_MASK[2]
_S3: Final = SUIT_PACK_MASK[3]
_auction_cache: dict[tuple[int, bool], tuple[SuecaMove, ...]] = {}


def auction_moves(high_bid: int, bid_step: int, nuls_called: bool) -> tuple[SuecaMove, ...]:
    """PASS, then NULS if legal (rules §4.3: no points bid yet, or 120, and no nuls before), then bids."""
    min_bid = MIN_BID if high_bid == 0 else high_bid + bid_step
    nuls_ok = not nuls_called and (high_bid == 0 or high_bid == MAX_BID)
    key = (min_bid, nuls_ok)
    moves = _auction_cache.get(key)
    if moves is None:
        moves = (PASS_MOVE, NULS_MOVE) if nuls_ok else (PASS_MOVE,)
        moves += tuple(BIDS[x] for x in range(min_bid, MAX_BID + 1))
        _auction_cache[key] = moves
    return moves


def play_moves(hand: CardMask, led: int) -> tuple[SuecaMove, ...]:
    """Cards of ``hand`` that may be played to a trick led in suit ``led`` (-1: leading), rules §6.2."""
    s = PLAY_SUBSETS
    if led >= 0:
        follow = hand & SUIT_PACK_MASK[led]
        if follow:
            return s[follow]
    return s[hand & _S0] + s[hand & _S1] + s[hand & _S2] + s[hand & _S3]


def call_card_moves(declarer_hand: CardMask, trump_suit_only: int) -> tuple[SuecaMove, ...]:
    """Cards the declarer may call (rules §5.1b): not his own; only of suit ``trump_suit_only`` if >= 0."""
    free = ~declarer_hand
    s = CALL_CARD_SUBSETS
    if trump_suit_only >= 0:
        return s[free & SUIT_PACK_MASK[trump_suit_only]]
    return s[free & _S0] + s[free & _S1] + s[free & _S2] + s[free & _S3]
