"""What a Sweep seat sees (sweep.md §4): the loose table cards and the builds with their owners,
the stock, and the captured piles, which are made face up and so are public."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from simulator.cards import SPADE_MASK, cards_of, make_card
from simulator.games.sweep import move_text
from simulator.table.style import card, cards

ACE_OF_SPADES = make_card(1, 0)


def board(view: Any, you: Sequence[int], ascii: bool) -> list[str]:
    builds = "  ".join(
        f"[b]build {value}[/b] ({cards(cards_of(mask), ascii)}) of seat {owner}"
        for value, mask, owner in view.builds
    )
    table = cards(cards_of(view.table), ascii) if view.table else ("" if builds else "(empty)")
    lines = [f"[b]Table[/b]  {table}  {builds}".rstrip()]
    last = f"seat {view.last_capturer}" if view.last_capturer >= 0 else "nobody yet"
    lines.append(f"Stock {view.stock_size} cards · last capture: {last}")
    lines.append("Side  seats      pile  spades  ace  sweeps  match")
    for k, seats in enumerate(view.rules.sides):
        pile = view.piles[k]
        ace = card(ACE_OF_SPADES, ascii) + " " if (pile >> ACE_OF_SPADES) & 1 else "  - "
        who = " ".join(map(str, seats)) + (" you" if set(seats) & set(you) else "")
        lines.append(
            f"{k:>4}  {who:<9} {pile.bit_count():>5}  {(pile & SPADE_MASK).bit_count():>6}  {ace}"
            f"  {view.sweeps[k]:>6}  {view.scores[k]:>5}"
        )
    return lines


def record(view: Any) -> list[tuple[int, str]]:
    return [(seat, move_text(move)) for seat, move in view.history]


def score_lines(event: Mapping[str, Any]) -> list[str]:
    lines = []
    for side in event["sides"]:
        p = side["points"]
        lines.append(
            f"side {side['side']} seats {' '.join(map(str, side['seats']))}: "
            f"cards {side['cards']} → {p['cards']} · spades {side['spades']} → {p['spades']} · "
            f"A♠ {'yes' if side['ace_of_spades'] else 'no'} → {p['ace_of_spades']} · "
            f"sweeps {side['sweeps']} → {p['sweeps']} · total {side['total']}"
        )
    lines.append(f"match totals: {' - '.join(map(str, event['totals']))}")
    return lines
