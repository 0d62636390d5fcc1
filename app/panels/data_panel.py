"""Data: the sheet picker, the table itself (virtual), and what was inferred per column."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QComboBox, QHBoxLayout, QHeaderView, QLabel, QSplitter, QTableView,
                               QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget)

from ..models.table_model import TableModel


class DataPanel(QWidget):
    sheet_chosen = Signal(str)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.summary = QLabel("No data yet: File > Open data or Open project.")
        self.sheet = QComboBox()
        self.sheet.setToolTip("Workbook sheet")
        self.sheet.activated.connect(lambda _: self.sheet_chosen.emit(self.sheet.currentText()))
        top = QHBoxLayout()
        top.addWidget(self.summary, 1)
        top.addWidget(QLabel("Sheet:"))
        top.addWidget(self.sheet)
        # what reading found (text among numbers, a title row skipped, another sheet read...):
        # in plain sight, not in a tooltip
        self.banner = QLabel("")
        self.banner.setWordWrap(True)
        self.banner.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.banner.setStyleSheet("QLabel { background: #fff4e5; color: #663c00; border: 1px solid #ffb74d; "
                                  "border-radius: 4px; padding: 6px; }")
        self.banner.setVisible(False)
        self.model = TableModel()
        self.view = QTableView()
        self.view.setModel(self.model)
        self.view.horizontalHeader().setDefaultSectionSize(110)
        self.columns = QTableWidget(0, 5)
        self.columns.setHorizontalHeaderLabels(["column", "type", "missing", "distinct", "values"])
        self.columns.horizontalHeader().setSectionResizeMode(4, QHeaderView.Stretch)
        self.columns.setEditTriggers(QTableWidget.NoEditTriggers)
        split = QSplitter(Qt.Vertical)
        split.addWidget(self.view)
        split.addWidget(self.columns)
        split.setSizes([420, 200])
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.banner)
        layout.addWidget(split)

    def show_table(self, table) -> None:
        name = table.file.replace("\\", "/").rsplit("/", 1)[-1]
        where = f'{name}, sheet "{table.sheet}"' if table.sheet else name
        extra = f"; {len(table.warnings)} warning(s)" if table.warnings else ""
        self.summary.setText(f"{where}: {table.n_rows:,} rows, {len(table.columns)} columns{extra}")
        self.summary.setToolTip("\n".join(table.warnings))
        shown = table.warnings[:6]
        more = f"\n... and {len(table.warnings) - 6} more (hover the summary above)" if len(table.warnings) > 6 else ""
        self.banner.setText("\n".join(f"Warning: {w}" for w in shown) + more)
        self.banner.setVisible(bool(table.warnings))
        self.sheet.blockSignals(True)
        self.sheet.clear()
        self.sheet.addItems(table.sheets)
        if table.sheet:
            self.sheet.setCurrentText(table.sheet)
        self.sheet.setEnabled(len(table.sheets) > 1)
        self.sheet.blockSignals(False)
        self.model.set_table(table)
        self.columns.setRowCount(len(table.columns))
        for i, c in enumerate(table.columns):
            values = (f"{c.minimum:g} .. {c.maximum:g}" if c.type == "numeric" and c.minimum is not None
                      else ", ".join(c.values[:10]) + (" ..." if len(c.values) > 10 else ""))
            for j, text in enumerate([c.name, c.type, str(c.missing), str(c.distinct), values]):
                self.columns.setItem(i, j, QTableWidgetItem(text))
