"""What the headless commands print as text: info, settings, algorithms, evaluation.

JSON output is built by the engine objects themselves (`to_json`); this module
only lays out the text a person reads in a terminal.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
import time

import numpy as np

from ..data.table import format_number
from ..i18n import N_, _
from ..metrics import metric
from ..textwidth import display_width, ljust

PROG = "ruletree"

#: column types and a setting's costs as `info` shows them (translated where shown)
TYPE_NAMES = (N_("numeric"), N_("nominal"), N_("ordinal"))
MONOTONE_NAMES = (N_("increasing"), N_("decreasing"))
COST_NAMES = {"test_cost": N_("test cost"), "wait_time": N_("wait time"), "wait_cost": N_("wait cost")}


_CONTROL = {c: f"\\x{c:02x}" for c in [*range(0x20), 0x7F]} | {c: f"\\u{c:04x}" for c in range(0x80, 0xA0)}


def printable(text) -> str:
    """`text` safe for a terminal: control characters (escape sequences, bells, carriage returns)
    from data shown as \\xNN, never sent as they are."""
    return str(text).translate(_CONTROL)


#: what a command's output streams show as \xNN: every control character but the line feed and the tab
_SHOWN = {c: v for c, v in _CONTROL.items() if c not in (0x0A, 0x09)}
_SHOWN_FOUND = re.compile("[" + "".join(re.escape(chr(c)) for c in _SHOWN) + "]").search


class PrintableStream:
    """A text stream (sys.stdout, sys.stderr) whose writes show control characters as \\xNN: a name
    from a stranger's file (a target, a sheet, an attribute, a class) that holds an escape sequence
    cannot retitle the terminal, clear it or rewrite the lines shown, whichever message prints it.
    Line feeds and tabs pass; JSON output is unchanged (json.dumps escapes control characters)."""

    def __init__(self, stream):
        self._stream = stream

    def write(self, text) -> int:
        text = str(text)
        # the search is fast where translate goes character by character (megabytes of rules or JSON)
        return self._stream.write(text.translate(_SHOWN) if _SHOWN_FOUND(text) else text)

    def writelines(self, lines) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name):
        return getattr(self._stream, name)


def fmt(value) -> str:
    return "" if value is None else format_number(value)


def json_default(value):
    if isinstance(value, np.generic):
        return value.item()
    raise TypeError(type(value).__name__)


def warn(message: str) -> None:
    print(_("warning: {message}").format(message=message), file=sys.stderr)


# ---- info -------------------------------------------------------------------------------


def print_info(table, spec, target, classes, problem, problems, *, show_settings: bool) -> None:
    name = os.path.basename(table.file)
    where = _('{file}, sheet "{sheet}"').format(file=name, sheet=table.sheet) if table.sheet else name
    print(where)
    if len(table.sheets) > 1:
        print("  " + _("sheets: {sheets}").format(sheets=", ".join(table.sheets)))
    if table.encoding:
        delim = {"\t": "tab"}.get(table.delimiter, table.delimiter)
        print("  " + _("encoding: {encoding}").format(encoding=table.encoding)
              + (_(", delimiter: {delimiter}").format(delimiter=delim) if delim else ""))
    print("  " + _("{rows} rows, {columns} columns").format(rows=table.n_rows, columns=len(table.columns)))
    print()
    rows = [("#", _("column"), _("type"), _("missing"), _("distinct"), _("values"))]
    for i, c in enumerate(table.columns, start=1):
        kind = c.type
        settings = spec.attributes.get(c.name)
        if settings and settings.type:
            kind = settings.type
        if c.type == "numeric":
            detail = f"{fmt(c.minimum)} .. {fmt(c.maximum)}" if c.minimum is not None else ""
        else:
            shown = settings.order[:6] if settings and settings.order else c.values[:6]
            detail = ", ".join(shown) + (", ..." if len(c.values) > 6 else "")
        mark = _(" (target)") if c.name == target else ""
        if settings and not settings.use and c.name != target:
            mark = _(" (not used)")
        rows.append((str(i), c.name + mark, _(kind), str(c.missing), str(c.distinct), detail))
    widths = [max(display_width(r[k]) for r in rows) for k in range(5)]
    for r in rows:
        print("  " + "  ".join(ljust(r[k], widths[k]) for k in range(5)) + "  " + r[5])
    print()
    if target:
        how = _(" (the last column; choose another with --target)") if problem.target_assumed else ""
        line = _('target "{target}"{how}: {n} ordered classes') if spec.class_order else \
            _('target "{target}"{how}: {n} classes')
        print(line.format(target=target, how=how, n=len(classes)))
        print("  " + ", ".join(f"{c} {n}" for c, n in classes))
    if show_settings:
        print()
        print_settings(spec)
    for w in problem.warnings:
        print(_("warning: {message}").format(message=w))
    if problem.project is not None and (show_settings or problems):
        print()
        if problems:
            print(_("{n} problem(s) in the settings:").format(n=len(problems)))
            for p in problems:
                print(f"  - {p.field}: {p.message}")
        else:
            print(_("settings: valid"))


def print_settings(spec) -> None:
    print(_("settings:"))
    if spec.class_order:
        print("  " + _("class order: {order}").format(order=" < ".join(spec.class_order)))
    if spec.hierarchy:
        links = {c: p for c, p in spec.hierarchy.items() if p is not None}
        roots = sorted({p for p in links.values() if p not in links}
                       | {c for c, p in spec.hierarchy.items() if p is None})
        print("  " + _("class hierarchy: {links} links, top: {top}").format(links=len(links), top=", ".join(roots)))
    for name, s in spec.attributes.items():
        parts = []
        if not s.use:
            parts.append(_("not used"))
        if s.type:
            parts.append(_(s.type) + (f" ({' < '.join(s.order)})" if s.order else ""))
        if s.monotone != "none":
            parts.append(_(s.monotone))
        costs = [(k, getattr(s, k)) for k in ("test_cost", "wait_time", "wait_cost") if getattr(s, k)]
        parts += [f"{_(COST_NAMES[k])} {fmt(v)}" for k, v in costs]
        if s.prerequisite:
            parts.append(_("after {attribute}").format(attribute=s.prerequisite))
        if parts:
            print(f"  {name}: {'; '.join(parts)}")
    if spec.cost_per_time != 1.0:
        print("  " + _("cost per time unit: {cost}").format(cost=fmt(spec.cost_per_time)))
    for g in spec.batch_groups:
        print("  " + _('batch group "{name}": {attributes} (common cost {cost})').format(
            name=g.name, attributes=", ".join(g.attributes), cost=fmt(g.common_cost)))
    if spec.misclassification_costs:
        mc = spec.misclassification_costs
        print("  " + _("misclassification costs ({labels}):").format(labels=" / ".join(mc.labels)))
        for label, row in zip(mc.labels, mc.matrix):
            print(f"    {label}: " + " ".join(fmt(v) for v in row))
    if spec.budget is not None:
        print("  " + _("budget per case: {budget}").format(budget=fmt(spec.budget)))
    if spec.positive_class:
        print("  " + _("positive class: {label}").format(label=spec.positive_class))


# ---- algorithms -------------------------------------------------------------------------


def param_line(p) -> str:
    bounds = ""
    if p.minimum is not None or p.maximum is not None:
        bounds = f" [{fmt(p.minimum) if p.minimum is not None else ''}, " \
                 f"{fmt(p.maximum) if p.maximum is not None else ''}]"
    if p.choices:
        bounds += f" {{{', '.join(map(str, p.choices))}}}"
    elif p.choices_from:
        bounds += " {" + _("from the problem: {source}").format(source=p.choices_from) + "}"
    head = _("{name} (required)").format(name=p.name) if getattr(p, "required", False) else f"{p.name} = {p.default}"
    return f"{head}{bounds}  {_(p.help)}"


def print_algorithms(groups) -> None:
    """`groups`: registry.by_family(): each family's title, then its algorithms; parameters
    by stage (fit, then the prediction's own); the cross-parameter constraint, if any."""
    first = True
    for fam, infos in groups:
        if not first:
            print()
        first = False
        print(f"{_(fam.title)} ({fam.name})")
        for a in infos:
            print(f"  {a.name:14s} {_(a.title)}")
            for p in (p for p in a.params if p.stage == "fit"):
                print(f"      {param_line(p)}")
            predict_stage = [p for p in a.params if p.stage == "predict"]
            if predict_stage:
                print("    " + _("prediction (changes the answers, not the tree):"))
                for p in predict_stage:
                    print(f"      {param_line(p)}")
            if a.constraint:
                print("    " + _("constraint: {constraint}").format(constraint=_(a.constraint)))
            if a.uses:
                print("    " + _("uses: {settings}").format(settings=", ".join(a.uses)))


# ---- evaluate ---------------------------------------------------------------------------


def print_evaluation(result, file_name: str, holdout: float | None, cv: int, repeats: int) -> None:
    how = _("hold-out {share}").format(share=format(holdout, "g")) if holdout is not None else \
        _("{k}-fold cross-validation").format(k=cv)
    print(_("{algorithm} on {file} ({rows} rows), {scheme} x {repeats}").format(
        algorithm=result.algorithm, file=file_name, rows=result.rows, scheme=how, repeats=repeats))
    for name, value in result.summary().items():
        m = metric(name)
        print(f"  {ljust(m.name_text(), 28)} {m.text(value['mean'], value['std'])}")
    for w in result.warnings:
        warn(w)


# ---- progress on a terminal --------------------------------------------------------------


class ProgressLine:
    """One line on stderr, rewritten at most every 0.2 s: a bar, units done, the message."""

    def __init__(self, stream=None):
        stream = stream or sys.stderr
        # its own carriage return goes to the terminal as it is; the message is made printable here
        self.stream = stream._stream if isinstance(stream, PrintableStream) else stream
        self.last = 0.0
        self.shown = False

    def __call__(self, done: int, total: int, message: str) -> None:
        now = time.monotonic()
        if done < total and now - self.last < 0.2:
            return
        self.last = now
        width = max(20, min(shutil.get_terminal_size((80, 24)).columns, 120) - 1)
        filled = int(20 * done / total) if total else 20
        line = f"[{'#' * filled}{'.' * (20 - filled)}] {done}/{total}  {printable(message)}"
        self.stream.write("\r" + line[:width].ljust(width))
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()


def terminal_progress():
    """A ProgressLine on stderr when it is a terminal; None when piped or redirected (silent)."""
    return ProgressLine() if sys.stderr.isatty() else None
