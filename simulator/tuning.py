"""Process-level settings for simulation processes (the CLI and each worker)."""

from __future__ import annotations

import gc

#: allocations between young-generation collections (CPython's default is 700)
GC_GEN0_THRESHOLD = 50_000


def configure_process() -> None:
    """Collect garbage less often.

    The engines keep caches of many small tuples that live for the whole run;
    with CPython's default threshold they are rescanned by thousands of young
    and full collections that find nothing to free. A higher threshold gives
    4-6% more deals per second and changes no result."""
    gen0, gen1, gen2 = gc.get_threshold()
    gc.set_threshold(max(GC_GEN0_THRESHOLD, gen0), gen1, gen2)
