"""What a Sweep strategy receives: one seat's view of the round (its hand and public information)."""

from __future__ import annotations

import dataclasses

from simulator.cards import CardMask
from simulator.games.sweep.moves import SweepMove
from simulator.games.sweep.rules import SweepRules
from simulator.games.views import fast_constructor

#: a build on the table: (declared value, cards mask, owner seat)
Build = tuple[int, CardMask, int]


@dataclasses.dataclass(frozen=True, slots=True)
class SweepView:
    """What one seat may see: its own hand and everything played face up.

    ``centre_returned`` is public too: the centre redeal (§3.3) turns the cards it puts back
    into the stock face up, so every seat knows they were in the stock when play began.
    """

    game: str
    seat: int
    rules: SweepRules
    dealer: int
    current_player: int  # seat to move, -1 once the round is over
    hand: CardMask  # own hand
    table: CardMask  # loose table cards
    builds: tuple[Build, ...]  # (value, cards mask, owner), in creation order
    hand_sizes: tuple[int, ...]  # per seat
    stock_size: int  # cards still to be dealt in this round (0 in the eight-card deal)
    piles: tuple[CardMask, ...]  # captured cards per side, played cards included (captures are face up)
    sweeps: tuple[int, ...]  # per side
    last_capturer: int  # seat, -1 if nobody captured yet
    history: tuple[tuple[int, SweepMove], ...]  # (seat, move) of every play of the round so far
    scores: tuple[int, ...]  # match totals per side before this round (zeros for a single deal)
    centre_returned: CardMask  # cards the centre redeal put back into the stock (0: none)


#: ``new_view(game, seat, ...)`` with every field in order: the same ``SweepView`` as its
#: constructor gives, built about ten times faster (the engine builds a view at every decision)
new_view = fast_constructor(SweepView)
