"""The one game interface, checked the same way for every game and a sample of its presets.

Game-specific behaviour is tested in ``tests/games/<game>/``; here only the shared contract: the
protocols, clone independence, positions that restore a deal exactly, determinized states whose
view equals the given view, move text both ways, match totals in views, and the strategy hooks.
"""

from __future__ import annotations

import random

import pytest

from simulator.games import available_games, get_game
from simulator.games.base import DealState, Game, Match
from simulator.play import play_deal
from strategies.base import DealResult, Strategy

GAMES = available_games()
CASES = [(g, v) for g in GAMES for v in get_game(g).variants]


def _rules(game: str, variant: str = "standard"):
    g = get_game(game)
    return g, g.make_rules(dict(g.variants[variant]))


def _walk(state: DealState, rng: random.Random, plies: int) -> DealState:
    """Play ``plies`` random moves (fewer if the deal ends)."""
    for _ in range(plies):
        if state.current_player() < 0:
            break
        moves = state.legal_moves()
        state.apply(moves[rng.randrange(len(moves))])
    return state


def _play_out(state: DealState, rng: random.Random) -> list[str]:
    """Random moves to the end; the moves as text (the trace two equal states must share)."""
    trace = []
    while state.current_player() >= 0:
        moves = state.legal_moves()
        move = moves[rng.randrange(len(moves))]
        trace.append(state.move_text(move))
        state.apply(move)
    trace.append(repr(state.side_points()))
    return trace


@pytest.mark.parametrize("game", GAMES)
def test_game_and_states_satisfy_the_protocols(game):
    g, rules = _rules(game)
    assert isinstance(g, Game)
    state = g.new_deal(rules, 1)
    assert isinstance(state, DealState)
    assert isinstance(g.new_match(rules, lambda k: k), Match)


@pytest.mark.parametrize("game, variant", CASES)
def test_clone_is_independent(game, variant):
    g, rules = _rules(game, variant)
    rng = random.Random(3)
    for seed in range(4):
        state = _walk(g.new_deal(rules, seed), rng, 5 + seed * 3)
        if state.current_player() < 0:
            continue
        seat = state.current_player()
        before = state.view(seat)
        copy = state.clone()
        assert copy.view(seat) == before
        trace = _play_out(copy, random.Random(seed))
        assert state.view(seat) == before, "playing the clone changed the original"
        assert _play_out(state, random.Random(seed)) == trace


@pytest.mark.parametrize("game, variant", CASES)
def test_a_fresh_deal_and_its_clone_play_like_a_new_deal_of_the_seed(game, variant):
    """The runner deals once per deal group and gives the earlier seat rotations a clone: a
    clone taken before the first move plays like a new deal of the same seed (redeals drawn
    later included), and the original afterwards too."""
    g, rules = _rules(game, variant)
    for seed in range(6):
        dealt = g.new_deal(rules, seed)
        copy = dealt.clone()
        expected = _play_out(g.new_deal(rules, seed), random.Random(seed))
        assert _play_out(copy, random.Random(seed)) == expected
        assert _play_out(dealt, random.Random(seed)) == expected


@pytest.mark.parametrize("game, variant", CASES)
def test_position_rebuilds_the_deal(game, variant):
    g, rules = _rules(game, variant)
    rng = random.Random(5)
    for seed in range(3):
        state = _walk(g.new_deal(rules, seed), rng, 4 + 5 * seed)
        rebuilt = type(state).from_position(state.position())
        assert rebuilt.position() == state.position()
        assert _play_out(rebuilt, random.Random(seed)) == _play_out(state, random.Random(seed))


@pytest.mark.parametrize("game, variant", CASES)
def test_determinized_view_equals_the_view(game, variant):
    g, rules = _rules(game, variant)
    rng = random.Random(11)
    for seed in range(4):
        state = _walk(g.new_deal(rules, seed), rng, 3 + 4 * seed)
        if state.current_player() < 0:
            continue
        for seat in range(rules.num_players):
            view = state.view(seat)
            sample = g.determinize(view, random.Random(seed * 7 + seat))
            assert sample.view(seat) == view
            _play_out(sample, random.Random(seed))
            assert sample.is_over()


@pytest.mark.parametrize("game", GAMES)
def test_move_text_reads_back(game):
    g, rules = _rules(game)
    rng = random.Random(2)
    for seed in range(6):
        state = g.new_deal(rules, seed)
        while state.current_player() >= 0:
            moves = state.legal_moves()
            for move in moves:
                assert g.parse_move(g.move_text(move)) == move
            state.apply(moves[rng.randrange(len(moves))])


@pytest.mark.parametrize("game", GAMES)
def test_views_carry_the_match_totals(game):
    g, rules = _rules(game)
    match = g.new_match(rules, lambda k: 100 + k)
    rng = random.Random(0)
    while not match.over and match.rounds < 4:
        before = tuple(match.totals)
        state = match.next_deal()
        assert tuple(state.scores) == before
        assert all(state.view(s).scores == before for s in range(rules.num_players))
        _play_out(state, rng)
        match.finish_deal(state)


@pytest.mark.parametrize("game", GAMES)
def test_finishing_an_unfinished_deal_is_refused(game):
    g, rules = _rules(game)
    match = g.new_match(rules, lambda k: k)
    state = match.next_deal()
    with pytest.raises(ValueError, match="finished deal"):
        match.finish_deal(state)


class _Recorder(Strategy):
    """Plays at random and keeps every deal result it is told."""

    games = tuple(GAMES)

    def __init__(self) -> None:
        super().__init__()
        self.results: list[DealResult] = []

    def choose(self, view, moves):
        return moves[self.rng.randrange(len(moves))]

    def on_deal_end(self, result: DealResult) -> None:
        self.results.append(result)


@pytest.mark.parametrize("game", GAMES)
def test_on_deal_end_tells_each_seat_the_final_scores(game):
    g, rules = _rules(game)
    state = g.new_deal(rules, 9)
    agents = [_Recorder() for _ in range(rules.num_players)]
    for seat, agent in enumerate(agents):
        agent.reset(random.Random(seat), seat, rules)
    play_deal(state, agents)
    points = tuple(state.side_points())
    for seat, agent in enumerate(agents):
        assert agent.results == [DealResult(points, rules.side_of_seat[seat])]
