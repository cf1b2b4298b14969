"""Montecarlo in Seep: its defaults, and its rollout policies (a greedy that fears sweeps, the heuristic).

Plain greedy Seep takes the most points and otherwise throws its cheapest card, blind to the
50-point sweep it hands the next player; the heuristic loses far fewer sweeps but costs five
times more per move. ``SeepRollout`` keeps greedy's speed and its captures and weighs every
capture and throw by what it takes now minus the chance the next player (always an opponent)
can clear the floor left, times that sweep's bonus, and a quarter of the loose points left. It
never builds houses (greedy does not either): rollouts value houses only through captures.
``SeepHeuristicRollout`` plays exactly as the default heuristic, houses included, at a quarter
of its cost (1.4 times ``SeepRollout``'s): it reads every feature from the sampled deal rather
than a built view, so rollouts play the other seats as heuristic seats really play.
Compiled by mypyc (compiled.txt): its rollouts are most of a Seep search's CPU.

The exact endgame's part (strategies/montecarlo/endgame.py) and the names montecarlo reads from
every game's module (strategies/montecarlo/plugin.py) are at the end.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from functools import lru_cache
from typing import Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from simulator.cards import FULL_DECK, RANK, RANK_MASK
from simulator.games.seep import (
    BID,
    BREAK,
    CAPTURE,
    HUNDRED_POINTS,
    THIRTY_POINTS,
    THROW,
    SeepMove,
    SeepState,
    pile_points,
    with_action,
)
from simulator.games.seep.combos import mask_value
from simulator.strategy import Strategy
from strategies.heuristic.cards import clearing_mask, p_holds_any
from strategies.heuristic.features.seep import FEATURES
from strategies.heuristic.plugin import best_scored, default_heuristic
from strategies.montecarlo.endgame import EndgamePart, side_allies
from strategies.montecarlo.search import LazyView
from strategies.montecarlo.seep_inference import log_likelihood

#: weights of the judgment (the default heuristic's: sweep_risk -0.8, points_left -0.25)
RISK_WEIGHT: Final = 0.8
LEFT_WEIGHT: Final = 0.25


def sweep_bonus(thirty: bool, play: int, total: int, card: int) -> int:
    """Bonus of clearing the floor on play number ``play`` (1-based) with ``card`` (seep.md §5.7, §12.1)."""
    if play >= total:
        return 0
    if thirty:
        return RANK[card]
    return 25 if play == 1 else 50


@mypyc_attr(allow_interpreted_subclasses=True)  # a plug-in may derive its own rollout from it
class SeepRollout(Strategy):
    """Greedy Seep that fears sweeps: captures and throws scored by points now minus the next
    player's chance to clear the floor times its bonus (a montecarlo rollout policy)."""

    games: ClassVar[tuple[str, ...]] = ("seep",)
    summary: ClassVar[str] = (
        "Seep rollout policy: greedy captures and throws, minus the next player's sweep chance "
        "times its bonus and a quarter of the loose points left."
    )

    def choose(self, view: Any, moves: Sequence[SeepMove]) -> SeepMove:
        if type(view) is LazyView:  # in a rollout: read the sampled deal, build no view
            state: SeepState = view.state
            if not state.bid:  # the bid: the highest value held, as greedy
                return max(moves, key=lambda m: m.value)
            seat = view.seat
            loose = state.loose if state.floor_up else 0
            hmask, hcards = state.hmask, state.hcards
            houses = [(v, hcards[v]) for v in range(9, 14) if hmask >> v & 1]
            next_hand = state.hands[(seat + 1) % state.n].bit_count()
            seen = state.hands[seat] | state.played | loose
            return self._best(
                moves, state.thirty, loose, houses, state.plays + 1, state.total_plays, next_hand, seen
            )
        if not view.bid:
            return max(moves, key=lambda m: m.value)
        houses = [(h.value, h.cards) for h in view.houses]
        next_hand = view.hand_sizes[(view.seat + 1) % view.rules.num_players]
        seen = view.hand | view.played | view.loose
        thirty = view.rules.scoring == "thirty"
        return self._best(moves, thirty, view.loose, houses, view.play + 1, view.total_plays, next_hand, seen)

    def _best(
        self,
        moves: Sequence[SeepMove],
        thirty: bool,
        loose: int,
        houses: list[tuple[int, int]],
        play: int,
        total: int,
        next_hand: int,
        seen: int,
    ) -> SeepMove:
        """The best capture or throw on play number ``play`` (1-based) of ``total``; ``houses``
        holds (value, cards) of each house, ``next_hand`` the next player's hand size and ``seen``
        every card the mover can see."""
        points = THIRTY_POINTS if thirty else HUNDRED_POINTS
        risky = play + 1 < total  # a sweep on the last play scores nothing
        for _, cards in houses:
            seen |= cards
        unseen = FULL_DECK & ~seen
        n_unseen = unseen.bit_count()
        bonus = RISK_WEIGHT * (7 if thirty else 50)
        loose_points = pile_points(loose, thirty)
        risks: dict[tuple[int, int], float] = {}  # (value, floor taken) -> expected sweep loss
        best: list[SeepMove] = []
        best_score = -1e18
        for move in (*with_action(moves, CAPTURE), *with_action(moves, THROW)):
            card = move.card
            v = RANK[card]
            if move.action == CAPTURE:
                floor = move.floor
                taken = pile_points(floor, thirty)
                gain = taken + points[card]
                others = 0
                for hv, cards in houses:
                    if hv == v:
                        gain += pile_points(cards, thirty)
                    else:
                        others += 1
                if floor == loose and not others:
                    gain += sweep_bonus(thirty, play, total, card)
                score = gain - LEFT_WEIGHT * (loose_points - taken)
                key = (v, floor)
            else:
                score = -LEFT_WEIGHT * (loose_points + points[card])
                key = (v, -1)
            if score < best_score - 1e-9:  # the risk only lowers it: it cannot be best
                continue
            if risky:
                risk = risks.get(key)
                if risk is None:
                    risk = risks[key] = self._risk(key, loose, houses, unseen, n_unseen, next_hand) * bonus
                score -= risk
            if score > best_score + 1e-9:
                best, best_score = [move], score
            elif score > best_score - 1e-9:
                best.append(move)
        if not best:  # only house moves (the bidder's opening can be one): the first
            return moves[0]
        return best[0] if len(best) == 1 else best[int(self.rng.random() * len(best))]

    @staticmethod
    def _risk(
        key: tuple[int, int], loose: int, houses: list[tuple[int, int]], unseen: int, n_unseen: int, hand: int
    ) -> float:
        """Chance the next player can clear the floor left by a capture of ``floor`` or (floor
        -1) a throw of a card of value ``v``."""
        v, floor = key
        if floor < 0:
            left = loose | RANK_MASK[v] & ~loose & -(RANK_MASK[v] & ~loose)  # one more card of value v
            left_houses = [hv for hv, _ in houses]
        else:
            left = loose & ~floor
            left_houses = [hv for hv, _ in houses if hv != v]
        if len(left_houses) > 1 or not (left or left_houses):
            return 0.0
        sweepers = clearing_mask(left, left_houses[0] if left_houses else 0) & unseen
        return p_holds(sweepers.bit_count(), hand, n_unseen) if sweepers else 0.0


