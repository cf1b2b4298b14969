"""What a Seep seat sees (seep.md §4.3): the bid, the loose floor cards (face down until the
bid) and the houses with their owners, seeps; captured piles are not public, so not shown."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from simulator.cards import cards_of
from simulator.games.seep import move_text
from simulator.table.style import cards


def board(view: Any, you: Sequence[int], ascii: bool) -> list[str]:
    bid = f"bid {view.bid} by seat {view.bidder}" if view.bid else f"seat {view.bidder} bids"
    lines = [f"[b]{bid}[/b] · play {view.play} of {view.total_plays}"]
    if not view.floor_visible:
        lines.append("[b]Floor[/b]  4 cards face down (turned up after the bid)")
    else:
        loose = cards(cards_of(view.loose), ascii) if view.loose else ("" if view.houses else "(empty)")
        lines.append(f"[b]Floor[/b]  {loose}".rstrip())
        lines += [
            f"  [b]house {h.value}{' cemented' if h.cemented else ''}[/b] "
            f"of seat {' '.join(map(str, h.owners))}: {cards(cards_of(h.cards), ascii)}"
            for h in view.houses
        ]
    lines.append("Side  seats      seeps  points  baazi  baazis won")
    for k, seats in enumerate(view.rules.sides):
        who = " ".join(map(str, seats)) + (" you" if set(seats) & set(you) else "")
        lines.append(
            f"{k:>4}  {who:<9} {view.sweeps[k]:>6}  {view.sweep_points[k]:>6}  {view.scores[k]:>5}"
            f"  {view.baazis[k]:>10}"
        )
    return lines


def record(view: Any) -> list[tuple[int, str]]:
    return [(seat, move_text(move)) for seat, move in view.history]


def score_lines(event: Mapping[str, Any]) -> list[str]:
    lines = [
        f"side {side['side']} seats {' '.join(map(str, side['seats']))}: card points {side['card_points']}"
        f" · seep points {side['sweep_points']} · total {side['total']}"
        for side in event["sides"]
    ]
    lines.append(f"baazi totals: {' - '.join(map(str, event['totals']))}")
    return lines
