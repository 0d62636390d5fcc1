"""PNG plots drawn with pyqtgraph offscreen: the app's plotter for `ruletree reproduce --png`.

The engine describes a plot (engine.plot.LinePlot) and draws SVG itself; the
launcher passes `line_plot` in when PNG files are asked for. Same colours as
the SVG plots."""

from __future__ import annotations

import os
import textwrap
from html import escape
from pathlib import Path

from engine.fileio import check_target
from engine.i18n import _
from engine.plot import COLOURS
from engine.textwidth import display_width


def _app():
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    # deferred: loads Qt
    from PySide6.QtWidgets import QApplication

    return QApplication.instance() or QApplication([])


def one_line(title: str, columns: int) -> str:
    """`title` shortened to `columns` display columns (a Chinese character takes two) on one line,
    ending in " …" when cut: at a word's end in a text of Latin letters, anywhere in Chinese."""
    if display_width(title) == len(title):  # no wide characters: whole words
        return textwrap.shorten(title, columns, placeholder=" …")
    text = " ".join(title.split())
    if display_width(text) <= columns:
        return text
    out = ""
    for ch in text:
        if display_width(out + ch) > columns - 2:
            break
        out += ch
    return out.rstrip() + " …"


def line_plot(plot, path: str | Path, *, width: int = 900, height: int = 600) -> Path:
    """One line with markers per series; a legend; white background; saved as PNG."""
    _app()
    # deferred: loads Qt, pyqtgraph (only for the plots)
    import pyqtgraph as pg

    # deferred: loads Qt, pyqtgraph (only for the plots)
    import pyqtgraph.exporters

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    pg.setConfigOptions(antialias=True, background="w", foreground="k")
    # a title wider than the picture would widen the plot item past the image and shift the data
    # against the axes: shorten it to one line (about 9 px a column, 2 columns a Chinese character; the
    # SVG keeps it whole). The engine's texts (title, axes) in the current language.
    title = one_line(_(plot.title), max(20, width // 9))
    widget = pg.PlotWidget(title=escape(title))
    widget.resize(width, height)
    widget.addLegend(offset=(-10, 10))
    widget.setLabel("bottom", _(plot.x_label))
    widget.setLabel("left", _(plot.y_label))
    widget.showGrid(x=True, y=True, alpha=0.3)
    for axis in ("left", "bottom"):
        widget.getAxis(axis).enableAutoSIPrefix(False)
    for k, (name, values) in enumerate(plot.series.items()):
        colour = COLOURS[k % len(COLOURS)]
        widget.plot(list(plot.x), list(values), name=name, pen=pg.mkPen(colour, width=2), symbol="o", symbolSize=7,
                    symbolBrush=colour, connect="finite")
    exporter = pyqtgraph.exporters.ImageExporter(widget.plotItem)
    exporter.parameters()["width"] = width
    check_target(path)  # a folder, a device or a missing folder: said as every writer says it
    exporter.export(str(path))
    widget.close()
    if not path.is_file():
        # deferred: loads Qt
        from PySide6.QtCore import QCoreApplication

        raise OSError(QCoreApplication.translate("Plots", "the PNG plot {path} was not written").format(path=path))
    return path
