"""Registry of the games cardsim plays."""

from __future__ import annotations

import importlib

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
