"""What the person types: every mistake is one line (an InputError), never a traceback."""

from __future__ import annotations

import pytest

from simulator.cards import mask_of, parse_card, parse_cards
from simulator.games import get_game
from simulator.games.sueca import PASS_MOVE, PLAYS
from simulator.games.sweep import CAPTURE, TRAIL, SweepMove
from simulator.table.commands import Command, InputError, Move, read_input

SWEEP = get_game("sweep")
HAND = mask_of(parse_cards("9C 6S KD"))
TAKE = SweepMove(CAPTURE, parse_card("9C"), 0, mask_of(parse_cards("6H 3D")))
MOVES = [TAKE, SweepMove(TRAIL, parse_card("9C")), SweepMove(TRAIL, parse_card("6S"))]


@pytest.mark.parametrize(
    "text, move",
    [
        ("1", TAKE),
        (" 3 ", MOVES[2]),
        ("9♣ takes 6♥ 3♦", TAKE),
        ("9c takes 3d 6h", TAKE),
        ("9C  TAKES 6H 3D", TAKE),
        ("trail 9c", MOVES[1]),
        ("6s", MOVES[2]),
    ],
)
def test_moves_by_number_text_or_card(text, move):
    assert read_input(text, SWEEP, MOVES, HAND) == Move(move)


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "type a move's number"),
        ("0", "no move 0: choose 1 to 3"),
        ("4", "no move 4"),
        ("fold", "not a Sweep move"),
        ("9c takes 6h", "not a legal move now; the legal moves with 9♣: 1, 2"),
        ("5d takes 5h", "5♦ is not in your hand"),
        ("kd", "K♦ cannot be played now"),
        ("qh", "Q♥ is not in your hand"),
        ("9c", "9♣ can be played 2 ways (1, 2): type the number"),
        ("hint now", "hint takes nothing after it"),
    ],
)
def test_mistakes_are_one_line(text, message):
    with pytest.raises(InputError, match=message.replace("(", r"\(").replace(")", r"\)")) as caught:
        read_input(text, SWEEP, MOVES, HAND)
    assert "\n" not in str(caught.value)


def test_commands_and_their_aliases():
    assert read_input("HINT", SWEEP, MOVES, HAND) == Command("hint")
    assert read_input("?", SWEEP, None, HAND) == Command("help")
    assert read_input("q", SWEEP, None, HAND) == Command("quit")
    assert read_input("swap", SWEEP, None, HAND) == Command("again")
    assert read_input("save my game.jsonl", SWEEP, None, HAND) == Command("save", "my game.jsonl")


def test_a_move_when_it_is_not_your_turn():
    with pytest.raises(InputError, match="not your turn"):
        read_input("1", SWEEP, None, HAND)


def test_sueca_moves_and_the_small_pack():
    sueca = get_game("sueca")
    moves = [PASS_MOVE, PLAYS[parse_card("AH")]]
    hand = mask_of(parse_cards("AH 2S"))
    assert read_input("pass", sueca, moves, hand) == Move(PASS_MOVE)
    assert read_input("play ah", sueca, moves, hand) == Move(moves[1])
    with pytest.raises(InputError, match="40-card Sueca pack"):
        read_input("play 9h", sueca, moves, hand)
    with pytest.raises(InputError, match="2♠ cannot be played now"):
        read_input("2s", sueca, moves, hand)
