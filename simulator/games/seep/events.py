"""Seep replay events: builders of the parts the state logs, and their human text (``render_event``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from simulator.cards import CardMask, card_pretty, mask_strs, parse_card


def hands_event(kind: str, hands: Sequence[CardMask], floor: CardMask | None = None) -> dict[str, Any]:
    """A ``dealt`` (with the face-down floor), ``dealt_rest`` or ``redeal`` event."""
    event: dict[str, Any] = {"type": kind, "hands": [mask_strs(h) for h in hands]}
    if floor is not None:
        event["floor"] = mask_strs(floor)
    return event


def house_obj(
    value: int, cards: CardMask, owners: int, total: int, n: int, key: str = "house"
) -> dict[str, Any]:
    """A house in an event: value, cards, owner seats (from the ``owners`` bit mask), cemented flag."""
    return {
        key: value,
        "cards": mask_strs(cards),
        "owners": [s for s in range(n) if owners >> s & 1],
        "cemented": total >= 2 * value,
    }


# ---------------------------------------------------------------------- text


def _c(text: str) -> str:
    return card_pretty(parse_card(text))


def _cards(cards: list[str]) -> str:
    return " ".join(_c(c) for c in cards) if cards else "-"


def _house(h: Mapping[str, Any]) -> str:
    value = h.get("house", h.get("value"))
    kind = "cemented " if h.get("cemented") else ""
    owners = ",".join(str(s) for s in h.get("owners", []))
    return f"[{kind}house {value}: {_cards(h['cards'])} (owner {owners})]"


def _floor(items: list[Any]) -> str:
    parts = [_c(x) if isinstance(x, str) else _house(x) for x in items]
    return " ".join(parts) if parts else "(empty)"


def render_event(event: Mapping[str, Any]) -> str | None:
    """Text for one Seep event, or None for an event type this game does not define."""
    t = event.get("type")
    if t in ("dealt", "dealt_rest", "redeal"):
        title = {"dealt": "First packet", "dealt_rest": "Rest of the deal", "redeal": "Second deal"}[t]
        lines = [f"{title}:"] + [f"  seat {s}: {_cards(h)}" for s, h in enumerate(event["hands"])]
        if "floor" in event:
            lines.append(f"  floor (face down until the bid): {_cards(event['floor'])}")
        return "\n".join(lines)
    if t == "void_deal":
        return f"Void deal: seat {event['seat']} holds no 9-K; the same dealer deals again."
    if t == "bid":
        return f"Seat {event['seat']} bids {event['value']}."
    if t == "move":
        head = f"#{event['play']} seat {event['seat']} {event['action']}s {_c(event['card'])}"
        if event["action"] == "capture":
            head += " taking " + _floor(event["captured"])
        elif event.get("house"):
            head += " -> " + _house(event["house"])
            if event.get("from_floor"):
                head += " with " + _cards(event["from_floor"])
        if event.get("sweep_points") or (event["action"] == "capture" and not event["floor"]):
            head += f"  SEEP! +{event['sweep_points']}"
        return head + f"\n    floor: {_floor(event['floor'])}"
    if t == "leftover":
        if event.get("seat") is None:
            return f"Leftover for nobody: {_cards(event['cards'])}"
        return f"Leftover to seat {event['seat']} (side {event['side']}): {_cards(event['cards'])}"
    if t == "score":
        parts = [
            f"side {s['side']} {s['seats']}: {s['card_points']} card"
            f" + {s['sweep_points']} sweep = {s['total']}"
            for s in event["sides"]
        ]
        return "Score: " + "; ".join(parts) + f"  (baazi totals {event['totals']})"
    if t == "baazi_end":
        return f"Baazi won by side {event['winner']} ({event['reason']}); baazis {event['baazis']}"
    if t == "match_end":
        return f"Match won by side {event['winner']}; baazis {event['totals']} after {event['rounds']} deals"
    return None
