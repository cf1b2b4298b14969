"""Sampling the cards a seat cannot see, uniformly among the deals consistent with its view.

What a seat knows (sweep.md): its hand, everything face up (table, builds, piles,
every play), each hand's size and the stock's, and two deductions:

* the centre redeal (§3.3) turns the cards it puts back into the stock face up; they
  went into the stock after the first hands were dealt, so while those hands are
  being played (the first deal, or the whole eight-card round) an unseen returned
  card is in the stock (the set-aside cards in the eight-card deal), never in a hand;
* a BUILD of value B (§9.1) needs the builder to hold a number card of value B
  afterwards; hands only shrink within a deal, so when the build was made in the
  current deal and its owner has not played a card of value B since, the owner
  still holds one.

The method is exact sequential sampling: the forced returned cards go to the
stock; then, for each value some hand must hold, the number of its unseen cards
each hand and the stock receive is drawn with probability proportional to the
number of complete deals it leaves (counted exactly, multinomials over the
remaining room, memoised); the other unseen cards fill the remaining room
uniformly and the stock is shuffled. Every consistent deal is therefore equally
likely, and without build constraints this is one shuffle.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from math import factorial

from simulator.cards import FULL_DECK, RANK, RANK_MASK, cards_of, mask_of
from simulator.games.sweep.moves import BUILD, CAPTURE, TRAIL
from simulator.games.sweep.state import SweepPosition, SweepState
from simulator.games.sweep.view import SweepView


def determinize(view: SweepView, rng: random.Random) -> SweepState:
    """A complete round whose ``view(view.seat)`` equals ``view``, hidden cards sampled uniformly.

    The state gets a fresh RNG seeded from ``rng``; ``ValueError`` if no deal fits the view.
    """
    rules = view.rules
    n = rules.num_players
    me = view.seat
    eight = rules.deal_mode == "eight_card_single"
    seen = view.hand | view.table
    for b in view.builds:
        seen |= b[1]
    for p in view.piles:
        seen |= p
    unseen = FULL_DECK & ~seen
    others = [s for s in range(n) if s != me]
    caps = [view.hand_sizes[s] for s in others]
    sink = 52 - 8 * n - 4 if eight else view.stock_size  # the set-aside cards, or the stock
    if view.hand_sizes[me] != view.hand.bit_count() or sum(caps) + sink != unseen.bit_count():
        raise ValueError("the view's hand sizes and stock size do not match its unseen cards")
    per_deal = 8 * n if eight else 4 * n
    deal_start = len(view.history) // per_deal * per_deal if not eight else 0
    forced = view.centre_returned & unseen if deal_start == 0 else 0
    needs = _build_needs(view, deal_start, others)
    sampled = _sample(unseen & ~forced, [*caps, sink - forced.bit_count()], needs, rng)
    hands = [0] * n
    hands[me] = view.hand
    for s, cards in zip(others, sampled[:-1], strict=True):
        hands[s] = mask_of(cards)
    stock = sampled[-1] + list(cards_of(forced))
    _shuffle(stock, rng)
    in_hands = sum(view.hand_sizes)
    return SweepState.from_position(
        SweepPosition(
            rules=rules,
            hands=tuple(hands),
            table=view.table,
            builds=view.builds,
            stock=() if eight else tuple(stock),
            set_aside=mask_of(stock) if eight else 0,
            piles=view.piles,
            sweeps=view.sweeps,
            ace_sweep_side=_ace_sweep_side(view),
            last_capturer=view.last_capturer,
            current_player=view.current_player,
            dealer=view.dealer,
            plays_left=in_hands + view.stock_size,
            deal_left=in_hands,
            history=view.history,
            scores=view.scores,
            centre_returned=view.centre_returned,
            seed=rng.getrandbits(63),
        )
    )


def _build_needs(view: SweepView, deal_start: int, others: list[int]) -> list[list[int]]:
    """Per other seat, the values its hand must still hold (builds of this deal, §9.1)."""
    needs: list[list[int]] = [[] for _ in others]
    history = view.history
    for i in range(deal_start, len(history)):
        seat, move = history[i]
        if move.action != BUILD or seat == view.seat:
            continue
        value = move.value
        if any(s == seat and RANK[m.card] == value for s, m in history[i + 1 :]):
            continue  # the card of value B the build needed has been played since
        need = needs[others.index(seat)]
        if value not in need:
            need.append(value)
    return needs


def _sample(pool: int, caps: list[int], needs: list[list[int]], rng: random.Random) -> list[list[int]]:
    """Cards of ``pool`` into slots of sizes ``caps`` (the other hands, then the stock), uniformly
    among the fillings where slot j holds a card of each value of ``needs[j]``."""
    values = sorted({v for need in needs for v in need})
    slots: list[list[int]] = [[] for _ in caps]
    room = tuple(caps)
    if values:
        groups = [list(cards_of(pool & RANK_MASK[v])) for v in values]
        lows = [(*(int(v in need) for need in needs), 0) for v in values]
        pool &= ~sum(RANK_MASK[v] for v in values)
        count = _Counter(groups, lows, pool.bit_count())
        if count(0, room) == 0:
            raise ValueError("no deal of the unseen cards satisfies the view's builds")
        for i, group in enumerate(groups):
            weights = [
                (split, _multinomial(len(group), split) * count(i + 1, _minus(room, split)))
                for split in _splits(len(group), room, lows[i])
            ]
            split = _pick(weights, rng)
            _shuffle(group, rng)
            _deal(group, split, slots)
            room = _minus(room, split)
    rest = list(cards_of(pool))
    _shuffle(rest, rng)
    _deal(rest, room, slots)
    return slots


class _Counter:
    """Exact numbers of fillings of the remaining room, memoised for one sampling."""

    def __init__(self, groups: list[list[int]], lows: list[tuple[int, ...]], free: int) -> None:
        self.sizes = [len(g) for g in groups]
        self.lows = lows
        self.free = free
        self.memo: dict[tuple[int, tuple[int, ...]], int] = {}

    def __call__(self, i: int, room: tuple[int, ...]) -> int:
        """Fillings of ``room`` with the value groups ``i..`` (at their minimums) and the free cards."""
        if i == len(self.sizes):
            return _multinomial(self.free, room) if sum(room) == self.free else 0
        key = (i, room)
        got = self.memo.get(key)
        if got is None:
            size = self.sizes[i]
            got = self.memo[key] = sum(
                _multinomial(size, split) * self(i + 1, _minus(room, split))
                for split in _splits(size, room, self.lows[i])
            )
        return got


def _shuffle(cards: list[int], rng: random.Random) -> None:
    """Fisher-Yates with ``rng.getrandbits`` inlined (``rng.shuffle`` makes two Python calls
    per card); uniform, though not ``rng.shuffle``'s own permutation."""
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def _pick(weights: list[tuple[tuple[int, ...], int]], rng: random.Random) -> tuple[int, ...]:
    """One of the splits, with probability proportional to its weight."""
    pick = rng.randrange(sum(w for _, w in weights))
    for split, w in weights:
        if pick < w:
            return split
        pick -= w
    raise AssertionError("unreachable: the pick is below the total weight")


