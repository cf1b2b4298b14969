"""The step masks of a move being decided, compiled by mypyc (the hot path of simulator/rl/core.py).

A turn's masks come from the position's legal moves: the ids of their first steps, then, once
a head id is chosen, the next card of every move of that head still matching the cards taken
(simulator/rl/actions/steps.py defines the ids). :class:`Turn` is that generic filter; each
game's turn (simulator/rl/<game>/masks.py) names the head id and card set of its moves, and may
decide the masks another way: Seep reads the heads from its move list's chunk kinds and builds
only the chosen head's moves, Sweep decides every mask from the rules and never lists moves,
Sueca's moves are one id each.
"""

from __future__ import annotations

from typing import Any


class Turn:
    """One move being decided step by step: ``flags`` (1 at the ids legal now), their ``count``
    (-1 at a turn's first step, never forced) and, when it is 1, ``only``; ``head`` (-1 before
    the first step), ``selected`` (cards taken) and ``move`` once complete. The generic filter
    of the legal move list; subclasses name the head id and card set of a game's moves."""

    def __init__(self, size: int, take: int) -> None:
        self.size = size
        self.take = take
        self.done = take + 52
        self.flags = bytearray(size)
        #: all zeros, never handed out: a fresh mask is a copy of it (cheaper than ``bytearray(n)``)
        self.zero = bytearray(size)
        #: whether ``flags`` was handed to an observation as its mask (then it is the agent's:
        #: a later mask of this step is rebuilt, and legality never reads ``flags``)
        self.handed = False
        self.count = 0
        self.only = -1
        self.head = -1
        self.selected = 0
        self.upto = 0  # mask of the cards up to the last one taken
        self.move: object = None
        self.heads: list[int] = []
        self.moves: list[object] = []
        self.sets: list[int] = []
        self.frombuffer: Any = None  # numpy.frombuffer and int8, set by the Core
        self.dtype: Any = None

    def head_of(self, move: Any) -> int:
        raise NotImplementedError

    def set_of(self, move: Any) -> int:
        """The move's set of cards, -1 for a move complete with its head."""
        return -1

    def options(self) -> list[int]:
        """The ids legal now, increasing."""
        flags = self.mask_flags()
        return [i for i in range(self.size) if flags[i]]

    def mask_array(self) -> Any:
        """A new int8 array of the ids legal now (the observation's ``action_mask``)."""
        return self.frombuffer(self.mask_flags(), self.dtype)

    def mask_flags(self) -> bytearray:
        """1 at the ids legal now: ``flags`` itself the first time (it is then the caller's),
        rebuilt afterwards."""
        if self.handed:
            self._remake()
        self.handed = True
        return self.flags

    def _remake(self) -> None:
        if self.head < 0:
            self._first_flags()
        else:
            self._next_cards()

    def begin(self, deal: Any) -> None:
        """A new move of the seat to play in ``deal``."""
        self._clear()
        self._first(deal.legal_moves())

    def apply(self, deal: Any, move: object) -> None:
        """``deal.apply(move)`` (a game's turn calls its engine's method directly)."""
        deal.apply(move)

    def current(self, deal: Any) -> int:
        """``deal.current_player()``."""
        seat: int = deal.current_player()
        return seat

    def _clear(self) -> None:
        self.head = -1
        self.selected = 0
        self.upto = 0
        self.move = None

    def _first(self, moves: Any) -> None:
        listed: list[object] = moves if isinstance(moves, list) else list(moves)  # never changed here
        heads = self.heads
        heads.clear()
        for m in listed:
            heads.append(self.head_of(m))
        self.moves = listed
        self._first_flags()

    def _first_flags(self) -> None:
        # no count: the first step of a turn is always asked, so only later steps are forced
        flags = self.zero[:]
        for h in self.heads:
            flags[h] = 1
        self.flags, self.count, self.only, self.handed = flags, -1, -1, False

    def step(self, action: int) -> bool:
        """Take ``action``; False (nothing changes) if it is not legal now."""
        if self.move is not None:
            return False
        if self.head < 0:
            if not self._take_head(action):
                return False
            if self.head < 0:  # a move complete with its head (``move`` set)
                return True
        elif action == self.done:
            sel = self.selected
            sets = self.sets
            for i in range(len(sets)):
                if sets[i] == sel:
                    self.move = self.moves[i]
                    return True
            return False
        else:
            if not self.take <= action < self.done:
                return False
            bit = 1 << (action - self.take)
            if bit <= self.upto:
                return False
            sel = self.selected | bit
            low = (bit << 1) - 1
            sets = []
            cands = []
            old = self.sets
            moves = self.moves
            for i in range(len(old)):
                s = old[i]
                if s & low == sel:
                    sets.append(s)
                    cands.append(moves[i])
            if not sets:
                return False
            self.sets, self.moves = sets, cands
            self.selected, self.upto = sel, low
        self._next_cards()
        return True

    def _take_head(self, action: int) -> bool:
        """Choose head ``action``: its move if complete with it, else its candidates (their
        sets); False if no legal move has that head."""
        heads = self.heads
        moves = self.moves
        sets: list[int] = []
        cands: list[object] = []
        for i in range(len(heads)):
            if heads[i] == action:
                m = moves[i]
                s = self.set_of(m)
                if s < 0:
                    self.move = m
                    return True
                sets.append(s)
                cands.append(m)
        if not sets:
            return False
        self.head = action
        self.sets, self.moves = sets, cands
        return True

    def _next_cards(self) -> None:
        """The TAKE/DONE ids after the cards taken: each candidate's next card, or DONE; with one
        candidate left, its move (every step left is forced: the Core would take them one by one)."""
        if len(self.sets) == 1:
            self.move = self.moves[0]
            self.count, self.only = 0, -1
            return
        flags = self.zero[:]
        count = 0
        only = -1
        above = ~self.upto
        take = self.take
        done = self.done
        for s in self.sets:
            rest = s & above
            i = take + (rest & -rest).bit_length() - 1 if rest else done
            if not flags[i]:
                flags[i] = 1
                count += 1
                only = i
        self.flags, self.count, self.only, self.handed = flags, count, only, False
