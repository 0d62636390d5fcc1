"""Editors for the problem settings beside the attribute table: class hierarchy,
batch groups, misclassification cost matrix and budget, and a numeric attribute's
fuzzy terms (names, optional fixed centres, their membership functions drawn).
Each edits the shared ProblemSpec in place and emits `changed`; validation is the
panel's job."""

from __future__ import annotations

import math

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFileDialog,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
)

from engine.algorithms.fuzzify import kohonen_centres, learning_values, preview_terms, term_names
from engine.algorithms.registry import get as algorithm
from engine.data.hierarchy import hierarchy_from_paths, read_hierarchy
from engine.data.spec import MAX_FUZZY_TERMS, BatchGroup, CostMatrix, fuzzified
from engine.errors import RuleTreeError

from .. import theme
from .membership_plot import MembershipPlot


class HierarchyEditor(QGroupBox):
    """child -> parent links as a tree; add a link, remove one, import a label,parent
    file, or build the hierarchy from path-like class labels (A/B/C)."""

    changed = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setTitle(self.tr("Class hierarchy"))
        self.spec = None
        self.view = QTreeWidget()
        self.view.setHeaderLabels([self.tr("label")])
        self.child = QLineEdit()
        self.child.setPlaceholderText(self.tr("label"))
        self.parent_label = QLineEdit()
        self.parent_label.setPlaceholderText(self.tr("parent"))
        add = QPushButton(self.tr("Add / move"))
        add.clicked.connect(lambda: self.set_parent(self.child.text().strip(), self.parent_label.text().strip()))
        remove = QPushButton(self.tr("Remove"))
        remove.clicked.connect(self._remove_selected)
        load = QPushButton(self.tr("Import label,parent..."))
        load.clicked.connect(self._import)
        paths = QPushButton(self.tr("Split path labels"))
        paths.setToolTip(self.tr('Build the hierarchy from class labels such as "Rock/Sedimentary/Sandstone"'))
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

        path, _ = QFileDialog.getOpenFileName(self, self.tr("Import hierarchy"), "",
                                              self.tr("Tables (*.csv *.xlsx *.txt)"))
        if not path:
            return
        try:
            self.spec.hierarchy = read_hierarchy(path)
        except RuleTreeError as exc:
            QMessageBox.warning(self, self.tr("Class hierarchy"), str(exc))  # the engine's message
            return
        self.refresh()
        self.changed.emit()

    def split_paths(self, sep: str = "/") -> None:
        self.spec.hierarchy = {"ALL": None, **hierarchy_from_paths(self.classes, sep)}
        self.refresh()
        self.changed.emit()


class BatchGroupEditor(QGroupBox):
    """Named sets of attributes that share a common cost (one blood draw, several tests)."""

    changed = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setTitle(self.tr("Batch groups"))
        self.spec = None
        self.table = QTableWidget(0, 3)
        self.table.setHorizontalHeaderLabels([self.tr("name"), self.tr("attributes (comma-separated)"),
                                              self.tr("common cost")])
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.Stretch)
        self.table.itemChanged.connect(self._edited)
        add = QPushButton(self.tr("Add group"))
        add.clicked.connect(self.add_group)
        remove = QPushButton(self.tr("Remove group"))
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
        default = self.tr("group {number}").format(number=len(self.spec.batch_groups) + 1)  # the user renames it
        self.spec.batch_groups.append(BatchGroup(name or default, list(attributes or []), common_cost))
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
            if not math.isfinite(group.common_cost):  # "1e400", "nan": not a cost (nor can a file hold it)
                group.common_cost = -1.0
        self.changed.emit()


