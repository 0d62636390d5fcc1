"""Excel workbooks: Rules, Tree, Metrics, Settings (and Levels with a class hierarchy).

With a class hierarchy the Rules sheet also gives each rule's label level and
precision log_h(level + 1), and a Levels sheet holds the confusion matrix read
at every level of the hierarchy (when the caller has one: the window's last
training). Metrics say what rows they were scored on; their titles, order and number formats
are the catalogue's (engine.metrics).

Safe to open: any text that Excel would take for a formula (it starts with
=, +, -, @, a tab or a carriage return) is stored as text with Excel's quote
prefix, never as a formula. Bold, frozen header rows with autofilter, column
widths fitted to the content, number formats per column.
"""

from __future__ import annotations

import io
import json
import os
import re

import numpy as np

from .data.hierarchy import ClassLevels
from .data.spec.trust import TrustSettings
from .fileio import atomic_write_bytes
from .i18n import N_, _
from .metrics import metric, sort_key
from .settings_words import settings_rows
from .tree.describe import bound_cell, label_text, node_test
from .tree.model import FUZZY, KIND_NAMES, Tree
from .tree.rules import extract_rules, rule_conditions
from .trust.intervals import level_text, rule_trust

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")

#: number formats: whole numbers as integers, other counts (fractional weights) to 2 decimals
INTEGER, COUNT, PERCENT = "0", "count", "0.0%"
def csv_text(text: str) -> str:
    """A text cell of a CSV file we write, safe to open in a spreadsheet: text that a spreadsheet
    would run as a formula (starting with = + - @, a tab or a carriage return) gets a leading
    apostrophe, as OWASP advises; a plain number ("-1.5") is left as it is."""
    text = str(text)
    if text.startswith(_FORMULA_START):
        try:
            float(text)
        except ValueError:
            return "'" + text
    return text


#: what openpyxl refuses in a cell: the C0 control characters but tab, line feed, carriage return
_ILLEGAL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")


def _put(ws, row: int, col: int, value, number_format: str | None = None):
    cell = ws.cell(row=row, column=col)
    if value is None:
        return cell
    if isinstance(value, (np.integer, np.floating)):
        value = value.item()
    if isinstance(value, float) and not np.isfinite(value):
        value = None if value != value else ("inf" if value > 0 else "-inf")
    if isinstance(value, str):
        # control characters (from a stranger's data or session) are not allowed in a worksheet:
        # shown as \xNN rather than losing the whole workbook to openpyxl's IllegalCharacterError
        value = _ILLEGAL.sub(lambda m: f"\\x{ord(m.group()):02x}", value)
        cell.value = value
        cell.data_type = "s"  # never a formula
        if value.startswith(_FORMULA_START):
            cell.quotePrefix = True
    else:
        cell.value = value
        if callable(number_format):  # per value (engine.metrics.Metric.excel_format)
            number_format = number_format(value)
        if number_format == COUNT:  # per value: a whole number as an integer, a fraction to 2 decimals
            number_format = _resolved(COUNT, value)
        if number_format:
            cell.number_format = number_format
    return cell


def _sheet(wb, title: str, header: list[str], rows: list[list], formats: dict[int, str] | None = None):
    # deferred: loads openpyxl (only to write or read a workbook), defusedxml (only for .ods/.xlsx extents)
    from openpyxl.styles import Font

    ws = wb.create_sheet(title)
    bold = Font(bold=True)
    for j, name in enumerate(header, start=1):
        _put(ws, 1, j, name).font = bold
    formats = formats or {}
    for i, row in enumerate(rows, start=2):
        for j, value in enumerate(row, start=1):
            _put(ws, i, j, value, formats.get(j - 1))
    ws.freeze_panes = "A2"
    if rows:
        # deferred: loads openpyxl, defusedxml, off the light path
        from openpyxl.utils import get_column_letter

        ws.auto_filter.ref = f"A1:{get_column_letter(len(header))}{len(rows) + 1}"
    _fit_widths(ws, header, rows)
    return ws


