"""Action ids as steps: a move is a short sequence of ids, each id fixed by the move alone.

Why steps: a Sweep or Seep capture is a set of table cards, and a table may hold every number
card (a player who never captures lets it pass 40 cards). With a 10 in hand
almost every subset of the 36 cards below it that splits into groups of 10 is then a legal
capture, billions of them, so no single id per move could fit a mask (and an id from the move
alone would need one per subset of the deck). A move is therefore decided in steps over a small
fixed alphabet:

* a *head* id: the card and the kind of move (and a value where the kind needs one);
  a move without a set of cards (Sweep's trail, Seep's throw and bids, every Sueca move) is
  complete with its head;
* then ``TAKE t`` for each card ``t`` of the move's set in increasing card order, then ``DONE``.

``encode(move)`` gives that sequence from the move alone; every legal move has exactly one, and
at every step the mask is exact: an id is legal iff some legal move's sequence continues with it
(a ``Turn`` decides this from the position). The environments ask only for the steps where there
is a choice: a step that is the only legal id is taken at once (the first step of a turn is
always asked, as a forced move is).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from simulator.cards import card_str

#: a move's head id, or its set of cards (-1 when the kind has none)
HeadOf = Callable[[Any], int]
SetOf = Callable[[Any], int]


class Turn:
    """One decision in progress over a position's legal moves: the ids legal now, then the move.

    ``head`` is the chosen head id (-1 before), ``selected`` the cards taken so far; ``move`` is
    set once the sequence is complete. This generic turn filters the position's move list
    (enumerated once); a game may give a turn that decides the same from the rules instead.
    """

    __slots__ = ("_cands", "_codec", "_heads", "_last", "head", "move", "selected")

    def __init__(self, codec: StepCodec, moves: Sequence[Any]) -> None:
        self._codec = codec
        heads: dict[int, list[Any]] = {}
        head_of = codec.head_of
        for m in moves:
            h = head_of(m)
            group = heads.get(h)
            if group is None:
                heads[h] = [m]
            else:
                group.append(m)
        self._heads = heads
        self._cands: list[tuple[int, Any]] = []
        self._last = 0  # mask of the cards up to the last one taken
        self.head = -1
        self.selected = 0
        self.move: Any = None

    def options(self) -> list[int]:
        """The ids legal now, increasing."""
        if self.head < 0:
            return sorted(self._heads)
        above = ~self._last
        found = set()
        done = self._codec.done
        take = self._codec.take
        for s, _ in self._cands:
            rest = s & above
            found.add(take + (rest & -rest).bit_length() - 1 if rest else done)
        return sorted(found)

    def step(self, action: int) -> None:
        """Take ``action``; ``ValueError`` if it is not legal now."""
        codec = self._codec
        if self.move is not None:
            raise ValueError("the move is already complete")
        if self.head < 0:
            group = self._heads.get(action)
            if group is None:
                raise ValueError(f"action {action} is not legal here ({codec.describe(action)})")
            set_of = codec.set_of
            if set_of(group[0]) < 0:
                self.move = group[0]
            else:
                self.head = action
                self._cands = [(set_of(m), m) for m in group]
            return
        if action == codec.done:
            for s, m in self._cands:
                if s == self.selected:
                    self.move = m
                    return
        elif codec.take <= action < codec.take + 52:
            bit = 1 << (action - codec.take)
            if not bit & self._last:
                low = (bit << 1) - 1
                sel = self.selected | bit
                cands = [c for c in self._cands if c[0] & low == sel]
                if cands:
                    self._cands, self.selected, self._last = cands, sel, low
                    return
        raise ValueError(f"action {action} is not legal here ({codec.describe(action)})")


class FlatTurn:
    """A decision of a game whose every move is one id (Sueca): the ids of the moves, sorted."""

    __slots__ = ("_codec", "_moves", "_opts", "head", "move", "selected")

    def __init__(self, codec: StepCodec, moves: Sequence[Any]) -> None:
        self._codec = codec
        self._moves = moves
        self._opts: list[int] | None = None
        self.head = -1
        self.selected = 0
        self.move: Any = None

    def options(self) -> list[int]:
        if self._opts is None:
            self._opts = sorted(map(self._codec.head_of, self._moves))
        return self._opts

    def step(self, action: int) -> None:
        if self.move is None:
            head_of = self._codec.head_of
            for m in self._moves:
                if head_of(m) == action:
                    self.move = m
                    return
        raise ValueError(f"action {action} is not legal here ({self._codec.describe(action)})")


class StepCodec:
    """The ids of one game: ``size`` ids, heads first, then ``TAKE`` 0..51 at ``take``, ``DONE``.

    ``head_of(move)`` and ``set_of(move)`` read a move; ``head_text(id)`` names a head id.
    """

    def __init__(
        self, heads: int, head_of: HeadOf, set_of: SetOf, head_text: Callable[[int], str], sets: bool = True
    ) -> None:
        self.heads = heads
        self.take = heads if sets else -100
        self.done = heads + 52 if sets else -1
        self.size = heads + 53 if sets else heads
        self.head_of = head_of
        self.set_of = set_of
        self._head_text = head_text

    #: whether ``turn`` reads the move list (else the caller may pass ``()``)
    needs_moves = True

    def turn(self, view: Any, moves: Sequence[Any]) -> Any:  # a subclass may give its own turn
        """A decision over ``moves``, the legal moves of the seat whose ``view`` is given (the
        generic turns read the moves only: ``view`` may be None)."""
        return Turn(self, moves) if self.take >= 0 else FlatTurn(self, moves)

    def encode(self, move: Any) -> tuple[int, ...]:
        """The ids of ``move``'s steps, from the move alone: its head, then TAKE t.., DONE."""
        s = self.set_of(move)
        if s < 0:
            return (self.head_of(move),)
        ids = [self.head_of(move)]
        take = self.take
        while s:
            low = s & -s
            ids.append(take + low.bit_length() - 1)
            s ^= low
        ids.append(self.done)
        return tuple(ids)

    def decode(self, action: int | Sequence[int], state: Any) -> Any:
        """The legal move of ``state`` whose steps are ``action`` (an id, or ids as ``encode``
        gives them); ``ValueError`` if there is none."""
        ids = (action,) if isinstance(action, int) else tuple(action)
        seat = state.current_player()
        if seat < 0:
            raise ValueError("the deal is over: no move is legal")
        turn = self.turn(state.view(seat), state.legal_moves())
        for i in ids:
            turn.step(int(i))
        if turn.move is None:
            raise ValueError(f"the ids {list(ids)} do not complete a move (next: {turn.options()})")
        return turn.move

    def describe(self, action: int) -> str:
        """What an id means, in words."""
        if not 0 <= action < self.size:
            raise ValueError(f"action {action} is outside 0..{self.size - 1}")
        if action < self.heads:
            return self._head_text(action)
        if action == self.done:
            return "done: the cards taken so far are the move's set"
        return f"take {card_str(action - self.take)}"


def complete(turn: Any) -> None:
    """Take every step that is the only legal id, until the move is complete or a choice remains."""
    while turn.move is None:
        options = turn.options()
        if len(options) != 1:
            return
        turn.step(options[0])
