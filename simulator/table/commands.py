"""What the person types at the prompt: a move (its number in the list, its text, or just a card
that has one legal move), or a command. Anything else is an :class:`InputError` whose message is
the one line shown before the prompt comes back."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any

from simulator.cards import card_pretty, parse_card
from simulator.games.base import Game

#: the commands, with what they do (the help line)
COMMANDS = {
    "hint": "what the hint strategy would play, and its ratings",
    "undo": "take back your last move",
    "save": "save the game (save FILE.jsonl)",
    "next": "the next deal, once this one is over",
    "again": "the same deal again, seats swapped, once this one is over",
    "help": "this list",
    "quit": "leave",
}
ALIASES = {"?": "help", "h": "help", "q": "quit", "exit": "quit", "swap": "again", "n": "next"}


#: how many legal moves are searched for those of one card (a Sweep table can allow billions)
SCAN = 2000


class InputError(ValueError):
    """Input that is not a legal move or a command now."""


@dataclass(frozen=True)
class Command:
    name: str  # one of COMMANDS
    argument: str = ""


@dataclass(frozen=True)
class Move:
    move: Any


def read_input(text: str, game: Game, moves: Sequence[Any] | None, hand: int) -> Command | Move:
    """``moves`` are the legal moves (None when it is not the person's turn), ``hand`` the mask
    of the cards in the person's hand."""
    line = " ".join(text.split())
    if not line:
        raise InputError("type a move's number, a move, or help")
    word, _, argument = line.partition(" ")
    name = ALIASES.get(word.lower(), word.lower())
    if name in COMMANDS:
        if argument and name != "save":
            raise InputError(f"{name} takes nothing after it")
        return Command(name, argument)
    if moves is None:
        raise InputError("it is not your turn: type next, again, save, help or quit")
    if line.isdigit():
        k = int(line)
        if not 1 <= k <= len(moves):
            raise InputError(f"there is no move {k}: choose 1 to {len(moves)}")
        return Move(moves[k - 1])
    return Move(_typed_move(line.lower(), game, moves, hand))


def _typed_move(line: str, game: Game, moves: Sequence[Any], hand: int) -> Any:
    card = _card(line)
    if card is not None:
        return _move_of_card(card, moves, hand)
    try:
        move = game.parse_move(line)
    except ValueError as exc:
        raise InputError(f"{exc}; or type a move's number, or help") from None
    played = getattr(move, "card", -1)
    if played >= 0 and not (hand >> played) & 1:
        raise InputError(f"{card_pretty(played)} is not in your hand")
    if move not in moves:
        same = [str(k + 1) for k, m in enumerate(islice(moves, SCAN)) if getattr(m, "card", -2) == played]
        legal = f"; the legal moves with {card_pretty(played)}: {', '.join(same)}" if same else ""
        raise InputError(f"{game.move_text(move)} is not a legal move now{legal}")
    return move


def _card(line: str) -> int | None:
    try:
        return parse_card(line)
    except ValueError:
        return None


def _move_of_card(card: int, moves: Sequence[Any], hand: int) -> Any:
    """A card alone names its move when it has just one."""
    if not (hand >> card) & 1:
        raise InputError(f"{card_pretty(card)} is not in your hand")
    numbers = [k for k, m in enumerate(islice(moves, SCAN)) if getattr(m, "card", -1) == card]
    if not numbers:
        raise InputError(f"{card_pretty(card)} cannot be played now")
    if len(numbers) > 1:
        listed = ", ".join(str(k + 1) for k in numbers)
        raise InputError(f"{card_pretty(card)} can be played {len(numbers)} ways ({listed}): type the number")
    return moves[numbers[0]]
