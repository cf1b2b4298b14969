"""The convergence charts of report.html: a value per iteration as a line, inline SVG
(the report's own chart helpers, :mod:`simulator.analysis.svg`, draw the frame and text)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from simulator.analysis.svg import BLUE, GREY, WIDTH, _svg, line, text


def line_chart(
    xs: Sequence[float], ys: Sequence[float], label: str, ref: float | None = None, height: int = 150
) -> str:
    """``ys`` against ``xs`` as a polyline, with the axis ends labelled and an optional dashed
    reference line (the start value)."""
    top, bottom, left, right = 10, 24, 60, 10
    values = [*ys, *([ref] if ref is not None else [])]
    low, high = min(values, default=0.0), max(values, default=1.0)
    if high - low < 1e-12:
        low, high = low - 0.5, high + 0.5
    x_low, x_high = (min(xs), max(xs)) if xs else (0.0, 1.0)
    x_span = max(x_high - x_low, 1e-12)

    def x(v: float) -> float:
        return left + (WIDTH - left - right) * (v - x_low) / x_span

    def y(v: float) -> float:
        return top + (height - top - bottom) * (high - v) / (high - low)

    body = [
        line(left, height - bottom, WIDTH - right, height - bottom),
        line(left, top, left, height - bottom),
        text(left - 4, top + 8, f"{high:.4g}", "end"),
        text(left - 4, height - bottom, f"{low:.4g}", "end"),
        text(left, height - bottom + 14, f"{x_low:g}", "start"),
        text(WIDTH - right, height - bottom + 14, f"{x_high:g}", "end"),
    ]
    if ref is not None:
        body.append(line(left, y(ref), WIDTH - right, y(ref), GREY, dash="4 3"))
    points = " ".join(f"{x(a):.1f},{y(b):.1f}" for a, b in zip(xs, ys, strict=True))
    body.append(
        f'<polyline points="{points}" fill="none" stroke="{BLUE}" stroke-width="1.5">'
        f"<title>{escape(label)}</title></polyline>"
    )
    return _svg(WIDTH, height, body, label)
