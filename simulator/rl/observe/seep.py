"""Seep observation (2-4 players, every variant): 486 floats from a ``SeepView``.

Cards are 52-long blocks indexed by the card int. Seats are relative to the observer
(0 = itself), sides are ordered own side first. The captured piles are public (captures are
played face up): they are rebuilt from the view's history of moves.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from simulator.cards import RANK
from simulator.games.seep.moves import BREAK, CAPTURE, HOUSE
from simulator.rl.observe.layout import Layout, put_mask, relative_sides

LAYOUT = Layout(
    (
        ("hand", 52, "own hand"),
        ("loose", 52, "loose floor cards (zero while the floor is face down)"),
        ("house_cards", 52, "cards in houses"),
        ("houses", 5 * 5, "per house value 9..13: exists, cemented, owned by me, by my partner, by others"),
        ("piles", 4 * 52, "captured cards of each side (own side first), from the history"),
        ("played", 52, "every card played so far"),
        ("bid", 6, "one-hot bid value 9..13; index 5: no bid yet"),
        ("bidder", 4, "one-hot relative seat of the bidder"),
        ("dealer", 4, "one-hot relative seat of the dealer"),
        ("hand_sizes", 4, "cards in hand per relative seat / 16"),
        ("progress", 2, "plays made / total plays, floor visible"),
        ("last_capturer", 5, "one-hot relative seat of the last capturer; index 4: nobody yet"),
        ("sweep_points", 4, "sweep points per side (own first) / 100"),
        ("sweeps", 4, "sweeps per side / 10"),
        ("scores", 4, "baazi totals per side before this deal / baazi target"),
        ("players", 3, "one-hot number of players (2, 3, 4)"),
        ("rules", 5, "thirty-point game, cementing, owner must retain, floor up at bid, 12-card hands"),
    )
)
_O = LAYOUT.offsets


def captured_piles(history: Any, side_of: tuple[int, ...], nsides: int) -> list[int]:
    """Cards captured by each side, replaying the public moves (seep.md §5: a capture takes the
    house of the card's value, a break moves the broken house's cards into the new one)."""
    houses = [0] * 14
    piles = [0] * nsides
    for seat, move in history:
        action, card = move.action, move.card
        if action == CAPTURE:
            v = RANK[card]
            piles[side_of[seat]] |= move.floor | 1 << card | houses[v]
            houses[v] = 0
        elif action == HOUSE:
            houses[move.value] |= move.floor | 1 << card
        elif action == BREAK:
            broken = move.value - RANK[card]
            houses[move.value] |= houses[broken] | move.floor | 1 << card
            houses[broken] = 0
    return piles


def encode(view: Any) -> np.ndarray:
    v = view  # a SeepView
    rules = v.rules
    seat = v.seat
    n = rules.num_players
    side_of = rules.side_of_seat
    out = np.zeros(LAYOUT.size, np.float32)
    put_mask(out, _O["hand"], v.hand)
    put_mask(out, _O["loose"], v.loose)
    in_houses = 0
    partner = (seat + 2) % 4 if n == 4 else -1
    for h in v.houses:
        in_houses |= h.cards
        at = _O["houses"] + 5 * (h.value - 9)
        out[at] = 1.0
        out[at + 1] = h.cemented
        out[at + 2] = seat in h.owners
        out[at + 3] = partner in h.owners
        out[at + 4] = any(s != seat and s != partner for s in h.owners)
    put_mask(out, _O["house_cards"], in_houses)
    piles = captured_piles(v.history, side_of, len(rules.sides))
    target = rules.baazi_target
    for i, k in enumerate(relative_sides(rules.sides, seat, n)):
        put_mask(out, _O["piles"] + 52 * i, piles[k])
        out[_O["sweep_points"] + i] = v.sweep_points[k] / 100
        out[_O["sweeps"] + i] = v.sweeps[k] / 10
        out[_O["scores"] + i] = v.scores[k] / target
    put_mask(out, _O["played"], v.played)
    out[_O["bid"] + (v.bid - 9 if v.bid else 5)] = 1.0
    out[_O["bidder"] + (v.bidder - seat) % n] = 1.0
    out[_O["dealer"] + (v.dealer - seat) % n] = 1.0
    for s in range(n):
        out[_O["hand_sizes"] + (s - seat) % n] = v.hand_sizes[s] / 16
    out[_O["progress"]] = v.play / v.total_plays
    out[_O["progress"] + 1] = v.floor_visible
    last = v.last_capturer
    out[_O["last_capturer"] + ((last - seat) % n if last >= 0 else 4)] = 1.0
    out[_O["players"] + n - 2] = 1.0
    flags = (
        rules.scoring == "thirty",
        rules.cementing,
        rules.owner_must_retain,
        rules.floor_visible_at_bid,
        rules.three_player_hand_size == 12,
    )
    out[_O["rules"] : _O["rules"] + 5] = flags
    return out
