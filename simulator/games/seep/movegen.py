"""Legal Seep moves of a position (§3.4, §3.6, §5, §9): bids, and plays as a lazy :class:`MoveList`.

Captures and house floors per card value come from ``floors`` (cached on the
loose values). What depends on houses and hands is reduced to a few masks with
one flag bit per value 9..13 (``SBIT``), and for each distinct held value to one
chunk key (``movelist.chunk_key``): a count of its templates, which every card
of that value shares in one ``MoveList`` chunk, is all a position computes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from simulator.cards import RANK_MASK
from simulator.games.seep.combos import VALUE
from simulator.games.seep.floors import FLOOR_CACHE, floor_options
from simulator.games.seep.movelist import POP4, SBIT, MoveList, chunk_key
from simulator.games.seep.moves import BID, THROW, SeepMove
from simulator.games.seep.swar import value_counts

if TYPE_CHECKING:
    from simulator.games.seep.state import SeepState

#: card value by ``bit_length`` of a card's bit (card c is bit c, so index c + 1)
_VAL_OF_BIT: Final[tuple[int, ...]] = (0, *VALUE)
#: house values present in each 5-bit mask of values 9..13 (``hmask >> 9``)
VALUES_OF: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(V for V in range(9, 14) if m >> (V - 9) & 1) for m in range(32)
)
#: ``hmask >> 9`` as an SBIT mask
_SPREAD: Final[tuple[int, ...]] = tuple(sum(SBIT[V] for V in VALUES_OF[m]) for m in range(32))


def bid_moves(s: SeepState) -> tuple[SeepMove, ...]:
    """Bids 9..13 of a held value (§3.4); floor visible: only values allowing a house or capture."""
    hand = s.hands[s.bidder]
    held = [v for v in range(9, 14) if hand & RANK_MASK[v]]
    if s.rules.floor_visible_at_bid:
        ok = [v for v in held if any(m.action != THROW for m in play_moves(s, v))]
        if ok:
            held = ok
    return tuple([SeepMove(BID, -1, v, 0) for v in held])


def play_moves(s: SeepState, opening: int) -> MoveList:
    """Every legal play of the player to move (§5); ``opening`` = the bid on play #1, else 0 (§3.6)."""
    p = s.turn
    hand = s.hands[p]
    cementing = s.cementing
    loose = s.loose
    key = value_counts(loose) << 1 | cementing
    info = FLOOR_CACHE.get(key) or floor_options(key)
    hmask = s.hmask
    # house values the mover owns / only the partner owns (no holding needed, §5.3) /
    # ordinary ones the mover does not own (breakable, §5.4)
    own = noneed = 0
    breakable = 0
    if hmask:
        owned = s.owned
        mine = owned[p]
        own = _SPREAD[mine]
        partner = s.partner[p]
        if partner >= 0:
            noneed = _SPREAD[owned[partner] & ~mine]
        if not opening:
            breakable = _SPREAD[s.ordinary & ~mine]
    # held values 9..13 (one, two or more cards) as SBIT masks, by 4-bit popcounts
    h = hand >> 32
    h = (h & 0x55555) + (h >> 1 & 0x55555)
    h = (h & 0x33333) + (h >> 2 & 0x33333)
    held = (h + 0x77777) & 0x88888
    two = (h + 0x66666) & 0x88888
    exists = _SPREAD[hmask >> 9]
    # usable house targets V (§5.3; also the targets of breaks, §5.4)
    if cementing:
        elig = exists & (noneed | held) | held & ~exists
    else:
        elig = held & ~exists & ~((key >> 33) + 0x77777 & 0x88888)  # no loose V card
    if opening:
        elig &= SBIT[opening]
    single = elig & ~noneed & ~two  # a lone V card cannot be used up
    blocked = own & ~two if s.retain else 0  # retention (§5.8)
    lens: list[int] = []  # templates per chunk
    values = 0  # the chunks' card values, 4 bits each
    shift = total = 0
    rest = hand
    while rest:
        low = rest & -rest
        v = _VAL_OF_BIT[low.bit_length()]
        cv = hand & RANK_MASK[v]
        rest ^= cv
        n = info.count(chunk_key(v, cv, opening, hmask, blocked, elig, single, exists, breakable))
        if n:
            lens.append(n)
            values |= v << shift
            shift += 4
            total += n if cv == low else n * POP4[cv >> 4 * v - 4]
    return MoveList(
        info, hand, loose, values, lens, total, (opening, hmask, blocked, elig, single, exists, breakable)
    )
