"""Inline SVG charts for the report: no script, no font or file fetched from anywhere.

Colours are the Okabe-Ito palette (told apart with every common colour-vision
deficiency) and every encoding also has a shape, a label or a pattern, so the charts
read in black-and-white print too. Each chart is ``role="img"`` with an aria label;
the report puts its table beside it as the text equivalent.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

WIDTH = 720
INK, GREY, LIGHT = "#222", "#8a8a8a", "#d9d9d9"
BLUE, ORANGE, GREEN, VERMILLION, PURPLE, SKY, YELLOW = (
    "#0072b2",
    "#e69f00",
    "#009e73",
    "#d55e00",
    "#cc79a7",
    "#56b4e9",
    "#f0e442",
)
SERIES = (BLUE, ORANGE, GREEN, PURPLE, VERMILLION, SKY, YELLOW, INK)

Interval = tuple[float | None, float | None]


def _svg(width: float, height: float, body: list[str], label: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="{escape(label)}" '
        f'width="{width:.0f}" height="{height:.0f}" viewBox="0 0 {width:.0f} {height:.0f}" '
        f'font-family="sans-serif" font-size="11">' + "".join(body) + "</svg>"
    )


def text(x: float, y: float, words: str, anchor: str = "start", color: str = INK, extra: str = "") -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" fill="{color}"{extra}>{escape(words)}</text>'
    )


def line(
    x1: float, y1: float, x2: float, y2: float, color: str = INK, width: float = 1, dash: str = ""
) -> str:
    extra = f' stroke-dasharray="{dash}"' if dash else ""
    return (
        f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{color}" '
        f'stroke-width="{width}"{extra}/>'
    )


def marker(x: float, y: float, color: str, shape: str, tip: str) -> str:
    """A point drawn as a circle, a square or a diamond (shape carries the meaning in print)."""
    title = f"<title>{escape(tip)}</title>"
    if shape == "square":
        return f'<rect x="{x - 4:.1f}" y="{y - 4:.1f}" width="8" height="8" fill="{color}">{title}</rect>'
    if shape == "diamond":
        pts = f"{x:.1f},{y - 5:.1f} {x + 5:.1f},{y:.1f} {x:.1f},{y + 5:.1f} {x - 5:.1f},{y:.1f}"
        return f'<polygon points="{pts}" fill="{color}">{title}</polygon>'
    if shape == "hollow":
        return (
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4" fill="#fff" stroke="{color}" stroke-width="2">'
            f"{title}</circle>"
        )
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4" fill="{color}">{title}</circle>'


def nice_ticks(lo: float, hi: float, count: int = 5) -> list[float]:
    """Round tick values covering [lo, hi]."""
    span = hi - lo or 1.0
    step = 10 ** math.floor(math.log10(span / count))
    for factor in (1, 2, 5, 10):
        if span / (step * factor) <= count:
            step *= factor
            break
    first = math.ceil(lo / step) * step
    return [first + i * step for i in range(int((hi - first) / step) + 1)]


def _fmt(value: float) -> str:
    return f"{value:.3g}" if abs(value) < 1000 else f"{value:.0f}"


class Scale:
    """A linear map from values to pixels, padded around the values and a reference."""

    def __init__(self, values: Sequence[float | None], x0: float, x1: float, ref: float | None = 0.0):
        vals = [v for v in values if v is not None and math.isfinite(v)] + ([ref] if ref is not None else [])
        lo, hi = (min(vals), max(vals)) if vals else (0.0, 1.0)
        pad = 0.06 * ((hi - lo) or abs(hi) or 1.0)
        self.lo, self.hi, self.x0, self.x1 = lo - pad, hi + pad, x0, x1

    def __call__(self, v: float) -> float:
        return self.x0 + (self.x1 - self.x0) * (v - self.lo) / (self.hi - self.lo)

    def axis(self, y: float, top: float) -> list[str]:
        out = [line(self.x0, y, self.x1, y, GREY)]
        for t in nice_ticks(self.lo, self.hi):
            out += [line(self(t), top, self(t), y, LIGHT), text(self(t), y + 13, _fmt(t), "middle", GREY)]
        return out


Row = tuple[str, float | None, float | None, float | None, str, str]  # label, value, low, high, colour, shape


def interval_panel(
    rows: Sequence[Row], x0: float, x1: float, top: float, row_h: float, title: str, ref: float | None
) -> list[str]:
    """One column of horizontal intervals (a forest plot panel)."""
    scale = Scale([v for r in rows for v in r[1:4]], x0, x1, ref)
    bottom = top + row_h * len(rows)
    body = [text((x0 + x1) / 2, top - 8, title, "middle", INK, ' font-weight="bold"')]
    body += scale.axis(bottom + 4, top)
    if ref is not None:
        body.append(line(scale(ref), top, scale(ref), bottom + 4, INK, 1, "4,3"))
    for i, (label, value, low, high, color, shape) in enumerate(rows):
        y = top + row_h * (i + 0.5)
        if low is not None and high is not None and math.isfinite(low) and math.isfinite(high):
            body.append(line(scale(low), y, scale(high), y, color, 2.5))
        if value is not None and math.isfinite(value):
            tip = f"{label}: {value:.4g}" + (f" [{low:.4g}, {high:.4g}]" if low is not None else "")
            body.append(marker(scale(value), y, color, shape, tip))
    return body


def forest(
    rows: Sequence[Sequence[Row]],
    titles: Sequence[str],
    label: str,
    refs: Sequence[float | None] | None = None,
    notes: Sequence[str] = (),
    label_width: float = 230,
    width: float = WIDTH,
) -> str:
    """Rows of intervals in one or more panels side by side (same row labels); ``notes`` at the right.
    ``label_width`` is the least room for the labels: long ones get more, up to 40% of the width."""
    row_h, top = 22, 26
    longest = max((len(r[0]) for r in rows[0]), default=0) if rows else 0
    label_width = max(label_width, min(6.4 * longest + 14, 0.4 * width))
    n = len(rows[0]) if rows else 0
    height = top + row_h * n + 26
    note_w = 70 if notes else 0
    panel_w = (width - label_width - note_w) / max(len(rows), 1)
    body: list[str] = []
    for i, row in enumerate(rows[0] if rows else []):
        y = top + row_h * (i + 0.5)
        if i % 2:
            body.append(
                f'<rect x="0" y="{y - row_h / 2:.1f}" width="{WIDTH}" height="{row_h}" fill="#f3f5f7"/>'
            )
        body.append(text(label_width - 8, y + 4, row[0], "end"))
        if notes:
            body.append(text(width - 4, y + 4, notes[i], "end"))
    for k, panel in enumerate(rows):
        x0 = label_width + k * panel_w + 10
        ref = refs[k] if refs is not None else 0.0
        body += interval_panel(panel, x0, x0 + panel_w - 20, top, row_h, titles[k], ref)
    return _svg(width, height, body, label)


def heatmap(names: Sequence[str], cells: Sequence[Sequence[tuple[float, str] | None]], label: str) -> str:
    """A square grid: a cell's value in [0, 1] runs from orange (0) over white (½) to blue (1)."""
    size, left, top = 74, 150, 90
    n = len(names)
    body = []
    for j, name in enumerate(names):
        x = left + size * (j + 0.5)
        body.append(text(x, top - 8, name, "start", INK, f' transform="rotate(-35 {x:.1f} {top - 8})"'))
    for i, (name, row) in enumerate(zip(names, cells, strict=True)):
        y = top + size * i
        body.append(text(left - 8, y + size / 2 + 4, name, "end"))
        for j, cell in enumerate(row):
            x = left + size * j
            if cell is None:
                body.append(
                    f'<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="#eee" stroke="#fff"/>'
                )
                continue
            value, words = cell
            body.append(
                f'<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="{diverging(value)}" '
                f'stroke="#fff"><title>{escape(name)} vs {escape(names[j])}: {escape(words)}</title></rect>'
            )
            for k, part in enumerate(words.split(" ")):
                body.append(text(x + size / 2, y + size / 2 + 12 * k - 2, part, "middle"))
    width = max(left + size * n + 20, 300)
    return _svg(width, top + size * n + 10, body, label)


