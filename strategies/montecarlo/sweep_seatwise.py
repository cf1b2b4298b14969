"""Inference from play in Sweep, one seat at a time: a hand drawn for each seat read, by its own plays.

Rejection over whole deals (:class:`strategies.montecarlo.inference.RejectionSampler`) keeps a
uniform deal with the chance that every seat read made its plays: the product of the seats'
chances, so each seat read divides the deals kept by the share of hands that explain its plays,
and reading the partner too (three seats in 4-player Sweep) leaves few deals kept within the pool.
In Sweep a seat's plays hang on its own hand alone (the table, piles and sweeps of its past views
are public: ``strategies/montecarlo/sweep_inference.py``), so the chance factors by seat, and
:class:`SeatwiseSampler` draws the seats' hands one after the other: for each seat read, in the
order of its first play read, a uniform hand from the cards no hand drawn so far holds, kept with
the chance of that seat's plays (after ``pool`` draws none of which was kept, one of them by that
chance); then the other hands and the stock share the rest uniformly, the stock shuffled. The cost
is the sum of the seats' draws rather than their product.

Its deals are not exactly the posterior of the model: a seat drawn first takes its cards without
regard to how well the rest explains the plays of the seats after it. While the stock holds cards
that dependence is small (a test finds its draws place the cards as rejection over whole deals
does); once the stock is gone and every other seat is read, the hands drawn first decide the last,
so there it weighs every split of the few cards left and draws from the exact posterior. With no
play read it is the game's sampler.
The constraints are those of ``determinize`` without builds (the game with builds has no model):
a card the centre redeal returned, while the first hands are played, is in the stock.
"""

from __future__ import annotations

import bisect
import dataclasses
import itertools
import math
import random
from typing import Any

from simulator.cards import cards_of, mask_of
from simulator.games.sweep.determinize import _shuffle, determinize
from simulator.games.sweep.state import SweepState
from simulator.games.sweep.view import SweepView
from strategies.montecarlo.inference import PartnerModel, resample
from strategies.montecarlo.sweep_inference import play_log_chance, read_plays


@dataclasses.dataclass(frozen=True)
class SeatwiseSampler:
    """Deals whose hands are drawn seat by seat, each kept by the chance of its seat's plays under
    the model (opponents: a softmax of ``weight`` times the default heuristic's scores; the partner,
    with a ``partner`` model, as :class:`PartnerModel` says), over the last ``last`` plays read."""

    weight: float
    last: int
    pool: int
    partner: PartnerModel | None = None

    def __call__(self, view: SweepView, rng: random.Random) -> SweepState:
        deal = determinize(view, rng)
        if view.rules.builds:
            return deal
        by_seat: dict[int, list[tuple[Any, int]]] = {}
        for play, after in read_plays(view, self.last, self.partner):
            by_seat.setdefault(play.seat, []).append((play, after))
        if not by_seat:
            return deal
        position = deal.position()
        rules = view.rules
        eight = rules.deal_mode == "eight_card_single"
        sink = position.set_aside if eight else mask_of(position.stock)
        if not sink and len(by_seat) == rules.num_players - 1:  # the last seat's hand is the rest
            return self._whole(view, deal, rng)
        hands = list(position.hands)
        others = [s for s in range(rules.num_players) if s != view.seat]
        unseen = sink
        for s in others:
            unseen |= hands[s]
        per_deal = 8 * rules.num_players if eight else 4 * rules.num_players
        first_deal = eight or len(view.history) < per_deal
        forced = view.centre_returned & unseen if first_deal else 0
        free = unseen & ~forced
        for seat, plays in by_seat.items():
            hands[seat] = self._hand(view, plays, free, hands[seat].bit_count(), rng)
            free &= ~hands[seat]
        rest = list(cards_of(free))
        _shuffle(rest, rng)
        for s in others:
            if s not in by_seat:
                size = hands[s].bit_count()
                hands[s], rest = mask_of(rest[:size]), rest[size:]
        stock = rest + list(cards_of(forced))
        _shuffle(stock, rng)
        if eight:
            got = dataclasses.replace(position, hands=tuple(hands), set_aside=mask_of(stock))
        else:
            got = dataclasses.replace(position, hands=tuple(hands), stock=tuple(stock))
        return SweepState.from_position(got)

    def _hand(
        self,
        view: SweepView,
        plays: list[tuple[Any, int]],
        free: int,
        size: int,
        rng: random.Random,
    ) -> int:
        """A hand of ``size`` cards of ``free`` for the seat of ``plays``, drawn uniformly and kept
        with the chance of those plays (after ``pool`` draws, one of them by that chance)."""
        cards = list(cards_of(free))
        draws = []
        for _ in range(self.pool):
            hand = mask_of(rng.sample(cards, size))
            floor = math.log(1.0 - rng.random())  # kept if its log-chance is at least this
            if self._log_chance(view, plays, hand, floor) >= floor:
                return hand
            draws.append(hand)
        logs = [self._log_chance(view, plays, hand, -math.inf) for hand in draws]
        hand_drawn: int = resample(draws, logs, rng)
        return hand_drawn

    def _log_chance(self, view: SweepView, plays: list[tuple[Any, int]], hand: int, floor: float) -> float:
        """Log of the chance of ``plays`` from ``hand``, or a value below ``floor`` once it falls below."""
        total = 0.0
        for play, after in plays:
            total += play_log_chance(view, play, hand | after, self.weight, self.partner)
            if total < floor:
                break
        return total

    def _whole(self, view: SweepView, deal: SweepState, rng: random.Random) -> SweepState:
        """A deal from the model's exact posterior, enumerated: once the stock is gone and every
        other seat is read, the hands drawn first would decide the last one's, and the few cards
        left make every split of them cheap to weigh (once per view, for all its samples)."""
        if _last[0] is not view or _last[1] != self:
            _last[:] = [view, self, self._splits(view, deal)]
        splits, cumulative = _last[2]
        pick = bisect.bisect_right(cumulative, rng.random() * cumulative[-1])
        got = dataclasses.replace(deal.position(), hands=splits[min(pick, len(splits) - 1)])
        return SweepState.from_position(got)

    def _splits(self, view: SweepView, deal: SweepState) -> tuple[list[tuple[int, ...]], list[float]]:
        """Every split of the other hands' cards and the running sum of their chances."""
        others = [s for s in range(view.rules.num_players) if s != view.seat]
        plays: dict[int, list[tuple[Any, int]]] = {s: [] for s in others}
        for play, after in read_plays(view, self.last, self.partner):
            plays[play.seat].append((play, after))
        pool = 0
        for s in others:
            pool |= deal.hands[s]

        def log(seat: int, hand: int) -> float:
            return self._log_chance(view, plays[seat], hand, -math.inf)

        found: list[tuple[tuple[int, ...], float]] = []

        def split(k: int, left: int, hands: list[int], total: float) -> None:
            seat = others[k]
            if k == len(others) - 1:
                hands[seat] = left
                found.append((tuple(hands), total + log(seat, left)))
                return
            for cards in itertools.combinations(list(cards_of(left)), view.hand_sizes[seat]):
                hand = mask_of(cards)
                hands[seat] = hand
                split(k + 1, left & ~hand, hands, total + log(seat, hand))

        split(0, pool, list(deal.hands), 0.0)
        top = max(x for _, x in found)
        cumulative = list(itertools.accumulate(math.exp(x - top) for _, x in found))
        return [hands for hands, _ in found], cumulative


#: the last view enumerated, the sampler and its splits (the samples of one decision share them)
_last: list[Any] = [None, None, None]
