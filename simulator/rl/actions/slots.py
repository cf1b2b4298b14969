"""Action ids of the fishing games (Sweep, Seep): played card x slot, slots in a canonical order.

Why ids are relative to the position: a capture is a set of table cards, and a table may hold
every number card (a strategy that never captures lets it grow past 40 cards). With a 10 in
hand, almost every subset of the 36 cards below it that splits into groups of 10 is then a
legal capture, billions of them, so any id computed from the move alone needs billions of ids
and no fixed mask could hold them. Ids are therefore ``card * slots + slot``: the legal moves
of each card, sorted by a canonical key that depends only on the move (kind, then the larger
capture first, then the card mask), take slots 0, 1, 2, ... in that order. ``decode`` needs
the position (``decode(id, state)``) and so does ``encode``.

A slot keeps a meaning a learner can use: with the kind order of each game, slot 0 is the
trail (Sweep) or the throw (Seep) when it is legal, and the next slots hold the captures
taking most cards first.

Completeness: every legal move has exactly one id, and the action mask is exact, in every
position where no card has more than ``slots`` legal moves. Beyond that (measured under uniform
random play, every preset and player count: Sweep with 256 slots, 5 positions in 316,800;
Seep with 64 slots, none in 303,800) the ``slots`` first moves of
that card in canonical order keep their ids and the rest have none: ``legal`` leaves them
out and ``encode`` raises ``ValueError``. ``overflow(moves)`` counts them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from simulator.cards import card_str

#: the canonical sort key of a move among the moves of its card
SortKey = Callable[[Any], tuple[int, ...]]


class SlotCodec:
    """Ids ``card * slots + slot`` (52 cards) followed by ``extra`` card-less ids (Seep's bids).

    ``extra_id`` maps a move whose card is -1 to its index among the extra ids, ``describe``
    names an extra id.
    """

    def __init__(
        self,
        slots: int,
        key: SortKey,
        extra: int = 0,
        extra_id: Callable[[Any], int] | None = None,
        describe: Callable[[int], str] | None = None,
    ) -> None:
        self.slots = slots
        self.size = 52 * slots + extra
        self._key = key
        self._extra = extra
        self._extra_id = extra_id
        self._describe = describe

    def _groups(self, moves: Sequence[Any]) -> dict[int, list[Any]]:
        groups: dict[int, list[Any]] = {}
        for move in moves:
            card = move.card
            group = groups.get(card)
            if group is None:
                groups[card] = [move]
            else:
                group.append(move)
        return groups

    def legal(self, moves: Sequence[Any]) -> dict[int, Any]:
        """id -> move for every move of ``moves`` that has an id (all of them unless overflow)."""
        out: dict[int, Any] = {}
        slots = self.slots
        key = self._key
        for card, group in self._groups(moves).items():
            if card < 0:
                for move in group:
                    out[52 * slots + self._extra_id(move)] = move  # type: ignore[misc]
                continue
            if len(group) > 1:
                group.sort(key=key)
            base = card * slots
            for i, move in enumerate(group[:slots]):
                out[base + i] = move
        return out

    def overflow(self, moves: Sequence[Any]) -> int:
        """How many of ``moves`` have no id (cards with more than ``slots`` moves)."""
        return sum(max(0, len(g) - self.slots) for c, g in self._groups(moves).items() if c >= 0)

    def encode(self, move: Any, state: Any) -> int:
        for action, m in self.legal(state.legal_moves()).items():
            if m == move:
                return action
        if move in state.legal_moves():
            raise ValueError(
                f"move {move!r} is legal but has no action id: its card has more than {self.slots} "
                "legal moves here (see simulator/rl/actions/slots.py)"
            )
        raise ValueError(f"move {move!r} is not a legal move of this position")

    def decode(self, action: int, state: Any) -> Any:
        move = self.legal(state.legal_moves()).get(action)
        if move is None:
            raise ValueError(f"action {action} is not legal in this position ({self.describe(action)})")
        return move

    def describe(self, action: int) -> str:
        if not 0 <= action < self.size:
            raise ValueError(f"action {action} is outside 0..{self.size - 1}")
        if self._describe is not None and action >= 52 * self.slots:
            return self._describe(action - 52 * self.slots)
        card, slot = divmod(action, self.slots)
        return f"{card_str(card)}, slot {slot}"