def _deal(cards: list[int], split: tuple[int, ...], slots: list[list[int]]) -> None:
    """The first split[0] of ``cards`` to slot 0, the next split[1] to slot 1, ..."""
    at = 0
    for j, k in enumerate(split):
        slots[j] += cards[at : at + k]
        at += k


def _minus(room: tuple[int, ...], split: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(r - k for r, k in zip(room, split, strict=True))


def _splits(total: int, room: tuple[int, ...], low: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """How ``total`` cards can go into the slots: at least ``low[j]`` and at most ``room[j]`` each."""
    if len(room) == 1:
        if low[0] <= total <= room[0]:
            yield (total,)
        return
    for k in range(low[0], min(total, room[0]) + 1):
        for rest in _splits(total - k, room[1:], low[1:]):
            yield (k, *rest)


def _multinomial(total: int, split: tuple[int, ...]) -> int:
    out = factorial(total)
    for k in split:
        out //= factorial(k)
    return out


def _ace_sweep_side(view: SweepView) -> int:
    """The side whose sweep capture took A♠ under ``ace_of_spades_sweep_double`` (-1: none), from
    the public record: the table at the start of play, then every play's effect on it."""
    rules = view.rules
    if not rules.ace_of_spades_sweep_double:
        return -1
    played = 0
    for _, move in view.history:
        played |= 1 << move.card
    loose = view.table
    for b in view.builds:
        loose |= b[1]
    for p in view.piles:
        loose |= p
    loose &= ~played  # the table when play began: every card on it since came from a hand
    builds: list[int] = []
    last = (8 * rules.num_players if rules.deal_mode == "eight_card_single" else 48) - 1
    for i, (seat, move) in enumerate(view.history):
        bit = 1 << move.card
        if move.action == TRAIL:
            loose |= bit
        elif move.action == CAPTURE:
            loose &= ~move.mask
            builds = [b for b in builds if not b & move.mask]
            swept = not loose and not builds and (i < last or rules.last_play_sweep_counts)
            if swept and (move.mask | bit) & 1:
                return rules.side_of_seat[seat]
        else:
            loose &= ~move.mask
            builds.append(move.mask | bit)
    return -1
