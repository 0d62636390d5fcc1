"""A comparison as an Excel workbook (`ruletree compare --xlsx`): the tables and native charts.

Sheets:
- Summary: one row per entry, each metric's mean and std in two columns, and a bar chart
  of the tested metric's means (Excel's own chart, so it can be restyled there);
- Folds: one row per entry and fold, every metric's value, and a line chart of the tested
  metric across the folds, one line per entry;
- Significance: each entry against the reference (corrected t, Wilcoxon, Nemenyi p, average
  rank, better / worse), then Friedman and the critical difference, and the caveat;
- Learning curve (with training sizes): the tested metric's mean and std at each size, one row
  per entry, and a line chart of the means against the training rows;
- Error-pending (when an entry can answer "pending"): each entry's misclassification and
  pending rates, and a scatter chart of the one against the other;
- Plots (when the window passes them): its plots as PNG images, as drawn.

Metrics are named by their titles and formatted by their kinds (engine.metrics), in both
languages; a p-value cell keeps its number and reads "< 0.001" below that.
Texts go through engine.export's cell writer: a name that looks like a formula is stored as
text, never as a formula. Written atomically.
"""

from __future__ import annotations

import io
import os

from ..export import _put, _sheet
from ..fileio import atomic_write_bytes
from ..i18n import _
from ..metrics import metric
from .curves import error_pending_points
from .significance import CAVEAT, P_FORMAT


