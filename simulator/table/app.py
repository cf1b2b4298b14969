"""The terminal interface of `cardsim play`, on Textual: the seat's screen (simulator.table.screen)
and one prompt. The bots, undo and hints run in a worker thread, so the screen stays alive while a
search thinks; what the person types meanwhile is answered with one line and not lost."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Input, Static

from simulator.table import screen
from simulator.table.commands import COMMANDS, Command, InputError, Move, read_input
from simulator.table.hints import Hint, ask_hint
from simulator.table.session import Session, SessionError, TableConfig
from simulator.table.style import colour

#: public moves shown beside the table
RECENT = 9


class TableApp(App[None]):
    """One person at one table."""

    TITLE = "cardsim play"
    CSS = """
    Screen { layout: vertical; }
    #status { height: 1; background: $boost; }
    #seats { height: 1; }
    #middle { height: auto; max-height: 11; }
    #board { width: 1fr; }
    #recent { width: 28; border-left: solid $secondary; padding-left: 1; }
    #hand { height: auto; }
    #moves-box { height: auto; max-height: 8; }
    #message { height: 1fr; color: $warning; }
    #prompt { height: 1; border: none; padding: 0 1; background: $boost; }
    """
    BINDINGS: ClassVar = [
        Binding("ctrl+c", "quit", "quit", priority=True, show=False),
        Binding("up", "recall(-1)", "previous line", show=False),
        Binding("down", "recall(1)", "next line", show=False),
    ]

    def __init__(
        self, config: TableConfig, ascii: bool = False, save_dir: Path | None = None, pace: float = 0.0
    ) -> None:
        super().__init__()
        self.config = config
        self.ascii = ascii
        self.pace = pace  # seconds each move of the others stays on the screen before the next
        self.save_dir = save_dir or Path.cwd()
        self.session = Session(config)
        self.busy = False
        self.typed: list[str] = []  # the lines typed, for up and down
        self.recalled = 0

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        yield Static(id="seats")
        with Horizontal(id="middle"):
            yield Static(id="board")
            yield Static(id="recent")
        yield Static(id="hand")
        with VerticalScroll(id="moves-box"):
            yield Static(id="moves")
        yield Static(id="message")
        yield Input(placeholder="a move's number or text · hint · undo · save · help · quit", id="prompt")

    def on_mount(self) -> None:
        self.query_one("#prompt", Input).focus()
        self._work(self._advance, "")

    # -- what the screen shows --------------------------------------------------------------

    def show(self, message: str = "") -> None:
        self._paint(self._render(message))

    def _render(self, message: str) -> dict[str, str]:
        """The text of every part of the screen (read from the session: only while no worker
        plays, or by the worker itself)."""
        s, a = self.session, self.ascii
        if s.deal_over:
            message = "\n".join(filter(None, [message, *screen.score(s)]))
        return {
            "#status": screen.header(s),
            "#seats": screen.seats(s),
            "#board": "\n".join(screen.board(s, a)),
            "#recent": "\n".join(["[b]Last moves[/b]", *screen.recent(s, a, RECENT)]),
            "#hand": screen.hand(s, a),
            "#moves": screen.moves(s, a),
            "#message": message,
        }

    def _paint(self, parts: dict[str, str]) -> None:
        for selector, text in parts.items():
            self.query_one(selector, Static).update(text)

    @property
    def message(self) -> str:
        """The line under the moves (what the tests read)."""
        return str(self.query_one("#message", Static).content)

    # -- the prompt -------------------------------------------------------------------------

    def action_recall(self, step: int) -> None:
        """Up and down bring back the lines typed before."""
        self.recalled = min(max(self.recalled + step, 0), len(self.typed))
        prompt = self.query_one("#prompt", Input)
        prompt.value = self.typed[self.recalled] if self.recalled < len(self.typed) else ""
        prompt.cursor_position = len(prompt.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.input.value = ""
        if event.value.strip():
            self.typed.append(event.value)
        self.recalled = len(self.typed)
        if self.busy:
            self.query_one("#message", Static).update("the bots are playing: a moment")
            return
        s = self.session
        moves = s.legal_moves() if s.awaiting_person else None
        try:
            entry = read_input(event.value, s.game, moves, s.view().hand)
        except InputError as exc:
            self.show(colour(str(exc), self.ascii))
            return
        if isinstance(entry, Move):
            s.play(entry.move)
            self._work(self._advance, "")
        else:
            self._command(entry)

    def _command(self, command: Command) -> None:
        s = self.session
        name = command.name
        if name == "quit":
            self.exit()
        elif name == "help":
            moves = "a move: its number, its text (9c takes 6h 3d, play qh...), or a card that has one move"
            self.show("\n".join([moves, *(f"[b]{n}[/b]: {what}" for n, what in COMMANDS.items())]))
        elif name == "save":
            self.show(colour(self._save(command.argument), self.ascii))
        elif name == "hint":
            if not s.awaiting_person:
                self.show("a hint is for your turn")
            else:
                self._work(self._hint, "")
        elif name == "undo":
            self._work(self._undo, "")
        elif not s.deal_over:
            self.show(f"{name}: once the deal is over")
        elif name == "next":
            if s.match_over:
                self.show("the match is over: again (seats swapped), save or quit")
            else:
                self._work(self._next, "")
        else:  # again
            config = self.config.swapped()
            if not config.match:
                config = replace(config, deal_index=s.deal_index)
            try:
                session = Session(config)
            except SessionError as exc:  # a strategy that fails as the deal starts: stay at this one
                self.show(colour(str(exc), self.ascii))
                return
            self.config, self.session = config, session
            self._work(self._advance, "the same cards again, everyone one seat on")

    def _save(self, argument: str) -> str:
        s = self.session
        name = f"cardsim-{s.game.name}-seed{self.config.seed}-deal{s.deal_index}"
        path = Path(argument).expanduser() if argument else self.save_dir / f"{name}.jsonl"
        if path.suffix != ".jsonl":
            return "save FILE.jsonl: the log is JSON Lines"
        try:
            saved = s.save(path)
        except OSError as exc:
            return f"cannot save to {path}: {exc.strerror or exc}"
        return f"saved {saved.log} and {saved.person.name}; replay: {saved.command}"

    # -- work off the screen's thread -------------------------------------------------------

    def _work(self, job: Callable[[], str], note: str) -> None:
        self.busy = True
        self.query_one("#moves", Static).update("the others are playing…")
        self.run_worker(lambda: self._run(job, note), thread=True, exclusive=True)

    def _run(self, job: Callable[[], str], note: str) -> None:
        try:
            message = job()
        except SessionError as exc:
            message = colour(str(exc), self.ascii)
        except Exception as exc:  # a strategy's bug must not take the table down
            message = colour(f"{type(exc).__name__}: {exc}", self.ascii)
        self.call_from_thread(self._done, "\n".join(filter(None, [note, message])))

    def _done(self, message: str) -> None:
        self.busy = False
        self.show(message)

    def _advance(self) -> str:
        forced = self.session.advance(self._moved)
        return "\n".join(f"forced: {self.session.move_text(m)} (your only move)" for _, m in forced)

    def _moved(self, seat: int, move: object) -> None:
        """On the worker's thread, after each move of the others: show it, give it time."""
        if self.pace and not self.session.deal_over and not self.session.awaiting_person:
            self.call_from_thread(self._paint, self._render(""))
            time.sleep(self.pace)

    def _undo(self) -> str:
        _, move = self.session.undo()
        return colour(f"took back {self.session.move_text(move)}", self.ascii)

    def _next(self) -> str:
        self.session.next_deal()
        return self._advance()

    def _hint(self) -> str:
        s = self.session
        hint = ask_hint(
            self.config.hint, s.view(), s.legal_moves(), self.config.seed, s.deal_index, len(s.moves)
        )
        return self._hint_text(hint)

    def _hint_text(self, hint: Hint) -> str:
        s, a = self.session, self.ascii
        number = next((k + 1 for k, m in enumerate(s.legal_moves()) if m == hint.move), 0)
        lines = [f"hint ({hint.strategy}): {number}. {colour(s.move_text(hint.move), a)}"]
        if hint.ratings:
            rated = " · ".join(f"{colour(s.move_text(m), a)} {mean:+.2f}" for m, mean in hint.ratings)
            lines.append(f"mean outcome for your side over {hint.samples} samples: {rated}")
        return "\n".join(lines)
