"""A replay log (docs/replay.md) folded into the visible state after each of its events.

The engine already replayed the moves to write the log; this module only keeps the
running picture a person at the table would see: the hands, the table (Sweep) or
floor (Seep) with its builds and houses, the captured piles, the open trick and the
tricks won (Sueca), the auction, the contract and the scores. Each step is a plain
JSON-ready dict, so the page's script only draws it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from simulator.games import get_game
from simulator.replay import to_text

Event = Mapping[str, Any]


def item_cards(item: Any) -> list[str]:
    """The cards of a table item: a loose card, or a build or house object."""
    return [item] if isinstance(item, str) else list(item["cards"])


def centre_item(item: Any) -> Any:
    """A table item as the page draws it: a card string, or ``{label, cards}``."""
    if isinstance(item, str):
        return item
    if "house" in item:
        kind = "cemented house" if item.get("cemented") else "house"
        owners = ", ".join(str(s) for s in item.get("owners", []))
        return {"label": f"{kind} {item['house']} (seat {owners})", "cards": item["cards"]}
    value = item.get("build", item.get("value"))
    owner = f" (seat {item['owner']})" if "owner" in item else ""
    return {"label": f"build {value}{owner}", "cards": item["cards"]}


@dataclass
class Board:
    """The running picture of the deal (or match) being read."""

    players: int = 0
    sides: list[list[int]] = field(default_factory=list)
    strategies: list[str] = field(default_factory=list)
    dealer: int | None = None
    round: int = 1
    hands: list[list[str]] = field(default_factory=list)
    centre: list[Any] = field(default_factory=list)
    piles: list[list[str]] = field(default_factory=list)
    trick: list[list[Any]] = field(default_factory=list)
    tricks: list[int] = field(default_factory=list)
    trick_points: list[int] = field(default_factory=list)
    auction: list[str] = field(default_factory=list)
    contract: str = ""
    totals: list[int] | None = None
    match: str = ""
    face_down_floor: bool = False  # Seep: the floor stays face down until the bid
    floor_up_at_bid: bool = False

    def side_of(self, seat: int) -> int:
        return next(k for k, seats in enumerate(self.sides) if seat in seats)

    def new_deal(self, event: Event) -> None:
        self.players, self.sides = event["players"], [list(s) for s in event["sides"]]
        self.strategies = list(event["strategies"])
        self.dealer, self.round = event["dealer"], event["round"]
        self.floor_up_at_bid = bool(event.get("rules", {}).get("floor_visible_at_bid"))
        self.hands = [[] for _ in range(self.players)]
        self.centre, self.trick, self.auction, self.contract = [], [], [], ""
        self.piles = [[] for _ in self.sides]
        self.tricks, self.trick_points = [0] * self.players, [0] * self.players
        if self.totals is None:
            self.totals = [0] * len(self.sides)

    def play(self, seat: int, card: str) -> None:
        if card in self.hands[seat]:
            self.hands[seat].remove(card)


def _dealt(board: Board, event: Event) -> dict[str, Any]:
    board.hands = [list(h) for h in event["hands"]]
    if "table" in event or "floor" in event:
        board.centre = [centre_item(i) for i in event.get("table", event.get("floor", []))]
    if "dealer" in event:
        board.dealer = event["dealer"]
    if event["type"] == "dealt":
        board.trick, board.tricks, board.trick_points = [], [0] * board.players, [0] * board.players
        board.face_down_floor = "floor" in event and not board.floor_up_at_bid
    return {}


def _table_move(board: Board, event: Event) -> dict[str, Any]:
    """A Sweep or Seep move: the card leaves the hand; a capture goes to the side's pile."""
    seat, card = event["seat"], event["card"]
    board.play(seat, card)
    taken: list[str] = []
    if event["action"] == "capture":
        taken = [card] + [c for item in event["captured"] for c in item_cards(item)]
        board.piles[board.side_of(seat)].extend(taken)
    board.centre = [centre_item(i) for i in event.get("table", event.get("floor", []))]
    return {"actor": seat, "played": card, "taken": taken}


def _leftover(board: Board, event: Event) -> dict[str, Any]:
    cards = [c for item in event["cards"] for c in item_cards(item)]
    if event.get("side") is not None:
        board.piles[event["side"]].extend(cards)
    board.centre = []
    return {"actor": event.get("seat"), "taken": cards}


def _bid(board: Board, event: Event) -> dict[str, Any]:
    board.face_down_floor = False
    if event["type"] == "bid":
        board.auction.append(f"seat {event['seat']} bids {event['value']}")
        board.contract = f"bid {event['value']} by seat {event['seat']}"
    else:
        call = event["call"]
        board.auction.append(f"seat {event['seat']}: " + (call if isinstance(call, str) else f"{call}"))
    return {"actor": event["seat"]}


def _contract(board: Board, event: Event) -> dict[str, Any]:
    if event["kind"] == "nuls":
        board.contract = f"seat {event['declarer']} plays nuls alone"
    else:
        board.contract = (
            f"seat {event['declarer']} bids {event['bid']}, trump {event['trump']}, "
            f"calls {event['called_card']}"
        )
    return {"actor": event["declarer"]}


def _sueca_play(board: Board, event: Event) -> dict[str, Any]:
    if len(board.trick) >= board.players:  # the last trick stays shown until the next lead
        board.trick = []
    board.play(event["seat"], event["card"])
    board.trick.append([event["seat"], event["card"]])
    return {"actor": event["seat"], "played": event["card"]}


