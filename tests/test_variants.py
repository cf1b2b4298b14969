"""Variant resolution: presets, overrides, player counts, hashes and errors."""

from __future__ import annotations

import pytest

from simulator.errors import UserError
from simulator.games import available_games, get_game
from simulator.variants import parse_set_options, resolve_variant


@pytest.mark.parametrize("name", available_games())
def test_every_preset_resolves_with_a_distinct_hash(name):
    game = get_game(name)
    assert "standard" in game.variants and game.variants["standard"] == {}
    hashes = {}
    for preset in game.variants:
        rules = resolve_variant(game, preset).rules
        assert rules == game.make_rules(rules.options())  # options round-trip
        assert rules.rules_hash == game.make_rules(dict(game.variants[preset])).rules_hash
        hashes.setdefault(rules.rules_hash, []).append(preset)
        assert preset in game.variant_docs
    # presets that resolve to the same rules are aliases by design (e.g. Sweep team_play = standard at 4)
    assert len(hashes) >= len(game.variants) - 1


def test_rules_hash_is_stable_across_versions():
    # a changed hash breaks users' joins between runs: change it only on purpose
    assert get_game("sweep").make_rules({}).rules_hash == "2cecd195b3ecb551"


def test_precedence_players_then_preset_then_overrides():
    seep = get_game("seep")
    assert resolve_variant(seep, "two_player").rules.num_players == 2  # the preset names its player count
    assert resolve_variant(seep, "two_player", players=2).rules.num_players == 2
    v = resolve_variant(seep, {"name": "x", "base": "standard", "baazi_target": 50}, players=3)
    assert v.rules.num_players == 3 and v.rules.baazi_target == 50 and v.name == "x"
    sweep = get_game("sweep")
    assert resolve_variant(sweep, "standard", players=3).rules.teams is False


@pytest.mark.parametrize(
    "game, entry, players",
    [
        ("sweep", "team_play", 2),
        ("seep", "two_player", 4),
        ("seep", {"name": "x", "base": "standard", "num_players": 3}, 4),
    ],
)
def test_a_variant_fixing_another_player_count_is_an_error(game, entry, players):
    # `players: 2` with team_play used to play 4 players without a word
    with pytest.raises(UserError) as info:
        resolve_variant(get_game(game), entry, players, "t.yaml: variants[0]", "t.yaml: players")
    assert info.value.where == "t.yaml: variants[0]" and f"says {players}" in info.value.what
    assert "t.yaml: players" in (info.value.fix or "")


def test_errors_name_the_key():
    sweep = get_game("sweep")
    with pytest.raises(UserError) as info:
        resolve_variant(
            sweep, {"name": "x", "base": "standard", "target_score": 0}, where="f.yaml: variants[0]"
        )
    assert info.value.where == "f.yaml: variants[0].target_score"
    with pytest.raises(UserError) as info:
        resolve_variant(sweep, "indian_seep")
    assert "known variants" in info.value.fix
    with pytest.raises(UserError):
        resolve_variant(sweep, "standard", players=5)


def test_set_options_are_yaml_scalars():
    assert parse_set_options(["target_score=15", "builds=true", "face_card_redeal=redeal_whole_centre"]) == {
        "target_score": 15,
        "builds": True,
        "face_card_redeal": "redeal_whole_centre",
    }
    with pytest.raises(UserError):
        parse_set_options(["novalue"])
