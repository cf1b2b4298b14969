"""Sueca hands with some of the other hands known: the rest dealt by the game's own sampler
(``sample_hands`` of ``simulator/games/sueca/determinize.py``), under its constraints (the voids
shown, the called card never in the declarer's hand).

Sueca deals every card before the auction: there is no stock, so knowing every other hand is
knowing the deal, and no stock oracle exists; the partner is hidden (the called card), so no
partner oracle exists either. The teams oracle knows who the partner is: the called card, while
unplayed, falls to its true holder in every sample, and every other card is dealt as before.
"""

from __future__ import annotations

import dataclasses
import random

from simulator.bench.oracle import Knowledge, Sampler
from simulator.games.sueca.determinize import banned_cards, sample_hands
from simulator.games.sueca.rules import NUM_PLAYERS
from simulator.games.sueca.state import SuecaState

HAS_STOCK = False
#: the called card's holder is secret until it is played: the teams oracle knows him
SECRET_PARTNER = True


def sampler(state: SuecaState, seat: int, known: Knowledge) -> Sampler:
    """Deals of ``state`` seen from ``seat`` with the hands of ``known`` kept as they are (and, if
    it knows the teams, the called card with its holder)."""
    view = state.view(seat)
    position = state.position()
    hands = position.hands
    unknown = [s for s in range(NUM_PLAYERS) if s != seat and s not in known.seats]
    pool = 0
    for s in unknown:
        pool |= hands[s]
    needs = [hands[s].bit_count() if s in unknown else 0 for s in range(NUM_PLAYERS)]
    banned = banned_cards(view)
    called = state.called_card
    if known.teams and called >= 0 and pool >> called & 1:  # only the partner may hold it
        for s in range(NUM_PLAYERS):
            if s != state.partner:
                banned[s] |= 1 << called

    def draw(rng: random.Random) -> SuecaState:
        if not pool:  # nothing unknown: the true deal
            return SuecaState.from_position(position)
        got = sample_hands(pool, needs, banned, rng)
        new_hands = tuple(got[s] if s in unknown else hands[s] for s in range(NUM_PLAYERS))
        return SuecaState.from_position(dataclasses.replace(position, hands=new_hands))

    return draw


def reads(rules: object) -> bool:
    """The reader does not apply: see :mod:`simulator.bench.oracle.reader`."""
    return False
