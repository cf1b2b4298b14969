"""The exact endgame solver agrees with brute-force enumeration of every line of play."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from simulator.games import game_part, get_game
from simulator.plugins import load_strategy
from simulator.variants import resolve_variant
from strategies.montecarlo import MonteCarloStrategy
from strategies.montecarlo.endgame import Solver
from strategies.montecarlo.outcome import deal_margin
from strategies.montecarlo.sueca import SuecaRollout
from strategies.random_play import RandomStrategy

#: (game, variant, players, cards left in the positions tested)
CASES = [
    ("sweep", "standard", 2, 6),
    ("sweep", "team_play", 4, 6),
    ("sweep", "build_sweep", 2, 5),
    ("seep", "two_player", 2, 6),
    ("seep", "standard", 4, 6),
    ("seep", "three_player", 3, 5),
    ("sueca", "standard", 5, 10),
    ("sueca", "nuls_lowest_opening", 5, 10),
]

GAME_SAMPLERS = {g: get_game(g).determinize for g in ("sweep", "seep", "sueca")}
GAME_PARTS = {g: game_part(g, "strategies.montecarlo").ENDGAME for g in ("sweep", "seep", "sueca")}


def _position(game_name: str, variant: str, players: int, left: int, seed: int):
    """A real deal played until at most ``left`` cards are left to play (None if it ended
    first): at random, but in Sueca by montecarlo's rollout policy (random calls make nuls
    contracts, which end at the declarer's first trick, before the endgame)."""
    game = get_game(game_name)
    part = game_part(game_name, "strategies.montecarlo").ENDGAME
    rules = resolve_variant(game, variant, players).rules
    state = game.new_deal(rules, seed)
    policy = SuecaRollout if game_name == "sueca" else RandomStrategy
    agents = [policy() for _ in range(rules.num_players)]
    for s, a in enumerate(agents):
        a.reset(random.Random(seed * 11 + s), s, rules)
    while (seat := state.current_player()) >= 0:
        if part.cards_left(state) <= left:
            return state
        moves = state.legal_moves()
        state.apply(moves[0] if len(moves) == 1 else agents[seat].choose(state.view(seat), moves))
    return None


def _minimax(state, team: frozenset[int], side: int) -> float:
    """Every line of play: the team maximizes ``side``'s margin, the others minimize it."""
    seat = state.current_player()
    if seat < 0:
        return deal_margin(state, side)
    values = []
    for move in state.legal_moves():
        after = state.clone()
        after.apply(move)
        values.append(_minimax(after, team, side))
    return max(values) if seat in team else min(values)


@settings(max_examples=12, deadline=None)
@given(case=st.sampled_from(CASES), seed=st.integers(0, 10**6))
def test_solver_value_is_the_brute_force_value(case, seed):
    game_name, variant, players, left = case
    state = _position(game_name, variant, players, left, seed)
    if state is None:
        return
    part = game_part(game_name, "strategies.montecarlo").ENDGAME
    seat = state.current_player()
    side = state.rules.side_of_seat[seat]
    before = state.clone()
    solver = Solver(part, deal_margin, seat, side)
    got = solver.value(state)
    assert got == _minimax(state, part.allies(state, seat), side)
    assert part.key(state) == part.key(before)  # the solver leaves the position as it found it


def test_a_shared_table_gives_every_move_its_own_exact_value():
    """One solver for all the moves of a position (as the search uses it): each move's value is
    still the brute-force one, whatever the table learnt from the moves before."""
    for game_name, variant, players, left in CASES:
        for seed in range(3):
            state = _position(game_name, variant, players, left, seed)
            if state is None or state.is_over():
                continue
            part = game_part(game_name, "strategies.montecarlo").ENDGAME
            seat = state.current_player()
            side = state.rules.side_of_seat[seat]
            solver = Solver(part, deal_margin, seat, side)
            team = part.allies(state, seat)
            for move in state.legal_moves():
                after = state.clone()
                after.apply(move)
                assert solver.value(after) == _minimax(after, team, side), (game_name, seed, move)


def test_one_table_across_sampled_deals_keeps_every_value_exact():
    """The search keeps one solver for every sample of a decision: deals drawn from the same view
    (repeated or not) still get each move's brute-force value, whatever the table holds."""
    for game_name, variant, players, left in CASES:
        state = _position(game_name, variant, players, left, 7)
        if state is None or state.is_over():
            continue
        part = GAME_PARTS[game_name]
        seat = state.current_player()
        side = state.rules.side_of_seat[seat]
        team = part.allies(state, seat)
        view = state.view(seat)
        solver = Solver(part, deal_margin, seat, side)
        rng = random.Random(3)
        for _ in range(4):
            deal = GAME_SAMPLERS[game_name](view, rng)
            for move in deal.legal_moves():
                after = deal.clone()
                after.apply(move)
                assert solver.value(after) == _minimax(after, team, side), (game_name, move)


def test_the_search_scores_small_samples_by_their_exact_value():
    """Once a move leaves few cards, a sample's outcome is the brute-force value of the sampled
    deal after the move, not a rollout's."""
    state = _position("seep", "two_player", 2, 6, 5)
    seat = state.current_player()
    view = state.view(seat)
    agent = MonteCarloStrategy(MonteCarloStrategy.Params(samples=3, endgame_cards=6))
    agent.reset(random.Random(1), seat, state.rules)
    search = agent.search(view)
    drawn = []

    def recording(v, rng):
        deal = GAME_SAMPLERS["seep"](v, rng)
        drawn.append(deal.clone())
        return deal

    search.sample = recording
    moves = agent.candidates(view, state.legal_moves())
    rows = search.outcomes(view, moves, random.Random(4))
    side = state.rules.side_of_seat[seat]
    team = GAME_PARTS["seep"].allies(state, seat)
    for deal, row in zip(drawn, rows, strict=True):
        for move, got in zip(moves, row, strict=True):
            after = deal.clone()
            after.apply(move)
            assert got == _minimax(after, team, side)


def test_the_classic_configuration_never_solves():
    spec = load_strategy("configs/strategies/montecarlo-classic.yaml")
    agent = spec.build()
    state = _position("sweep", "standard", 2, 4, 1)
    assert agent.search(state.view(state.current_player())).endgame is None


def test_sueca_early_stop_keeps_every_value_and_saves_nodes():
    """Sueca's solver stops where its rollouts do (the hand score fixed) and searches only the
    window of margins still possible: every move keeps its brute-force value (the margin of the
    finished hand) and the solves visit fewer positions."""
    stop = game_part("sueca", "strategies.montecarlo").EARLY_STOP
    part = GAME_PARTS["sueca"]
    nodes = {"plain": 0, "stopped": 0}
    for variant in ("standard", "nuls_lowest_opening", "score_made"):
        for seed in range(4):
            state = _position("sueca", variant, 5, 10, seed)
            if state is None or state.is_over():
                continue
            seat = state.current_player()
            team = part.allies(state, seat)
            low, high = stop.window(state, seat)
            for move in state.legal_moves():
                after = state.clone()
                after.apply(move)
                exact = _minimax(after, team, seat)
                assert low <= exact <= high
                plain = Solver(part, stop.margin, seat, seat)
                stopped = Solver(part, stop.margin, seat, seat, stop)
                assert plain.value(after) == stopped.value(after) == exact, (variant, seed, move)
                nodes["plain"] += plain.nodes
                nodes["stopped"] += stopped.nodes
    assert 0 < nodes["stopped"] < nodes["plain"]
