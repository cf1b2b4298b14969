"""Observation encoders: fixed sizes, features that mean what the layout says, the view alone."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

from simulator.games import get_game  # noqa: E402
from simulator.rl.observe import encoder_for  # noqa: E402
from simulator.rl.seep.observe import captured_piles  # noqa: E402
from tests.rl.positions import GAMES, random_positions  # noqa: E402

FULL = (1 << 52) - 1


def bits(mask: int) -> list[float]:
    return [float(mask >> c & 1) for c in range(52)]


@pytest.mark.parametrize("game", GAMES)
def test_every_observation_has_the_layout_size_and_the_own_hand(game: str) -> None:
    layout, encode = encoder_for(game)
    assert layout.markdown().count("\n") == len(layout.features) + 1
    for seed in range(4):
        for state in random_positions(game, seed):
            for seat in range(state.rules.num_players):
                view = state.view(seat)
                obs = encode(view)
                assert obs.shape == (layout.size,) and obs.dtype == np.float32
                assert obs[layout.slice("hand")].tolist() == bits(view.hand)


def test_sweep_cards_are_each_in_exactly_one_block() -> None:
    layout, encode = encoder_for("sweep")
    blocks = ("hand", "table", "own_builds", "other_builds", "piles", "unseen")
    for state in random_positions("sweep", 7, deals=2):
        obs = encode(state.view(state.current_player()))
        total = sum(obs[layout.slice(b)].reshape(-1, 52).sum(axis=0) for b in blocks)
        assert total.tolist() == [1.0] * 52


def test_seep_piles_rebuilt_from_the_history_match_the_deal() -> None:
    checked = 0
    for seed in range(6):
        for state in random_positions("seep", seed):
            view = state.view(state.current_player())
            piles = captured_piles(view.history, state.rules.side_of_seat, len(state.rules.sides))
            assert piles == list(state.piles)
            checked += any(piles)
    assert checked > 100


@pytest.mark.parametrize("game", GAMES)
def test_deals_with_the_same_view_give_the_same_observation(game: str) -> None:
    """A determinized state agrees with the view and nothing else, so its observation must match."""
    g = get_game(game)
    determinize = getattr(g, "determinize", None)
    if determinize is None:
        pytest.skip(f"{game}: GAME.determinize has not landed yet")
    _, encode = encoder_for(game)
    rng = random.Random(3)
    for state in random_positions(game, 12):
        seat = state.current_player()
        view = state.view(seat)
        other = determinize(view, rng)
        assert other.view(seat) == view
        assert encode(other.view(seat)).tolist() == encode(view).tolist()


@pytest.mark.parametrize("game", GAMES)
def test_the_documented_feature_tables_are_the_layouts(game: str) -> None:
    layout, _ = encoder_for(game)
    doc = (Path(__file__).resolve().parents[2] / "docs" / "rl.md").read_text()
    assert f"({layout.size} floats)\n\n{layout.markdown()}\n" in doc