def _trick(board: Board, event: Event) -> dict[str, Any]:
    winner = event["winner"]
    board.tricks[winner] += 1
    board.trick_points[winner] += event["points"]
    board.piles[board.side_of(winner)].extend(event["cards"])
    return {"actor": winner, "taken": list(event["cards"]), "winner": winner}


def _partner(board: Board, event: Event) -> dict[str, Any]:
    board.contract += f"; partner: seat {event['seat']}"
    return {"actor": event["seat"]}


def _score(board: Board, event: Event) -> dict[str, Any]:
    board.totals = list(event["totals"])
    return {}


def _thrown_in(board: Board, event: Event) -> dict[str, Any]:
    board.auction, board.contract = [], ""
    return {"actor": event.get("seat")}


def _baazi(board: Board, event: Event) -> dict[str, Any]:
    board.match = "baazis won per side: " + ", ".join(str(b) for b in event["baazis"])
    return {}


def _match_end(board: Board, event: Event) -> dict[str, Any]:
    winner = event["winner"]
    who = ", ".join(map(str, winner)) if isinstance(winner, list) else str(winner)
    board.match = f"match over after {event['rounds']} rounds: {who} wins; totals {event['totals']}"
    return {}


def _nothing(board: Board, event: Event) -> dict[str, Any]:
    return {"actor": event.get("seat")}


HANDLERS: dict[str, Callable[[Board, Event], dict[str, Any]]] = {
    "dealt": _dealt,
    "redeal": _dealt,
    "dealt_rest": _dealt,
    "centre_redeal": _dealt,
    "move": _table_move,
    "leftover": _leftover,
    "bid": _bid,
    "call": _bid,
    "contract": _contract,
    "play": _sueca_play,
    "trick": _trick,
    "partner_revealed": _partner,
    "score": _score,
    "void_deal": _thrown_in,
    "passed_out": _thrown_in,
    "baazi_end": _baazi,
    "match_end": _match_end,
    "error": _nothing,
}


def _label(event: Event) -> str:
    """A few words for the move list."""
    kind = event["type"]
    seat = event.get("seat")
    if kind == "deal":
        return f"round {event['round']}: deal"
    if kind in ("move", "play"):
        action = event.get("action", "plays")
        return f"seat {seat} {action} {event['card']}" + (" · sweep" if _is_sweep(event) else "")
    if kind == "call":
        return f"seat {seat}: {event['call']}"
    if kind == "bid":
        return f"seat {seat} bids {event['value']}"
    if kind == "trick":
        return f"trick {event['number']} → seat {event['winner']}"
    return kind.replace("_", " ")


def _is_sweep(event: Event) -> bool:
    return bool(event.get("sweep")) or bool(event.get("sweep_points"))


def _caption(game_name: str, event: Event) -> str:
    text = to_text(get_game(game_name), [dict(event)]).strip()
    if event["type"] in ("dealt", "redeal", "dealt_rest", "centre_redeal"):
        return text.splitlines()[0].rstrip(":")
    if event["type"] in ("move", "play"):
        text = re.sub(r"^#\d+ ", "", text.splitlines()[0].split("   |")[0].strip())
        if _is_sweep(event):
            extra = f" ({event['sweep_points']} points)" if event.get("sweep_points") else ""
            text += f": a sweep{extra}!"
    lines = (line.strip().removeprefix("*** ") for line in text.splitlines())
    return " ".join(line for line in lines if line and "===" not in line)


def steps_of(log: Sequence[Event]) -> list[dict[str, Any]]:
    """One visible state per event of the log, in order."""
    board = Board()
    game_name = next((e["game"] for e in log if e["type"] == "deal"), "")
    steps: list[dict[str, Any]] = []
    for event in log:
        kind = event["type"]
        if kind == "deal":
            board.new_deal(event)
            marks: dict[str, Any] = {"actor": board.dealer}
            caption = (
                f"Round {event['round']} of {event['variant']}: seat {board.dealer} deals "
                f"(deal {event['deal_index']}, seed {event['seed']}, rotation {event['rotation']})"
            )
        elif kind in HANDLERS and board.players:
            marks = HANDLERS[kind](board, event)
            caption = _caption(game_name, event)
        else:  # an event type this reader does not know, or one before any deal
            continue
        steps.append(
            {
                "type": kind,
                "label": _label(event),
                "caption": caption,
                "round": board.round,
                "dealer": board.dealer,
                "hands": [list(h) for h in board.hands],
                "centre": list(board.centre),
                "piles": [len(p) for p in board.piles],
                "trick": [list(t) for t in board.trick],
                "tricks": list(board.tricks),
                "trick_points": list(board.trick_points),
                "auction": list(board.auction),
                "contract": board.contract,
                "totals": list(board.totals or []),
                "match": board.match,
                "face_down": board.face_down_floor,
                "actor": marks.get("actor"),
                "played": marks.get("played"),
                "taken": marks.get("taken", []),
            }
        )
    return steps


def seat_view(steps: Iterable[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    """The steps as one seat sees them: the other hands, and a floor not yet turned up, become
    counts of hidden cards."""
    return [
        step
        | {"hands": [h if s == seat else len(h) for s, h in enumerate(step["hands"])]}
        | ({"centre": len(step["centre"])} if step["face_down"] else {})
        for step in steps
    ]


def read_log(text: str) -> list[dict[str, Any]]:
    """The events of a ``cardsim-replay/1`` JSON Lines file."""
    return [json.loads(line) for line in text.splitlines() if line.strip()]
