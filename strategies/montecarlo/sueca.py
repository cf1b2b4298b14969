"""Montecarlo in Sueca italienne: its defaults, and a lean rollout policy, the default heuristic's
choices made faster.

Greedy Sueca is a poor model of the seats a montecarlo search meets: it bids the lowest bid its
rough estimate reaches, and in the play it never reads who can still beat a card. ``SuecaRollout``
makes the default heuristic's choice at every decision (bids valued T(bid) x (2 P(make) - 1) plus
the bidding risk, nuls on weak hands, the trump of the best fitted estimate, the strongest trump
not held as the called card, and the card whose trick points signed by the chance its side keeps
the trick, minus the cost of trumps and high cards, scores best), with the same weights and the
same tie rule, but scores only the features whose default weight is not zero, shares the trick's
reading between the cards and values each bracket of the score table once. Only the view is read.
Compiled by mypyc (compiled.txt): its rollouts are most of a Sueca search's CPU.

The exact endgame's part (strategies/montecarlo/endgame.py) and the names montecarlo reads from
every game's module (strategies/montecarlo/plugin.py) are at the end.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from typing import Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from simulator.games.sueca import (
    BID,
    CALL_CARD,
    NULS,
    PACK_MASK,
    PASS,
    PLAY,
    POINTS,
    STRENGTH,
    SUIT_PACK_MASK,
    TOTAL_POINTS,
    TRUMP,
    SuecaMove,
    SuecaView,
    hand_scores,
    trick_value,
)
from simulator.games.sueca.state import PLAY_PHASE
from simulator.strategy import Strategy
from strategies.heuristic.features.sueca import FEATURES
from strategies.heuristic.plugin import best_scored
from strategies.heuristic.sueca import bid_value, fitted_estimate, nuls_weakness
from strategies.heuristic.sueca_reading import side_chances, voids
from strategies.montecarlo.endgame import EndgamePart
from strategies.montecarlo.outcome import EarlyStop, margin
from strategies.montecarlo.search import LazyView
from strategies.montecarlo.sueca_inference import log_likelihood


def _weight(name: str) -> float:
    """The default heuristic's weight of one Sueca feature."""
    return next(f.default for f in FEATURES if f.name == name)


W_RISK: Final = _weight("bid_risk")
W_NULS: Final = _weight("nuls_weakness")
W_BID: Final = _weight("bid_value")
W_TRUMP_EST: Final = _weight("trump_estimate")
W_CALL_TRUMP: Final = _weight("call_trump")
W_CALL_STRENGTH: Final = _weight("call_strength")
W_TRUMP: Final = _weight("trump_played")
W_STRENGTH: Final = _weight("card_strength")
W_EXPECTED: Final = _weight("trick_expected")
W_NULS_TAKE: Final = _weight("nuls_take")
#: the features whose weight the rollout uses: every one with a non-zero default (a test checks it)
USED: Final = frozenset(
    {
        "bid_risk",
        "nuls_weakness",
        "bid_value",
        "trump_estimate",
        "call_trump",
        "call_strength",
        "trump_played",
        "card_strength",
        "trick_expected",
        "nuls_take",
    }
)
#: the lowest bid of each bracket of the score table T (rules §7.2): within one, the lowest is worth most
_BRACKETS: Final = (61, 71, 81, 91, 101, 120)


#: the best fitted estimate of a hand over the four trumps, by hand mask (a seat calls several
#: times in one auction, and every rollout of a decision replays the same auction hands)
_FITTED: dict[int, float] = {}
#: per card, the mask of the stronger cards of its suit
_STRONGER: Final = tuple(
    sum(1 << d for d in range(52) if (PACK_MASK >> d) & 1 and d & 3 == c & 3 and STRENGTH[d] > STRENGTH[c])
    for c in range(52)
)


