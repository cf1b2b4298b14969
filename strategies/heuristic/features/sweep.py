"""Sweep features of the heuristic strategy: each name, its default weight and what it measures.

The table alone, without the code computing the features (``strategies/heuristic/sweep.py``, whose
``feature_rows`` gives one value per feature in this order): the plug-in's parameters are built
from it, so ``cardsim list strategies`` and a YAML file's validation do not load the game engine.
"""

from __future__ import annotations

from strategies.heuristic.features import Feature

FEATURES: tuple[Feature, ...] = (
    Feature("cards", 0.02, "cards the move puts in the side's pile (played card and builds included)"),
    Feature("cards_open", 0.06, "the same cards, counted only while the card majority is undecided"),
    Feature("spades", 0.04, "spades the move puts in the pile"),
    Feature("spades_open", 0.12, "the same spades, counted only while the spade majority is undecided"),
    Feature("ace_of_spades", 1.0, "1 when the move captures the ace of spades"),
    Feature("sweep", 1.0, "1 when the capture clears the table and scores a sweep"),
    Feature("sweep_risk", -0.9, "chance that the next player (an opponent) holds a card sweeping the table"),
    Feature("spades_left", -0.03, "spades left on the table (loose or in builds) after the move"),
    Feature("ace_left", -0.5, "1 when the ace of spades is left on the table after the move"),
    Feature("table_left", -0.01, "cards left on the table after the move"),
    Feature("trail_small", -0.03, "1 when trailing a number card of value 4 or less (kept for sums)"),
    Feature("trail_face", 0.02, "1 when trailing a face card (they never sum, so they help no capture)"),
    Feature("build_cards", 0.04, "cards gathered into a new build (build variant)"),
    Feature("build_safe", 0.3, "for a build: chance that no opponent holds a card of its value"),
)
