"""Action ids: every legal move has exactly one id sequence, masks are exact at every step.

Checked three ways: the step tree of a position, walked in full, reaches exactly the engine's
legal moves (and ``encode``/``decode`` agree with it); Sweep's rule-decided turn gives the
same masks as the generic turn that filters the move list; and Sweep's captures and builds
match a brute-force enumeration from the rules (sweep.md §4.3, §9.1) on random tables up to
12 cards, with random walks on degenerate tables of 30 to 40 cards.
"""

from __future__ import annotations

import random
from functools import cache
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simulator.cards import RANK, cards_of, mask_of
from simulator.games import available_games, game_part, get_game
from simulator.games.sweep import BUILD, CAPTURE, TRAIL, SweepMove, SweepPosition, SweepState
from simulator.rl import make_env
from simulator.rl.actions import codec_for
from simulator.rl.actions.steps import Turn as ListTurn
from simulator.rl.core import make_turn
from simulator.rl.masks import Turn
from simulator.rl.observe import raw_encoder_for
from simulator.variants import resolve_variant
from tests.rl.positions import GAMES, random_positions

TREE_LIMIT = 3000  # positions with more legal moves are checked by sampling


def tree(codec, state, generic=False):
    view, moves = state.view(state.current_player()), state.legal_moves()

    def build(path):
        t = ListTurn(codec, moves) if generic else codec.turn(view, moves)
        for a in path:
            t.step(a)
        return t

    def rec(path):
        t = build(path)
        if t.move is not None:
            yield path, t.move, ()
            return
        options = t.options()
        assert options, f"dead end after {path}"
        assert options == sorted(set(options))
        yield path, None, tuple(options)
        for a in options:
            yield from rec((*path, a))

    return list(rec(()))


def check_position(codec, state) -> None:
    moves = state.legal_moves()
    nodes = tree(codec, state)
    reached = {move: path for path, move, _ in nodes if move is not None}
    assert len(reached) == sum(1 for path, move, _ in nodes if move is not None)  # one path per move
    assert set(reached) == set(moves) and len(reached) == len(moves)
    for move, path in reached.items():
        assert codec.encode(move) == path
        assert codec.decode(path, state) == move
        assert all(0 <= i < codec.size for i in path)


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_every_legal_move_has_exactly_one_id_sequence(game: str, seed: int) -> None:
    codec = codec_for(game)
    checked = 0
    for state in random_positions(game, seed):
        if len(state.legal_moves()) <= TREE_LIMIT:
            check_position(codec, state)
            checked += 1
    assert checked


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_sweep_rule_turns_give_the_masks_of_the_move_list(seed: int) -> None:
    codec = codec_for("sweep")
    for state in random_positions("sweep", seed):
        if len(state.legal_moves()) <= TREE_LIMIT:
            assert tree(codec, state) == tree(codec, state, generic=True)


# -- brute force from the rules (sweep.md §4.3, §9.1) --------------------------------------


@cache
def splits(values: tuple[int, ...], v: int) -> bool:
    """Whether the multiset ``values`` (sorted) splits into groups of 2+ cards adding up to v."""
    if not values:
        return True
    first, rest = values[0], values[1:]
    for k in range(1, len(rest) + 1):
        for others in set(combinations(rest, k)):
            if first + sum(others) == v:
                left = list(rest)
                for o in others:
                    left.remove(o)
                if splits(tuple(left), v):
                    return True
    return False


def legal_capture(card: int, taken: int, table: int, builds) -> bool:
    v = RANK[card]
    if not taken:
        return False
    for value, cards, _ in builds:
        if taken & cards and (value != v or cards & ~taken):
            return False
        taken &= ~cards if value == v else taken
    same = [c for c in cards_of(table) if RANK[c] == v]
    got = [c for c in cards_of(taken) if RANK[c] == v]
    if got and len(got) != len(same):
        return False
    rest = [RANK[c] for c in cards_of(taken) if RANK[c] != v]
    if any(c not in set(cards_of(table)) for c in cards_of(taken)):
        return False
    if rest and (v > 10 or v < 2 or any(r >= v for r in rest)):
        return False
    return splits(tuple(sorted(rest)), v)


