"""Seep features of the heuristic strategy: each name, its default weight and what it measures.

The table alone, without the code computing the features (``strategies/heuristic/seep.py``, whose
``feature_rows`` gives one value per feature in this order): the plug-in's parameters are built
from it, so ``cardsim list strategies`` and a YAML file's validation do not load the game engine.
"""

from __future__ import annotations

from strategies.heuristic.features import Feature

FEATURES: tuple[Feature, ...] = (
    Feature("points", 1.0, "card points the move captures (a captured house and the played card included)"),
    Feature("sweep", 1.0, "sweep points the move scores by clearing the floor"),
    Feature("cards", 0.05, "cards the move captures"),
    Feature("sweep_risk", -0.8, "chance the next player (an opponent) can clear the floor, times the bonus"),
    Feature("points_left", -0.25, "card points left loose on the floor after the move"),
    Feature("house_points", 0.3, "card points in the house the move builds, cements or raises"),
    Feature(
        "house_backed", 0.8, "1 when the mover still holds a card of the house's value (to take it later)"
    ),
    Feature("cemented", 1.5, "1 when the house the move makes or joins is cemented (it cannot be broken)"),
    Feature("house_exposed", -0.3, "chance the next player holds the house's value, times its points"),
    Feature("partner_house", 1.0, "1 when the move adds to a house the partner owns (protecting it)"),
    Feature("break_partner", -3.0, "1 when the move breaks a house the partner owns"),
    Feature("break_opponent", 1.0, "1 when the move breaks an opponent's house"),
    Feature("throw_points", -0.3, "card points of a thrown card"),
    Feature("bid_value", 0.5, "for the bid: its value above 9 (9..13 gives 0..4)"),
    Feature("bid_copies", 1.0, "for the bid: cards of the bid value in the bidder's hand"),
)
