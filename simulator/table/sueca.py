"""What a Sueca seat sees (sueca.md §9): the auction, the contract with the trump and the called
card, the partner once the called card is played (or to the partner), the open trick and the
tricks won; every card played is public."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from simulator.games.sueca import move_text
from simulator.games.sueca.moves import PLAYS
from simulator.table.style import card, suit


def _call(call: str | int) -> str:
    return f"bid {call}" if isinstance(call, int) else call


def board(view: Any, you: Sequence[int], ascii: bool) -> list[str]:
    lines = []
    if view.phase == "auction":
        calls = ", ".join(f"{seat}: {_call(c)}" for seat, c in view.calls) or "no call yet"
        lines.append(f"[b]Auction[/b]  {calls}")
    else:
        lines.append(f"[b]Contract[/b]  {contract(view, ascii)}")
    partner = "hidden" if view.partner is None else f"seat {view.partner}"
    partner += " (you)" if view.partner in you else ""
    if view.contract == "points":
        lines.append(f"Declarer's partner: {partner}")
    if view.trick_leader >= 0:
        played = " ".join(
            f"{(view.trick_leader + i) % view.rules.num_players}:{card(c, ascii)}"
            for i, c in enumerate(view.trick)
        )
        winning = f" · winning: seat {view.trick_winner}" if view.trick_winner >= 0 else ""
        lines.append(f"[b]Trick {len(view.tricks) + 1}[/b]  {played or 'lead to come'}{winning}")
    if view.tricks:
        leader, last_cards, winner = view.tricks[-1]
        shown = " ".join(
            f"{(leader + i) % view.rules.num_players}:{card(c, ascii)}" for i, c in enumerate(last_cards)
        )
        lines.append(f"Last trick  {shown} → seat {winner}")
    seats = range(view.rules.num_players)
    lines.append("Seat    " + "".join(f"{'you' if s in you else s:>5}" for s in seats))
    lines.append("points  " + "".join(f"{view.points_won[s]:>5}" for s in seats))
    lines.append("tricks  " + "".join(f"{view.tricks_won[s]:>5}" for s in seats))
    lines.append("match   " + "".join(f"{view.scores[s]:>5}" for s in seats))
    return lines


def contract(view: Any, ascii: bool) -> str:
    if view.declarer < 0:
        return "to come"
    if view.contract == "nuls":
        return f"seat {view.declarer} plays nuls (no trick)"
    bid = f"seat {view.declarer} bids {view.bid}"
    trump = "trump to choose" if view.trump is None else f"trump {suit(view.trump, ascii)}"
    called = "" if view.called_card is None else f", calls {card(view.called_card, ascii)}"
    return f"{bid}, {trump}{called}"


def record(view: Any) -> list[tuple[int, str]]:
    """The auction's calls, then every card played, in order."""
    out: list[tuple[int, str]] = [(seat, _call(c)) for seat, c in view.calls]
    n = view.rules.num_players
    for leader, trick_cards, _ in view.tricks:
        out += [((leader + i) % n, move_text(PLAYS[c])) for i, c in enumerate(trick_cards)]
    out += [((view.trick_leader + i) % n, move_text(PLAYS[c])) for i, c in enumerate(view.trick)]
    return out


def score_lines(event: Mapping[str, Any]) -> list[str]:
    if event["kind"] == "nuls":
        head = f"seat {event['declarer']} played nuls: {'made' if event['made'] else 'lost'}"
    else:
        head = (
            f"seat {event['declarer']} with seat {event['partner']} bid {event['bid']}, took "
            f"{event['team_points']} card points: {'made' if event['made'] else 'lost'}"
        )
    scores = " · ".join(f"{s}: {p}" for s, p in enumerate(event["hand_scores"]))
    totals = " · ".join(f"{s}: {p}" for s, p in enumerate(event["totals"]))
    return [head, f"hand scores  {scores}", f"match totals  {totals}"]
