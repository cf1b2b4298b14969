"""The stable plug-in API: every module and name a strategy plug-in may use, in one place.

A plug-in imports from here (``from simulator.api import Strategy, sweep``) or from the
modules :data:`PUBLIC` lists; anything else in ``simulator`` or ``strategies`` is internal and
may change without notice. The surface is versioned: :data:`API_VERSION` is raised, and
CHANGELOG.md says what to change, whenever a change can break a plug-in, and a plug-in that
declares the version it was written for (``api_version = 2``) is refused by another one.

This is a module of its own, not :mod:`simulator.strategy`, because it pulls in every engine:
the base class stays light for the loader and the play loop, which import it on their own.
"""

from __future__ import annotations

from typing import Final

from simulator import cards
from simulator.games import seep, sueca, sweep
from simulator.strategy import API_VERSION, DealResult, NoParams, Strategy

#: module -> the names of it a plug-in may use (docs/strategies.md lists the same; a test
#: snapshots it with the move and view fields, so a change to the surface is deliberate)
PUBLIC: Final[dict[str, tuple[str, ...]]] = {
    "simulator.api": ("API_VERSION", "DealResult", "NoParams", "Strategy", "cards", "seep", "sueca", "sweep"),
    "simulator.cards": (
        "FACE_MASK",
        "FULL_DECK",
        "NUMBER_MASK",
        "RANK",
        "RANK_MASK",
        "RANK_NAMES",
        "SPADE_MASK",
        "SUIT",
        "SUITS",
        "SUIT_MASK",
        "card_pretty",
        "card_str",
        "cards_of",
        "make_card",
        "mask_of",
        "mask_strs",
        "parse_card",
        "parse_cards",
    ),
    "simulator.games.sweep": tuple(sweep.__all__),
    "simulator.games.seep": tuple(seep.__all__),
    "simulator.games.sueca": tuple(sueca.__all__),
}

__all__ = ["API_VERSION", "DealResult", "NoParams", "Strategy", "cards", "seep", "sueca", "sweep"]
