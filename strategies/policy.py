"""The policy plug-in: a learned agent (torch, JAX, numpy...) plays like any other strategy.

``params.policy`` names a callable ``(observation, action_mask) -> action id``, as
``package.module:attr`` or ``path/to/file.py:attr`` (relative to the current folder). The
observation is the game's vector of simulator/rl/observe and the mask the int8 vector over the
game's action ids (``simulator.rl.actions.codec_for(game)``), exactly what the PettingZoo
environments of simulator.rl give an agent, so a policy trained there plays here unchanged: a
move of several steps (a capture: its card, each card taken, done) asks the policy at every step
that has a choice, as the environment does.
With ``params.args``, ``attr`` is a factory called once with those keyword arguments
(``{weights: results/my.npz}``) to build the callable.
A policy should be deterministic: it gets no RNG (sample inside it with its own seed if needed).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field, model_validator

from simulator.plugins import import_module_or_file
from simulator.strategy import Strategy

if TYPE_CHECKING:  # numpy loads with the first move (`cardsim list strategies` stays fast)
    import numpy as np

Policy = Callable[["np.ndarray", "np.ndarray"], Any]
_LOADED: dict[tuple[str, tuple[tuple[str, Any], ...]], Policy] = {}


def _import(ref: str) -> Any:
    module_name, sep, attr = ref.rpartition(":")
    if not sep or not module_name or not attr:
        raise ValueError(f"{ref!r} is not 'package.module:attr' or 'path/to/file.py:attr'")
    if module_name.endswith(".py"):
        path = Path(module_name).resolve()
        if not path.is_file():
            raise ValueError(
                f"policy file {module_name!r} not found (paths are relative to the current folder)"
            )
        module_name = str(path)
    module = import_module_or_file(module_name, "cardsim_policy_")
    if not hasattr(module, attr):
        raise ValueError(f"{module_name!r} has no attribute {attr!r}")
    return getattr(module, attr)


def load_policy(ref: str, args: dict[str, Any] | None) -> Policy:
    """The callable a reference names (built once per process and reference)."""
    key = (ref, tuple(sorted((args or {}).items())))
    if key not in _LOADED:
        try:
            target = _import(ref)
            policy = target(**args) if args is not None else target
        except ValueError:
            raise
        except Exception as exc:
            raise ValueError(f"cannot load the policy {ref!r}: {type(exc).__name__}: {exc}") from None
        if not callable(policy):
            raise ValueError(f"{ref!r} is not callable (expected (observation, action_mask) -> action id)")
        _LOADED[key] = policy
    return _LOADED[key]


class PolicyParams(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)
    policy: str = Field(description="module:attr or path/to/file.py:attr of (observation, action_mask) -> id")
    args: dict[str, Any] | None = Field(None, description="keyword arguments: attr is then a factory")

    @model_validator(mode="after")
    def _loads(self) -> PolicyParams:
        load_policy(self.policy, self.args)  # a bad reference is reported with the file and key
        return self


class PolicyStrategy(Strategy):
    """Plays the legal move whose action id a learned policy returns."""

    games: ClassVar[tuple[str, ...]] = ("sweep", "seep", "sueca")
    Params: ClassVar[type[BaseModel]] = PolicyParams
    summary: ClassVar[str] = "A learned policy: a callable (observation, action_mask) -> action id."

    def __init__(self, params: BaseModel | None = None) -> None:
        super().__init__(params)
        p: Any = self.params
        self._policy = load_policy(p.policy, p.args)

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        import numpy as np  # numpy and the RL codecs: only once a policy plays (listing needs neither)

        from simulator.rl.actions import codec_for
        from simulator.rl.actions.steps import complete
        from simulator.rl.observe import encoder_for

        codec = codec_for(view.game)
        _, encode = encoder_for(view.game)
        turn = codec.turn(view, moves)
        while True:
            options = turn.options()
            mask = np.zeros(codec.size, np.int8)
            mask[options] = 1
            action = int(self._policy(encode(view, turn.head, turn.selected), mask))
            if action not in options:
                raise ValueError(f"the policy returned action {action}, which is not legal here")
            turn.step(action)
            complete(turn)
            if turn.move is not None:
                return turn.move
