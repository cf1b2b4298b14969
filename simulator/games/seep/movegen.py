"""Legal Seep moves of a position (§3.4, §3.6, §5, §9): bids, and plays as a lazy :class:`MoveList`.

Captures and house floors per card value come from ``floors`` (cached on the
loose values). What depends on houses and hands is reduced to a few masks with
one flag bit per value 9..13 (``SBIT``), and for each distinct held value to one
chunk key (``movelist.chunk_key``): a count of its templates, which every card
of that value shares in one ``MoveList`` chunk, is all a position computes.

Both functions take the masks and flags of the position they read, not the state
(``SeepState.legal_moves`` passes them): typed ints and bools stay direct native
calls once compiled, and this module knows nothing of the state's layout.
"""

from __future__ import annotations

from typing import Final

from simulator.cards import RANK_MASK, value_counts
from simulator.games.seep.bits import SBIT
from simulator.games.seep.floors import floor_of
from simulator.games.seep.movelist import WIDE, MoveList, chunk_key
from simulator.games.seep.moves import BID, SeepMove

try:  # a machine int once compiled (masks stay below 2 ** 62); a plain int otherwise
    from mypy_extensions import i64
except ImportError:  # mypy_extensions comes with mypy, which only the build needs
    i64 = int  # type: ignore[misc]

#: house values present in each 5-bit mask of values 9..13 (``hmask >> 9``)
VALUES_OF: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(V for V in range(9, 14) if m >> (V - 9) & 1) for m in range(32)
)
#: ``hmask >> 9`` as an SBIT mask
_SPREAD: Final[tuple[int, ...]] = tuple(sum(SBIT[V] for V in VALUES_OF[m]) for m in range(32))

#: the bid of each value 9..13 (made once: a NamedTuple made at run time is a Python-level call)
_BIDS: Final[tuple[SeepMove, ...]] = tuple(SeepMove(BID, -1, v, 0) for v in range(14))


def bid_moves(
    hand: i64,
    loose: i64,
    hmask: i64,
    mine: i64,
    partners: i64,
    ordinary: i64,
    cementing: bool,
    retain: bool,
    floor_visible: bool,
) -> tuple[SeepMove, ...]:
    """Bids 9..13 of a held value of the bidder's ``hand`` (§3.4); with the floor visible
    (``floor_visible``), only values allowing a house or capture. The other arguments are
    those of :func:`play_moves`."""
    held = [v for v in range(9, 14) if hand & RANK_MASK[v]]
    if floor_visible:
        ok = [
            v
            for v in held
            if play_moves(hand, loose, hmask, mine, partners, ordinary, cementing, retain, v).any_but_throws()
        ]
        if ok:
            held = ok
    return tuple([_BIDS[v] for v in held])


def play_moves(
    hand: i64,
    loose: i64,
    hmask: i64,
    mine: i64,
    partners: i64,
    ordinary: i64,
    cementing: bool,
    retain: bool,
    opening: i64,
) -> MoveList:
    """Every legal play of the mover holding ``hand`` (§5); ``opening`` = the bid on play #1, else 0 (§3.6).

    ``loose`` is the floor's loose cards, ``hmask`` the house values (bit V), and three 5-bit
    masks of house values (bit V - 9) say whose they are: ``mine`` the mover's, ``partners``
    the mover's partner's (0 without one), ``ordinary`` those whose cards sum to V (§5.4).
    ``cementing`` and ``retain`` are the rules' cementing and owner-retention options.
    """
    cemented: i64 = 1 if cementing else 0
    key = value_counts(loose) << 1 | cemented
    info = floor_of(key)
    # house values the mover owns / only the partner owns (no holding needed, §5.3) /
    # ordinary ones the mover does not own (breakable, §5.4)
    own: i64 = 0
    noneed: i64 = 0
    breakable: i64 = 0
    if hmask:
        own = _SPREAD[mine]
        noneed = _SPREAD[partners & ~mine]
        if not opening:
            breakable = _SPREAD[ordinary & ~mine]
    # held values 9..13 (one, two or more cards) as SBIT masks, by 4-bit popcounts
    h = hand >> 32
    h = (h & 0x55555) + (h >> 1 & 0x55555)
    h = (h & 0x33333) + (h >> 2 & 0x33333)
    held = (h + 0x77777) & 0x88888
    two = (h + 0x66666) & 0x88888
    exists: i64 = _SPREAD[hmask >> 9]
    # usable house targets V (§5.3; also the targets of breaks, §5.4)
    if cementing:
        elig = exists & (noneed | held) | held & ~exists
    else:
        elig = held & ~exists & ~((key >> 33) + 0x77777 & 0x88888)  # no loose V card
    if opening:
        elig &= 8 << 4 * (opening - 9)  # SBIT[opening]
    single = elig & ~noneed & ~two  # a lone V card cannot be used up
    blocked: i64 = own & ~two if retain else 0  # retention (§5.8)
    counts: i64 = 0  # templates per chunk, 4 bits each (WIDE: that many or more)
    values: i64 = 0  # the chunks' card values, 4 bits each
    shift: i64 = 0
    total: i64 = 0
    rest = hand
    v: i64 = 1
    while rest:
        g = rest & 15  # the v cards held
        rest >>= 4
        if g:
            n = info.count(chunk_key(v, g, opening, hmask, blocked, elig, single, exists, breakable))
            if n:
                packed = n  # (an i64: a conditional expression with a literal would be a boxed int)
                if packed > WIDE:
                    packed = WIDE
                counts |= packed << shift
                values |= v << shift
                shift += 4
                total += n * ((g & 1) + (g >> 1 & 1) + (g >> 2 & 1) + (g >> 3))
        v += 1
    return MoveList(
        info, hand, loose, values, counts, total, opening, hmask, blocked, elig, single, exists, breakable
    )