class _Reader:
    """``heuristic.sueca_reading.TrickReader`` computed lazily: the same chances (same floats), but
    only for the seats and suits asked, each seat's share of a suit once."""

    __slots__ = ("_any", "_shares", "sizes", "trump", "unseen", "viewer", "void")

    def __init__(self, view: SuecaView, void: list[int]) -> None:
        self.trump = -1 if view.trump is None else view.trump
        self.void = void
        self.unseen = PACK_MASK & ~view.played & ~view.hand
        self.sizes = view.hand_sizes
        self.viewer = view.seat
        self._shares = [-1.0] * 20
        self._any = [-1.0] * 20

    def holds_any(self, s: int, suit: int, cards: int) -> float:
        """Chance seat ``s`` holds at least one of ``cards`` (of ``suit``), as ``TrickReader``."""
        k = (cards & self.unseen).bit_count()
        if not k:
            return 0.0
        key = s * 4 + suit
        share = self._shares[key]
        if share < 0.0:
            bit = 1 << suit
            sizes, void, viewer = self.sizes, self.void, self.viewer
            if s == viewer or void[s] & bit or not sizes[s]:
                share = 0.0
            else:
                total = sum([sizes[t] for t in range(5) if t != viewer and not void[t] & bit and sizes[t]])
                share = min(1.0, sizes[s] / total)
            self._shares[key] = share
        return 1.0 - (1.0 - share) ** k

    def holds_suit(self, s: int, suit: int) -> float:
        """Chance seat ``s`` holds a card of ``suit`` (the same for every card of one decision)."""
        key = s * 4 + suit
        out = self._any[key]
        if out < 0.0:
            out = self._any[key] = self.holds_any(s, suit, SUIT_PACK_MASK[suit])
        return out

    def side_keeps(
        self, winner_is_mine: float, card: int, led: int, later: list[int], side: list[float]
    ) -> float:
        """Chance the trick ends with the viewer's side (``TrickReader.side_keeps``)."""
        trump = self.trump
        suit = card & 3
        void = self.void
        holds_any, holds_suit = self.holds_any, self.holds_suit
        stronger = _STRONGER[card]
        q = winner_is_mine
        for s in later:
            void_led = 1.0 if void[s] >> led & 1 else 1.0 - holds_suit(s, led)
            if suit == trump:
                higher = holds_any(s, trump, stronger)
                b = higher if led == trump else void_led * higher
            else:
                p = holds_any(s, led, stronger)
                if trump >= 0:
                    p += void_led * holds_suit(s, trump)
                b = min(1.0, p)
            t = side[s]
            q = q * (1.0 - (1.0 - t) * b) + (1.0 - q) * t * b
        return q


