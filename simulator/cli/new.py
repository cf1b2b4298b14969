"""`cardsim new strategy NAME --game G`: a plug-in skeleton that already runs.

It writes the plug-in module, its strategy YAML, a head-to-head tournament
against `random` and a pytest test that plays it, so a user starts from code
that works and changes one method.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated

import typer

from simulator.cli.common import HELP_OPTIONS, user_errors
from simulator.errors import UserError
from simulator.games import GAME_MODULES

app = typer.Typer(help="Create starting files.", no_args_is_help=True, context_settings=HELP_OPTIONS)

_NAME = re.compile(r"[a-z][a-z0-9_-]*")

#: per game: imports, the body of ``_score(move)`` and what the view holds
_GAME_CODE = {
    "sweep": (
        "from simulator.games.sweep import CAPTURE\n",
        "        # SweepMove(action, card, value, mask): action TRAIL, CAPTURE or BUILD\n"
        "        # (simulator.games.sweep); mask is every table card a capture takes.\n"
        "        # Prefer the capture taking most cards.\n"
        "        return move.mask.bit_count() if move.action == CAPTURE else 0",
        "SweepView: hand and table bitmasks, builds, piles, history",
    ),
    "seep": (
        "from simulator.games.seep import CAPTURE\n",
        "        # SeepMove(action, card, value, floor): action BID, CAPTURE, HOUSE, BREAK or THROW\n"
        "        # (simulator.games.seep); floor is the loose cards taken. Prefer big captures.\n"
        "        return move.floor.bit_count() if move.action == CAPTURE else 0",
        "SeepView: hand and loose bitmasks, houses, bid, played, history",
    ),
    "sueca": (
        "from simulator.games.sueca import PLAY, POINTS\n",
        "        # SuecaMove(action, card, value): action PASS, NULS, BID, TRUMP, CALL_CARD or PLAY\n"
        "        # (simulator.games.sueca). Play the card worth the fewest points;\n"
        "        # other decisions: the first legal one.\n"
        "        return -POINTS[move.card] if move.action == PLAY else 0",
        "SuecaView: phase, hand bitmask, calls, contract, trump, trick, tricks, scores",
    ),
}

_PLUGIN = '''"""{title}: a cardsim strategy plug-in for {game} (written by `cardsim new strategy`).

Change `choose` (and `_score`); the strategy API is in docs/strategies.md: import only what
simulator.api and the game packages it lists export.
Run it: cardsim run {folder}/tournament.yaml
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

from simulator.api import Strategy
{imports}

class {cls}Params(BaseModel):
    """Parameters, set under `params:` in {name}.yaml and checked when a run starts."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    randomness: float = Field(0.1, ge=0, le=1, description="share of decisions played at random")


class {cls}(Strategy):
    """Plays the best-scoring legal move, sometimes a random one."""

    games: ClassVar[tuple[str, ...]] = ("{game}",)
    Params: ClassVar[type[BaseModel]] = {cls}Params
    summary: ClassVar[str] = "{title}: the best-scoring legal move, sometimes a random one."
    #: the plug-in API this was written for: another cardsim version refuses to load it and
    #: says what changed (CHANGELOG.md), instead of letting it play wrongly
    api_version: ClassVar[int] = {api_version}

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        # view: what this seat may see, a {view_doc}
        # moves: the legal moves (at least two: forced moves are played for you).
        # self.rng is this seat's seeded random.Random: use it, never the global random module.
        if self.rng.random() < self.params.randomness:
            return moves[int(self.rng.random() * len(moves))]
        return max(moves, key=self._score)

    def _score(self, move: Any) -> float:
{score}
'''

_YAML = """# The strategy {name}: which plug-in class, with which parameters.
name: {name}
plugin: {module}.py:{cls}
games: [{game}]
params:
  randomness: 0.1
description: {title}, written by `cardsim new strategy`.
"""

_TOURNAMENT = """# {name} against the built-in random strategy, head to head (paths relative to this file).
name: {name}
game: {game}
strategies:
  - {name}.yaml
  - random
format: head-to-head
deals: 500
seed: 1
output: results/{name}
"""

_TEST = '''"""{name} plays a few deals of {game} against random without a fault (pytest {folder})."""

from __future__ import annotations

from pathlib import Path

import yaml
from simulator.cli.app import app
from typer.testing import CliRunner

HERE = Path(__file__).resolve().parent


def test_{module}_plays_a_head_to_head(tmp_path):
    config = yaml.safe_load((HERE / "tournament.yaml").read_text())
    config.update(deals=4, jobs=1, output=str(tmp_path / "out"))
    config["strategies"] = [str(HERE / "{name}.yaml"), "random"]
    path = tmp_path / "tournament.yaml"
    path.write_text(yaml.safe_dump(config))
    result = CliRunner().invoke(app, ["run", str(path), "--quiet"])
    # exit code 1 means the strategy raised or returned an illegal move: the output says where
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out" / "deals.parquet").is_file()
'''


def _class_name(name: str) -> str:
    return "".join(part.capitalize() for part in re.split(r"[-_]", name) if part) or "MyStrategy"


@app.command("strategy")
@user_errors
def new_strategy(
    name: Annotated[str, typer.Argument(metavar="NAME", help="Strategy name, e.g. my-bot.")],
    game: Annotated[str, typer.Option(metavar="GAME", help=f"One of {', '.join(GAME_MODULES)}.")],
    folder: Annotated[
        Path | None, typer.Option("--dir", metavar="DIR", help="Folder to create (default: ./NAME).")
    ] = None,
) -> None:
    """Write a working plug-in skeleton, its strategy YAML, a tournament and a test that plays it."""
    from simulator.strategy import API_VERSION

    if not _NAME.fullmatch(name):
        raise UserError(
            f"invalid strategy name {name!r}",
            "NAME",
            "use lower-case letters, digits, '-' and '_', starting with a letter (e.g. my-bot)",
        )
    if game not in GAME_MODULES:
        raise UserError(f"unknown game {game!r}", "--game", f"use one of {', '.join(GAME_MODULES)}")
    out = folder if folder is not None else Path(name)
    module = name.replace("-", "_")
    cls = _class_name(name)
    imports, score, view_doc = _GAME_CODE[game]
    fields = {
        "name": name,
        "game": game,
        "module": module,
        "cls": cls,
        "title": cls,
        "folder": out,
        "imports": imports,
        "score": score,
        "view_doc": view_doc,
        "api_version": API_VERSION,
    }
    files = {
        out / f"{module}.py": _PLUGIN.format(**fields),
        out / f"{name}.yaml": _YAML.format(**fields),
        out / "tournament.yaml": _TOURNAMENT.format(**fields),
        out / f"test_{module}.py": _TEST.format(**fields),
    }
    existing = [str(p) for p in files if p.exists()]
    if existing:
        raise UserError(
            f"would overwrite {', '.join(existing)}", "--dir", "choose another NAME or --dir, or move them"
        )
    out.mkdir(parents=True, exist_ok=True)
    for path, text in files.items():
        path.write_text(text)
        typer.echo(f"wrote {path}")
    typer.echo(
        f"\nnext:\n  cardsim run {out}/tournament.yaml    ({name} against random, head to head)\n"
        f"  pytest {out}    (the test that plays it)\n"
        f"  then edit choose and _score in {out}/{module}.py (the API: docs/strategies.md)"
    )
