"""Partial oracles: what they know stays the true deal, what they sample is a deal the seat's
view allows (checked by each game's own slow consistency checker), uniformly so, and with
nothing unknown the instrument is the true-deal search."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simulator.bench.instrument import OracleSearch, TrueDealSearch
from simulator.bench.oracle import ORACLES, applies, knowledge, oracle_sampler
from simulator.games import get_game
from simulator.games.seep import GAME as SEEP
from simulator.games.sueca import GAME as SUECA
from simulator.variants import resolve_variant
from strategies.montecarlo import MonteCarloStrategy
from tests.games.seep.consistency import weight
from tests.games.sueca.test_determinize import checker, reach
from tests.games.sweep.consistency import check_consistent
from tests.games.sweep.test_lookahead import RULES as SWEEP_RULES
from tests.games.sweep.test_lookahead import advance as sweep_advance

SEEP_VARIANTS = ["standard", "two_player", "three_player", "floor_visible_at_bid", "owner_must_retain_false"]
SUECA_VARIANTS = ["standard", "hands_5", "called_trump_only"]


def random_play(state: Any, plays: int, rng: random.Random) -> Any:
    for _ in range(plays):
        if state.current_player() < 0:
            break
        moves = state.legal_moves()
        state.apply(moves[rng.randrange(len(moves))])
    return state


def position(game: str, variant: str, seed: int, plays: int) -> Any:
    """A position of real (random, build-rich in Sweep) play."""
    if game == "sweep":
        return sweep_advance(SWEEP_RULES[variant], seed, plays)
    if game == "seep":
        return random_play(
            SEEP.new_deal(SEEP.make_rules(SEEP.variants[variant]), seed), plays, random.Random(seed)
        )
    return reach(SUECA.make_rules(SUECA.variants[variant]), seed, plays, nuls=seed % 3 == 0)


def stock_of(state: Any) -> tuple[Any, ...]:
    """The undealt places: the stock in order, Sweep's set-aside cards, Seep's face-down floor."""
    return (
        tuple(getattr(state, "stock", ())),
        getattr(state, "set_aside", 0),
        state.loose if not getattr(state, "floor_up", True) else 0,
    )


def assert_consistent(game: str, view: Any, sample: Any) -> None:
    assert sample.view(view.seat) == view
    if game == "sweep":
        check_consistent(view, sample)
    elif game == "seep":
        assert weight(view, sample) > 0
    else:
        assert checker(view)(list(sample.hands)) == []


CASES = (
    [("sweep", v) for v in sorted(SWEEP_RULES)]
    + [("seep", v) for v in SEEP_VARIANTS]
    + [("sueca", v) for v in SUECA_VARIANTS]
)


@settings(max_examples=60, deadline=None)
@given(case=st.sampled_from(CASES), seed=st.integers(0, 10**6), plays=st.integers(0, 48), data=st.data())
def test_samples_keep_what_the_oracle_knows_and_fit_the_view(
    case: tuple[str, str], seed: int, plays: int, data: st.DataObject
) -> None:
    game, variant = case
    state = position(game, variant, seed, plays)
    if state.current_player() < 0:
        return
    rules = state.rules
    seat = data.draw(st.integers(0, rules.num_players - 1))
    view = state.view(seat)
    has_stock = game != "sueca"
    rng = random.Random(seed)
    for name in ORACLES:
        known = knowledge(name, rules, seat, has_stock, secret_partner=game == "sueca")
        if known is None:
            continue
        draw = oracle_sampler(game, state, seat, name)
        for _ in range(2):
            sample = draw(rng)
            assert sample is not state
            for q in range(rules.num_players):
                if q == seat or q in known.seats:
                    assert sample.hands[q] == state.hands[q], (name, q)
            if known.stock:
                assert stock_of(sample) == stock_of(state), name
            if known.teams and state.called_card >= 0 and not state.partner_revealed:
                assert sample.hands[state.partner] >> state.called_card & 1, name
            assert_consistent(game, view, sample)


def test_what_is_unknown_is_sampled_not_copied():
    """Knowing the hands leaves the stock's order to chance; knowing the stock, the hands."""
    state = position("sweep", "standard-4", 5, 3)
    seat = state.current_player()
    hands = oracle_sampler("sweep", state, seat, "hands")
    stock = oracle_sampler("sweep", state, seat, "stock")
    rng = random.Random(1)
    assert any(hands(rng).stock != state.stock for _ in range(5))
    assert any(stock(rng).hands != state.hands for _ in range(5))