@mypyc_attr(allow_interpreted_subclasses=True)  # a plug-in may derive its own rollout from it
class SuecaRollout(Strategy):
    """The default Sueca heuristic's choices at a fraction of its cost (a montecarlo rollout policy)."""

    games: ClassVar[tuple[str, ...]] = ("sueca",)
    summary: ClassVar[str] = (
        "Sueca rollout policy: the default heuristic's bids, trump, called card and card play, "
        "computed from its non-zero features only."
    )

    def choose(self, view: Any, moves: Sequence[SuecaMove]) -> SuecaMove:
        if type(view) is LazyView:
            view = view.built()
        action = moves[0].action
        if action <= BID:
            moves, scores = self.call_scores(view.hand, moves)
        elif action == PLAY:
            scores = self.play_scores(view, moves)
        elif action == TRUMP:
            scores = self.trump_scores(view.hand, moves)
        else:
            scores = self.call_card_scores(view.trump, moves)
        return best_scored(moves, scores, self.rng)

    @staticmethod
    def call_scores(hand: int, moves: Sequence[SuecaMove]) -> tuple[list[SuecaMove], list[float]]:
        """The calls that can be best with ``hand``, in the moves' order, and their scores: pass 0,
        nuls by the hand's weakness, a bid by its value; only the lowest bid of each bracket of T
        can be best (the engine lists pass, nuls if legal, then every bid upwards)."""
        fitted = _FITTED.get(hand)
        if fitted is None:
            if len(_FITTED) >= 1 << 16:
                _FITTED.clear()
            fitted = _FITTED[hand] = max(fitted_estimate(hand, t) for t in range(4))
        picks = [moves[0]]
        scores = [0.0]
        start = 1
        if len(moves) > 1 and moves[1].action == NULS:
            picks.append(moves[1])
            scores.append(W_NULS * nuls_weakness(hand))
            start = 2
        if len(moves) > start:
            lowest = moves[start].value
            for bid in (lowest, *[x for x in _BRACKETS if x > lowest]):
                picks.append(moves[start + bid - lowest])
                scores.append(math.fsum((W_RISK, W_BID * bid_value(fitted, bid))))
        return picks, scores

    @staticmethod
    def trump_scores(hand: int, moves: Sequence[SuecaMove]) -> list[float]:
        """The declarer's score of each trump: the fitted estimate of his side's points with it."""
        return [W_TRUMP_EST * (fitted_estimate(hand, m.value) / 10) for m in moves]

    @staticmethod
    def call_card_scores(trump: int | None, moves: Sequence[SuecaMove]) -> list[float]:
        """The declarer's score of each card he may call: a trump, and a strong card."""
        return [
            math.fsum((W_CALL_TRUMP * (m.card & 3 == trump), W_CALL_STRENGTH * (STRENGTH[m.card] / 10)))
            for m in moves
        ]

    @staticmethod
    def play_scores(view: SuecaView, moves: Sequence[SuecaMove]) -> list[float]:
        trump = -1 if view.trump is None else view.trump
        trick = view.trick
        nuls = view.contract == "nuls"
        scores = []
        if nuls:
            declarer = view.declarer
            taking = view.seat == declarer or view.trick_winner == declarer
            if trick:
                led = trick[0] & 3
                best = max([trick_value(c, led, trump) for c in trick])
            for m in moves:
                c = m.card
                parts = [W_TRUMP * (c & 3 == trump), W_STRENGTH * (STRENGTH[c] / 10)]
                if trick and taking and trick_value(c, led, trump) > best:
                    parts.append(W_NULS_TAKE)
                scores.append(math.fsum(parts))
            return scores
        void = voids(view)
        side = side_chances(view, void)
        reader = _Reader(view, void)
        seat = view.seat
        after = [(seat + k) % 5 for k in range(1, 5 - len(trick))]
        on_table = sum([POINTS[c] for c in trick])
        if trick:
            led = trick[0] & 3
            values = [trick_value(c, led, trump) for c in trick]
            best = max(values)
            top = trick[values.index(best)]
            losing_keeps = reader.side_keeps(side[view.trick_winner], top, led, after, side)
        for m in moves:
            c = m.card
            if not trick:
                keeps = reader.side_keeps(1.0, c, c & 3, after, side)
            elif trick_value(c, led, trump) > best:
                keeps = reader.side_keeps(1.0, c, led, after, side)
            else:
                keeps = losing_keeps
            expected = (on_table + POINTS[c]) * (2.0 * keeps - 1.0)
            scores.append(
                math.fsum(
                    (W_TRUMP * (c & 3 == trump), W_STRENGTH * (STRENGTH[c] / 10), W_EXPECTED * expected)
                )
            )
        return scores


def sueca_decided(state: Any) -> bool:
    """Whether a points contract's hand score is fixed before its last trick: the defenders have
    more than 120 minus the bid, or (scored by the bid) the team has the bid. Checked between
    tricks only; a rollout that stops here is scored by :func:`sueca_margin`."""
    if state.trick or state.kind != "points" or state.partner < 0:
        return False
    bid = state.bid
    won = state.points_won
    team = won[state.declarer] + won[state.partner]
    if TOTAL_POINTS - bid < sum(won) - team:
        return True
    return team >= bid and state.rules.score_index == "bid"