def _fit_widths(ws, header, rows) -> None:
    # deferred: loads openpyxl (only to write or read a workbook), defusedxml (only for .ods/.xlsx extents)
    from openpyxl.utils import get_column_letter

    for j, name in enumerate(header):
        longest = len(str(name))
        for row in rows[:2000]:
            if j < len(row) and row[j] is not None:
                value = row[j]
                text = format(value, ".4g") if isinstance(value, float) else str(value)
                longest = max(longest, len(text))
        ws.column_dimensions[get_column_letter(j + 1)].width = min(80, max(8, longest + 2))


def workbook_bytes(tree: Tree, *, metrics: dict | None = None, settings: dict | None = None,
                   hierarchy: dict | None = None, scored_on: str | None = None,
                   levels: list[dict] | None = None, trust: TrustSettings | None = None) -> bytes:
    """`hierarchy`: child -> parent of the problem's classes (rules get their label's level and
    precision); `scored_on`: the rows the metrics come from; `levels`: confusion matrices by
    level (workflows.TrainResult.levels); `trust`: the problem's trust settings (each rule's
    interval of its confidence and its "few cases" flag, engine.trust.intervals)."""
    # deferred: loads openpyxl (only to write or read a workbook), defusedxml (only for .ods/.xlsx extents)
    from openpyxl import Workbook

    wb = Workbook()
    wb.remove(wb.active)
    class_levels = ClassLevels(hierarchy, list(tree.schema.classes)) if hierarchy else None
    rules = extract_rules(tree, members=class_levels.members(tree.labels) if class_levels is not None else None)
    attrs = tree.schema.names
    if class_levels is not None and class_levels.h < 2:
        class_levels = None
    extra = [_("label level"), _("label precision")] if class_levels is not None else []
    level = level_text((trust or TrustSettings()).confidence_level)
    header = [_("rule"), _("IF (conditions)"), _("THEN")] + extra + [_("support"), _("confidence"), _("coverage")] \
        + [_("{level} % interval: low").format(level=level), _("{level} % interval: high").format(level=level),
           _("effective cases"), _("few cases")] + attrs
    rows = []
    for k, r in enumerate(rules, start=1):
        conditions = rule_conditions(tree, r)
        label = tree.label_name(r.label)
        row = [k, conditions, label_text(tree, r.label)]  # PENDING in the workbook's language
        if class_levels is not None:
            known = label in class_levels.level_of
            row += [max(i + 1 for i, level in enumerate(class_levels.labels) if label in level) if known else None,
                    class_levels.precision(label) if known else None]
        t = rule_trust(tree, r, trust)
        row += [r.support, r.confidence, r.coverage, t.low, t.high, t.n_eff, t.why or None]
        row += [bound_cell(tree.schema, j, r.bounds[j]) if j in r.bounds else None for j in range(len(attrs))]
        rows.append(row)
    e = len(extra)
    formats = {0: INTEGER, 3 + e: COUNT, 4 + e: PERCENT, 5 + e: PERCENT, 6 + e: PERCENT, 7 + e: PERCENT,
               8 + e: COUNT}
    if e:
        formats[3], formats[4] = INTEGER, "0.000"
    ws = _sheet(wb, _("Rules"), header, rows, formats)
    _wrap_column(ws, 2, len(rows))

    classes = tree.schema.classes
    node_rows = []
    ids = tree.reachable()
    new_id = {old: k for k, old in enumerate(ids)}
    for old in ids:
        node = tree.nodes[old]
        node_rows.append([new_id[old], new_id.get(node.parent, None) if node.parent >= 0 else None,
                          KIND_NAMES[node.kind], node_test(tree, node), label_text(tree, node.label), node.weight]
                         + [float(c) for c in node.counts]
                         + [", ".join(str(new_id[c]) for c in node.children)])
    _sheet(wb, _("Tree"), [_("node"), _("parent"), _("kind"), _("test"), _("label"), _("weight")]
           + [f"n({c})" for c in classes] + [_("children")],
           node_rows, {0: INTEGER, 1: INTEGER, 5: COUNT} | {6 + k: COUNT for k in range(len(classes))})

    metric_rows = []
    for name, value in (metrics or {}).items():
        if isinstance(value, dict):
            metric_rows.append([name, value.get("mean"), value.get("std")])
        else:
            metric_rows.append([name, value, None])
    if not metrics:  # a model file alone: what its tree says of the rows it was trained on
        accuracy = leaf_accuracy(tree)
        metric_rows += ([["accuracy", accuracy, None]] if accuracy is not None else []) + [
            ["leaves", float(tree.n_leaves), None], ["single_case_leaves", float(tree.n_single_case_leaves), None],
            ["depth", float(tree.depth), None]]
        scored_on = scored_on or _("training rows, from the leaves' class counts (optimistic)")
    metric_header = [_("metric"), _("mean"), _("std")]
    if scored_on:
        metric_header.append(_("scored on"))
        metric_rows = [row + [scored_on] for row in metric_rows]
    metric_rows.sort(key=lambda row: sort_key(row[0]))
    entries = [metric(row[0]) for row in metric_rows]
    ws = _sheet(wb, _("Metrics"), metric_header, [[m.title_text()] + row[1:] for m, row in zip(entries, metric_rows)])
    for i, (m, row) in enumerate(zip(entries, metric_rows), start=2):  # a format per metric
        for j in (2, 3):
            if isinstance(row[j - 1], (int, float)):
                ws.cell(row=i, column=j).number_format = m.excel_format(row[j - 1])
    if levels:
        _levels_sheet(wb, levels, scored_on)

    setting_rows = []
    for key, value in (settings or {}).items():
        text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
        setting_rows.append([key, text])
    _sheet(wb, _("Settings"), [_("setting"), _("value")], setting_rows)
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def leaf_accuracy(tree: Tree) -> float | None:
    """The share of the training weight whose class is its leaf's label (resubstitution accuracy,
    from the leaves' class counts); None for a fuzzy tree, whose counts are memberships."""
    if any(n.kind == FUZZY for n in tree.nodes):
        return None
    right = total = 0.0
    for i in tree.leaves():
        node = tree.nodes[i]
        total += float(node.counts.sum())
        if 0 <= node.label < tree.n_classes:
            right += float(node.counts[node.label])
    return right / total if total > 0 else None


