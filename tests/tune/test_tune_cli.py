"""`cardsim tune`: the same tuned weights whatever --jobs, a resume that ends where an
uninterrupted tuning does, the folder's guard, the errors, and the files' schemas."""

from __future__ import annotations

import json
import shutil
import signal

import polars as pl
import pytest
import yaml
from typer.testing import CliRunner

from simulator.cli.app import app
from simulator.plugins import spec_from_yaml
from simulator.stopping import StopRequested
from simulator.tune.evaluate import Evaluator
from tests.conftest import ROOT

runner = CliRunner()
HEURISTIC = str(ROOT / "configs" / "strategies" / "heuristic.yaml")
PARAMS = "sweep_ace_of_spades,sweep_sweep_risk,sweep_cards=-0.1:0.2"


def tune(out, *extra: str, budget: str = "48", jobs: str = "1", verify: str = "0"):
    args = ["tune", HEURISTIC, "--game", "sweep", "--players", "2", "--against", "greedy"]
    args += ["--params", PARAMS, "--groups", "2", "--budget", budget, "--seed", "5", "--jobs", jobs]
    return runner.invoke(app, [*args, "--verify", verify, "--out", str(out), "-q", *extra])


def tuned(out) -> dict:
    return yaml.safe_load((out / "heuristic-tuned.yaml").read_text())


def test_the_same_tuning_gives_the_same_weights_whatever_the_jobs(tmp_path):
    one, two = tune(tmp_path / "one"), tune(tmp_path / "two", jobs="2")
    assert one.exit_code == 0, one.output
    assert two.exit_code == 0, two.output
    assert tuned(tmp_path / "one") == tuned(tmp_path / "two")
    history = [pl.read_parquet(tmp_path / d / "history.parquet") for d in ("one", "two")]
    assert history[0].equals(history[1])
    params = tuned(tmp_path / "one")["params"]
    assert params["sweep_sweep_risk"] != -0.9 and params["sweep_ace_of_spades"] != 1.0  # they moved


@pytest.mark.filterwarnings("error:Port 8787 is already in use:UserWarning")
def test_a_tuning_on_a_dask_cluster_gives_the_weights_of_joblib(tmp_path, monkeypatch, dask_port_busy):
    """`--backend dask` plays the iterations on a local Dask cluster (no dashboard port taken),
    and the tuned weights and history are those of the joblib tuning with the same seed."""
    import distributed

    clusters = []

    class CountedCluster(distributed.LocalCluster):
        def __init__(self, *args, **kwargs):
            clusters.append(kwargs["n_workers"])
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(distributed, "LocalCluster", CountedCluster)
    local, dask = tune(tmp_path / "local"), tune(tmp_path / "dask", "--backend", "dask", jobs="2")
    assert local.exit_code == 0, local.output
    assert dask.exit_code == 0, dask.output
    assert clusters == [2]
    assert tuned(tmp_path / "dask")["params"] == tuned(tmp_path / "local")["params"]
    history = [pl.read_parquet(tmp_path / d / "history.parquet") for d in ("local", "dask")]
    assert history[0].equals(history[1])


def test_both_candidates_play_the_same_deals():
    """Common random numbers: equal params give equal margins on every deal group."""
    from simulator.config import resolve, validate

    cfg = validate(
        {"name": "t", "game": "sweep", "players": 2, "strategies": [HEURISTIC, "greedy"], "jobs": 1}, "t"
    )
    evaluator = Evaluator(resolve(cfg, "t"), groups=3, jobs=1)
    same = evaluator.compare(0, {"sweep_sweep": 1.0}, {"sweep_sweep": 1.0})
    assert same.plus == same.minus and same.deals == evaluator.deals_per_iteration() == 12
    other = evaluator.compare(0, {"sweep_sweep": 3.0}, {"sweep_sweep": -1.0})
    again = evaluator.compare(0, {"sweep_sweep": 3.0}, {"sweep_sweep": -1.0})
    assert other == again


