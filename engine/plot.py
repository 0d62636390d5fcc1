"""Line plots as SVG files, without Qt: what `ruletree reproduce` draws by default.

A plot is data (`LinePlot`: x values, one series of y values per learner,
title and axis labels); a plotter is any callable `(plot, path) -> path`.
`write_svg` is the engine's own; the app's launcher may pass a PNG plotter
(pyqtgraph) in, which the engine calls without importing it.

Axes get "nice" ticks (steps of 1, 2, 2.5 or 5 times a power of ten) and end
on a tick; a value that is NaN leaves a gap in its line.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable
from xml.sax.saxutils import escape, quoteattr

from .fileio import atomic_write_text

COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f"]


@dataclass(frozen=True)
class LinePlot:
    name: str  # file name without suffix
    title: str
    x_label: str
    y_label: str
    x: tuple
    series: dict = field(default_factory=dict)  # label -> y values, one per x

    def __post_init__(self):
        object.__setattr__(self, "x", tuple(float(v) for v in self.x))
        object.__setattr__(self, "series", {str(k): tuple(float(v) for v in values)
                                            for k, values in self.series.items()})
        for label, values in self.series.items():
            if len(values) != len(self.x):
                raise ValueError(f"plot {self.name}: series {label!r} has {len(values)} values for "
                                 f"{len(self.x)} x values")


Plotter = Callable[[LinePlot, Path], Path]


def nice_ticks(lo: float, hi: float, count: int = 6) -> list[float]:
    """About `count` round values from a tick at or below `lo` to one at or above `hi`."""
    if not (math.isfinite(lo) and math.isfinite(hi)):
        lo, hi = 0.0, 1.0
    if hi < lo:
        lo, hi = hi, lo
    if hi == lo:  # a flat line: a unit-wide band around it
        pad = abs(lo) * 0.1 or 0.5
        lo, hi = lo - pad, hi + pad
    raw = (hi - lo) / max(count - 1, 1)
    magnitude = 10.0 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw * (1 - 1e-9))
    first = math.floor(lo / step + 1e-9)
    last = math.ceil(hi / step - 1e-9)
    return [round(k * step, 12) for k in range(first, last + 1)]


def tick_text(value: float, step: float) -> str:
    """A tick value with just the decimals its step needs (never "-0")."""
    decimals = 0
    while decimals < 12 and abs(round(step, decimals) - step) > abs(step) * 1e-9:
        decimals += 1
    text = f"{value:.{decimals}f}"
    return "0" if float(text) == 0 else text


def write_svg(plot: LinePlot, path: str | Path, *, width: int = 900, height: int = 600) -> Path:
    """The plot as a standalone SVG file (written atomically)."""
    path = Path(path)
    atomic_write_text(path, svg_text(plot, width=width, height=height))
    return path


def svg_text(plot: LinePlot, *, width: int = 900, height: int = 600) -> str:
    left, right, top, bottom = 80, 190, 56, 64
    inner_w, inner_h = width - left - right, height - top - bottom
    ys = [v for values in plot.series.values() for v in values if math.isfinite(v)]
    xs = [v for v in plot.x if math.isfinite(v)]
    x_ticks = nice_ticks(min(xs, default=0.0), max(xs, default=1.0), 8)
    y_ticks = nice_ticks(min(ys, default=0.0), max(ys, default=1.0), 6)
    x0, x1, y0, y1 = x_ticks[0], x_ticks[-1], y_ticks[0], y_ticks[-1]

    def px(x: float) -> float:
        return left + (x - x0) / (x1 - x0) * inner_w

    def py(y: float) -> float:
        return top + (y1 - y) / (y1 - y0) * inner_h

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Arial, sans-serif">',
           f"<title>{escape(plot.title)}</title>",
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text class="title" x="{left + inner_w / 2:.1f}" y="{top / 2 + 6:.1f}" font-size="18" '
           f'text-anchor="middle">{escape(plot.title)}</text>']
    # grid and ticks
    out.append('<g class="x-axis" font-size="12" text-anchor="middle">')
    x_step = x_ticks[1] - x_ticks[0] if len(x_ticks) > 1 else 1.0
    for t in x_ticks:
        x = px(t)
        out.append(f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{top + inner_h}" stroke="#e0e0e0"/>')
        out.append(f'<line x1="{x:.1f}" y1="{top + inner_h}" x2="{x:.1f}" y2="{top + inner_h + 5}" stroke="black"/>')
        out.append(f'<text class="tick" x="{x:.1f}" y="{top + inner_h + 20}">{tick_text(t, x_step)}</text>')
    out.append("</g>")
    out.append('<g class="y-axis" font-size="12" text-anchor="end">')
    y_step = y_ticks[1] - y_ticks[0] if len(y_ticks) > 1 else 1.0
    for t in y_ticks:
        y = py(t)
        out.append(f'<line x1="{left}" y1="{y:.1f}" x2="{left + inner_w}" y2="{y:.1f}" stroke="#e0e0e0"/>')
        out.append(f'<line x1="{left - 5}" y1="{y:.1f}" x2="{left}" y2="{y:.1f}" stroke="black"/>')
        out.append(f'<text class="tick" x="{left - 8}" y="{y + 4:.1f}">{tick_text(t, y_step)}</text>')
    out.append("</g>")
    out.append(f'<rect x="{left}" y="{top}" width="{inner_w}" height="{inner_h}" fill="none" stroke="black"/>')
    out.append(f'<text class="x-label" x="{left + inner_w / 2:.1f}" y="{height - 18}" font-size="14" '
               f'text-anchor="middle">{escape(plot.x_label)}</text>')
    out.append(f'<text class="y-label" x="0" y="0" font-size="14" text-anchor="middle" '
               f'transform="translate(22 {top + inner_h / 2:.1f}) rotate(-90)">{escape(plot.y_label)}</text>')
    # the lines, then the legend
    for k, (label, values) in enumerate(plot.series.items()):
        colour = COLOURS[k % len(COLOURS)]
        points = [(px(x), py(y)) if math.isfinite(x) and math.isfinite(y) else None for x, y in zip(plot.x, values)]
        d, pen_down = [], False
        for p in points:
            if p is None:
                pen_down = False
                continue
            d.append(f"{'L' if pen_down else 'M'}{p[0]:.1f} {p[1]:.1f}")
            pen_down = True
        out.append(f'<g class="series" data-label={quoteattr(label)}>')
        if d:
            out.append(f'<path d="{" ".join(d)}" fill="none" stroke="{colour}" stroke-width="2"/>')
        out += [f'<circle cx="{p[0]:.1f}" cy="{p[1]:.1f}" r="3.5" fill="{colour}"/>' for p in points if p]
        out.append("</g>")
    out.append('<g class="legend" font-size="13">')
    for k, label in enumerate(plot.series):
        colour = COLOURS[k % len(COLOURS)]
        y = top + 14 + 22 * k
        x = left + inner_w + 16
        out.append(f'<line x1="{x}" y1="{y}" x2="{x + 24}" y2="{y}" stroke="{colour}" stroke-width="2"/>')
        out.append(f'<circle cx="{x + 12}" cy="{y}" r="3.5" fill="{colour}"/>')
        out.append(f'<text x="{x + 32}" y="{y + 4}">{escape(label)}</text>')
    out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"
