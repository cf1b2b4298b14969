"""Replay event dicts (docs/design.md §7, Sweep) and their human rendering.

Only called when a log is given, so nothing here runs in the tournament hot loop.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from simulator.cards import card_pretty, card_str, mask_strs, parse_card
from simulator.games.sweep.moves import ACTION_NAMES, BUILD, CAPTURE, SweepMove
from simulator.games.sweep.view import Build


def build_obj(build: Build) -> dict[str, Any]:
    """A build as it stands on the table: {"build": v, "cards": [..], "owner": s}."""
    value, mask, owner = build
    return {"build": value, "cards": mask_strs(mask), "owner": owner}


def table_list(loose: int, builds: Iterable[Build]) -> list[Any]:
    """The table: loose cards (card order) then builds (creation order)."""
    return mask_strs(loose) + [build_obj(b) for b in builds]


def dealt_event(hands: Iterable[int], table: int) -> dict[str, Any]:
    return {"type": "dealt", "hands": [mask_strs(h) for h in hands], "table": mask_strs(table)}


def redeal_event(hands: Iterable[int]) -> dict[str, Any]:
    return {"type": "redeal", "hands": [mask_strs(h) for h in hands]}


def centre_redeal_event(returned: int, added: int, table: int) -> dict[str, Any]:
    return {
        "type": "centre_redeal",
        "returned": mask_strs(returned),
        "added": mask_strs(added),
        "table": mask_strs(table),
    }


def move_event(
    seat: int, move: SweepMove, taken: list[Build], sweep: bool, table: int, builds: Iterable[Build]
) -> dict[str, Any]:
    """A play; ``taken`` are the builds a capture took, ``table``/``builds`` the table after it."""
    action, card, value, mask = move
    builds_taken = 0
    for b in taken:
        builds_taken |= b[1]
    return {
        "type": "move",
        "seat": seat,
        "card": card_str(card),
        "action": ACTION_NAMES[action],
        "captured": mask_strs(mask & ~builds_taken) + [build_obj(b) for b in taken]
        if action == CAPTURE
        else [],
        "build": {"value": value, "cards": mask_strs(mask | 1 << card)} if action == BUILD else None,
        "sweep": sweep,
        "table": table_list(table, builds),
    }


def _pretty(cards: Iterable[str]) -> str:
    return " ".join(card_pretty(parse_card(c)) for c in cards) or "-"


def _pretty_table(items: Iterable[Any]) -> str:
    parts = []
    for item in items:
        if isinstance(item, dict):
            parts.append(f"[{item['build']}: {_pretty(item['cards'])}]")
        else:
            parts.append(card_pretty(parse_card(item)))
    return " ".join(parts) or "(empty)"


def render_event(event: Mapping[str, Any]) -> str | None:
    """Human text for a Sweep event; None for event types this game does not define."""
    kind = event.get("type")
    if kind == "dealt" or kind == "redeal":
        lines = [f"  seat {s}: {_pretty(h)}" for s, h in enumerate(event["hands"])]
        head = "Dealt" if kind == "dealt" else "Redeal from the stock"
        if kind == "dealt":
            lines.append(f"  table: {_pretty_table(event['table'])}")
        return "\n".join([head, *lines])
    if kind == "centre_redeal":
        return (
            f"Three or more face cards in the centre: returned {_pretty(event['returned'])}, "
            f"added {_pretty(event['added'])}; table {_pretty_table(event['table'])}"
        )
    if kind == "move":
        card = card_pretty(parse_card(event["card"]))
        who = f"seat {event['seat']}"
        if event["action"] == "capture":
            text = f"{who} plays {card} and takes {_pretty_table(event['captured'])}"
            if event["sweep"]:
                text += "  SWEEP!"
        elif event["action"] == "build":
            b = event["build"]
            text = f"{who} builds {b['value']} with {_pretty(b['cards'])}"
        else:
            text = f"{who} trails {card}"
        return f"{text}   | table: {_pretty_table(event['table'])}"
    if kind == "leftover":
        if event["seat"] is None:
            return f"Leftover {_pretty(event['cards'])} goes to nobody (no capture this round)"
        return f"Leftover {_pretty(event['cards'])} goes to seat {event['seat']} (side {event['side']})"
    if kind == "score":
        lines = ["Score"]
        for side in event["sides"]:
            p = side["points"]
            lines.append(
                f"  side {side['side']} {side['seats']}: {side['cards']} cards ({p['cards']}), "
                f"{side['spades']} spades ({p['spades']}), A♠ {'yes' if side['ace_of_spades'] else 'no'} "
                f"({p['ace_of_spades']}), {side['sweeps']} sweeps ({p['sweeps']}) = {side['total']}"
            )
        lines.append(f"  totals: {event['totals']}")
        return "\n".join(lines)
    if kind == "match_end":
        rounds, winner, totals = event["rounds"], event["winner"], event["totals"]
        return f"Match over after {rounds} rounds: side {winner} wins, totals {totals}"
    return None
