"""The text of one seat's screen, game by game the same shape: who sits where, the table
(``simulator.table.<game>.board``), the seat's hand, the legal moves numbered, the last public
moves, and at the end the score by category. Everything comes from the seat's view, never from
the state's hidden parts."""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType
from typing import Any

from simulator.cards import cards_of
from simulator.games import game_part
from simulator.table.session import Session
from simulator.table.style import cards, colour

#: legal moves listed (a Sweep table can allow billions; any other is typed)
LISTED = 99
#: characters of a strategy's name on the seats line (five seats fit 80 columns)
NAME = 10
#: columns the numbered moves are laid out in
WIDTH = 78


def part(session: Session) -> ModuleType:
    return game_part(session.game.name, "simulator.table")


def header(session: Session) -> str:
    c = session.config
    v = session.view()
    deal = (
        f"match {session.config.deal_index} round {session.round}"
        if c.match
        else f"deal {session.deal_index}"
    )
    return (
        f"[b]{session.game.title}[/b] · {c.variant.name} · seed {c.seed} · {deal} · "
        f"you: seat {' '.join(map(str, c.person))} · dealer {v.dealer}"
    )


def seats(session: Session) -> str:
    """Who sits where, with the cards each holds; ▶ marks the seat to play."""
    v, names, turn = session.view(), session.config.names, session.turn
    parts = []
    for s, name in enumerate(names):
        who = "you" if s in session.config.person else name[:NAME]
        mark = " ▶" if s == turn else "  "
        parts.append(f"{mark}{s} {who} {v.hand_sizes[s]}")
    return "Seats" + "".join(parts)


def board(session: Session, ascii: bool) -> list[str]:
    return part(session).board(session.view(), session.config.person, ascii)


def hand(session: Session, ascii: bool) -> str:
    v = session.view()
    return f"[b]Your hand[/b] (seat {v.seat})  {cards(cards_of(v.hand), ascii)}"


def moves(session: Session, ascii: bool) -> str:
    """The numbered legal moves when the person is to play, else whose turn it is."""
    if session.deal_over:
        return "Deal over: [b]next[/b] deal, [b]again[/b] with seats swapped, [b]save[/b], [b]quit[/b]"
    if not session.awaiting_person:
        return f"Seat {session.turn} ({session.config.names[session.turn]}) is thinking…"
    legal = session.legal_moves()
    items = [f"{k + 1:>2}. {session.move_text(m)}" for k, m in enumerate(legal[:LISTED])]
    width = max(len(item) for item in items) + 3
    per_line = max(1, WIDTH // width)
    lines = [
        "".join(colour(item.ljust(width), ascii) for item in items[i : i + per_line]).rstrip()
        for i in range(0, len(items), per_line)
    ]
    if len(legal) > len(items):
        lines.append(f"… and {len(legal) - len(items)} more: type the move")
    return "\n".join(lines)


def recent(session: Session, ascii: bool, count: int) -> list[str]:
    """The last ``count`` public moves, the newest last."""
    person = session.config.person
    lines = []
    for seat, text in part(session).record(session.view())[-count:]:
        who = "you" if seat in person else str(seat)
        lines.append(f"{who}: {colour(text, ascii)}")
    return lines


def score(session: Session) -> list[str]:
    """The deal's score by category (and the match's end), once the deal is over."""
    lines = ["[b]Score[/b]", *(escape_lines(part(session).score_lines(session.score_event())))]
    end = session.match_end_event()
    if end is not None:
        winner = end["winner"]
        who = ", ".join(map(str, winner)) if isinstance(winner, list) else str(winner)
        lines.append(f"[b]Match over[/b] after {end['rounds']} deals: side {who} wins")
    return lines


def escape_lines(lines: Sequence[Any]) -> list[str]:
    return [colour(str(line)) for line in lines]
