"""Inference from play in Sueca italienne: how likely a sampled deal makes the calls and cards
the other seats made.

Every decision a seat made says something about the cards it held: a player who let an opponent's
ace take ten points while holding the seven of trumps did not think like the heuristic, or did
not hold the seven; a seat that passed at once holds no strong trump suit; a declarer who called
the seven of trumps probably holds its ace. :func:`log_likelihood` scores a sampled deal by the
chance that the other seats, holding the cards the sample gives them, would have decided as they
did, under a model of their play (the same choices as ``SuecaRollout``, the default heuristic's):
a softmax of the model's scores at a temperature, over the seat's legal moves at the time. The
calls, the trump and the called card are scored from the seat's whole hand of the deal (the cards
it holds now plus those it has played); each card play from the view that seat had then, rebuilt
from the public record and the sample's hand for it (the cards it holds now plus those it has
played since), so the model never reads more than the sampled deal and the searching seat's own
view.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Protocol

from simulator.games.sueca import PLAYS, POINTS, SuecaMove, SuecaView, trick_value
from simulator.games.sueca.movegen import auction_moves, call_card_moves, play_moves
from simulator.games.sueca.moves import BIDS, NULS_MOVE, PASS_MOVE, TRUMPS
from strategies.montecarlo.inference import log_softmax


class Model(Protocol):
    """A model of a seat's decisions: its score of each legal move (higher: more likely)."""

    @staticmethod
    def call_scores(hand: int, moves: Sequence[SuecaMove]) -> tuple[list[SuecaMove], list[float]]:
        """The calls the model may make with ``hand`` among ``moves``, and their scores."""

    @staticmethod
    def trump_scores(hand: int, moves: Sequence[SuecaMove]) -> list[float]:
        """The declarer's score of each trump."""

    @staticmethod
    def call_card_scores(trump: int | None, moves: Sequence[SuecaMove]) -> list[float]:
        """The declarer's score of each card he may call."""

    @staticmethod
    def play_scores(view: SuecaView, moves: Sequence[SuecaMove]) -> list[float]:
        """A seat's score of each card it may play, from its view."""


def _plays(view: SuecaView) -> list[tuple[int, int, int, int]]:
    """Every card played this hand: (seat, card, trick index, position in the trick)."""
    out = []
    for t, (leader, cards, _) in enumerate(view.tricks):
        out += [((leader + j) % 5, c, t, j) for j, c in enumerate(cards)]
    t = len(view.tricks)
    out += [((view.trick_leader + j) % 5, c, t, j) for j, c in enumerate(view.trick)]
    return out


def _trick_winner(leader: int, cards: tuple[int, ...], trump: int) -> int:
    """The seat winning the open trick ``cards`` led by ``leader`` (-1: no card yet)."""
    if not cards:
        return -1
    led = cards[0] & 3
    values = [trick_value(c, led, trump) for c in cards]
    return (leader + values.index(max(values))) % 5


def past_view(
    view: SuecaView, plays: list[tuple[int, int, int, int]], k: int, hands: list[int], partner: int
) -> SuecaView:
    """The view of the seat that made play ``k`` of ``plays``, just before it: the public record
    then, and as its hand its cards in the sampled deal (``hands`` now, plus what it played since).
    ``partner`` is the sampled deal's partner (the seat holding the called card)."""
    seat, _, t, j = plays[k]
    later = plays[k:]
    hand = hands[seat]
    sizes = list(view.hand_sizes)
    for s, c, _, _ in later:
        sizes[s] += 1
        if s == seat:
            hand |= 1 << c
    tricks = view.tricks[:t]
    if t < len(view.tricks):
        leader, cards = view.tricks[t][0], view.tricks[t][1][:j]
    else:
        leader, cards = view.trick_leader, view.trick[:j]
    tricks_won = [0] * 5
    points_won = [0] * 5
    played = 0
    for _, done, winner in tricks:
        tricks_won[winner] += 1
        points_won[winner] += sum(POINTS[c] for c in done)
        for c in done:
            played |= 1 << c
    for c in cards:
        played |= 1 << c
    trump = -1 if view.trump is None else view.trump
    called = view.called_card
    shown: int | None
    if called is not None and played >> called & 1:
        shown = next(s for s, c, _, _ in plays if c == called)
    else:
        shown = seat if seat == partner else None
    return replace(
        view,
        seat=seat,
        current_player=seat,
        hand=hand,
        hand_sizes=tuple(sizes),
        partner=shown,
        trick_leader=leader if cards else -1,
        trick=cards,
        trick_winner=_trick_winner(leader, cards, trump),
        tricks=tricks,
        tricks_won=tuple(tricks_won),
        points_won=tuple(points_won),
        played=played,
    )


def whole_hands(view: SuecaView, hands: Sequence[int]) -> list[int]:
    """Each seat's hand of the deal: ``hands`` (held now) plus the cards it has played."""
    whole = list(hands)
    for seat, card, _, _ in _plays(view):
        whole[seat] |= 1 << card
    return whole


def contract_log_likelihood(view: SuecaView, deal: Any, weight: float, model: type[Model]) -> float:
    """Log of the chance that the other seats, holding ``deal``'s cards, made this hand's calls,
    and its declarer the trump and the called card, as they did under the model (each a softmax
    of ``weight`` times its scores). A call the model would never make is not scored."""
    hands = whole_hands(view, deal.hands)
    total = 0.0
    high, nuls = 0, False
    for seat, call in view.calls:
        move = PASS_MOVE if call == "pass" else NULS_MOVE if call == "nuls" else BIDS[int(call)]
        if seat != view.seat:
            picks, scores = model.call_scores(hands[seat], auction_moves(high, view.rules.bid_step, nuls))
            if len(picks) > 1 and move in picks:
                total += log_softmax(weight, scores, picks.index(move))
        if call == "nuls":
            nuls = True
        elif call != "pass":
            high = int(call)
    declarer = view.declarer
    if declarer < 0 or declarer == view.seat:
        return total
    hand = hands[declarer]
    trump = -1 if view.trump is None else view.trump
    if trump >= 0:
        total += log_softmax(weight, model.trump_scores(hand, TRUMPS), trump)
    called = view.called_card
    if called is not None:
        moves = call_card_moves(hand, trump if view.rules.called_card_rule == "trump_suit_only" else -1)
        if len(moves) > 1:
            cards = [m.card for m in moves]
            total += log_softmax(weight, model.call_card_scores(view.trump, moves), cards.index(called))
    return total


def log_likelihood(
    view: Any, deal: Any, weight: float, last: int, model: type[Model], floor: float = -math.inf
) -> float:
    """Log of the chance that the other seats, holding ``deal``'s cards, made this hand's calls,
    trump and called card (:func:`contract_log_likelihood`) and played their last ``last`` cards
    as they did, each card a softmax of ``weight`` times the model's scores over its legal cards
    (``weight`` is the inverse temperature); a value below ``floor`` as soon as it falls below it."""
    total = contract_log_likelihood(view, deal, weight, model)
    if view.phase != "play" or view.contract is None or total < floor:
        return total
    plays = _plays(view)
    hands = deal.hands
    scored = 0
    for k in range(len(plays) - 1, -1, -1):
        seat, card, _, j = plays[k]
        if seat == view.seat:
            continue
        then = past_view(view, plays, k, hands, deal.partner)
        led = then.trick[0] & 3 if j else -1
        moves = play_moves(then.hand, led)
        if len(moves) < 2:
            continue
        total += log_softmax(weight, model.play_scores(then, moves), moves.index(PLAYS[card]))
        scored += 1
        if scored >= last or total < floor:
            break
    return total
