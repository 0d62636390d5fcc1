"""Rules: a sortable, filterable table of IF-THEN rules, exported to Excel by the engine."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QSortFilterProxyModel, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QHBoxLayout, QHeaderView, QLabel, QLineEdit, QPushButton, QTableView, QVBoxLayout, QWidget

from engine.data.hierarchy import label_members
from engine.tree.describe import label_text
from engine.tree.rules import extract_rules, rule_conditions
from engine.trust.intervals import interval_text, level_text, rule_trust, trust_tooltip

#: the columns (keys of cell_text; their headers are translated where shown, context "RulesPanel")
HEADERS = ["#", QT_TRANSLATE_NOOP("RulesPanel", "IF"), QT_TRANSLATE_NOOP("RulesPanel", "THEN"),
           QT_TRANSLATE_NOOP("RulesPanel", "support"), QT_TRANSLATE_NOOP("RulesPanel", "confidence"),
           QT_TRANSLATE_NOOP("RulesPanel", "coverage"), QT_TRANSLATE_NOOP("RulesPanel", "interval"),
           QT_TRANSLATE_NOOP("RulesPanel", "few cases")]
#: the interval column's header as shown: its confidence level (issue 39)
INTERVAL_HEADER = QT_TRANSLATE_NOOP("RulesPanel", "{level} % interval")
#: the flag's colour in the few-cases column
FLAG_COLOUR = "#b45309"


def cell_text(column: str, value) -> str:
    """support is a training weight (whole cases as whole numbers: "3", "0"); confidence and
    coverage are shares, shown as percentages as in the exported workbook; an empty leaf has
    no confidence ("–")."""
    if value is None:
        return "–" if column == "confidence" else ""
    if column == "support":
        return f"{value:g}" if float(value).is_integer() else f"{value:.2f}"
    if column in ("confidence", "coverage"):
        return f"{100 * value:.1f} %"
    if isinstance(value, float):
        return f"{value:.3f}"
    return str(value)


#: why an empty leaf has no confidence (its cell's tooltip)
EMPTY_LEAF = QT_TRANSLATE_NOOP("RulesPanel", "No training case reached this leaf: it answers the commonest class of "
                               "the node above, so there is nothing to measure its confidence on.")


class RulesPanel(QWidget):
    export_requested = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.model = QStandardItemModel(0, len(HEADERS))
        self.trusts = []  # each shown rule's engine.trust.intervals.LeafTrust
        self.model.setHorizontalHeaderLabels([self.tr(h) for h in HEADERS])
        self.model.setHorizontalHeaderItem(6, QStandardItem(self.tr(INTERVAL_HEADER).format(level="95")))
        self.proxy = QSortFilterProxyModel()
        self.proxy.setSourceModel(self.model)
        self.proxy.setFilterKeyColumn(-1)
        self.proxy.setFilterCaseSensitivity(Qt.CaseInsensitive)
        self.proxy.setSortRole(Qt.UserRole)
        self.view = QTableView()
        self.view.setModel(self.proxy)
        self.view.setSortingEnabled(True)
        self.view.sortByColumn(0, Qt.AscendingOrder)  # Qt's header starts descending: rule 1 first
        self.view.verticalHeader().hide()  # the # column numbers the rules
        self.view.horizontalHeader().setSectionResizeMode(1, QHeaderView.Stretch)
        self.filter = QLineEdit()
        self.filter.setPlaceholderText(self.tr("filter rules (any text)"))
        self.filter.textChanged.connect(self.proxy.setFilterFixedString)
        self.count = QLabel("")
        self.export_button = QPushButton(self.tr("Export to Excel..."))
        self.export_button.clicked.connect(self.export_requested)
        self.export_button.setEnabled(False)
        top = QHBoxLayout()
        top.addWidget(self.filter, 1)
        top.addWidget(self.count)
        top.addWidget(self.export_button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.view)

    def _trust_item(self, column: str, t) -> QStandardItem:
        """The interval's cell ("81–97 %", sorted by its low end) or the flag's ("few cases", sorted
        flagged first); both say why in their tooltip."""
        if column == "interval":
            item = QStandardItem(interval_text(t) or "–")
            item.setData(-1.0 if t.low is None else t.low, Qt.UserRole)
        else:
            item = QStandardItem(self.tr("few cases") if t.few_cases else "")
            item.setData(1.0 if t.few_cases else 0.0, Qt.UserRole)
            if t.few_cases:
                item.setForeground(QBrush(QColor(FLAG_COLOUR)))
        tip = trust_tooltip(t)
        if tip:
            item.setToolTip(tip)
        item.setEditable(False)
        item.setTextAlignment(Qt.AlignRight | Qt.AlignVCenter if column == "interval" else Qt.AlignCenter)
        return item

    def clear(self) -> None:
        """No model of this data yet: no rules shown."""
        self._drop_stability()
        self._rules_of = (None, [])
        self.model.removeRows(0, self.model.rowCount())
        self.count.setText("")
        self.export_button.setEnabled(False)

    def show_rules(self, tree, hierarchy: dict | None = None, trust=None) -> None:
        """The tree's rules; with the problem's class `hierarchy`, a rule answering a coarser label
        gets the confidence of that label's classes; each rule's interval of its confidence and its
        "few cases" flag under the problem's `trust` settings (engine.trust.intervals)."""
        self._drop_stability()
        self.model.removeRows(0, self.model.rowCount())
        rules = extract_rules(tree, members=label_members(tree.labels, tree.schema.classes, hierarchy))
        self._rules_of = (tree, [r.leaf for r in rules])  # the tree and each row's leaf (show_stability)
        self.trusts = [rule_trust(tree, r, trust) for r in rules]
        level = level_text(trust.confidence_level) if trust is not None else "95"
        self.model.setHorizontalHeaderItem(6, QStandardItem(self.tr(INTERVAL_HEADER).format(level=level)))
        for k, (r, t) in enumerate(zip(rules, self.trusts), start=1):
            values = [k, rule_conditions(tree, r), label_text(tree, r.label), r.support,
                      r.confidence, r.coverage, t, t]
            row = []
            for column, v in enumerate(values):
                if column >= 6:
                    row.append(self._trust_item(HEADERS[column], v))
                    continue
                item = QStandardItem(cell_text(HEADERS[column], v))
                item.setData(-1.0 if v is None else v, Qt.UserRole)
                item.setEditable(False)
                if column == 1:
                    item.setToolTip(str(v))  # a long rule is cut in its cell: whole here
                if HEADERS[column] == "confidence" and v is None:
                    item.setToolTip(self.tr(EMPTY_LEAF))
                if column >= 3:
                    item.setTextAlignment(Qt.AlignRight | Qt.AlignVCenter)
                row.append(item)
            self.model.appendRow(row)
        header = self.view.horizontalHeader()
        for column in (0, 2, 3, 4, 5, 6, 7):
            self.view.resizeColumnToContents(column)
            header.resizeSection(column, max(header.sectionSize(column), 64))
        self.count.setText(self.tr("{count} rules").format(count=len(rules)))
        self.export_button.setEnabled(bool(rules))

    # ---- stability (issue 39) -------------------------------------------------------------

    #: the stability column's header and tooltip
    STABILITY = QT_TRANSLATE_NOOP("RulesPanel", "stability")
    STABILITY_TIP = QT_TRANSLATE_NOOP("RulesPanel", "The least stability of the splits on the rule's path: the share "
                                      "of {B} bootstrap models that make the same splits down to its leaf (the Tree "
                                      "tab's \"show stability\")")

    def _drop_stability(self) -> None:
        column = getattr(self, "_stability_column", None)
        if column is not None:
            self.model.removeColumn(column)
        self._stability_column = None

    def show_stability(self, tree, report) -> None:
        """A last column: each rule's stability, the least share of the splits on its path
        (engine.trust.stability.StabilityReport.rule_share); for the rules of `tree` only."""
        shown, leaves = getattr(self, "_rules_of", (None, []))
        if tree is not shown:
            return
        self._drop_stability()
        column = self._stability_column = self.model.columnCount()
        self.model.setColumnCount(column + 1)
        header = QStandardItem(self.tr(self.STABILITY))
        header.setToolTip(self.tr(self.STABILITY_TIP).format(B=report.B))
        self.model.setHorizontalHeaderItem(column, header)
        for row, leaf in enumerate(leaves):
            share = report.rule_share(tree, leaf)
            item = QStandardItem("–" if share is None else f"{100 * share:.0f} %")
            item.setData(-1.0 if share is None else share, Qt.UserRole)
            item.setEditable(False)
            item.setTextAlignment(Qt.AlignRight | Qt.AlignVCenter)
            self.model.setItem(row, column, item)
        self.view.resizeColumnToContents(column)
