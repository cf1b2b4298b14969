"""Sueca observation (5 players, every variant): 510 floats from a ``SuecaView``.

Cards are 52-long blocks indexed by the card int (the 8s, 9s and 10s are not in the pack and
stay zero). Seats are relative to the observer (0 = itself, 1 the next to play, ...). The
partner's seat is known only to the partner and, once the called card is played, to all.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from simulator.rl.observe.layout import Layout, put_mask

N = 5
PHASES = ("auction", "trump", "call_card", "play", "over")
LAYOUT = Layout(
    (
        ("hand", 52, "own hand"),
        ("played", 52, "every card played so far in this hand"),
        ("trick", N * 52, "the open trick: the card each relative seat played to it"),
        ("phase", 5, "one-hot phase: auction, trump, call card, play, over"),
        ("calls", N * 3, "per relative seat, its last call: passed, nuls, points bid / 120"),
        ("high_bid", 1, "highest points bid so far / 120"),
        ("high_bidder", N + 1, "one-hot relative seat of the highest call; index 5: none"),
        ("declarer", N + 1, "one-hot relative seat of the declarer; index 5: not yet known"),
        ("contract", 2, "one-hot contract: points, nuls"),
        ("bid", 1, "the contract's bid / 120"),
        ("trump", 4, "one-hot trump suit S H D C"),
        ("called_card", 52, "the called card"),
        ("partner", N + 1, "one-hot relative seat of the partner; index 5: not known to the observer"),
        ("trick_state", 2 * (N + 1), "one-hot relative seats of the trick leader and current winner"),
        ("voids", N * 4, "per relative seat and suit: it failed to follow that suit (holds none)"),
        ("tricks_won", N, "tricks won per relative seat / 8"),
        ("points_won", N, "card points won per relative seat / 120"),
        ("scores", N, "match totals per relative seat before this hand / 10"),
        ("tricks_done", 1, "completed tricks / 8"),
    )
)
_O = LAYOUT.offsets


def _voids(out: np.ndarray, leader: int, cards: tuple[int, ...], seat: int) -> None:
    if not cards:
        return
    led = cards[0] & 3
    for i, card in enumerate(cards[1:], 1):
        if card & 3 != led:
            out[_O["voids"] + 4 * ((leader + i - seat) % N) + led] = 1.0


def _seat(out: np.ndarray, name: str, s: int | None, seat: int) -> None:
    out[_O[name] + ((s - seat) % N if s is not None and s >= 0 else N)] = 1.0


def encode(view: Any) -> np.ndarray:
    v = view  # a SuecaView
    seat = v.seat
    out = np.zeros(LAYOUT.size, np.float32)
    put_mask(out, _O["hand"], v.hand)
    put_mask(out, _O["played"], v.played)
    leader = v.trick_leader
    for i, card in enumerate(v.trick):
        out[_O["trick"] + 52 * ((leader + i - seat) % N) + card] = 1.0
    out[_O["phase"] + PHASES.index(v.phase)] = 1.0
    for s, call in v.calls:
        at = _O["calls"] + 3 * ((s - seat) % N)
        out[at : at + 3] = 0.0
        if call == "pass":
            out[at] = 1.0
        elif call == "nuls":
            out[at + 1] = 1.0
        else:
            out[at + 2] = call / 120
    out[_O["high_bid"]] = v.high_bid / 120
    _seat(out, "high_bidder", v.high_bidder, seat)
    _seat(out, "declarer", v.declarer, seat)
    if v.contract is not None:
        out[_O["contract"] + (v.contract == "nuls")] = 1.0
    out[_O["bid"]] = (v.bid or 0) / 120
    if v.trump is not None:
        out[_O["trump"] + v.trump] = 1.0
    if v.called_card is not None:
        out[_O["called_card"] + v.called_card] = 1.0
    _seat(out, "partner", v.partner, seat)
    if leader >= 0:
        out[_O["trick_state"] + (leader - seat) % N] = 1.0
    if v.trick_winner >= 0:
        out[_O["trick_state"] + N + 1 + (v.trick_winner - seat) % N] = 1.0
    else:
        out[_O["trick_state"] + 2 * N + 1] = 1.0
    if leader < 0:
        out[_O["trick_state"] + N] = 1.0
    for lead, cards, _ in v.tricks:
        _voids(out, lead, cards, seat)
    _voids(out, leader, v.trick, seat)
    for s in range(N):
        r = (s - seat) % N
        out[_O["tricks_won"] + r] = v.tricks_won[s] / 8
        out[_O["points_won"] + r] = v.points_won[s] / 120
        out[_O["scores"] + r] = v.scores[s] / 10
    out[_O["tricks_done"]] = len(v.tricks) / 8
    return out
