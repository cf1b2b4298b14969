"""Sweep observation (2-4 players, every variant): 626 floats from a ``SweepView`` and the step.

Seats are relative to the observer (0 = itself, 1 the next to play...), sides are ordered own
side first; slots of seats or sides the variant lacks stay zero.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from simulator.rl.observe.layout import Layout, relative_sides

LAYOUT = Layout(
    cards=(
        ("hand", 1, "own hand"),
        ("table", 1, "loose table cards"),
        ("own_builds", 1, "cards in builds owned by the observer's side"),
        ("other_builds", 1, "cards in builds owned by other sides"),
        ("piles", 4, "captured cards of each side (own side first), played cards included"),
        ("unseen", 1, "cards not in the own hand, on the table or in a pile: other hands and stock"),
        ("decision_card", 1, "the card of the capture or build being decided (zero while choosing a move)"),
        ("taken", 1, "the table cards taken so far for that capture or build"),
    ),
    scalars=(
        ("own_build_values", 10, "1 at v-1 if the observer's side owns a build of value v"),
        ("other_build_values", 10, "1 at v-1 if another side owns a build of value v"),
        ("hand_sizes", 4, "cards in hand per relative seat / 8"),
        ("stock", 1, "cards left in the stock / 48"),
        ("sweeps", 4, "sweeps per side (own first) / 10"),
        ("last_capturer", 5, "one-hot relative seat of the last capturer; index 4: nobody yet"),
        ("dealer", 4, "one-hot relative seat of the dealer"),
        ("scores", 4, "match totals per side before this round / target score"),
        ("players", 3, "one-hot number of players (2, 3, 4)"),
        ("rules", 6, "teams, sweep_bonus, builds, eight-card deal, doubled A♠, last-play sweep"),
        ("decision", 3, "one-hot step: choose a move, take cards for a capture, take cards for a build"),
    ),
)
_A = LAYOUT.at
_ALL = (1 << 52) - 1


def encode(view: Any, head: int = -1, taken: int = 0) -> np.ndarray:
    """``head``: the head id of the move being decided (-1: none yet), ``taken``: its cards so far."""
    v = view  # a SweepView
    rules = v.rules
    seat = v.seat
    n = rules.num_players
    side_of = rules.side_of_seat
    own = side_of[seat]
    s = [0.0] * LAYOUT.scalar_size
    seen = v.hand | v.table
    own_b = other_b = 0
    for value, cards, owner in v.builds:
        seen |= cards
        if side_of[owner] == own:
            own_b |= cards
            s[_A["own_build_values"] + value - 1] = 1.0
        else:
            other_b |= cards
            s[_A["other_build_values"] + value - 1] = 1.0
    piles = [0, 0, 0, 0]
    target = rules.target_score
    for i, k in enumerate(relative_sides(rules.sides, seat, n)):
        piles[i] = v.piles[k]
        seen |= v.piles[k]
        s[_A["sweeps"] + i] = v.sweeps[k] / 10
        s[_A["scores"] + i] = v.scores[k] / target
    for p in range(n):
        s[_A["hand_sizes"] + (p - seat) % n] = v.hand_sizes[p] / 8
    s[_A["stock"]] = v.stock_size / 48
    last = v.last_capturer
    s[_A["last_capturer"] + ((last - seat) % n if last >= 0 else 4)] = 1.0
    s[_A["dealer"] + (v.dealer - seat) % n] = 1.0
    s[_A["players"] + n - 2] = 1.0
    r = _A["rules"]
    s[r : r + 6] = (
        rules.teams,
        rules.sweep_bonus,
        rules.builds,
        rules.deal_mode == "eight_card_single",
        rules.ace_of_spades_sweep_double,
        rules.last_play_sweep_counts,
    )
    kind, card = divmod(head, 52) if head >= 0 else (0, -1)
    s[_A["decision"] + kind] = 1.0
    pending = 1 << card if card >= 0 else 0
    return LAYOUT.build((v.hand, v.table, own_b, other_b, *piles, ~seen & _ALL, pending, taken), s)
