"""Train: the algorithm (grouped by the registry's families), a parameter form generated
from the registry's schema, Train / Cancel with progress; the window stays responsive."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDoubleSpinBox, QFormLayout, QGroupBox, QHBoxLayout, QLabel,
                               QLineEdit, QPlainTextEdit, QProgressBar, QPushButton, QSpinBox, QVBoxLayout, QWidget)

from engine.algorithms.registry import by_family
from engine.textwidth import display_width, ljust, rjust

DEFAULT_CHOICE = "(default)"  # a problem choice left to the algorithm (value None)


class ParamForm(QWidget):
    """One editor per parameter: spin boxes with the schema's bounds, combos, checks.

    Fit-stage parameters first; predict-stage ones (they change the answers, not the
    tree) in their own group. A choice whose values come from the problem
    (`choices_from`) is filled from the current problem settings (`set_problem`)."""

    def __init__(self, info, spec=None, parent=None):
        super().__init__(parent)
        self.info = info
        self.editors = {}
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        fit_form = QFormLayout()
        layout.addLayout(fit_form)
        self.predict_group: QGroupBox | None = None
        predict_form = None
        if any(p.stage == "predict" for p in info.params):
            self.predict_group = QGroupBox("Prediction (changes the answers, not the tree)")
            predict_form = QFormLayout(self.predict_group)
            layout.addWidget(self.predict_group)
        for p in info.params:
            w = self._editor(p)
            w.setToolTip(p.help)
            self.editors[p.name] = w
            (predict_form if p.stage == "predict" else fit_form).addRow(p.name, w)
        self.set_problem(spec)

    @staticmethod
    def _editor(p):
        if p.kind == "choice":
            w = QComboBox()
            if p.choices_from is None:
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
        return w

    def set_problem(self, spec) -> None:
        """Refill the choices that come from the problem; a chosen value that is still allowed stays.
        hierarchy_labels is off and greyed out without a class hierarchy."""
        for p in self.info.params:
            if p.name == "hierarchy_labels":
                w = self.editors[p.name]
                has = bool(spec is not None and spec.hierarchy)
                if not has:
                    w.setChecked(False)
                w.setEnabled(has)
                w.setToolTip(p.help if has else p.help + " — draw one in the Problem tab first")
            if p.choices_from is None:
                continue
            w = self.editors[p.name]
            kept = w.currentText()
            w.clear()
            if p.default is None:
                w.addItem(DEFAULT_CHOICE)
            w.addItems([str(v) for v in p.allowed(spec)])
            for wanted in (kept, "" if p.default is None else str(p.default)):
                if wanted and w.findText(wanted) >= 0:
                    w.setCurrentText(wanted)
                    break
            w.setEnabled(w.count() > (1 if p.default is None else 0))

    def values(self) -> dict:
        out = {}
        for name, w in self.editors.items():
            if isinstance(w, QComboBox):
                text = w.currentText()
                out[name] = None if text in ("", DEFAULT_CHOICE) else text
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
        self._infos = {}
        self.spec = None  # the current problem (choices taken from it)
        for family, infos in by_family():
            for info in infos:
                self.algorithm.addItem(f"{family.title}: {info.title}", info.name)
                self._infos[info.name] = info
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
        self.strategy = QComboBox()  # how a case's values are obtained, for the cost metrics (§4.5)
        for text, value in (("sequential (follow the tree)", "sequential"), ("batch (all at once)", "batch"),
                            ("hybrid (most useful test next)", "hybrid")):
            self.strategy.addItem(text, value)
        self.strategy.setToolTip("How a test case's values are obtained when the problem has test or waiting "
                                 "costs: the Train results then show the average total, test, waiting and "
                                 "misclassification cost per case")
        self.progress = QProgressBar()
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.status = QLabel("")
        self.results = QPlainTextEdit()
        self.results.setReadOnly(True)
        self.results.setFont(QFontDatabase.systemFont(QFontDatabase.FixedFont))  # the matrices' columns line up
        self.result = None  # the last workflows.TrainResult shown
        self.level = QComboBox()  # which confusion matrix: the classes', or a hierarchy level's
        self.level.currentIndexChanged.connect(self._render)
        self.level_label = QLabel("Confusion matrix at:")
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
        split_row.addSpacing(24)
        split_row.addWidget(QLabel("test strategy (costs):"))
        split_row.addWidget(self.strategy)
        split_row.addStretch(1)
        layout.addLayout(split_row)
        layout.addLayout(buttons)
        layout.addWidget(self.status)
        level_row = QHBoxLayout()
        level_row.addWidget(self.level_label)
        level_row.addWidget(self.level)
        level_row.addStretch(1)
        layout.addLayout(level_row)
        self.level_label.setVisible(False)
        self.level.setVisible(False)
        layout.addWidget(self.results, 1)
        self._algorithm_changed()

    def select(self, name: str) -> None:
        self.algorithm.setCurrentIndex(self.algorithm.findData(name))

    def _algorithm_changed(self) -> None:
        if self.form is not None:
            self.form_holder.removeWidget(self.form)
            self.form.deleteLater()
        self.form = ParamForm(self._infos[self.algorithm.currentData()], self.spec)
        self.form_holder.addWidget(self.form)

    def set_problem(self, spec) -> None:
        """The problem settings changed (opened, edited): refill the choices taken from them."""
        self.spec = spec
        if self.form is not None:
            self.form.set_problem(spec)

    def _train(self) -> None:
        self.train_requested.emit(self.algorithm.currentData(), self.form.values())

    def strategy_value(self) -> str:
        return self.strategy.currentData()

    def holdout_value(self) -> float | None:
        return float(self.holdout_share.value()) if self.holdout.isChecked() else None

    def set_busy(self, busy: bool) -> None:
        self.train_button.setEnabled(not busy)
        self.cancel_button.setEnabled(busy)
        if busy:
            self.progress.setRange(0, 0)  # busy indicator until the first report
            self.status.setText("training...")
        elif self.progress.maximum() == 0:  # ended without an outcome shown: stop the busy indicator
            self.progress.setRange(0, 1)
            self.progress.setValue(0)

    def show_failure(self, message: str) -> None:
        """A training that failed: the bar stopped and emptied, and no result shown (the last
        one shown was another model's)."""
        self.show_outcome("failed", False)
        self.result = None
        self.level_label.setVisible(False)
        self.level.setVisible(False)
        self.results.setPlainText(f"Training {self.algorithm.currentData()} failed: {message}")

    def show_outcome(self, text: str, complete: bool) -> None:
        """After a job: a full bar when it completed, an empty one when it was cancelled or
        failed (the last report may have been a fold or a stage, not the end)."""
        self.progress.setRange(0, 1)
        self.progress.setValue(1 if complete else 0)
        self.status.setText(text)

    def show_result(self, result) -> None:
        """A workflows.TrainResult: its metrics and confusion matrix; with a class hierarchy,
        a choice of the level the confusion matrix is read at."""
        self.result = result
        self.level.blockSignals(True)
        self.level.clear()
        self.level.addItem("the classes", 0)
        for entry in result.levels:
            names = ", ".join(entry["true"][:4]) + (", ..." if len(entry["true"]) > 4 else "")
            self.level.addItem(f"level {entry['level']} ({names})", entry["level"])
        self.level.blockSignals(False)
        self.level_label.setVisible(bool(result.levels))
        self.level.setVisible(bool(result.levels))
        self._render()

    def _render(self) -> None:
        if self.result is not None:
            self.results.setPlainText(result_text(self.result, self.level.currentData() or 0))

    def on_progress(self, done: int, total: int, message: str) -> None:
        self.progress.setRange(0, max(total, 1))
        self.progress.setValue(min(done, max(total, 1)))
        self.status.setText(message)


def result_text(result, level: int = 0) -> str:
    """What the Train panel shows of a TrainResult: size and time, the metrics (held-out or,
    labelled, on the training rows), and the confusion matrix of the classes or, with a class
    hierarchy, read at `level` (1..h; answers coarser than the level get their own columns)."""
    tree = result.model.tree
    where = (f"on the {result.scored_rows} held-out rows ({result.holdout:.0%})" if result.holdout
             else f"on the {result.scored_rows} training rows (no hold-out: optimistic)")
    lines = [f"{result.model.algorithm}: {tree.n_leaves} leaves, depth {tree.depth}, fitted in "
             f"{result.fit_seconds:.2f} s", "", f"metrics {where}:"]
    lines += [f"  {name:28s} {value:.4f}" for name, value in result.metrics.items()]
    if "hierarchical_accuracy" in result.metrics:
        lines += ["  (accuracy: the exact class; hierarchical_accuracy: the class or one of its ancestors;",
                  f"   label_precision: mean log_h(level + 1) of the answers, h = {len(result.levels)} levels;",
                  "   accuracy_level_i: the answer read at level i, a coarser answer counted wrong there)"]
    if result.warnings:
        lines += ["", "warnings:"] + [f"  {w}" for w in result.warnings]
    if level:
        entry = result.levels[level - 1]
        rows, columns, matrix = entry["true"], entry["predicted"] + ["PENDING"], entry["matrix"]
        title = f"confusion matrix at level {level} (rows: true label there, columns: answered):"
    else:
        rows, columns, matrix = list(tree.schema.classes), result.labels, result.confusion
        title = "confusion matrix (rows: true class, columns: predicted):"
    width = max(display_width(x) for x in list(columns) + list(rows)) + 2
    lines += ["", title, " " * width + "".join(rjust(x, width) for x in columns)]
    for name, row in zip(rows, matrix):
        lines.append(ljust(name, width) + "".join(rjust(format(v, "g"), width) for v in row))
    return "\n".join(lines)
