"""The range of every number a user gives cardsim, in one place.

Tournament keys, command-line options and rule options are checked against these
bounds before any deal is played, so a mistyped or scripted value is one clear
error (what, where, the allowed range) instead of a traceback after the compute.
The bounds are what the engine, the 63-bit seeding (simulator/seeding.py) and the
Int64 output columns hold, with room for any honest run. The pydantic field types
built on them are in simulator/fields.py (this module stays free of pydantic, for the
command line's fast start).
"""

from __future__ import annotations

import math
from typing import Final

#: seeds are 63-bit (every derived seed is masked to 63 bits) and stored in Int64 columns
SEED_MAX: Final = 2**63 - 1
#: deal groups per lineup and variant: a million a second would take 30 years
DEALS_MAX: Final = 10**12
#: worker processes (negative: every core but ``-jobs - 1``, joblib's convention)
JOBS_MAX: Final = 1024
#: deal groups in one task of a worker
CHUNK_MAX: Final = 1_000_000
#: seconds: a move, a wait for the Dask scheduler
TIMEOUT_MAX: Final = 86_400.0
#: Elo bounds of a sequential test
ELO_MAX: Final = 1000.0
#: deal groups between two looks of a sequential test
SPRT_BATCH_MAX: Final = 1_000_000


def range_text(low: float, high: float) -> str:
    return f"from {low:,} to {high:,}" if isinstance(low, int) else f"from {low:g} to {high:g}"


def check_int(value: int, low: int, high: int) -> int:
    """``value`` if ``low <= value <= high``; else a ValueError that states the range."""
    if not low <= value <= high:
        raise ValueError(f"must be an integer {range_text(low, high)}, got {value:,}")
    return value


def check_float(value: float, low: float, high: float, *, above_low: bool = False) -> float:
    """``value`` if finite and in range (``above_low``: strictly above ``low``); else a ValueError."""
    bound = f"above {low:g} and up to {high:g}" if above_low else range_text(low, high)
    if not math.isfinite(value):
        raise ValueError(f"must be a finite number {bound}, got {value}")
    if value > high or value < low or (above_low and value == low):
        raise ValueError(f"must be a number {bound}, got {value:g}")
    return value
