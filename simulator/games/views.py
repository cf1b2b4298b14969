"""Fast construction of the frozen view dataclasses the engines hand to strategies.

A view is built at every decision (and at every move of a search's rollouts), and a frozen
dataclass's own ``__init__`` sets each field through ``object.__setattr__``, several times slower
than plain attribute stores. :func:`fast_constructor` makes, for a frozen dataclass with slots, a
function taking every field in order that fills an unfrozen twin of the class (the same slots)
and then gives it the frozen class: the object is exactly what the constructor makes (equal,
same hash, same repr, still frozen), built about ten times faster for twenty fields.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TypeVar

V = TypeVar("V")


def fast_constructor(view_class: type[V]) -> Callable[..., V]:
    """``new(field1, field2, ...)`` with every field of ``view_class`` in order, as its constructor
    takes them positionally (no defaults, no ``__post_init__``: a view is plain data)."""
    params = dataclasses.fields(view_class)  # type: ignore[arg-type]
    slots = getattr(view_class, "__slots__", None)
    if slots is None or not view_class.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        raise TypeError(f"{view_class.__name__} must be a frozen dataclass with slots")
    if hasattr(view_class, "__post_init__") or any(
        f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING for f in params
    ):
        raise TypeError(f"{view_class.__name__}: a view has no defaults and no __post_init__")
    # the unfrozen twin: the same slots (so ``__class__`` may change) without the frozen __setattr__
    twin = type(f"_Unfrozen{view_class.__name__}", (), {"__slots__": slots})
    names = [f.name for f in params]
    lines = [f"def new({', '.join(names)}):", "    view = _twin()"]
    lines += [f"    view.{name} = {name}" for name in names]
    lines += ["    view.__class__ = _frozen", "    return view"]
    namespace: dict[str, object] = {"_twin": twin, "_frozen": view_class}
    exec("\n".join(lines), namespace)  # the way dataclasses write __init__: one store per field
    new = namespace["new"]
    new.__doc__ = f"A {view_class.__name__} from every field in order, as its constructor makes it."  # type: ignore[attr-defined]
    return new  # type: ignore[return-value]
