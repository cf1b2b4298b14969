"""The heuristic plug-in: weights from YAML, clear errors, features that mean what they say."""

from __future__ import annotations

import itertools
import math
import random
from pathlib import Path

import pytest

from simulator.cards import RANK, RANK_MASK
from simulator.errors import UserError
from simulator.games import get_game
from simulator.games.seep import CAPTURE
from simulator.games.sweep import CAPTURE as CAPTURE_SWEEP
from simulator.play import play_deal, reset_agents
from simulator.plugins import describe_params, load_class, spec_from_yaml
from simulator.variants import resolve_variant
from strategies.heuristic.cards import clearing_mask, p_holds_any, partitions_into, value_counts
from strategies.heuristic.plugin import GAME_FEATURES, HeuristicStrategy, feature_rows

ROOT = Path(__file__).resolve().parents[3]
PERSONALITIES = sorted((ROOT / "configs/strategies").glob("heuristic*.yaml"))


def _yaml(tmp_path: Path, params: str) -> Path:
    path = tmp_path / "mine.yaml"
    path.write_text(f"name: mine\nplugin: heuristic\nparams:\n{params}")
    return path


def test_every_feature_is_a_documented_parameter():
    rows = {name: help for name, _, _, help in describe_params(HeuristicStrategy)}
    for game, features in GAME_FEATURES.items():
        assert features, game
        for f in features:
            assert rows[f"{game}_{f.name}"] == f.doc and f.doc


@pytest.mark.parametrize(
    "params, key, words",
    [
        ("  sweep_nonsense: 1\n", "params.sweep_nonsense", "Extra inputs"),
        ("  seep_points: lots\n", "params.seep_points", "valid number"),
        ("  sueca_bid_risk: .inf\n", "params.sueca_bid_risk", "finite number"),
    ],
)
def test_unknown_feature_or_bad_weight_names_file_and_key(tmp_path, params, key, words):
    path = _yaml(tmp_path, params)
    with pytest.raises(UserError) as info:
        spec_from_yaml(path)
    text = info.value.render()
    assert str(path) in text and key in text and words in text


def test_weights_reach_the_strategy(tmp_path):
    spec = spec_from_yaml(_yaml(tmp_path, "  sweep_spades: 3.5\n"))
    agent = spec.build()
    names = [f.name for f in GAME_FEATURES["sweep"]]
    assert agent.weights["sweep"][names.index("spades")] == 3.5


def test_personalities_load_and_differ():
    specs = [spec_from_yaml(p) for p in PERSONALITIES]
    assert len(specs) >= 4
    assert len({s.params for s in specs}) == len(specs)


@pytest.mark.parametrize(
    ("values", "target", "expected"),
    [
        ((3, 6), 9, True),
        ((3, 6, 9), 9, True),
        ((3, 5), 9, False),
        ((2, 2, 5, 4, 5), 9, True),
        ((1,), 1, True),
        ((1, 1), 2, True),
        ((4, 4, 1), 9, True),
        ((4, 4, 2), 9, False),
        ((), 5, True),
    ],
)
def test_partitions_into(values, target, expected):
    counts = [0] * 14
    for v in values:
        counts[v] += 1
    assert partitions_into(tuple(counts), target) is expected


def test_value_counts():
    assert value_counts((1 << 0) | (1 << 3) | (1 << 51))[1] == 2
    assert value_counts(1 << 51)[13] == 1


def _splits_into(values: list[int], target: int) -> bool:
    """Brute force: the values fall into groups each adding up to ``target`` (every subset holding
    the first value tried as its group)."""
    if not values:
        return True
    first, rest = values[0], values[1:]
    for k in range(len(rest) + 1):
        for group in itertools.combinations(range(len(rest)), k):
            if first + sum(rest[i] for i in group) == target:
                left = [v for i, v in enumerate(rest) if i not in group]
                if _splits_into(left, target):
                    return True
    return False


def test_clearing_mask_matches_brute_force():
    """The cached clearing values (the heuristic's sweep risk and the rollout's) against trying every
    grouping of the loose cards: one card of value v clears loose cards and at most one house (of
    value v) when the loose cards split into groups of v."""
    rng = random.Random(7)
    for _ in range(400):
        loose = 0
        for card in rng.sample(range(52), rng.randrange(0, 6)):
            loose |= 1 << card
        house = rng.choice([0, 0, 9, 10, 11, 12, 13])
        values = [RANK[c] for c in range(52) if loose >> c & 1]
        want = 0
        for v in [house] if house else (range(1, 14) if values else []):
            if _splits_into(values, v):
                want |= RANK_MASK[v]
        assert clearing_mask(loose, house) == want, (values, house)


@pytest.mark.parametrize(
    ("wanted", "hand", "unseen"), [(1, 1, 2), (2, 3, 8), (3, 4, 10), (0, 4, 9), (5, 4, 6)]
)
def test_p_holds_any_matches_counting(wanted, hand, unseen):
    hands = list(itertools.combinations(range(unseen), hand))
    hits = sum(1 for h in hands if any(c < wanted for c in h))
    assert math.isclose(p_holds_any(wanted, hand, unseen), hits / len(hands))


