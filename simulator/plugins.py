"""Strategy plug-ins: YAML descriptions, `plugin:` resolution, params validation (docs/design.md §4).

A :class:`StrategySpec` is small, hashable and picklable, so workers can
rebuild the strategy instances themselves. The built-ins are named here as
``module:Class`` strings and imported only when a run asks for them. A plug-in
that declares the API version it was written for (``api_version``) is refused
when it is not this one, with what changed in between; one that declares
nothing is taken to follow the current API.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
import sys
from contextvars import ContextVar
from dataclasses import dataclass, replace
from importlib.metadata import entry_points
from pathlib import Path
from types import ModuleType
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from simulator.errors import StrategyFault, UserError, pydantic_location
from simulator.strategy import API_CHANGES, API_VERSION, Strategy
from simulator.yamltext import load_yaml

ENTRY_POINT_GROUP = "cardsim.strategies"
#: the built-in strategies' short names (the `plugin:` values a YAML file may use as they are)
BUILTIN = {
    "random": "strategies.random_play:RandomStrategy",
    "greedy": "strategies.greedy:GreedyStrategy",
    "heuristic": "strategies.heuristic:HeuristicStrategy",
    "policy": "strategies.policy:PolicyStrategy",
    "montecarlo": "strategies.montecarlo:MonteCarloStrategy",
    "ismcts": "strategies.ismcts:IsmctsStrategy",
}
_CLASS_CACHE: dict[str, type[Strategy]] = {}


class StrategyFile(BaseModel):
    """Schema of a strategy YAML file."""

    model_config = ConfigDict(extra="forbid", defer_build=True)
    name: str = Field(min_length=1)
    plugin: str = Field(min_length=1)
    games: list[str] | None = None
    params: dict[str, Any] = Field(default_factory=dict)
    description: str = ""


@dataclass(frozen=True)
class StrategySpec:
    """One configured strategy: which class, with which validated params."""

    name: str
    plugin: str
    params: tuple[tuple[str, Any], ...]
    games: tuple[str, ...]
    description: str
    source: str

    def build(self) -> Strategy:
        cls = load_class(self.plugin, self.source, "plugin")
        return cls(cls.Params(**dict(self.params)))


def build_seats(specs: list[StrategySpec]) -> list[Strategy]:
    """One new instance per seat; a constructor that raises is a :class:`StrategyFault` of the
    first seat it holds, as a move that raises is (the run names it and its replay)."""
    agents = []
    for seat, spec in enumerate(specs):
        try:
            agents.append(spec.build())
        except Exception as exc:
            raise StrategyFault(seat, f"raised {type(exc).__name__} when built: {exc}") from exc
    return agents


def _entry_point_target(name: str) -> str | None:
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        if ep.name == name:
            return ep.value
    return None


def resolve_plugin(ref: str, base_dir: Path, where: str) -> str:
    """Turn a `plugin:` value into a loadable reference (built-in, entry point,
    ``module:Class`` or an absolute ``/path/file.py:Class``)."""
    if ref in BUILTIN:
        return BUILTIN[ref]
    target = _entry_point_target(ref)
    if target:
        return target
    if ":" not in ref:
        raise UserError(
            f"unknown strategy plug-in {ref!r}",
            where,
            f"use a built-in name ({', '.join(BUILTIN)}), 'package.module:Class', 'path/to/file.py:Class' "
            f"or an entry point of group {ENTRY_POINT_GROUP}",
        )
    module, _, cls_name = ref.rpartition(":")
    if module.endswith(".py"):
        path = Path(module)
        candidates = [path] if path.is_absolute() else [base_dir / path, Path.cwd() / path]
        for candidate in candidates:
            if candidate.is_file():
                return f"{candidate.resolve()}:{cls_name}"
        raise UserError(
            f"plug-in file {module!r} not found (looked in {', '.join(str(c) for c in candidates)})",
            where,
            "give a path relative to the strategy YAML file or to the current folder",
        )
    return ref


def import_module_or_file(module_name: str, prefix: str) -> ModuleType:
    """Import ``package.module``, or a ``path/to/file.py`` under a private unique name."""
    if not module_name.endswith(".py"):
        return importlib.import_module(module_name)
    unique = prefix + str(abs(hash(module_name)))
    spec = importlib.util.spec_from_file_location(unique, module_name)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[unique] = module
    spec.loader.exec_module(module)
    return module


def load_class(ref: str, source: str, key: str) -> type[Strategy]:
    """Import the plug-in class of a resolved reference (cached per process)."""
    if ref in _CLASS_CACHE:
        return _CLASS_CACHE[ref]
    where = f"{source}: {key}"
    module_name, _, cls_name = ref.rpartition(":")
    try:
        module = import_module_or_file(module_name, "cardsim_plugin_")
    except Exception as exc:
        raise UserError(
            f"cannot import plug-in module {module_name!r}: {type(exc).__name__}: {exc}",
            where,
            "check the module path and that the module imports cleanly",
        ) from None
    cls = getattr(module, cls_name, None)
    if not (isinstance(cls, type) and issubclass(cls, Strategy)):
        raise UserError(
            f"{module_name!r} has no Strategy subclass named {cls_name!r}",
            where,
            "the class must derive from simulator.api.Strategy",
        )
    _check_api_version(cls, ref, where)
    _check_declarations(cls, ref, where)
    _CLASS_CACHE[ref] = cls
    return cls


def _check_declarations(cls: type[Strategy], ref: str, where: str) -> None:
    """The class attributes cardsim reads before it plays: the games and the params' model."""
    params = cls.Params
    if not (isinstance(params, type) and issubclass(params, BaseModel)):
        raise UserError(
            f"plug-in {ref} declares Params = {params!r}, which is not a pydantic model",
            where,
            "declare `class Params(BaseModel)` with a field per parameter, or leave Params out",
        )
    games = cls.games
    if not isinstance(games, tuple | list) or not games or not all(isinstance(g, str) for g in games):
        raise UserError(
            f"plug-in {ref} declares games = {games!r}: the games it plays are a tuple of names",
            where,
            'set, in its class, games = ("sweep", "seep", "sueca") or the ones it plays',
        )


