"""The terminal table driven as a person drives it (Textual's pilot, an 80x24 screen): a whole
deal of each game with a mistake, a hint, an undo and a save, and the saved game replayed by
`cardsim replay` to the same log and scores."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

pytest.importorskip("textual")

from simulator.table.app import TableApp
from tests.table.helpers import make_config, replay_saved, scores

#: a typing mistake per game: not a card, a move that cannot be, a card not in the Sueca pack
MISTAKES = {"sweep": "kx", "seep": "throw", "sueca": "9h"}


async def say(pilot, text: str) -> str:
    """Type a line and Enter, wait for the bots; the message shown under the moves."""
    await pilot.press(*["space" if ch == " " else ch for ch in text], "enter")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    return pilot.app.message


async def whole_deal(app: TableApp, path: Path) -> str:
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        game = app.session.game.name
        shown = await say(pilot, MISTAKES[game])
        assert shown and "\n" not in shown.strip()
        assert app.session.awaiting_person and not app.session.moves
        assert "hint (greedy)" in await say(pilot, "hint")
        assert "no move 99" in await say(pilot, "99")
        await say(pilot, "1")
        assert len(app.session.moves) == 1
        assert "took back" in await say(pilot, "undo")
        assert not app.session.moves
        said = []
        while not app.session.deal_over:
            said.append(await say(pilot, "1"))
        assert "Score" in app.message
        if game == "sueca":  # the last card of a hand is always forced
            assert any("forced: play" in text and "(your only move)" in text for text in said)
        assert "not your turn" in await say(pilot, "1")
        assert "saved" in await say(pilot, f"save {path.name}")
        await pilot.press("ctrl+c")
        await pilot.pause()
    assert not app.is_running
    return app.session.score_event()["type"]


@pytest.mark.parametrize("game", ["sweep", "seep", "sueca"])
def test_a_whole_deal_as_a_person_plays_it(game, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    app = TableApp(make_config(game))
    assert asyncio.run(whole_deal(app, tmp_path / "game.jsonl")) == "score"
    text = (tmp_path / "game.jsonl").read_text()
    command = app.session.save(tmp_path / "again.jsonl").command
    assert replay_saved(command) == text
    assert scores(text) == scores(replay_saved(command))


async def _hint(app: TableApp) -> str:
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.app.workers.wait_for_complete()
        return await say(pilot, "hint")


def test_the_default_hint_rates_the_moves():
    app = TableApp(make_config("sueca", hint="montecarlo"))
    shown = asyncio.run(_hint(app))
    assert "hint (montecarlo)" in shown and "mean outcome for your side over" in shown


async def _after_the_deal(app: TableApp) -> list[str]:
    said = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.app.workers.wait_for_complete()
        said.append(await say(pilot, "next"))
        while not app.session.deal_over:
            await say(pilot, "1")
        said.append(await say(pilot, "again"))
        said.append(str(app.session.config.person))
        said.append(await say(pilot, "help"))
        said.append(await say(pilot, "save x.txt") + " | " + await say(pilot, "save no/x.jsonl"))
        await pilot.press("up")
        said.append(app.query_one("#prompt").value)
        said.append(str(app.query_one("#hand").content))
        said.append(await say(pilot, "quit"))
    return said


def test_next_again_and_help(tmp_path):
    app = TableApp(make_config("sueca", opponents="random"), ascii=True, save_dir=tmp_path, pace=0.001)
    early, again, seats, help_text, bad_saves, recalled, hand, _ = asyncio.run(_after_the_deal(app))
    assert "the log is JSON Lines" in bad_saves and "cannot save to no/x.jsonl" in bad_saves
    assert "once the deal is over" in early
    assert "same cards again" in again and seats == "(1,)"
    assert "undo" in help_text and "hint" in help_text and "its number" in help_text
    assert recalled == "save no/x.jsonl"
    assert "♠" not in hand and "♥" not in hand and re.search(r"(10|[2-9AJQK])[SHDC]", hand)
