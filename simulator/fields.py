"""Pydantic field types of the bounded numbers of simulator/limits.py (the tournament file's
keys, the SPRT settings): each refuses a value out of range with a message that states it."""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator

from simulator.limits import (
    CHUNK_MAX,
    DEALS_MAX,
    ELO_MAX,
    JOBS_MAX,
    SEED_MAX,
    SPRT_BATCH_MAX,
    TIMEOUT_MAX,
    check_float,
    check_int,
)


def _int_in(low: int, high: int) -> AfterValidator:
    return AfterValidator(lambda v: check_int(v, low, high))


def _float_in(low: float, high: float, *, above_low: bool = False) -> AfterValidator:
    return AfterValidator(lambda v: check_float(v, low, high, above_low=above_low))


# the field types of the tournament file (simulator/config.py) and the SPRT settings
Seed = Annotated[int, _int_in(0, SEED_MAX)]
Deals = Annotated[int, _int_in(1, DEALS_MAX)]
Jobs = Annotated[int, _int_in(-JOBS_MAX, JOBS_MAX)]
ChunkSize = Annotated[int, _int_in(1, CHUNK_MAX)]
SprtBatch = Annotated[int, _int_in(1, SPRT_BATCH_MAX)]
#: seconds, 0 for no limit
Timeout = Annotated[float, _float_in(0.0, TIMEOUT_MAX)]
#: seconds, more than 0
Wait = Annotated[float, _float_in(0.0, TIMEOUT_MAX, above_low=True)]
Elo = Annotated[float, _float_in(-ELO_MAX, ELO_MAX)]
#: a test's error rate (alpha, beta)
ErrorRate = Annotated[float, _float_in(0.0, 0.5, above_low=True)]
