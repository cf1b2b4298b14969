"""Replay one deal (or a whole match) of a run exactly as the tournament played it,
as the event log of docs/design.md §7."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from simulator.errors import StrategyFault
from simulator.games.base import DealState, Game, Match
from simulator.play import Seats, play_groups
from simulator.plugins import StrategySpec, build_seats
from simulator.variants import Variant
from simulator.watchdog import DEFAULT_MOVE_TIMEOUT

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
    move_timeout: float | None,
) -> str:
    """The `cardsim replay` command that plays one deal (or match) of a run again, as
    shown in error messages: the variant as its preset plus ``--set`` overrides, one
    strategy reference (name or YAML file) per seat, and the run's move timeout (None:
    no limit) unless it is the default."""
    sets = "".join(f" --set {k}={v if isinstance(v, str) else json.dumps(v)}" for k, v in overrides.items())
    seconds = move_timeout or 0
    return (
        f"cardsim replay --game {game} --variant {base}{sets} --players {players} "
        f"--seed {root_seed} --deal {deal_index} --rotation {rotation} --strategies {','.join(strategies)}"
        + (" --match" if match else "")
        + (f" --move-timeout {seconds:g}" if seconds != DEFAULT_MOVE_TIMEOUT else "")
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


class _LogRecorder:
    """Writes the caller's events of the log: each deal's ``deal`` event before what dealing it
    logged, and a single deal's ``score`` event (a match writes its own)."""

    def __init__(
        self,
        game: Game,
        variant: Variant,
        root: int,
        names: Sequence[str],
        match: bool,
        log: list[dict[str, Any]],
    ) -> None:
        self.game, self.variant, self.root, self.names, self.match = game, variant, root, names, match
        self.log = log
        self.mark = 0  # where the next deal's events begin

    def dealt(self, state: DealState, deal_index: int, rotation: int, round_number: int) -> None:
        event = deal_event(
            self.game,
            self.variant,
            self.root,
            deal_index,
            round_number,
            state.dealer,
            self.names,
            rotation,
            state.seed,
        )
        self.log.insert(self.mark, event)

    def played(self, state: DealState, deal_index: int, rotation: int, round_number: int) -> None:
        if not self.match:
            self.log.append(state.score_event(state.side_points()))
        self.mark = len(self.log)

    def match_over(self, match: Match, rotation: int) -> None:
        pass


def replay_log(
    game: Game,
    variant: Variant,
    root: int,
    deal_index: int,
    seat_specs: Sequence[StrategySpec],
    rotation: int = 0,
    match: bool = False,
    move_timeout: float | None = DEFAULT_MOVE_TIMEOUT,
) -> list[dict[str, Any]]:
    """The full event list; a strategy fault (a move over ``move_timeout`` seconds too, None:
    no limit) ends it with an ``error`` event."""
    names = [spec.name for spec in seat_specs]
    log: list[dict[str, Any]] = []
    recorder = _LogRecorder(game, variant, root, names, match, log)
    deals = range(deal_index, deal_index + 1)
    try:
        seats = Seats(rotation, build_seats(list(seat_specs)))
        play_groups(game, variant.rules, [seats], root, deals, recorder, match, move_timeout, log)
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
