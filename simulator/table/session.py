"""One table: a deal (or a match) in which a person holds some seats and strategies the others.

The model knows no interface: :meth:`Session.advance` plays the bots' and the forced moves until
a seat of the person must choose or the deal ends, :meth:`Session.play` makes the person's move,
and the interface shows :meth:`Session.view` (what that seat may know) and asks again. It plays
exactly as ``cardsim replay`` does (the same deal seed, the same private RNG per seat, forced
moves not asked, ``on_deal_end`` told), so the log it keeps is the log that `cardsim replay`
writes with the person's moves as a strategy (:mod:`simulator.table.script`).

Undo replays the deal from its seed, the person's moves but the last one given again: the bots,
fed the same positions and RNG streams, choose again what they chose.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from simulator.errors import StrategyFault
from simulator.games.base import DealState, Game, Match
from simulator.play import reset_agents
from simulator.plugins import StrategySpec
from simulator.replay import deal_event, replay_command, to_jsonl
from simulator.seeding import deal_seed
from simulator.strategy import DealResult, Strategy
from simulator.table.script import PERSON, write_person_file
from simulator.variants import Variant
from simulator.watchdog import DEFAULT_MOVE_TIMEOUT


class SessionError(Exception):
    """Something the person asked that cannot be done now (one line for the screen)."""


@dataclass(frozen=True)
class TableConfig:
    """Who sits where, under which rules, on which cards."""

    game: Game
    variant: Variant
    seed: int  # the root seed
    deal_index: int  # the deal (the match with ``match``) the table starts with
    person: tuple[int, ...]  # the seats the person plays
    opponents: tuple[StrategySpec | None, ...]  # per seat; None at the person's seats
    refs: tuple[str, ...]  # per seat, how the strategy was named (a name or a YAML file); "" for the person
    match: bool
    hint: StrategySpec  # the strategy asked for hints

    @property
    def names(self) -> list[str]:
        """The strategy name of every seat, as the log's ``deal`` event writes them."""
        return [PERSON if spec is None else spec.name for spec in self.opponents]

    def swapped(self) -> TableConfig:
        """The same table with everyone moved one seat on: the person gets the next seat's cards."""
        n = len(self.opponents)
        opponents = tuple(self.opponents[(s - 1) % n] for s in range(n))
        refs = tuple(self.refs[(s - 1) % n] for s in range(n))
        person = tuple(sorted((s + 1) % n for s in self.person))
        return replace(self, person=person, opponents=opponents, refs=refs)


@dataclass(frozen=True)
class SavedGame:
    log: Path
    person: Path
    command: str  # the `cardsim replay` command that writes the same log


class _PersonSeat(Strategy):
    """Stands at a person's seat so that every seat is reset as the runner resets it."""


