"""Small inline SVG charts for the report: no script, no font or file fetched from anywhere."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

WIDTH = 640
BLUE, RED, GREY, INK = "#3b6ea8", "#b03a2e", "#9aa5b1", "#222"


def _svg(height: int, body: list[str], label: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="{escape(label)}" '
        f'width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" '
        f'font-family="sans-serif" font-size="11">' + "".join(body) + "</svg>"
    )


def _text(x: float, y: float, text: str, anchor: str = "start", color: str = INK) -> str:
    return f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" fill="{color}">{escape(text)}</text>'


def _line(
    x1: float, y1: float, x2: float, y2: float, color: str = INK, width: int = 1, dash: str = ""
) -> str:
    extra = f' stroke-dasharray="{dash}"' if dash else ""
    return (
        f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{color}" '
        f'stroke-width="{width}"{extra}/>'
    )


def bar_chart(counts: Sequence[float], labels: Sequence[str], label: str) -> str:
    """Vertical bars, one per count (a histogram)."""
    height, top, bottom, left = 180, 10, 30, 40
    peak = max(max(counts, default=0), 1)
    width = (WIDTH - left - 10) / max(len(counts), 1)
    body = [
        f'<line x1="{left}" y1="{height - bottom}" x2="{WIDTH - 10}" y2="{height - bottom}" stroke="{INK}"/>'
    ]
    body.append(_text(left - 4, top + 8, f"{peak:g}", "end"))
    for i, (count, name) in enumerate(zip(counts, labels, strict=True)):
        h = (height - top - bottom) * count / peak
        x = left + i * width
        body.append(
            f'<rect x="{x + 1:.1f}" y="{height - bottom - h:.1f}" width="{max(width - 2, 1):.1f}" '
            f'height="{h:.1f}" fill="{BLUE}"><title>{escape(name)}: {count:g}</title></rect>'
        )
        if len(labels) <= 25 or i % 2 == 0:
            body.append(_text(x + width / 2, height - bottom + 14, name, "middle"))
    return _svg(height, body, label)


def forest_plot(
    rows: Sequence[tuple[str, float, float | None, float | None]], label: str, ref: float = 0.0
) -> str:
    """One horizontal interval per row (label, value, low, high) around a reference line."""
    row_h, left, right = 22, 220, 20
    height = row_h * len(rows) + 30
    points = [v for _, value, low, high in rows for v in (value, low, high) if v is not None] + [ref]
    lo, hi = min(points), max(points)
    span = (hi - lo) or 1.0
    lo, hi = lo - 0.05 * span, hi + 0.05 * span

    def x(v: float) -> float:
        return left + (WIDTH - left - right) * (v - lo) / (hi - lo)

    body = [
        _line(x(ref), 5, x(ref), height - 20, GREY, dash="3,3"),
        _text(x(lo), height - 5, f"{lo:.3g}"),
        _text(x(hi), height - 5, f"{hi:.3g}", "end"),
    ]
    for i, (name, value, low, high) in enumerate(rows):
        y = 15 + i * row_h
        body.append(_text(left - 8, y + 4, name, "end"))
        color = INK
        if low is not None and high is not None:
            color = BLUE if low > ref else RED if high < ref else INK
            body.append(_line(x(low), y, x(high), y, color, 2))
        tip = f"<title>{escape(name)}: {value:.4g}</title>"
        body.append(f'<circle cx="{x(value):.1f}" cy="{y}" r="4" fill="{color}">{tip}</circle>')
    return _svg(height, body, label)


def box_plot(rows: Sequence[tuple[str, Sequence[float]]], label: str) -> str:
    """One horizontal box per row from five quantiles (5%, 25%, 50%, 75%, 95%)."""
    row_h, left, right = 26, 220, 20
    height = row_h * len(rows) + 30
    values = [v for _, q in rows for v in q] or [0.0, 1.0]
    lo, hi = min(values), max(values)
    span = (hi - lo) or 1.0

    def x(v: float) -> float:
        return left + (WIDTH - left - right) * (v - lo) / span

    body = [_text(x(lo), height - 5, f"{lo:.3g}"), _text(x(hi), height - 5, f"{hi:.3g}", "end")]
    for i, (name, (q05, q25, q50, q75, q95)) in enumerate(rows):
        y = 15 + i * row_h
        body += [
            _text(left - 8, y + 4, name, "end"),
            _line(x(q05), y, x(q95), y),
            f'<rect x="{x(q25):.1f}" y="{y - 7}" width="{max(x(q75) - x(q25), 1):.1f}" height="14" '
            f'fill="{BLUE}" fill-opacity="0.5" stroke="{INK}"/>',
            _line(x(q50), y - 7, x(q50), y + 7, INK, 2),
        ]
    return _svg(height, body, label)