p_holds: Final = lru_cache(maxsize=1 << 12)(p_holds_any)

#: the default heuristic's weights, in the order of its Seep features
WEIGHTS: Final = tuple(f.default for f in FEATURES)


@mypyc_attr(allow_interpreted_subclasses=True)
class SeepHeuristicRollout(Strategy):
    """The default Seep heuristic's choices, each move's features read from the sampled deal
    behind a ``LazyView`` instead of a built view (a montecarlo rollout policy that plays the
    other seats as heuristic seats do; tests/strategies/montecarlo/test_seep.py checks the same
    scores and choices as the heuristic's at every position of random deals)."""

    games: ClassVar[tuple[str, ...]] = ("seep",)
    summary: ClassVar[str] = (
        "Seep rollout policy: the default heuristic's choices, its houses included, computed from "
        "the sampled deal."
    )

    def choose(self, view: Any, moves: Sequence[SeepMove]) -> SeepMove:
        if type(view) is LazyView:
            scores = heuristic_scores(view.state, view.seat, moves)
        else:
            scores = default_heuristic().scores(view, moves)
        return best_scored(moves, scores, self.rng)


def heuristic_scores(state: SeepState, seat: int, moves: Sequence[SeepMove]) -> list[float]:
    """The default heuristic's score of each move (strategies/heuristic/seep.py, feature by
    feature), from what ``seat`` sees of ``state``: its unseen cards are the other hands, the
    stock and a floor still face down, as every card played, captured or on the floor is public."""
    w_points, w_sweep, w_cards, w_risk, w_left, w_hpoints, w_backed, w_cemented = WEIGHTS[:8]
    w_exposed, w_partner, w_break_partner, w_break_opp, w_throw, w_bid_value, w_bid_copies = WEIGHTS[8:]
    thirty = state.thirty
    hand = state.hands[seat]
    sides = state.rules.side_of_seat
    partners = 0
    for s in range(state.n):
        if s != seat and sides[s] == sides[seat]:
            partners |= 1 << s
    loose = state.loose if state.floor_up else 0
    hmask, hcards, howners = state.hmask, state.hcards, state.howners
    seen = hand | loose | state.played
    for pile in state.piles:
        seen |= pile
    for v in range(9, 14):
        if hmask >> v & 1:
            seen |= hcards[v]
    unseen = FULL_DECK & ~seen
    n_unseen = unseen.bit_count()
    next_hand = state.hands[(seat + 1) % state.n].bit_count()
    play = state.plays + 1
    total = state.total_plays
    risky = play + 1 < total
    bonus = 7 if thirty else 50
    scores: list[float] = []
    for move in moves:
        action = move.action
        if action == BID:
            copies = (hand & RANK_MASK[move.value]).bit_count()
            scores.append(
                math.fsum([x for x in (w_bid_value * (move.value - 9), w_bid_copies * copies) if x])
            )
            continue
        card, floor = move.card, move.floor
        bit = 1 << card
        v = RANK[card]
        terms: list[float] = []
        if action == CAPTURE:
            taken = floor | bit | (hcards[v] if hmask >> v & 1 else 0)
            left_loose = loose & ~floor
            left_hmask = hmask & ~(1 << v)
            terms.append(w_points * pile_points(taken, thirty))
            terms.append(w_cards * taken.bit_count())
            if not left_loose and not left_hmask:
                terms.append(w_sweep * sweep_bonus(thirty, play, total, card))
        elif action == THROW:
            left_loose = loose | bit
            left_hmask = hmask
            terms.append(w_throw * pile_points(bit, thirty))
        else:
            value = move.value
            left_loose = loose & ~floor
            cards = bit | floor
            left_hmask = hmask
            if action == BREAK:
                old = value - v
                if hmask >> old & 1:
                    cards |= hcards[old]
                    left_hmask &= ~(1 << old)
                ally = 1.0 if hmask >> old & 1 and howners[old] & partners else 0.0
                terms.append(w_break_partner * ally)
                terms.append(w_break_opp * (1.0 - ally))
            elif hmask >> value & 1 and howners[value] & partners:
                terms.append(w_partner)
            if left_hmask >> value & 1:
                cards |= hcards[value]
            left_hmask |= 1 << value
            points = pile_points(cards, thirty)
            terms.append(w_hpoints * points)
            terms.append(w_backed * (1.0 if hand & ~bit & RANK_MASK[value] else 0.0))
            cemented = state.cementing and mask_value(cards) >= 2 * value
            terms.append(w_cemented * (1.0 if cemented else 0.0))
            holds = p_holds_any((RANK_MASK[value] & unseen).bit_count(), next_hand, n_unseen)
            terms.append(w_exposed * (holds * points))
        terms.append(w_left * pile_points(left_loose, thirty))
        if left_loose or left_hmask:
            sweepers = 0
            if left_hmask & (left_hmask - 1) == 0:  # at most one house left
                sweepers = (
                    clearing_mask(left_loose, left_hmask.bit_length() - 1 if left_hmask else 0) & unseen
                )
            chance = p_holds_any(sweepers.bit_count(), next_hand, n_unseen)
            terms.append(w_risk * (chance * bonus if risky else 0.0))
        scores.append(math.fsum([t for t in terms if t]))
    return scores


