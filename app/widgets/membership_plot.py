"""One numeric attribute's fuzzy terms drawn: the triangular membership functions
(seed 002 Def. 2, ALGORITHMS.md §3.1) over the attribute's value range, each
named at its peak, and a histogram of the values underneath on the same x axis.

The curves are exact: triangles are straight between the centres, and the x grid
holds every centre. `set_names` relabels the curves without recomputing them.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt

from engine.plot import COLOURS
from engine.tree.nodes import triangular_memberships

GRID = 401  # x points over the range (the centres are added)


class MembershipPlot(pg.GraphicsLayoutWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.setBackground("w")
        self.setMinimumHeight(220)
        self.curves: list[pg.PlotDataItem] = []  # one per term, low to high
        self.labels: list[pg.TextItem] = []  # each term's name at its peak
        self.centres = np.array([])
        self.values = np.array([])
        self.ci.setSpacing(0)
        self.terms = self.addPlot(row=0, col=0)
        self.counts = self.addPlot(row=1, col=0)
        self.ci.layout.setRowStretchFactor(0, 5)
        self.ci.layout.setRowStretchFactor(1, 2)
        self.counts.setXLink(self.terms)
        for plot in (self.terms, self.counts):
            plot.setMenuEnabled(False)
            plot.setMouseEnabled(x=False, y=False)
            plot.hideButtons()
            plot.showGrid(x=True, y=False, alpha=0.15)
            for side in ("left", "bottom"):
                axis = plot.getAxis(side)
                axis.setPen(pg.mkPen("#888"))
                axis.setTextPen(pg.mkPen("#333"))
                axis.enableAutoSIPrefix(False)
            plot.getAxis("left").setWidth(48)
        self.terms.setLabel("left", self.tr("membership"))
        self.terms.getAxis("bottom").setStyle(showValues=False)
        self.terms.setYRange(-0.04, 1.2, padding=0)
        self.terms.getAxis("left").setTicks([[(0, "0"), (0.5, "0.5"), (1, "1")]])
        self.counts.setLabel("left", self.tr("cases"))
        self.empty = pg.TextItem("", color="#666", anchor=(0.5, 0.5))

    def set_terms(self, values, centres, names: list[str], attribute: str = "") -> None:
        """Draw the terms over sorted `centres` with their `names`, and the histogram of `values`."""
        self.terms.clear()
        self.counts.clear()
        self.curves, self.labels = [], []
        self.values = np.asarray(values, dtype=np.float64)
        self.values = self.values[np.isfinite(self.values)]
        self.centres = np.asarray(centres, dtype=np.float64)
        self.counts.setLabel("bottom", attribute)
        points = np.concatenate([self.values, self.centres])
        if not len(points):
            self.empty.setText(self.tr("no values to fuzzify"))
            self.terms.addItem(self.empty)
            self.empty.setPos(0.5, 0.6)
            self.terms.setXRange(0, 1)
            return
        lo, hi = float(points.min()), float(points.max())
        pad = 0.04 * (hi - lo) if hi > lo else 1.0
        x = np.union1d(np.linspace(lo - pad, hi + pad, GRID), self.centres)
        mu = triangular_memberships(x, self.centres) if len(self.centres) else np.zeros((len(x), 0))
        for i in range(len(self.centres)):
            colour = COLOURS[i % len(COLOURS)]
            self.curves.append(self.terms.plot(x, mu[:, i], pen=pg.mkPen(colour, width=2.5)))
            label = pg.TextItem("", color=colour, anchor=(0.5, 1.0))
            label.setPos(float(self.centres[i]), 1.02)
            self.terms.addItem(label)
            self.labels.append(label)
        self.set_names(names)
        if len(self.values):
            bins = int(np.clip(np.sqrt(len(self.values)), 5, 40))
            counts, edges = np.histogram(self.values, bins=bins, range=(lo, hi) if hi > lo else (lo - 0.5, lo + 0.5))
            self.counts.addItem(pg.BarGraphItem(x0=edges[:-1], x1=edges[1:], height=counts, brush="#c9d3de",
                                                pen=pg.mkPen("#8a9bb0")))
            top = max(1, int(counts.max()))
            self.counts.setYRange(0, top * 1.15, padding=0)
            self.counts.getAxis("left").setTicks([[(0, "0"), (top, str(top))]])
        for i, c in enumerate(self.centres):
            self.counts.addItem(pg.InfiniteLine(float(c), angle=90, pen=pg.mkPen(COLOURS[i % len(COLOURS)],
                                                                                  style=Qt.DashLine)))
        self.terms.setXRange(lo - pad, hi + pad, padding=0)

    def set_names(self, names: list[str]) -> None:
        """Relabel the curves (as many names as terms; extra or missing names are ignored)."""
        for label, name in zip(self.labels, names):
            label.setText(name)

    def names(self) -> list[str]:
        return [label.toPlainText() for label in self.labels]
