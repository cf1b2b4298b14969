"""Output folders owned by one run: other runs refused, code changes caught, results never lost."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import polars as pl
import pytest

import simulator.folder as folder_module
import simulator.runner as runner_module
from simulator.config import load_tournament
from simulator.errors import StrategyFailure, UserError
from simulator.runner import RunInterrupted, run_tournament

PLUGINS = Path(__file__).resolve().parents[1] / "plugins"


def _run(path: Path, **options):
    overrides = {k: v for k, v in options.items() if k not in ("fresh", "force", "resume_anyway")}
    flags = {k: v for k, v in options.items() if k in ("fresh", "force", "resume_anyway")}
    return run_tournament(load_tournament(path, overrides), quiet=True, **flags)


def _files(out: Path) -> dict[str, bytes]:
    return {f.name: f.read_bytes() for f in sorted(out.iterdir()) if f.is_file() and f.name != ".lock"}


def _stop_after(monkeypatch, chunks: int) -> None:
    """Make the run stop (as on Ctrl-C) when it asks for chunk number ``chunks + 1``."""
    real = runner_module.play_chunk
    calls = []

    def stopping(ctx, task):
        calls.append(task)
        if len(calls) > chunks:
            raise KeyboardInterrupt
        return real(ctx, task)

    monkeypatch.setattr(runner_module, "play_chunk", stopping)


def test_another_run_is_refused_and_force_replaces_it(write_tournament, tmp_path):
    path = write_tournament(deals=3)
    out = tmp_path / "out"
    _run(path)
    before = _files(out)
    with pytest.raises(UserError, match="holds run 't' \\(sweep, seed 7\\), with other settings") as info:
        _run(path, seed=8)
    assert "--force" in info.value.render() and "--out" in info.value.render()
    assert _files(out) == before
    _run(path, seed=8, force=True)
    assert json.loads((out / "manifest.json").read_text())["root_seed"] == 8


def test_force_replaces_a_result_only_when_the_new_run_completes(write_tournament, tmp_path, monkeypatch):
    """A failed or stopped --force run leaves the other run's complete files in place, says
    where everything is, and resumes (with --force) into a complete replacement."""
    path = write_tournament(deals=4, chunk_size=1)
    out = tmp_path / "out"
    _run(path)
    (out / "report.html").write_text("the old run's report")
    before = _files(out)
    faulty = tmp_path / "faulty.yaml"
    faulty.write_text(f"name: faulty\nplugin: {PLUGINS / 'faulty.py'}:Faulty\n")
    with pytest.raises(StrategyFailure) as failed:
        _run(path, seed=9, strategies=[str(faulty), "random"], force=True)
    assert _files(out) == before
    message = str(failed.value)
    assert "still holds the complete results of run 't' (sweep, seed 7)" in message
    assert "deals.parquet" in message and str(out / "partial") in message
    _stop_after(monkeypatch, 2)
    with pytest.raises(RunInterrupted, match="only a complete run replaces them"):
        _run(path, seed=9, force=True)
    monkeypatch.undo()
    assert _files(out) == before
    with pytest.raises(UserError, match="holds run 't' \\(sweep, seed 7\\)"):
        _run(path, seed=9)  # resuming still asks for --force: the old result is still there
    result = _run(path, seed=9, force=True)
    assert result.groups_resumed == 2 and result.replaced == "run 't' (sweep, seed 7)"
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["root_seed"] == 9 and manifest["status"] == "complete"
    assert not (out / "report.html").exists() and not (out / "partial").exists()
    assert _result_files(out) == _result_files(_run(path, seed=9, output=str(tmp_path / "alone")).out)


def test_saved_chunks_of_another_run_are_never_cleaned(write_tournament, tmp_path, monkeypatch):
    path = write_tournament(deals=6, chunk_size=1)
    _stop_after(monkeypatch, 2)
    with pytest.raises(RunInterrupted):
        _run(path)
    parts = sorted((tmp_path / "out" / ".parts").iterdir())
    with pytest.raises(UserError, match="other settings"):
        _run(path, variants=["no_sweep_bonus"])
    assert sorted((tmp_path / "out" / ".parts").iterdir()) == parts


def test_a_same_run_resumes_and_a_complete_one_is_not_played_again(write_tournament, tmp_path):
    path = write_tournament(deals=4)
    first = _run(path)
    files = _files(tmp_path / "out")
    again = _run(path)
    assert again.already_complete and again.groups_played == 0
    assert _files(tmp_path / "out") == files
    assert _run(path, fresh=True).groups_played == 4 == first.groups_played


def test_resuming_with_changed_plugin_code_refuses_unless_asked(write_tournament, tmp_path, monkeypatch):
    plugin = tmp_path / "plugin.py"
    shutil.copy(PLUGINS / "slow.py", plugin)
    strategy = tmp_path / "slow.yaml"
    strategy.write_text(f"name: slow\nplugin: {plugin}:Slow\n")
    path = write_tournament(deals=5, chunk_size=1, strategies=[str(strategy), "random"])
    full = _run(path, output=str(tmp_path / "full")).deals
    _stop_after(monkeypatch, 2)
    with pytest.raises(RunInterrupted):
        _run(path)
    monkeypatch.undo()
    plugin.write_text(plugin.read_text() + "\n# a harmless change\n")
    with pytest.raises(
        UserError, match=f"played by other code \\(changed: {re.escape(str(plugin))}\\)"
    ) as info:
        _run(path)
    assert "--fresh" in info.value.render() and "--resume-anyway" in info.value.render()
    resumed = _run(path, resume_anyway=True)
    assert resumed.groups_resumed == 2 and resumed.deals.equals(full)
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text())
    assert manifest["resumed_with_changed_code"] == [str(plugin)]
    assert (
        manifest["code"][str(plugin)]
        != json.loads((tmp_path / "full" / "manifest.json").read_text())["code"][str(plugin)]
    )


def test_fresh_drops_the_chunks_played_by_other_code(write_tournament, tmp_path, monkeypatch):
    path = write_tournament(deals=4, chunk_size=1)
    _stop_after(monkeypatch, 1)
    with pytest.raises(RunInterrupted):
        _run(path)
    monkeypatch.undo()
    record = tmp_path / "out" / ".parts" / "run.json"
    data = json.loads(record.read_text())
    record.write_text(json.dumps({**data, "code": {**data["code"], "cardsim": "an older version"}}))
    with pytest.raises(UserError, match="changed: cardsim"):
        _run(path)
    result = _run(path, fresh=True)
    assert result.groups_resumed == 0 and result.groups_played == 4


def test_a_failing_run_never_replaces_complete_results(write_tournament, tmp_path):
    faulty = tmp_path / "faulty.yaml"
    faulty.write_text(f"name: faulty\nplugin: {PLUGINS / 'faulty.py'}:Faulty\nparams:\n  rate: 0.05\n")
    path = write_tournament(deals=40, chunk_size=1, seed=4, strategies=[str(faulty), "random"])
    with pytest.raises(StrategyFailure) as info:
        _run(path, output=str(tmp_path / "probe"))
    first_bad = int(re.search(r"deal (\d+), rotation", str(info.value)).group(1))
    assert first_bad >= 2
    out = tmp_path / "out"
    _run(path, deals=first_bad)
    complete = _files(out)
    kept = re.escape("still holds the complete results of run 't' (sweep, seed 4)")
    with pytest.raises(StrategyFailure, match=kept):
        _run(path)
    assert _files(out) == complete
    partial = json.loads((out / "partial" / "manifest.json").read_text())
    assert partial["status"] == "failed" and partial["deal_groups_completed"] == first_bad
    assert pl.read_parquet(out / "partial" / "deals.parquet").height == first_bad * 4


def test_a_stalled_move_is_a_fault_and_saved_chunks_stay(write_tournament, tmp_path):
    slow = tmp_path / "slow.yaml"
    slow.write_text(
        f"name: slow\nplugin: {PLUGINS / 'slow.py'}:Slow\nparams:\n  stall_rate: 0.1\n  stall: 600\n"
    )
    path = write_tournament(
        deals=30, chunk_size=1, seed=4, strategies=[str(slow), "random"], move_timeout=0.3
    )
    with pytest.raises(StrategyFailure) as info:
        _run(path)
    message = str(info.value)
    assert "strategy 'slow'" in message and "raised MoveTimeout: no move within 0.3 s" in message
    assert "deal seed" in message and "reproduce with: cardsim replay --game sweep" in message
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text())
    assert manifest["status"] == "failed" and manifest["deal_groups_completed"] > 0
    # the printed command replays the stall under the run's move timeout, and stops it too
    from typer.testing import CliRunner

    from simulator.cli.app import app

    command = message.split("reproduce with: ")[1].splitlines()[0].split()
    assert command[-2:] == ["--move-timeout", "0.3"]
    replayed = CliRunner().invoke(app, [*command[1:], "--format", "jsonl"])
    assert replayed.exit_code == 1
    last = json.loads(replayed.output.splitlines()[-1])
    assert last["type"] == "error" and "raised MoveTimeout: no move within 0.3 s" in last["message"]


def test_a_run_with_no_completed_group_writes_every_file_with_its_schema(
    write_tournament, tmp_path, monkeypatch
):
    path = write_tournament(deals=3)
    reference = _run(path, output=str(tmp_path / "ref"))
    _stop_after(monkeypatch, 0)
    with pytest.raises(RunInterrupted, match="0 of 3 deal groups"):
        _run(path)
    for name in ("deals.parquet", "summary.parquet"):
        empty = pl.read_parquet(tmp_path / "out" / name)
        assert empty.height == 0 and empty.schema == pl.read_parquet(reference.out / name).schema


def test_result_files_are_byte_identical_whatever_jobs_and_chunks(write_tournament, tmp_path):
    path = write_tournament(
        deals=14,
        variants=["standard", "no_sweep_bonus"],
        players=3,
        format="round-robin",
        strategies=["random", "greedy", str(Path("configs/strategies/spade-lover.yaml").resolve())],
    )
    a = _run(path, jobs=1, chunk_size=1, output=str(tmp_path / "a")).out
    b = _run(path, jobs=2, chunk_size=5, output=str(tmp_path / "b")).out
    files = sorted(f.name for f in a.glob("*.parquet"))
    assert files == sorted(f.name for f in b.glob("*.parquet"))
    assert {
        "deals.parquet",
        "summary.parquet",
        "comparisons.parquet",
        "ratings.parquet",
        "balance.parquet",
    } <= set(files)
    for name in files:
        assert (a / name).read_bytes() == (b / name).read_bytes(), name


def test_match_runs_are_byte_identical_whatever_jobs_and_chunks(write_tournament, tmp_path):
    """Seep matches on two variants that share their deals: match figures and paired differences."""
    path = write_tournament(game="seep", deals=6, unit="match", variants=["standard", "no_cement"])
    a = _run(path, jobs=1, chunk_size=1, output=str(tmp_path / "a")).out
    b = _run(path, jobs=2, chunk_size=4, output=str(tmp_path / "b")).out
    files = sorted(f.name for f in a.glob("*.parquet"))
    assert files == sorted(f.name for f in b.glob("*.parquet"))
    for name in files:
        assert (a / name).read_bytes() == (b / name).read_bytes(), name


def test_output_path_errors_are_user_errors(write_tournament, tmp_path):
    path = write_tournament(deals=1)
    (tmp_path / "file").write_text("x")
    with pytest.raises(UserError, match="the output path is a file"):
        _run(path, output=str(tmp_path / "file"))
    with pytest.raises(UserError, match="cannot create the output folder"):
        _run(path, output=str(tmp_path / "file" / "below"))


def test_scheduler_errors_are_user_errors(write_tournament):
    path = write_tournament(deals=1)
    with pytest.raises(UserError, match="only used with the dask backend"):
        _run(path, scheduler="tcp://127.0.0.1:1")
    with pytest.raises(
        UserError, match=re.escape("no Dask scheduler answered at tcp://127.0.0.1:1 within 0.5 s")
    ):
        _run(path, backend="dask", scheduler="tcp://127.0.0.1:1", scheduler_timeout=0.5)


@pytest.mark.parametrize(
    "args, message",
    [
        (["--scheduler", "tcp://127.0.0.1:1"], "add --backend dask"),
        (["--out", "{file}"], "the output path is a file"),
    ],
)
def test_runner_user_errors_exit_2_without_traceback(write_tournament, tmp_path, args, message):
    from typer.testing import CliRunner

    from simulator.cli.app import app

    (tmp_path / "file").write_text("x")
    path = write_tournament(deals=1)
    args = [a.format(file=tmp_path / "file") for a in args]
    result = CliRunner().invoke(app, ["run", str(path), "-q", *args])
    assert result.exit_code == 2 and message in result.output
    assert "Traceback" not in result.output


def _result_files(out: Path) -> dict[str, bytes]:
    """The result files of a folder (the manifest aside: it records times)."""
    return {name: data for name, data in _files(out).items() if name != "manifest.json"}


@pytest.mark.parametrize("unit", ["deal", "match"])
def test_growing_a_complete_run_plays_only_the_new_groups(write_tournament, tmp_path, unit):
    path = write_tournament(deals=3, unit=unit, variants=["standard", "no_sweep_bonus"])
    _run(path)
    grown = _run(path, deals=7)
    assert (grown.groups_resumed, grown.groups_played) == (3 * 2, 4 * 2)
    assert not (tmp_path / "out" / ".parts").exists()
    _run(path, deals=7, output=str(tmp_path / "fresh"))
    assert _result_files(tmp_path / "out") == _result_files(tmp_path / "fresh")
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text())
    assert manifest["status"] == "complete" and manifest["deal_groups_completed"] == 7 * 2


def test_fewer_groups_than_a_complete_run_holds_are_refused(write_tournament, tmp_path):
    path = write_tournament(deals=4)
    _run(path)
    files = _files(tmp_path / "out")
    with pytest.raises(UserError, match="holds the complete result of 4 deal groups") as info:
        _run(path, deals=2)
    assert "--force" in info.value.render() and "--out" in info.value.render()
    assert _files(tmp_path / "out") == files
    assert _run(path, deals=2, force=True).groups_played == 2


def test_a_stop_while_a_complete_run_is_reopened_loses_nothing(write_tournament, tmp_path, monkeypatch):
    path = write_tournament(deals=3, variants=["standard", "no_sweep_bonus"])
    _run(path)
    real = folder_module.sink_parquet
    calls: list[Path] = []

    def stopping(rows, dest):
        calls.append(dest)
        if len(calls) > 1:
            raise KeyboardInterrupt
        real(rows, dest)

    monkeypatch.setattr(folder_module, "sink_parquet", stopping)
    with pytest.raises(KeyboardInterrupt):
        _run(path, deals=5)
    monkeypatch.undo()
    resumed = _run(path, deals=5)
    assert resumed.groups_resumed == 3 and resumed.groups_played == 3 + 2 * 2
    _run(path, deals=5, output=str(tmp_path / "fresh"))
    assert _result_files(tmp_path / "out") == _result_files(tmp_path / "fresh")


def test_a_complete_run_of_other_code_is_played_again_when_grown(write_tournament, tmp_path):
    path = write_tournament(deals=2)
    _run(path)
    manifest_path = tmp_path / "out" / "manifest.json"
    manifest = json.loads(manifest_path.read_text())
    manifest_path.write_text(json.dumps({**manifest, "code": {**manifest["code"], "cardsim": "older"}}))
    assert _run(path, deals=3).groups_played == 3


def test_an_output_folder_named_like_a_pattern_is_a_name(write_tournament, tmp_path):
    """polars reads paths as glob patterns by default: a folder called ``a[1]*?`` must still be
    written, grown and read back (the option fuzz found `--out '[]'` failing after the play)."""
    path = write_tournament(deals=2)
    out = tmp_path / "a[1]*?"
    _run(path, output=str(out))
    grown = _run(path, output=str(out), deals=3)
    assert (grown.groups_resumed, grown.groups_played) == (2, 1) and len(grown.deals) > 0
    assert pl.read_parquet(out / "deals.parquet", glob=False)["deal_index"].max() == 2