def diverging(value: float) -> str:
    """Orange below ½, blue above, white at ½ (colour-blind safe)."""
    t = max(-1.0, min(1.0, 2 * value - 1))
    far = (0, 114, 178) if t > 0 else (230, 159, 0)
    mix = [round(255 + (c - 255) * abs(t) ** 0.7) for c in far]
    return "#{:02x}{:02x}{:02x}".format(*mix)


def band_chart(
    xs: Sequence[float],
    mean: Sequence[float],
    low: Sequence[float],
    high: Sequence[float],
    label: str,
    x_title: str,
    y_title: str,
    width: float = 350,
    bounds: Sequence[tuple[float, str]] = (),
) -> str:
    """A line with its interval band over x, a dashed zero line, and labelled horizontal bounds."""
    height, left, right, top, bottom = 200, 48, 12, 14, 34
    values = [*mean, *low, *high, *(b for b, _ in bounds), 0.0]
    ys = Scale(values, height - bottom, top, 0.0)
    xmax = max(xs[-1], 1) if xs else 1

    def x(v: float) -> float:
        return left + (width - left - right) * v / xmax

    body = [
        line(left, top, left, height - bottom, GREY),
        line(left, height - bottom, width - right, height - bottom),
    ]
    for t in nice_ticks(ys.lo, ys.hi, 4):
        body += [
            line(left, ys(t), width - right, ys(t), LIGHT),
            text(left - 4, ys(t) + 4, _fmt(t), "end", GREY),
        ]
    body.append(line(left, ys(0), width - right, ys(0), INK, 1, "4,3"))
    for value, name in bounds:
        body += [line(left, ys(value), width - right, ys(value), VERMILLION, 1.5, "6,3")]
        body.append(text(width - right, ys(value) - 3, name, "end", VERMILLION))
    if xs:
        band = [f"{x(a):.1f},{ys(b):.1f}" for a, b in zip(xs, high, strict=True)]
        band += [f"{x(a):.1f},{ys(b):.1f}" for a, b in reversed(list(zip(xs, low, strict=True)))]
        body.append(f'<polygon points="{" ".join(band)}" fill="{SKY}" fill-opacity="0.35" stroke="none"/>')
        path = " ".join(f"{x(a):.1f},{ys(b):.1f}" for a, b in zip(xs, mean, strict=True))
        body.append(f'<polyline points="{path}" fill="none" stroke="{BLUE}" stroke-width="2"/>')
    body.append(text(left, height - 4, "0", "middle", GREY))
    body.append(text(width - right, height - 4, f"{xmax:.0f} {x_title}", "end", GREY))
    body.append(text(4, top - 4, y_title, "start", GREY))
    return _svg(width, height, body, label)


