"""Inference from play in Seep: how likely a sampled deal makes the plays the other seats made.

A seat that threw a king while it could take a house of kings, or left a floor its partner could
sweep, did not hold what a uniform sample gives it, if it plays as the model says.
:func:`log_likelihood` scores a sampled deal by the chance that the opponents, holding the cards the
sample gives them, would have made their plays of the current dealing under a model of their play:
a softmax, at a temperature, of the default heuristic's scores over the seat's legal moves then (as
Sweep's and Sueca's models). Each play's position is the public history replayed by the engine, as
``determinize`` replays it (every seat holding the cards it played), and the seat's hand then is the
sample's hand for it plus the cards it has played since; a test checks the rebuilt views against the
real ones. Only plays made from the hands now held are read (after the opening in 4- and 3-player
Seep, after the second deal once it is dealt with two players): a play of an earlier dealing was made
from cards all played since, the same in every sample; the bid and the opening come from the bidder's
first packet, which ``determinize`` already constrains. A partner's plays are read only with a
:class:`strategies.montecarlo.inference.PartnerModel` (a partner plays as the searching strategy does).
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

from simulator.games.seep import BID, SeepMove, SeepView
from simulator.games.seep.determinize import public_start
from simulator.games.seep.state import SeepPosition, SeepState
from strategies.heuristic.plugin import HeuristicStrategy, default_heuristic
from strategies.montecarlo.inference import PartnerModel, ScoreStore, move_log_chance, scores_of


@dataclasses.dataclass
class PastPlay:
    """A play of the current dealing by another seat: the position just before it (every hand but
    the mover's meaningless), what its seat saw then but its hand, and the model's scores of its
    moves under each hand it may have held then (filled as asked)."""

    seat: int
    move: SeepMove
    position: SeepPosition
    then: SeepView  # the seat's view just before the play, with its hand and hand sizes to set
    sizes: tuple[int, ...]  # every seat's hand size then
    scores: ScoreStore = dataclasses.field(default_factory=dict)


_cache: list[tuple[SeepView, list[tuple[PastPlay, int]]]] = []


def _dealing(plays: int, rules: Any, total: int) -> int:
    """Which dealing's hands a play made after ``plays`` plays comes from: 0 the bidder's first
    packet (the opening), 1 the hands dealt after it, 2 the second deal of two-player Seep."""
    if plays == 0:
        return 0
    return 2 if rules.num_players == 2 and total == 48 and plays >= 24 else 1


def past_plays(view: SeepView) -> list[tuple[PastPlay, int]]:
    """The other seats' plays made from the hands they hold now, each with the seat's cards played
    from it on (it included)."""
    if _cache and _cache[0][0] is view:
        return _cache[0][1]
    rules = view.rules
    plays: list[tuple[PastPlay, int]] = []
    if not view.floor_visible or view.play == 0:
        _cache[:] = [(view, plays)]
        return plays
    now = _dealing(view.play, rules, view.total_plays)
    s = public_start(view, 0)[0]  # the seat's own plays are not read: its hand then does not matter
    history = view.history
    for i, (seat, move) in enumerate(history):
        if move.action != BID and seat != view.seat and _dealing(s.plays, rules, view.total_plays) == now:
            after = 0
            sizes = list(view.hand_sizes)
            for later_seat, later in history[i:]:
                sizes[later_seat] += 1
                if later_seat == seat:
                    after |= 1 << later.card
            plays.append((PastPlay(seat, move, s.position(), s.view(seat), tuple(sizes)), after))
        s.apply(move)
    _cache[:] = [(view, plays)]
    return plays


def choice_then(play: PastPlay, held: int) -> tuple[SeepView, list[SeepMove]]:
    """The view of ``play``'s seat just before it, had the seat held ``held`` then, and its legal
    moves then."""
    hands = list(play.position.hands)
    hands[play.seat] = held
    position = SeepState.from_position(dataclasses.replace(play.position, hands=tuple(hands)))
    moves = list(position.legal_moves())
    return dataclasses.replace(play.then, hand=held, hand_sizes=play.sizes), moves


def scores_then(
    play: PastPlay, held: int, heuristic: HeuristicStrategy | None = None
) -> tuple[list[float], int]:
    """The scores by ``heuristic`` (the default heuristic's if None) of the moves ``play``'s seat
    had, had it held ``held`` then, and the index of the move it made among them (kept; -1 if that
    hand could not have made it: only a hand ``determinize`` would not draw)."""
    scorer = heuristic or default_heuristic()
    return scores_of(play.scores, scorer, held, play.move, lambda: choice_then(play, held))


def log_likelihood(
    view: Any,
    deal: Any,
    weight: float,
    last: int,
    floor: float = -math.inf,
    partner: PartnerModel | None = None,
) -> float:
    """Log of the chance that the opponents, holding ``deal``'s cards, made their last ``last``
    plays from the hands they hold now as they did, each a softmax of ``weight`` times the default
    heuristic's scores over its legal moves then (``weight`` is the inverse temperature), and, with
    a ``partner`` model, the partner its plays among them; a value below ``floor`` as soon as it
    falls below it."""
    sides = view.rules.side_of_seat
    mine = sides[view.seat]
    read = [(p, after) for p, after in past_plays(view) if partner or sides[p.seat] != mine][-last:]
    hands = deal.hands
    total = 0.0
    for play, after in reversed(read):
        model = partner if partner is not None and sides[play.seat] == mine else None
        scores, index = scores_then(play, hands[play.seat] | after, model.heuristic if model else None)
        total += move_log_chance(scores, index, weight, model)
        if total < floor:
            break
    return total
