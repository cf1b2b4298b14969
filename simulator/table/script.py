"""The person's moves as a strategy, so that `cardsim replay` plays a saved game again.

A saved game is a replay log plus a strategy YAML file whose plug-in is :class:`ScriptedPlayer`
and whose params are the person's moves in the game's own move text, per seat, in the order the
person chose them (forced moves are not asked, so they are not listed). Replayed with the same
seed, variant and opponents, the bots get the same positions and the same private RNGs, so the
replay writes the same log.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

import yaml
from pydantic import BaseModel, ConfigDict, Field

from simulator.games import get_game
from simulator.strategy import API_VERSION, Strategy

#: the strategy name of the person's seats in logs and replay commands
PERSON = "person"
#: the plug-in reference of the person's moves
PLUGIN = "simulator.table.script:ScriptedPlayer"


class ScriptParams(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    moves: dict[int, list[str]] = Field(
        default_factory=dict, description="per seat, the moves chosen at that seat, in order (move text)"
    )


class ScriptedPlayer(Strategy):
    """Plays the recorded moves of its seat, one per decision, across every deal of a match."""

    games: ClassVar[tuple[str, ...]] = ("sweep", "seep", "sueca")
    Params: ClassVar[type[BaseModel]] = ScriptParams
    summary: ClassVar[str] = "Plays the moves a person chose in `cardsim play` (a saved game)."
    api_version: ClassVar[int | None] = API_VERSION
    wants_view: ClassVar[bool] = False

    def __init__(self, params: BaseModel | None = None) -> None:
        super().__init__(params)
        self._played = 0  # moves of this seat played so far (a match goes on across deals)

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        game = self.rules.game_name()
        script: list[str] = self.params.moves.get(self.seat, [])  # type: ignore[attr-defined]
        if self._played >= len(script):
            raise ValueError(f"the recorded moves of seat {self.seat} end here (saved before the end)")
        text = script[self._played]
        move = get_game(game).parse_move(text)
        if move not in moves:
            raise ValueError(
                f"recorded move {self._played + 1} of seat {self.seat}, {text!r}, is not legal here"
            )
        self._played += 1
        return move


def write_person_file(path: Path, game: str, moves: Mapping[int, Sequence[str]]) -> None:
    """The strategy YAML file of the person's moves (``cardsim replay --strategies`` reads it)."""
    document = {
        "name": PERSON,
        "plugin": PLUGIN,
        "games": [game],
        "params": {"moves": {seat: list(texts) for seat, texts in sorted(moves.items())}},
        "description": "The moves a person chose in `cardsim play`.",
    }
    path.write_text(yaml.safe_dump(document, sort_keys=False, allow_unicode=True), encoding="utf-8")