def _resolved(number_format: str, value) -> str:
    if number_format == COUNT:
        return "#,##0" if float(value).is_integer() else "#,##0.00"
    return number_format


def _wrap_column(ws, column: int, n_rows: int, width: int = 60) -> None:
    """Wrap the text of one column (top-aligned), at most `width` characters wide."""
    # deferred: loads openpyxl (only to write or read a workbook), defusedxml (only for .ods/.xlsx extents)
    from openpyxl.styles import Alignment

    # deferred: loads openpyxl (only to write or read a workbook), defusedxml (only for .ods/.xlsx extents)
    from openpyxl.utils import get_column_letter

    letter = get_column_letter(column)
    ws.column_dimensions[letter].width = min(ws.column_dimensions[letter].width or width, width)
    wrap = Alignment(wrap_text=True, vertical="top")
    for row in ws.iter_rows(min_row=2, max_row=n_rows + 1, min_col=column, max_col=column):
        for cell in row:
            cell.alignment = wrap


def _levels_sheet(wb, levels: list[dict], scored_on: str | None) -> None:
    """One block per hierarchy level: rows the true label there, columns the answers."""
    # deferred: loads openpyxl (only to write or read a workbook), defusedxml (only for .ods/.xlsx extents)
    from openpyxl.styles import Font

    ws = wb.create_sheet(_("Levels"))
    bold = Font(bold=True)
    row = 1
    widest = 8
    for entry in levels:
        title = _("level {level}: rows the true label there, columns the answer").format(level=entry["level"])
        _put(ws, row, 1, title + (f" ({scored_on})" if scored_on else "")).font = bold
        row += 1
        columns = list(entry["predicted"]) + [_("PENDING")]
        for j, name in enumerate(columns, start=2):
            _put(ws, row, j, name).font = bold
        row += 1
        for name, values in zip(entry["true"], entry["matrix"]):
            _put(ws, row, 1, name).font = bold
            for j, v in enumerate(values, start=2):
                _put(ws, row, j, float(v), COUNT)
            row += 1
            widest = max(widest, len(name) + 2)
        row += 1
    # deferred: loads openpyxl (only to write or read a workbook), defusedxml (only for .ods/.xlsx extents)
    from openpyxl.utils import get_column_letter

    ws.column_dimensions["A"].width = widest
    for j in range(2, 2 + max(len(e["predicted"]) + 1 for e in levels)):
        ws.column_dimensions[get_column_letter(j)].width = 10


