"""The screen shows what the seat may know: no card of another player's hand, nor Seep's face-down
floor, ever appears in it, at any point of a deal; and its fixed lines fit 80 columns (the table's
lines wrap in their panel)."""

from __future__ import annotations

import re

import pytest

from simulator.cards import cards_of, parse_card
from simulator.table import screen
from simulator.table.session import Session
from tests.table.helpers import make_config

CARD = re.compile(r"(?<![\w♠♥♦♣])(?:10|[2-9AJQK])[♠♥♦♣]")
MARKUP = re.compile(r"\[/?[a-z ]*\]")


def _shown(session: Session) -> str:
    parts = [screen.header(session), screen.seats(session), *screen.board(session, False)]
    parts += [screen.hand(session, False), screen.moves(session, False), *screen.recent(session, False, 50)]
    return MARKUP.sub("", "\n".join(parts))


def _hidden(session: Session) -> set[int]:
    """Cards in the other seats' hands now (and Seep's floor while face down)."""
    seat = session.seat
    state = session.state.position()
    hidden = set()
    for s, hand in enumerate(state.hands):
        if s != seat:
            hidden |= set(cards_of(hand))
    stock = getattr(state, "stock", 0)
    hidden |= set(cards_of(stock)) if isinstance(stock, int) else set(stock)
    view = session.view()
    if view.game == "seep" and not view.floor_visible:
        hidden |= set(cards_of(state.loose))
    return hidden


@pytest.mark.parametrize("game", ["sweep", "seep", "sueca"])
def test_no_hidden_card_is_ever_shown(game):
    session = Session(make_config(game, opponents="random", seed=3))
    checked = 0
    session.advance()
    while not session.deal_over:
        text = _shown(session)
        shown = {parse_card(t) for t in CARD.findall(text)}
        assert not shown & _hidden(session), text
        fixed = [screen.header(session), screen.seats(session), screen.moves(session, False)]
        assert [line for line in MARKUP.sub("", "\n".join(fixed)).splitlines() if len(line) > 80] == []
        session.play(session.legal_moves()[0])
        session.advance()
        checked += 1
    assert checked > 3


def test_five_seats_of_long_names_fit_one_line():
    session = Session(make_config("sueca", opponents="montecarlo"))
    assert len(MARKUP.sub("", screen.seats(session))) <= 80
