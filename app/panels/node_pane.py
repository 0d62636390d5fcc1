"""The Tree tab's side pane for the node selected (issue 37): who made it, the edits it takes
(split here, prune, relabel, lock, regrow below) and the ranked candidates for its split,
each applied by a double-click; and the split dialog, which shows the class mix on both
sides as the cut moves. Over engine.edits: the pane only asks for an `Edit` (`edit_requested`)."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QAbstractItemView, QCheckBox, QComboBox, QDialog, QDialogButtonBox, QDoubleSpinBox,
                               QFormLayout, QHBoxLayout, QLabel, QListWidget, QListWidgetItem, QProgressBar,
                               QPushButton, QSlider, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget)

from engine.candidates import CRITERION_WORDS
from engine.edits import Edit
from engine.i18n import _ as engine_text
from engine.tree.model import NOMINAL_KIND, CategorySplit, Leaf, ThresholdSplit
from engine.tree.node_cases import node_path


def translate_criterion(name: str) -> str:
    """A criterion in the papers' words, in the window's language (the engine's catalogue)."""
    return engine_text(CRITERION_WORDS[name]) if name in CRITERION_WORDS else name


SMALLER_IS_BETTER = ("f",)  # criteria (engine.candidates' names) whose best value is the smallest


def _bar(share: float, tip: str) -> QProgressBar:
    """A candidate's value as a bar against the best candidate's."""
    bar = QProgressBar()
    bar.setRange(0, 1000)
    bar.setValue(int(round(1000 * min(max(share, 0.0), 1.0))))
    bar.setTextVisible(False)
    bar.setMaximumHeight(12)
    bar.setMinimumWidth(50)
    bar.setToolTip(tip)
    return bar


def class_mix(counts, classes) -> str:
    """'unacc 80, acc 40' (the classes with weight), or '-' for none."""
    parts = [f"{c} {format(float(v), 'g')}" for c, v in zip(classes, counts) if v > 0]
    return ", ".join(parts) if parts else "-"


class NodePane(QWidget):
    """The selected node: what it is, who made it, the edits it takes and its ranked candidates.

    `cases` (set by the window): a function giving the selected node's training cases as
    (X rows, class codes, weights), or None when no data is open for the model; without them
    the edits that read the data (split, regrow, candidates) are greyed out."""

    edit_requested = Signal(object)  # an engine.edits.Edit

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setMinimumWidth(300)
        self.title = QLabel(self.tr("Select a node of the tree to edit it."))
        self.title.setWordWrap(True)
        self.title.setTextFormat(Qt.RichText)
        self.split_button = QPushButton(self.tr("Split here..."))
        self.split_button.clicked.connect(self.ask_split)
        self.prune_button = QPushButton(self.tr("Prune to a leaf"))
        self.prune_button.clicked.connect(lambda: self._ask("prune"))
        self.lock_button = QPushButton(self.tr("Lock"))
        self.lock_button.setToolTip(self.tr("Freeze this node and everything below it: no edit or regrowth changes "
                                            "it until it is unlocked"))
        self.lock_button.clicked.connect(self._toggle_lock)
        self.regrow_button = QPushButton(self.tr("Regrow below"))
        self.regrow_button.setToolTip(self.tr("Grow again below this node with the model's learner; the nodes you "
                                              "made or locked are kept"))
        self.regrow_button.clicked.connect(lambda: self._ask("regrow"))
        self.relabel = QComboBox()
        self.relabel_button = QPushButton(self.tr("Relabel"))
        self.relabel_button.clicked.connect(self._relabel)
        self.candidates = QTreeWidget()
        self.candidates.setHeaderLabels([self.tr("attribute"), self.tr("criterion"), "", self.tr("cut or groups"),
                                         self.tr("cases per branch"), self.tr("cost")])
        self.candidates.setRootIsDecorated(False)
        self.candidates.setSelectionMode(QAbstractItemView.SingleSelection)
        self.candidates.setToolTip(self.tr("The learner's own ranking of the splits at this node; double-click one "
                                           "to split here by it"))
        self.candidates.itemDoubleClicked.connect(self._candidate_chosen)
        self.candidates_note = QLabel("")
        self.candidates_note.setWordWrap(True)
        buttons = QHBoxLayout()
        for b in (self.split_button, self.prune_button):
            buttons.addWidget(b)
        more = QHBoxLayout()
        for b in (self.lock_button, self.regrow_button):
            more.addWidget(b)
        label_row = QHBoxLayout()
        label_row.addWidget(self.relabel, 1)
        label_row.addWidget(self.relabel_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addLayout(buttons)
        layout.addLayout(more)
        layout.addLayout(label_row)
        layout.addWidget(QLabel(self.tr("Ranked candidates")))
        layout.addWidget(self.candidates, 1)
        layout.addWidget(self.candidates_note)
        self.tree = None
        self.node_id: int | None = None
        self.cases = None
        self.rank = None  # a function (node id) -> ranked candidates (engine.candidates), or None
        self._ranked: list = []
        self.show_node(None, None)

    # ---- the node shown ---------------------------------------------------------------------

    @property
    def path(self) -> str:
        return node_path(self.tree, self.node_id) if self.tree is not None and self.node_id is not None else "root"

    def show_node(self, tree, node_id: int | None) -> None:
        self.tree, self.node_id = tree, node_id
        has = tree is not None and node_id is not None
        for w in (self.split_button, self.prune_button, self.lock_button, self.regrow_button, self.relabel,
                  self.relabel_button):
            w.setEnabled(has)
        self.candidates.clear()
        self._ranked = []
        if not has:
            self.title.setText(self.tr("Select a node of the tree to edit it."))
            self.candidates_note.setText("")
            return
        node = tree.nodes[node_id]
        frozen = any(tree.nodes[k].locked for k in tree.path_to(node_id))
        who = self.tr("made by you") if node.origin == "expert" else self.tr("learned")
        lock = self.tr(", locked") if node.locked else (self.tr(", inside a locked branch") if frozen else "")
        self.title.setText(self.tr("<b>Node {path}</b> ({who}{lock}): {kind}, {weight} cases ({mix})").format(
            path=self.path, who=who, lock=lock, kind=self.tr("leaf") if node.is_leaf else self.tr("split"),
            weight=format(node.weight, "g"), mix=class_mix(node.counts, tree.schema.classes)))
        # splits and regrowth need crisp one-attribute tests (a fuzzy or a trichotomy tree: prune, relabel, lock)
        crisp = all(isinstance(tree.nodes[k], (Leaf, ThresholdSplit, CategorySplit)) for k in tree.reachable())
        self.prune_button.setEnabled(not node.is_leaf and not frozen)
        self.split_button.setEnabled(crisp and not frozen and self.cases is not None)
        self.regrow_button.setEnabled(crisp and not frozen and self.cases is not None)
        self.lock_button.setText(self.tr("Unlock") if node.locked else self.tr("Lock"))
        self.lock_button.setEnabled(node.locked or not frozen)
        self.relabel.clear()
        self.relabel.addItems(list(tree.labels))
        self.relabel.setCurrentIndex(max(node.label, 0))
        self.relabel.setEnabled(node.is_leaf and not frozen)
        self.relabel_button.setEnabled(node.is_leaf and not frozen)
        self._show_candidates(frozen)

    def _show_candidates(self, frozen: bool) -> None:
        if self.rank is None or self.cases is None or frozen:
            self.candidates_note.setText(self.tr("Open the model's data to see the candidates.")
                                         if self.cases is None else "")
            return
        try:
            ranked = self.rank(self.node_id)
        except Exception as exc:  # noqa: BLE001 - a tree the learner cannot rank (fuzzy): said beside the list
            self.candidates_note.setText(str(getattr(exc, "message", exc)))
            return
        self._ranked = list(ranked)
        values = [abs(c.value) for c in self._ranked if c.value == c.value]
        # the bar: the share of the best value (min-cost's F is better smaller: the best's share of it)
        smaller = bool(self._ranked) and self._ranked[0].criterion in SMALLER_IS_BETTER
        best = (min(values, default=0.0) if smaller else max(values, default=0.0)) or 1.0
        priced = any(c.test_cost is not None for c in self._ranked)
        self.candidates.setColumnHidden(5, not priced)
        for c in self._ranked:
            cost = "" if c.test_cost is None else format(c.test_cost + (c.waiting_cost or 0.0), "g")
            item = QTreeWidgetItem([c.attribute, f"{c.value:.4g}", "", c.split_text,
                                    " | ".join(format(w, "g") for w in c.branch_weights), cost])
            item.setToolTip(1, f"{translate_criterion(c.criterion)} = {c.value:.6g}")
            if c.chosen:
                font = item.font(0)
                font.setBold(True)
                item.setFont(0, font)
            self.candidates.addTopLevelItem(item)
            share = 0.0 if c.value != c.value or c.value == 0 else (best / abs(c.value) if smaller
                                                                    else abs(c.value) / best)
            self.candidates.setItemWidget(item, 2, _bar(share, self.tr("{share}% of the best candidate's").format(
                share=format(100 * share, ".0f"))))
        for column in range(self.candidates.columnCount()):
            self.candidates.resizeColumnToContents(column)
        criterion = translate_criterion(self._ranked[0].criterion) if self._ranked else ""
        self.candidates_note.setText(self.tr("{n} candidates by {criterion} (bold: the learner's choice); double-click "
                                             "one to split here by it").format(n=len(self._ranked), criterion=criterion)
                                     if self._ranked else self.tr("no split is possible here"))

    # ---- edits asked for -------------------------------------------------------------------

    def _ask(self, op: str, **fields) -> None:
        self.edit_requested.emit(Edit(op, self.path, **fields))

    def _toggle_lock(self) -> None:
        node = self.tree.nodes[self.node_id]
        self._ask("unlock" if node.locked else "lock")

    def _relabel(self) -> None:
        self._ask("label", label=self.relabel.currentText())

    def _candidate_chosen(self, item, _column=0) -> None:
        index = self.candidates.indexOfTopLevelItem(item)
        if 0 <= index < len(self._ranked):
            self.edit_requested.emit(self._ranked[index].as_edit(self.path))

    def apply_candidate(self, index: int) -> None:
        """Split here by the index-th ranked candidate (what a double-click does)."""
        item = self.candidates.topLevelItem(index)
        if item is not None:
            self._candidate_chosen(item)

    def ask_split(self) -> None:
        if self.tree is None or self.node_id is None or self.cases is None:
            return
        dialog = SplitDialog(self.tree, self.node_id, self.cases(self.node_id), self)
        if dialog.exec() == QDialog.Accepted:
            self.edit_requested.emit(dialog.edit(self.path))


class SplitDialog(QDialog):
    """Choose the attribute and the cut (or the groups of values) of a split at a node; the class
    mix of the node's training cases on each side is shown as the cut moves."""

    def __init__(self, tree, node_id: int, cases, parent=None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("Split the node"))
        self.setMinimumWidth(460)
        self.tree = tree
        self.X, self.y, self.w = cases
        self.attribute = QComboBox()
        self.attribute.addItems(tree.schema.names)
        self.cut = QDoubleSpinBox()
        self.cut.setDecimals(4)
        self.cut.setRange(-1e12, 1e12)
        self.slider = QSlider(Qt.Horizontal)
        self.values = QListWidget()
        self.values.setToolTip(self.tr("The ticked values go down the first branch, the others down the second"))
        self.each = QCheckBox(self.tr("one branch per value"))
        self.mix = QLabel("")
        self.mix.setWordWrap(True)
        self.form = form = QFormLayout()
        form.addRow(self.tr("attribute"), self.attribute)
        form.addRow(self.tr("cut (<=)"), self.cut)
        form.addRow("", self.slider)
        form.addRow(self.tr("values"), self.values)
        form.addRow("", self.each)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.mix)
        layout.addWidget(buttons)
        self._cuts = np.zeros(0)
        self.attribute.currentIndexChanged.connect(self._attribute_changed)
        self.slider.valueChanged.connect(lambda k: self.cut.setValue(float(self._cuts[k])) if len(self._cuts) else None)
        self.cut.valueChanged.connect(self._update_mix)
        self.values.itemChanged.connect(self._update_mix)
        self.each.toggled.connect(self._update_mix)
        node = tree.nodes[node_id]
        start = node.feature if isinstance(node, ThresholdSplit) or hasattr(node, "feature") else 0
        self.attribute.setCurrentIndex(max(int(start), 0))
        self._attribute_changed(self.attribute.currentIndex())
        if isinstance(node, ThresholdSplit):
            self.cut.setValue(node.threshold)

    def _nominal(self) -> bool:
        return self.tree.schema.attributes[self.attribute.currentIndex()].kind == NOMINAL_KIND

    def _attribute_changed(self, j: int) -> None:
        attr = self.tree.schema.attributes[j]
        nominal = attr.kind == NOMINAL_KIND
        for w in (self.cut, self.slider):
            self.form.setRowVisible(w, not nominal)  # the row's label with it
        for w in (self.values, self.each):
            self.form.setRowVisible(w, nominal)
        v = self.X[:, j]
        known = np.unique(v[v == v])
        if nominal:
            self.values.blockSignals(True)
            self.values.clear()
            for name in attr.categories or []:
                item = QListWidgetItem(name)
                item.setFlags(item.flags() | Qt.ItemIsUserCheckable)
                item.setCheckState(Qt.Unchecked)
                self.values.addItem(item)
            if self.values.count():
                self.values.item(0).setCheckState(Qt.Checked)
            self.values.blockSignals(False)
        else:  # the cuts a learner would try: midpoints between the node's distinct values
            self._cuts = (known[:-1] + known[1:]) / 2 if len(known) > 1 else known
            self.slider.setRange(0, max(len(self._cuts) - 1, 0))
            if len(self._cuts):
                self.slider.setValue(len(self._cuts) // 2)
                self.cut.setValue(float(self._cuts[len(self._cuts) // 2]))
        self._update_mix()

    def _sides(self) -> list[np.ndarray]:
        """The class mass on each side of the split as it stands (missing values left out)."""
        j = self.attribute.currentIndex()
        v = self.X[:, j]
        known = v == v
        k = len(self.tree.schema.classes)
        if self._nominal():
            codes = np.where(known, v, -1).astype(np.int64)
            if self.each.isChecked():
                groups = [codes == c for c in range(self.values.count())]
            else:
                ticked = [c for c in range(self.values.count()) if self.values.item(c).checkState() == Qt.Checked]
                first = np.isin(codes, ticked)
                groups = [first, known & ~first]
        else:
            with np.errstate(invalid="ignore"):
                groups = [known & (v <= self.cut.value()), known & (v > self.cut.value())]
        return [np.bincount(self.y[g], weights=self.w[g], minlength=k) for g in groups]

    def _side_names(self, n: int) -> list[str]:
        """What each side of the split as it stands says: '<= 54.5', '> 54.5'; the ticked values, the rest."""
        if not self._nominal():
            cut = format(self.cut.value(), "g")
            return [f"<= {cut}", f"> {cut}"]
        names = [self.values.item(c).text() for c in range(self.values.count())]
        if self.each.isChecked():
            return names[:n]
        ticked = [v for c, v in enumerate(names) if self.values.item(c).checkState() == Qt.Checked]
        return ["{" + ", ".join(ticked) + "}", self.tr("the rest")]

    def _update_mix(self, *_args) -> None:
        classes = self.tree.schema.classes
        sides = self._sides()
        lines = [self.tr("{side}: {weight} cases ({mix})").format(side=name, weight=format(float(s.sum()), "g"),
                                                                  mix=class_mix(s, classes))
                 for name, s in zip(self._side_names(len(sides)), sides)]
        self.mix.setText("\n".join(lines))

    def edit(self, at: str) -> Edit:
        name = self.tree.schema.names[self.attribute.currentIndex()]
        if not self._nominal():
            return Edit("split", at, attribute=name, threshold=float(self.cut.value()))
        if self.each.isChecked():
            return Edit("split", at, attribute=name)
        ticked = tuple(self.values.item(c).text() for c in range(self.values.count())
                       if self.values.item(c).checkState() == Qt.Checked)
        return Edit("split", at, attribute=name, groups=(ticked,))
