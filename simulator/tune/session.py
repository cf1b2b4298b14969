"""The tuning loop: SPSA iterations played in one parallel backend, the state saved after each,
a progress bar with the current estimate and the ETA, stop signals turned into a clean stop."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tqdm import tqdm

from simulator.config import Tournament
from simulator.provenance import fingerprint
from simulator.runner import parallel_backend
from simulator.stopping import StopRequested, StopSignals, exit_code, stopped_by
from simulator.tune.evaluate import Evaluator
from simulator.tune.space import ParamSpace
from simulator.tune.spsa import Schedule, candidates, perturbation, step
from simulator.tune.state import TuneState, open_state, saved_iteration

#: the estimate is the mean margin of the candidates over the last tenth of the iterations so far
ESTIMATE_WINDOW = 0.1


class TuneInterrupted(Exception):
    """A stop signal ended the tuning; its state is saved for a resume."""

    def __init__(self, message: str, exit_code: int) -> None:
        super().__init__(message)
        self.exit_code = exit_code


@dataclass(frozen=True)
class Tuning:
    """A tuning's inputs, resolved: what is tuned, against whom, with which budget."""

    base: Tournament  # the start strategy (first) against the opponents, in the tuned variant
    space: ParamSpace
    budget: int  # deals the tuning may play (both candidates of every comparison)
    groups: int  # deal groups per candidate and opponent per iteration
    seed: int
    jobs: int
    command: str
    start_file: str  # the start strategy's file as the command names it

    @property
    def evaluator(self) -> Evaluator:
        return Evaluator(self.base, self.groups, self.jobs)

    @property
    def iterations(self) -> int:
        return self.budget // self.evaluator.deals_per_iteration()

    def settings(self) -> dict[str, Any]:
        """What determines the tuned values (not the jobs, which never change them)."""
        variant = self.base.variants[0]
        return {
            "command": self.command,
            "game": self.base.game.name,
            "variant": variant.name,
            "players": variant.rules.num_players,
            "rules": dict(sorted(variant.rules.options().items())),
            "start": {**_spec_record(self.base.strategies[0]), "source": self.start_file},
            "opponents": [_spec_record(s) for s in self.base.strategies[1:]],
            "params": self.space.record(),
            "budget": self.budget,
            "groups": self.groups,
            "seed": self.seed,
            "iterations": self.iterations,
        }

    def fresh_state(self) -> TuneState:
        settings = self.settings()
        key = {k: v for k, v in settings.items() if k != "command"}
        return TuneState(fingerprint(sorted(key.items())), settings, self.space.start_units())


def _spec_record(spec: Any) -> dict[str, Any]:
    return {"name": spec.name, "plugin": spec.plugin, "params": dict(spec.params), "source": spec.source}


def _estimate(history: list[dict[str, Any]]) -> float:
    window = max(1, round(len(history) * ESTIMATE_WINDOW))
    recent = history[-window:]
    return sum(row["centre"] for row in recent) / len(recent)


def _bar(tuning: Tuning, state: TuneState, quiet: bool) -> tqdm:
    per = tuning.evaluator.deals_per_iteration()
    return tqdm(
        total=tuning.iterations * per,
        initial=state.iteration * per,
        unit="deal",
        desc="tune",
        disable=quiet or not sys.stderr.isatty(),
        dynamic_ncols=True,
    )


def _iterate(tuning: Tuning, state: TuneState, out: Path, bar: tqdm) -> None:
    evaluator = Evaluator(tuning.base, tuning.groups, tuning.jobs, failed=out / "failed")
    space = tuning.space
    schedule = Schedule(tuning.iterations)
    for k in range(state.iteration + 1, tuning.iterations + 1):
        delta = perturbation(tuning.seed, k, len(space.params))
        plus, minus = candidates(state.theta, schedule.c_k(k), delta)
        comparison = evaluator.compare(k - 1, space.values(plus), space.values(minus))
        state.spread.add(comparison.plus + comparison.minus)
        sd = state.spread.sd
        result = comparison.difference / sd if sd > 0 else 0.0
        state.theta = step(state.theta, schedule, k, delta, result)
        state.iteration, state.deals = k, state.deals + comparison.deals
        row = {
            "iteration": k,
            "deals": state.deals,
            "margin_plus": sum(comparison.plus) / len(comparison.plus),
            "margin_minus": sum(comparison.minus) / len(comparison.minus),
            "centre": comparison.centre,
            "params": space.values(state.theta),
        }
        row["estimate"] = _estimate([*state.history, row])
        state.add(out, row)
        state.save(out)
        bar.update(comparison.deals)
        bar.set_postfix_str(f"margin {row['estimate']:+.3f}/deal")


def run_tuning(tuning: Tuning, out: Path, *, fresh: bool, quiet: bool) -> TuneState:
    """Play the iterations still to play (from the saved state in ``out``, if it is this
    tuning's) and return the final state. Raises :class:`TuneInterrupted` on a stop signal."""
    state = open_state(out, tuning.fresh_state(), fresh)
    if state.iteration == 0:
        out.mkdir(parents=True, exist_ok=True)
        state.restart(out)
    if state.iteration >= tuning.iterations:
        return state
    signals = StopSignals()
    bar = _bar(tuning, state, quiet)
    try:
        with signals.installed(), parallel_backend(tuning.base.config, tuning.jobs):
            _iterate(tuning, state, out, bar)
    except StopRequested as exc:
        raise TuneInterrupted(
            f"{stopped_by(exc.signum)}: {saved_iteration(out)} of {tuning.iterations} iterations are "
            f"saved in {out}; run the same command again to resume.",
            exit_code(exc.signum),
        ) from None
    finally:
        bar.close()
    return state
