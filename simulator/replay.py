"""Replay one deal (or a whole match) of a run exactly as the tournament played it,
as the event log of docs/design.md §7."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from simulator.errors import StrategyFault
from simulator.games.base import Game
from simulator.play import play_deal, reset_agents
from simulator.plugins import StrategySpec
from simulator.seeding import deal_seed
from simulator.variants import Variant

FORMAT = "cardsim-replay/1"


def replay_command(
    game: str,
    base: str,
    overrides: Mapping[str, Any],
    players: int,
    root_seed: int,
    deal_index: int,
    rotation: int,
    strategies: Sequence[str],
    match: bool,
) -> str:
    """The `cardsim replay` command that plays one deal (or match) of a run again, as
    shown in error messages: the variant as its preset plus ``--set`` overrides, and
    one strategy reference (name or YAML file) per seat."""
    sets = "".join(f" --set {k}={v if isinstance(v, str) else json.dumps(v)}" for k, v in overrides.items())
    return (
        f"cardsim replay --game {game} --variant {base}{sets} --players {players} "
        f"--seed {root_seed} --deal {deal_index} --rotation {rotation} --strategies {','.join(strategies)}"
        + (" --match" if match else "")
    )


def deal_event(
    game: Game,
    variant: Variant,
    root: int,
    deal_index: int,
    round_number: int,
    dealer: int,
    names: Sequence[str],
    rotation: int,
    seed: int,
) -> dict[str, Any]:
    rules = variant.rules
    return {
        "type": "deal",
        "format": FORMAT,
        "game": game.name,
        "variant": variant.name,
        "rules": rules.options(),
        "rules_hash": rules.rules_hash,
        "seed": root,
        "deal_index": deal_index,
        "round": round_number,
        "players": rules.num_players,
        "sides": [list(s) for s in rules.sides],
        "dealer": dealer,
        "strategies": list(names),
        "rotation": rotation,
        "deal_seed": seed,
    }


def replay_log(
    game: Game,
    variant: Variant,
    root: int,
    deal_index: int,
    seat_specs: Sequence[StrategySpec],
    rotation: int = 0,
    match: bool = False,
) -> list[dict[str, Any]]:
    """The full event list; a strategy fault ends it with an ``error`` event."""
    rules = variant.rules
    agents = [spec.build() for spec in seat_specs]
    names = [spec.name for spec in seat_specs]
    log: list[dict[str, Any]] = []

    def play(state, round_number: int) -> bool:
        reset_agents(agents, rules, root, deal_index, rotation, round_number)
        try:
            play_deal(state, agents)
        except StrategyFault as fault:
            engine = fault.seat < 0
            log.append(
                {
                    "type": "error",
                    "seat": None if engine else fault.seat,
                    "strategy": None if engine else names[fault.seat],
                    "message": fault.detail,
                }
            )
            return False
        return True

    if not match:
        seed = deal_seed(root, deal_index)
        state = game.new_deal(rules, seed, log=log)
        log.insert(0, deal_event(game, variant, root, deal_index, 1, state.dealer, names, rotation, seed))
        if play(state, 1):
            log.append(state.score_event(state.side_points()))
        return log
    m = game.new_match(rules, lambda k: deal_seed(root, deal_index, k), log=log)
    while not m.over:
        pos = len(log)
        state = m.next_deal()
        round_number = m.rounds + 1
        log.insert(
            pos,
            deal_event(
                game, variant, root, deal_index, round_number, state.dealer, names, rotation, state.seed
            ),
        )
        if not play(state, round_number):
            break
        m.finish_deal(state)
    return log


def to_jsonl(log: Sequence[dict[str, Any]]) -> str:
    return "".join(json.dumps(event, separators=(",", ":")) + "\n" for event in log)


def to_text(game: Game, log: Sequence[dict[str, Any]]) -> str:
    lines: list[str] = []
    for event in log:
        kind = event["type"]
        if kind == "deal":
            lines.append("")
            lines.append(
                f"=== {event['game']} · variant {event['variant']} · seed {event['seed']}"
                f" · deal {event['deal_index']} · round {event['round']} · dealer seat {event['dealer']} ==="
            )
            for seat, name in enumerate(event["strategies"]):
                side = next(k for k, seats in enumerate(event["sides"]) if seat in seats)
                lines.append(f"  seat {seat} (side {side}): {name}")
            continue
        if kind == "error":
            who = "the engine" if event["seat"] is None else f"seat {event['seat']} ({event['strategy']})"
            lines.append(f"!! {who} {event['message']}")
            continue
        if kind == "match_end":
            winner = event["winner"]
            who = ", ".join(map(str, winner)) if isinstance(winner, list) else str(winner)
            lines.append(
                f"*** match over after {event['rounds']} rounds: side {who} wins; totals {event['totals']}"
            )
            continue
        text = game.render_event(event)
        lines.append(text if text is not None else json.dumps(event))
    return "\n".join(lines).lstrip("\n") + "\n"
