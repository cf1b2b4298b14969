"""One Sueca hand: auction (with pass-out redeals), contract declaration, eight tricks, scoring.

Hands are card masks, the open trick is a short list, and the trick winner is
kept incrementally (trick strength + 16 for a trump, 0 for an off-suit
discard), so a card play costs a handful of int operations. Replay events are
built only when a log list is given. ``position()`` / ``from_position`` store
and restore a hand in progress; ``clone()`` copies one field by field.

Longer than the project's 500-line guide on purpose: it is one class whose methods (the auction,
the contract, each trick, scoring, clone and position) read and write the same thirty-odd
fields; split across modules, each part would restate that layout without separating a concern.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from simulator.cards import SUITS, Card, CardMask, card_str
from simulator.games.sueca.cards import PACK_CARDS, PACK_MASK, POINTS, STRENGTH, SUIT_PACK_MASK, TRUMP_BONUS
from simulator.games.sueca.events import (
    call_event,
    contract_event,
    dealt_event,
    play_event,
    score_event,
    trick_event,
)
from simulator.games.sueca.movegen import auction_moves, call_card_moves, play_moves
from simulator.games.sueca.moves import (
    BID,
    CALL_CARD,
    NULS,
    PASS,
    PLAY,
    TRUMP,
    TRUMPS,
    SuecaMove,
    call_of,
    move_text,
)
from simulator.games.sueca.rules import MAX_BID, MIN_BID, NUM_PLAYERS, SuecaRules
from simulator.games.sueca.scoring import hand_scores
from simulator.games.sueca.view import SuecaView, TrickRecord, new_view
from simulator.shuffle import randbelow, seeded_rng, shuffle

AUCTION: Final = 0
TRUMP_PHASE: Final = 1
CALL_PHASE: Final = 2
PLAY_PHASE: Final = 3
OVER: Final = 4
PHASE_NAMES: Final = ("auction", "trump", "call_card", "play", "over")
_NEXT: Final = (1, 2, 3, 4, 0)
_ALL_SEATS: Final = (1 << NUM_PLAYERS) - 1
#: a guard against strategies that always pass (the rules would redeal forever)
MAX_PASSOUTS: Final = 10_000
_DEFAULT_RULES: Final = SuecaRules()


def _sizes() -> list[list[list[tuple[int, ...]]]]:
    """_SIZES[tricks done][trick leader][cards in the open trick]: cards held per seat (-1: no trick)."""
    table = []
    for done in range(9):
        by_leader = []
        for leader in range(-1, NUM_PLAYERS):
            by_count = []
            for played in range(NUM_PLAYERS):
                sizes = [8 - done] * NUM_PLAYERS
                for k in range(played if leader >= 0 else 0):
                    sizes[(leader + k) % NUM_PLAYERS] -= 1
                by_count.append(tuple(sizes))
            by_leader.append(by_count)
        table.append(by_leader[1:] + by_leader[:1])  # index -1 (no open trick) is the last entry
    return table


#: hand sizes follow from the record alone: every seat holds 8 cards minus those it played
_SIZES: Final = _sizes()


def _added(values: tuple[int, ...], seat: int, x: int) -> tuple[int, ...]:
    """``values`` (one per seat) with ``x`` added at ``seat``."""
    out = list(values)
    out[seat] += x
    return tuple(out)


class IllegalMove(ValueError):
    """A move that is not among ``legal_moves()``."""


@dataclass(frozen=True)
class SuecaPosition:
    """Every field of a hand in progress; what ``from_position`` does not read here it derives
    (who passed, the high call, trick totals, played cards, the partner and the current trick winner).

    Defaults let a test write a position by hand with a few fields: ``SuecaPosition(hands=...)``
    is a fresh hand in the auction with dealer 0.
    """

    hands: tuple[CardMask, ...]  # still held, by seat
    rules: SuecaRules = _DEFAULT_RULES
    dealer: int = 0  # first dealer of the deal (the replay's "dealt" event names redeals by another)
    hand_dealer: int | None = None  # dealer of the current (re)deal; None: ``dealer``
    phase: str = "auction"  # one of PHASE_NAMES
    current_player: int | None = None  # None: the seat the record gives (-1 once over)
    calls: tuple[tuple[int, str | int], ...] = ()  # auction of the current hand
    contract: str | None = None  # "points" | "nuls" once the auction is over
    declarer: int = -1
    bid: int | None = None
    trump: int = -1
    called_card: Card = -1
    trick_leader: int = -1
    trick: tuple[Card, ...] = ()  # open trick, in play order
    tricks: tuple[TrickRecord, ...] = ()  # completed tricks
    scores: tuple[int, ...] = (0,) * NUM_PLAYERS  # match totals before this hand
    seed: int = 0
    passouts: int = 0  # thrown-in deals so far (a guard only)
    rng_state: Any = None  # ``random.Random.getstate()``; None: Random(seed)


class SuecaState:
    """One scored Sueca hand (DealState of base.py); thrown-in deals are redealt inside.

    ``__slots__`` closes the field list when interpreted; compiled, mypyc lays the fields out
    natively whatever the slots say (the class then has neither ``__slots__`` nor ``__dict__``,
    and lists them in ``__mypyc_attrs__``).
    """

    __slots__ = (
        "_best_seat",
        "_best_value",
        "_led",
        "_rng",
        "_rng_shared",
        "_trick_points",
        "bid",
        "called_card",
        "calls",
        "dealer",
        "declarer",
        "hand_dealer",
        "hands",
        "high_bid",
        "high_bidder",
        "kind",
        "log",
        "made",
        "nuls_called",
        "partner",
        "partner_revealed",
        "passed",
        "passouts",
        "phase",
        "played",
        "points_won",
        "rules",
        "scores",
        "seed",
        "team_points",
        "the_hand_scores",
        "trick",
        "trick_leader",
        "tricks",
        "tricks_won",
        "trump",
        "turn",
    )

    def __init__(
        self,
        rules: SuecaRules,
        seed: int,
        dealer: int | None = None,
        log: list[dict] | None = None,
        *,
        _blank: bool = False,
    ) -> None:
        """A new hand. The first dealer is always drawn first (then overridden by ``dealer``), so the
        cards depend on ``seed`` only. ``_blank=True`` (``clone`` and ``from_position`` only) sets
        no field at all, the caller fills every one (compiled classes cannot be made without
        ``__init__``)."""
        if _blank:
            return
        self.rules = rules
        self.seed = seed
        self.log = log
        self._rng: random.Random | None = seeded_rng(seed)
        self._rng_shared = False
        drawn = randbelow(self._own_rng(), NUM_PLAYERS)
        self.dealer = drawn if dealer is None else dealer
        self.hand_dealer = self.dealer
        self.passouts = 0
        self.scores: tuple[int, ...] = (0,) * NUM_PLAYERS
        self._start(self._shuffle())

    # ---- dealing and auction -------------------------------------------------

    def _own_rng(self) -> random.Random:
        """The RNG, made private first if a clone shares it (copy on write) or created if lazy."""
        rng = self._rng
        if rng is None:
            rng = seeded_rng(self.seed)
        elif self._rng_shared:
            private = random.Random()
            private.setstate(rng.getstate())
            rng = private
        self._rng = rng
        self._rng_shared = False
        return rng

    def _shuffle(self) -> list[int]:
        deck = list(PACK_CARDS)
        shuffle(self._own_rng(), deck)
        hands = [0] * NUM_PLAYERS
        first = self.hand_dealer + 1
        for i, c in enumerate(deck):
            hands[(first + i) % NUM_PLAYERS] |= 1 << c
        return hands

    def _reset(self, hands: list[int]) -> None:
        """Every field of a fresh (re)deal, auction open at dealer+1."""
        self.hands = hands
        self.phase = AUCTION
        self.turn = _NEXT[self.hand_dealer]
        self.calls: tuple[tuple[int, str | int], ...] = ()
        self.high_bid = 0
        self.high_bidder = -1
        self.nuls_called = False
        self.passed = 0
        self.kind: str | None = None
        self.declarer = -1
        self.bid: int | None = None
        self.trump = -1
        self.called_card = -1
        self.partner = -1
        self.partner_revealed = False
        self.trick: list[int] = []
        self.trick_leader = -1
        self._led = -1
        self._best_value = 0
        self._best_seat = -1
        self._trick_points = 0
        self.tricks: tuple[TrickRecord, ...] = ()
        self.tricks_won: tuple[int, ...] = (0,) * NUM_PLAYERS
        self.points_won: tuple[int, ...] = (0,) * NUM_PLAYERS
        self.played = 0
        self.made: bool | None = None
        self.team_points = 0
        self.the_hand_scores: list[int] = [0] * NUM_PLAYERS

    def _start(self, hands: list[int]) -> None:
        """Reset for a (re)deal and log it."""
        self._reset(hands)
        if self.log is not None:
            redealer = self.hand_dealer if self.hand_dealer != self.dealer else None
            self.log.append(dealt_event(hands, redealer))

    def _call(self, move: SuecaMove) -> None:
        seat = self.turn
        action = move[0]
        high = self.high_bid
        if action == NULS:
            legal = not self.nuls_called and (high == 0 or high == MAX_BID)
        elif action == PASS:
            legal = True
        else:
            bid = move[2]
            legal = (
                action == BID
                and MIN_BID <= bid <= MAX_BID
                and (not high or bid >= high + self.rules.bid_step)
            )
        if not legal:
            raise IllegalMove(f"illegal call {move_text(move)!r} by seat {seat}")
        call = call_of(move)
        self.calls += ((seat, call),)
        if self.log is not None:
            self.log.append(call_event(seat, call))
        if action == PASS:
            self.passed |= 1 << seat
            if self.passed == _ALL_SEATS:
                self._pass_out()
                return
        elif action == NULS:
            self.nuls_called = True
            self.high_bidder = seat
            if self.rules.nuls_rank == "top" or self.high_bid == MAX_BID:
                self._end_auction("nuls")
                return
        else:
            self.high_bid = move[2]
            self.high_bidder = seat
        holder = self.high_bidder
        if holder >= 0 and self.passed | (1 << holder) == _ALL_SEATS:
            self._end_auction("points" if self.high_bid else "nuls")
            return
        nxt = _NEXT[seat]
        while (self.passed >> nxt) & 1:
            nxt = _NEXT[nxt]
        self.turn = nxt

    def _pass_out(self) -> None:
        """All five passed: throw in and redeal from the state's own RNG (rules §4.6)."""
        self.passouts += 1
        if self.passouts > MAX_PASSOUTS:
            raise RuntimeError(f"{MAX_PASSOUTS} pass-outs in a row: the strategies never bid")
        if self.log is not None:
            self.log.append({"type": "passed_out"})
        if self.rules.passout_redeal_dealer == "next":
            self.hand_dealer = _NEXT[self.hand_dealer]
        self._start(self._shuffle())

    def _end_auction(self, kind: str) -> None:
        self.kind = kind
        self.declarer = self.high_bidder
        self.turn = self.declarer
        if kind == "nuls":
            self._open_play()
        else:
            self.bid = self.high_bid
            self.phase = TRUMP_PHASE

    def _open_play(self) -> None:
        self.phase = PLAY_PHASE
        if self.log is not None:
            self.log.append(contract_event(self.declarer, self.kind, self.bid, self.trump, self.called_card))

    # ---- the DealState API ---------------------------------------------------

    def current_player(self) -> int:
        return self.turn  # -1 once over

    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_moves(self) -> tuple[SuecaMove, ...]:
        phase = self.phase
        if phase == PLAY_PHASE:
            return play_moves(self.hands[self.turn], self._led if self.trick else -1)
        if phase == AUCTION:
            return auction_moves(self.high_bid, self.rules.bid_step, self.nuls_called)
        if phase == TRUMP_PHASE:
            return TRUMPS
        if phase == CALL_PHASE:
            only = self.trump if self.rules.called_card_rule == "trump_suit_only" else -1
            return call_card_moves(self.hands[self.declarer], only)
        return ()

    def apply(self, move: SuecaMove) -> None:
        if type(move) is not SuecaMove:
            raise IllegalMove(f"expected a SuecaMove, got {move!r}")
        phase = self.phase
        action = move[0]
        if phase == PLAY_PHASE:
            if action != PLAY:
                raise IllegalMove(f"expected a card play, got {move_text(move)!r}")
            self._play(move[1])
        elif phase == AUCTION:
            if action > BID:
                raise IllegalMove(f"expected an auction call, got {move_text(move)!r}")
            self._call(move)
        elif phase == TRUMP_PHASE:
            if action != TRUMP or not 0 <= move[2] < 4:
                raise IllegalMove(f"expected a trump suit choice, got {move!r}")
            self.trump = move[2]
            self.phase = CALL_PHASE
        elif phase == CALL_PHASE:
            card = move[1] if action == CALL_CARD else -1
            if (
                not 0 <= card < 52
                or not (PACK_MASK & ~self.hands[self.declarer]) >> card & 1
                or (self.rules.called_card_rule == "trump_suit_only" and card & 3 != self.trump)
            ):
                raise IllegalMove(f"illegal called card {move!r}")
            self.called_card = card
            bit = 1 << card
            self.partner = next(s for s in range(NUM_PLAYERS) if self.hands[s] & bit)
            self._open_play()
        else:
            raise IllegalMove("the hand is over")

    def _play(self, card: int) -> None:
        seat = self.turn
        bit = 1 << card
        hand = self.hands[seat]
        trick = self.trick
        if not hand & bit:
            raise IllegalMove(f"seat {seat} does not hold card {card}")
        if trick:
            led = self._led
            if card & 3 != led and hand & SUIT_PACK_MASK[led]:
                raise IllegalMove(f"seat {seat} must follow suit {SUITS[led]}")
            suit = card & 3
            value = (
                STRENGTH[card] + TRUMP_BONUS if suit == self.trump else (STRENGTH[card] if suit == led else 0)
            )
            if value > self._best_value:
                self._best_value = value
                self._best_seat = seat
        else:
            suit = self._led = card & 3
            self.trick_leader = seat
            self._best_value = STRENGTH[card] + TRUMP_BONUS if suit == self.trump else STRENGTH[card]
            self._best_seat = seat
        self.hands[seat] = hand ^ bit
        self.played |= bit
        trick.append(card)
        self._trick_points += POINTS[card]
        if self.log is not None:
            self.log.append(play_event(seat, card))
            if card == self.called_card:
                self.log.append({"type": "partner_revealed", "seat": seat})
        if card == self.called_card:
            self.partner_revealed = True
        if len(trick) == NUM_PLAYERS:
            self._finish_trick()
        else:
            self.turn = _NEXT[seat]

    def _finish_trick(self) -> None:
        winner = self._best_seat
        points = self._trick_points
        self.points_won = _added(self.points_won, winner, points)
        self.tricks_won = _added(self.tricks_won, winner, 1)
        cards = tuple(self.trick)
        self.tricks += ((self.trick_leader, cards, winner),)
        if self.log is not None:
            self.log.append(trick_event(len(self.tricks), self.trick_leader, cards, winner, points))
        self.trick = []
        self._trick_points = 0
        self.trick_leader = -1
        self._best_seat = -1
        self._best_value = 0
        if len(self.tricks) == 8 or (self.kind == "nuls" and winner == self.declarer):
            self._score()
        else:
            self.turn = winner

    def _score(self) -> None:
        self.phase = OVER
        self.turn = -1
        declarer = self.declarer
        if self.kind == "nuls":
            self.team_points = self.points_won[declarer]
            self.made, self.the_hand_scores = hand_scores(
                "nuls", declarer, -1, 0, self.team_points, self.tricks_won[declarer], self.rules.score_index
            )
        else:
            assert self.bid is not None
            self.team_points = self.points_won[declarer] + self.points_won[self.partner]
            self.made, self.the_hand_scores = hand_scores(
                "points", declarer, self.partner, self.bid, self.team_points, 0, self.rules.score_index
            )

    def side_points(self) -> list[int]:
        """Score of this hand per seat (every seat is a side)."""
        return list(self.the_hand_scores)

    def side_rows(self) -> list[dict[str, Any]]:
        nuls = self.kind == "nuls"
        rows = []
        for s in range(NUM_PLAYERS):
            rows.append(
                {
                    "declarer": s == self.declarer,
                    "declarer_seat": self.declarer,
                    "is_partner": not nuls and s == self.partner,
                    "contract": self.kind,
                    "bid": None if nuls else self.bid,
                    "trump": None if nuls else SUITS[self.trump],
                    "called_card": None if nuls else card_str(self.called_card),
                    "partner_seat": None if nuls else self.partner,
                    "team_points": self.team_points,
                    "own_points": self.points_won[s],
                    "made": self.made,
                    "hand_score": self.the_hand_scores[s],
                    "passouts": self.passouts,
                }
            )
        return rows

    def score_event(self, totals: Sequence[int]) -> dict[str, Any]:
        nuls = self.kind == "nuls"
        return score_event(
            self.declarer,
            None if nuls else self.partner,
            self.kind,
            None if nuls else self.bid,
            self.team_points,
            self.made,
            self.the_hand_scores,
            totals,
        )

    def view(self, seat: int) -> SuecaView:
        partner = self.partner
        hands = self.hands
        trump = self.trump
        called = self.called_card
        return new_view(
            "sueca",
            seat,
            self.rules,
            self.hand_dealer,
            PHASE_NAMES[self.phase],
            self.turn,
            hands[seat],
            _SIZES[len(self.tricks)][self.trick_leader][len(self.trick)],
            self.calls,
            self.high_bid,
            self.high_bidder,
            self.declarer,
            self.kind,
            self.bid,
            trump if trump >= 0 else None,
            called if called >= 0 else None,
            partner if partner >= 0 and (seat == partner or self.partner_revealed) else None,
            self.trick_leader,
            tuple(self.trick),
            self._best_seat,
            self.tricks,
            self.tricks_won,
            self.points_won,
            self.played,
            self.scores,
        )

    def move_text(self, move: SuecaMove) -> str:
        return move_text(move)

    # ---- look-ahead: clone and full position ---------------------------------

    def clone(self) -> SuecaState:
        """An independent copy with no log, field by field: lists copied, everything else
        immutable and shared."""
        new = SuecaState(self.rules, self.seed, _blank=True)
        new.rules = self.rules
        new.seed = self.seed
        new.log = None
        # the RNG only redeals after a pass-out: both share it, and whichever shuffles first copies it
        new._rng = self._rng
        new._rng_shared = self._rng_shared = True
        new.dealer = self.dealer
        new.hand_dealer = self.hand_dealer
        new.passouts = self.passouts
        new.scores = self.scores
        new.hands = self.hands[:]
        new.phase = self.phase
        new.turn = self.turn
        new.calls = self.calls
        new.high_bid = self.high_bid
        new.high_bidder = self.high_bidder
        new.nuls_called = self.nuls_called
        new.passed = self.passed
        new.kind = self.kind
        new.declarer = self.declarer
        new.bid = self.bid
        new.trump = self.trump
        new.called_card = self.called_card
        new.partner = self.partner
        new.partner_revealed = self.partner_revealed
        new.trick = self.trick[:]
        new.trick_leader = self.trick_leader
        new._led = self._led
        new._best_value = self._best_value
        new._best_seat = self._best_seat
        new._trick_points = self._trick_points
        new.tricks = self.tricks
        new.tricks_won = self.tricks_won
        new.points_won = self.points_won
        new.played = self.played
        new.made = self.made
        new.team_points = self.team_points
        new.the_hand_scores = self.the_hand_scores[:]
        return new

    def position(self) -> SuecaPosition:
        """Every field of this hand (restore it with ``SuecaState.from_position``)."""
        return SuecaPosition(
            hands=tuple(self.hands),
            rules=self.rules,
            dealer=self.dealer,
            hand_dealer=self.hand_dealer,
            phase=PHASE_NAMES[self.phase],
            current_player=self.current_player(),
            calls=self.calls,
            contract=self.kind,
            declarer=self.declarer,
            bid=self.bid,
            trump=self.trump,
            called_card=self.called_card,
            trick_leader=self.trick_leader,
            trick=tuple(self.trick),
            tricks=self.tricks,
            scores=tuple(self.scores),
            seed=self.seed,
            passouts=self.passouts,
            rng_state=None if self._rng is None else self._rng.getstate(),
        )

    @classmethod
    def from_position(cls, position: SuecaPosition, log: list[dict] | None = None) -> SuecaState:
        """The hand of ``position``, exactly; ``ValueError`` if its cards do not make up the pack.

        A given ``log`` receives the events from here on (no ``dealt`` event is written); the
        auction summary, trick totals, played cards and partner are derived from the record."""
        p = position
        played = 0
        for _, cards, _ in p.tricks:
            for c in cards:
                played |= 1 << c
        for c in p.trick:
            played |= 1 << c
        held = 0
        for h in p.hands:
            if h & held or h & played:
                raise ValueError("a card is held twice, or held and played")
            held |= h
        if len(p.hands) != NUM_PLAYERS or held | played != PACK_MASK or p.phase not in PHASE_NAMES:
            raise ValueError("a position needs 5 hands that with the played cards make up the 40-card pack")
        state = cls(p.rules, p.seed, _blank=True)
        state.rules = p.rules
        state.seed = p.seed
        state.log = log
        state._rng = None  # lazy: random.Random(seed) on first use
        state._rng_shared = False
        if p.rng_state is not None:
            state._rng = random.Random()
            state._rng.setstate(p.rng_state)
        state.dealer = p.dealer
        state.hand_dealer = p.dealer if p.hand_dealer is None else p.hand_dealer
        state.passouts = p.passouts
        state.scores = tuple(p.scores)
        state._reset(list(p.hands))
        state.phase = PHASE_NAMES.index(p.phase)
        for seat, call in p.calls:
            if call == "pass":
                state.passed |= 1 << seat
            else:
                state.high_bidder = seat
                if call == "nuls":
                    state.nuls_called = True
                else:
                    state.high_bid = int(call)
        state.calls = tuple(p.calls)
        state.kind = p.contract
        state.declarer = p.declarer
        state.bid = p.bid
        state.trump = p.trump
        state.called_card = p.called_card
        state.played = played
        state.tricks = tuple(p.tricks)
        for _, cards, winner in p.tricks:
            state.tricks_won = _added(state.tricks_won, winner, 1)
            state.points_won = _added(state.points_won, winner, sum(POINTS[c] for c in cards))
        _restore_trick(state, p.trick_leader, p.trick)
        _restore_partner(state)
        if [h.bit_count() for h in state.hands] != list(
            _SIZES[len(state.tricks)][state.trick_leader][len(state.trick)]
        ):
            raise ValueError("hand sizes must be 8 minus the cards each seat played")
        state.turn = _turn_of(state) if p.current_player is None or p.current_player < 0 else p.current_player
        if state.phase == OVER:
            state._score()
        return state


