"""Human text for the Sueca replay events (DESIGN §7), with suit symbols."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from simulator.cards import SUIT_SYMBOLS, SUITS, card_pretty, parse_card


def _card(text: str) -> str:
    return card_pretty(parse_card(text))


def _cards(texts: list[str]) -> str:
    return " ".join(_card(t) for t in texts)


def _suit(letter: str) -> str:
    return SUIT_SYMBOLS[SUITS.index(letter)]


def render_event(event: Mapping[str, Any]) -> str | None:
    """One or a few lines for a Sueca event; None for event types this game does not write."""
    kind = event.get("type")
    if kind == "dealt":
        head = f"Redeal by seat {event['dealer']}:" if "dealer" in event else "Dealt:"
        return "\n".join([head] + [f"  seat {s}: {_cards(h)}" for s, h in enumerate(event["hands"])])
    if kind == "call":
        call = event["call"]
        what = "passes" if call == "pass" else "calls nuls" if call == "nuls" else f"bids {call}"
        return f"Seat {event['seat']} {what}"
    if kind == "passed_out":
        return "Everybody passed: the cards are thrown in"
    if kind == "contract":
        if event["kind"] == "nuls":
            return f"Contract: seat {event['declarer']} plays nuls alone, no trump"
        return (
            f"Contract: seat {event['declarer']} bids {event['bid']}, trump {_suit(event['trump'])}, "
            f"calls {_card(event['called_card'])}"
        )
    if kind == "play":
        return f"  seat {event['seat']} plays {_card(event['card'])}"
    if kind == "partner_revealed":
        return f"  seat {event['seat']} is revealed as the partner"
    if kind == "trick":
        return (
            f"Trick {event['number']}: {_cards(event['cards'])} (led by seat {event['leader']}) "
            f"won by seat {event['winner']} for {event['points']} points"
        )
    if kind == "score":
        result = "made" if event["made"] else "failed"
        if event["kind"] == "nuls":
            what = f"Nuls by seat {event['declarer']} {result}"
        else:
            what = (
                f"Bid {event['bid']} by seat {event['declarer']} with seat {event['partner']}: "
                f"{event['team_points']} points, {result}"
            )
        return f"{what}; hand scores {event['hand_scores']}, totals {event['totals']}"
    if kind == "match_end":
        winner = event["winner"]
        who = f"seats {winner} share the win" if isinstance(winner, list) else f"seat {winner} wins"
        return f"Game over after {event['rounds']} hands: {who}; totals {event['totals']}"
    return None
