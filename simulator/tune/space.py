"""Which params a tuning moves and between which bounds.

A tuned param is a number (``int`` or ``float``, not ``bool``) of the strategy's pydantic
params model. Its bounds come from the model (``ge``/``gt``/``le``/``lt``), else from the
command line (``NAME=LO:HI``), else a default range around the start value: the start
plus or minus twice its size (plus or minus 1 for a start of 0). The optimizer works in
units of the range (0 at the low bound, 1 at the high one), so params of very different
scales move alike.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, get_args

from annotated_types import Ge, Gt, Le, Lt
from pydantic import BaseModel

from simulator.errors import UserError

OPTION = "--params"


@dataclass(frozen=True)
class Param:
    name: str
    start: float
    low: float
    high: float
    integer: bool

    def value(self, unit: float) -> float | int:
        """The param's value at ``unit`` (0..1) of its range (an int param rounds)."""
        unit = min(1.0, max(0.0, unit))
        value = self.low + unit * (self.high - self.low)
        return round(value) if self.integer else value

    def unit(self, value: float) -> float:
        return (value - self.low) / (self.high - self.low)


@dataclass(frozen=True)
class ParamSpace:
    params: tuple[Param, ...]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.params)

    def start_units(self) -> list[float]:
        return [p.unit(p.start) for p in self.params]

    def values(self, units: list[float]) -> dict[str, float | int]:
        return {p.name: p.value(u) for p, u in zip(self.params, units, strict=True)}

    def record(self) -> list[dict[str, Any]]:
        """The space as the state and the tuned file record it."""
        return [
            {"name": p.name, "start": p.start, "low": p.low, "high": p.high, "integer": p.integer}
            for p in self.params
        ]


def _number_type(annotation: Any) -> type | None:
    """``int`` or ``float`` for a numeric annotation (``X | None`` included), else None."""
    if annotation in (int, float):
        return annotation  # type: ignore[no-any-return]
    members = [a for a in get_args(annotation) if a is not type(None)]
    if len(members) == 1 and members[0] in (int, float) and len(get_args(annotation)) == 2:
        return members[0]  # type: ignore[no-any-return]
    return None


def _model_bounds(model: type[BaseModel], name: str, integer: bool) -> tuple[float | None, float | None]:
    low: float | None = None
    high: float | None = None
    step = 1.0 if integer else 0.0
    for meta in model.model_fields[name].metadata:
        if isinstance(meta, Ge):
            low = _number(meta.ge)
        elif isinstance(meta, Gt):
            low = _number(meta.gt) + step if integer else math.nextafter(_number(meta.gt), math.inf)
        elif isinstance(meta, Le):
            high = _number(meta.le)
        elif isinstance(meta, Lt):
            high = _number(meta.lt) - step if integer else math.nextafter(_number(meta.lt), -math.inf)
    return low, high


def _number(bound: Any) -> float:
    return float(bound)


def _default_half_width(start: float) -> float:
    return 2 * abs(start) if start else 1.0


def parse_params_option(text: str | None) -> dict[str, tuple[float, float] | None]:
    """``NAME,NAME=LO:HI,...`` -> name -> bounds (None: the model's or the default)."""
    chosen: dict[str, tuple[float, float] | None] = {}
    if text is None:
        return chosen
    for item in (part.strip() for part in text.split(",")):
        if not item:
            raise UserError(f"an empty name in {text!r}", OPTION, "separate names by single commas")
        name, sep, bounds = item.partition("=")
        if not sep:
            chosen[name] = None
            continue
        low_text, colon, high_text = bounds.partition(":")
        try:
            if not colon:
                raise ValueError
            low, high = float(low_text), float(high_text)
        except ValueError:
            raise UserError(
                f"bounds {bounds!r} of {name!r} are not LO:HI numbers", OPTION, f"e.g. {name}=0:2.5"
            ) from None
        if not (math.isfinite(low) and math.isfinite(high) and low < high):
            raise UserError(
                f"bounds {bounds!r} of {name!r} must be finite numbers with LO < HI",
                OPTION,
                f"e.g. {name}=0:2.5",
            )
        chosen[name] = (low, high)
    return chosen


def default_names(model: type[BaseModel], start: dict[str, Any], game: str) -> list[str]:
    """Every numeric param that has a value; when some are named ``<game>_...`` (per-game
    params, as the heuristic's feature weights), only those of the tuned game."""
    numeric = [
        n for n, f in model.model_fields.items() if _number_type(f.annotation) and start.get(n) is not None
    ]
    own = [n for n in numeric if n.startswith(f"{game}_")]
    return own or numeric


def build_space(
    model: type[BaseModel],
    start: dict[str, Any],
    chosen: dict[str, tuple[float, float] | None],
    game: str,
    source: str,
) -> ParamSpace:
    """The space of the chosen params (all numeric ones when none are chosen); every
    problem is a :class:`UserError` naming the param."""
    fields = model.model_fields
    names = list(chosen) or default_names(model, start, game)
    if not names:
        raise UserError(
            "this strategy has no numeric param to tune",
            source,
            "tune a strategy with numeric params, e.g. a heuristic's weights (`cardsim list strategies`)",
        )
    unknown = [n for n in names if n not in fields]
    if unknown:
        own = [n for n in fields if n.startswith(f"{game}_")]  # per-game params: only the tuned game's
        listed = f"params of this strategy for {game}: {', '.join(own)}" if own else None
        raise UserError(
            f"unknown param {unknown[0]!r}",
            OPTION,
            listed or f"params of this strategy: {', '.join(fields) or 'none'}",
        )
    return ParamSpace(tuple(_param(model, name, start.get(name), chosen.get(name), source) for name in names))


def _param(
    model: type[BaseModel], name: str, start: Any, given: tuple[float, float] | None, source: str
) -> Param:
    annotation = model.model_fields[name].annotation
    kind = _number_type(annotation)
    if kind is None:
        shown = getattr(annotation, "__name__", str(annotation))
        raise UserError(f"param {name!r} is not a number ({shown})", OPTION, "tune int or float params only")
    if start is None:
        raise UserError(
            f"param {name!r} has no start value (its default is left to the plug-in)",
            f"{source}: params: {name}",
            "set a start value in the strategy file",
        )
    integer = kind is int
    value = float(start)
    low, high = _model_bounds(model, name, integer)
    if given is not None:
        if (low is not None and given[0] < low) or (high is not None and given[1] > high):
            raise UserError(
                f"bounds {given[0]:g}:{given[1]:g} of {name!r} leave the model's range "
                f"[{low if low is not None else '-inf'}, {high if high is not None else 'inf'}]",
                OPTION,
                "give bounds inside the model's",
            )
        low, high = given
    half = _default_half_width(value)
    low = value - half if low is None else low
    high = value + half if high is None else high
    if not low <= value <= high or low >= high:
        raise UserError(
            f"bounds [{low:g}, {high:g}] of {name!r} do not hold its start value {value:g}",
            f"{OPTION} ({source}: params: {name})",
            "widen the bounds or change the start value",
        )
    return Param(name, value, low, high, integer)
