"""Partial oracles: deals sampled with part of the hidden cards known, for the gap instrument only.

A seat's hidden information is the other seats' hands and the stock (the cards still to be dealt,
in their order, with Seep's face-down floor before the bid). An oracle knows some of these places
as they truly are and samples the rest from the cards they truly hold, under every constraint the
game's ``determinize`` respects (Sweep's builds and returned centre cards, Seep's holding facts and
bid, Sueca's voids and called card), uniformly among the deals those leave. What share of the
perfect-information margin each oracle recovers says which part of the hidden cards the gap is
made of. Each game's sampler is ``simulator/bench/oracle/<game>.py`` (``sampler``); Sueca has no
stock, so only its hands can be known, and its partner is secret, so the teams can be known
alone (``teams``: who holds the called card, every hand still sampled). The reader
(:mod:`simulator.bench.oracle.reader`) knows no card but how the baseline plays, and reads the
hands from the play.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from simulator.games import game_part

#: every oracle, what it knows (the real search knows none of it; ``deal`` knows all of it)
ORACLES = {
    "deal": "every hand and the stock (the true deal)",
    "hands": "every other seat's hand; the stock sampled",
    "opponents": "the opponents' hands; the partner's hand and the stock sampled",
    "partner": "the partner's hand; the opponents' hands and the stock sampled",
    "stock": "the stock (its cards and order); the other hands sampled",
    "teams": "who the secret partner is (the called card's holder); every hand sampled",
    "reader": "how the baseline plays: the hidden cards drawn from their posterior given the baseline "
    "seats' plays of the deal (the ceiling of reading the hands from the play)",
}
#: the oracle that reads the play rather than knowing cards (:mod:`simulator.bench.oracle.reader`)
READER = "reader"


@dataclass(frozen=True)
class Knowledge:
    """The places an oracle sees as they are: these seats' hands, the stock if ``stock``, and
    the seat of a secret partner if ``teams``."""

    seats: frozenset[int]
    stock: bool
    teams: bool = False


def knowledge(
    name: str, rules: Any, seat: int, has_stock: bool, secret_partner: bool = False
) -> Knowledge | None:
    """What oracle ``name`` knows at ``seat``, or None where it would be no oracle of its own: the
    partner and opponents oracles need a fixed partner, the stock and hands oracles a stock (without
    one, knowing the hands is knowing the deal), the teams oracle a secret partner; the reader
    knows no cards."""
    others = frozenset(s for s in range(rules.num_players) if s != seat)
    side = rules.side_of_seat[seat]
    partners = frozenset(s for s in others if rules.side_of_seat[s] == side)
    if name == "deal":
        return Knowledge(others, True)
    if name == "hands":
        return Knowledge(others, False) if has_stock else None
    if name == "stock":
        return Knowledge(frozenset(), True) if has_stock else None
    if name == "partner":
        return Knowledge(partners, False) if partners else None
    if name == "opponents":
        return Knowledge(others - partners, False) if partners else None
    if name == "teams":
        return Knowledge(frozenset(), False, teams=True) if secret_partner else None
    if name == READER:
        return None
    raise KeyError(f"unknown oracle {name!r}; known: {', '.join(ORACLES)}")


def applies(name: str, game: str, rules: Any) -> bool:
    """Whether oracle ``name`` is an oracle of its own in ``game`` under ``rules``."""
    module = game_part(game, __name__)
    if name == READER:
        return bool(module.reads(rules))
    return knowledge(name, rules, 0, module.HAS_STOCK, module.SECRET_PARTNER) is not None


Sampler = Callable[[random.Random], Any]


def oracle_sampler(game: str, state: Any, seat: int, name: str) -> Sampler:
    """Draws of complete deals for ``seat`` of ``state`` (the true state) that keep what oracle
    ``name`` knows and sample the rest; the constraints are worked out once, here."""
    module = game_part(game, __name__)
    known = knowledge(name, state.rules, seat, module.HAS_STOCK, module.SECRET_PARTNER)
    if known is None:
        raise ValueError(f"the {name} oracle does not apply to this {game} game")
    sampler: Sampler = module.sampler(state, seat, known)
    return sampler
