"""cardsim report and run --report: the terminal tables, the analysis files and a self-contained page."""

from __future__ import annotations

import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import polars as pl
import pytest
from polars.testing import assert_frame_equal
from typer.testing import CliRunner

from simulator.analysis.report_html import SECTIONS
from simulator.cli.app import app
from tests.conftest import ROOT


class _Page(HTMLParser):
    """Section ids, tags and every URL-bearing attribute of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.sections: list[str] = []
        self.tags: dict[str, int] = {}
        self.urls: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags[tag] = self.tags.get(tag, 0) + 1
        values = dict(attrs)
        if tag == "section":
            self.sections.append(values.get("id") or "")
        self.urls += [v for k, v in attrs if k in ("src", "href", "xlink:href") and v]


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
    assert page.urls == []
    assert not re.search(r"https?://(?!www\.w3\.org/2000/svg)", html)
    assert page.tags["svg"] >= 2 * 3 + 2  # score histograms, ratings, balance, margins, variants
    assert page.tags["table"] >= 5
    assert html.count('aria-label="margin histogram') == 2 * 3  # one per variant and pair


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


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium)")
def test_page_renders_in_headless_chromium_without_console_errors(round_robin, tmp_path):
    command = [
        str(CHROMIUM),
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        f"--user-data-dir={tmp_path / 'profile'}",
        "--host-resolver-rules=MAP * ~NOTFOUND",  # no network: a fetch would fail and log
        "--enable-logging=stderr",
        "--v=0",
        "--dump-dom",
        (round_robin / "report.html").as_uri(),
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    console = [line for line in done.stderr.splitlines() if ":CONSOLE" in line]
    assert console == []
    page = _Page()
    page.feed(done.stdout)
    assert page.sections == list(SECTIONS)
    assert page.tags.get("svg", 0) >= 8


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
    assert (copy / "report.html").is_file()