def write_comparison(path: str | os.PathLike, comparison, tests, images: list[tuple[str, bytes]] | None = None) -> None:
    """`images`: (title, PNG bytes) of plots to put on a Plots sheet, one under the other."""
    # deferred: loads openpyxl (only to write or read a workbook), defusedxml (only for .ods/.xlsx extents)
    from openpyxl import Workbook

    # deferred: loads openpyxl (only to write or read a workbook), defusedxml (only for .ods/.xlsx extents)
    from openpyxl.chart import BarChart, LineChart, Reference

    wb = Workbook()
    wb.remove(wb.active)
    metrics = comparison.metrics()
    title = {m: metric(m).title_text() for m in metrics}
    header = [_("algorithm")] + [template.format(metric=title[m]) for m in metrics
                                 for template in (_("{metric} mean"), _("{metric} std"))]
    rows = []
    for e in comparison.entries:
        summary = e.evaluation.summary()
        row = [e.name]
        for m in metrics:
            v = summary.get(m)
            row += [v["mean"], v["std"]] if v else [None, None]
        rows.append(row)
    formats = {1 + 2 * i + k: metric(m).excel_format for i, m in enumerate(metrics) for k in (0, 1)}
    ws = _sheet(wb, _("Summary"), header, rows, formats)
    tested, tested_format = metric(tests.metric).title_text(), metric(tests.metric).excel_format
    if tests.metric in metrics:
        col = 2 + 2 * metrics.index(tests.metric)
        chart = BarChart()
        chart.title = _("{metric}: mean over the folds").format(metric=tested)
        chart.y_axis.title = tested
        chart.add_data(Reference(ws, min_col=col, min_row=1, max_row=len(rows) + 1), titles_from_data=True)
        chart.set_categories(Reference(ws, min_col=1, min_row=2, max_row=len(rows) + 1))
        chart.legend = None
        chart.width, chart.height = 18, 9
        ws.add_chart(chart, f"B{len(rows) + 4}")

    fold_rows = []
    n_folds = len(comparison.n_test)
    for e in comparison.entries:
        values = {m: e.fold_metric(m) for m in metrics}  # NaN: not reported on that fold
        for f in range(n_folds):
            fold_rows.append([e.name, f + 1, int(comparison.n_train[f]), int(comparison.n_test[f])]
                             + [None if values[m][f] != values[m][f] else float(values[m][f]) for m in metrics])
    fold_formats = {1: "0", 2: "#,##0", 3: "#,##0"} | {4 + i: metric(m).excel_format for i, m in enumerate(metrics)}
    folds = _sheet(wb, _("Folds"), [_("algorithm"), _("fold"), _("training rows"), _("test rows")]
                   + [title[m] for m in metrics], fold_rows, fold_formats)
    if tests.metric in metrics and n_folds >= 2:
        # a small block beside the table: folds down, one column per entry (what a line chart reads)
        top, left = 1, len(metrics) + 6
        _put(folds, top, left, _("fold"))
        scores = comparison.fold_scores(tests.metric)
        shown = [name for name in comparison.names if name in scores]
        for j, name in enumerate(shown, start=1):
            _put(folds, top, left + j, name)
            for f in range(n_folds):
                _put(folds, top + 1 + f, left + j, float(scores[name][f]), tested_format)
        for f in range(n_folds):
            _put(folds, top + 1 + f, left, f + 1, "0")
        chart = LineChart()
        chart.title = _("{metric} on each fold").format(metric=tested)
        chart.x_axis.title = _("fold")
        chart.y_axis.title = tested
        chart.add_data(Reference(folds, min_col=left + 1, max_col=left + len(shown), min_row=top,
                                 max_row=top + n_folds), titles_from_data=True)
        chart.set_categories(Reference(folds, min_col=left, min_row=top + 1, max_row=top + n_folds))
        chart.width, chart.height = 18, 9
        folds.add_chart(chart, f"{_column(left)}{top + n_folds + 3}")

    sig_rows = []
    for name in tests.names:
        pair = tests.pairs.get(name, {})
        t, w = pair.get("corrected_t"), pair.get("wilcoxon")
        verdict = {True: _("better"), False: _("worse"), None: ""}[tests.better_than_reference(name)]
        sig_rows.append([name, tests.means[name], t.statistic if t else None, t.p_value if t else None,
                         w.p_value if w else None, tests.nemenyi_p(name), tests.rank_of(name),
                         _("reference") if name == tests.reference else verdict])
    sig = _sheet(wb, _("Significance"), [_("algorithm"), _("{metric} mean").format(metric=tested), _("corrected t"),
                                         _("corrected t p"), _("Wilcoxon p"), _("Nemenyi p"), _("average rank"),
                                         _("against {reference}").format(reference=tests.reference)],
                 sig_rows, {1: tested_format, 2: "0.000", 3: P_FORMAT, 4: P_FORMAT, 5: P_FORMAT, 6: "0.00"})
    line = len(sig_rows) + 3
    if tests.friedman is not None:
        f = tests.friedman
        _put(sig, line, 1, _("Friedman over the folds"))
        _put(sig, line, 2, "chi2")
        _put(sig, line, 3, float(f.chi2), "0.000")
        _put(sig, line, 4, "p")
        _put(sig, line, 5, float(f.p_chi2), P_FORMAT)
        _put(sig, line + 1, 1, "Iman-Davenport")
        _put(sig, line + 1, 2, "F")
        _put(sig, line + 1, 3, float(f.f) if f.f != float("inf") else "inf", "0.000")
        _put(sig, line + 1, 4, "p")
        _put(sig, line + 1, 5, float(f.p_value), P_FORMAT)
        _put(sig, line + 2, 1, _("Nemenyi critical difference (alpha {alpha})").format(alpha=format(tests.alpha, "g")))
        _put(sig, line + 2, 3, float(tests.nemenyi.critical_difference), "0.00")
        line += 4
    _put(sig, line, 1, _("Note: {caveat}").format(caveat=_(CAVEAT)))
    if comparison.curve is not None:
        _learning_curve_sheet(wb, comparison, tests.metric)
    _error_pending_sheet(wb, comparison)
    if images:
        _plots_sheet(wb, images)
    buf = io.BytesIO()
    wb.save(buf)
    atomic_write_bytes(path, buf.getvalue())


def _column(index: int) -> str:
    # deferred: loads openpyxl (only to write or read a workbook), defusedxml (only for .ods/.xlsx extents)
    from openpyxl.utils import get_column_letter

    return get_column_letter(index)