def test_a_stopped_tuning_resumes_to_the_uninterrupted_result(tmp_path, monkeypatch):
    assert tune(tmp_path / "whole").exit_code == 0
    compare = Evaluator.compare
    calls = {"n": 0}

    def stop_at_the_third(self, k, plus, minus):
        calls["n"] += 1
        if calls["n"] == 3:
            raise StopRequested(signal.SIGTERM)
        return compare(self, k, plus, minus)

    monkeypatch.setattr(Evaluator, "compare", stop_at_the_third)
    stopped = tune(tmp_path / "cut")
    assert stopped.exit_code == 128 + signal.SIGTERM
    assert "2 of 6 iterations are saved" in stopped.output and "resume with: cardsim tune" in stopped.output
    assert json.loads((tmp_path / "cut" / "tune.json").read_text())["iteration"] == 2
    monkeypatch.setattr(Evaluator, "compare", compare)
    # a SIGKILL leaves the state of the last finished iteration: the same as this one
    resumed = tune(tmp_path / "cut")
    assert resumed.exit_code == 0, resumed.output
    assert tuned(tmp_path / "cut") == tuned(tmp_path / "whole")
    whole = pl.read_parquet(tmp_path / "whole" / "history.parquet")
    assert pl.read_parquet(tmp_path / "cut" / "history.parquet").equals(whole)


def test_a_folder_of_another_tuning_or_a_run_is_refused(tmp_path):
    assert tune(tmp_path / "t").exit_code == 0
    other = tune(tmp_path / "t", budget="64")
    assert other.exit_code == 2 and "holds another tuning" in other.output
    assert tune(tmp_path / "t", "--fresh", budget="64").exit_code == 0
    (tmp_path / "run").mkdir()
    (tmp_path / "run" / "manifest.json").write_text("{}")
    refused = tune(tmp_path / "run")
    assert refused.exit_code == 2 and "results of a cardsim run" in refused.output


def test_the_files_and_the_verification(tmp_path):
    result = tune(tmp_path / "t", verify="6")
    assert result.exit_code == 0, result.output
    assert "verdict:" in result.output and "over 6 fresh deal groups" in result.output
    out = tmp_path / "t"
    text = (out / "heuristic-tuned.yaml").read_text()
    header = yaml.safe_load("\n".join(line[3:] for line in text.splitlines() if line.startswith("#   ")))
    assert header["parent"]["name"] == "heuristic"
    # the command from the parsed values, whatever program runs the command (here pytest)
    assert header["command"].startswith("cardsim tune ") and "--game sweep" in header["command"]
    assert "--budget 48" in header["command"] and "--verify 6" in header["command"]
    assert header["budget"] == 48 and header["iterations"] == 6 and header["opponents"] == ["greedy"]
    spec = spec_from_yaml(out / "heuristic-tuned.yaml")  # an ordinary strategy file
    assert spec.name == "heuristic-tuned" and spec.games == ("sweep",)
    history = pl.read_parquet(out / "history.parquet")
    assert history.schema == pl.Schema(
        {
            "iteration": pl.Int64,
            "deals": pl.Int64,
            "margin_plus": pl.Float64,
            "margin_minus": pl.Float64,
            "estimate": pl.Float64,
            "params": pl.Struct(
                {"sweep_ace_of_spades": pl.Float64, "sweep_sweep_risk": pl.Float64, "sweep_cards": pl.Float64}
            ),
        }
    )
    assert history["iteration"].to_list() == [1, 2, 3, 4, 5, 6] and history["deals"][-1] == 48
    assert history["params"].struct.field("sweep_cards").to_list()[-1] == pytest.approx(
        dict(spec.params)["sweep_cards"], rel=1e-5
    )
    report = (out / "report.html").read_text()
    assert report.count("<svg") == 5 and "verdict:" in report and "<script" not in report
    comparisons = pl.read_parquet(out / "verify" / "comparisons.parquet")
    assert comparisons["strategy"].to_list() == ["heuristic-tuned"] and comparisons["groups"][0] == 6
    manifest = json.loads((out / "verify" / "manifest.json").read_text())
    assert manifest["root_seed"] != 5  # the verification's deals are another stream


