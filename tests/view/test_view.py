"""cardsim view: the per-step states of a replay log, the page, the command, and the page in Chromium."""

from __future__ import annotations

import json
from collections import Counter
from html.parser import HTMLParser

import pytest
from typer.testing import CliRunner

from simulator.cli.app import app
from simulator.games import get_game
from simulator.plugins import load_strategy
from simulator.replay import replay_log
from simulator.variants import resolve_variant
from simulator.view.page import render_page
from simulator.view.states import item_cards, read_log, seat_view, steps_of
from tests.conftest import ROOT
from tests.view.chromium import BINARY, SKIP_REASON, Browser

#: one deal of every game, and variants with builds (Sweep) and the 2-player game (Seep)
CASES = [
    ("sweep", "standard", None, "greedy,random"),
    ("sweep", "build_sweep", None, "random"),
    ("seep", "standard", None, "greedy,random"),
    ("seep", "standard", 2, "random"),
    ("sueca", "standard", None, "greedy,random,greedy,random,random"),
]


def _log(game: str, variant: str, players: int | None, strategies: str, match: bool = False, deal: int = 3):
    g = get_game(game)
    v = resolve_variant(g, {"base": variant, "name": variant}, players, "test", players_where="test")
    refs = strategies.split(",")
    refs = refs * v.rules.num_players if len(refs) == 1 else refs
    if len(refs) == len(v.rules.sides) < v.rules.num_players:
        refs = [refs[v.rules.side_of_seat[s]] for s in range(v.rules.num_players)]
    specs = [load_strategy(r, "test") for r in refs]
    return replay_log(g, v, 11, deal, specs, 1, match)


def _final_totals(log):
    return [e for e in log if e["type"] == "score"][-1]["totals"]


@pytest.mark.parametrize(("game", "variant", "players", "strategies"), CASES)
@pytest.mark.parametrize("match", [False, True])
def test_the_last_step_shows_the_final_scores_and_every_card_is_somewhere(
    game, variant, players, strategies, match
):
    log = _log(game, variant, players, strategies, match)
    steps = steps_of(log)
    assert len(steps) == len(log)  # one step per event: every event of these games is drawn
    assert steps[-1]["totals"] == _final_totals(log)
    if match:
        assert steps[-1]["match"].startswith("match over")
    for step in steps:
        assert step["caption"] and step["label"]
    # cards are never duplicated between the hands, the table and the open trick
    for step in steps:
        seen = Counter(c for h in step["hands"] for c in h)
        seen.update(c for item in step["centre"] for c in item_cards(item))
        seen.update(c for _, c in step["trick"])
        assert max(seen.values(), default=1) == 1, step["caption"]


def test_a_sweep_deal_ends_with_empty_hands_and_every_card_captured():
    log = _log("sweep", "standard", None, "greedy")
    last_deal = [s for s in steps_of(log) if s["type"] == "leftover"][-1]
    assert all(h == [] for h in last_deal["hands"]) and last_deal["centre"] == []
    assert sum(last_deal["piles"]) == 52


def test_a_sueca_trick_goes_to_its_winner():
    log = _log("sueca", "standard", None, "greedy")
    steps = steps_of(log)
    k = next(i for i, e in enumerate(log) if e["type"] == "trick")
    winner = log[k]["winner"]
    assert steps[k]["tricks"][winner] == 1 and steps[k]["trick_points"][winner] == log[k]["points"]
    assert [c for _, c in steps[k]["trick"]] == log[k]["cards"]


def test_one_seat_sees_only_its_own_hand():
    steps = seat_view(steps_of(_log("seep", "standard", None, "random")), 2)
    dealt = next(s for s in steps if s["type"] == "dealt")
    assert isinstance(dealt["hands"][2], list) and len(dealt["hands"][2]) == 4
    assert [h for s, h in enumerate(dealt["hands"]) if s != 2] == [4, 4, 4]
    assert dealt["centre"] == 4  # the floor is face down until the bid
    bid = next(s for s in steps if s["type"] == "bid")
    assert isinstance(bid["centre"], list) and len(bid["centre"]) == 4


