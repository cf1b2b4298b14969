"""The perfect-information instrument: the search given the true deal, for the bench only."""

from __future__ import annotations

import random
from pathlib import Path

from typer.testing import CliRunner

from simulator.bench.instrument import TrueDealSearch, perfect_gap
from simulator.cli.app import app
from simulator.games import get_game
from simulator.variants import resolve_variant
from strategies.ismcts import IsmctsStrategy
from strategies.montecarlo import MonteCarloStrategy


def test_cardsim_run_refuses_the_instrument(tmp_path: Path):
    (tmp_path / "oracle.yaml").write_text("name: oracle\nplugin: simulator.bench.instrument:TrueDealSearch\n")
    (tmp_path / "t.yaml").write_text(
        "name: t\ngame: sweep\nplayers: 2\nstrategies: [oracle.yaml, greedy]\nformat: head-to-head\n"
        f"deals: 2\nseed: 1\noutput: {tmp_path / 'out'}\n"
    )
    result = CliRunner().invoke(app, ["run", str(tmp_path / "t.yaml"), "--quiet"])
    assert result.exit_code == 2, result.output
    assert "TrueDealSearch" in result.output and "Strategy subclass" in result.output


def test_every_sample_of_the_instrument_is_the_true_deal():
    game = get_game("sweep")
    rules = resolve_variant(game, "standard", 2).rules
    state = game.new_deal(rules, 7)
    seat = state.current_player()
    searcher = MonteCarloStrategy(MonteCarloStrategy.Params(samples=3))
    searcher.reset(random.Random(1), seat, rules)
    search = TrueDealSearch(searcher).search(state, seat)
    for _ in range(3):
        deal = search.sample(state.view(seat), random.Random(2))
        assert (deal.hands, deal.stock, deal.table) == (state.hands, state.stock, state.table)
        assert deal is not state
    assert TrueDealSearch(searcher).choose(state, seat, state.legal_moves()) in state.legal_moves()


def test_the_gap_pairs_the_same_deals():
    gap = perfect_gap("sweep", 2, 2, seed=3, search="configs/strategies/samples/montecarlo-sweep-5.yaml")
    assert len(gap.margins["search"]) == len(gap.margins["deal"]) == 2
    mean, lo, hi = gap.mean_ci("deal")
    assert lo <= mean <= hi


def test_the_instrument_sees_through_ismcts_too():
    game = get_game("seep")
    rules = resolve_variant(game, "two_player", 2).rules
    state = game.new_deal(rules, 3)
    seat = state.current_player()
    searcher = IsmctsStrategy(IsmctsStrategy.Params(iterations=5))
    searcher.reset(random.Random(1), seat, rules)
    tree = TrueDealSearch(searcher).search(state, seat)
    deal = tree.sample(state.view(seat), random.Random(2))
    assert deal.hands == state.hands and deal is not state
    assert TrueDealSearch(searcher).choose(state, seat, state.legal_moves()) in state.legal_moves()
