"""The session model without any interface: it plays as `cardsim replay` does, undo replays the
deal from its seed to the same position, and a saved game replays to the same log and scores."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from simulator.cli.app import app
from simulator.errors import UserError
from simulator.table.hints import ask_hint
from simulator.table.session import Session, SessionError
from tests.table.helpers import make_config, replay_saved, scores


@pytest.fixture
def saved_path(tmp_path: Path) -> Path:
    return tmp_path / "game.jsonl"


def _play_out(session: Session, pick=lambda moves: moves[len(moves) // 2]) -> int:
    """Play the person's seats to the end of the deal; the person's decisions."""
    decisions = 0
    session.advance()
    while not session.deal_over:
        session.play(pick(session.legal_moves()))
        decisions += 1
        session.advance()
    return decisions


@pytest.mark.parametrize("game", ["sweep", "seep", "sueca"])
def test_a_saved_deal_replays_to_the_same_log(game, saved_path):
    session = Session(make_config(game, opponents="heuristic"))
    session.advance()
    session.play(session.legal_moves()[-1])
    session.advance()
    session.undo()
    assert _play_out(session) > 0
    saved = session.save(saved_path)
    text = saved_path.read_text()
    assert scores(text) and scores(text)[-1]["type"] == "score"
    assert replay_saved(saved.command) == text
    page = saved_path.with_suffix(".html")
    result = CliRunner().invoke(app, ["view", str(saved_path), "--seat", "0", "--out", str(page)])
    assert result.exit_code == 0 and page.stat().st_size > 0, result.output  # the deal viewer reads it


@pytest.mark.parametrize("game", ["sweep", "seep", "sueca"])
def test_undo_plays_the_deal_again_to_the_same_position(game):
    session = Session(make_config(game, seat="1", opponents="random"))
    session.advance()
    session.play(session.legal_moves()[0])
    session.advance()
    before, log = session.view(), list(session.log)
    moves = session.legal_moves()
    session.play(moves[len(moves) - 1])
    session.advance()
    seat, move = session.undo()
    assert (seat, move) == (1, moves[len(moves) - 1])
    assert session.view() == before and session.log == log
    assert len(session.moves) == 1


def test_undo_before_any_move_says_so():
    session = Session(make_config("sweep"))
    session.advance()
    with pytest.raises(SessionError, match="nothing to undo"):
        session.undo()


def test_undo_after_the_deal_is_over_takes_the_last_move_back():
    session = Session(make_config("sueca"))
    _play_out(session)
    session.undo()
    assert session.awaiting_person and not any(e["type"] == "score" for e in session.log)


@pytest.mark.parametrize("game", ["sweep", "seep", "sueca"])
def test_a_match_with_undo_in_a_later_deal_replays_to_the_same_log(game, saved_path):
    session = Session(make_config(game, match=True, opponents="random"))
    _play_out(session)
    session.next_deal()
    assert session.round == 2
    session.advance()
    session.play(session.legal_moves()[0])
    session.advance()
    session.undo()
    while True:
        _play_out(session, pick=lambda moves: moves[0])
        if session.match_over:
            break
        session.next_deal()
    saved = session.save(saved_path)
    assert "--match" in saved.command
    text = saved_path.read_text()
    assert scores(text)[-1]["type"] == "match_end"
    assert replay_saved(saved.command) == text


def test_partners_both_played_by_the_person(saved_path):
    session = Session(make_config("seep", seat="0,2"))
    assert _play_out(session) > 0
    assert {seat for seat, _ in session.moves} == {0, 2}
    saved = session.save(saved_path)
    assert replay_saved(saved.command) == saved_path.read_text()


def test_the_next_deal_of_single_deals_is_the_next_index():
    session = Session(make_config("sueca"))
    with pytest.raises(SessionError, match="not over"):
        session.next_deal()
    _play_out(session)
    session.next_deal()
    assert session.deal_index == 1 and session.log[0]["deal_index"] == 1
    assert not session.moves and [e["type"] for e in session.log].count("deal") == 1


def test_seats_swapped_move_everyone_one_seat_on():
    config = make_config("sweep", opponents="random,greedy,heuristic")
    swapped = config.swapped()
    assert swapped.person == (1,)
    assert [s and s.name for s in swapped.opponents] == ["heuristic", None, "random", "greedy"]
    assert swapped.refs == ("heuristic", "", "random", "greedy")
    first, again = Session(config), Session(swapped)
    assert first.log[1] == again.log[1]  # the same cards


def test_a_save_before_the_end_replays_up_to_where_the_moves_stop(saved_path):
    session = Session(make_config("sweep"))
    session.advance()
    saved = session.save(saved_path)
    assert "0: []" in saved.person.read_text()  # no move chosen yet
    words = saved.command.split()[1:]
    result = CliRunner().invoke(app, words)
    assert result.exit_code == 1 and '"type":"error"' in result.output
    assert "end here" in result.output


def test_the_hint_of_a_search_rates_the_moves_it_weighed():
    config = make_config("sueca", hint="montecarlo")
    session = Session(config)
    session.advance()
    view, moves = session.view(), session.legal_moves()
    hint = ask_hint(config.hint, view, moves, config.seed, 0, 0)
    assert hint.move in moves and hint.samples > 0
    assert hint.move in [m for m, _ in hint.ratings] or len(hint.ratings) == 5
    assert ask_hint(config.hint, view, moves, config.seed, 0, 0) == hint
    assert session.view() == view  # asking changes nothing at the table
    plain = ask_hint(make_config("sueca").hint, view, moves, config.seed, 0, 0)
    assert plain.ratings == () and plain.move in moves


@pytest.mark.parametrize(
    "options, option",
    [
        ({"seat": "7"}, "--seat"),
        ({"seat": "x"}, "--seat"),
        ({"seat": "0,1,2,3"}, "--seat"),
        ({"opponents": "greedy,random"}, "--opponents"),
        ({"opponents": "nosuchbot"}, "--opponents"),
        ({"hint": "nosuchbot"}, "--hint-strategy"),
        ({"variant": "nosuch"}, "--variant"),
        ({"sets": ["target_score=-"]}, "--set target_score"),
        ({"seed": -1}, "--seed"),
        ({"seed": 2**63}, "--seed"),
        ({"deal": -1}, "--deal"),
    ],
)
def test_bad_options_name_the_option(options, option):
    with pytest.raises(UserError) as caught:
        make_config("sweep", **options)
    assert option in caught.value.render()


def test_an_unknown_game_is_refused():
    with pytest.raises(UserError, match="unknown game"):
        make_config("poker")


def test_a_config_keeps_the_deal_index_it_is_given():
    config = replace(make_config("sweep"), deal_index=3)
    assert Session(config).log[0]["deal_index"] == 3


def test_paths_of_a_save(saved_path: Path):
    saved = Session(make_config("sweep")).save(saved_path)
    assert saved.person == saved_path.with_name("game.person.yaml")


def test_forced_moves_are_played_for_the_person_and_reported():
    session = Session(make_config("sueca", opponents="random", seed=2))
    forced = session.advance()
    while not session.deal_over:
        session.play(session.legal_moves()[0])
        forced += session.advance()
    assert forced and all(seat == 0 for seat, _ in forced)
    assert not {move for _, move in forced} & {move for _, move in session.moves}


@pytest.mark.parametrize(
    ("mode", "words"), [("build", "raised RuntimeError when built"), ("reset", "in reset")]
)
def test_a_bot_that_fails_before_its_first_move_is_a_session_error(tmp_path: Path, mode, words):
    """A constructor or a reset that raises names the seat and the bot, as a move that raises does."""
    plugin = Path(__file__).parent.parent / "plugins" / "faulty.py"
    bot = tmp_path / "faulty.yaml"
    bot.write_text(f"name: faulty\nplugin: {plugin}:Faulty\nparams:\n  mode: {mode}\n")
    with pytest.raises(SessionError, match=f"seat 1 \\(faulty\\) .*{words}"):
        Session(make_config("sweep", players=2, opponents=str(bot)))
