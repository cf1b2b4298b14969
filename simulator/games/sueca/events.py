"""The Sueca replay events (docs/design.md §7): their builders, and their human text with suit symbols."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from simulator.cards import SUIT_SYMBOLS, SUITS, Card, CardMask, card_pretty, card_str, parse_card
from simulator.games.sueca.cards import hand_strs


def dealt_event(hands: Sequence[CardMask], redeal_dealer: int | None) -> dict[str, Any]:
    """The cards of a (re)deal; ``redeal_dealer`` is set when a pass-out moved the deal on."""
    event: dict[str, Any] = {"type": "dealt", "hands": [hand_strs(m) for m in hands]}
    if redeal_dealer is not None:
        event["dealer"] = redeal_dealer
    return event


def call_event(seat: int, call: str | int) -> dict[str, Any]:
    return {"type": "call", "seat": seat, "call": call}


def contract_event(
    declarer: int, kind: str | None, bid: int | None, trump: int, called: Card
) -> dict[str, Any]:
    """The contract once declared; trump and called card are -1 for nuls (written as null)."""
    return {
        "type": "contract",
        "declarer": declarer,
        "kind": kind,
        "bid": bid,
        "trump": SUITS[trump] if trump >= 0 else None,
        "called_card": card_str(called) if called >= 0 else None,
    }


def play_event(seat: int, card: Card) -> dict[str, Any]:
    return {"type": "play", "seat": seat, "card": card_str(card)}


def trick_event(number: int, leader: int, cards: Sequence[Card], winner: int, points: int) -> dict[str, Any]:
    return {
        "type": "trick",
        "number": number,
        "leader": leader,
        "cards": [card_str(c) for c in cards],
        "winner": winner,
        "points": points,
    }


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


def score_event(
    declarer: int,
    partner: int | None,
    kind: str | None,
    bid: int | None,
    team_points: int,
    made: bool | None,
    hand_scores: Sequence[int],
    totals: Sequence[int],
) -> dict[str, Any]:
    """The hand's result; ``partner`` and ``bid`` are None for nuls."""
    return {
        "type": "score",
        "declarer": declarer,
        "partner": partner,
        "kind": kind,
        "bid": bid,
        "team_points": team_points,
        "made": made,
        "hand_scores": list(hand_scores),
        "totals": list(totals),
    }
