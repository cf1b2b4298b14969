"""End-of-round scoring (sweep.md §6): cards, spades, the ace of spades and sweeps, per side."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from simulator.cards import SPADE_MASK
from simulator.games.sweep.rules import SweepRules


def strict_winner(counts: Sequence[int]) -> int:
    """The side whose count is strictly greater than every other side's, else -1 (§6.1)."""
    best = max(counts)
    return counts.index(best) if counts.count(best) == 1 else -1


def score(
    rules: SweepRules, piles: Sequence[int], sweeps: Sequence[int], ace_sweep_side: int
) -> tuple[list[int], list[dict[str, Any]]]:
    """Round points per side and the rows of each category (``GAME.side_columns``).

    ``ace_sweep_side`` is the side whose sweep capture took A♠ (-1: none), which doubles the
    ace under ``ace_of_spades_sweep_double`` (§6.3).
    """
    counts = [p.bit_count() for p in piles]
    spades = [(p & SPADE_MASK).bit_count() for p in piles]
    card_winner = strict_winner(counts)
    spade_winner = strict_winner(spades)
    points: list[int] = []
    rows: list[dict[str, Any]] = []
    for k, pile in enumerate(piles):
        has_ace = bool(pile & 1)
        ace_pts = (2 if ace_sweep_side == k else 1) if has_ace else 0
        sweep_pts = sweeps[k] if rules.sweep_bonus else 0
        row = {
            "cards": counts[k],
            "spades": spades[k],
            "ace_of_spades": has_ace,
            "sweeps": sweeps[k],
            "cards_points": int(card_winner == k),
            "spades_points": int(spade_winner == k),
            "ace_of_spades_points": ace_pts,
            "sweep_points": sweep_pts,
        }
        rows.append(row)
        points.append(row["cards_points"] + row["spades_points"] + ace_pts + sweep_pts)
    return points, rows


def score_event(
    rules: SweepRules, points: Sequence[int], rows: Sequence[dict[str, Any]], totals: Sequence[int]
) -> dict[str, Any]:
    """The replay log's ``score`` event (docs/design.md §7) with the running ``totals``."""
    sides = []
    for k, seats in enumerate(rules.sides):
        r = rows[k]
        sides.append(
            {
                "side": k,
                "seats": list(seats),
                "cards": r["cards"],
                "spades": r["spades"],
                "ace_of_spades": r["ace_of_spades"],
                "sweeps": r["sweeps"],
                "points": {
                    "cards": r["cards_points"],
                    "spades": r["spades_points"],
                    "ace_of_spades": r["ace_of_spades_points"],
                    "sweeps": r["sweep_points"],
                },
                "total": points[k],
            }
        )
    return {"type": "score", "sides": sides, "totals": list(totals)}