def _restore_trick(state: SuecaState, leader: int, trick: tuple[Card, ...]) -> None:
    state.trick = list(trick)
    state.trick_leader = leader if trick else -1
    if not trick:
        return
    led = state._led = trick[0] & 3
    for i, card in enumerate(trick):
        suit = card & 3
        value = STRENGTH[card] + TRUMP_BONUS if suit == state.trump else STRENGTH[card] if suit == led else 0
        if value > state._best_value:
            state._best_value = value
            state._best_seat = (leader + i) % NUM_PLAYERS
        state._trick_points += POINTS[card]


def _restore_partner(state: SuecaState) -> None:
    """The partner is the holder of the called card, or the seat that played it."""
    called = state.called_card
    if called < 0 or state.kind != "points":
        return
    bit = 1 << called
    state.partner_revealed = bool(state.played & bit)
    for seat in range(NUM_PLAYERS):
        if state.hands[seat] & bit:
            state.partner = seat
    records = [*state.tricks, (state.trick_leader, tuple(state.trick), -1)]
    for leader, cards, _ in records:
        for i, card in enumerate(cards):
            if card == called:
                state.partner = (leader + i) % NUM_PLAYERS


def _turn_of(state: SuecaState) -> int:
    """The seat to act as the record gives it."""
    phase = state.phase
    if phase == OVER:
        return -1
    if phase == AUCTION:
        if not state.calls:
            return _NEXT[state.hand_dealer]
        nxt = _NEXT[state.calls[-1][0]]
        while (state.passed >> nxt) & 1 and state.passed != _ALL_SEATS:
            nxt = _NEXT[nxt]
        return nxt
    if phase != PLAY_PHASE:
        return state.declarer
    if state.trick:
        return (state.trick_leader + len(state.trick)) % NUM_PLAYERS
    return state.tricks[-1][2] if state.tricks else state.declarer
