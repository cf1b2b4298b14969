"""cardsim report and run --report: the terminal tables, the analysis files and a self-contained page."""

from __future__ import annotations

import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import polars as pl
import pytest
from polars.testing import assert_frame_equal
from typer.testing import CliRunner

from simulator.analysis.report_html import SECTIONS
from simulator.cli.app import app
from tests.conftest import ROOT
from tests.view.chromium import BINARY, SKIP_REASON, Browser


class _Page(HTMLParser):
    """Section ids, tags, every URL-bearing attribute, and what each figure holds."""

    def __init__(self) -> None:
        super().__init__()
        self.sections: list[str] = []
        self.tags: dict[str, int] = {}
        self.urls: list[str] = []
        self.figures: list[dict[str, int]] = []  # per <figure>: the tags inside it
        self.in_figure = False

    def handle_starttag(self, tag, attrs):
        self.tags[tag] = self.tags.get(tag, 0) + 1
        values = dict(attrs)
        if tag == "section":
            self.sections.append(values.get("id") or "")
        if tag == "figure":
            self.figures.append({})
            self.in_figure = True
        elif self.in_figure:
            self.figures[-1][tag] = self.figures[-1].get(tag, 0) + 1
        self.urls += [v for k, v in attrs if k in ("src", "href", "xlink:href") and v]

    def handle_endtag(self, tag):
        if tag == "figure":
            self.in_figure = False


