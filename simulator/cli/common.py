"""Shared CLI plumbing: user errors become one message and exit code 2; help looks like help."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import typer

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
