"""Sueca observation (5 players, every variant): 510 floats from a ``SuecaView``.

Card blocks are indexed by the card int (the 8s, 9s and 10s are not in the pack and stay zero).
Seats are relative to the observer (0 = itself, 1 the next to play...). The partner's seat is
known only to the partner and, once the called card is played, to all.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from simulator.rl.observe.layout import Layout

N = 5
PHASES = ("auction", "trump", "call_card", "play", "over")
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
_A = LAYOUT.at


def _voids(s: list[float], leader: int, cards: tuple[int, ...], seat: int) -> None:
    if not cards:
        return
    led = cards[0] & 3
    for i, card in enumerate(cards[1:], 1):
        if card & 3 != led:
            s[_A["voids"] + 4 * ((leader + i - seat) % N) + led] = 1.0


def _seat(s: list[float], name: str, who: int | None, seat: int) -> None:
    s[_A[name] + ((who - seat) % N if who is not None and who >= 0 else N)] = 1.0


def encode(view: Any, head: int = -1, taken: int = 0) -> np.ndarray:
    """Every Sueca move is one step: ``head`` and ``taken`` are unused."""
    v = view  # a SuecaView
    seat = v.seat
    s = [0.0] * LAYOUT.scalar_size
    trick = [0] * N
    leader = v.trick_leader
    for i, card in enumerate(v.trick):
        trick[(leader + i - seat) % N] = 1 << card
    s[_A["phase"] + PHASES.index(v.phase)] = 1.0
    for who, call in v.calls:
        at = _A["calls"] + 3 * ((who - seat) % N)
        s[at : at + 3] = (call == "pass", call == "nuls", call / 120 if isinstance(call, int) else 0.0)
    s[_A["high_bid"]] = v.high_bid / 120
    _seat(s, "high_bidder", v.high_bidder, seat)
    _seat(s, "declarer", v.declarer, seat)
    if v.contract is not None:
        s[_A["contract"] + (v.contract == "nuls")] = 1.0
    s[_A["bid"]] = (v.bid or 0) / 120
    if v.trump is not None:
        s[_A["trump"] + v.trump] = 1.0
    _seat(s, "partner", v.partner, seat)
    _seat(s, "trick_leader", leader, seat)
    _seat(s, "trick_winner", v.trick_winner, seat)
    for lead, cards, _ in v.tricks:
        _voids(s, lead, cards, seat)
    _voids(s, leader, v.trick, seat)
    for p in range(N):
        r = (p - seat) % N
        s[_A["tricks_won"] + r] = v.tricks_won[p] / 8
        s[_A["points_won"] + r] = v.points_won[p] / 120
        s[_A["scores"] + r] = v.scores[p] / 10
    s[_A["tricks_done"]] = len(v.tricks) / 8
    called = 1 << v.called_card if v.called_card is not None else 0
    return LAYOUT.build((v.hand, v.played, *trick, called), s)
