"""Sweep observation (2-4 players, every variant): 626 floats from a ``SweepView`` and the step.

Seats are relative to the observer (0 = itself, 1 the next to play...), sides are ordered own
side first; slots of seats or sides the variant lacks stay zero. Compiled (mypyc): ``encode``
gives the vector's float32 bytes (simulator/rl/observe/__init__.py wraps them in an array).
"""

from __future__ import annotations

from typing import Final

from simulator.games.sweep.rules import SweepRules
from simulator.games.sweep.view import SweepView
from simulator.rl.observe.layout import Layout, rules_info

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
_A: Final = LAYOUT.at
_OWN_BUILD_VALUES: Final = _A["own_build_values"]
_OTHER_BUILD_VALUES: Final = _A["other_build_values"]
_HAND_SIZES: Final = _A["hand_sizes"]
_STOCK: Final = _A["stock"]
_SWEEPS: Final = _A["sweeps"]
_LAST_CAPTURER: Final = _A["last_capturer"]
_DEALER: Final = _A["dealer"]
_SCORES: Final = _A["scores"]
_PLAYERS: Final = _A["players"]
_RULES: Final = _A["rules"]
_DECISION: Final = _A["decision"]
_SCALAR_SIZE: Final = LAYOUT.scalar_size
_ALL: Final = (1 << 52) - 1


def _rule_flags(rules: SweepRules) -> list[float]:
    return [
        float(rules.teams),
        float(rules.sweep_bonus),
        float(rules.builds),
        float(rules.deal_mode == "eight_card_single"),
        float(rules.ace_of_spades_sweep_double),
        float(rules.last_play_sweep_counts),
    ]


def encode(view: SweepView, head: int = -1, taken: int = 0) -> bytearray:
    """``head``: the head id of the move being decided (-1: none yet), ``taken``: its cards so far."""
    v = view
    rules = v.rules
    seat = v.seat
    info = rules_info(rules, _rule_flags)
    n = info.n
    side_of = info.side_of
    own = side_of[seat]
    s = [0.0] * _SCALAR_SIZE
    hand = v.hand
    table = v.table
    seen = hand | table
    own_b = other_b = 0
    for value, cards, owner in v.builds:
        seen |= cards
        if side_of[owner] == own:
            own_b |= cards
            s[_OWN_BUILD_VALUES + value - 1] = 1.0
        else:
            other_b |= cards
            s[_OTHER_BUILD_VALUES + value - 1] = 1.0
    piles = [0, 0, 0, 0]
    target = rules.target_score
    view_piles = v.piles
    sweeps = v.sweeps
    scores = v.scores
    for i, k in enumerate(info.orders[seat]):
        pile = view_piles[k]
        piles[i] = pile
        seen |= pile
        s[_SWEEPS + i] = sweeps[k] / 10
        s[_SCORES + i] = scores[k] / target
    hand_sizes = v.hand_sizes
    for p in range(n):
        s[_HAND_SIZES + (p - seat) % n] = hand_sizes[p] / 8
    s[_STOCK] = v.stock_size / 48
    last = v.last_capturer
    s[_LAST_CAPTURER + ((last - seat) % n if last >= 0 else 4)] = 1.0
    s[_DEALER + (v.dealer - seat) % n] = 1.0
    s[_PLAYERS + n - 2] = 1.0
    for j, flag in enumerate(info.flags):
        s[_RULES + j] = flag
    kind = head // 52 if head >= 0 else 0
    s[_DECISION + kind] = 1.0
    pending = 1 << head % 52 if head >= 0 else 0
    masks = [
        hand,
        table,
        own_b,
        other_b,
        piles[0],
        piles[1],
        piles[2],
        piles[3],
        ~seen & _ALL,
        pending,
        taken,
    ]
    return LAYOUT.build(masks, s)
