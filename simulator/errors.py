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


class StrategyFault(Exception):
    """A strategy raised or returned an illegal move at ``seat``; seat -1 means the
    engine itself raised (a rule guard or a bug), reported the same way so the
    deal can be replayed."""

    def __init__(self, seat: int, detail: str) -> None:
        super().__init__(seat, detail)
        self.seat = seat
        self.detail = detail


class GroupFault(StrategyFault):
    """A :class:`StrategyFault` with where it happened: the deal group (deal or match index), the
    rotation, the round of a match (1 for a single deal) and the deal's seed."""

    def __init__(
        self, seat: int, detail: str, deal_index: int, rotation: int, round_number: int, seed: int
    ) -> None:
        super().__init__(seat, detail)
        self.deal_index = deal_index
        self.rotation = rotation
        self.round_number = round_number
        self.seed = seed


class StrategyFailure(Exception):
    """A strategy (or the engine) failed during a run; the message says who, where and
    how to replay it. Exit code 1: the fault is in code, not in the command."""

    def __reduce__(self):  # keep the message when crossing process boundaries
        return (StrategyFailure, self.args)
