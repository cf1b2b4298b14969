"""Seep observation (2-4 players, every variant): 599 floats from a ``SeepView`` and the step.

Seats are relative to the observer (0 = itself), sides are ordered own side first. The captured
piles are public (captures are played face up): they are rebuilt from the view's history. Compiled
(mypyc): ``encode`` gives the vector's float32 bytes (simulator/rl/observe/__init__.py wraps
them in an array).
"""

from __future__ import annotations

from typing import Final

from simulator.games.seep import moves as seep_moves
from simulator.games.seep.moves import SeepMove
from simulator.games.seep.rules import SeepRules
from simulator.games.seep.view import SeepView
from simulator.rl.observe.layout import Layout, rules_info
from simulator.rl.seep.actions import head_parts

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
_A: Final = LAYOUT.at
_HOUSES: Final = _A["houses"]
_BID: Final = _A["bid"]
_BIDDER: Final = _A["bidder"]
_DEALER: Final = _A["dealer"]
_HAND_SIZES: Final = _A["hand_sizes"]
_PROGRESS: Final = _A["progress"]
_LAST_CAPTURER: Final = _A["last_capturer"]
_SWEEP_POINTS: Final = _A["sweep_points"]
_SWEEPS: Final = _A["sweeps"]
_SCORES: Final = _A["scores"]
_PLAYERS: Final = _A["players"]
_RULES: Final = _A["rules"]
_DECISION: Final = _A["decision"]
_DECISION_VALUE: Final = _A["decision_value"]
_SCALAR_SIZE: Final = LAYOUT.scalar_size
_CAPTURE: Final = seep_moves.CAPTURE
_HOUSE: Final = seep_moves.HOUSE
_BREAK: Final = seep_moves.BREAK
_BID_MOVE: Final = seep_moves.BID


def captured_piles(
    history: tuple[tuple[int, SeepMove], ...], side_of: tuple[int, ...], nsides: int
) -> list[int]:
    """Cards captured by each side, replaying the public moves (seep.md §5: a capture takes the
    house of the card's value, a break moves the broken house's cards into the new one)."""
    houses = [0] * 14
    piles = [0] * nsides
    for seat, move in history:
        action = move[0]
        card = move[1]
        if action == _CAPTURE:
            v = (card >> 2) + 1
            piles[side_of[seat]] |= move[3] | 1 << card | houses[v]
            houses[v] = 0
        elif action == _HOUSE:
            houses[move[2]] |= move[3] | 1 << card
        elif action == _BREAK:
            value = move[2]
            broken = value - (card >> 2) - 1
            houses[value] |= houses[broken] | move[3] | 1 << card
            houses[broken] = 0
    return piles


def _rule_flags(rules: SeepRules) -> list[float]:
    return [
        float(rules.scoring == "thirty"),
        float(rules.cementing),
        float(rules.owner_must_retain),
        float(rules.floor_visible_at_bid),
        float(rules.three_player_hand_size == 12),
    ]


def encode(view: SeepView, head: int = -1, taken: int = 0) -> bytearray:
    """``head``: the head id of the move being decided (-1: none yet), ``taken``: its cards so far."""
    v = view
    rules = v.rules
    seat = v.seat
    info = rules_info(rules, _rule_flags)
    n = info.n
    s = [0.0] * _SCALAR_SIZE
    in_houses = 0
    partner = (seat + 2) % 4 if n == 4 else -1
    for h in v.houses:
        in_houses |= h.cards
        at = _HOUSES + 5 * (h.value - 9)
        s[at] = 1.0
        s[at + 1] = float(h.cemented)
        owners = h.owners
        s[at + 2] = float(seat in owners)
        s[at + 3] = float(partner in owners)
        s[at + 4] = float(any(o != seat and o != partner for o in owners))
    orders = info.orders[seat]
    captured = captured_piles(v.history, info.side_of, len(orders))
    piles = [0, 0, 0, 0]
    target = rules.baazi_target
    sweep_points = v.sweep_points
    sweeps = v.sweeps
    scores = v.scores
    for i, k in enumerate(orders):
        piles[i] = captured[k]
        s[_SWEEP_POINTS + i] = sweep_points[k] / 100
        s[_SWEEPS + i] = sweeps[k] / 10
        s[_SCORES + i] = scores[k] / target
    bid = v.bid
    s[_BID + (bid - 9 if bid else 5)] = 1.0
    s[_BIDDER + (v.bidder - seat) % n] = 1.0
    s[_DEALER + (v.dealer - seat) % n] = 1.0
    hand_sizes = v.hand_sizes
    for p in range(n):
        s[_HAND_SIZES + (p - seat) % n] = hand_sizes[p] / 16
    s[_PROGRESS] = v.play / v.total_plays
    s[_PROGRESS + 1] = float(v.floor_visible)
    last = v.last_capturer
    s[_LAST_CAPTURER + ((last - seat) % n if last >= 0 else 4)] = 1.0
    s[_PLAYERS + n - 2] = 1.0
    for j, flag in enumerate(info.flags):
        s[_RULES + j] = flag
    pending = 0
    kind = 0
    if head >= 52:
        action, card, value = head_parts(head)
        if action != _BID_MOVE:  # a capture, house or break being decided (a bid is its head alone)
            kind = 1 if action == _CAPTURE else 2 if action == _HOUSE else 3
            if value >= 0:  # a house's value V, a break's V' (10..13 at slots 1..4)
                s[_DECISION_VALUE + value - 9] = 1.0
            pending = 1 << card
    s[_DECISION + kind] = 1.0
    masks = [v.hand, v.loose, in_houses, piles[0], piles[1], piles[2], piles[3], v.played, pending, taken]
    return LAYOUT.build(masks, s)
