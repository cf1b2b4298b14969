"""Each strategy family finds its rules for a game by the games' registry, not by a list: every game
the family plays has its module ``strategies.<family>.<game>``, declaring the names the family reads."""

from __future__ import annotations

import importlib
import importlib.util

import pytest

from simulator.games import available_games, game_part

FAMILIES = ("greedy", "heuristic", "montecarlo", "ismcts")


@pytest.mark.parametrize("family", FAMILIES)
def test_every_game_a_family_plays_has_its_module_with_the_names_it_reads(family):
    package = importlib.import_module(f"strategies.{family}")
    plugin = importlib.import_module(f"strategies.{family}.plugin")
    cls = getattr(package, *package.__all__)  # the family's plug-in class, re-exported by its package
    games = available_games()
    assert set(cls.games) <= set(games), f"{cls.__name__} declares games the registry does not know"
    for game in games:
        has_module = importlib.util.find_spec(f"strategies.{family}.{game}") is not None
        if game not in cls.games:
            assert not has_module, (
                f"strategies/{family}/{game}.py exists: add {game!r} to {cls.__name__}.games"
            )
            continue
        module = game_part(game, f"strategies.{family}")
        missing = [name for name in plugin.GAME_MODULE_NAMES if not hasattr(module, name)]
        assert not missing, f"strategies/{family}/{game}.py must declare {', '.join(missing)}"


@pytest.mark.parametrize(
    ("family", "package", "names"),
    [
        ("heuristic", "strategies.heuristic.features", "GAME_TABLE_NAMES"),
        ("montecarlo", "strategies.montecarlo.defaults", "GAME_DEFAULT_NAMES"),
    ],
)
def test_a_family_s_settings_modules_declare_what_its_parameters_read(family, package, names):
    """The numbers a family's parameters quote (feature tables, defaults) live in one module per
    game apart from the code, so listing the parameters loads no game engine."""
    plugin = importlib.import_module(f"strategies.{family}.plugin")
    package_module = importlib.import_module(f"strategies.{family}")
    cls = getattr(package_module, *package_module.__all__)
    for game in cls.games:
        module = game_part(game, package)
        missing = [name for name in getattr(plugin, names) if not hasattr(module, name)]
        assert not missing, f"{package}.{game} must declare {', '.join(missing)}"
