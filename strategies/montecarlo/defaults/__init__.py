"""The montecarlo search's default settings, one module per game (``<game>.py``).

Numbers only, apart from the code of each game's rollouts and endgame
(``strategies/montecarlo/<game>.py``): the plug-in's parameter help quotes them, so
``cardsim list strategies`` shows them without loading a game engine.
"""
