"""A virtual table model over a read Table: only visible cells are formatted, so
a million rows scroll as fast as ten."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt
from PySide6.QtGui import QBrush

from engine.data.table import Table, format_number
from .. import theme



class TableModel(QAbstractTableModel):
    def __init__(self, table: Table | None = None, parent=None):
        super().__init__(parent)
        self._columns: list[np.ndarray] = []
        self._numeric: list[bool] = []
        self._names: list[str] = []
        self._rows: np.ndarray = np.zeros(0, np.int64)
        if table is not None:
            self.set_table(table)

    def set_table(self, table: Table) -> None:
        self.beginResetModel()
        self._names = [c.name for c in table.columns]
        self._numeric = [c.type == "numeric" for c in table.columns]
        self._columns = [table.frame[name].to_numpy() for name in self._names]
        self._rows = table.row_numbers if table.row_numbers is not None else \
            np.arange(table.first_row, table.first_row + table.n_rows)
        self.endResetModel()

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: N802 - Qt API
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self._names)

    def _value(self, row: int, col: int):
        value = self._columns[col][row]
        if self._numeric[col]:
            return None if value != value else format_number(float(value))
        return value

    def data(self, index: QModelIndex, role=Qt.DisplayRole):
        if not index.isValid():
            return None
        value = self._value(index.row(), index.column())
        if role == Qt.DisplayRole:
            return "" if value is None else str(value)
        if role == Qt.BackgroundRole and value is None:
            return QBrush(theme.tone(*theme.MISSING_CELL))
        if role == Qt.TextAlignmentRole and self._numeric[index.column()]:
            return int(Qt.AlignRight | Qt.AlignVCenter)
        return None

    def headerData(self, section: int, orientation, role=Qt.DisplayRole):  # noqa: N802
        if role != Qt.DisplayRole:
            return None
        if orientation == Qt.Horizontal:
            return self._names[section] if section < len(self._names) else None
        return str(int(self._rows[section])) if section < len(self._rows) else None
