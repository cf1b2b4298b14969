"""Inference from play in Sweep: how likely a sampled deal makes the plays the opponents made.

What a play says about a hand: a seat that trailed a small card while it could take the ace of
spades, or left the table open to a sweep it could have prevented, did not hold what a uniform
sample gives it, if it plays as the model says. :func:`log_likelihood` scores a sampled deal by the
chance that the opponents, holding the cards the sample gives them, would have made their plays of
the current deal under a model of their play: a softmax, at a temperature, of the default
heuristic's scores over the seat's legal moves then (as Sueca's model,
``strategies/montecarlo/sueca_inference.py``). Each play's view is rebuilt from the public record
(:func:`past_plays`: the table, piles, sweeps and hand sizes then) and the sample's hand for the
seat plus the cards it has played since; a test checks the rebuilt views against the real ones. A
partner plays as the searching strategy does, which that model does not describe: its plays are read
only when a :class:`strategies.montecarlo.inference.PartnerModel` is given (the searching strategy's
ordering heuristic's first choice, most of the time). Only the current deal's plays are read: a play
of an earlier deal was made from cards all played since, the same in every sample. The game with
builds has no model (its likelihood is 0: uniform deals): a build's worth hangs on values the replay
does not rebuild.

The scores of a play under a hand are kept (:attr:`PastPlay.scores`, by heuristic and hand) for
every later decision of the deal: the searches of one deal ask about the same few hands again and
again.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

from simulator.cards import cards_of
from simulator.games.sweep import CAPTURE, TRAIL, SweepMove, SweepView
from simulator.games.sweep.groups import signature
from simulator.games.sweep.movegen import loose_moves
from strategies.heuristic.plugin import HeuristicStrategy, default_heuristic
from strategies.montecarlo.inference import PartnerModel, ScoreStore, move_log_chance, scores_of

#: past plays kept across decisions (by the public record up to them) before the store is emptied
KEPT_PLAYS = 4096


@dataclasses.dataclass
class PastPlay:
    """A play of the current deal by another seat, what its seat saw then but its hand, and the
    model's scores of its moves under each hand it may have held then (filled as asked)."""

    seat: int
    move: SweepMove
    then: dict[str, Any]  # the fields of the seat's view just before the play, but ``hand``
    scores: ScoreStore = dataclasses.field(default_factory=dict)


#: past plays by what fixes them: the rules, dealer, match scores, table when the round's play began
#: and returned centre cards, and the plays up to and including it
_known: dict[tuple[Any, ...], PastPlay] = {}
_cache: list[tuple[SweepView, list[tuple[PastPlay, int]]]] = []


def past_plays(view: SweepView) -> list[tuple[PastPlay, int]]:
    """The other seats' plays of the current deal, each with the seat's cards played from it on in
    this deal (it included): the table, piles, sweeps and hand sizes then replayed from the start of
    the round (with no builds the table then held the cards on it or taken that no hand played)."""
    if _cache and _cache[0][0] is view:
        return _cache[0][1]
    rules = view.rules
    n = rules.num_players
    per_deal = 8 * n if rules.deal_mode == "eight_card_single" else 4 * n
    history = view.history
    start = len(history) // per_deal * per_deal
    played = 0
    for _, move in history:
        played |= 1 << move.card
    table = view.table
    for pile in view.piles:
        table |= pile
    table &= ~played
    round_key = (rules, view.dealer, view.scores, table, view.centre_returned)
    piles = [0] * len(view.piles)
    sweeps = [0] * len(view.piles)
    last = -1
    plays: list[tuple[PastPlay, int]] = []
    if len(_known) > KEPT_PLAYS:
        _known.clear()
    for i, (seat, move) in enumerate(history):
        if i >= start and seat != view.seat:
            after = 0
            sizes = list(view.hand_sizes)
            for later_seat, later in history[i:]:
                sizes[later_seat] += 1
                if later_seat == seat:
                    after |= 1 << later.card
            key = (*round_key, history[: i + 1])
            play = _known.get(key)
            if play is None:
                then = {
                    "seat": seat,
                    "current_player": seat,
                    "table": table,
                    "piles": tuple(piles),
                    "sweeps": tuple(sweeps),
                    "last_capturer": last,
                    "history": history[:i],
                    "hand_sizes": tuple(sizes),
                }
                play = _known[key] = PastPlay(seat, move, then)
            plays.append((play, after))
        if move.action == TRAIL:
            table |= 1 << move.card
        elif move.action == CAPTURE:
            side = rules.side_of_seat[seat]
            table &= ~move.mask
            piles[side] |= move.mask | 1 << move.card
            last = seat
            if not table:  # a play before the current one is never the round's last
                sweeps[side] += 1
    _cache[:] = [(view, plays)]
    return plays


def choice_then(view: SweepView, play: PastPlay, held: int) -> tuple[SweepView, list[SweepMove]]:
    """The view of ``play``'s seat just before it, had the seat held ``held`` then, and its legal
    moves then."""
    then = dataclasses.replace(view, hand=held, **play.then)
    table = then.table
    return then, list(loose_moves(list(cards_of(held)), table, signature(table), held))


def scores_then(
    view: SweepView, play: PastPlay, held: int, heuristic: HeuristicStrategy | None = None
) -> tuple[list[float], int]:
    """The scores by ``heuristic`` (the default heuristic's if None) of the moves ``play``'s seat
    had, had it held ``held`` then, and the index of the move it made among them (kept for later
    decisions)."""
    scorer = heuristic or default_heuristic()
    return scores_of(play.scores, scorer, held, play.move, lambda: choice_then(view, play, held))


def log_likelihood(
    view: Any,
    deal: Any,
    weight: float,
    last: int,
    floor: float = -math.inf,
    partner: PartnerModel | None = None,
) -> float:
    """Log of the chance that the opponents, holding ``deal``'s cards, made their last ``last``
    plays of the current deal as they did, each a softmax of ``weight`` times the default
    heuristic's scores over its legal moves then (``weight`` is the inverse temperature), and, with
    a ``partner`` model, the partner its plays among them; a value below ``floor`` as soon as it
    falls below it. 0 in the game with builds."""
    if view.rules.builds:
        return 0.0
    hands = deal.hands
    total = 0.0
    for play, after in read_plays(view, last, partner):
        total += play_log_chance(view, play, hands[play.seat] | after, weight, partner)
        if total < floor:
            break
    return total


def read_plays(view: SweepView, last: int, partner: PartnerModel | None) -> list[tuple[PastPlay, int]]:
    """The plays read: the other seats' last ``last`` plays of the current deal, the partner's
    among them only with a ``partner`` model."""
    sides = view.rules.side_of_seat
    mine = sides[view.seat]
    return [(play, after) for play, after in past_plays(view) if partner or sides[play.seat] != mine][-last:]


def play_log_chance(
    view: SweepView, play: PastPlay, held: int, weight: float, partner: PartnerModel | None
) -> float:
    """Log of the chance of ``play`` had its seat held ``held`` then: the partner's under the
    ``partner`` model, an opponent's a softmax of ``weight`` times the default heuristic's scores."""
    sides = view.rules.side_of_seat
    model = partner if partner is not None and sides[play.seat] == sides[view.seat] else None
    scores, index = scores_then(view, play, held, model.heuristic if model else None)
    return move_log_chance(scores, index, weight, model)