def export_model(model, path: str | os.PathLike, metrics: dict | None = None, *, scored_on: str | None = None,
                 levels: list[dict] | None = None) -> None:
    """The model's rules, tree, metrics and settings as one workbook (written atomically)."""
    settings = dict(settings_rows(model.algorithm, model.params, model.spec, model.trained_on))  # in words
    atomic_write_bytes(path, workbook_bytes(model.tree, metrics=metrics, settings=settings,
                                            hierarchy=model.spec.hierarchy or None, scored_on=scored_on,
                                            levels=levels, trust=model.spec.trust))


def write_tables(path: str | os.PathLike, tables: dict) -> None:
    """Several pandas tables as sheets of one workbook (sheet names cut to Excel's 31 characters)."""
    # deferred: loads openpyxl (only to write or read a workbook), defusedxml (only for .ods/.xlsx extents)
    from openpyxl import Workbook

    wb = Workbook()
    wb.remove(wb.active)
    for name, frame in tables.items():
        header = [str(c) for c in frame.columns]
        rows = [[None if (isinstance(v, float) and v != v) else v for v in row]
                for row in frame.itertuples(index=False)]
        formats = {j: "0.0000" if dtype.kind == "f" else INTEGER for j, dtype in enumerate(frame.dtypes)
                   if dtype.kind in "fiu"}
        _sheet(wb, str(name)[:31], header, rows, formats)
    buf = io.BytesIO()
    wb.save(buf)
    atomic_write_bytes(path, buf.getvalue())


#: the predictions sheet's own column names, as a person reads them (the others are data names)
_PREDICTION_HEADERS = {"row": N_("row"), "prediction": N_("prediction"), "attributes_used": N_("attributes used"),
                       "rule": N_("rule that fired"), "warning": N_("warning")}


def write_predictions_workbook(path: str | os.PathLike, header: list[str], rows: list[list], table) -> None:
    """engine.predicting's rows in a workbook: a Predictions sheet (the answer, the scores, the rule
    that fired) with the data's own columns beside each row; every text cell is text, never a formula."""
    # deferred: loads openpyxl (only to write or read a workbook)
    from openpyxl import Workbook

    wb = Workbook()
    wb.remove(wb.active)
    shown = [_(_PREDICTION_HEADERS[h]) if h in _PREDICTION_HEADERS else h for h in header]
    columns = [c.name for c in table.columns]
    frame = table.frame
    data = [[None if v is None or (isinstance(v, float) and v != v) else v for v in frame.iloc[i].tolist()]
            for i in range(len(rows))]
    formats = {k: "0.000" for k, h in enumerate(header) if h.startswith(("score_", "label_score_"))}
    _sheet(wb, _("Predictions"), shown + columns, [r + d for r, d in zip(rows, data)], formats)
    buf = io.BytesIO()
    wb.save(buf)
    atomic_write_bytes(path, buf.getvalue())
