"""Plots of experiment tables, drawn with pyqtgraph offscreen and saved as PNG.

Used by `ruletree reproduce` (the engine computes the tables; drawing lives here,
outside the engine, which never imports Qt)."""

from __future__ import annotations

import os
from pathlib import Path

COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f"]


def _app():
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    return QApplication.instance() or QApplication([])


def line_plot(path: Path, x, series: dict, *, title: str, x_label: str, y_label: str,
              width: int = 900, height: int = 600) -> Path:
    """One line with markers per series; a legend; white background; saved as PNG."""
    _app()
    import pyqtgraph as pg
    import pyqtgraph.exporters

    pg.setConfigOptions(antialias=True, background="w", foreground="k")
    plot = pg.PlotWidget(title=title)
    plot.resize(width, height)
    plot.addLegend(offset=(-10, 10))
    plot.setLabel("bottom", x_label)
    plot.setLabel("left", y_label)
    plot.showGrid(x=True, y=True, alpha=0.3)
    for axis in ("left", "bottom"):
        plot.getAxis(axis).enableAutoSIPrefix(False)
    for k, (name, values) in enumerate(series.items()):
        colour = COLOURS[k % len(COLOURS)]
        plot.plot(list(x), list(values), name=name, pen=pg.mkPen(colour, width=2), symbol="o", symbolSize=7,
                  symbolBrush=colour)
    exporter = pyqtgraph.exporters.ImageExporter(plot.plotItem)
    exporter.parameters()["width"] = width
    exporter.export(str(path))
    plot.close()
    return path


def facmi_plots(out: Path, tables: dict) -> list[Path]:
    a = tables["facmi_a_training_size"]
    b = tables["facmi_b_classes"]
    learners_a = [c for c in a.columns if c not in ("training cases", "lowest MAE")]
    learners_b = [c for c in b.columns if c not in ("classes", "lowest MAE")]
    return [
        line_plot(out / "facmi_a_training_size.png", a["training cases"], {n: a[n] for n in learners_a},
                  title="Seed 000 (a): k = 4, MAE against training cases", x_label="training cases",
                  y_label="test MAE"),
        line_plot(out / "facmi_b_classes.png", b["classes"], {n: b[n] for n in learners_b},
                  title="Seed 000 (b): 5-fold MAE against the number of classes", x_label="classes k",
                  y_label="MAE"),
    ]


def trichotomy_plots(out: Path, tables: dict) -> list[Path]:
    t = tables["trichotomy_simulation"]
    flat = t[t["correlation"] == "uncorrelated"]
    methods = list(dict.fromkeys(flat["method"]))
    wrong = {m: flat[flat["method"] == m]["test misclassification"].tolist() for m in methods}
    pending = {m: flat[flat["method"] == m]["pending rate"].tolist() for m in methods}
    mus = sorted(set(flat["mu"]))
    return [
        line_plot(out / "trichotomy_test_error.png", mus, wrong, title="Seed 004 (uncorrelated): test misclassification",
                  x_label="mu", y_label="wrong decisions / all cases"),
        line_plot(out / "trichotomy_pending.png", mus, pending, title="Seed 004 (uncorrelated): pending rate",
                  x_label="mu", y_label="pending / all cases"),
    ]
