"""Inference from play in Sueca italienne: how likely a sampled deal makes the cards the other
seats played.

A card a seat played says something about the cards it held: a player who let an opponent's
ace take ten points while holding the seven of trumps did not think like the heuristic, or did
not hold the seven. :func:`log_likelihood` scores a sampled deal by the chance that the other
seats, holding the cards the sample gives them, would have played what they played, under a
model of their play: a softmax of the default heuristic's card-play scores (the same choices
as ``SuecaRollout``) at a temperature, over each seat's legal cards at the time. Each past
decision is scored from the view that seat had then, rebuilt from the public record and the
sample's hand for it (the cards it holds now plus those it has played since), so the model
never reads more than the sampled deal and the searching seat's own view.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from simulator.games.sueca import PLAYS, POINTS, SuecaMove, SuecaView, trick_value
from simulator.games.sueca.movegen import play_moves

#: the model's scores of a seat's legal cards from its view (the heuristic's card-play scores)
Scores = Callable[[SuecaView, Sequence[SuecaMove]], list[float]]


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


def log_likelihood(view: Any, deal: Any, weight: float, last: int, model: Scores) -> float:
    """Log of the chance that the other seats, holding ``deal``'s cards, played their last
    ``last`` cards of this hand as they did, each a softmax of ``weight`` times the model's
    scores over its legal cards (``weight`` is the inverse temperature). 0 outside the play."""
    if view.phase != "play" or view.contract is None:
        return 0.0
    plays = _plays(view)
    hands = deal.hands
    total = 0.0
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
        scores = model(then, moves)
        top = max(scores)
        norm = math.log(math.fsum(math.exp(weight * (s - top)) for s in scores))
        total += weight * (scores[moves.index(PLAYS[card])] - top) - norm
        scored += 1
        if scored >= last:
            break
    return total
