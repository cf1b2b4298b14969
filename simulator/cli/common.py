"""Shared CLI plumbing: user errors become one message and exit code 2."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import Any

import typer
from rich.console import Console

from simulator.errors import UserError


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
    return Console(width=None if sys.stdout.isatty() else 120)
