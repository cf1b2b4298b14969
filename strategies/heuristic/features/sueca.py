"""Sueca features of the heuristic strategy: each name, its default weight and what it measures.

The table alone, without the code computing the features (``strategies/heuristic/sueca.py``, whose
``feature_rows`` gives one value per feature in this order): the plug-in's parameters are built
from it, so ``cardsim list strategies`` and a YAML file's validation do not load the game engine.
"""

from __future__ import annotations

from strategies.heuristic.features import Feature

FEATURES: tuple[Feature, ...] = (
    Feature("bid_margin", 0.0, "for a points bid: (estimated team card points - bid) / 10"),
    Feature("bid_risk", 0.1, "1 for every points bid: above 0 bids more readily, below 0 more cautiously"),
    Feature(
        "nuls_weakness",
        0.8,
        "for nuls: 1 - 1 per A, 7 or K - 0.25 per J or Q - 0.5 per card past 3 in a suit",
    ),
    Feature("trump_length", 0.0, "for the trump choice: cards of that suit held"),
    Feature("trump_strength", 0.0, "for the trump choice: trick strength of those cards / 10"),
    Feature("call_trump", 2.0, "for the called card: 1 when it is a trump"),
    Feature("call_strength", 1.0, "for the called card: its trick strength / 10"),
    Feature(
        "trick_points_sure", 0.0, "points of the trick when the card wins it and nobody after can overtake"
    ),
    Feature(
        "trick_points_lead", 0.0, "points already in the trick when the card leads it but may be overtaken"
    ),
    Feature("feed_partner", 0.0, "points of the card when a known teammate wins the trick for sure"),
    Feature("overtake_partner", 0.0, "1 when the card takes the trick away from a known teammate"),
    Feature("points_given", 0.0, "points of the card when an opponent (or unknown seat) is winning after it"),
    Feature("trump_played", -0.6, "1 when the card is a trump"),
    Feature("card_strength", -0.1, "trick strength of the card / 10 (keep high cards)"),
    Feature("lead_trump_search", 0.0, "1 when the declarer leads a trump while the partner is unknown"),
    Feature("nuls_take", -5.0, "nuls: the declarer's card would win the trick (defender: overtakes him)"),
    Feature("points_risked", 0.0, "points of the card when its side leads the trick but may be overtaken"),
    Feature(
        "bid_value",
        1.0,
        "for a points bid: T(bid) x (2 x the chance the team makes it - 1), from the fitted estimate",
    ),
    Feature(
        "trump_estimate", 1.0, "for the trump choice: the fitted estimate of the team's card points / 10"
    ),
    Feature(
        "trick_expected",
        0.1,
        "points of the trick with the card, times (2 x the chance the trick ends with the seat's side - 1)",
    ),
    Feature(
        "nuls_value",
        0.0,
        "for nuls: 6 x (2 x the chance of taking no trick - 1), the chance fitted on played-out nuls",
    ),
)