def brute_moves(card: int, hand: int, table: int, builds, with_builds: bool) -> set:
    items = list(cards_of(table)) + [c for _, cards, _ in builds for c in cards_of(cards)]
    out = {SweepMove(TRAIL, card)}
    for k in range(1, len(items) + 1):
        for sub in combinations(items, k):
            mask = mask_of(sub)
            if legal_capture(card, mask, table, builds):
                out.add(SweepMove(CAPTURE, card, 0, mask))
            if with_builds and not mask & ~table and all(RANK[c] <= 10 for c in sub) and RANK[card] <= 10:
                total = RANK[card] + sum(RANK[c] for c in sub)
                rest = hand & ~(1 << card)
                if total <= 10 and any(RANK[c] == total for c in cards_of(rest)):
                    out.add(SweepMove(BUILD, card, total, mask))
    return out


def sweep_state(hand: int, table: int, builds=(), with_builds: bool = False, players: int = 2) -> SweepState:
    rules = resolve_variant(get_game("sweep"), "build_sweep" if with_builds else "standard", players).rules
    hands = (hand,) + (0,) * (players - 1)
    return SweepState.from_position(SweepPosition(rules=rules, hands=hands, table=table, builds=builds))


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_sweep_moves_match_a_brute_force_enumeration(data) -> None:
    deck = list(range(52))
    cards = data.draw(st.permutations(deck))
    n_table = data.draw(st.integers(0, 12))
    with_builds = data.draw(st.booleans())
    hand = mask_of(cards[:4])
    table_cards = cards[4 : 4 + n_table]
    builds = ()
    if with_builds and data.draw(st.booleans()):
        low = [c for c in cards[4 + n_table :] if RANK[c] <= 4][:2]
        if len(low) == 2 and RANK[low[0]] + RANK[low[1]] <= 10:
            builds = ((RANK[low[0]] + RANK[low[1]], mask_of(low), 1),)
    state = sweep_state(hand, mask_of(table_cards), builds, with_builds)
    expected = set()
    for card in cards_of(hand):
        expected |= brute_moves(card, hand, mask_of(table_cards), builds, with_builds)
    codec = codec_for("sweep")
    reached = {move for _, move, _ in tree(codec, state) if move is not None}
    assert reached == expected


@pytest.mark.parametrize("size", [30, 36, 40])
def test_degenerate_sweep_tables_sampled_both_ways(size: int) -> None:
    """A table of every low card: billions of captures. Random walks through the steps end in
    legal moves (engine membership and the brute-force check agree), and random legal moves
    from the engine's list are reached by their encoded steps, each legal when taken."""
    rng = random.Random(size)
    codec = codec_for("sweep")
    numbers = [c for c in range(52) if RANK[c] <= 10]
    for _ in range(2):
        rng.shuffle(numbers)
        hand = mask_of(numbers[:4])
        table = mask_of(numbers[4 : 4 + size])
        state = sweep_state(hand, table)
        moves = state.legal_moves()
        view = state.view(0)
        for _ in range(12):
            turn = codec.turn(view, moves)
            while turn.move is None:
                turn.step(rng.choice(turn.options()))
            move = turn.move
            assert move in moves
            if move.action == CAPTURE:
                assert legal_capture(move.card, move.mask, table, ())
            move = moves[rng.randrange(len(moves))]
            turn = codec.turn(view, moves)
            for action in codec.encode(move):
                assert action in turn.options()
                turn.step(action)
            assert turn.move == move


