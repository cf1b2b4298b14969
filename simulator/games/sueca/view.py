"""What one seat may see (rules §9): its own hand and the public record, nothing else."""

from __future__ import annotations

from dataclasses import dataclass

from simulator.cards import CardMask
from simulator.games.sueca.rules import SuecaRules
from simulator.games.views import fast_constructor

#: a completed trick: (leader, cards in play order, winner)
TrickRecord = tuple[int, tuple[int, ...], int]


@dataclass(frozen=True, slots=True)
class SuecaView:
    """Snapshot for ``seat``; ``partner`` is set only for the partner or once the called card is played."""

    game: str
    seat: int
    rules: SuecaRules
    dealer: int  # dealer of the current (possibly redealt) hand
    phase: str  # "auction" | "trump" | "call_card" | "play" | "over"
    current_player: int  # seat to act, -1 when over
    hand: CardMask  # own cards still held
    hand_sizes: tuple[int, ...]  # cards still held per seat (public: 8 minus the cards played)
    calls: tuple[tuple[int, str | int], ...]  # auction of the current hand: (seat, "pass"|"nuls"|bid)
    high_bid: int  # highest points bid so far (0: none)
    high_bidder: int  # holder of the highest call so far (-1: none)
    declarer: int  # -1 until the auction ends
    contract: str | None  # "points" | "nuls" once known
    bid: int | None
    trump: int | None  # suit 0..3, None for nuls or before the choice
    called_card: int | None
    partner: int | None  # hidden (None) from everyone but the partner until revealed
    trick_leader: int  # -1 when no trick is open
    trick: tuple[int, ...]  # cards of the open trick in play order
    trick_winner: int  # seat currently winning the open trick (-1: none)
    tricks: tuple[TrickRecord, ...]  # completed tricks
    tricks_won: tuple[int, ...]  # per seat
    points_won: tuple[int, ...]  # card points per seat
    played: CardMask  # every card played so far this hand, the open trick included
    scores: tuple[int, ...]  # match totals before this hand (zeros for a single deal)


#: ``new_view(game, seat, ...)`` with every field in order: the same ``SuecaView`` as its
#: constructor gives, built about ten times faster (the engine builds a view at every decision)
new_view = fast_constructor(SuecaView)