def bar_matrix(
    rows: Sequence[str], columns: Sequence[str], values: Sequence[Sequence[float | None]], label: str
) -> str:
    """One horizontal bar per row in each column, each column on its own scale from zero."""
    row_h, left, top = 22, 200, 30
    col_w = (WIDTH - left) / max(len(columns), 1)
    height = top + row_h * len(rows) + 10
    body = []
    for k, title in enumerate(columns):
        x0 = left + k * col_w + 6
        col = [row[k] for row in values]
        scale = Scale([*col, 0.0], x0, x0 + col_w - 46, 0.0)
        body.append(text(x0 + (col_w - 40) / 2, top - 10, title, "middle", INK, ' font-weight="bold"'))
        body.append(line(scale(0), top, scale(0), height - 10, GREY))
        for i, value in enumerate(col):
            if value is None:
                continue
            y = top + row_h * i + 4
            a, b = sorted((scale(0), scale(value)))
            color = SERIES[k % len(SERIES)]
            body.append(
                f'<rect x="{a:.1f}" y="{y:.1f}" width="{max(b - a, 1):.1f}" height="{row_h - 8}" '
                f'fill="{color}">'
                f"<title>{escape(rows[i])}, {escape(title)}: {value:.4g}</title></rect>"
            )
            body.append(text(b + 3, y + row_h - 11, f"{value:.3g}"))
    for i, name in enumerate(rows):
        body.append(text(left - 6, top + row_h * i + row_h / 2 + 4, name, "end"))
    return _svg(WIDTH, height, body, label)


def histogram(
    counts: Sequence[float], edges: Sequence[float], label: str, x_title: str, width: float = 350
) -> str:
    """Bars over ``len(counts) + 1`` edges, with the edges' range as the axis."""
    height, left, right, top, bottom = 170, 40, 12, 12, 32
    peak = max(max(counts, default=0), 1)
    lo, hi = (edges[0], edges[-1]) if edges else (0.0, 1.0)
    span = (hi - lo) or 1.0

    def x(v: float) -> float:
        return left + (width - left - right) * (v - lo) / span

    body = [line(left, height - bottom, width - right, height - bottom)]
    body.append(text(left - 4, top + 8, f"{peak:g}", "end", GREY))
    for i, count in enumerate(counts):
        h = (height - top - bottom) * count / peak
        a, b = x(edges[i]), x(edges[i + 1])
        body.append(
            f'<rect x="{a + 0.5:.1f}" y="{height - bottom - h:.1f}" width="{max(b - a - 1, 1):.1f}" '
            f'height="{h:.1f}" fill="{BLUE}">'
            f"<title>{edges[i]:.4g} to {edges[i + 1]:.4g}: {count:g}</title></rect>"
        )
    for t in nice_ticks(lo, hi, 5):
        body.append(text(x(t), height - bottom + 13, _fmt(t), "middle", GREY))
    if lo <= 0 <= hi:
        body.append(line(x(0), top, x(0), height - bottom, INK, 1, "4,3"))
    body.append(text(width - right, height - 4, x_title, "end", GREY))
    return _svg(width, height, body, label)
