"""Train: the algorithm (grouped by family), a parameter form generated from the
registry's schema, Train / Cancel with progress; the window stays responsive."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDoubleSpinBox, QFormLayout, QHBoxLayout, QLabel, QLineEdit,
                               QPlainTextEdit, QProgressBar, QPushButton, QSpinBox, QVBoxLayout, QWidget)

from engine.algorithms.registry import algorithms

FAMILY_ORDER = ["classic", "ordinal", "roughset", "fuzzy", "costsensitive", "trichotomy"]


class ParamForm(QWidget):
    """One editor per parameter: spin boxes with the schema's bounds, combos, checks."""

    def __init__(self, info, parent=None):
        super().__init__(parent)
        self.info = info
        self.editors = {}
        form = QFormLayout(self)
        for p in info.params:
            if p.kind == "choice":
                w = QComboBox()
                w.addItems([str(c) for c in p.choices])
                w.setCurrentText(str(p.default))
            elif p.kind == "bool":
                w = QCheckBox()
                w.setChecked(bool(p.default))
            elif p.kind == "int" and p.default is not None:
                w = QSpinBox()
                w.setRange(int(p.minimum if p.minimum is not None else -10 ** 9),
                           int(p.maximum if p.maximum is not None else 10 ** 9))
                w.setValue(int(p.default))
            elif p.kind == "float" and p.default is not None:
                w = QDoubleSpinBox()
                w.setDecimals(4)
                w.setRange(p.minimum if p.minimum is not None else -1e12, p.maximum if p.maximum is not None else 1e12)
                w.setValue(float(p.default))
            else:  # optional numbers: empty means "none"
                w = QLineEdit("" if p.default is None else str(p.default))
                w.setPlaceholderText("none")
            w.setToolTip(p.help)
            self.editors[p.name] = w
            form.addRow(p.name, w)

    def values(self) -> dict:
        out = {}
        for name, w in self.editors.items():
            if isinstance(w, QComboBox):
                out[name] = w.currentText()
            elif isinstance(w, QCheckBox):
                out[name] = w.isChecked()
            elif isinstance(w, (QSpinBox, QDoubleSpinBox)):
                out[name] = w.value()
            else:
                out[name] = w.text().strip() or None
        return out


class TrainPanel(QWidget):
    train_requested = Signal(str, dict)
    cancel_requested = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.algorithm = QComboBox()
        infos = sorted(algorithms(), key=lambda a: (FAMILY_ORDER.index(a.family) if a.family in FAMILY_ORDER
                                                    else 99, a.name))
        for info in infos:
            self.algorithm.addItem(f"{info.family}: {info.title}", info.name)
        self._infos = {a.name: a for a in infos}
        self.algorithm.currentIndexChanged.connect(self._algorithm_changed)
        self.form_holder = QVBoxLayout()
        self.form: ParamForm | None = None
        self.train_button = QPushButton("Train")
        self.train_button.clicked.connect(self._train)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel_requested)
        self.holdout = QCheckBox("hold out a share of the rows for testing:")
        self.holdout_share = QDoubleSpinBox()
        self.holdout_share.setRange(0.05, 0.9)
        self.holdout_share.setSingleStep(0.05)
        self.holdout_share.setValue(0.3)
        self.progress = QProgressBar()
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.status = QLabel("")
        self.results = QPlainTextEdit()
        self.results.setReadOnly(True)
        buttons = QHBoxLayout()
        buttons.addWidget(self.train_button)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.progress, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Algorithm:"))
        layout.addWidget(self.algorithm)
        layout.addLayout(self.form_holder)
        split_row = QHBoxLayout()
        split_row.addWidget(self.holdout)
        split_row.addWidget(self.holdout_share)
        split_row.addStretch(1)
        layout.addLayout(split_row)
        layout.addLayout(buttons)
        layout.addWidget(self.status)
        layout.addWidget(self.results, 1)
        self._algorithm_changed()

    def select(self, name: str) -> None:
        self.algorithm.setCurrentIndex(self.algorithm.findData(name))

    def _algorithm_changed(self) -> None:
        if self.form is not None:
            self.form_holder.removeWidget(self.form)
            self.form.deleteLater()
        self.form = ParamForm(self._infos[self.algorithm.currentData()])
        self.form_holder.addWidget(self.form)

    def _train(self) -> None:
        self.train_requested.emit(self.algorithm.currentData(), self.form.values())

    def holdout_value(self) -> float | None:
        return float(self.holdout_share.value()) if self.holdout.isChecked() else None

    def set_busy(self, busy: bool) -> None:
        self.train_button.setEnabled(not busy)
        self.cancel_button.setEnabled(busy)
        if busy:
            self.progress.setRange(0, 0)  # busy indicator until the first report
            self.status.setText("training...")

    def on_progress(self, done: int, total: int, message: str) -> None:
        self.progress.setRange(0, max(total, 1))
        self.progress.setValue(min(done, max(total, 1)))
        self.status.setText(message)
