"""The files a tuning leaves: the tuned strategy YAML, history.parquet and report.html.

The tuned YAML is an ordinary strategy file (`cardsim run` plays it): a new ``name:``, the
start file's params with the tuned values, and a comment header recording its parent, the
command and the tuning settings.
"""

from __future__ import annotations

from datetime import UTC, datetime
from html import escape
from pathlib import Path
from typing import Any

import polars as pl
import yaml

from simulator.analysis.svg import BLUE, INK, VERMILLION, forest
from simulator.results import atomic_write_bytes, write_parquet
from simulator.tune.chart import line_chart
from simulator.tune.state import TuneState
from simulator.tune.verify import Verdict

HISTORY_FILE = "history.parquet"
REPORT_FILE = "report.html"
#: significant digits kept for a tuned float in the YAML file (the verification plays the file)
DIGITS = 6


def _rounded(value: float | int) -> float | int:
    return value if isinstance(value, int) else float(f"{value:.{DIGITS}g}")


def tuned_values(state: TuneState) -> dict[str, float | int]:
    last = (
        state.history[-1]["params"]
        if state.history
        else {p["name"]: p["start"] for p in state.settings["params"]}
    )
    return {name: _rounded(v) for name, v in last.items()}


def write_tuned_yaml(path: Path, raw: dict[str, Any], name: str, state: TuneState, games: list[str]) -> None:
    """The start file's content with the tuned params, a new name and the tuning recorded."""
    settings = state.settings
    params = dict(raw.get("params") or {})
    params.update(tuned_values(state))
    body = {
        "name": name,
        "plugin": raw["plugin"],
        "games": games,
        "params": dict(sorted(params.items())),
        "description": (
            f"{raw['name']} tuned by cardsim tune for {settings['game']} ({settings['variant']}, "
            f"{settings['players']} players) against " + ", ".join(o["name"] for o in settings["opponents"])
        ),
    }
    record = {
        "parent": {"name": raw["name"], "file": settings["start"]["source"]},
        "command": settings["command"],
        "tuned": datetime.now(UTC).strftime("%Y-%m-%d"),
        **{k: settings[k] for k in ("game", "players", "variant", "budget", "groups", "seed", "iterations")},
        "opponents": [o["name"] for o in settings["opponents"]],
        "bounds": {p["name"]: [_rounded(p["low"]), _rounded(p["high"])] for p in settings["params"]},
    }
    header = "# Tuned by `cardsim tune`; the tuning that made this file:\n" + "".join(
        f"#   {line}\n"
        for line in yaml.safe_dump(record, sort_keys=False, width=1000, default_flow_style=None).splitlines()
    )
    text = header + yaml.safe_dump(body, sort_keys=False, width=100)
    atomic_write_bytes(path, lambda tmp: Path(tmp).write_text(text))


def history_frame(state: TuneState) -> pl.DataFrame:
    """One row per iteration: iteration, deals so far, the candidates' margins, the estimate
    of the current params' margin, and the params after the iteration (a struct)."""
    names = [p["name"] for p in state.settings["params"]]
    rows = state.history
    return pl.DataFrame(
        {
            "iteration": [r["iteration"] for r in rows],
            "deals": [r["deals"] for r in rows],
            "margin_plus": [float(r["margin_plus"]) for r in rows],
            "margin_minus": [float(r["margin_minus"]) for r in rows],
            "estimate": [float(r["estimate"]) for r in rows],
            "params": [{n: float(r["params"][n]) for n in names} for r in rows],
        },
        schema={
            "iteration": pl.Int64,
            "deals": pl.Int64,
            "margin_plus": pl.Float64,
            "margin_minus": pl.Float64,
            "estimate": pl.Float64,
            "params": pl.Struct({n: pl.Float64 for n in names}),
        },
    )


def write_history(out: Path, state: TuneState) -> Path:
    path = out / HISTORY_FILE
    write_parquet(history_frame(state), path)
    return path


CSS = (
    "body{font-family:sans-serif;max-width:700px;margin:1em auto;color:#222}"
    "table{border-collapse:collapse}td,th{padding:2px 8px;border-bottom:1px solid #ddd;text-align:right}"
    "th:first-child,td:first-child{text-align:left}code{font-size:90%}"
)


def _table(head: list[str], rows: list[list[str]]) -> str:
    cells = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    return "<table><tr>" + "".join(f"<th>{escape(h)}</th>" for h in head) + f"</tr>{cells}</table>"


def write_report(out: Path, state: TuneState, verdict: Verdict | None) -> Path:
    """report.html: the settings, start and tuned values, the convergence charts (the
    estimate, and each param's value per iteration against its start) and the verification."""
    settings, rows = state.settings, state.history
    its = [float(r["iteration"]) for r in rows]
    tuned = tuned_values(state)
    parts = [
        f"<p>Command: <code>{escape(settings['command'])}</code></p>",
        f"<p>{settings['game']} ({escape(settings['variant'])}), against "
        f"{escape(', '.join(o['name'] for o in settings['opponents']))}: {state.iteration} of "
        f"{settings['iterations']} iterations, {state.deals} deals, seed {settings['seed']}.</p>",
        "<h2>Params</h2>",
        _table(
            ["param", "start", "tuned", "low", "high"],
            [
                [
                    escape(p["name"]),
                    f"{p['start']:.4g}",
                    f"{tuned[p['name']]:.4g}",
                    f"{p['low']:.4g}",
                    f"{p['high']:.4g}",
                ]
                for p in settings["params"]
            ],
        ),
        "<h2>Convergence</h2><p>Estimated points margin per deal of the current params against the "
        "opponents (mean of the last tenth of the iterations):</p>",
        line_chart(its, [float(r["estimate"]) for r in rows], "estimated margin per iteration", ref=0.0),
    ]
    for p in settings["params"]:
        values = [float(r["params"][p["name"]]) for r in rows]
        parts.append(f"<h3>{escape(p['name'])}</h3>")
        parts.append(line_chart(its, values, f"{p['name']} per iteration", ref=p["start"], height=110))
    parts.append("<h2>Verification</h2>")
    if verdict is None:
        parts.append("<p>No verification match was played.</p>")
    else:
        parts.append(f"<p>{escape(verdict.text)}</p>")
        parts.append(_verdict_chart(verdict))
    html = (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        f"<title>cardsim tune: {escape(settings['start']['name'])}</title><style>{CSS}</style></head>"
        f"<body><h1>cardsim tune: {escape(settings['start']['name'])}</h1>{''.join(parts)}</body></html>\n"
    )
    path = out / REPORT_FILE
    atomic_write_bytes(path, lambda tmp: Path(tmp).write_text(html))
    return path


def _verdict_chart(verdict: Verdict) -> str:
    """The verification's paired margin with its interval: blue above zero, vermillion below."""
    low, high = verdict.low, verdict.high
    colour, shape = (BLUE, "circle") if low > 0 else (VERMILLION, "square") if high < 0 else (INK, "hollow")
    row = (verdict.tuned, verdict.margin, low, high, colour, shape)
    return forest([[row]], ["points margin per deal"], "margin of the tuned strategy")
