"""Seep observation (2-4 players, every variant): 599 floats from a ``SeepView`` and the step.

Seats are relative to the observer (0 = itself), sides are ordered own side first. The captured
piles are public (captures are played face up): they are rebuilt from the view's history.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from simulator.cards import RANK
from simulator.games.seep.actions import BIDS, BREAKS, HOUSES
from simulator.games.seep.moves import BREAK, CAPTURE, HOUSE
from simulator.rl.observe.layout import Layout, relative_sides

LAYOUT = Layout(
    cards=(
        ("hand", 1, "own hand"),
        ("loose", 1, "loose floor cards (zero while the floor is face down)"),
        ("house_cards", 1, "cards in houses"),
        ("piles", 4, "captured cards of each side (own side first), from the history"),
        ("played", 1, "every card played so far"),
        ("decision_card", 1, "the card of the capture, house or break being decided (zero while choosing)"),
        ("taken", 1, "the loose cards taken so far for that move"),
    ),
    scalars=(
        ("houses", 5 * 5, "per house value 9..13: exists, cemented, owned by me, by my partner, by others"),
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
        ("decision", 4, "one-hot step: choose a move, take cards for a capture, a house, a break"),
        ("decision_value", 5, "one-hot value 9..13 of the house or break being decided"),
    ),
)
_A = LAYOUT.at


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


def encode(view: Any, head: int = -1, taken: int = 0) -> np.ndarray:
    """``head``: the head id of the move being decided (-1: none yet), ``taken``: its cards so far."""
    v = view  # a SeepView
    rules = v.rules
    seat = v.seat
    n = rules.num_players
    s = [0.0] * LAYOUT.scalar_size
    in_houses = 0
    partner = (seat + 2) % 4 if n == 4 else -1
    for h in v.houses:
        in_houses |= h.cards
        at = _A["houses"] + 5 * (h.value - 9)
        s[at] = 1.0
        s[at + 1] = h.cemented
        s[at + 2] = seat in h.owners
        s[at + 3] = partner in h.owners
        s[at + 4] = any(o != seat and o != partner for o in h.owners)
    captured = captured_piles(v.history, rules.side_of_seat, len(rules.sides))
    piles = [0, 0, 0, 0]
    target = rules.baazi_target
    for i, k in enumerate(relative_sides(rules.sides, seat, n)):
        piles[i] = captured[k]
        s[_A["sweep_points"] + i] = v.sweep_points[k] / 100
        s[_A["sweeps"] + i] = v.sweeps[k] / 10
        s[_A["scores"] + i] = v.scores[k] / target
    s[_A["bid"] + (v.bid - 9 if v.bid else 5)] = 1.0
    s[_A["bidder"] + (v.bidder - seat) % n] = 1.0
    s[_A["dealer"] + (v.dealer - seat) % n] = 1.0
    for p in range(n):
        s[_A["hand_sizes"] + (p - seat) % n] = v.hand_sizes[p] / 16
    s[_A["progress"]] = v.play / v.total_plays
    s[_A["progress"] + 1] = v.floor_visible
    last = v.last_capturer
    s[_A["last_capturer"] + ((last - seat) % n if last >= 0 else 4)] = 1.0
    s[_A["players"] + n - 2] = 1.0
    r = _A["rules"]
    s[r : r + 5] = (
        rules.scoring == "thirty",
        rules.cementing,
        rules.owner_must_retain,
        rules.floor_visible_at_bid,
        rules.three_player_hand_size == 12,
    )
    pending = 0
    if 52 <= head < BIDS:  # a capture, house or break being decided
        if head < HOUSES:
            kind, card = 1, head - 52
        elif head < BREAKS:
            card, k = divmod(head - HOUSES, 5)
            kind, value = 2, k + 9
        else:
            card, k = divmod(head - BREAKS, 4)
            kind, value = 3, k + 10
        pending = 1 << card
        if kind > 1:
            s[_A["decision_value"] + value - 9] = 1.0
    else:
        kind = 0
    s[_A["decision"] + kind] = 1.0
    return LAYOUT.build((v.hand, v.loose, in_houses, *piles, v.played, pending, taken), s)