def test_a_failing_candidate_is_written_where_its_replay_finds_it(tmp_path):
    """A tuned strategy that fails has other params than its start file: the printed replay
    command names the failing candidate's own file, and plays the same failure again."""
    start = tmp_path / "faulty.yaml"
    plugin = ROOT / "tests" / "plugins" / "faulty.py"
    start.write_text(f"name: faulty\nplugin: {plugin}:Faulty\nparams:\n  rate: 0.4\n  mode: raise\n")
    args = ["tune", str(start), "--game", "sweep", "--against", "random", "--budget", "200", "--groups", "2"]
    result = runner.invoke(app, [*args, "--out", str(tmp_path / "t")])
    assert result.exit_code == 1, result.output
    command = result.output.split("reproduce with: ")[1].splitlines()[0].split()
    files = command[command.index("--strategies") + 1]
    assert str(tmp_path / "t" / "failed") in files
    replayed = runner.invoke(app, [*command[1:], "--format", "jsonl"])
    assert replayed.exit_code == 1
    last = json.loads(replayed.output.splitlines()[-1])
    assert last["type"] == "error" and last["strategy"] in ("faulty+", "faulty-")


def test_a_strategy_without_numeric_params_is_one_error(tmp_path):
    args = ["tune", "configs/strategies/random.yaml", "--game", "sweep", "--against", "greedy"]
    result = runner.invoke(app, [*args, "--out", str(tmp_path / "t")])
    assert result.exit_code == 2, result.output
    assert "random.yaml: this strategy has no numeric param to tune" in result.output
    assert "fix: tune a strategy with numeric params" in result.output


@pytest.mark.parametrize(
    "extra, where, message",
    [
        (["--params", "sweep_nope"], "--params", "unknown param 'sweep_nope'"),
        (["--params", "sweep_nope"], "--params", "params of this strategy for sweep: sweep_cards,"),
        (["--params", "sweep_cards=0.5:1"], "--params", "do not hold its start value 0.02"),
        (["--budget", "7"], "--budget", "less than one iteration (8 deals"),
        (["--jobs", "0"], "--jobs", "0 workers cannot play"),
        (["--players", "9"], "--players", "not 9"),
        (["--variant", "nope"], "--variant", "unknown sweep variant"),
        (["--against", "nope"], "--against", "unknown strategy 'nope'"),
        (["--name", "heuristic"], "--name", "other than 'heuristic'"),
    ],
)
def test_bad_input_is_one_error_with_exit_2(tmp_path, extra, where, message):
    args = ["tune", HEURISTIC, "--game", "sweep", "--players", "2", "--against", "greedy", "--groups", "2"]
    result = runner.invoke(app, [*args, *extra, "--out", str(tmp_path / "t")])
    assert result.exit_code == 2, result.output
    assert where in result.output and message in result.output
    assert "Traceback" not in result.output and not (tmp_path / "t" / "tune.json").exists()


def test_a_param_that_is_not_a_number(tmp_path):
    mc = str(ROOT / "configs" / "strategies" / "montecarlo.yaml")
    args = ["tune", mc, "--game", "sweep", "--against", "greedy", "--params", "objective"]
    result = runner.invoke(app, [*args, "--out", str(tmp_path / "t")])
    assert result.exit_code == 2 and "param 'objective' is not a number" in result.output


@pytest.mark.parametrize(
    "option, value",
    [
        ("--budget", "-5"),
        ("--budget", "nan"),
        ("--budget", str(10**12)),
        ("--seed", "-1"),
        ("--groups", "0"),
        ("--verify", "-1"),
        ("--jobs", "5000"),
    ],
)
def test_numeric_options_are_bounded(tmp_path, option, value):
    args = ["tune", HEURISTIC, "--game", "sweep", "--against", "greedy", option, value]
    result = runner.invoke(app, [*args, "--out", str(tmp_path / "t")])
    assert result.exit_code == 2 and option in result.output


def test_self_play_against_the_start_file(tmp_path):
    shutil.copy(HEURISTIC, tmp_path / "h.yaml")
    args = ["tune", str(tmp_path / "h.yaml"), "--game", "sweep", "--players", "2", "--against"]
    args += [str(tmp_path / "h.yaml"), "--params", "sweep_sweep", "--groups", "1", "--budget", "8"]
    result = runner.invoke(app, [*args, "--verify", "0", "--out", str(tmp_path / "t"), "-q"])
    assert result.exit_code == 0, result.output
    state = json.loads((tmp_path / "t" / "tune.json").read_text())
    assert [o["name"] for o in state["settings"]["opponents"]] == ["heuristic@2"]