class _Scripts(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def test_the_page_is_self_contained_and_embeds_every_step():
    log = _log("sueca", "standard", None, "greedy")
    html = render_page(log)
    parser = _Scripts()
    parser.feed(html)
    assert not [a for t, a in parser.tags if t in ("link", "img") or a.get("src") or a.get("href")]
    assert "http://" not in html and "https://" not in html
    start = html.index('id="deal-data">') + len('id="deal-data">')
    data = json.loads(html[start : html.index("</script>", start)])
    assert data["game"] == "sueca" and len(data["steps"]) == len(log)


def test_view_command_from_a_seed_a_log_file_and_a_run(tmp_path):
    runner = CliRunner()
    page = tmp_path / "sueca.html"
    args = ["view", "--game", "sueca", "--seed", "5", "--deal", "2", "--strategies", "greedy"]
    args += ["--out", str(page)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert page.is_file()
    log_file = tmp_path / "deal.jsonl"
    replayed = runner.invoke(app, ["replay", "--game", "seep", "--seed", "5", "--format", "jsonl"])
    log_file.write_text(replayed.output)
    result = runner.invoke(app, ["view", str(log_file), "--seat", "1"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "deal.html").is_file()
    out = tmp_path / "run"
    run = ["run", str(ROOT / "configs/tournaments/quickstart.yaml"), "--deals", "2", "--jobs", "1", "-q"]
    assert runner.invoke(app, [*run, "--out", str(out), "--variant", "standard"]).exit_code == 0
    result = runner.invoke(app, ["view", str(out), "--deal", "1", "--rotation", "1"])
    assert result.exit_code == 0, result.output
    assert (out / "deals" / "standard-lineup0-deal1-rotation1.html").is_file()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "sweep", "--seed", "1", "--seat", "7"], "--seat"),
        (["--game", "sweep", "--seed", "1", "--deal", "-1"], "--deal"),
        (["--seed", "1"], "--game"),
    ],
)
def test_view_mistakes_are_one_clear_message(args, message, tmp_path):
    result = CliRunner().invoke(app, ["view", *args, "--out", str(tmp_path / "x.html")])
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output
    assert "cardsim replay" not in result.output  # the message names the view's options, not replay's


@pytest.mark.parametrize("text", ['{"type": "move"}\n', ""])
def test_a_file_that_is_not_a_replay_log_is_refused(tmp_path, text):
    """A .jsonl file is read as a log even when empty (not as a tournament file)."""
    bad = tmp_path / "x.jsonl"
    bad.write_text(text)
    result = CliRunner().invoke(app, ["view", str(bad)])
    assert result.exit_code == 2 and "not a cardsim-replay/1 log" in result.output


@pytest.mark.skipif(BINARY is None, reason=SKIP_REASON)
def test_stepping_through_every_move_in_chromium_ends_on_the_final_scores(tmp_path_factory):
    artifacts = tmp_path_factory.mktemp("viewer-screenshots")
    with Browser(artifacts / "profile") as browser:
        for game, variant, players, strategies in CASES:
            log = _log(game, variant, players, strategies)
            page = artifacts / f"{game}-{variant}-{players or 'n'}.html"
            page.write_text(render_page(log))
            browser.open(page)
            assert browser.evaluate("document.body.dataset.step") == "0"
            for k in range(1, len(log)):
                browser.press("ArrowRight")
                if k == len(log) // 2:
                    browser.screenshot(artifacts / f"{page.stem}-middle.png")
            assert browser.evaluate("document.body.dataset.step") == str(len(log) - 1)
            browser.press("ArrowRight")  # past the end stays at the end
            totals = browser.evaluate("document.getElementById('scores').dataset.totals")
            assert json.loads(totals) == _final_totals(log)
            assert browser.screenshot(artifacts / f"{page.stem}-end.png").stat().st_size > 10_000
            browser.press("Home")
            assert browser.evaluate("document.body.dataset.step") == "0"
            browser.evaluate("document.querySelectorAll('#moves button')[5].click()")
            assert browser.evaluate("document.body.dataset.step") == "5"
            assert browser.requested_urls() == [page.resolve().as_uri()]
            assert browser.console_errors() == []
        seat_page = artifacts / "seep-seat-1.html"
        seat_page.write_text(render_page(_log("seep", "standard", None, "random"), seat=1))
        browser.open(seat_page)
        browser.press("ArrowRight")  # dealt: three hands and the floor face down
        assert browser.evaluate("document.querySelectorAll('.card.back').length") == 3 * 4 + 4
        browser.screenshot(artifacts / "seep-seat-1-dealt.png")


def test_read_log_round_trips_replay_output():
    log = _log("sweep", "standard", None, "random")
    text = "".join(json.dumps(e) + "\n" for e in log)
    assert read_log(text) == log