def test_knowing_the_teams_places_the_called_card_and_samples_the_rest():
    """Sueca: a defender's samples give the unplayed called card to its holder every time (the
    uniform sampler spreads it over the three seats that may hold it), and the other cards vary."""
    rules = SUECA.make_rules(SUECA.variants["standard"])
    for seed in range(500):
        state = reach(rules, seed, 20, nuls=False)
        if state.kind == "points" and state.called_card >= 0 and not state.partner_revealed:
            break
    else:
        raise AssertionError("no points contract with its called card unplayed in the seeds tried")
    seat = next(s for s in range(5) if s not in (state.declarer, state.partner))
    teams = oracle_sampler("sueca", state, seat, "teams")
    rng = random.Random(2)

    def holder(deal: Any) -> int:
        return next(q for q in range(5) if deal.hands[q] >> state.called_card & 1)

    assert {holder(teams(rng)) for _ in range(30)} == {state.partner}
    uniform = {holder(SUECA.determinize(state.view(seat), rng)) for _ in range(60)}
    assert len(uniform) > 1 and state.declarer not in uniform
    assert len({tuple(teams(rng).hands) for _ in range(5)}) > 1


def test_which_oracles_each_game_has():
    """Sueca has no stock (knowing the hands is knowing the deal) and no fixed partner, but a
    secret one; 2-player games have no partner; the reader reads Sweep only
    (tests/bench/test_reader.py)."""
    sueca = resolve_variant(get_game("sueca"), "standard", 5).rules
    sweep2 = resolve_variant(get_game("sweep"), "standard", 2).rules
    seep4 = resolve_variant(get_game("seep"), "standard", 4).rules
    assert [n for n in ORACLES if applies(n, "sueca", sueca)] == ["deal", "teams"]
    assert [n for n in ORACLES if applies(n, "sweep", sweep2)] == ["deal", "hands", "stock", "reader"]
    assert [n for n in ORACLES if applies(n, "seep", seep4)] == [
        n for n in ORACLES if n not in ("teams", "reader")
    ]
    assert knowledge("partner", seep4, 1, True).seats == {3}  # type: ignore[union-attr]
    assert knowledge("opponents", seep4, 1, True).seats == {0, 2}  # type: ignore[union-attr]
    with pytest.raises(ValueError, match="does not apply"):
        oracle_sampler("sueca", get_game("sueca").new_deal(sueca, 1), 0, "stock")


@pytest.mark.parametrize(
    ("game", "variant", "players"), [("sweep", "standard", 4), ("seep", "two_player", 2)]
)
def test_knowing_everything_is_the_true_deal_search(game: str, variant: str, players: int):
    rules = resolve_variant(get_game(game), variant, players).rules
    for seed in range(3):
        state = random_play(get_game(game).new_deal(rules, seed), 4 + 5 * seed, random.Random(seed))
        seat = state.current_player()
        moves = state.legal_moves()
        choices = []
        for instrument in (TrueDealSearch, lambda s: OracleSearch(s, "deal")):
            searcher = MonteCarloStrategy(MonteCarloStrategy.Params(samples=4))
            searcher.reset(random.Random(seed), seat, rules)
            choices.append(instrument(searcher).choose(state, seat, moves))
        assert choices[0] == choices[1]
        sample = oracle_sampler(game, state, seat, "deal")(random.Random(0))
        assert sample.position() == state.position()


def test_a_partial_oracle_samples_uniformly_under_the_constraints():
    """Seep late in a deal, a house owned by an opponent of the seat (he must hold its value): with
    the partner's hand known, the opponents' cards fall as often as among every consistent deal
    (counted by brute force, each weighted by the game's checker)."""
    rules = SEEP.make_rules({})
    for seed in range(400):
        state = random_play(SEEP.new_deal(rules, seed), 38, random.Random(seed))
        view = state.view(state.current_player())
        opponents = [q for q in range(4) if q % 2 != view.seat % 2]
        if (
            any(set(h.owners) & set(opponents) for h in view.houses)
            and sum(view.hand_sizes[q] for q in opponents) >= 4
        ):
            break
    else:
        raise AssertionError("no position with an opponent's house in the seeds tried")
    seat = view.seat
    first, second = opponents
    pool = [c for c in range(52) if (state.hands[first] | state.hands[second]) >> c & 1]
    exact: Counter = Counter()
    total = 0
    for combo in combinations(pool, view.hand_sizes[first]):
        deal = state.clone()
        deal.hands[first] = sum(1 << c for c in combo)
        deal.hands[second] = sum(1 << c for c in pool if c not in combo)
        w = weight(view, deal)
        total += w
        for c in combo:
            exact[c] += w
    draw = oracle_sampler("seep", state, seat, "partner")
    rng = random.Random(2)
    samples = 2000
    seen: Counter = Counter()
    for _ in range(samples):
        hand = draw(rng).hands[first]
        for c in pool:
            seen[c] += hand >> c & 1
    skew = 0.0
    for c in pool:
        p = exact[c] / total
        f = seen[c] / samples
        assert abs(f - p) <= 4.5 * (p * (1 - p) / samples) ** 0.5 + 0.004, (c, f, p)
        skew = max(skew, abs(p - view.hand_sizes[first] / len(pool)))
    assert skew > 0.05  # the house's constraint does shift the odds