class CostEditor(QGroupBox):
    """K x K misclassification costs (row: true class, column: predicted) and the budget."""

    changed = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setTitle(self.tr("Misclassification costs and budget"))
        self.spec = None
        self.enabled = QCheckBox(self.tr("use a cost matrix (otherwise every error costs 1)"))
        self.enabled.toggled.connect(self._toggled)
        self.defaults = QComboBox()  # chosen by index (reset)
        self.defaults.addItems(["0 / 1", self.tr("|i - j| (ordered classes)")])
        reset = QPushButton(self.tr("Reset to"))
        reset.clicked.connect(self.reset)
        self.matrix = QTableWidget(0, 0)
        self.matrix.itemChanged.connect(self._edited)
        # whole class names in the headers (the table scrolls when they are many or long)
        self.matrix.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeToContents)
        self.matrix.verticalHeader().setSectionResizeMode(QHeaderView.ResizeToContents)
        self.matrix.horizontalHeader().setMinimumSectionSize(56)
        self.has_budget = QCheckBox(self.tr("budget per case (cost units)"))
        self.budget = QDoubleSpinBox()
        self.budget.setRange(0.01, 1e12)
        self.has_budget.toggled.connect(self._budget_changed)
        self.budget.valueChanged.connect(self._budget_changed)
        top = QHBoxLayout()  # two rows: the panel stays narrow enough for the attribute table beside it
        top.addWidget(reset)
        top.addWidget(self.defaults)
        top.addStretch(1)
        # what one time unit of waiting costs: waiting times (the attributes' "wait time") become costs
        self.cost_per_time = QDoubleSpinBox()
        self.cost_per_time.setRange(0.0, 1e12)
        self.cost_per_time.setDecimals(4)
        self.cost_per_time.setMaximumWidth(110)  # the editors' column stays narrow beside the attribute table
        self.cost_per_time.setToolTip(self.tr("What one unit of waiting time costs, in cost units: a test's waiting "
                                              "cost is its wait time times this, plus its wait cost"))
        self.cost_per_time.valueChanged.connect(self._cost_per_time_changed)
        bottom = QHBoxLayout()
        bottom.addWidget(self.has_budget)
        bottom.addWidget(self.budget)
        time_row = QHBoxLayout()
        time_row.addWidget(QLabel(self.tr("cost per time unit:")))
        time_row.addWidget(self.cost_per_time)
        time_row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.enabled)
        layout.addLayout(top)
        axes = QLabel(self.tr("Rows: the true class. Columns: the class answered. Each cell: what that answer "
                              "costs for a case of that class."))
        axes.setWordWrap(True)
        layout.addWidget(axes)
        layout.addWidget(self.matrix)
        layout.addLayout(bottom)
        layout.addLayout(time_row)
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
        self.cost_per_time.setValue(spec.cost_per_time)
        self._loading = False

    def _fill(self, mc) -> None:
        k = len(self.classes)
        self.matrix.blockSignals(True)
        self.matrix.setRowCount(k)
        self.matrix.setColumnCount(k)
        self.matrix.setHorizontalHeaderLabels(list(self.classes))  # the axes are named above the table
        self.matrix.setVerticalHeaderLabels(list(self.classes))
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
            value = math.nan
        if not math.isfinite(value):  # text, "1e400", "nan": not a cost; the matrix keeps its value
            item.setToolTip(self.tr("Not a number: this cost is not changed"))
            return
        item.setToolTip("")
        if not (0 <= item.row() < len(self.classes) and 0 <= item.column() < len(self.classes)):
            return
        mc = self.spec.misclassification_costs
        index = {c: i for i, c in enumerate(mc.labels)}
        n = len(mc.labels)
        fits = all(c in index for c in self.classes) and len(mc.matrix) == n and \
            all(isinstance(row, list) and len(row) == n for row in mc.matrix)
        if fits:
            mc.matrix[index[self.classes[item.row()]]][index[self.classes[item.column()]]] = value
        else:  # a matrix (from a file) that does not fit the classes: it becomes the one shown, edited
            self.spec.misclassification_costs = CostMatrix(list(self.classes), self._shown())
        self.changed.emit()

    def _shown(self) -> list[list[float]]:
        """The matrix as the table shows it (a cell that is not a number: the default cost)."""
        k = len(self.classes)
        out = []
        for i in range(k):
            row = []
            for j in range(k):
                item = self.matrix.item(i, j)
                try:
                    value = float(item.text()) if item is not None else math.nan
                except ValueError:
                    value = math.nan
                row.append(value if math.isfinite(value) else float(i != j))
            out.append(row)
        return out

    def _cost_per_time_changed(self, value: float) -> None:
        if self._loading or self.spec is None:
            return
        self.spec.cost_per_time = float(value)
        self.changed.emit()

    def _budget_changed(self, *_) -> None:
        if self._loading or self.spec is None:
            return
        self.budget.setEnabled(self.has_budget.isChecked())
        self.spec.budget = float(self.budget.value()) if self.has_budget.isChecked() else None
        self.changed.emit()


