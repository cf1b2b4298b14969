"""Errors that reach the user as one clear message (exit code 2, no traceback)."""

from __future__ import annotations


class UserError(Exception):
    """A user mistake: what is wrong, where (file and key), and how to fix it."""

    def __init__(self, what: str, where: str | None = None, fix: str | None = None) -> None:
        self.what = what
        self.where = where
        self.fix = fix
        super().__init__(self.render())

    def render(self) -> str:
        text = f"{self.where}: {self.what}" if self.where else self.what
        if self.fix:
            text += f"\n  fix: {self.fix}"
        return text


def pydantic_location(loc: tuple) -> str:
    """``("variants", 2, "base")`` -> ``variants[2].base``."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out
