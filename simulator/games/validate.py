"""Validation of rule options shared by the games' ``make_rules``.

Values come from YAML or ``--set``: an option must already have the right
type (``"true"`` is not a bool, ``True`` is not an int), and every message
says what is allowed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any

from simulator.games.base import RulesError


def reject_unknown(options: Mapping[str, Any], rules_class: type, game_title: str) -> None:
    known = [f.name for f in dataclasses.fields(rules_class)]
    for key in options:
        if key not in known:
            raise RulesError(key, f"unknown {game_title} option; known options: {', '.join(known)}")


def int_option(key: str, value: Any, minimum: int | None = None, maximum: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(key, f"must be an integer, got {value!r}")
    if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
        bounds = f">= {minimum}" if maximum is None else f"between {minimum} and {maximum}"
        raise RulesError(key, f"must be an integer {bounds}, got {value}")
    return value


def bool_options(options: Mapping[str, Any], keys: Iterable[str]) -> None:
    for key in keys:
        if key in options and not isinstance(options[key], bool):
            raise RulesError(key, f"must be true or false, got {options[key]!r}")


def choice_options(options: Mapping[str, Any], choices: Mapping[str, tuple]) -> None:
    for key, allowed in choices.items():
        if key not in options:
            continue
        value = options[key]
        if isinstance(allowed[0], int):
            int_option(key, value)
        if value not in allowed:
            raise RulesError(key, f"must be one of {', '.join(map(str, allowed))}, got {value!r}")
