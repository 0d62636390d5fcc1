"""Problem: target, class order, and per attribute use, type, monotone direction,
costs, prerequisite, order and fuzzy terms; every edit is validated by the engine
and the messages are shown beside the form, with warnings that do not stop
training (term names the fuzzy learners would not use). Hierarchy, batch groups,
the cost matrix and a numeric attribute's fuzzy terms (names, centres, membership
functions drawn) have their own editors beside the table."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QT_TRANSLATE_NOOP, Qt, Signal
from PySide6.QtWidgets import (QAbstractItemView, QAbstractSpinBox, QCheckBox, QComboBox, QDoubleSpinBox,
                               QFormLayout, QHBoxLayout, QLabel, QLineEdit, QListWidget, QListWidgetItem, QPushButton,
                               QSplitter, QTableWidget, QTableWidgetItem, QTabWidget, QVBoxLayout, QWidget)

from engine.algorithms.fuzzify import fuzzy_term_warnings
from engine.data.spec import ProblemSpec, check, class_labels, fuzzified

from ..widgets.problem_editors import BatchGroupEditor, CostEditor, FuzzyTermsEditor, HierarchyEditor, preview_kwargs
from .. import theme

#: an attribute's type as the spec stores it (None: as inferred) and as the combo box shows it (translated)
TYPES = [(None, QT_TRANSLATE_NOOP("ProblemPanel", "(inferred)")),
         ("numeric", QT_TRANSLATE_NOOP("ProblemPanel", "numeric")),
         ("ordinal", QT_TRANSLATE_NOOP("ProblemPanel", "ordinal")),
         ("nominal", QT_TRANSLATE_NOOP("ProblemPanel", "nominal"))]
#: monotone directions: the spec's key and the text shown (translated)
DIRECTIONS = [("none", QT_TRANSLATE_NOOP("ProblemPanel", "none")),
              ("increasing", QT_TRANSLATE_NOOP("ProblemPanel", "increasing")),
              ("decreasing", QT_TRANSLATE_NOOP("ProblemPanel", "decreasing"))]
COST_COLUMNS = ("test_cost", "wait_time", "wait_cost")
COLUMNS = [QT_TRANSLATE_NOOP("ProblemPanel", "attribute"), QT_TRANSLATE_NOOP("ProblemPanel", "use"),
           QT_TRANSLATE_NOOP("ProblemPanel", "type"), QT_TRANSLATE_NOOP("ProblemPanel", "monotone"),
           QT_TRANSLATE_NOOP("ProblemPanel", "test cost\n(cost units)"),
           QT_TRANSLATE_NOOP("ProblemPanel", "wait time\n(time units)"),
           QT_TRANSLATE_NOOP("ProblemPanel", "wait cost\n(cost units)"), QT_TRANSLATE_NOOP("ProblemPanel", "prerequisite"),
           QT_TRANSLATE_NOOP("ProblemPanel", "order"), QT_TRANSLATE_NOOP("ProblemPanel", "fuzzy terms")]
COLUMN_TIPS = [QT_TRANSLATE_NOOP("ProblemPanel", "The attribute (column of the data)"),
               QT_TRANSLATE_NOOP("ProblemPanel", "Use it for learning"),
               QT_TRANSLATE_NOOP("ProblemPanel", "How its values are read"),
               QT_TRANSLATE_NOOP("ProblemPanel",
                                 "Ordered classes: the class may only rise (increasing) or fall (decreasing) with it"),
               QT_TRANSLATE_NOOP("ProblemPanel",
                                 "What testing it costs (a batch member's includes its group's common cost)"),
               QT_TRANSLATE_NOOP("ProblemPanel", "How long its result takes, in time units (each costs the cost per "
                                                 "time unit set under the cost matrix)"),
               QT_TRANSLATE_NOOP("ProblemPanel", "A situational waiting cost"),
               QT_TRANSLATE_NOOP("ProblemPanel", "An attribute that must be known before this one can be tested"),
               QT_TRANSLATE_NOOP("ProblemPanel",
                                 "An ordinal attribute's values from lowest to highest, separated by commas"),
               QT_TRANSLATE_NOOP("ProblemPanel",
                                 "The names of its fuzzy terms (fuzzy learners); click to edit and see them")]
FUZZY_COLUMN = 9
NO_POSITIVE = QT_TRANSLATE_NOOP("ProblemPanel", "(none: every class for itself)")
#: compact widths (pixels) of the columns after the name, so the whole table fits beside the
#: editors at 1400 x 900; the name column takes what it needs up to NAME_WIDTH
COLUMN_WIDTHS = {1: 34, 2: 92, 3: 100, 4: 62, 5: 62, 6: 62, 7: 104, 8: 100, 9: 96}
NAME_WIDTH = 140


def _translate(text: str) -> str:
    return QCoreApplication.translate("ProblemPanel", text)


def _index_of(box: QComboBox, key) -> int:
    """The index of the item whose data is `key` (None, or a key not there: the first item)."""
    index = box.findData(key) if key is not None else 0
    return max(index, 0)


class ProblemPanel(QWidget):
    changed = Signal()  # the settings were edited (already stored in self.spec)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.table = None
        self.spec = ProblemSpec()
        self._loading = False
        self.target = QComboBox()
        self.target.currentTextChanged.connect(self._target_changed)
        self.ordered = QCheckBox(self.tr("ordered classes (drag to set the order, lowest first)"))
        self.ordered.toggled.connect(self._order_changed)
        self.classes = QListWidget()
        self.classes.setDragDropMode(QAbstractItemView.InternalMove)
        self.classes.model().rowsMoved.connect(lambda *a: self._order_changed())
        self.classes.setMaximumHeight(140)
        self.attributes = QTableWidget(0, len(COLUMNS))
        self.attributes.setHorizontalHeaderLabels([_translate(c) for c in COLUMNS])
        for j, tip in enumerate(COLUMN_TIPS):
            self.attributes.horizontalHeaderItem(j).setToolTip(_translate(tip))
        self.attributes.horizontalHeader().setStretchLastSection(True)
        self.attributes.verticalHeader().setVisible(False)
        self.attributes.currentCellChanged.connect(lambda row, *_: self._row_chosen(row))
        self.problems = QListWidget()
        self.problems.setObjectName("problems")
        self.problems.itemClicked.connect(self._problem_clicked)
        form = QFormLayout()
        form.addRow(self.tr("Target column:"), self.target)
        form.addRow(self.ordered)
        form.addRow(self.tr("Classes:"), self.classes)
        self.positive = QComboBox()
        self.positive.setToolTip(self.tr("The class that the two-class learners (trichotomy, Fisher LDA) separate "
                                         "from all the others; with two classes they may be left as they are"))
        self.positive.currentIndexChanged.connect(self._positive_changed)
        form.addRow(self.tr("Positive class:"), self.positive)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.addLayout(form)
        left_layout.addWidget(QLabel(self.tr("Attributes:")))
        left_layout.addWidget(self.attributes, 1)
        self.hierarchy = HierarchyEditor()
        self.batches = BatchGroupEditor()
        self.costs = CostEditor()
        self.fuzzy = FuzzyTermsEditor()
        for editor in (self.hierarchy, self.batches, self.costs):
            editor.changed.connect(self._edited)
        self.fuzzy.changed.connect(self._fuzzy_edited)
        self.editors = editors = QTabWidget()
        editors.addTab(self.costs, self.tr("Costs"))
        editors.addTab(self.batches, self.tr("Batch groups"))
        editors.addTab(self.hierarchy, self.tr("Hierarchy"))
        editors.addTab(self.fuzzy, self.tr("Fuzzy terms"))
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.addWidget(editors, 3)
        right_layout.addWidget(QLabel(self.tr("Checks:")))
        right_layout.addWidget(self.problems, 1)
        split = QSplitter(Qt.Horizontal)
        split.addWidget(left)
        split.addWidget(right)
        split.setStretchFactor(0, 5)  # the attribute table gets the larger share, at any window size
        split.setStretchFactor(1, 3)
        split.setSizes([860, 520])
        layout = QHBoxLayout(self)
        layout.addWidget(split)

    # ---- filling the form --------------------------------------------------

    def set_problem(self, table, spec: ProblemSpec) -> None:
        self._loading = True
        self.table, self.spec = table, spec
        names = [c.name for c in table.columns]
        self.target.clear()
        self.target.addItems(names)
        if spec.target in names:
            self.target.setCurrentText(spec.target)
        else:
            spec.target = names[-1] if names else None
            self.target.setCurrentIndex(len(names) - 1)
        self._fill_classes()
        self._fill_attributes()
        self._fill_editors()
        self._loading = False
        self.validate()

    def class_list(self) -> list[str]:
        return [self.classes.item(i).text() for i in range(self.classes.count())]

    def _fill_editors(self) -> None:
        classes = self.class_list()
        self.hierarchy.set_spec(self.spec, classes)
        self.batches.set_spec(self.spec)
        self.costs.set_spec(self.spec, classes)
        self.fuzzy.set_problem(self.table, self.spec)

    def _fill_classes(self) -> None:
        self.classes.clear()
        if self.table is None or self.spec.target is None:
            return
        found = class_labels(self.table, self.spec.target)
        order = self.spec.class_order
        items = list(order) + [c for c in found if c not in set(order)] if order else found
        for label in items:
            QListWidgetItem(label, self.classes)
        self.ordered.blockSignals(True)
        self.ordered.setChecked(order is not None)
        self.ordered.blockSignals(False)
        self.positive.blockSignals(True)
        self.positive.clear()
        self.positive.addItem(_translate(NO_POSITIVE), None)
        for label in items:
            self.positive.addItem(label, label)
        index = self.positive.findData(self.spec.positive_class) if self.spec.positive_class is not None else 0
        self.positive.setCurrentIndex(max(index, 0))
        self.positive.blockSignals(False)

    def _positive_changed(self) -> None:
        if self._loading:
            return
        self.spec.positive_class = self.positive.currentData()
        self._edited()

    def _fill_attributes(self) -> None:
        names = [c.name for c in self.table.columns if c.name != self.spec.target]
        self.attributes.setRowCount(len(names))
        for row, name in enumerate(names):
            s = self.spec.attribute(name)
            item = QTableWidgetItem(name)
            item.setFlags(Qt.ItemIsEnabled | Qt.ItemIsSelectable)  # selected: its fuzzy terms are shown
            self.attributes.setItem(row, 0, item)
            use = QCheckBox()
            use.setChecked(s.use)
            use.toggled.connect(lambda v, n=name: self._set(n, use=v))
            self.attributes.setCellWidget(row, 1, use)
            kind = QComboBox()  # shown translated, the spec's key in each item's data
            for key, text in TYPES:
                kind.addItem(_translate(text), key)
            kind.setCurrentIndex(_index_of(kind, s.type))
            kind.currentIndexChanged.connect(lambda i, n=name, w=kind: self._set(n, type=w.itemData(i)))
            self.attributes.setCellWidget(row, 2, kind)
            mono = QComboBox()
            for key, text in DIRECTIONS:
                mono.addItem(_translate(text), key)
            mono.setCurrentIndex(_index_of(mono, s.monotone))
            mono.currentIndexChanged.connect(lambda i, n=name, w=mono: self._set(n, monotone=w.itemData(i)))
            self.attributes.setCellWidget(row, 3, mono)
            for col, key in enumerate(COST_COLUMNS, start=4):
                box = QDoubleSpinBox()
                box.setRange(0.0, 1e9)
                box.setDecimals(2)
                box.setButtonSymbols(QAbstractSpinBox.NoButtons)  # typed; arrows would take half the width
                box.setValue(getattr(s, key))
                box.valueChanged.connect(lambda v, n=name, k=key: self._set(n, **{k: float(v)}))
                self.attributes.setCellWidget(row, col, box)
            pre = QComboBox()  # "(none)" translated, the attributes' names as they are (data None: none)
            pre.addItem(self.tr("(none)"), None)
            for other in names:
                if other != name:
                    pre.addItem(other, other)
            pre.setCurrentIndex(_index_of(pre, s.prerequisite))
            pre.currentIndexChanged.connect(lambda i, n=name, w=pre: self._set(n, prerequisite=w.itemData(i)))
            self.attributes.setCellWidget(row, 7, pre)
            order = QLineEdit(", ".join(s.order) if s.order else "")
            info = self.table.column(name)
            order.setPlaceholderText(", ".join(info.values[:6]) if info.values else self.tr("numbers keep their order"))
            order.setToolTip(self.tr("Values of an ordinal attribute from lowest to highest, separated by commas"))
            order.editingFinished.connect(lambda n=name, w=order: self._order_edited(n, w))
            self.attributes.setCellWidget(row, 8, order)
            self._fill_fuzzy_cell(row, name)
        self.attributes.resizeColumnsToContents()
        self.attributes.setColumnWidth(0, min(self.attributes.columnWidth(0), NAME_WIDTH))
        metrics = self.attributes.horizontalHeader().fontMetrics()
        for j, width in COLUMN_WIDTHS.items():  # wider only where a (translated) header would be cut off
            text = self.attributes.horizontalHeaderItem(j).text()  # a header of two lines: its longer line
            header = max(metrics.horizontalAdvance(line) for line in text.split("\n")) + 6
            self.attributes.setColumnWidth(j, max(width, header))

    def _fill_fuzzy_cell(self, row: int, name: str) -> None:
        """A numeric attribute's term names (its own, or "default"); a click opens its fuzzy terms."""
        if not fuzzified(self.spec, self.table, name):
            self.attributes.removeCellWidget(row, FUZZY_COLUMN)
            item = QTableWidgetItem("")
            item.setFlags(Qt.ItemIsEnabled)
            self.attributes.setItem(row, FUZZY_COLUMN, item)
            return
        names = self.spec.attribute(name).fuzzy_terms
        button = self.attributes.cellWidget(row, FUZZY_COLUMN)
        if not isinstance(button, QPushButton):
            button = QPushButton()
            button.setFlat(True)
            button.setStyleSheet("text-align: left; padding: 0 4px")
            button.setToolTip(self.tr("Name the fuzzy terms and see their membership functions"))
            button.clicked.connect(lambda _=False, n=name: self.edit_fuzzy_terms(n))
            self.attributes.setCellWidget(row, FUZZY_COLUMN, button)
        button.setText(", ".join(names) if names else self.tr("default names"))

    def edit_fuzzy_terms(self, name: str) -> None:
        """Open the fuzzy terms of attribute `name` beside the table (its row selected)."""
        if self.fuzzy.show_attribute(name):
            self.editors.setCurrentWidget(self.fuzzy)
            self.attributes.setCurrentCell(self.attribute_row(name), 0)

    # ---- edits -----------------------------------------------------------

    def attribute_row(self, name: str) -> int:
        for row in range(self.attributes.rowCount()):
            if self.attributes.item(row, 0).text() == name:
                return row
        raise KeyError(name)

    def _row_of(self, name: str) -> int | None:
        """The row of attribute `name`, None when the table shown has no such attribute."""
        try:
            return self.attribute_row(name)
        except KeyError:
            return None

    def _order_edited(self, name: str, editor: QLineEdit) -> None:
        """An order typed; an editor of rows since rebuilt (another file or target: its focus
        leaves as it goes, and Qt says its editing finished) changes nothing."""
        row = self._row_of(name)
        if row is None or self.attributes.cellWidget(row, 8) is not editor:
            return
        self._set(name, order=[v.strip() for v in editor.text().split(",") if v.strip()] or None)

    def _set(self, name: str, **changes) -> None:
        if self._loading:
            return
        row = self._row_of(name)
        if row is None:  # an editor of a table no longer shown: not this problem's attribute
            return
        self.spec.set_attribute(name, **changes)
        if {"use", "type", "order"} & set(changes):  # what is fuzzified, and each one's Kohonen seed
            self._fill_fuzzy_cell(row, name)
            self.fuzzy.set_problem(self.table, self.spec)
        self._edited()

    def _row_chosen(self, row: int) -> None:
        item = self.attributes.item(row, 0) if row >= 0 else None
        if item is not None and not self._loading:
            self.fuzzy.show_attribute(item.text())

    def _fuzzy_edited(self) -> None:
        name = self.fuzzy.name()
        row = self._row_of(name) if name is not None else None
        if row is not None:
            self._fill_fuzzy_cell(row, name)
        self._edited()

    def _target_changed(self, name: str) -> None:
        if self._loading or not name:
            return
        self.spec.target = name
        self.spec.class_order = None
        self.spec.positive_class = None
        self._loading = True
        self._fill_classes()
        self._fill_attributes()
        self.spec.misclassification_costs = None
        self.spec.hierarchy = None
        self._fill_editors()
        self._loading = False
        self._edited()

    def _order_changed(self) -> None:
        if self._loading:
            return
        if self.ordered.isChecked():
            self.spec.class_order = [self.classes.item(i).text() for i in range(self.classes.count())]
        else:
            self.spec.class_order = None
        self._loading = True
        self.costs.set_spec(self.spec, self.class_list())  # its rows and columns follow the class order
        self._loading = False
        self._edited()

    def _edited(self) -> None:
        self.validate()
        self.changed.emit()

    def validate(self) -> list:
        self.problems.clear()
        if self.table is None:
            return []
        problems = check(self.spec, self.table)
        for p in problems:
            self.problems.addItem(self._problem_item(p))
        if not problems:
            self.problems.addItem(self.tr("The problem settings are valid."))
        for p in fuzzy_term_warnings(self.table, self.spec, **preview_kwargs(self.fuzzy.defaults)):
            item = self._problem_item(p, warning=True)
            item.setForeground(theme.tone(*theme.WARNING))
            self.problems.addItem(item)
        return problems

    @staticmethod
    def _problem_item(p, warning: bool = False) -> QListWidgetItem:
        """A problem in the window's words ('Attribute "性别", monotone direction: ...'); clicking
        it shows the attribute it is about (its name kept in the item's data). Where and what
        (p.words, p.message) are the engine's, in its language."""
        words = p.words
        if warning:
            text = QCoreApplication.translate("ProblemPanel", "Warning: {where}: {message}").format(
                where=words, message=p.message)
        else:
            text = QCoreApplication.translate("ProblemPanel", "{where}: {message}").format(
                where=words[:1].upper() + words[1:], message=p.message)
        item = QListWidgetItem(text)
        item.setData(Qt.UserRole, p.attribute)
        if p.attribute is not None:
            item.setToolTip(QCoreApplication.translate("ProblemPanel", "Click to show this attribute in the table"))
        return item

    def _problem_clicked(self, item: QListWidgetItem) -> None:
        name = item.data(Qt.UserRole)
        if name is None:
            return
        try:
            row = self.attribute_row(name)
        except KeyError:
            return
        self.attributes.setCurrentCell(row, 0)
        self.attributes.scrollToItem(self.attributes.item(row, 0))
        self.attributes.setFocus()
