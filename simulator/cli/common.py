"""Shared CLI plumbing: user errors become one message and exit code 2; help looks like help."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import typer
from typer.core import TyperArgument, TyperOption

from simulator.errors import UserError

if TYPE_CHECKING:
    from rich.console import Console

#: `-h` as well as `--help`, on every command (Click passes it down to subcommands)
HELP_OPTIONS: dict[str, Any] = {"help_option_names": ["-h", "--help"]}


def user_errors(func: Callable[..., Any]) -> Callable[..., Any]:
    """Print a :class:`UserError` as ``error: ...`` on stderr and exit 2, without a traceback."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except UserError as exc:
            typer.echo(f"error: {exc.render()}", err=True)
            raise typer.Exit(2) from None

    return wrapper


def console() -> Console:
    """The terminal's width on a terminal; 120 columns when output goes to a file or pipe."""
    from rich.console import Console

    return Console(width=None if sys.stdout.isatty() else 120)


def show_flags_as_flags() -> None:
    """Typer's help prints a type after every parameter, ``<bool>`` after plain flags too
    (``--quiet <bool>``, as if they took a value) and ``<path>`` after ``CONFIG``: show no type
    for flags, nor where the metavar already names the value."""
    for cls in (TyperOption, TyperArgument):
        if getattr(cls, "_cardsim_types", False):
            continue
        typed = cls.display_type_rich

        def display_type_rich(self: Any, ctx: Any, typed: Any = typed) -> str | None:
            if getattr(self, "is_flag", False) or self.metavar is not None:
                return None
            return typed(self, ctx)  # type: ignore[no-any-return]

        cls.display_type_rich = display_type_rich  # type: ignore[method-assign]
        setattr(cls, "_cardsim_types", True)  # noqa: B010  (a marker on a class of typer)
