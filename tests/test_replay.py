"""The replay log's common events (docs/design.md §7) for every game, and the text form."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from simulator.games import get_game
from simulator.plugins import load_strategy, spec_from_name
from simulator.replay import replay_log, to_jsonl, to_text
from simulator.variants import resolve_variant

DEAL_KEYS = {
    "type",
    "format",
    "game",
    "variant",
    "rules",
    "rules_hash",
    "seed",
    "deal_index",
    "round",
    "players",
    "sides",
    "dealer",
    "strategies",
}
CASES = [
    ("sweep", "standard", None),
    ("sweep", "standard", 3),
    ("seep", "standard", None),
    ("seep", "two_player", None),
    ("sueca", "standard", None),
]


def _log(game_name: str, variant: str, players: int | None, match: bool, seed: int = 3, deal: int = 1):
    game = get_game(game_name)
    v = resolve_variant(game, variant, players)
    specs = [spec_from_name("greedy" if s % 2 else "random") for s in range(v.rules.num_players)]
    return game, v, replay_log(game, v, seed, deal, specs, match=match)


@pytest.mark.parametrize("game_name, variant, players", CASES)
def test_single_deal_log(game_name, variant, players):
    game, v, log = _log(game_name, variant, players, match=False)
    deal = log[0]
    assert set(deal) >= DEAL_KEYS and deal["type"] == "deal" and deal["format"] == "cardsim-replay/1"
    assert (
        deal["game"] == game_name
        and deal["rules"] == v.rules.options()
        and deal["rules_hash"] == v.rules.rules_hash
    )
    assert deal["round"] == 1 and deal["players"] == v.rules.num_players
    assert (
        deal["sides"] == [list(s) for s in v.rules.sides] and len(deal["strategies"]) == v.rules.num_players
    )
    assert 0 <= deal["dealer"] < v.rules.num_players
    assert [e["type"] for e in log].count("deal") == 1
    assert log[-1]["type"] == "score"
    assert not any(e["type"] in ("match_end", "baazi_end") for e in log)
    # JSON round trip, canonical cards only
    lines = to_jsonl(log).splitlines()
    assert [json.loads(line) for line in lines] == log
    assert "♠" not in "".join(lines)
    assert to_text(game, log).count("\n") >= len(log) - 1


@pytest.mark.parametrize("game_name, variant, players", CASES)
def test_match_log(game_name, variant, players):
    _game, _v, log = _log(game_name, variant, players, match=True)
    deals = [e for e in log if e["type"] == "deal"]
    scores = [e for e in log if e["type"] == "score"]
    assert log[-1]["type"] == "match_end" and [e["type"] for e in log].count("match_end") == 1
    end = log[-1]
    assert {"type", "winner", "totals", "rounds"} <= set(end)
    assert len(deals) == len(scores) == end["rounds"]
    assert [d["round"] for d in deals] == list(range(1, end["rounds"] + 1))
    # every scored deal starts with its deal event
    for i, e in enumerate(log):
        if e["type"] == "deal":
            assert i == 0 or log[i - 1]["type"] in ("score", "baazi_end")


def test_same_seed_same_log_and_deal_shared_across_strategies():
    *_, a = _log("sweep", "standard", None, match=False)
    *_, b = _log("sweep", "standard", None, match=False)
    assert a == b
    game = get_game("sweep")
    v = resolve_variant(game, "standard")
    log = replay_log(game, v, 3, 1, [spec_from_name("random")] * 4)
    assert log[1] == a[1]  # same cards dealt whoever plays


@pytest.mark.parametrize("match", [False, True])
def test_a_replay_stops_a_hanging_move_with_the_move_timeout(tmp_path, match):
    slow = tmp_path / "slow.yaml"
    plugin = Path(__file__).resolve().parent / "plugins" / "slow.py"
    slow.write_text(f"name: slow\nplugin: {plugin}:Slow\nparams:\n  stall_rate: 1\n  stall: 600\n")
    game = get_game("sweep")
    v = resolve_variant(game, "standard")
    specs = [load_strategy(str(slow), "test"), spec_from_name("random")] * 2
    start = time.monotonic()
    log = replay_log(game, v, 3, 1, specs, match=match, move_timeout=0.3)
    assert time.monotonic() - start < 30
    assert log[0]["type"] == "deal"
    error = log[-1]
    assert error["type"] == "error" and error["strategy"] == "slow"
    assert "raised MoveTimeout: no move within 0.3 s" in error["message"]