@pytest.fixture(scope="module")
def round_robin(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("rr") / "out"
    strategies = ["random", "greedy", str(ROOT / "configs/strategies/spade-lover.yaml")]
    args = ["run", str(ROOT / "configs/tournaments/quickstart.yaml"), "--deals", "12", "--jobs", "1"]
    args += ["--out", str(out), "--variant", "standard", "--variant", "no_sweep_bonus", "--report", "-q"]
    for s in strategies:
        args += ["--strategy", s]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "report.html" in result.output
    return out


def test_run_writes_every_analysis_file(round_robin):
    for name in ("comparisons", "ratings", "balance"):
        assert (round_robin / f"{name}.parquet").is_file()
    comparisons = pl.read_parquet(round_robin / "comparisons.parquet")
    assert comparisons.height == 2 * 3  # two variants, three pairs
    ratings = pl.read_parquet(round_robin / "ratings.parquet")
    assert ratings.height == 2 * 3
    assert ratings.group_by("variant").agg(pl.col("rating").sum().abs())["rating"].max() < 1e-6


def test_page_is_self_contained_with_every_section(round_robin):
    html = (round_robin / "report.html").read_text()
    page = _Page()
    page.feed(html)
    assert page.sections == list(SECTIONS)
    assert "script" not in page.tags and "link" not in page.tags
    assert not re.search(r"https?://(?!www\.w3\.org/2000/svg)", html)
    # links go to the page's own sections and to the deal pages written beside it
    deal_pages = [u for u in page.urls if not u.startswith("#")]
    assert all(u.startswith("deals/") and (round_robin / u).is_file() for u in deal_pages)
    # per variant (2) and pair (3): each way's largest win and the closest deal, and a dealer win
    assert len(deal_pages) == 2 * 3 * 3 + 2
    assert {u[1:] for u in page.urls if u.startswith("#")} == set(SECTIONS)


def test_every_figure_has_a_chart_a_caption_and_its_table(round_robin):
    page = _Page()
    page.feed((round_robin / "report.html").read_text())
    # dealer advantage at a glance, forest, ladder, 2 crosstables, 2×3 running margins, positions, dealer,
    # first player, tie rate, categories, 2×3 margin histograms
    assert len(page.figures) == 1 + 1 + 1 + 2 + 6 + 4 + 1 + 6
    for inside in page.figures:
        assert inside.get("figcaption") == 1 and inside.get("svg") == 1
        assert inside.get("details") == 1 and inside.get("table") == 1
        assert inside.get("rect", 0) + inside.get("circle", 0) + inside.get("polyline", 0) > 0


def test_the_answers_open_the_page(round_robin):
    html = (round_robin / "report.html").read_text()
    answers = html[html.index('<div class="answers">') : html.index('<section id="verdicts"')]
    assert "Is greedy better than random? <b>Yes</b>" in answers
    assert "Which variant has the largest dealer advantage?" in answers


def test_report_recomputes_missing_files_identically(round_robin, tmp_path):
    copy = tmp_path / "copy"
    shutil.copytree(round_robin, copy)
    for name in ("comparisons", "ratings", "balance"):
        (copy / f"{name}.parquet").unlink()
    (copy / "report.html").unlink()
    result = CliRunner().invoke(app, ["report", str(copy)])
    assert result.exit_code == 0, result.output
    for heading in (
        "pairwise comparisons",
        "Bradley-Terry ratings",
        "crosstable",
        "balance, variant no_sweep_bonus",
    ):
        assert heading in result.output
    for name in ("comparisons", "ratings", "balance"):
        # polars' parallel aggregations may differ in the last bit
        again, first = (pl.read_parquet(d / f"{name}.parquet") for d in (copy, round_robin))
        assert_frame_equal(again, first, rel_tol=1e-9, abs_tol=1e-12)
    assert (copy / "report.html").is_file()


def test_report_of_a_folder_without_deals_is_a_clear_error(tmp_path):
    result = CliRunner().invoke(app, ["report", str(tmp_path)])
    assert result.exit_code == 2
    assert "no deals.parquet" in result.output
    result = CliRunner().invoke(app, ["report", str(tmp_path / "gone")])
    assert result.exit_code == 2
    assert "gone: no such folder" in result.output


@pytest.mark.parametrize(
    ("name", "fix"),
    [("deals.parquet", "restore the file, or play the run again"), ("comparisons.parquet", "delete it")],
)
def test_a_damaged_file_is_one_clear_error(round_robin, tmp_path, name, fix):
    """A file cut short (a full disk, a copy that stopped) is named, with exit code 2, not a
    polars traceback; the analysis files can be computed again, the rows cannot."""
    copy = tmp_path / "run"
    shutil.copytree(round_robin, copy)
    data = (copy / name).read_bytes()
    (copy / name).write_bytes(data[: len(data) // 2])
    result = CliRunner().invoke(app, ["report", str(copy)])
    assert result.exit_code == 2, result.output
    assert f"{copy / name}: {name} is not a Parquet file cardsim can read" in result.output
    assert f"fix: {fix}" in result.output and "Traceback" not in result.output


@pytest.mark.skipif(BINARY is None, reason=SKIP_REASON)
def test_page_renders_in_headless_chromium(round_robin, tmp_path_factory):
    """Every chart drawn and non-empty, nothing fetched, and the answers on the first screen."""
    artifacts = tmp_path_factory.mktemp("report-screenshots")
    with Browser(artifacts / "profile") as browser:
        browser.open(round_robin / "report.html")
        sizes = browser.evaluate(
            "Array.from(document.querySelectorAll('figure svg')).map(s => {"
            " const r = s.getBoundingClientRect(); return [r.width, r.height, s.childElementCount]; })"
        )
        assert len(sizes) == 22
        assert all(w > 100 and h > 50 and n > 3 for w, h, n in sizes)
        assert browser.evaluate("document.querySelector('.answers').getBoundingClientRect().bottom") < 800
        assert browser.evaluate("document.querySelector('#fig-forest svg').getBoundingClientRect().top") < 800
        shot = browser.screenshot(artifacts / "report-first-screen.png")
        assert shot.stat().st_size > 10_000
        assert browser.requested_urls() == [(round_robin / "report.html").resolve().as_uri()]
        assert browser.console_errors() == []


def test_report_without_a_manifest_reads_the_rows_alone(round_robin, tmp_path):
    copy = tmp_path / "bare"
    copy.mkdir()
    shutil.copy(round_robin / "deals.parquet", copy / "deals.parquet")
    result = CliRunner().invoke(app, ["report", str(copy)])
    assert result.exit_code == 0, result.output
    again = pl.read_parquet(copy / "comparisons.parquet")
    first = pl.read_parquet(round_robin / "comparisons.parquet")
    # the same pairs, in the order the rows name them; the numbers do not depend on the manifest
    assert again.select("variant", "strategy", "opponent", "groups", "score_histogram").equals(
        first.select("variant", "strategy", "opponent", "groups", "score_histogram")
    )
    assert "No deal pages: the folder has no manifest.json" in (copy / "report.html").read_text()
    assert not (copy / "deals").exists()


def test_report_figures_agree_with_the_rows(round_robin):
    import numpy as np

    from simulator.analysis.outputs import read_info
    from simulator.analysis.pairs import MARGIN_SCALE
    from simulator.analysis.report_data import category_points, gather, pair_frame, running_margin, thin

    info = read_info(round_robin)
    deals = pl.scan_parquet(round_robin / "deals.parquet")
    extras = gather(deals, info, {})
    comparisons = pl.read_parquet(round_robin / "comparisons.parquet")
    for r in comparisons.iter_rows(named=True):
        key = (r["variant"], r["strategy"], r["opponent"])
        track = extras.tracks[key]
        assert track.xs[-1] == r["groups"] == extras.groups[key]
        assert track.mean[-1] == pytest.approx(r["margin_mean"])
        counts, edges = extras.margins[key]
        assert sum(counts) == r["groups"] * r["deals_per_group"] and len(edges) == len(counts) + 1
    # the deals worth seeing are the extremes of each pair's per-deal margins
    pairs = pair_frame(deals, info)
    for (variant, a, b), rows in pairs.group_by(["variant", "strategy", "opponent"]):
        for winner, loser, m in ((a, b, rows["m"].max()), (b, a, -rows["m"].min())):
            if m > 0:
                d = next(
                    d
                    for d in extras.notable
                    if d.variant == variant
                    and d.why == (f"{winner}'s largest win over {loser}, by {m / MARGIN_SCALE:.3g}")
                )
                deal = rows.filter(
                    (pl.col("deal_index") == d.deal_index)
                    & (pl.col("rotation") == d.rotation)
                    & (pl.col("lineup") == d.lineup)
                )
                assert deal.height == 1 and abs(deal["m"][0]) == m
    # Sweep's categories add up to the points
    points = category_points(deals, info)
    parts = points.select("cards_points", "spades_points", "ace_of_spades_points", "sweep_points")
    assert np.allclose(parts.sum_horizontal().to_numpy(), points["total"].to_numpy())
    # a running path keeps its last point and at most 300
    assert thin(10_000)[-1] == 9_999 and len(thin(10_000)) == 300
    margins = np.array([1.0, -1.0, 3.0, 0.0])
    path = running_margin(margins)
    assert path.mean == pytest.approx([1.0, 0.0, 1.0, 0.75])
    half = 1.96 * margins.std(ddof=1) / 2
    assert (path.high[-1] - path.low[-1]) / 2 == pytest.approx(half)
