"""One Sueca hand: auction (with pass-out redeals), contract declaration, eight tricks, scoring.

Hands are card masks, the open trick is a short list, and the trick winner is
kept incrementally (trick strength + 16 for a trump, 0 for an off-suit
discard), so a card play costs a handful of int operations. Replay events are
built only when a log list is given.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable, Sequence
from functools import reduce
from operator import or_
from typing import Any

from simulator.cards import SUITS, card_pretty, card_str, mask_of

from .cards import PACK_CARDS, PACK_MASK, POINTS, STRENGTH, SUIT_PACK_MASK, TRUMP_BONUS, hand_strs
from .moves import (
    BIDS,
    CALL_CARD_SUBSETS,
    NULS,
    PASS,
    PLAY_SUBSETS,
    TRUMPS,
    Call,
    CallCard,
    Move,
    Play,
    Trump,
)
from .rules import MAX_BID, MIN_BID, NUM_PLAYERS, SuecaRules, hand_scores
from .view import SuecaView

AUCTION, TRUMP, CALL_CARD, PLAY, OVER = range(5)
PHASE_NAMES = ("auction", "trump", "call_card", "play", "over")
_NEXT = (1, 2, 3, 4, 0)
_ALL_SEATS = (1 << NUM_PLAYERS) - 1
_S0, _S1, _S2, _S3 = SUIT_PACK_MASK
#: a guard against strategies that always pass (the rules would redeal forever)
MAX_PASSOUTS = 10_000

_auction_cache: dict[tuple[int, bool], tuple[Call, ...]] = {}


def _auction_moves(min_bid: int, nuls_ok: bool) -> tuple[Call, ...]:
    key = (min_bid, nuls_ok)
    moves = _auction_cache.get(key)
    if moves is None:
        moves = (PASS, NULS) if nuls_ok else (PASS,)
        moves += tuple(BIDS[x] for x in range(min_bid, MAX_BID + 1))
        _auction_cache[key] = moves
    return moves


class IllegalMove(ValueError):
    """A move that is not among ``legal_moves()``."""


class SuecaDeal:
    """One scored Sueca hand (DealState of base.py); thrown-in deals are redealt inside."""

    __slots__ = (
        "_best_seat",
        "_best_value",
        "_led",
        "_rng",
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
        hands: Sequence[int] | None = None,
    ) -> None:
        """A new hand. The first dealer is always drawn first (then overridden by ``dealer``), so the
        cards depend on ``seed`` only. ``hands`` (masks by seat) skips the shuffle: a test constructor."""
        self.rules = rules
        self.seed = seed
        self.log = log
        self._rng = random.Random(seed)
        drawn = self._rng.randrange(NUM_PLAYERS)
        self.dealer = drawn if dealer is None else dealer
        self.hand_dealer = self.dealer
        self.passouts = 0
        self.scores: tuple[int, ...] = (0,) * NUM_PLAYERS
        if hands is None:
            hands = self._shuffle()
        elif (
            len(hands) != NUM_PLAYERS
            or any(m.bit_count() != 8 for m in hands)
            or reduce(or_, hands, 0) != PACK_MASK
        ):
            raise ValueError("hands must be 5 disjoint masks of 8 cards covering the 40-card pack")
        self._start(list(hands))

    @classmethod
    def from_hands(
        cls,
        rules: SuecaRules,
        hands: Sequence[Iterable[int]],
        dealer: int = 0,
        log: list[dict] | None = None,
        seed: int = 0,
    ) -> SuecaDeal:
        """Test constructor: a hand with the given cards per seat (ints) and dealer."""
        return cls(rules, seed, dealer=dealer, log=log, hands=[mask_of(h) for h in hands])

    # ---- dealing and auction -------------------------------------------------

    def _shuffle(self) -> list[int]:
        deck = list(PACK_CARDS)
        self._rng.shuffle(deck)
        hands = [0] * NUM_PLAYERS
        first = self.hand_dealer + 1
        for i, c in enumerate(deck):
            hands[(first + i) % NUM_PLAYERS] |= 1 << c
        return hands

    def _start(self, hands: list[int]) -> None:
        """Reset everything of a (re)deal and open the auction at dealer+1."""
        self.hands = hands
        self.phase = AUCTION
        self.turn = _NEXT[self.hand_dealer]
        self.calls: list[tuple[int, str | int]] = []
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
        self.tricks: list[tuple[int, tuple[int, ...], int]] = []
        self.tricks_won = [0] * NUM_PLAYERS
        self.points_won = [0] * NUM_PLAYERS
        self.played = 0
        self.made: bool | None = None
        self.team_points = 0
        self.the_hand_scores: list[int] = [0] * NUM_PLAYERS
        if self.log is not None:
            event: dict[str, Any] = {"type": "dealt", "hands": [hand_strs(m) for m in hands]}
            if self.hand_dealer != self.dealer:
                event["dealer"] = self.hand_dealer
            self.log.append(event)

    def _auction_legal(self) -> tuple[Call, ...]:
        high = self.high_bid
        min_bid = MIN_BID if high == 0 else high + self.rules.bid_step
        nuls_ok = not self.nuls_called and (high == 0 or high == MAX_BID)
        return _auction_moves(min_bid, nuls_ok)

    def _call(self, move: Call) -> None:
        seat = self.turn
        call = move.call
        high = self.high_bid
        if call == "nuls":
            legal = not self.nuls_called and (high == 0 or high == MAX_BID)
        elif call == "pass":
            legal = True
        else:
            legal = (
                type(call) is int
                and MIN_BID <= call <= MAX_BID
                and (not high or call >= high + self.rules.bid_step)
            )
        if not legal:
            raise IllegalMove(f"illegal call {call!r} by seat {seat}")
        self.calls.append((seat, call))
        if self.log is not None:
            self.log.append({"type": "call", "seat": seat, "call": call})
        if call == "pass":
            self.passed |= 1 << seat
            if self.passed == _ALL_SEATS:
                self._pass_out()
                return
        elif call == "nuls":
            self.nuls_called = True
            self.high_bidder = seat
            if self.rules.nuls_rank == "top" or self.high_bid == MAX_BID:
                self._end_auction("nuls")
                return
        else:
            self.high_bid = call
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
            self.phase = TRUMP

    def _open_play(self) -> None:
        self.phase = PLAY
        if self.log is not None:
            called = self.called_card
            self.log.append(
                {
                    "type": "contract",
                    "declarer": self.declarer,
                    "kind": self.kind,
                    "bid": self.bid,
                    "trump": SUITS[self.trump] if self.trump >= 0 else None,
                    "called_card": card_str(called) if called >= 0 else None,
                }
            )

    def _call_card_legal(self) -> tuple[CallCard, ...]:
        free = ~self.hands[self.declarer]
        if self.rules.called_card_rule == "trump_suit_only":
            return CALL_CARD_SUBSETS[free & SUIT_PACK_MASK[self.trump]]
        subsets = CALL_CARD_SUBSETS
        return subsets[free & _S0] + subsets[free & _S1] + subsets[free & _S2] + subsets[free & _S3]

    # ---- the DealState API ---------------------------------------------------

    def current_player(self) -> int:
        return -1 if self.phase == OVER else self.turn

    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_moves(self) -> tuple[Move, ...]:
        phase = self.phase
        if phase == PLAY:
            hand = self.hands[self.turn]
            if self.trick:
                follow = hand & SUIT_PACK_MASK[self._led]
                if follow:
                    return PLAY_SUBSETS[follow]
            s = PLAY_SUBSETS
            return s[hand & _S0] + s[hand & _S1] + s[hand & _S2] + s[hand & _S3]
        if phase == AUCTION:
            return self._auction_legal()
        if phase == TRUMP:
            return TRUMPS
        if phase == CALL_CARD:
            return self._call_card_legal()
        return ()

    def apply(self, move: Move) -> None:
        phase = self.phase
        if phase == PLAY:
            if type(move) is not Play:
                raise IllegalMove(f"expected a card play, got {move!r}")
            self._play(move.card)
        elif phase == AUCTION:
            if type(move) is not Call:
                raise IllegalMove(f"expected an auction call, got {move!r}")
            self._call(move)
        elif phase == TRUMP:
            if type(move) is not Trump or not 0 <= move.suit < 4:
                raise IllegalMove(f"expected a trump suit choice, got {move!r}")
            self.trump = move.suit
            self.phase = CALL_CARD
        elif phase == CALL_CARD:
            card = move.card if type(move) is CallCard else -1
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
            self.log.append({"type": "play", "seat": seat, "card": card_str(card)})
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
        self.points_won[winner] += points
        self.tricks_won[winner] += 1
        cards = tuple(self.trick)
        self.tricks.append((self.trick_leader, cards, winner))
        if self.log is not None:
            self.log.append(
                {
                    "type": "trick",
                    "number": len(self.tricks),
                    "leader": self.trick_leader,
                    "cards": [card_str(c) for c in cards],
                    "winner": winner,
                    "points": points,
                }
            )
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
                }
            )
        return rows

    def score_event(self, totals: Sequence[int]) -> dict[str, Any]:
        nuls = self.kind == "nuls"
        return {
            "type": "score",
            "declarer": self.declarer,
            "partner": None if nuls else self.partner,
            "kind": self.kind,
            "bid": None if nuls else self.bid,
            "team_points": self.team_points,
            "made": self.made,
            "hand_scores": list(self.the_hand_scores),
            "totals": list(totals),
        }

    def clone(self) -> SuecaDeal:
        """An independent copy with no log (shares only the immutable rules)."""
        return copy.deepcopy(self, {id(self.log): None, id(self.rules): self.rules})

    def view(self, seat: int) -> SuecaView:
        phase = self.phase
        partner = self.partner
        visible_partner = partner if partner >= 0 and (seat == partner or self.partner_revealed) else None
        return SuecaView(
            game="sueca",
            seat=seat,
            rules=self.rules,
            dealer=self.hand_dealer,
            phase=PHASE_NAMES[phase],
            to_move=self.current_player(),
            hand=self.hands[seat],
            calls=tuple(self.calls),
            high_bid=self.high_bid,
            high_bidder=self.high_bidder,
            declarer=self.declarer,
            contract=self.kind,
            bid=self.bid,
            trump=self.trump if self.trump >= 0 else None,
            called_card=self.called_card if self.called_card >= 0 else None,
            partner=visible_partner,
            trick_leader=self.trick_leader,
            trick=tuple(self.trick),
            trick_winner=self._best_seat,
            tricks=tuple(self.tricks),
            tricks_won=tuple(self.tricks_won),
            points_won=tuple(self.points_won),
            played=self.played,
            scores=tuple(self.scores),
        )

    def move_text(self, move: Move) -> str:
        if isinstance(move, Call):
            if move.call == "pass":
                return "pass"
            return "nuls" if move.call == "nuls" else f"bid {move.call}"
        if isinstance(move, Trump):
            return f"trump {SUITS[move.suit]}"
        if isinstance(move, CallCard):
            return f"call {card_pretty(move.card)}"
        if isinstance(move, Play):
            return f"play {card_pretty(move.card)}"
        return repr(move)
