"""Sueca observation (5 players, every variant): 510 floats from a ``SuecaView``.

Card blocks are indexed by the card int (the 8s, 9s and 10s are not in the pack and stay zero).
Seats are relative to the observer (0 = itself, 1 the next to play...). The partner's seat is
known only to the partner and, once the called card is played, to all. Compiled (mypyc):
``encode`` gives the vector's float32 bytes (simulator/rl/observe/__init__.py wraps them in an
array).
"""

from __future__ import annotations

from typing import Final

from simulator.games.sueca.view import SuecaView
from simulator.rl.observe.layout import Layout

N: Final = 5
PHASES: Final = ("auction", "trump", "call_card", "play", "over")
LAYOUT = Layout(
    cards=(
        ("hand", 1, "own hand"),
        ("played", 1, "every card played so far in this hand"),
        ("trick", N, "the open trick: the card each relative seat played to it"),
        ("called_card", 1, "the called card"),
    ),
    scalars=(
        ("phase", 5, "one-hot phase: auction, trump, call card, play, over"),
        ("calls", N * 3, "per relative seat, its last call: passed, nuls, points bid / 120"),
        ("high_bid", 1, "highest points bid so far / 120"),
        ("high_bidder", N + 1, "one-hot relative seat of the highest call; index 5: none"),
        ("declarer", N + 1, "one-hot relative seat of the declarer; index 5: not yet known"),
        ("contract", 2, "one-hot contract: points, nuls"),
        ("bid", 1, "the contract's bid / 120"),
        ("trump", 4, "one-hot trump suit S H D C"),
        ("partner", N + 1, "one-hot relative seat of the partner; index 5: not known to the observer"),
        ("trick_leader", N + 1, "one-hot relative seat of the open trick's leader; index 5: no open trick"),
        ("trick_winner", N + 1, "one-hot relative seat winning the open trick; index 5: none"),
        ("voids", N * 4, "per relative seat and suit: it failed to follow that suit (holds none)"),
        ("tricks_won", N, "tricks won per relative seat / 8"),
        ("points_won", N, "card points won per relative seat / 120"),
        ("scores", N, "match totals per relative seat before this hand / 10"),
        ("tricks_done", 1, "completed tricks / 8"),
    ),
)
_A: Final = LAYOUT.at
_PHASE: Final = _A["phase"]
_CALLS: Final = _A["calls"]
_HIGH_BID: Final = _A["high_bid"]
_CONTRACT: Final = _A["contract"]
_BID: Final = _A["bid"]
_TRUMP: Final = _A["trump"]
_VOIDS: Final = _A["voids"]
_TRICKS_WON: Final = _A["tricks_won"]
_POINTS_WON: Final = _A["points_won"]
_SCORES: Final = _A["scores"]
_TRICKS_DONE: Final = _A["tricks_done"]
_SCALAR_SIZE: Final = LAYOUT.scalar_size


def _voids(s: list[float], leader: int, cards: tuple[int, ...], seat: int) -> None:
    if not cards:
        return
    led = cards[0] & 3
    for i in range(1, len(cards)):
        if cards[i] & 3 != led:
            s[_VOIDS + 4 * ((leader + i - seat) % N) + led] = 1.0


def _seat(s: list[float], name: str, who: int | None, seat: int) -> None:
    s[_A[name] + ((who - seat) % N if who is not None and who >= 0 else N)] = 1.0


def encode(view: SuecaView, head: int = -1, taken: int = 0) -> bytearray:
    """Every Sueca move is one step: ``head`` and ``taken`` are unused."""
    v = view
    seat = v.seat
    s = [0.0] * _SCALAR_SIZE
    trick = [0] * N
    leader = v.trick_leader
    open_trick = v.trick
    for i in range(len(open_trick)):
        trick[(leader + i - seat) % N] = 1 << open_trick[i]
    s[_PHASE + PHASES.index(v.phase)] = 1.0
    for who, call in v.calls:
        at = _CALLS + 3 * ((who - seat) % N)
        s[at] = float(call == "pass")
        s[at + 1] = float(call == "nuls")
        s[at + 2] = call / 120 if isinstance(call, int) else 0.0
    s[_HIGH_BID] = v.high_bid / 120
    _seat(s, "high_bidder", v.high_bidder, seat)
    _seat(s, "declarer", v.declarer, seat)
    if v.contract is not None:
        s[_CONTRACT + (v.contract == "nuls")] = 1.0
    s[_BID] = (v.bid or 0) / 120
    trump = v.trump
    if trump is not None:
        s[_TRUMP + trump] = 1.0
    _seat(s, "partner", v.partner, seat)
    _seat(s, "trick_leader", leader, seat)
    _seat(s, "trick_winner", v.trick_winner, seat)
    for lead, cards, _ in v.tricks:
        _voids(s, lead, cards, seat)
    _voids(s, leader, open_trick, seat)
    tricks_won = v.tricks_won
    points_won = v.points_won
    scores = v.scores
    for p in range(N):
        r = (p - seat) % N
        s[_TRICKS_WON + r] = tricks_won[p] / 8
        s[_POINTS_WON + r] = points_won[p] / 120
        s[_SCORES + r] = scores[p] / 10
    s[_TRICKS_DONE] = len(v.tricks) / 8
    called = v.called_card
    masks = [
        v.hand,
        v.played,
        trick[0],
        trick[1],
        trick[2],
        trick[3],
        trick[4],
        1 << called if called is not None else 0,
    ]
    return LAYOUT.build(masks, s)