def fuzzy_defaults() -> dict:
    """HFDT's Kohonen parameters as registered (k, learning_rate, epochs, seed): what the
    fuzzy terms are previewed with."""
    defaults = {p.name: p.default for p in algorithm("hfdt").params}
    return {key: defaults[key] for key in ("k", "learning_rate", "epochs", "seed")}


def preview_kwargs(defaults: dict) -> dict:
    return {"k": defaults["k"], "rate": defaults["learning_rate"], "epochs": defaults["epochs"],
            "seed": defaults["seed"]}


class FuzzyTermsEditor(QGroupBox):
    """A numeric attribute's fuzzy terms as the fuzzy learners make them from the loaded data
    (Kohonen centres with HFDT's parameters, or the user's fixed centres): their names,
    editable, and the membership functions over the values. A name typed is stored for the
    attribute (all its terms' names); "Default names" forgets them and the fixed centres."""

    changed = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setTitle(self.tr("Fuzzy terms (HFDT, fuzzy ID3, Min-Ambiguity)"))
        self.table = None
        self.spec = None
        self.defaults = fuzzy_defaults()
        self.current = None  # the engine's AttributeTerms on show
        self._loading = False
        self.attribute = QComboBox()
        self.attribute.setToolTip(self.tr("Numeric attributes; the fuzzy learners give each of them triangular "
                                          "terms"))
        self.attribute.currentTextChanged.connect(lambda _: self.refresh(new_attribute=True))
        self.k = QSpinBox()
        self.k.setRange(1, MAX_FUZZY_TERMS)
        self.k.setToolTip(self.tr("Terms the Kohonen map makes (HFDT's k). Train with the same k for these names "
                                  "to be used."))
        self.k.valueChanged.connect(self._k_changed)
        self.fixed = QCheckBox(self.tr("fixed centres"))
        self.fixed.setToolTip(self.tr("Use the centres in the table instead of the Kohonen map's (e.g. a clinical "
                                      "value for \"normal\")"))
        self.fixed.toggled.connect(self._fixed_toggled)
        reset = QPushButton(self.tr("Default names"))
        reset.setToolTip(self.tr("Forget this attribute's term names and fixed centres"))
        reset.clicked.connect(self.reset)
        self.terms = QTableWidget(0, 2)
        self.terms.setHorizontalHeaderLabels([self.tr("name"), self.tr("centre")])
        self.terms.horizontalHeader().setSectionResizeMode(0, QHeaderView.Stretch)
        self.terms.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeToContents)
        self.terms.verticalHeader().setDefaultSectionSize(24)
        self.terms.itemChanged.connect(self._item_changed)
        self.note = QLabel()
        self.note.setWordWrap(True)
        theme.style(self.note, "color: {}", theme.WARNING)
        self.source = QLabel()
        self.source.setWordWrap(True)
        theme.style(self.source, "color: {}", theme.MUTED)
        self.plot = MembershipPlot()
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Attribute:")))
        top.addWidget(self.attribute, 1)
        top.addWidget(QLabel("k:"))
        top.addWidget(self.k)
        top.addWidget(self.fixed)
        top.addWidget(reset)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.terms)
        layout.addWidget(self.source)
        layout.addWidget(self.note)
        layout.addWidget(self.plot, 1)

    # ---- filling ---------------------------------------------------------------

    def set_problem(self, table, spec) -> None:
        """The numeric attributes of `table` (the target left out), the shown one kept if it still is one."""
        self.table, self.spec = table, spec
        shown = self.attribute.currentText()
        names = [c.name for c in table.columns if c.name != spec.target and fuzzified(spec, table, c.name)]
        self._loading = True
        self.attribute.clear()
        self.attribute.addItems(names)
        if shown in names:
            self.attribute.setCurrentText(shown)
        self._loading = False
        self.refresh(new_attribute=True)

    def show_attribute(self, name: str) -> bool:
        """Show `name`'s terms (False: it has none, it is not numeric)."""
        if self.attribute.findText(name) < 0:
            return False
        self.attribute.setCurrentText(name)
        return True

    def name(self) -> str | None:
        return self.attribute.currentText() or None

    def settings(self):
        return self.spec.attribute(self.name())

    def refresh(self, new_attribute: bool = False) -> None:
        """Recompute the shown attribute's terms from the data and the settings; fill the table and
        the plot. A newly shown attribute starts at k = its number of names (or fixed centres),
        else HFDT's default k."""
        if self._loading or self.spec is None:
            return
        name = self.name()
        self.current = None
        if name is not None:
            s = self.settings()
            self._loading = True
            if new_attribute or s.fuzzy_centres is not None:
                k = len(s.fuzzy_centres) if s.fuzzy_centres else len(s.fuzzy_terms) if s.fuzzy_terms \
                    else self.defaults["k"]
                self.k.setValue(max(1, min(k, MAX_FUZZY_TERMS)))
            self.fixed.setChecked(s.fuzzy_centres is not None)
            self._loading = False
            kwargs = preview_kwargs(self.defaults) | {"k": self.k.value()}
            try:
                self.current = preview_terms(self.table, self.spec, name, **kwargs)
            except RuleTreeError as exc:  # e.g. typed numeric over a column of text: no terms, and why
                self.current = None
                self._fill()
                self.note.setText(self.tr("No fuzzy terms for {name}: {reason}.").format(name=name,
                                                                                          reason=exc.message))
                self.note.setVisible(True)
                return
        self._fill()

    def _fill(self) -> None:
        terms = self.current
        self._loading = True
        self.terms.setRowCount(0 if terms is None else len(terms.centres))
        if terms is not None:
            own = self.settings().fuzzy_terms
            named = own is not None and len(own) == len(terms.centres)
            for i, centre in enumerate(terms.centres):
                name = QTableWidgetItem(own[i] if named else terms.names[i])
                if not named:  # a default name, shown in grey until the user names the terms
                    name.setForeground(theme.tone(*theme.MUTED))
                    font = QFont(name.font())
                    font.setItalic(True)
                    name.setFont(font)
                self.terms.setItem(i, 0, name)
                value = QTableWidgetItem(format(float(centre), ".6g"))
                value.setTextAlignment(Qt.AlignRight | Qt.AlignVCenter)
                if not terms.fixed:
                    value.setFlags(Qt.ItemIsEnabled)
                    value.setToolTip(self.tr("the Kohonen map's centre; tick \"fixed centres\" to set your own"))
                    value.setForeground(theme.tone(*theme.MUTED))
                self.terms.setItem(i, 1, value)
            self.plot.set_terms(terms.values, terms.centres, terms.names, terms.name)
        else:
            self.plot.set_terms([], [], [], "")
        self.terms.setFixedHeight(self.terms.horizontalHeader().height() + 24 * max(1, self.terms.rowCount()) + 4)
        self.source.setText(self._source_text())
        self.note.setText("" if terms is None or terms.note is None
                          else self.tr("Not used: {reason}.").format(reason=terms.note))
        self.note.setVisible(bool(self.note.text()))
        self._loading = False

    def _source_text(self) -> str:
        terms = self.current
        if terms is None:
            return self.tr("No numeric attribute: the fuzzy learners keep one crisp term per value.") \
                if self.spec else ""
        if terms.fixed:
            return self.tr("Your fixed centres; {count} known values below.").format(count=len(terms.values))
        d = self.defaults
        return self.tr("Centres from the Kohonen map of the {count} known values (k = {k}, learning rate {rate}, "
                       "{epochs} epochs, seed {seed}): the terms HFDT makes when trained on all rows.").format(
            count=len(terms.values), k=self.k.value(), rate=format(d["learning_rate"], "g"), epochs=d["epochs"],
            seed=d["seed"])

    # ---- edits -----------------------------------------------------------------

    def set_names(self, names: list[str]) -> None:
        """Name the shown attribute's terms, as if typed into the table (one name per row)."""
        for i, text in enumerate(names):
            self.terms.item(i, 0).setText(text)

    def _item_changed(self, item) -> None:
        if self._loading or self.current is None:
            return
        s = self.settings()
        if item.column() == 0:
            names = [self.terms.item(i, 0).text().strip() for i in range(self.terms.rowCount())]
            self.spec.set_attribute(self.name(), fuzzy_terms=names)  # the checks name an empty or repeated one
            self.current.names, self.current.note = list(names), None
            self._loading = True
            font = QFont(item.font())
            font.setItalic(False)
            for i in range(self.terms.rowCount()):  # every name is the user's now, not only the one typed
                cell = self.terms.item(i, 0)
                cell.setForeground(self.terms.palette().text().color())
                cell.setFont(font)
            self._loading = False
            self.plot.set_names(names)
            self.note.setVisible(False)
        else:
            centres = list(s.fuzzy_centres or [float(c) for c in self.current.centres])
            row, text = item.row(), item.text().strip()
            try:
                value = float(text.replace(",", "."))
            except ValueError:
                value = float("nan")
            low = centres[row - 1] if row > 0 else -float("inf")
            high = centres[row + 1] if row + 1 < len(centres) else float("inf")
            if not low < value < high:  # NaN (not a number) fails too
                self._fill()  # back to the centre it was, and say why
                self.note.setText(self._centre_refused(text, format(low, ".6g") if row > 0 else None,
                                                       format(high, ".6g") if row + 1 < len(centres) else None))
                self.note.setVisible(True)
                return
            centres[row] = value
            self.spec.set_attribute(self.name(), fuzzy_centres=centres)
            self.refresh()
        self.changed.emit()

    def _centre_refused(self, text: str, low: str | None, high: str | None) -> str:
        """Why `text` is not a centre between its neighbours `low` and `high` (None: no such neighbour)."""
        if low is not None and high is not None:
            message = self.tr('"{text}" is not a centre here: the centres increase, so it must be a number above '
                              "{low} and below {high}.")
        elif low is not None:
            message = self.tr('"{text}" is not a centre here: the centres increase, so it must be a number above '
                              "{low}.")
        elif high is not None:
            message = self.tr('"{text}" is not a centre here: the centres increase, so it must be a number below '
                              "{high}.")
        else:
            message = self.tr('"{text}" is not a centre here: the centres increase, so it must be a number that '
                              "is finite.")
        return message.format(text=text, low=low, high=high)

    def _k_changed(self, k: int) -> None:
        if self._loading or self.current is None:
            return
        s = self.settings()
        if s.fuzzy_centres is not None:
            s.fuzzy_centres = self._kohonen_centres(k) or s.fuzzy_centres
            k = len(s.fuzzy_centres)  # fewer when centres met
        if s.fuzzy_terms is not None:  # keep the names typed; new terms take the default names of k terms
            defaults = term_names(k)
            s.fuzzy_terms = [s.fuzzy_terms[i] if i < len(s.fuzzy_terms) else defaults[i] for i in range(k)]
        self.refresh()
        self.changed.emit()

    def _fixed_toggled(self, on: bool) -> None:
        if self._loading or self.current is None:
            return
        centres = self._kohonen_centres(self.k.value()) if on else None
        if centres == []:  # no known value to start from
            self.refresh()
            return
        self.spec.set_attribute(self.name(), fuzzy_centres=centres)
        self.refresh()
        self.changed.emit()

    def _kohonen_centres(self, k: int) -> list[float]:
        """The Kohonen map's k centres of the shown attribute, to 6 significant digits (as shown)."""
        values, j = learning_values(self.table, self.spec, self.name())
        centres = kohonen_centres(values, k, self.defaults["learning_rate"], self.defaults["epochs"],
                                  self.defaults["seed"] + j)
        rounded = [float(format(float(c), ".6g")) for c in centres]
        exact = len(set(rounded)) < len(rounded)
        return [float(c) for c in centres] if exact else rounded

    def reset(self) -> None:
        if self.name() is None:
            return
        self.spec.set_attribute(self.name(), fuzzy_terms=None, fuzzy_centres=None)
        self._loading = True
        self.k.setValue(self.defaults["k"])
        self._loading = False
        self.refresh()
        self.changed.emit()
