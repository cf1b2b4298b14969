"""The reader: the search reading the baseline seats' hands from their play as well as it can be done.

Inference from play (:mod:`strategies.montecarlo.inference`) keeps the sampled deals that explain
what the other seats did, under a model of their play. How much could such reading give at best?
The reader knows what no plug-in can, the baseline's own policy, and draws the hidden cards from
their exact posterior given every play the baseline seats made in the current deal: uniform draws
of the game's ``determinize`` (every constraint of the view kept), each kept with the chance that
the baseline, holding the sample's cards, would have made those plays (rejection sampling: a play
that is not among its best moves makes it 0, a play among ``k`` tied best moves 1/k, as the
heuristic breaks ties evenly). Partners are searchers, not the baseline: their plays are not read.
The search with it reaches what perfect reading of the play would give; the ``hands`` and
``opponents`` oracles what knowing the hands would.

A game declares its part in ``simulator/bench/oracle/<game>.py``: ``reads(rules)``, whether the
reader applies, and where it does ``past_plays(view)``, the other seats' plays to read (each with
the seat's cards played from it on), and ``choice_then(view, play, held)``, the view and legal moves
of a play's seat then, had it held ``held`` then. Sueca has none: its posterior, given the calls and
every card played, keeps from a few hundred to more than three thousand uniform deals per deal kept
in the card play (measured on heuristic deals), beyond what rejection draws at the instrument's
scale; nor has Seep, whose houses and builds a seat's view then would have to replay."""

from __future__ import annotations

import random
from typing import Any

from simulator.bench.oracle import Sampler
from simulator.games import game_part, get_game
from strategies.heuristic.plugin import TIE, HeuristicStrategy

#: uniform draws tried per deal kept before the reader gives up (the true deal is always possible)
MAX_DRAWS = 1_000_000


def reads(game: str, rules: Any) -> bool:
    """Whether the reader applies to ``game`` under ``rules``."""
    return bool(game_part(game, "simulator.bench.oracle").reads(rules))


def reader_sampler(
    game: str, state: Any, seat: int, policy: HeuristicStrategy, readers: frozenset[int]
) -> Sampler:
    """Deals for ``seat`` of ``state`` drawn from the posterior of the hidden cards given the plays of
    the seats ``readers`` (who play ``policy``) in the current deal; only ``seat``'s view is read."""
    module = game_part(game, "simulator.bench.oracle")
    determinize = get_game(game).determinize  # type: ignore[attr-defined]
    view = state.view(seat)
    plays = [(play, after) for play, after in module.past_plays(view) if play.seat in readers]

    verdicts: dict[tuple[int, int], int] = {}  # (play, hand held now) -> tied best moves, 0: not best

    def verdict(k: int, hand: int) -> int:
        """How many best moves tie with play ``k``'s (0: it was not a best move) had its seat held
        ``hand`` now."""
        key = (k, hand)
        got = verdicts.get(key)
        if got is None:
            play, after = plays[k]
            then, moves = module.choice_then(view, play, hand | after)
            got = 1
            if len(moves) > 1:
                scores = policy.scores(then, moves)
                best = max(scores)
                tied = sum(1 for s in scores if s >= best - TIE)
                got = tied if scores[moves.index(play.move)] >= best - TIE else 0
            verdicts[key] = got
        return got

    def keeps(deal: Any, rng: random.Random) -> bool:
        chance = 1.0
        for k, (play, _) in enumerate(plays):
            tied = verdict(k, deal.hands[play.seat])
            if not tied:
                return False
            chance /= tied
        return chance == 1.0 or rng.random() < chance

    def draw(rng: random.Random) -> Any:
        for _ in range(MAX_DRAWS):
            deal = determinize(view, rng)
            if keeps(deal, rng):
                return deal
        raise RuntimeError(f"the reader found no deal in {MAX_DRAWS} draws that explains the play seen")

    return draw