def cards_left(state: Any) -> int:
    """Cards still to be played: the hands and the stock (before the bid, the whole deal)."""
    if not state.bid:
        return 52
    return sum(h.bit_count() for h in state.hands) + len(state.stock)


def position_key(state: Any) -> Hashable:
    """What decides the rest of a deal: the hands, the stock, the floor (loose cards and houses
    with their owners), the piles, the sweep points, the last capturer and the play count."""
    return (
        state.turn,
        tuple(state.hands),
        tuple(state.stock),
        state.loose,
        state.hmask,
        tuple(state.hcards),
        tuple(state.howners),
        tuple(state.owned),
        state.ordinary,
        tuple(state.piles),
        tuple(state.sweep_pts),
        state.last_capturer,
        state.plays,
    )


def _promise(move: SeepMove, thirty: bool) -> int:
    """Captures first, the more points the better; then houses; throws last, the cheapest first."""
    if move.action == CAPTURE:
        return 1000 + pile_points(move.floor | 1 << move.card, thirty)
    if move.action == THROW:
        return -pile_points(1 << move.card, thirty)
    if move.action == BID:
        return move.value
    return 500


def order(state: Any, moves: Sequence[SeepMove]) -> list[SeepMove]:
    """The likely best moves first (:func:`_promise`)."""
    thirty = state.thirty
    return sorted(moves, key=lambda m: _promise(m, thirty), reverse=True)


#: the default rollout policy
ROLLOUT: Final = SeepRollout
#: rollouts play the deal to its end
EARLY_STOP: Final = None

#: the decision that sets the contract before the card play: the opening bid
CONTRACT_ACTIONS: Final = frozenset({BID})


def match_target(rules: Any) -> float:
    """The match total that decides the match: the baazi target."""
    return rules.baazi_target


#: the exact endgame's part
ENDGAME: Final = EndgamePart(cards_left, position_key, side_allies, order)

#: the model of the other seats' play that weights sampled deals (strategies/montecarlo/seep_inference.py)
INFERENCE: Final = log_likelihood
#: no seat-by-seat sampler: the holding facts ``determinize`` keeps tie the hidden hands together
SEATWISE: Final = None
