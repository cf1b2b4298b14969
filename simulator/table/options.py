"""The table from the options of `cardsim play`, every mistake a :class:`UserError` naming the option."""

from __future__ import annotations

from simulator.errors import UserError
from simulator.games import GAME_MODULES, get_game
from simulator.limits import DEALS_MAX, SEED_MAX, check_int
from simulator.plugins import StrategySpec, load_strategy
from simulator.table.session import TableConfig
from simulator.variants import parse_set_options, resolve_variant


def table_config(
    game: str,
    players: int | None,
    variant: str | None,
    sets: list[str],
    seat: str,
    opponents: str,
    seed: int,
    deal: int,
    match: bool,
    hint: str,
) -> TableConfig:
    if game not in GAME_MODULES:
        raise UserError(f"unknown game {game!r}", "--game", f"use one of {', '.join(GAME_MODULES)}")
    for option, value, high in (("--seed", seed, SEED_MAX), ("--deal", deal, DEALS_MAX)):
        try:
            check_int(value, 0, high)
        except ValueError as exc:
            raise UserError(str(exc), option) from None
    g = get_game(game)
    name = variant or "standard"
    entry = {"base": name, "name": name, **parse_set_options(sets)}
    v = resolve_variant(
        g, entry, players, f"--variant {name!r}", players_where="--players", overrides_where="--set"
    )
    n = v.rules.num_players
    person = _seats(seat, n)
    others = [s for s in range(n) if s not in person]
    refs = [r.strip() for r in opponents.split(",") if r.strip()]
    if len(refs) == 1:
        refs = refs * len(others)
    if len(refs) != len(others):
        raise UserError(
            f"got {len(refs)} opponents for {len(others)} other seats ({', '.join(map(str, others))})",
            "--opponents",
            "give one strategy for all, or one per other seat in seat order",
        )
    per_seat: list[StrategySpec | None] = [None] * n
    seat_refs = [""] * n
    for s, ref in zip(others, refs, strict=True):
        per_seat[s], seat_refs[s] = _strategy(ref, game, "--opponents"), ref
    return TableConfig(
        g,
        v,
        seed,
        deal,
        person,
        tuple(per_seat),
        tuple(seat_refs),
        match,
        _strategy(hint, game, "--hint-strategy"),
    )


def _seats(text: str, n: int) -> tuple[int, ...]:
    try:
        seats = sorted({int(part) for part in text.split(",") if part.strip()})
    except ValueError:
        raise UserError(
            f"{text!r} is not a seat number or a list of them", "--seat", "e.g. --seat 0 or --seat 0,2"
        ) from None
    if not seats or any(not 0 <= s < n for s in seats):
        raise UserError(f"seat {text!r} is not at this table", "--seat", f"use seats 0 to {n - 1}")
    if len(seats) == n:
        raise UserError("every seat is yours: nobody to play against", "--seat", "leave a seat to the bots")
    return tuple(seats)


def _strategy(ref: str, game: str, option: str) -> StrategySpec:
    spec = load_strategy(ref, f"{option} {ref!r}")
    if game not in spec.games:
        raise UserError(f"strategy {spec.name!r} does not play {game}", option, "choose one that does")
    return spec