class Session:
    """A deal or a match at one table, the person's seats waiting for :meth:`play`."""

    def __init__(self, config: TableConfig) -> None:
        self.config = config
        self.game = config.game
        self.rules = config.variant.rules
        #: the deal index of the log: the deal's, or in a match the match's
        self.deal_index = config.deal_index
        self.agents: list[Strategy] = [self._built(seat, spec) for seat, spec in enumerate(config.opponents)]
        self.log: list[dict[str, Any]] = []
        self.match: Match | None = None
        if config.match:
            seed, index = config.seed, self.deal_index
            self.match = self.game.new_match(self.rules, lambda k: deal_seed(seed, index, k), self.log)
        #: the person's moves of the deals before this one, per seat (a match's earlier rounds)
        self.earlier: dict[int, list[str]] = {s: [] for s in config.person}
        #: the person's moves of this deal: (seat, move)
        self.moves: list[tuple[int, Any]] = []
        self._mark = 0  # where this deal's events begin in the log
        self._match_at_start: Match | None = None  # the match as it stood before this deal
        self.state: DealState
        self.round = 1
        self._scored = False
        self._begin_deal()

    # -- what the interface reads -----------------------------------------------------------

    @property
    def turn(self) -> int:
        """The seat to play, -1 once the deal is over."""
        return self.state.current_player()

    @property
    def awaiting_person(self) -> bool:
        return self.turn in self.config.person

    @property
    def deal_over(self) -> bool:
        return self.turn < 0

    @property
    def match_over(self) -> bool:
        return self.match is not None and self.match.over

    @property
    def seat(self) -> int:
        """The person's seat shown: the one to play, else the first."""
        return self.turn if self.awaiting_person else self.config.person[0]

    def view(self) -> Any:
        return self.state.view(self.seat)

    def legal_moves(self) -> Sequence[Any]:
        if not self.awaiting_person:
            raise SessionError("it is not your turn")
        return self.state.legal_moves()

    def move_text(self, move: Any) -> str:
        return self.game.move_text(move)

    def score_event(self) -> dict[str, Any]:
        """The deal's ``score`` event (once the deal is over)."""
        return next(e for e in reversed(self.log) if e["type"] == "score")

    def match_end_event(self) -> dict[str, Any] | None:
        return next((e for e in reversed(self.log) if e["type"] == "match_end"), None)

    # -- playing ----------------------------------------------------------------------------

    def advance(self, on_move: Callable[[int, Any], None] | None = None) -> list[tuple[int, Any]]:
        """Play the bots and every forced move until the person must choose or the deal ends;
        the forced moves made at the person's seats, as (seat, move). ``on_move(seat, move)`` is
        called after each of these moves (an interface shows them one by one)."""
        return self._run([], on_move)

    def play(self, move: Any) -> None:
        """The person's move at the seat to play (one of :meth:`legal_moves`)."""
        moves = self.legal_moves()
        if move not in moves:
            raise SessionError(f"{self.move_text(move)} is not a legal move now")
        seat = self.turn
        self.state.apply(move)
        self.moves.append((seat, move))

    def undo(self) -> tuple[int, Any]:
        """Take back the person's last move of this deal by playing the deal again from its seed;
        the move taken back, as (seat, move)."""
        if not self.moves:
            raise SessionError("nothing to undo: you have not moved yet in this deal")
        *keep, last = self.moves
        self._begin_deal(restart=True)
        self._run(keep)
        if len(self.moves) != len(keep):
            raise SessionError("the bots played differently this time (a time budget?): play on from here")
        return last

    def next_deal(self) -> None:
        """The next deal of the match, or without a match the next deal index."""
        if not self.deal_over:
            raise SessionError("the deal is not over yet")
        if self.match is not None:
            if self.match.over:
                raise SessionError("the match is over")
        else:
            self.deal_index += 1
            self.log = []
            self.moves = []
            self.earlier = {s: [] for s in self.config.person}
            self._begin_deal()
            return
        for seat, move in self.moves:
            self.earlier[seat].append(self.move_text(move))
        self.moves = []
        self._begin_deal()

    def save(self, path: Path) -> SavedGame:
        """Write the log so far (``cardsim-replay/1``) and, beside it, the person's moves as a
        strategy file; the `cardsim replay` command that writes the same log again."""
        person = path.with_name(path.stem + ".person.yaml")
        moves = {s: list(texts) for s, texts in self.earlier.items()}
        for seat, move in self.moves:
            moves[seat].append(self.move_text(move))
        path.write_text(to_jsonl(self.log), encoding="utf-8")
        write_person_file(person, self.game.name, moves)
        v = self.config.variant
        refs = [str(person) if s in self.config.person else ref for s, ref in enumerate(self.config.refs)]
        command = replay_command(
            self.game.name,
            v.base,
            v.overrides,
            self.rules.num_players,
            self.config.seed,
            self.deal_index,
            0,
            refs,
            self.match is not None,
            DEFAULT_MOVE_TIMEOUT,
        )
        return SavedGame(path, person, command + " --format jsonl")

    # -- the loop ---------------------------------------------------------------------------

    def _begin_deal(self, restart: bool = False) -> None:
        """Deal (again, with ``restart``) and reset every seat as the runner does."""
        if restart:
            del self.log[self._mark :]
            if self.match is not None:
                self.match = _copy_match(self._match_at_start, self.log)
            self.moves = []
        self._mark = len(self.log)
        if self.match is not None:
            self._match_at_start = _copy_match(self.match, self.log)
            self.state = self.match.next_deal()
            self.round = self.match.rounds + 1
        else:
            seed = deal_seed(self.config.seed, self.deal_index)
            self.state = self.game.new_deal(self.rules, seed, log=self.log)
            self.round = 1
        index = self.deal_index
        event = deal_event(
            self.game,
            self.config.variant,
            self.config.seed,
            index,
            self.round,
            self.state.dealer,
            self.config.names,
            0,
            self.state.seed,
        )
        self.log.insert(self._mark, event)
        try:
            reset_agents(self.agents, self.rules, self.config.seed, index, 0, self.round)
        except StrategyFault as fault:
            name = self.config.names[fault.seat]
            raise SessionError(f"seat {fault.seat} ({name}) {fault.detail}") from fault
        self._scored = False

    def _built(self, seat: int, spec: StrategySpec | None) -> Strategy:
        """The strategy at ``seat`` (the person's seats: a placeholder); a constructor that raises
        is reported as its seat's fault, as a move that raises is."""
        if spec is None:
            return _PersonSeat()
        try:
            return spec.build()
        except Exception as exc:
            name = self.config.names[seat]
            raise SessionError(f"seat {seat} ({name}) raised {type(exc).__name__} when built: {exc}") from exc

    def _run(
        self, script: Sequence[tuple[int, Any]], on_move: Callable[[int, Any], None] | None = None
    ) -> list[tuple[int, Any]]:
        """Play on, the person's decisions taken from ``script`` while it lasts."""
        state, person = self.state, self.config.person
        given = list(script)
        forced: list[tuple[int, Any]] = []
        while (seat := state.current_player()) >= 0:
            moves = state.legal_moves()
            if len(moves) == 1:
                if seat in person:
                    forced.append((seat, moves[0]))
                state.apply(moves[0])
                if on_move is not None:
                    on_move(seat, moves[0])
            elif seat in person:
                if not given or given[0][0] != seat or given[0][1] not in moves:
                    return forced
                self.moves.append(given.pop(0))
                state.apply(self.moves[-1][1])
            else:
                move = self._bot_move(seat, moves)
                state.apply(move)
                if on_move is not None:
                    on_move(seat, move)
        self._finish_deal()
        return forced

    def _bot_move(self, seat: int, moves: Sequence[Any]) -> Any:
        agent, name = self.agents[seat], self.config.names[seat]
        try:
            move = agent.choose(self.state.view(seat) if agent.wants_view else None, moves)
        except Exception as exc:
            raise SessionError(f"seat {seat} ({name}) raised {type(exc).__name__}: {exc}") from exc
        if move not in moves and move not in self.state.legal_moves():  # a list the bot changed
            raise SessionError(f"seat {seat} ({name}) returned an illegal move: {move!r}")
        return move

    def _finish_deal(self) -> None:
        if self._scored:
            return
        self._scored = True
        points = tuple(self.state.side_points())
        side_of = self.rules.side_of_seat
        for seat, agent in enumerate(self.agents):
            if not isinstance(agent, _PersonSeat):
                agent.on_deal_end(DealResult(points, side_of[seat]))
        if self.match is not None:
            self.match.finish_deal(self.state)
        else:
            self.log.append(self.state.score_event(list(points)))


def _copy_match(match: Any, log: list[dict[str, Any]]) -> Any:
    """An independent copy of ``match`` that logs into ``log`` (the log itself is not copied)."""
    twin = copy.deepcopy(match, {id(match.log): log})
    twin.log = log
    return twin
