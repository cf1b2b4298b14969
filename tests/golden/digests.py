"""Digests of what users see (rows, summaries, replay logs) for fixed seeds.

``python -m tests.golden.digests`` prints them as JSON; ``digests.json`` beside this file holds the
committed values that ``tests/test_golden.py`` checks. Regenerate only for a deliberate change of
results, and say so in the commit.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import polars as pl

from simulator.config import load_tournament
from simulator.games import available_games, get_game
from simulator.plugins import load_strategy
from simulator.replay import replay_log, to_jsonl
from simulator.runner import run_tournament
from simulator.variants import resolve_variant

ROOT = Path(__file__).resolve().parents[2]
SEED = 20261129
GOLDEN = Path(__file__).with_name("digests.json")


def frame_digest(frame: pl.DataFrame) -> str:
    """sha256 of a frame's schema and rows as JSON (independent of the Parquet encoder).

    Floats are rounded to 9 decimals: the summary's parallel aggregations may differ in the last bit.
    """
    rows = frame.with_columns(pl.col(pl.Float64).round(9)).rows()
    text = json.dumps([str(frame.schema), rows], default=repr)
    return hashlib.sha256(text.encode()).hexdigest()


def quickstart_digests(out: Path, deals: int = 60) -> dict[str, str]:
    """The quickstart tournament, shortened, on one job: deals and summary digests."""
    overrides = {"deals": deals, "jobs": 1, "output": str(out)}
    t = load_tournament(ROOT / "configs/tournaments/quickstart.yaml", overrides)
    result = run_tournament(t, quiet=True)
    return {"deals": frame_digest(result.deals), "summary": frame_digest(result.summary)}


def replay_cases() -> list[tuple[str, str, bool]]:
    """(game, variant, whole match) for every preset of every game."""
    return [
        (game, variant, match)
        for game in available_games()
        for variant in get_game(game).variants
        for match in (False, True)
    ]


def replay_digest(game: str, variant: str, match: bool) -> str:
    g = get_game(game)
    v = resolve_variant(g, variant)
    names = ["greedy", "random"] * len(v.rules.sides)
    per_side = names[: len(v.rules.sides)]
    seat_names = [per_side[v.rules.side_of_seat[s]] for s in range(v.rules.num_players)]
    specs = [load_strategy(n) for n in seat_names]
    log = replay_log(g, v, SEED, 3, specs, rotation=1, match=match)
    return hashlib.sha256(to_jsonl(log).encode()).hexdigest()


def all_digests(out: Path) -> dict[str, str]:
    digests = {f"quickstart:{k}": d for k, d in quickstart_digests(out).items()}
    for game, variant, match in replay_cases():
        key = f"replay:{game}:{variant}:{'match' if match else 'deal'}"
        digests[key] = replay_digest(game, variant, match)
    return digests


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        json.dump(all_digests(Path(tmp) / "out"), sys.stdout, indent=1, sort_keys=True)
        print()