def _check_api_version(cls: type[Strategy], ref: str, where: str) -> None:
    """Refuse a plug-in written for another version of the plug-in API, saying what changed."""
    declared = cls.api_version
    if declared is None or declared == API_VERSION:
        return
    if not isinstance(declared, int) or isinstance(declared, bool) or declared < 1:
        raise UserError(
            f"plug-in {ref} declares api_version = {declared!r}, which is not an API version",
            where,
            f"declare the version it was written for, an int (this cardsim's is {API_VERSION})",
        )
    head = f"plug-in {ref} was written for plug-in API version {declared}; this cardsim has {API_VERSION}"
    if declared > API_VERSION:
        raise UserError(head, where, "upgrade cardsim (CHANGELOG.md lists each version's changes)")
    changes = "; ".join(f"version {v}: {API_CHANGES[v]}" for v in range(declared + 1, API_VERSION + 1))
    raise UserError(
        f"{head}. What changed since: {changes}",
        where,
        f"update the plug-in (CHANGELOG.md), then set api_version = {API_VERSION} in its class",
    )


def _validate_params(cls: type[Strategy], params: dict[str, Any], where: str) -> tuple[tuple[str, Any], ...]:
    try:
        model = cls.Params(**params)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = pydantic_location(("params", *err["loc"]))
        raise UserError(_plain(err), f"{where}: {loc}", _param_fix(cls, err)) from None
    return tuple(sorted(model.model_dump().items()))


def _plain(err: Any) -> str:
    """A validation error's message without pydantic's "Value error, " prefix (our own checks)."""
    msg: str = err["msg"]
    return msg.removeprefix("Value error, ") if err["type"] == "value_error" else msg


def _param_fix(cls: type[Strategy], err: Any) -> str:
    """The fix line: the parameters that exist for an unknown one, what a known one means for a
    wrong value, what every one means for a wrong combination (a check of the params together)."""
    fields = cls.Params.model_fields
    if err["type"] != "extra_forbidden":
        named = [err["loc"][0]] if err["loc"] else list(fields)
        meanings = [f"{n}: {fields[n].description}" for n in named if n in fields and fields[n].description]
        if meanings:
            return "; ".join(meanings)
    return f"parameters of this plug-in: {', '.join(fields) or 'none'}"


def read_strategy_file(path: Path) -> StrategyFile:
    """Read one strategy YAML file and check its keys, without loading its plug-in."""
    where = str(path)
    if not path.is_file():
        raise UserError("strategy file not found", where, "check the path (relative to the current folder)")
    try:
        raw = load_yaml(path.read_text())
    except yaml.YAMLError as exc:
        raise UserError(f"invalid YAML: {exc}", where, "fix the YAML syntax") from None
    if not isinstance(raw, dict):
        raise UserError("a strategy file must be a mapping with name and plugin", where)
    try:
        data = StrategyFile.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise UserError(
            err["msg"],
            f"{where}: {pydantic_location(err['loc'])}",
            "allowed keys: name, plugin, games, params, description",
        ) from None
    return data


#: the strategy files being read, outermost first: a parameter naming another file (montecarlo's
#: rollout or ordering) reads it while the first is validated, so a file that leads back to
#: itself would recurse without end
_READING: ContextVar[tuple[Path, ...]] = ContextVar("_READING", default=())


def spec_from_yaml(path: Path) -> StrategySpec:
    """Read and validate one strategy YAML file (its plug-in loaded, its params checked)."""
    reading, resolved = _READING.get(), path.resolve()
    if resolved in reading:
        loop = " -> ".join(str(p) for p in [*reading[reading.index(resolved) :], resolved])
        raise UserError(
            f"strategy files name each other in a loop: {loop}",
            str(path),
            "a strategy file cannot name itself, directly or through another file",
        )
    token = _READING.set((*reading, resolved))
    try:
        return _read_spec(path)
    finally:
        _READING.reset(token)


