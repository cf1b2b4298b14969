"""Resolve a variant entry (a preset name, or a base plus rule overrides) to rule options."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from simulator.errors import UserError
from simulator.games.base import Game, RulesBase, RulesError


@dataclass(frozen=True)
class Variant:
    """A named set of resolved rules; ``base`` and ``overrides`` say how it was built."""

    name: str
    base: str
    overrides: Mapping[str, Any]
    rules: RulesBase

    @property
    def num_sides(self) -> int:
        return len(self.rules.sides)


def resolve_variant(
    game: Game,
    entry: str | Mapping[str, Any],
    players: int | None = None,
    where: str = "variant",
    players_where: str = "players",
    overrides_where: str | None = None,
) -> Variant:
    """Presets apply over the tournament's ``players``; explicit overrides apply last.

    A preset or override that fixes another player count than ``players`` is an
    error rather than a silent change of the number of players. ``overrides_where`` names
    where the overrides were given when that is not the variant entry (``--set``)."""
    if isinstance(entry, str):
        name, base, overrides = entry, entry, {}
    else:
        entry = dict(entry)
        base = str(entry.pop("base", "standard"))
        name = str(entry.pop("name", base))
        overrides = entry
    if base not in game.variants:
        raise UserError(
            f"unknown {game.name} variant {base!r}",
            where,
            f"known variants: {', '.join(game.variants)} (see `cardsim list variants --game {game.name}`)",
        )
    fixed = overrides.get("num_players", game.variants[base].get("num_players"))
    if players is not None and fixed is not None and fixed != players:
        by = f"the {game.name} preset {base!r}" if "num_players" not in overrides else "this variant"
        raise UserError(
            f"{by} is played by {fixed} players, but {players_where} says {players}",
            where,
            f"set {players_where} to {fixed}, or choose a variant for {players} players",
        )
    options: dict[str, Any] = {}
    if players is not None:
        options["num_players"] = players
    options.update(game.variants[base])
    options.update(overrides)
    try:
        rules = game.make_rules(options)
    except RulesError as exc:
        hint = f"see docs/rules/{game.name}.md for the allowed values"
        given = overrides_where is not None and exc.key in overrides
        raise UserError(
            exc.message, f"{overrides_where} {exc.key}" if given else f"{where}.{exc.key}", hint
        ) from None
    return Variant(name=name, base=base, overrides=overrides, rules=rules)


def parse_set_options(pairs: list[str], where: str = "--set") -> dict[str, Any]:
    """``KEY=VALUE`` strings to options; values are read as YAML scalars (10, true, text)."""
    import yaml

    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise UserError(f"expected KEY=VALUE, got {pair!r}", where, "for example --set target_score=15")
        options[key.strip()] = yaml.safe_load(value) if value.strip() else ""
    return options
