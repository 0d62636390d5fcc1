"""The Tree tab: the drawn tree, its controls, and the rule and training rows of the node clicked."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, Signal
from PySide6.QtWidgets import (QCheckBox, QFileDialog, QHBoxLayout, QLabel, QLineEdit, QMenu, QPushButton, QSpinBox,
                               QSplitter, QVBoxLayout, QWidget)

from engine.costs import CostModel, node_costs
from engine.data.table import format_number
from engine.edits import Edit
from engine.tree.model import ThresholdSplit
from engine.tree.node_cases import find_node, node_path
from engine.tree.rules import extract_rules, rule_text
from engine.trust.stability import tree_stability
from engine.trust.intervals import tree_trust
from engine.workflows import has_test_costs

from ..errors import show_error
from ..jobs import JobRunner
from ..widgets.tree_canvas import TreeCanvas
from ..widgets.tree_layout import find_nodes
from ..widgets.tree_overview import TreeOverview
from .node_pane import NodePane


class TreePanel(QWidget):
    """The drawn tree, its controls, and the rule and training rows of the node clicked.

    A case (a row of the data, picked in the "case" box or by selecting it on the Data tab)
    is shown on the tree: its path in a crisp tree; in a fuzzy tree its membership in every
    branch and how strongly it reaches every node (TreeCanvas.show_case).

    Beside the tree, the selected node's pane (NodePane): its edits and ranked candidates; a
    right-click on a node offers the same edits. An edit asked for is `edit_requested`'s (the
    window makes it: app.edit_flow).
    """

    edit_requested = Signal(object)  # an engine.edits.Edit
    #: the stability of the drawn tree's splits was counted: (the tree, its StabilityReport)
    stability_ready = Signal(object, object)
    #: bootstrap models of the Tree tab's stability count
    STABILITY_B = 50

    def __init__(self, parent=None):
        super().__init__(parent)
        self.canvas = TreeCanvas()
        self.pane = NodePane()
        self.pane.edit_requested.connect(self.edit_requested)
        self.overview = TreeOverview(self.canvas)  # the minimap, over the canvas's bottom-right corner
        self.rule = QLabel(self.tr("Train a model to see its tree."))
        self.rule.setWordWrap(True)
        self.rule.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.depth = QSpinBox()
        self.depth.setRange(0, 200)
        self.depth.setSpecialValueText(self.tr("all levels"))
        self.depth.setPrefix(self.tr("depth limit "))
        self.depth.valueChanged.connect(self._depth_set)
        bar = QHBoxLayout()
        for text, slot in ((self.tr("Fit"), self.canvas.fit), (self.tr("Zoom in"), self.canvas.zoom_in),
                           (self.tr("Zoom out"), self.canvas.zoom_out), (self.tr("Expand all"), self.canvas.expand_all),
                           (self.tr("Export PNG/SVG..."), self.export_picture)):
            button = QPushButton(text)
            button.clicked.connect(slot)
            bar.addWidget(button)
        bar.addWidget(self.depth)
        self.case = QSpinBox()
        self.case.setPrefix(self.tr("case: row "))
        self.case.setSpecialValueText(self.tr("case: none"))
        self.case.setToolTip(self.tr("Show one row of the data on the tree (or select the row on the Data tab)"))
        self.case.setEnabled(False)
        self.case.valueChanged.connect(self._case_changed)
        bar.addWidget(self.case)
        self.find = QLineEdit()
        self.find.setPlaceholderText(self.tr("find an attribute or a class"))
        self.find.setToolTip(self.tr("Enter: the next node that tests this attribute or answers this class (its "
                                     "path is highlighted and opened)"))
        self.find.setClearButtonEnabled(True)
        self.find.returnPressed.connect(self.find_next)
        self.find.textChanged.connect(lambda _: setattr(self, "_found", None))
        self.found = QLabel("")
        self._found = None  # (text, matches, index) of the last search
        bar.addWidget(self.find)
        bar.addWidget(self.found)
        self.costs = QCheckBox(self.tr("show costs"))
        self.costs.setToolTip(self.tr(self.COSTS_TIP))
        self.costs.setEnabled(False)
        self.costs.toggled.connect(self._show_costs)
        bar.addWidget(self.costs)
        # issue 39: each split's stability, counted on demand in a job (the Train tab's last training)
        self.stability = QCheckBox(self.tr("show stability"))
        self.stability.setToolTip(self.tr(self.STABILITY_TIP).format(B=self.STABILITY_B))
        self.stability.setEnabled(False)
        self.stability.toggled.connect(self._show_stability)
        bar.addWidget(self.stability)
        self.stability_info = QLabel("")
        bar.addWidget(self.stability_info)
        #: () -> (learner, training rows, problem, parameters, the tree) of the tree shown, or raises
        #: (the window's: app.training.TrainingFlow.stability_inputs)
        self.stability_source = None
        self.stability_report = None  # the drawn tree's, once counted
        self.stability_jobs = JobRunner(self)
        self.stability_jobs.finished.connect(self._stability_counted)
        self.stability_jobs.failed.connect(lambda message, _bug: self._stability_failed(message))
        self.stability_jobs.cancelled.connect(lambda: self.stability_info.setText(""))
        self.stability_jobs.progressed.connect(
            lambda done, total, _m: self.stability_info.setText(self.tr("counting {done} of {total}...").format(
                done=done, total=total)))
        self.intervals = QCheckBox(self.tr("show intervals"))
        self.intervals.setToolTip(self.tr(self.INTERVALS_TIP))
        self.intervals.setEnabled(False)
        self.intervals.toggled.connect(self._show_intervals)
        bar.addWidget(self.intervals)
        bar.addStretch(1)
        self.case_info = QLabel("")
        self.case_info.setWordWrap(True)
        self.case_info.setVisible(False)
        layout = QVBoxLayout(self)
        layout.addLayout(bar)
        self.splitter = QSplitter(Qt.Horizontal)
        self.splitter.addWidget(self.canvas)
        self.splitter.addWidget(self.pane)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setSizes([960, 420])
        layout.addWidget(self.splitter, 1)
        layout.addWidget(self.case_info)
        layout.addWidget(self.rule)
        self.tree = None
        self.node_rows: dict[int, list[int]] = {}
        self.node_costs = None  # per node, what a case pays there (engine.costs.node_costs); None: unpriced
        self.trust_settings = None  # the problem's trust settings: the leaves' intervals (the "intervals" box)
        self.table = None  # the data and model the case box picks rows of (set_cases)
        self.model = None
        self._X = None  # the table's rows encoded for the model (when first needed)
        self._row_numbers = None  # the spreadsheet row number of each data row
        self.canvas.node_selected.connect(self._node_selected)
        self.canvas.depth_chosen.connect(self._depth_chosen)
        self.canvas.node_menu.connect(self._node_menu)

    COSTS_TIP = QT_TRANSLATE_NOOP("TreePanel", "Show in every box what a case pays there: at a test its test and "
                                  "waiting cost (unknown prerequisites first; a batch member costs less once its "
                                  "group's common cost is paid above), at a leaf the tests paid on the way")
    INTERVALS_TIP = QT_TRANSLATE_NOOP("TreePanel", "Show in every leaf its confidence and the interval it is known "
                                      "within (Wilson score, at the problem's confidence level); a leaf of too few "
                                      "cases, or too wide an interval, is marked with a warning triangle (its tooltip "
                                      "says why)")
    NO_COSTS_TIP = QT_TRANSLATE_NOOP("TreePanel", "The problem prices no tests: set test costs or waiting times on "
                                     "the Problem tab, then train")

    STABILITY_TIP = QT_TRANSLATE_NOOP("TreePanel", "Fit the learner again on {B} bootstrap samples of the training "
                                      "rows and show on each split how often the same split (the same attribute, a "
                                      "cut within the problem's stability tolerance) comes back at the same place, "
                                      "with the same splits above it: a strip at the top of the box, green from one "
                                      "half up, amber below")

    def show_tree(self, tree, node_rows: dict[int, list[int]] | None = None, spec=None,
                  select: str | None = None) -> None:
        """Draw `tree`; `spec`, the problem it was trained on, prices its tests (the costs box);
        `select`: the path of a node to select (the node just edited)."""
        if tree is not self.tree:
            self.stability_jobs.cancel()
            self.stability_report = None
            self.stability_info.setText("")
        self.tree = tree
        self.stability.setEnabled(tree is not None and not tree.root.is_leaf)
        self.pane.show_node(tree, None)
        self.node_rows = node_rows or {}
        priced = has_test_costs(spec)
        self.node_costs = node_costs(tree, CostModel.from_spec(spec, tree.schema.names)) if priced else None
        self.costs.setEnabled(priced)
        if not priced:  # greyed out and unticked: nothing to show
            self.costs.blockSignals(True)
            self.costs.setChecked(False)
            self.costs.blockSignals(False)
        self.costs.setToolTip(self.tr(self.COSTS_TIP if priced else self.NO_COSTS_TIP))
        self.case_info.setVisible(False)
        self.rule.setText((self.tr("{leaves} leaf, depth {depth}. Click a node to see its rule.") if tree.n_leaves == 1
                           else self.tr("{leaves} leaves, depth {depth}. Click a node to see its rule.")).format(
            leaves=tree.n_leaves, depth=tree.depth))
        self.canvas.set_tree(tree, readable=True)  # may choose a depth limit now, or when first shown
        self._show_costs(self.costs.isChecked())
        self._show_stability(self.stability.isChecked())
        self.trust_settings = getattr(spec, "trust", None)
        self.intervals.setEnabled(True)
        self._show_intervals(self.intervals.isChecked())
        self.canvas.fit()
        if select is not None:
            try:
                node = find_node(tree, select)
            except Exception:  # noqa: BLE001 - the node is gone (pruned away): nothing selected
                return
            self.canvas.reveal(node)
            self.canvas.select_node(node)

    def clear(self) -> None:
        """No model of this data yet (another file was opened): no tree drawn."""
        self.tree, self.node_rows, self.node_costs = None, {}, None
        self.canvas.set_tree(None)
        self.pane.show_node(None, None)
        self.costs.setEnabled(False)
        self.stability_jobs.cancel()
        self.stability_report = None
        self.stability.setEnabled(False)
        self.stability_info.setText("")
        self.intervals.setEnabled(False)
        self.case_info.setVisible(False)
        self.rule.setText(self.tr("Train a model to see its tree."))
        self.set_cases(None, None)

    # ---- a case ---------------------------------------------------------------------

    def set_cases(self, table, model) -> None:
        """The rows the case box picks from (None: no case can be picked); a row already
        picked is shown again on the new tree."""
        self.table, self.model, self._X = table, model, None
        usable = table is not None and model is not None and table.n_rows > 0
        numbers = (table.row_numbers if table.row_numbers is not None else
                   np.arange(table.first_row, table.first_row + table.n_rows)) if usable else None
        self._row_numbers = numbers
        self.case.blockSignals(True)
        keep = self.case.value()
        if usable:
            self.case.setRange(int(numbers[0]) - 1, int(numbers[-1]))
            self.case.setValue(keep if keep >= numbers[0] else int(numbers[0]) - 1)
        else:
            self.case.setRange(0, 0)
        self.case.setEnabled(usable)
        self.case.blockSignals(False)
        self._case_changed(self.case.value())

    def pick_index(self, index: int) -> None:
        """Show data row `index` (0-based, as the Data tab's table) on the tree."""
        if self._row_numbers is not None and 0 <= index < len(self._row_numbers):
            self.case.setValue(int(self._row_numbers[index]))

    def _case_changed(self, value: int) -> None:
        self.canvas.clear_case()
        self.case_info.setVisible(False)
        if self.model is None or self.table is None or self.tree is not self.model.tree \
                or value <= self.case.minimum():
            return
        index = int(np.searchsorted(self._row_numbers, value))
        if index >= len(self._row_numbers) or self._row_numbers[index] != value:
            self._say(self.tr("Row {row} is not a row of the data (a blank row?).").format(row=value))
            return
        try:
            if self._X is None:
                self._X = self.model.schema.encode_features(self.table, warnings=[])
            x = self._X[index]
            answer = self.model.predict(self._X[index:index + 1]).label_names(self.tree)[0]
        except Exception as exc:  # noqa: BLE001 - the tree stays; the reason is shown beside it
            self._say(self.tr("Row {row} cannot be shown: {reason}").format(row=value, reason=exc))
            return
        view = self.canvas.show_case(x, self.model.missing, self.tr("row {row}").format(row=value))
        target = self.model.spec.target
        truth = self.table.frame[target].iloc[index] if target in self.table.frame.columns else None
        if isinstance(truth, float):
            truth = None if truth != truth else format_number(truth)
        case = (self.tr("Row {row} ({target} = {value})").format(row=value, target=target, value=truth)
                if truth is not None else self.tr("Row {row}").format(row=value))
        if view is not None and view.fuzzy:
            if self.tree.tnorm == "minimum":
                text = self.tr("{case}: the tree answers {answer}. On each branch: the row's membership in the term; "
                               "in each box: how strongly the row reaches the node (the smallest of the memberships "
                               "on the way). Faded: nodes the row does not reach.")
            else:
                text = self.tr("{case}: the tree answers {answer}. On each branch: the row's membership in the term; "
                               "in each box: how strongly the row reaches the node (the product of the memberships "
                               "on the way). Faded: nodes the row does not reach.")
            self._say(text.format(case=case, answer=answer))
        else:
            self._say(self.tr("{case}: the tree answers {answer}; its path is highlighted.").format(case=case,
                                                                                                   answer=answer))

    def _say(self, text: str) -> None:
        self.case_info.setText(text)
        self.case_info.setVisible(True)

    def find_next(self) -> None:
        """Go to the next node matching the find box (first Enter: the first), open its path and
        select it (its rule below); "k of n" beside the box."""
        text = self.find.text()
        if self.tree is None or not text.strip():
            self.found.setText("")
            return
        if self._found is None or self._found[0] != text:
            self._found = (text, find_nodes(self.tree, text), -1)
        _, matches, index = self._found
        if not matches:
            self.found.setText(self.tr("no match"))
            return
        index = (index + 1) % len(matches)
        self._found = (text, matches, index)
        node = matches[index]
        self.canvas.reveal(node)
        self.canvas.select_node(node)
        self.found.setText(self.tr("{index} of {count}").format(index=index + 1, count=len(matches)))

    def _depth_chosen(self, depth: int) -> None:
        """The canvas opened a new tree at a readable depth: the box shows it, and says how to see more."""
        self.depth.blockSignals(True)
        self.depth.setValue(depth)
        self.depth.blockSignals(False)
        if depth and self.tree is not None and depth < self.tree.depth:
            self.rule.setText(self.tr("{leaves} leaves, depth {depth}: shown to depth {shown} so that the boxes read; "
                                      "double-click a \"...\" to open a branch, or raise the depth limit. Click a "
                                      "node to see its rule.").format(leaves=self.tree.n_leaves, depth=self.tree.depth,
                                                                      shown=depth))

    def _depth_set(self, depth: int) -> None:
        """The user chose a depth limit: the tree is drawn to it, and the line below says so (not the
        readable depth the canvas chose first)."""
        self.canvas.set_max_depth(depth or None)
        if self.tree is None:
            return
        if depth and depth < self.tree.depth:
            self.rule.setText(self.tr("{leaves} leaves, depth {depth}: shown to depth {shown}; double-click a \"...\" "
                                      "to open a branch, or raise the depth limit. Click a node to see its rule.").format(
                                          leaves=self.tree.n_leaves, depth=self.tree.depth, shown=depth))
        else:
            self.rule.setText(self.tr("{leaves} leaves, depth {depth}. Click a node to see its rule.").format(
                leaves=self.tree.n_leaves, depth=self.tree.depth))

    def _show_costs(self, on: bool) -> None:
        self.canvas.set_costs(self.node_costs if on and self.node_costs is not None else None)

    # ---- stability (issue 39) -----------------------------------------------------------

    def _show_stability(self, on: bool) -> None:
        """Ticked: the counted shares on the boxes, or a job counting them; unticked: none (a count
        running is cancelled)."""
        if not on or self.tree is None:
            self.stability_jobs.cancel()
            self.canvas.set_stability(None)
            if not on:
                self.stability_info.setText("")
            return
        report = self.stability_report
        if report is not None:
            self._draw_stability(report)
            return
        try:
            if self.stability_source is None:
                raise ValueError(self.tr("no training to count it from"))
            info, data, spec, params, tree = self.stability_source()
        except Exception as exc:  # noqa: BLE001 - said beside the box, the tree stays
            self.stability_info.setText(self.tr("No stability: {reason}").format(reason=exc))
            return
        if tree is not self.tree:
            self.stability_info.setText(self.tr("No stability: the tree shown is not the last one trained"))
            return
        B = self.STABILITY_B
        self.stability_info.setText(self.tr("counting..."))
        self.stability_jobs.start(lambda progress: (tree, tree_stability(info, tree, data, spec, params, B, 0,
                                                                         progress=progress)))

    def _stability_counted(self, outcome) -> None:
        tree, report = outcome
        if tree is not self.tree:
            return
        self.stability_report = report
        if self.stability.isChecked():
            self._draw_stability(report)
        self.stability_ready.emit(tree, report)

    def _draw_stability(self, report) -> None:
        tip = self.tr("the share of {B} bootstrap models making this split here, seed {seed}").format(
            B=report.B, seed=report.seed)
        self.canvas.set_stability(report.by_node(), tip)
        head = report.headline()
        self.stability_info.setText(self.tr("stability of the top three levels: {share}").format(
            share=f"{100 * head:.0f} %") if head is not None else "")

    def _stability_failed(self, message: str) -> None:
        self.stability_info.setText(self.tr("No stability: {reason}").format(reason=message))
    def _show_intervals(self, on: bool) -> None:
        """Each leaf's confidence with its interval in its box, flagged leaves marked (issue 39)."""
        tree = self.canvas.tree()
        self.canvas.set_trust(tree_trust(tree, self.trust_settings) if on and tree is not None else None)

    def export_picture(self, path: str | None = None) -> bool:
        if self.tree is None:
            return False
        if not path:
            path, _ = QFileDialog.getSaveFileName(self, self.tr("Export the tree"), "tree.png",
                                                  self.tr("PNG image (*.png);;SVG (*.svg)"))
            if not path:
                return False
        try:
            if path.lower().endswith(".svg"):
                self.canvas.export_svg(path)
            else:
                self.canvas.export_png(path)
        except Exception as exc:  # noqa: BLE001 - a folder gone or read-only: said, never a crash
            show_error(self, exc, path)
            return False
        return True

    def _node_menu(self, node_id: int, where) -> QMenu:
        """A node's edits, on a right-click (the pane's, in a menu)."""
        tree, pane = self.tree, self.pane
        node = tree.nodes[node_id]
        path = node_path(tree, node_id)
        menu = QMenu(self)
        menu.addAction(self.tr("Split here..."), pane.ask_split).setEnabled(pane.split_button.isEnabled())
        if isinstance(node, ThresholdSplit):
            menu.addAction(self.tr("Edit the cut..."), pane.ask_split).setEnabled(pane.split_button.isEnabled())
        menu.addAction(self.tr("Prune to a leaf"),
                       lambda: self.edit_requested.emit(Edit("prune", path))).setEnabled(pane.prune_button.isEnabled())
        if node.is_leaf:
            labels = menu.addMenu(self.tr("Relabel"))
            labels.setEnabled(pane.relabel_button.isEnabled())
            for name in tree.labels:
                labels.addAction(name, lambda name=name: self.edit_requested.emit(Edit("label", path, label=name)))
        menu.addAction(self.tr("Unlock") if node.locked else self.tr("Lock"),
                       lambda: self.edit_requested.emit(Edit("unlock" if node.locked else "lock", path))).setEnabled(
            pane.lock_button.isEnabled())
        menu.addAction(self.tr("Regrow below"),
                       lambda: self.edit_requested.emit(Edit("regrow", path))).setEnabled(pane.regrow_button.isEnabled())
        self.node_menu = menu  # the tests find it here
        if where is not None:
            menu.popup(where)
        return menu

    def _node_selected(self, node_id: int) -> None:
        self.pane.show_node(self.tree, node_id)
        tree = self.tree
        node = tree.nodes[node_id]
        if node.is_leaf:
            rule = next(iter(extract_rules(tree, [node_id])), None)
            text = rule_text(tree, rule) if rule else ""
        else:
            text = self.tr("internal node: {label}").format(label=tree.label_name(node.label))
        counts = ", ".join(f"{c} {format(v, 'g')}" for c, v in zip(tree.schema.classes, node.counts))
        rows = self.node_rows.get(node_id, [])
        shown = ", ".join(str(r) for r in rows[:30])
        if len(rows) > 30:
            shown = self.tr("{rows} ... ({count} rows)").format(rows=shown, count=len(rows))
        lines = [text, self.tr("training cases here: {counts}").format(counts=counts)]
        if rows:
            lines.append(self.tr("spreadsheet rows: {rows}").format(rows=shown))
        self.rule.setText("\n".join(lines))