def _decisions(game_name, players, agent, deals=12, variant="standard"):
    """(view, moves, choice) of every decision of seat 0 over some deals; heuristic at every seat."""
    game = get_game(game_name)
    rules = resolve_variant(game, variant, players).rules
    out = []

    class Recorder(type(agent)):
        def choose(self, view, moves):
            move = super().choose(view, moves)
            out.append((view, list(moves), move))
            return move

    agents = [Recorder(agent.params) for _ in range(rules.num_players)]
    for i in range(deals):
        state = game.new_deal(rules, 1000 + i)
        reset_agents(agents, rules, 3, i, 0)
        play_deal(state, agents)
    return out


def _only(game: str, **weights: float) -> HeuristicStrategy:
    zero = {f"{g}_{f.name}": 0.0 for g, fs in GAME_FEATURES.items() for f in fs}
    return HeuristicStrategy(
        HeuristicStrategy.Params(**{**zero, **{f"{game}_{k}": v for k, v in weights.items()}})
    )


@pytest.mark.parametrize("players", [2, 4])
def test_sweep_ace_of_spades_feature_takes_it_whenever_possible(players):
    seen = 0
    for _, moves, move in _decisions("sweep", players, _only("sweep", ace_of_spades=1.0), deals=30):
        takes_ace = [m for m in moves if m.action == CAPTURE_SWEEP and (m.mask | 1 << m.card) & 1]
        if takes_ace:
            seen += 1
            assert (move.mask | 1 << move.card) & 1 and move.action == CAPTURE_SWEEP
    assert seen


def test_sweep_default_never_trails_when_a_sweep_is_there():
    agent = HeuristicStrategy()
    for view, moves, move in _decisions("sweep", 4, agent, deals=20):
        rows = feature_rows("sweep")(view, moves)
        sweeps = [r[5] for r in rows]
        if max(sweeps) == 1.0:
            assert rows[moves.index(move)][5] == 1.0


def test_seep_points_feature_takes_the_most_card_points():
    from strategies.greedy.seep import capture_value  # points and sweep bonus, computed independently

    checked = 0
    for view, moves, move in _decisions("seep", 4, _only("seep", points=1.0, sweep=1.0), deals=6):
        best = max((capture_value(view, m) for m in moves if m.action == CAPTURE), default=0)
        if best > 0:
            checked += 1
            assert move.action == CAPTURE and capture_value(view, move) == best
    assert checked


def test_sueca_nuls_declarer_avoids_tricks_it_can_lose():
    agent = HeuristicStrategy()
    checked = 0
    for view, moves, move in _decisions("sueca", 5, agent, deals=60):
        if view.phase == "play" and view.contract == "nuls" and view.seat == view.declarer and view.trick:
            rows = feature_rows("sueca")(view, moves)
            takes = [r[15] for r in rows]
            if min(takes) == 0.0:
                checked += 1
                assert rows[moves.index(move)][15] == 0.0
    assert checked


def test_sueca_nuls_value_calls_nuls_when_taking_no_trick_is_likelier_than_not():
    """Weighing only nuls_value, a seat calls nuls whenever it may and the fitted chance of taking
    no trick is above one half (pass and every bid score 0), and never below."""
    from simulator.games.sueca import NULS
    from strategies.heuristic.sueca import nuls_chance

    calls = {True: 0, False: 0}
    for view, moves, move in _decisions("sueca", 5, _only("sueca", nuls_value=1.0), deals=200):
        chance = nuls_chance(view.hand)
        if any(m.action == NULS for m in moves) and abs(chance - 0.5) > 1e-9:  # not a tie with pass
            likely = chance > 0.5
            calls[likely] += 1
            assert (move.action == NULS) == likely
            row = feature_rows("sueca")(view, [m for m in moves if m.action == NULS])[0]
            assert row[-1] == pytest.approx(6.0 * (2.0 * chance - 1.0))
    assert calls[True] and calls[False]


@pytest.mark.parametrize(
    ("game", "players", "variant"),
    [
        ("sweep", 4, "build_sweep"),
        ("sweep", 3, "standard"),
        ("seep", 3, "three_player"),
        ("seep", 4, "thirty_point"),
        ("sueca", 5, "standard"),
    ],
)
def test_every_personality_plays_legal_deals(game, players, variant):
    for path in PERSONALITIES:
        spec = spec_from_yaml(path)
        if game not in spec.games:
            continue
        assert _decisions(game, players, spec.build(), deals=2, variant=variant)


def test_ties_are_broken_by_the_seat_rng():
    agent = _only("sweep")  # every weight zero: every move ties
    agent.reset(random.Random(5), 0, None)
    view, moves, _ = _decisions("sweep", 2, HeuristicStrategy(), deals=1)[0]
    picks = {agent.choose(view, moves) for _ in range(40)}
    assert len(picks) > 1
    assert load_class("strategies.heuristic:HeuristicStrategy", "t", "plugin") is HeuristicStrategy
    assert all(RANK[m.card] >= 1 for m in picks)