@pytest.mark.parametrize("game", GAMES)
def test_illegal_ids_are_refused(game: str) -> None:
    codec = codec_for(game)
    state = next(random_positions(game, 3))
    turn = codec.turn(state.view(state.current_player()), state.legal_moves())
    illegal = next(i for i in range(codec.size) if i not in turn.options())
    with pytest.raises(ValueError, match="not legal"):
        turn.step(illegal)
    with pytest.raises(ValueError, match="not legal"):
        codec.decode(illegal, state)
    with pytest.raises(ValueError, match="outside"):
        codec.describe(codec.size)
    assert all(codec.describe(i) for i in range(codec.size))


def test_sweep_ids_follow_the_documented_layout() -> None:
    codec = codec_for("sweep")
    assert codec.size == 209
    assert codec.encode(SweepMove(TRAIL, 5)) == (5,)
    nine_clubs, six_h, three_d = 35, 21, 10
    assert codec.encode(SweepMove(CAPTURE, nine_clubs, 0, 1 << six_h | 1 << three_d)) == (
        52 + nine_clubs,
        156 + three_d,
        156 + six_h,
        208,
    )
    assert codec.encode(SweepMove(BUILD, 4, 5, 1 << 8)) == (104 + 4, 156 + 8, 208)


def test_seep_and_sueca_ids_follow_the_documented_layout() -> None:
    seep, sueca = codec_for("seep"), codec_for("sueca")
    assert (seep.size, sueca.size) == (630, 146)
    assert [seep.describe(i) for i in (572, 576)] == ["bid 9", "bid 13"]
    assert seep.describe(104 + 5 * 3 + 2) == "house 11 with AC"
    assert sueca.describe(0) == "pass" and sueca.encode(get_game("sueca").parse_move("pass")) == (0,)


def test_seep_bids_are_complete_moves() -> None:
    codec = codec_for("seep")
    game = get_game("seep")
    state = game.new_deal(resolve_variant(game, "standard").rules, 5)
    ids = codec.turn(state.view(state.current_player()), state.legal_moves()).options()
    assert ids and all(572 <= i < 577 for i in ids)
    assert {codec.decode(i, state) for i in ids} == set(state.legal_moves())


@pytest.mark.parametrize("game", available_games())
def test_each_game_has_its_rl_pieces_by_convention(game: str) -> None:
    """simulator/rl/<game>/ holds the codec (actions.py), the environments' turn (masks.py) and
    the observation (observe.py), and the lookups by name find them there."""
    part = game_part(game, "simulator.rl")
    assert codec_for(game) is part.ACTIONS
    assert raw_encoder_for(game) == (part.LAYOUT, part.encode)
    turn = make_turn(game, part.ACTIONS.size, part.ACTIONS.take)
    assert isinstance(turn, Turn) and type(turn) is part.TURN
    assert (turn.size, turn.take) == (part.ACTIONS.size, part.ACTIONS.take)


@pytest.mark.parametrize(
    ("variant", "players"), [("standard", 4), ("no_cement", 3), ("owner_must_retain_false", 2)]
)
def test_seep_env_masks_are_those_of_the_move_list(variant: str, players: int) -> None:
    """The environment's Seep masks (read from chunk kinds and the chosen chunk's templates,
    simulator/rl/seep/masks.py) are, at every step of random deals, those of the generic turn over
    the engine's listed moves (forced steps taken by both), read once or twice, and the move
    played is the generic turn's."""
    codec = codec_for("seep")
    env = make_env("seep", variant, players=players)
    rng = random.Random(players)
    steps = 0
    for seed in range(8):
        env.reset(seed=seed)
        raw = env.unwrapped
        while not raw.deal.is_over():
            ref = ListTurn(codec, raw.deal.legal_moves())
            plays = len(raw.deal.history)
            while len(raw.deal.history) == plays:
                agent = env.agent_selection
                options = ref.options()
                assert env.observe(agent)["action_mask"].nonzero()[0].tolist() == options
                assert raw.legal_actions() == options
                action = options[int(rng.random() * len(options))]
                env.step(action)
                ref.step(action)
                steps += 1
                while ref.move is None and len(ref.options()) == 1:
                    ref.step(ref.options()[0])
            assert raw.deal.history[plays][1] == ref.move
    assert steps > 300
