"""Editors for the problem settings that are not per attribute: class hierarchy,
batch groups, misclassification cost matrix and budget. Each edits the shared
ProblemSpec in place and emits `changed`; validation is the panel's job."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDoubleSpinBox, QFileDialog, QGroupBox, QHBoxLayout,
                               QHeaderView, QLineEdit, QMessageBox, QPushButton, QTableWidget, QTableWidgetItem,
                               QTreeWidget, QTreeWidgetItem, QVBoxLayout)

from engine.data.spec import BatchGroup, CostMatrix


class HierarchyEditor(QGroupBox):
    """child -> parent links as a tree; add a link, remove one, import a label,parent
    file, or build the hierarchy from path-like class labels (A/B/C)."""

    changed = Signal()

    def __init__(self, parent=None):
        super().__init__("Class hierarchy", parent)
        self.spec = None
        self.view = QTreeWidget()
        self.view.setHeaderLabels(["label"])
        self.child = QLineEdit()
        self.child.setPlaceholderText("label")
        self.parent_label = QLineEdit()
        self.parent_label.setPlaceholderText("parent")
        add = QPushButton("Add / move")
        add.clicked.connect(lambda: self.set_parent(self.child.text().strip(), self.parent_label.text().strip()))
        remove = QPushButton("Remove")
        remove.clicked.connect(self._remove_selected)
        load = QPushButton("Import label,parent...")
        load.clicked.connect(self._import)
        paths = QPushButton("Split path labels")
        paths.setToolTip('Build the hierarchy from class labels such as "Rock/Sedimentary/Sandstone"')
        paths.clicked.connect(self.split_paths)
        row = QHBoxLayout()
        for w in (self.child, self.parent_label, add, remove):
            row.addWidget(w)
        row2 = QHBoxLayout()
        row2.addWidget(load)
        row2.addWidget(paths)
        layout = QVBoxLayout(self)
        layout.addWidget(self.view)
        layout.addLayout(row)
        layout.addLayout(row2)
        self.classes: list[str] = []

    def set_spec(self, spec, classes: list[str]) -> None:
        self.spec, self.classes = spec, list(classes)
        self.refresh()

    def refresh(self) -> None:
        self.view.clear()
        links = {c: p for c, p in (self.spec.hierarchy or {}).items() if p is not None}
        items: dict[str, QTreeWidgetItem] = {}

        def item(label: str) -> QTreeWidgetItem:
            if label not in items:
                parent = links.get(label)
                node = QTreeWidgetItem([label])
                if parent is None or parent == label:
                    self.view.addTopLevelItem(node)
                else:
                    item(parent).addChild(node)
                items[label] = node
            return items[label]

        for label in list(self.spec.hierarchy or {}) + list(links.values()):
            if label not in items:
                try:
                    item(label)
                except RecursionError:  # a cycle: the panel's checks name it
                    break
        self.view.expandAll()

    def set_parent(self, child: str, parent: str | None) -> None:
        if not child:
            return
        hierarchy = dict(self.spec.hierarchy or {})
        hierarchy[child] = parent or None
        if parent and parent not in hierarchy:
            hierarchy[parent] = None  # a new top label
        self.spec.hierarchy = hierarchy
        self.refresh()
        self.changed.emit()

    def _remove_selected(self) -> None:
        item = self.view.currentItem()
        if item is None or not self.spec.hierarchy:
            return
        label = item.text(0)
        hierarchy = {c: (None if p == label else p) for c, p in self.spec.hierarchy.items() if c != label}
        self.spec.hierarchy = hierarchy or None
        self.refresh()
        self.changed.emit()

    def _import(self) -> None:
        from engine.data.hierarchy import read_hierarchy
        from engine.errors import RuleTreeError

        path, _ = QFileDialog.getOpenFileName(self, "Import hierarchy", "", "Tables (*.csv *.xlsx *.txt)")
        if not path:
            return
        try:
            self.spec.hierarchy = read_hierarchy(path)
        except RuleTreeError as exc:
            QMessageBox.warning(self, "Class hierarchy", str(exc))
            return
        self.refresh()
        self.changed.emit()

    def split_paths(self, sep: str = "/") -> None:
        from engine.data.hierarchy import hierarchy_from_paths

        self.spec.hierarchy = {"ALL": None, **hierarchy_from_paths(self.classes, sep)}
        self.refresh()
        self.changed.emit()


class BatchGroupEditor(QGroupBox):
    """Named sets of attributes that share a common cost (one blood draw, several tests)."""

    changed = Signal()

    def __init__(self, parent=None):
        super().__init__("Batch groups", parent)
        self.spec = None
        self.table = QTableWidget(0, 3)
        self.table.setHorizontalHeaderLabels(["name", "attributes (comma-separated)", "common cost"])
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.Stretch)
        self.table.itemChanged.connect(self._edited)
        add = QPushButton("Add group")
        add.clicked.connect(self.add_group)
        remove = QPushButton("Remove group")
        remove.clicked.connect(self._remove)
        row = QHBoxLayout()
        row.addWidget(add)
        row.addWidget(remove)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addLayout(row)
        self._loading = False

    def set_spec(self, spec) -> None:
        self.spec = spec
        self._loading = True
        self.table.setRowCount(len(spec.batch_groups))
        for r, g in enumerate(spec.batch_groups):
            for c, text in enumerate([g.name, ", ".join(g.attributes), format(g.common_cost, "g")]):
                self.table.setItem(r, c, QTableWidgetItem(text))
        self._loading = False

    def add_group(self, name: str = "", attributes: list[str] | None = None, common_cost: float = 0.0) -> None:
        self.spec.batch_groups.append(BatchGroup(name or f"group {len(self.spec.batch_groups) + 1}",
                                                 list(attributes or []), common_cost))
        self.set_spec(self.spec)
        self.changed.emit()

    def _remove(self) -> None:
        row = self.table.currentRow()
        if 0 <= row < len(self.spec.batch_groups):
            del self.spec.batch_groups[row]
            self.set_spec(self.spec)
            self.changed.emit()

    def _edited(self, item) -> None:
        if self._loading or self.spec is None:
            return
        group = self.spec.batch_groups[item.row()]
        text = item.text().strip()
        if item.column() == 0:
            group.name = text
        elif item.column() == 1:
            group.attributes = [a.strip() for a in text.split(",") if a.strip()]
        else:
            try:
                group.common_cost = float(text or 0)
            except ValueError:
                group.common_cost = -1.0  # shown by the checks as "must not be negative"
        self.changed.emit()


class CostEditor(QGroupBox):
    """K x K misclassification costs (row: true class, column: predicted) and the budget."""

    changed = Signal()

    def __init__(self, parent=None):
        super().__init__("Misclassification costs and budget", parent)
        self.spec = None
        self.enabled = QCheckBox("use a cost matrix (otherwise every error costs 1)")
        self.enabled.toggled.connect(self._toggled)
        self.defaults = QComboBox()
        self.defaults.addItems(["0 / 1", "|i - j| (ordered classes)"])
        reset = QPushButton("Reset to")
        reset.clicked.connect(self.reset)
        self.matrix = QTableWidget(0, 0)
        self.matrix.itemChanged.connect(self._edited)
        self.has_budget = QCheckBox("budget per case")
        self.budget = QDoubleSpinBox()
        self.budget.setRange(0.01, 1e12)
        self.has_budget.toggled.connect(self._budget_changed)
        self.budget.valueChanged.connect(self._budget_changed)
        top = QHBoxLayout()
        top.addWidget(self.enabled)
        top.addWidget(reset)
        top.addWidget(self.defaults)
        bottom = QHBoxLayout()
        bottom.addWidget(self.has_budget)
        bottom.addWidget(self.budget)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.matrix)
        layout.addLayout(bottom)
        self.classes: list[str] = []
        self._loading = False

    def set_spec(self, spec, classes: list[str]) -> None:
        self.spec, self.classes = spec, list(classes)
        self._loading = True
        mc = spec.misclassification_costs
        self.enabled.setChecked(mc is not None)
        self._fill(mc)
        self.has_budget.setChecked(spec.budget is not None)
        self.budget.setValue(spec.budget or 100.0)
        self.budget.setEnabled(spec.budget is not None)
        self._loading = False

    def _fill(self, mc) -> None:
        k = len(self.classes)
        self.matrix.blockSignals(True)
        self.matrix.setRowCount(k)
        self.matrix.setColumnCount(k)
        self.matrix.setHorizontalHeaderLabels([f"predicted {c}" for c in self.classes])
        self.matrix.setVerticalHeaderLabels([f"true {c}" for c in self.classes])
        index = {c: i for i, c in enumerate(mc.labels)} if mc is not None else {}
        for i, ci in enumerate(self.classes):
            for j, cj in enumerate(self.classes):
                if mc is not None and ci in index and cj in index and index[ci] < len(mc.matrix) \
                        and index[cj] < len(mc.matrix[index[ci]]):
                    value = mc.matrix[index[ci]][index[cj]]
                else:
                    value = 0.0 if i == j else 1.0
                item = QTableWidgetItem(format(value, "g"))
                item.setTextAlignment(Qt.AlignRight | Qt.AlignVCenter)
                self.matrix.setItem(i, j, item)
        self.matrix.setEnabled(mc is not None)
        self.matrix.blockSignals(False)

    def reset(self) -> None:
        ordered = self.defaults.currentIndex() == 1
        k = len(self.classes)
        matrix = [[float(abs(i - j)) if ordered else float(i != j) for j in range(k)] for i in range(k)]
        self.spec.misclassification_costs = CostMatrix(list(self.classes), matrix)
        self.enabled.setChecked(True)
        self._fill(self.spec.misclassification_costs)
        self.changed.emit()

    def set_cost(self, true_label: str, predicted: str, value: float) -> None:
        i, j = self.classes.index(true_label), self.classes.index(predicted)
        self.matrix.item(i, j).setText(format(value, "g"))

    def _toggled(self, on: bool) -> None:
        if self._loading:
            return
        if on:
            k = len(self.classes)
            self.spec.misclassification_costs = CostMatrix(list(self.classes),
                                                           [[float(i != j) for j in range(k)] for i in range(k)])
        else:
            self.spec.misclassification_costs = None
        self._fill(self.spec.misclassification_costs)
        self.changed.emit()

    def _edited(self, item) -> None:
        if self._loading or self.spec is None or self.spec.misclassification_costs is None:
            return
        try:
            value = float(item.text())
        except ValueError:
            return
        mc = self.spec.misclassification_costs
        index = {c: i for i, c in enumerate(mc.labels)}
        i, j = index[self.classes[item.row()]], index[self.classes[item.column()]]
        mc.matrix[i][j] = value
        self.changed.emit()

    def _budget_changed(self, *_) -> None:
        if self._loading or self.spec is None:
            return
        self.budget.setEnabled(self.has_budget.isChecked())
        self.spec.budget = float(self.budget.value()) if self.has_budget.isChecked() else None
        self.changed.emit()
