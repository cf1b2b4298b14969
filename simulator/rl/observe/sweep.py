"""Sweep observation (2-4 players, every variant): 519 floats from a ``SweepView``.

Cards are 52-long blocks indexed by the card int (A♠ A♥ A♦ A♣ 2♠ ... K♣). Seats are
relative to the observer (0 = itself), sides are ordered own side first.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from simulator.rl.observe.layout import Layout, put_mask, relative_sides

LAYOUT = Layout(
    (
        ("hand", 52, "own hand"),
        ("table", 52, "loose table cards"),
        ("own_builds", 52, "cards in builds owned by the observer's side"),
        ("other_builds", 52, "cards in builds owned by other sides"),
        ("own_build_values", 10, "1 at v-1 if the observer's side owns a build of value v"),
        ("other_build_values", 10, "1 at v-1 if another side owns a build of value v"),
        ("piles", 4 * 52, "captured cards of each side (own side first), played cards included"),
        ("unseen", 52, "cards not in the own hand, on the table or in a pile: other hands and stock"),
        ("hand_sizes", 4, "cards in hand per relative seat / 8"),
        ("stock", 1, "cards left in the stock / 48"),
        ("sweeps", 4, "sweeps per side (own first) / 10"),
        ("last_capturer", 5, "one-hot relative seat of the last capturer; index 4: nobody yet"),
        ("dealer", 4, "one-hot relative seat of the dealer"),
        ("scores", 4, "match totals per side before this round / target score"),
        ("players", 3, "one-hot number of players (2, 3, 4)"),
        ("rules", 6, "teams, sweep_bonus, builds, eight-card deal, doubled A♠, last-play sweep"),
    )
)
_O = LAYOUT.offsets


def encode(view: Any) -> np.ndarray:
    v = view  # a SweepView
    rules = v.rules
    seat = v.seat
    n = rules.num_players
    side_of = rules.side_of_seat
    own = side_of[seat]
    out = np.zeros(LAYOUT.size, np.float32)
    put_mask(out, _O["hand"], v.hand)
    put_mask(out, _O["table"], v.table)
    seen = v.hand | v.table
    own_b = other_b = 0
    for value, cards, owner in v.builds:
        seen |= cards
        if side_of[owner] == own:
            own_b |= cards
            out[_O["own_build_values"] + value - 1] = 1.0
        else:
            other_b |= cards
            out[_O["other_build_values"] + value - 1] = 1.0
    put_mask(out, _O["own_builds"], own_b)
    put_mask(out, _O["other_builds"], other_b)
    order = relative_sides(rules.sides, seat, n)
    target = rules.target_score
    for i, k in enumerate(order):
        pile = v.piles[k]
        seen |= pile
        put_mask(out, _O["piles"] + 52 * i, pile)
        out[_O["sweeps"] + i] = v.sweeps[k] / 10
        out[_O["scores"] + i] = v.scores[k] / target
    put_mask(out, _O["unseen"], ~seen & ((1 << 52) - 1))
    for s in range(n):
        out[_O["hand_sizes"] + (s - seat) % n] = v.hand_sizes[s] / 8
    out[_O["stock"]] = v.stock_size / 48
    last = v.last_capturer
    out[_O["last_capturer"] + ((last - seat) % n if last >= 0 else 4)] = 1.0
    out[_O["dealer"] + (v.dealer - seat) % n] = 1.0
    out[_O["players"] + n - 2] = 1.0
    flags = (
        rules.teams,
        rules.sweep_bonus,
        rules.builds,
        rules.deal_mode == "eight_card_single",
        rules.ace_of_spades_sweep_double,
        rules.last_play_sweep_counts,
    )
    out[_O["rules"] : _O["rules"] + 6] = flags
    return out
