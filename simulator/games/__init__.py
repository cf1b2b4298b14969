"""Registry of the games cardsim plays.

``GAME_MODULES`` is the one list of games. Every other layer finds a game's pieces from its name
by one convention, ``<package>.<game>`` (the RL package's ``seep``, a strategy family's ``seep``),
through :func:`game_part`, so a game added here is picked up everywhere without editing another list.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from simulator.games.base import Game

GAME_MODULES = {
    "sweep": "simulator.games.sweep",
    "seep": "simulator.games.seep",
    "sueca": "simulator.games.sueca",
}


def get_game(name: str) -> Game:
    """The ``GAME`` object of a game by name; ``KeyError`` names the known games."""
    try:
        module = GAME_MODULES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known games: {', '.join(GAME_MODULES)}") from None
    return importlib.import_module(module).GAME


def game_part(name: str, package: str) -> ModuleType:
    """The module ``<package>.<name>``: a game's piece in a higher layer (its RL codec and masks,
    a strategy family's rules for it). ``KeyError`` for a game not in the registry."""
    if name not in GAME_MODULES:
        raise KeyError(f"unknown game {name!r}; known games: {', '.join(GAME_MODULES)}")
    return importlib.import_module(f"{package}.{name}")


def available_games() -> list[str]:
    """Games whose engine module is present."""
    names = []
    for name, module in GAME_MODULES.items():
        try:
            importlib.import_module(module)
        except ModuleNotFoundError:
            continue
        names.append(name)
    return names