def _learning_curve_sheet(wb, comparison, key: str) -> None:
    # deferred: loads openpyxl (only to write or read a workbook), defusedxml (only for .ods/.xlsx extents)
    from openpyxl.chart import LineChart, Reference

    curve = comparison.curve
    rows = curve.mean_rows()
    n = len(rows)
    shown = [name for name in comparison.names if curve.summary(name, key) is not None]
    header = [_("training rows (mean over the folds)"), _("training size")] + shown \
        + [_("{name} std").format(name=name) for name in shown]
    body = []
    for s in range(n):
        size = curve.sizes[s]
        body.append([float(rows[s]), f"{size * 100:g} %" if size <= 1 else _("{n} rows").format(n=int(size))]
                    + [float(curve.summary(name, key)[0][s]) for name in shown]
                    + [float(curve.summary(name, key)[1][s]) for name in shown])
    tested = metric(key)
    formats = {0: "#,##0"} | {2 + i: tested.excel_format for i in range(2 * len(shown))}
    ws = _sheet(wb, _("Learning curve"), header, body, formats)
    _put(ws, n + 3, 1, _("{metric}: mean over the folds at each training size, every size scored on the same "
                         "test rows").format(metric=tested.title_text()))
    if not shown or n < 2:
        return
    chart = LineChart()
    chart.title = _("Learning curve: {metric}").format(metric=tested.title_text())
    chart.x_axis.title = _("training rows")
    chart.y_axis.title = tested.title_text()
    chart.add_data(Reference(ws, min_col=3, max_col=2 + len(shown), min_row=1, max_row=n + 1), titles_from_data=True)
    chart.set_categories(Reference(ws, min_col=1, min_row=2, max_row=n + 1))
    chart.width, chart.height = 18, 9
    ws.add_chart(chart, f"A{n + 6}")


def _error_pending_sheet(wb, comparison) -> None:
    # deferred: loads openpyxl (only to write or read a workbook), defusedxml (only for .ods/.xlsx extents)
    from openpyxl.chart import Reference, ScatterChart, Series

    points = [p for group in error_pending_points(comparison).values() for p in group]
    if not points:
        return
    body = [[p.name, p.algorithm, p.pending_rate, p.misclassification_rate, p.attributes_used] for p in points]
    rates = [metric(k) for k in ("pending_rate", "misclassification_rate", "attributes_used")]
    ws = _sheet(wb, _("Error-pending"), [_("entry"), _("algorithm")] + [m.title_text() for m in rates], body,
                {2 + j: m.excel_format for j, m in enumerate(rates)})
    _put(ws, len(body) + 3, 1, _("Means over the folds. An entry that never answers pending is a point at pending 0 "
                                 "with error 1 - accuracy."))
    chart = ScatterChart()
    chart.title = _("Misclassification against pending")
    chart.style = 13
    chart.x_axis.title, chart.y_axis.title = rates[0].title_text(), rates[1].title_text()
    first = 2
    for algorithm in dict.fromkeys(p.algorithm for p in points):
        count = sum(1 for p in points if p.algorithm == algorithm)
        xs = Reference(ws, min_col=3, min_row=first, max_row=first + count - 1)
        ys = Reference(ws, min_col=4, min_row=first, max_row=first + count - 1)
        series = Series(ys, xs, title=algorithm)
        series.marker.symbol = "circle"
        if count == 1:
            series.graphicalProperties.line.noFill = True
        chart.series.append(series)
        first += count
    chart.width, chart.height = 18, 9
    ws.add_chart(chart, f"A{len(body) + 6}")


def _plots_sheet(wb, images: list[tuple[str, bytes]]) -> None:
    """Each plot's title, and the PNG under it (openpyxl reads the size with Pillow)."""
    # deferred: loads openpyxl (only to write or read a workbook), defusedxml (only for .ods/.xlsx extents)
    from openpyxl.drawing.image import Image

    ws = wb.create_sheet(_("Plots"))
    row = 1
    for title, png in images:
        _put(ws, row, 1, title)
        image = Image(io.BytesIO(png))
        ws.add_image(image, f"A{row + 1}")
        row += 3 + int(image.height / 20)  # rows are 20 px high by default
