"""The deal viewer page: the steps of :mod:`simulator.view.states` as JSON, and a small renderer.

One self-contained HTML file (inline CSS and script, nothing fetched), readable from
disk. Arrow keys, Home/End and the buttons step through the deal; each entry of the
move list jumps to its step; ``#N`` in the address opens step N.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from html import escape
from importlib import resources
from typing import Any

from simulator.view.states import seat_view, steps_of


def _asset(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def _json(value: Any) -> str:
    """JSON safe inside a script element."""
    return json.dumps(value, separators=(",", ":")).replace("</", "<\\/")


def render_page(log: Sequence[Mapping[str, Any]], seat: int | None = None, back: str | None = None) -> str:
    """The page drawing ``log`` (all hands open, or as ``seat`` sees them); ``back`` links to a report."""
    first = next(e for e in log if e["type"] == "deal")
    steps = steps_of(log)
    if seat is not None:
        steps = seat_view(steps, seat)
    data = {
        "game": first["game"],
        "players": first["players"],
        "sides": first["sides"],
        "strategies": first["strategies"],
        "bottom": 0 if seat is None else seat,
        "steps": steps,
    }
    rounds = sum(1 for e in log if e["type"] == "deal")
    title = (
        f"{first['game']} · {first['variant']} · deal {first['deal_index']} · rotation {first['rotation']}"
        + (f" · match of {rounds} rounds" if rounds > 1 else "")
    )
    view = "all hands open" if seat is None else f"as seat {seat} sees it"
    seats = ", ".join(f"seat {s}: {name}" for s, name in enumerate(first["strategies"]))
    link = f' · <a href="{escape(back)}">back to the report</a>' if back else ""
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>cardsim deal: {escape(title)}</title><style>{_asset('viewer.css')}</style></head><body>"
        f"<header><h1>{escape(title)}</h1><p>{escape(seats)} · root seed {first['seed']} · "
        f"{escape(view)}{link} · keys: ← → Home End</p></header>"
        '<main><div><nav class="controls" aria-label="steps">'
        '<button type="button" id="first" aria-label="first step">« first</button>'
        '<button type="button" id="back" aria-label="previous step">‹ back</button>'
        '<button type="button" id="next" aria-label="next step">next ›</button>'
        '<button type="button" id="last" aria-label="last step">last »</button>'
        '<span id="counter"></span></nav>'
        '<p id="caption" aria-live="polite"></p><div id="board"></div></div>'
        '<aside aria-label="moves"><h2>Moves</h2><ol id="moves"></ol></aside></main>'
        f'<script type="application/json" id="deal-data">{_json(data)}</script>'
        f"<script>{_asset('viewer.js')}</script></body></html>\n"
    )
