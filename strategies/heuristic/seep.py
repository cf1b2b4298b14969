"""Seep features of the heuristic strategy, in card points (the 100 points of the deal, sweeps on top).

A move is judged by what it takes now (card points, sweep bonus), what it leaves the next
player (an opponent in every player count: loose points, a floor he may sweep), and the houses
it makes: their points, whether they are cemented (safe from breaking), whether the mover still
holds a card to take them, and whose house it protects or breaks. Unseen cards are every card
not in the own hand, on the floor, in a house, played, or seen captured in the history.
"""

from __future__ import annotations

from collections.abc import Sequence

from simulator.cards import FULL_DECK, RANK, RANK_MASK
from simulator.games.seep import BID, BREAK, CAPTURE, THROW, SeepView, pile_points
from strategies.heuristic.cards import clearing_mask, p_holds_any
from strategies.heuristic.features.seep import FEATURES


def _sweep_value(view: SeepView, play: int, card: int) -> int:
    """Bonus of clearing the floor on play number ``play`` (1-based) with ``card`` (§5.7, §12.1)."""
    if play >= view.total_plays:
        return 0
    if view.rules.scoring == "thirty":
        return RANK[card]
    return 25 if play == 1 else 50


def feature_rows(view: SeepView, moves: Sequence) -> list[list[float]]:
    """One row of feature values per move, in the order of :data:`FEATURES` (its own module)."""
    rules = view.rules
    thirty = rules.scoring == "thirty"
    n = rules.num_players
    seat = view.seat
    sides = rules.side_of_seat
    partner = {s for s in range(n) if s != seat and sides[s] == sides[seat]}
    nxt = (seat + 1) % n
    loose = view.loose
    houses = {h.value: h.cards for h in view.houses}
    owners = {h.value: h.owners for h in view.houses}
    seen = view.hand | loose | view.played
    for cards in houses.values():
        seen |= cards
    for _, m in view.history:
        seen |= m.floor
    unseen = FULL_DECK & ~seen
    n_unseen = unseen.bit_count()
    next_hand = view.hand_sizes[nxt]
    play = view.play + 1
    hand = view.hand
    rows: list[list[float]] = []
    for move in moves:
        row = [0.0] * len(FEATURES)
        action = move.action
        if action == BID:
            row[13] = move.value - 9
            row[14] = (hand & RANK_MASK[move.value]).bit_count()
            rows.append(row)
            continue
        card, floor = move.card, move.floor
        bit = 1 << card
        v = RANK[card]
        left_houses = dict(houses)
        house_value = 0
        if action == CAPTURE:
            taken = floor | bit | left_houses.pop(v, 0)
            left_loose = loose & ~floor
            row[0] = pile_points(taken, thirty)
            row[2] = taken.bit_count()
            if not left_loose and not left_houses:
                row[1] = _sweep_value(view, play, card)
        elif action == THROW:
            left_loose = loose | bit
            row[12] = pile_points(bit, thirty)
        else:
            house_value = move.value
            left_loose = loose & ~floor
            cards = bit | floor
            if action == BREAK:
                old = house_value - v
                cards |= left_houses.pop(old, 0)
                row[10] = 1.0 if set(owners.get(old, ())) & partner else 0.0
                row[11] = 1.0 - row[10]
            elif set(owners.get(house_value, ())) & partner:
                row[9] = 1.0
            cards |= left_houses.get(house_value, 0)
            left_houses[house_value] = cards
            points = pile_points(cards, thirty)
            row[5] = points
            row[6] = 1.0 if hand & ~bit & RANK_MASK[house_value] else 0.0
            total = sum(RANK[c] for c in range(52) if cards >> c & 1)
            row[7] = 1.0 if rules.cementing and total >= 2 * house_value else 0.0
            holds = p_holds_any((RANK_MASK[house_value] & unseen).bit_count(), next_hand, n_unseen)
            row[8] = holds * points
        row[4] = pile_points(left_loose, thirty)
        if left_loose or left_houses:
            sweepers = 0  # one card takes at most one house (of its value) with the loose cards
            if len(left_houses) <= 1:
                sweepers = clearing_mask(left_loose, next(iter(left_houses), 0)) & unseen
            chance = p_holds_any(sweepers.bit_count(), next_hand, n_unseen)
            row[3] = chance * (50 if not thirty else 7) if play + 1 < view.total_plays else 0.0
        rows.append(row)
    return rows
