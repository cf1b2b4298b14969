"""Sweep features of the heuristic strategy: what a strong player weighs before each play.

Points in Sweep come from the card majority, the spade majority, the ace of spades and sweeps;
the features measure what a move takes towards them, what it leaves the next player (always an
opponent) and what it keeps for later. Only the view is read: unseen cards are everything not in
the own hand, on the table, in a build, in a pile or in the play history.
"""

from __future__ import annotations

from collections.abc import Sequence

from simulator.cards import FACE_MASK, FULL_DECK, RANK, RANK_MASK, SPADE_MASK
from simulator.games.sweep import BUILD, CAPTURE, TRAIL, SweepView
from strategies.heuristic.cards import p_holds_any, partitions_into, value_counts

ACE_OF_SPADES = 1  # mask of A♠ (card 0)


def _capture_clears(value: int, loose: int, builds: Sequence[tuple[int, int, int]]) -> bool:
    """Can one card of ``value`` take every loose card and every build?"""
    if any(b[0] != value for b in builds):
        return False
    if value > 10:
        return loose & ~RANK_MASK[value] == 0
    if loose & FACE_MASK:
        return False
    return partitions_into(value_counts(loose), value)


def _open(counts: Sequence[int], side: int, remaining: int) -> bool:
    """Whether the majority of some category can still change hands (``remaining`` not yet taken)."""
    others = max((c for k, c in enumerate(counts) if k != side), default=0)
    mine = counts[side]
    return mine + remaining > others and others + remaining >= mine


def feature_rows(view: SweepView, moves: Sequence) -> list[list[float]]:
    """One row of feature values per move, in the order of ``strategies.heuristic.features.sweep``."""
    rules = view.rules
    n = rules.num_players
    side = rules.side_of_seat[view.seat]
    nxt = (view.seat + 1) % n
    table = view.table
    builds = view.builds
    build_mask = 0
    for b in builds:
        build_mask |= b[1]
    piles = view.piles
    seen = view.hand | table | build_mask
    for p in piles:
        seen |= p
    for _, m in view.history:
        seen |= 1 << m.card
    unseen = FULL_DECK & ~seen
    n_unseen = unseen.bit_count()
    in_play = sum(view.hand_sizes) + view.stock_size
    remaining_cards = in_play + (table | build_mask).bit_count()
    remaining_spades = 13 - sum((p & SPADE_MASK).bit_count() for p in piles)
    cards_open = _open([p.bit_count() for p in piles], side, remaining_cards)
    spades_open = _open([(p & SPADE_MASK).bit_count() for p in piles], side, remaining_spades)
    last_play = in_play == 1
    sweep_scores = rules.sweep_bonus and (not last_play or rules.last_play_sweep_counts)
    next_hand = view.hand_sizes[nxt] or (4 if view.stock_size else 0)
    opp_cards = sum(h for s, h in enumerate(view.hand_sizes) if rules.side_of_seat[s] != side)
    risk_cache: dict[tuple[int, tuple], float] = {}

    def sweep_risk(loose: int, left_builds: tuple) -> float:
        if not loose and not left_builds:
            return 0.0
        key = (loose, left_builds)
        if key not in risk_cache:
            sweepers = 0
            for v in range(1, 14):
                if _capture_clears(v, loose, left_builds):
                    sweepers |= RANK_MASK[v] & unseen
            risk_cache[key] = p_holds_any(sweepers.bit_count(), next_hand, n_unseen)
        return risk_cache[key]

    rows: list[list[float]] = []
    for move in moves:
        card, action, mask = move.card, move.action, move.mask
        bit = 1 << card
        taken = 0
        left_builds = tuple(builds)
        build_cards = build_safe = 0.0
        if action == CAPTURE:
            taken = mask | bit
            loose = table & ~mask
            left_builds = tuple(b for b in builds if not b[1] & mask)
        elif action == BUILD:
            loose = table & ~mask
            left_builds = (*builds, (move.value, mask | bit, view.seat))
            build_cards = float((mask | bit).bit_count())
            build_safe = 1.0 - p_holds_any((RANK_MASK[move.value] & unseen).bit_count(), opp_cards, n_unseen)
        else:
            loose = table | bit
        on_table = loose
        for b in left_builds:
            on_table |= b[1]
        got = taken.bit_count()
        spades = (taken & SPADE_MASK).bit_count()
        sweep = action == CAPTURE and not on_table and sweep_scores
        trail = action == TRAIL
        rows.append(
            [
                got,
                got if cards_open else 0,
                spades,
                spades if spades_open else 0,
                1.0 if taken & ACE_OF_SPADES else 0.0,
                1.0 if sweep else 0.0,
                sweep_risk(loose, left_builds),
                (on_table & SPADE_MASK).bit_count(),
                1.0 if on_table & ACE_OF_SPADES else 0.0,
                on_table.bit_count(),
                1.0 if trail and RANK[card] <= 4 else 0.0,
                1.0 if trail and RANK[card] > 10 else 0.0,
                build_cards,
                build_safe,
            ]
        )
    return rows
