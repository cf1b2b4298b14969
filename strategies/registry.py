"""Built-in strategy names (docs/design.md §4 `plugin:` short names)."""

BUILTIN = {
    "random": "strategies.random_play:RandomStrategy",
    "greedy": "strategies.greedy:GreedyStrategy",
    "heuristic": "strategies.heuristic:HeuristicStrategy",
    "policy": "strategies.policy:PolicyStrategy",
    "montecarlo": "strategies.montecarlo:MonteCarloStrategy",
}
