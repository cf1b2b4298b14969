"""`cardsim bench`: engine and pipeline throughput (`make bench`)."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from simulator import bench as b
from simulator.cli.common import console, user_errors
from simulator.games import available_games


@user_errors
def bench(
    seconds_scale: Annotated[
        float, typer.Option(help="Scale every workload (1.0 takes about a minute).")
    ] = 1.0,
    pipeline: Annotated[bool, typer.Option(help="Also measure `cardsim run` with 1 and 2 jobs.")] = True,
) -> None:
    """Deals per second per core for each game, and the pipeline's overhead and scaling."""
    screen = console()
    ref = b.reference_rate()
    table = Table("workload", "deals", "seconds", "deals/s", "per 1k reference ops/s", title="cardsim bench")
    sizes = {"sweep": 6000, "seep": 2000, "sueca": 6000}
    engine: dict[str, float] = {}
    for game in available_games():
        for strategy in ("random", "greedy"):
            m = b.engine_rate(
                game, strategy, max(50, int(sizes[game] * seconds_scale / (1 if strategy == "random" else 2)))
            )
            engine[f"{game}-{strategy}"] = m.rate
            table.add_row(
                m.label, str(m.deals), f"{m.seconds:.2f}", f"{m.rate:,.0f}", f"{1000 * m.rate / ref:.1f}"
            )
    notes = [f"reference workload: {ref:,.0f} ops/s (shuffle a deck and fold 13 cards into a mask)"]
    if pipeline and "sweep-random" in engine:
        # head-to-head random vs greedy: compare with the mean of the two engine loops
        base = 2 / (1 / engine["sweep-random"] + 1 / engine["sweep-greedy"])
        groups = max(100, int(3000 * seconds_scale))
        one = b.pipeline_rate(groups, jobs=1)
        two = b.pipeline_rate(groups * 2, jobs=2)
        for m in (one, two):
            table.add_row(
                m.label, str(m.deals), f"{m.seconds:.2f}", f"{m.rate:,.0f}", f"{1000 * m.rate / ref:.1f}"
            )
        notes.append(
            f"pipeline, 1 job: {one.rate / base:.0%} of the bare engine loop "
            f"(random/greedy mix, {base:,.0f} deals/s); target >= 80%"
        )
        notes.append(f"pipeline, 2 jobs: {two.rate / one.rate:.2f}x one job; target >= 1.7x")
    screen.print(table)
    for note in notes:
        screen.print(note)
