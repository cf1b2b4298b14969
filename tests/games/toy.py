"""A toy game that only the registry test registers: two seats hold a few cards each of a small
deck, play them in turn, and the higher sum of the cards played wins the deal; the first side to
win two deals wins the match. Just enough engine for every layer that finds games by name."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from simulator.games.base import GameSpec, RulesBase, RulesError
from simulator.games.match import MatchBase
from strategies.base import Strategy


@dataclasses.dataclass(frozen=True)
class ToyRules(RulesBase):
    num_players: int = 2
    cards: int = 3  # cards per hand

    @classmethod
    def game_name(cls) -> str:
        return "toy"


VARIANTS: dict[str, dict[str, Any]] = {"standard": {}, "short": {"cards": 2}}
VARIANT_DOCS = {"standard": "three cards each", "short": "two cards each"}


def make_rules(options: Mapping[str, Any]) -> ToyRules:
    known = {f.name for f in dataclasses.fields(ToyRules)}
    for key, value in options.items():
        if key not in known:
            raise RulesError(key, "unknown option")
        if not isinstance(value, int):
            raise RulesError(key, "must be an integer")
    rules = ToyRules(**options)
    if rules.num_players != 2:
        raise RulesError("num_players", "the toy game is played by 2")
    return rules


@dataclasses.dataclass(frozen=True)
class ToyView:
    game: str
    seat: int
    rules: ToyRules
    current_player: int
    hand: tuple[int, ...]
    played: tuple[tuple[int, int], ...]
    scores: tuple[int, ...]


@dataclasses.dataclass(frozen=True)
class ToyPosition:
    rules: ToyRules
    seed: int
    dealer: int
    turn: int
    hands: tuple[tuple[int, ...], ...]
    played: tuple[tuple[int, int], ...]
    scores: tuple[int, ...]


class ToyState:
    """One toy deal (the ``DealState`` of simulator.games.base)."""

    def __init__(
        self, rules: ToyRules, seed: int, dealer: int | None = None, log: list[dict] | None = None
    ) -> None:
        rng = random.Random(seed)
        deck = list(range(2 * rules.cards))
        rng.shuffle(deck)
        self.rules = rules
        self.seed = seed
        self.log = log
        self.dealer = rng.randrange(2) if dealer is None else dealer
        self.scores: tuple[int, ...] = (0, 0)
        self.hands = [sorted(deck[: rules.cards]), sorted(deck[rules.cards :])]
        self.played: list[tuple[int, int]] = []
        self.turn = 1 - self.dealer
        if log is not None:
            log.append({"type": "dealt", "hands": [list(h) for h in self.hands]})

    @classmethod
    def from_position(cls, pos: ToyPosition, log: list[dict] | None = None) -> ToyState:
        state = cls(pos.rules, pos.seed, pos.dealer, log)
        state.turn = pos.turn
        state.hands = [list(h) for h in pos.hands]
        state.played = list(pos.played)
        state.scores = pos.scores
        return state

    def position(self) -> ToyPosition:
        hands = tuple(tuple(h) for h in self.hands)
        played = tuple(self.played)
        return ToyPosition(self.rules, self.seed, self.dealer, self.turn, hands, played, self.scores)

    def clone(self) -> ToyState:
        return ToyState.from_position(self.position())

    def current_player(self) -> int:
        return self.turn

    def is_over(self) -> bool:
        return self.turn < 0

    def legal_moves(self) -> Sequence[int]:
        return list(self.hands[self.turn]) if self.turn >= 0 else []

    def apply(self, move: int) -> None:
        seat = self.turn
        self.hands[seat].remove(move)
        self.played.append((seat, move))
        if self.log is not None:
            self.log.append({"type": "move", "seat": seat, "card": move})
        self.turn = 1 - seat if any(self.hands) else -1

    def view(self, seat: int) -> ToyView:
        hand = tuple(self.hands[seat])
        return ToyView("toy", seat, self.rules, self.turn, hand, tuple(self.played), self.scores)

    def side_points(self) -> list[int]:
        sums = [sum(card for s, card in self.played if s == seat) for seat in range(2)]
        return [int(sums[k] > sums[1 - k]) for k in range(2)]

    def side_rows(self) -> list[dict[str, Any]]:
        return [{"won": bool(p)} for p in self.side_points()]

    def score_event(self, totals: Sequence[int]) -> dict[str, Any]:
        return {"type": "score", "points": self.side_points(), "totals": list(totals)}

    def move_text(self, move: int) -> str:
        return move_text(move)


class ToyMatch(MatchBase[ToyState]):
    """Deals until a side has won two."""

    def new_state(self, seed: int, dealer: int | None) -> ToyState:
        return ToyState(self.rules, seed, dealer, self.log)  # type: ignore[arg-type]

    def conclude_deal(self, state: ToyState, points: list[int]) -> list[int]:
        self.next_dealer = 1 - state.dealer
        return [k for k, total in enumerate(self.totals) if total >= 2]


def move_text(move: int) -> str:
    return f"card {move}"


def parse_move(text: str) -> int:
    word, _, number = text.partition(" ")
    if word != "card" or not number.isdigit():
        raise ValueError(f"not a toy move: {text!r}")
    return int(number)


def determinize(view: ToyView, rng: random.Random) -> ToyState:
    """The other hand is what remains of the deck."""
    hands = [list(view.hand), list(view.hand)]
    seen = set(view.hand) | {card for _, card in view.played}
    hands[1 - view.seat] = sorted(set(range(2 * view.rules.cards)) - seen)
    held = tuple(tuple(h) for h in hands)
    return ToyState.from_position(
        ToyPosition(view.rules, 0, 0, view.current_player, held, view.played, view.scores)
    )


def render_event(event: Mapping[str, Any]) -> str | None:
    if event["type"] == "move":
        return f"seat {event['seat']} plays {event['card']}"
    return None


GAME = GameSpec(
    name="toy",
    title="Toy",
    allowed_players=(2,),
    default_players=2,
    variants=VARIANTS,
    variant_docs=VARIANT_DOCS,
    side_columns={"won": "bool"},
    match_columns={"match_won": "bool", "match_rounds": "int", "match_points": "int"},
    state=ToyState,
    match=ToyMatch,
    make_rules=make_rules,
    determinize=determinize,
    render_event=render_event,
    move_text=move_text,
    parse_move=parse_move,
)


class LowestCard(Strategy):
    """Plays its lowest card."""

    games: ClassVar[tuple[str, ...]] = ("toy",)
    summary: ClassVar[str] = "Its lowest card."

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        return min(moves)


class HighestCard(LowestCard):
    """Plays its highest card."""

    summary: ClassVar[str] = "Its highest card."

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        return max(moves)