def sueca_margin(state: Any, side: int) -> float:
    """The deal's points margin of ``side`` (montecarlo's ``margin``), also of a hand stopped once
    :func:`sueca_decided`: the score the remaining tricks can no longer change."""
    if state.is_over():
        return margin(state.side_points(), side)
    won = state.points_won
    team = won[state.declarer] + won[state.partner]
    _, scores = hand_scores("points", state.declarer, state.partner, state.bid, team, 0, "bid")
    return margin(scores, side)


def sueca_window(state: Any, side: int) -> tuple[float, float]:
    """The lowest and highest margin the hand can still end with for ``side``: made or not (a
    points contract scored by the points made can score anything from its bid's value to 120's)."""
    declarer = state.declarer
    if state.kind == "nuls":
        ends = [hand_scores("nuls", declarer, -1, 0, 0, tricks, "bid")[1] for tricks in (0, 1)]
    else:
        index, bid, partner = state.rules.score_index, state.bid, state.partner
        teams = (0, bid, TOTAL_POINTS)
        ends = [hand_scores("points", declarer, partner, bid, team, 0, index)[1] for team in teams]
    values = [margin(scores, side) for scores in ends]
    return min(values), max(values)


def cards_left(state: Any) -> int:
    """Cards still to be played in the card play (before it, the whole hand)."""
    if state.phase != PLAY_PHASE:
        return 40
    return sum(h.bit_count() for h in state.hands)


def position_key(state: Any) -> Hashable:
    """What decides the rest of the card play: the hands, the open trick, the points the
    declarer's team has and the declarer's own points and tricks (nuls ends on its first)."""
    won = state.points_won
    declarer = state.declarer
    team = won[declarer] + (won[state.partner] if state.partner >= 0 else 0)
    return (
        state.turn,
        tuple(state.hands),
        tuple(state.trick),
        team,
        won[declarer],
        state.tricks_won[declarer],
    )


def allies(state: Any, seat: int) -> frozenset[int]:
    """The seats of ``seat``'s team in this (determinized) hand: the declarer and the partner
    against the others in a points contract, the declarer alone in nuls."""
    if state.kind == "nuls" or state.partner < 0:
        team = frozenset({state.declarer})
    else:
        team = frozenset({state.declarer, state.partner})
    return team if seat in team else frozenset(range(5)) - team


def order(state: Any, moves: Sequence[SuecaMove]) -> list[SuecaMove]:
    """Strong and rich cards first (they win or decide tricks)."""
    return sorted(moves, key=lambda m: STRENGTH[m.card] + POINTS[m.card], reverse=True)


def inference(
    view: Any, deal: Any, weight: float, last: int, floor: float = -math.inf, partner: Any = None
) -> float:
    """The log-likelihood of the other seats' calls, trump, called card and last ``last`` cards
    under ``deal``, each decision modelled as a softmax of ``weight`` times the default heuristic's
    scores (a value below ``floor`` as soon as it falls below it). Every other seat is read with
    that model: a Sueca partner is secret until the called card falls, so ``partner`` (a model of
    a known partner's play) has no part here."""
    return log_likelihood(view, deal, weight, last, SuecaRollout, floor)


#: the default rollout policy
ROLLOUT: Final = SuecaRollout
#: a points contract's rollout (and exact solve) stops once its hand score is fixed
EARLY_STOP: Final = EarlyStop(sueca_decided, sueca_margin, sueca_window)

#: the decisions that set the contract before the card play: the calls, the trump, the called card
CONTRACT_ACTIONS: Final = frozenset({PASS, NULS, BID, TRUMP, CALL_CARD})


def match_target(rules: Any) -> float:
    """The match total that decides the match: the target points (10 for a match without one)."""
    return rules.target_points or 10


#: the exact endgame's part
ENDGAME: Final = EndgamePart(cards_left, position_key, allies, order)

#: the model of the other seats' play that weights sampled deals
INFERENCE: Final = inference
#: a Sueca seat's plays hang on the others' hands too (voids, the partner): no seat-by-seat sampler
SEATWISE: Final = None