def _read_spec(path: Path) -> StrategySpec:
    where = str(path)
    data = read_strategy_file(path)
    plugin = resolve_plugin(data.plugin, path.parent, f"{where}: plugin")
    cls = load_class(plugin, where, "plugin")
    games = tuple(data.games) if data.games is not None else cls.games
    unsupported = [g for g in games if g not in cls.games]
    if unsupported:
        raise UserError(
            f"plug-in {data.plugin!r} does not support game(s) {', '.join(unsupported)}",
            f"{where}: games",
            f"it supports: {', '.join(cls.games)}",
        )
    params = _validate_params(cls, data.params, where)
    return StrategySpec(data.name, plugin, params, games, data.description or cls.summary, where)


def spec_from_name(name: str, where: str | None = None) -> StrategySpec:
    """A registered name (built-in or entry point) with default params."""
    if name not in BUILTIN and _entry_point_target(name) is None:
        raise UserError(
            f"unknown strategy {name!r}",
            where or f"strategy {name!r}",
            f"use a built-in name ({', '.join(BUILTIN)}), a strategy YAML file, or a plug-in installed "
            f"under the entry point group {ENTRY_POINT_GROUP} (`cardsim list strategies`)",
        )
    plugin = resolve_plugin(name, Path.cwd(), where or f"strategy {name!r}")
    cls = load_class(plugin, f"strategy {name!r}", "plugin")
    return StrategySpec(name, plugin, (), cls.games, cls.summary, "builtin")


def spec_from_record(name: str, plugin: str, params: dict[str, Any], source: str) -> StrategySpec:
    """A strategy as a run's manifest recorded it (resolved plug-in reference and params)."""
    cls = load_class(plugin, source, "plugin")
    return StrategySpec(name, plugin, _validate_params(cls, params, source), cls.games, cls.summary, source)


#: ``REF@N``: copy N of a strategy, named ``NAME@N``, so one strategy can hold two sides of a lineup
_COPY = re.compile(r"(?P<ref>.+)@(?P<copy>[1-9][0-9]*)")


def is_path_ref(ref: str) -> bool:
    """Strategy references that name a YAML file rather than a registered name."""
    return ref.endswith((".yaml", ".yml")) or "/" in ref


def find_file(ref: str, base_dir: Path | None) -> Path | None:
    """``ref`` relative to ``base_dir`` (the file that names it), then to the current folder."""
    path = Path(ref)
    candidates = [path] if path.is_absolute() or base_dir is None else [base_dir / path, path]
    return next((c for c in candidates if c.is_file()), None)


def load_strategy(
    ref: str, where: str | None = None, base_dir: Path | None = None, alias: str | None = None
) -> StrategySpec:
    """A strategy from a YAML file path or a registered name; ``NAME@N`` is its copy N.

    ``where`` says who named it (file and key, or a command-line option) for error
    messages; a relative path is looked up from ``base_dir`` first, then the current
    folder. ``alias`` renames the strategy (the ``as:`` key of a tournament file)."""
    copy = _COPY.fullmatch(ref)
    if copy:
        ref = copy["ref"]
    if is_path_ref(ref):
        path = find_file(ref, base_dir)
        if path is None:
            looked = [str(base_dir / ref)] if base_dir is not None and not Path(ref).is_absolute() else []
            raise UserError(
                f"strategy file {ref!r} not found (looked in {', '.join([*looked, str(Path.cwd() / ref)])})",
                where or ref,
                "give a path relative to the file that names it, or to the current folder",
            )
        spec = spec_from_yaml(path)
    else:
        spec = spec_from_name(ref, where)
    name = alias or (f"{spec.name}@{copy['copy']}" if copy else spec.name)
    if name == spec.name:
        return spec
    # a renamed built-in keeps a reference that loads it again (error messages print it)
    return replace(spec, name=name, source=ref if spec.source == "builtin" else spec.source)


def all_registered() -> dict[str, str]:
    """Every registered plug-in name -> reference (built-ins and entry points)."""
    names = dict(BUILTIN)
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        names.setdefault(ep.name, ep.value)
    return names


class _Required:
    """The default shown for a parameter the strategy YAML must set."""

    def __repr__(self) -> str:
        return "(required)"


REQUIRED = _Required()


def describe_params(cls: type[Strategy]) -> list[tuple[str, str, Any, str]]:
    """(name, type, default, help) of each declared parameter; the default is REQUIRED when it has none."""
    rows = []
    for pname, field in cls.Params.model_fields.items():
        ann = getattr(field.annotation, "__name__", str(field.annotation))
        default = REQUIRED if field.is_required() else field.default
        rows.append((pname, ann, default, field.description or ""))
    return rows
