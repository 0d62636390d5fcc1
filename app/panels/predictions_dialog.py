"""Predictions of a file (File > Predict a file...): every row's answer beside the row, with the
rule that fired, and an export to Excel or CSV (engine.predicting)."""

from __future__ import annotations

import os

from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QDialog, QFileDialog, QHBoxLayout, QLabel, QPushButton, QTableView, QVBoxLayout

from engine.algorithms.registry import title_of
from engine.predicting import Predictions

from ..errors import show_error


class PredictionsModel(QAbstractTableModel):
    """The predictions' rows (answer, scores, attributes used, the rule that fired), then the
    data's own columns; virtual: a million rows cost no widgets."""

    def __init__(self, predictions: Predictions, parent=None):
        super().__init__(parent)
        self.predictions = predictions
        self.header = [self.tr("row"), self.tr("prediction"), self.tr("rule that fired"),
                       self.tr("outside what the model has seen")]
        self.rows = predictions.rows(translate=True)
        names = predictions.header()
        self._pick = [names.index("row"), names.index("prediction"), names.index("rule"), names.index("warning")]
        self.columns = [c.name for c in predictions.table.columns]
        # a row outside what the model has seen (engine.trust.novelty): tinted, its tooltip says why
        self.flagged = [bool(row[self._pick[3]]) for row in self.rows]

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: N802 - Qt API
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: N802 - Qt API
        return 0 if parent.isValid() else len(self.header) + len(self.columns)

    FLAGGED = QColor(255, 236, 179)  # amber: the answer stands on less than the training data

    def data(self, index, role=Qt.DisplayRole):
        if not index.isValid():
            return None
        i, j = index.row(), index.column()
        if role == Qt.BackgroundRole:
            return QBrush(self.FLAGGED) if self.flagged[i] else None
        if role == Qt.ToolTipRole and self.flagged[i]:
            return self.tr("Outside what the model has seen: {why}").format(why=self.rows[i][self._pick[3]])
        if role not in (Qt.DisplayRole, Qt.ToolTipRole):
            return None
        if j < len(self.header):
            value = self.rows[i][self._pick[j]]
        else:
            value = self.predictions.table.frame.iat[i, j - len(self.header)]
            if isinstance(value, float):  # as the Data tab shows numbers: 730000, not 730000.0
                value = "" if value != value else f"{value:,.0f}".replace(",", "") if value.is_integer() \
                    else f"{value:.6g}"
        return "" if value is None else str(value)

    def headerData(self, section, orientation, role=Qt.DisplayRole):  # noqa: N802 - Qt API
        if role != Qt.DisplayRole or orientation != Qt.Horizontal:
            return None
        return self.header[section] if section < len(self.header) else self.columns[section - len(self.header)]


class PredictionsDialog(QDialog):
    def __init__(self, predictions: Predictions, parent=None):
        super().__init__(parent)
        self.predictions = predictions
        name = os.path.basename(predictions.table.file)
        self.setWindowTitle(self.tr("Predictions: {file}").format(file=name))
        n, pending = len(predictions.labels), predictions.n_pending
        text = (self.tr("{n} rows of {file} answered by the {algorithm} model; {pending} PENDING.") if pending else
                self.tr("{n} rows of {file} answered by the {algorithm} model.")).format(
            n=f"{n:,}", file=name, algorithm=title_of(predictions.model.algorithm), pending=f"{pending:,}")
        flagged = sum(1 for f in predictions.flags if f)
        if flagged:
            text += "\n" + self.tr("{n} rows lie outside what the model has seen (tinted; their tooltip says why).").format(
                n=f"{flagged:,}")
        if predictions.warnings:
            text += "\n" + "\n".join(self.tr("Warning: {warning}").format(warning=w) for w in predictions.warnings[:4])
        self.summary = QLabel(text)
        self.summary.setWordWrap(True)
        self.model = PredictionsModel(predictions, self)
        self.view = QTableView()
        self.view.setModel(self.model)
        self.view.horizontalHeader().setDefaultSectionSize(110)
        self.view.setColumnWidth(2, 420)
        self.view.setColumnWidth(3, 300)
        self.export_button = QPushButton(self.tr("Export to Excel or CSV..."))
        self.export_button.clicked.connect(lambda: self.export())
        close = QPushButton(self.tr("Close"))
        close.clicked.connect(self.close)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.export_button)
        buttons.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.view, 1)
        layout.addLayout(buttons)
        self.resize(1200, 700)

    def export(self, path: str | None = None) -> bool:
        if path is None:
            path, _ = QFileDialog.getSaveFileName(self, self.tr("Export the predictions"), "predictions.xlsx",
                                                  self.tr("Excel workbook (*.xlsx);;CSV (*.csv)"))
            if not path:
                return False
        try:
            self.predictions.save(path)
        except Exception as exc:  # noqa: BLE001 - a folder gone or read-only: said, never a crash
            show_error(self, exc, path)
            return False
        return True
