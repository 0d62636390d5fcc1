"""Train: the algorithm (grouped by the registry's families), a parameter form generated
from the registry's schema, Train / Cancel with progress; the window stays responsive."""

from __future__ import annotations

from html import escape

import numpy as np
from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from engine.algorithms.params import choice_text
from engine.algorithms.registry import by_family, title_of
from engine.settings_words import value_text
from engine.i18n import _
from engine.metrics import COST, METRICS, headline, metric, ordered
from engine.textwidth import display_width, ljust, rjust

from .. import theme

#: a problem choice left to the algorithm (value None); shown translated, kept as the item's data
DEFAULT_CHOICE = QT_TRANSLATE_NOOP("ParamForm", "(default)")
#: how the Train tab scores a model: (shown, value)
SCHEMES = ((QT_TRANSLATE_NOOP("TrainPanel", "cross-validation"), "cv"),
           (QT_TRANSLATE_NOOP("TrainPanel", "hold-out"), "holdout"),
           (QT_TRANSLATE_NOOP("TrainPanel", "training rows only (optimistic)"), "train"))
PENDING = "PENDING"  # the answer of no class yet (a data key; shown through engine.i18n)


def headline_html(result) -> str:
    """The headline: the figure that judges the model, where it comes from, and the baseline beside it."""
    translate = QCoreApplication.translate
    judged = headline(result.metrics)
    name, costs = judged.key, judged.kind == COST
    value = judged.text(result.metrics[name], result.metric_std.get(name))
    label = judged.title_text()
    head = "<b>{}</b>".format(escape(translate("TrainPanel", "{metric}: {value}").format(
        metric=label[:1].upper() + label[1:], value=value)))
    if name != "accuracy" and "accuracy" in result.metrics:
        head = translate("TrainPanel", "{headline} (accuracy {accuracy})").format(
            headline=head, accuracy=escape(METRICS["accuracy"].text(result.metrics["accuracy"])))
    parts = [head, escape(translate("TrainPanel", "on {scheme}.").format(scheme=_(result.scheme_text)))]
    if result.baseline:
        base = result.baseline
        priced = "avg_test_cost" in result.metrics and costs
        if priced:  # the baseline asks no tests: what it pays is its errors alone; its accuracy beside
            accuracy = METRICS["accuracy"].text(base["metrics"].get("accuracy"))
            text = (translate("TrainPanel", "Beside it, always answering “{label}” ({rule}) asks no tests, so it "
                                            "pays only for its errors: {value} per case (accuracy {accuracy}).")
                    if base["label"] != "per fold" else
                    translate("TrainPanel", "Beside it, always answering {rule} of the training folds asks no tests, "
                                            "so it pays only for its errors: {value} per case (accuracy "
                                            "{accuracy})."))
        elif base["label"] != "per fold":  # one class for every fold
            accuracy = ""
            text = (translate("TrainPanel", "Beside it, always answering “{label}” ({rule}) costs {value}.")
                    if costs else
                    translate("TrainPanel", "Beside it, always answering “{label}” ({rule}) scores {value}."))
        else:
            accuracy = ""
            text = (translate("TrainPanel", "Beside it, always answering {rule} of the training folds costs {value}.")
                    if costs else
                    translate("TrainPanel", "Beside it, always answering {rule} of the training folds scores {value}."))
        parts.append(escape(text.format(label=base["label"], rule=_(base["rule"]),
                                        value=judged.text(base["metrics"].get(name)), accuracy=accuracy)))
        verdict = result.baseline_verdict()
        if verdict == "worse":
            parts.append('<span style="color:#b71c1c"><b>{}</b></span>'.format(
                escape(translate("TrainPanel", "This model does no better than that baseline."))))
        elif verdict == "dearer":
            parts.append('<span style="color:#8a5300"><b>{}</b></span>'.format(escape(translate(
                "TrainPanel", "It is more accurate than that baseline, but its tests cost more than the errors they "
                "prevent: with cheaper tests, dearer errors or a learner that weighs test costs (minimum cost) it "
                "can pay less."))))
    if not result.cv and not result.holdout:
        parts.append('<span style="color:#616161">{}</span>'.format(escape(translate(
            "TrainPanel", "Figures on the training rows are optimistic: score by cross-validation or hold-out "
            "for an honest one."))))
    # a sentence after a full-width stop (。) needs no space; after an English one it does
    return "".join(part if not i or parts[i - 1].endswith("。") else " " + part for i, part in enumerate(parts))


#: widest parameter editor (pixels): the help reads beside it
EDITOR_WIDTH = 170
_SYMBOLS = {"alpha": "α", "beta": "β", "beta0": "β0", "epsilon": "ε", "mdl": "MDL", "ccp": "CCP", "se": "SE",
            "id3": "ID3", "lda": "LDA"}
#: the parameters' names in words (param_label's English), for the catalogue: a parameter not listed
#: keeps its English label in every language
_PARAM_LABELS = (
    QT_TRANSLATE_NOOP("ParamForm", "Prune"), QT_TRANSLATE_NOOP("ParamForm", "Criterion"),
    QT_TRANSLATE_NOOP("ParamForm", "Min samples leaf"), QT_TRANSLATE_NOOP("ParamForm", "Min samples split"),
    QT_TRANSLATE_NOOP("ParamForm", "Max depth"), QT_TRANSLATE_NOOP("ParamForm", "Folds"),
    QT_TRANSLATE_NOOP("ParamForm", "SE rule"), QT_TRANSLATE_NOOP("ParamForm", "Seed"),
    QT_TRANSLATE_NOOP("ParamForm", "Enforce monotone"), QT_TRANSLATE_NOOP("ParamForm", "Hierarchy labels"),
    QT_TRANSLATE_NOOP("ParamForm", "Min cases"), QT_TRANSLATE_NOOP("ParamForm", "Confidence"),
    QT_TRANSLATE_NOOP("ParamForm", "Subtree raising"), QT_TRANSLATE_NOOP("ParamForm", "Collapse"),
    QT_TRANSLATE_NOOP("ParamForm", "MDL correction"), QT_TRANSLATE_NOOP("ParamForm", "Leaf"),
    QT_TRANSLATE_NOOP("ParamForm", "Threshold"), QT_TRANSLATE_NOOP("ParamForm", "Membership"),
    QT_TRANSLATE_NOOP("ParamForm", "Ramp above"), QT_TRANSLATE_NOOP("ParamForm", "Pairs"),
    QT_TRANSLATE_NOOP("ParamForm", "Decreasing"), QT_TRANSLATE_NOOP("ParamForm", "Learning rate"),
    QT_TRANSLATE_NOOP("ParamForm", "Epochs"), QT_TRANSLATE_NOOP("ParamForm", "Min membership"),
    QT_TRANSLATE_NOOP("ParamForm", "Min mass share"),
    QT_TRANSLATE_NOOP("ParamForm", "Tnorm"), QT_TRANSLATE_NOOP("ParamForm", "Answer"), QT_TRANSLATE_NOOP("ParamForm", "Level"),
    QT_TRANSLATE_NOOP("ParamForm", "Tie order"), QT_TRANSLATE_NOOP("ParamForm", "Cost stop"),
    QT_TRANSLATE_NOOP("ParamForm", "N min"), QT_TRANSLATE_NOOP("ParamForm", "Trim"),
    QT_TRANSLATE_NOOP("ParamForm", "P enter"), QT_TRANSLATE_NOOP("ParamForm", "W1"),
    QT_TRANSLATE_NOOP("ParamForm", "W2"), QT_TRANSLATE_NOOP("ParamForm", "W3"), QT_TRANSLATE_NOOP("ParamForm", "W4"),
    QT_TRANSLATE_NOOP("ParamForm", "K"), QT_TRANSLATE_NOOP("ParamForm", "R"),
    QT_TRANSLATE_NOOP("ParamForm", "Lambda0"), QT_TRANSLATE_NOOP("ParamForm", "Unknowns"),
    QT_TRANSLATE_NOOP("ParamForm", "Min gamma"), QT_TRANSLATE_NOOP("ParamForm", "Few values"),
    QT_TRANSLATE_NOOP("ParamForm", "Gamma over"), QT_TRANSLATE_NOOP("ParamForm", "Purity"),
    QT_TRANSLATE_NOOP("ParamForm", "Text"), QT_TRANSLATE_NOOP("ParamForm", "Cuts"),
    QT_TRANSLATE_NOOP("ParamForm", "Leaf penalty"), QT_TRANSLATE_NOOP("ParamForm", "Max cuts"),
    QT_TRANSLATE_NOOP("ParamForm", "Time limit"), QT_TRANSLATE_NOOP("ParamForm", "Min weight"),
    QT_TRANSLATE_NOOP("ParamForm", "Min leaf weight"))


def param_label(name: str) -> str:
    """A parameter's name for the window: words instead of underscores, Greek letters spelt as
    such, acronyms in capitals ("ccp_alpha" -> "CCP α", "min_samples_leaf" -> "Min samples leaf")."""
    parts = name.split("_")
    words = [_SYMBOLS.get(part, part) for part in parts]
    text = " ".join(words)
    if parts[0] not in _SYMBOLS:  # a symbol keeps its case: "alpha" is α, never the capital Α
        text = text[:1].upper() + text[1:]
    return QCoreApplication.translate("ParamForm", text)


def param_help(p) -> str:
    """The parameter's help, and its default (the paper's or the reference implementation's)."""
    if p.default is None:
        default = QCoreApplication.translate("ParamForm", "empty")
    elif isinstance(p.default, bool):
        default = QCoreApplication.translate("ParamForm", "on") if p.default else \
            QCoreApplication.translate("ParamForm", "off")
    else:
        default = format(p.default, "g") if isinstance(p.default, float) else choice_text(p.default)
    text = _(p.help)
    if text == p.help:  # English: a capital first (a translation is left as it is: "α：…" stays α)
        text = text[:1].upper() + text[1:]
    return QCoreApplication.translate("ParamForm", "{help} (default: {default})").format(help=text, default=default)


def folds_box() -> QSpinBox:
    """The number of cross-validation folds: 2 to 20, 10 first (the Train and Compare tabs)."""
    box = QSpinBox()
    box.setRange(2, 20)
    box.setValue(10)
    box.setSuffix(QCoreApplication.translate("TrainPanel", " folds"))
    return box


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
        fit_grid = QGridLayout()
        fit_grid.setColumnStretch(2, 1)
        layout.addLayout(fit_grid)
        self.predict_group: QGroupBox | None = None
        predict_grid = None
        if any(p.stage == "predict" for p in info.params):
            self.predict_group = QGroupBox(self.tr("Prediction (changes the answers, not the tree)"))
            predict_grid = QGridLayout(self.predict_group)
            predict_grid.setColumnStretch(2, 1)
            layout.addWidget(self.predict_group)
        self.helps = {}  # the help shown beside each editor
        self.wide = False  # a help in Chinese (wide characters) is kept at a readable width
        for p in info.params:
            w = self._editor(p)
            w.setToolTip(_(p.help))
            w.setMaximumWidth(EDITOR_WIDTH)
            self.editors[p.name] = w
            grid = predict_grid if p.stage == "predict" else fit_grid
            row = grid.rowCount()
            label = QLabel(param_label(p.name))
            label.setToolTip(p.name)  # the name the command line and the project use
            label.setBuddy(w)
            help_text = QLabel(param_help(p))
            help_text.setWordWrap(True)
            if display_width(help_text.text()) != len(help_text.text()):
                # Chinese wraps between any two characters: without a floor its column shrinks to one
                help_text.setMinimumWidth(help_text.fontMetrics().horizontalAdvance("中") * 12)
                self.wide = True
            theme.style(help_text, "color: {}", theme.MUTED)
            self.helps[p.name] = help_text
            grid.addWidget(label, row, 0)
            grid.addWidget(w, row, 1)
            grid.addWidget(help_text, row, 2)
        self.set_problem(spec)

    @staticmethod
    def _editor(p):
        if p.kind == "choice":
            w = QComboBox()
            if p.choices_from is None:  # shown in words, kept as the value (the item's data)
                for c in p.choices:
                    w.addItem(choice_text(c), str(c))
                w.setCurrentIndex(w.findData(str(p.default)))
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
            w.setPlaceholderText(QCoreApplication.translate("ParamForm", "none"))
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
                w.setToolTip(_(p.help) if has else self.tr("{help} — draw one in the Problem tab first").format(
                    help=_(p.help)))
            if p.choices_from is None:
                continue
            w = self.editors[p.name]
            kept = w.currentText()
            w.clear()
            if p.default is None:
                w.addItem(self.tr(DEFAULT_CHOICE), DEFAULT_CHOICE)
            w.addItems([str(v) for v in p.allowed(spec)])
            for wanted in (kept, "" if p.default is None else str(p.default)):
                if wanted and w.findText(wanted) >= 0:
                    w.setCurrentText(wanted)
                    break
            w.setEnabled(w.count() > (1 if p.default is None else 0))

    def set_values(self, values: dict) -> None:
        """Show `values` in the editors (a parameter the form lacks is left out)."""
        for name, value in values.items():
            w = self.editors.get(name)
            if isinstance(w, QCheckBox):
                w.setChecked(bool(value))
            elif isinstance(w, (QSpinBox, QDoubleSpinBox)):
                w.setValue(value)
            elif isinstance(w, QComboBox):
                k = w.findData(str(value))
                w.setCurrentIndex(k if k >= 0 else w.findText(str(value)))
            elif isinstance(w, QLineEdit):
                w.setText("" if value is None else str(value))

    def values(self) -> dict:
        out = {}
        for name, w in self.editors.items():
            if isinstance(w, QComboBox):
                text, data = w.currentText(), w.currentData()
                if data == DEFAULT_CHOICE or text in ("", DEFAULT_CHOICE):
                    out[name] = None
                else:
                    out[name] = data if data is not None else text  # a fixed choice's value, else the text
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
    result_chosen = Signal(int)  # one of the session's models (index in the window's list, newest first)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.algorithm = QComboBox()
        self._infos = {}
        self.spec = None  # the current problem (choices taken from it)
        for family, infos in by_family():
            for info in infos:
                self.algorithm.addItem(self.tr("{family}: {algorithm}").format(family=_(family.title),
                                                                                algorithm=_(info.title)), info.name)
                self._infos[info.name] = info
        self.algorithm.currentIndexChanged.connect(self._algorithm_changed)
        self.form_holder = QVBoxLayout()
        self.form: ParamForm | None = None
        self.train_button = QPushButton(self.tr("Train"))
        self.train_button.clicked.connect(self._train)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel_requested)
        # how the headline figure is scored: cross-validation (the tree on every row), a hold-out
        # (the tree on the rest), or the training rows (optimistic, labelled so)
        self.scheme = QComboBox()
        for text, value in SCHEMES:
            self.scheme.addItem(self.tr(text), value)
        self.scheme.setToolTip(self.tr("How the figures are scored. Cross-validation: the tree is fitted on every "
                                       "row and k more trees, each on all but one fold, are scored on that fold. "
                                       "Hold-out: the tree is fitted on the rest and scored on the share held out."))
        self.folds = folds_box()
        self.holdout_share = QDoubleSpinBox()
        self.holdout_share.setRange(0.05, 0.9)
        self.holdout_share.setSingleStep(0.05)
        self.holdout_share.setValue(0.3)
        self.holdout_share.setPrefix(self.tr("share "))
        self.scheme.currentIndexChanged.connect(self._scheme_changed)
        self._scheme_chosen = False  # the user picked a scheme: no default overrides it
        self.scheme.activated.connect(lambda _index: setattr(self, "_scheme_chosen", True))
        self.strategy = QComboBox()  # how a case's values are obtained, for the cost metrics (§4.5)
        for text, value in ((self.tr("sequential (follow the tree)"), "sequential"),
                            (self.tr("batch (all at once)"), "batch"),
                            (self.tr("hybrid (most useful test next)"), "hybrid"),
                            (self.tr("planned (least expected cost)"), "planned")):
            self.strategy.addItem(text, value)
        self.strategy.setToolTip(self.tr("How a test case's values are obtained when the problem has test or "
                                         "waiting costs: the Train results then show the average total, test, "
                                         "waiting and misclassification cost per case"))
        self.progress = QProgressBar()
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.status = QLabel("")
        self.result = None  # the last workflows.TrainResult shown
        # the results: a headline beside the baseline, the metrics and the confusion matrix as
        # tables, the warnings; the same as text (to copy) in a second tab
        self.stale = QLabel(self.tr("The problem settings have changed since this model was trained: train again to "
                                    "see the model they give."))
        self.stale.setWordWrap(True)
        theme.style(self.stale, "color: {}", theme.WARNING)
        self.stale.setVisible(False)
        self.headline = QLabel(self.tr("Train a model to see how well it does."))
        self.headline.setWordWrap(True)
        self.headline.setTextFormat(Qt.RichText)
        big = self.headline.font()
        big.setPointSizeF(big.pointSizeF() * 1.15)
        self.headline.setFont(big)
        self.metrics_table = QTableWidget(0, 3)
        self.metrics_table.setHorizontalHeaderLabels([self.tr("metric"), self.tr("this model"), self.tr("baseline")])
        self.metrics_table.verticalHeader().setVisible(False)
        self.metrics_table.setEditTriggers(QAbstractItemView.NoEditTriggers)
        self.metrics_table.horizontalHeader().setSectionResizeMode(0, QHeaderView.Stretch)
        self.confusion_table = QTableWidget(0, 0)
        self.confusion_table.setEditTriggers(QAbstractItemView.NoEditTriggers)
        self.confusion_table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeToContents)
        self.confusion_title = QLabel(self.tr("Confusion matrix (rows: the true class; columns: the answer)"))
        self.warnings = QLabel("")
        self.warnings.setWordWrap(True)
        theme.style(self.warnings, "color: {}", theme.WARNING)
        self.results = QPlainTextEdit()
        self.results.setReadOnly(True)
        self.results.setFont(QFontDatabase.systemFont(QFontDatabase.FixedFont))
        self.level = QComboBox()  # which confusion matrix: the classes', or a hierarchy level's
        self.level.currentIndexChanged.connect(self._render)
        self.level_label = QLabel(self.tr("Confusion matrix at:"))
        buttons = QHBoxLayout()
        buttons.addWidget(self.train_button)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.progress, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(self.tr("Algorithm:")))
        layout.addWidget(self.algorithm)
        layout.addLayout(self.form_holder)
        split_row = QHBoxLayout()
        split_row.addWidget(QLabel(self.tr("score by:")))
        split_row.addWidget(self.scheme)
        split_row.addWidget(self.folds)
        split_row.addWidget(self.holdout_share)
        split_row.addSpacing(24)
        split_row.addWidget(QLabel(self.tr("test strategy (costs):")))
        split_row.addWidget(self.strategy)
        split_row.addStretch(1)
        layout.addLayout(split_row)
        layout.addLayout(buttons)
        layout.addWidget(self.status)
        results_row = QHBoxLayout()
        self.results_label = QLabel(self.tr("models of this session:"))
        self.results_box = QComboBox()
        self.results_box.setSizeAdjustPolicy(QComboBox.AdjustToContents)
        self.results_box.setToolTip(self.tr("Every model trained since the file was opened: choose one to see it on "
                                            "every tab, consult it, save or export it"))
        self.results_box.activated.connect(self.result_chosen.emit)
        results_row.addWidget(self.results_label)
        results_row.addWidget(self.results_box)
        results_row.addStretch(1)
        layout.addLayout(results_row)
        self.results_label.setVisible(False)
        self.results_box.setVisible(False)
        layout.addWidget(self.stale)
        layout.addWidget(self.headline)
        tables = QWidget()
        tables_layout = QHBoxLayout(tables)
        tables_layout.setContentsMargins(0, 0, 0, 0)
        tables_layout.addWidget(self.metrics_table, 2)
        right = QVBoxLayout()
        level_row = QHBoxLayout()
        level_row.addWidget(self.level_label)
        level_row.addWidget(self.level)
        level_row.addStretch(1)
        right.addLayout(level_row)
        right.addWidget(self.confusion_title)
        right.addWidget(self.confusion_table, 1)
        tables_layout.addLayout(right, 3)
        summary = QWidget()
        summary_layout = QVBoxLayout(summary)
        summary_layout.addWidget(tables, 1)
        summary_layout.addWidget(self.warnings)
        self.advice_row = QWidget()
        self.advice_layout = QHBoxLayout(self.advice_row)
        self.advice_layout.setContentsMargins(0, 0, 0, 0)
        self.advice_buttons: list[QPushButton] = []
        summary_layout.addWidget(self.advice_row)
        self.result_tabs = QTabWidget()
        self.result_tabs.addTab(summary, self.tr("Results"))
        self.result_tabs.addTab(self.results, self.tr("Text report"))
        layout.addWidget(self.result_tabs, 1)
        self.level_label.setVisible(False)
        self.level.setVisible(False)
        self._scheme_changed()
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

    #: above this many rows the default scheme is a hold-out: k-fold cross-validation fits the
    #: tree k + 1 times, a hold-out once (a default many times slower than needed is a bug)
    CV_ROWS = 20_000

    def suggest_scheme(self, rows: int) -> None:
        """The default scheme for a file of `rows` rows, unless the user chose one: cross-validation
        for small files, a hold-out for large ones."""
        if self._scheme_chosen:
            return
        self.scheme.blockSignals(True)
        self.set_scheme("cv" if rows <= self.CV_ROWS else "holdout")
        self.scheme.blockSignals(False)
        self._scheme_changed()

    def scheme_value(self) -> str:
        return self.scheme.currentData()

    def set_scheme(self, scheme: str) -> None:
        self.scheme.setCurrentIndex(self.scheme.findData(scheme))

    def _scheme_changed(self) -> None:
        self.folds.setVisible(self.scheme_value() == "cv")
        self.holdout_share.setVisible(self.scheme_value() == "holdout")

    def holdout_value(self) -> float | None:
        return float(self.holdout_share.value()) if self.scheme_value() == "holdout" else None

    def cv_value(self) -> int | None:
        return int(self.folds.value()) if self.scheme_value() == "cv" else None

    def set_busy(self, busy: bool) -> None:
        self.train_button.setEnabled(not busy)
        self.cancel_button.setEnabled(busy)
        if busy:
            self.progress.setRange(0, 0)  # busy indicator until the first report
            self.status.setText(self.tr("training..."))
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
        text = self.tr("Training {algorithm} failed: {message}").format(algorithm=self.algorithm.currentData(),
                                                                       message=_(message))
        self.results.setPlainText(text)
        self.headline.setText(text)
        self.metrics_table.setRowCount(0)
        self.confusion_table.setRowCount(0)
        self.confusion_table.setColumnCount(0)
        self.warnings.setVisible(False)

    def show_results_list(self, results: list, current: int | None) -> None:
        """The session's models (newest first), `current` the one shown; hidden with none."""
        self.results_box.blockSignals(True)
        self.results_box.clear()
        for k, r in enumerate(results):
            judged = headline(r.metrics)
            info = self._infos.get(r.model.algorithm)
            defaults = {p.name: p.default for p in info.params} if info is not None else {}
            changed = {key: v for key, v in r.model.params.items() if key in defaults and v != defaults[key]}
            params = ", ".join(f"{k2}={v}" for k2, v in changed.items()) or self.tr("defaults")
            self.results_box.addItem(self.tr("{n}. {algorithm} ({params}): {metric} {value}").format(
                n=len(results) - k, algorithm=title_of(r.model.algorithm), params=params, metric=judged.title_text(),
                value=judged.text(r.metrics.get(judged.key))))
        if current is not None and results:
            self.results_box.setCurrentIndex(current)
        self.results_box.blockSignals(False)
        self.results_label.setVisible(bool(results))
        self.results_box.setVisible(bool(results))

    def clear(self) -> None:
        """No model of this data yet (another file was opened): nothing of the last one shown."""
        self.result = None
        self.level_label.setVisible(False)
        self.level.setVisible(False)
        self.results.setPlainText("")
        self.headline.setText(self.tr("Train a model to see how well it does."))
        self.metrics_table.setRowCount(0)
        self.confusion_table.setRowCount(0)
        self.confusion_table.setColumnCount(0)
        self.warnings.setVisible(False)
        self.stale.setVisible(False)
        self._show_advice(None)

    def mark_stale(self) -> None:
        """The problem settings changed since the model shown was trained: said above its figures."""
        if self.result is not None:
            self.stale.setVisible(True)

    def show_outcome(self, text: str, complete: bool) -> None:
        """After a job: a full bar when it completed, an empty one when it was cancelled or
        failed (the last report may have been a fold or a stage, not the end)."""
        self.progress.setRange(0, 1)
        self.progress.setValue(1 if complete else 0)
        # the outcome is a state key (done, cancelled, failed): shown in words
        shown = {"done": self.tr("done"), "cancelled": self.tr("cancelled"), "failed": self.tr("failed")}
        self.status.setText(shown.get(text, text))

    def show_result(self, result) -> None:
        """A workflows.TrainResult: its metrics and confusion matrix; with a class hierarchy,
        a choice of the level the confusion matrix is read at."""
        self.result = result
        self.stale.setVisible(False)
        self.level.blockSignals(True)
        self.level.clear()
        self.level.addItem(self.tr("the classes"), 0)
        for entry in result.levels:
            names = ", ".join(entry["true"][:4]) + (", ..." if len(entry["true"]) > 4 else "")
            self.level.addItem(self.tr("level {level} ({names})").format(level=entry["level"], names=names),
                               entry["level"])
        self.level.blockSignals(False)
        self.level_label.setVisible(bool(result.levels))
        self.level.setVisible(bool(result.levels))
        self._render()

    def show_edited(self, headline: str, edited=None, learner=None) -> None:
        """An edited model (app.edit_flow): `headline` above; with its replayed cross-validation
        (`edited`, engine AlgorithmEvaluations, and `learner`'s in the same folds), the table gives
        both side by side and the confusion matrix is the edited model's, summed over the folds;
        without them (still running) the figures of the learned model are cleared, not left standing."""
        self.clear()
        self.headline.setText(headline)
        if edited is None:
            return
        self.metrics_table.setHorizontalHeaderLabels([self.tr("metric"), self.tr("edited (replayed)"),
                                                      self.tr("the learner alone")])
        ours, theirs = edited.summary(), learner.summary()
        names = ordered(ours)
        self._fill_metrics([[metric(n).title_text(among=names), metric(n).text(ours[n]["mean"], ours[n]["std"]),
                             metric(n).text(theirs[n]["mean"], theirs[n]["std"]) if n in theirs else ""]
                            for n in names])
        matrix = edited.confusion()
        columns = list(edited.labels) + [PENDING]
        if not np.asarray(matrix, dtype=float)[:, -1].any():
            columns, matrix = columns[:-1], np.asarray(matrix)[:, :-1]
        self.confusion_title.setText(self.tr("Confusion matrix of the edited model, summed over the folds (rows: the "
                                             "true class; columns: the answer)"))
        self._fill_confusion(list(edited.classes), columns, matrix)

    def _fill_metrics(self, rows: list[list[str]]) -> None:
        """The metric table's rows (a name, then right-aligned figures)."""
        self.metrics_table.setRowCount(len(rows))
        for i, cells in enumerate(rows):
            for j, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if j:
                    item.setTextAlignment(Qt.AlignRight | Qt.AlignVCenter)
                self.metrics_table.setItem(i, j, item)
        self.metrics_table.resizeColumnToContents(1)
        self.metrics_table.resizeColumnToContents(2)

    def _fill_confusion(self, rows: list, columns: list, matrix) -> None:
        """The confusion table: true labels down, answers across, the diagonal tinted."""
        self.confusion_table.setRowCount(len(rows))
        self.confusion_table.setColumnCount(len(columns))
        self.confusion_table.setHorizontalHeaderLabels([shown_label(c) for c in columns])
        self.confusion_table.setVerticalHeaderLabels(list(rows))
        for i, row in enumerate(matrix):
            for j, v in enumerate(row):
                item = QTableWidgetItem(format(float(v), "g"))
                item.setTextAlignment(Qt.AlignRight | Qt.AlignVCenter)
                if i == j:
                    item.setBackground(theme.tone(*theme.RIGHT_CELL))
                self.confusion_table.setItem(i, j, item)

    def _render(self) -> None:
        result = self.result
        if result is None:
            return
        self.metrics_table.setHorizontalHeaderLabels([self.tr("metric"), self.tr("this model"), self.tr("baseline")])
        level = self.level.currentData() or 0
        self.results.setPlainText(result_text(result, level))
        self.headline.setText(headline_html(result))
        base = result.baseline.get("metrics", {}) if result.baseline else {}
        names = ordered(result.metrics)
        # a part of the total cost ("of which tests") indented under it
        self._fill_metrics([[("  " if metric(n).is_part(names) else "") + metric(n).title_text(among=names),
                             metric(n).text(result.metrics[n], result.metric_std.get(n)),
                             metric(n).text(base[n]) if n in base else ""] for n in names])
        rows, columns, matrix = confusion_of(result, level)
        self.confusion_title.setText(self.tr("Confusion matrix at level {level} (rows: the true label there; "
                                             "columns: the answer)").format(level=level) if level else
                                     self.tr("Confusion matrix (rows: the true class; columns: the answer)"))
        self._fill_confusion(list(rows), columns, matrix)
        self.warnings.setText("\n".join(self.tr("Warning: {warning}").format(warning=_(w)) for w in result.warnings))
        self.warnings.setVisible(bool(result.warnings))
        self._show_advice(result)

    def _show_advice(self, result) -> None:
        """A button per piece of advice that parameters act on: train again with them, one click."""
        while self.advice_layout.count():
            item = self.advice_layout.takeAt(0)
            if item.widget() is not None:
                item.widget().deleteLater()
        self.advice_buttons = []
        for advice in getattr(result, "advice", []):
            if not advice.params:
                continue
            changes = ", ".join(f"{param_label(k)} = {value_text(v)}" for k, v in advice.params.items())
            button = QPushButton(self.tr("Train again with {changes}").format(changes=changes))
            button.setToolTip(_(advice.message))
            button.clicked.connect(lambda _=False, a=result.model.algorithm, p=dict(advice.params): self.retrain(a, p))
            self.advice_layout.addWidget(button)
            self.advice_buttons.append(button)
        self.advice_layout.addStretch(1)

    def retrain(self, algorithm: str, changes: dict) -> None:
        """Train `algorithm` again with the form's values and `changes` (shown in the form too)."""
        if self.algorithm.currentData() != algorithm:
            self.select(algorithm)
        self.form.set_values(changes)
        self.train_requested.emit(algorithm, self.form.values())

    def on_progress(self, done: int, total: int, message: str) -> None:
        self.progress.setRange(0, max(total, 1))
        self.progress.setValue(min(done, max(total, 1)))
        self.status.setText(_(message))


def shown_label(label: str) -> str:
    """A column of a confusion matrix as shown: the class labels as they are, PENDING in words."""
    return _(PENDING) if label == PENDING else label


def confusion_of(result, level: int = 0):
    """(row names, column names, matrix) of the classes' confusion matrix, or of a hierarchy level's."""
    if level:
        entry = result.levels[level - 1]
        rows, columns, matrix = entry["true"], entry["predicted"] + [PENDING], entry["matrix"]
    else:
        rows, columns, matrix = list(result.model.tree.schema.classes), result.labels, result.confusion
    # PENDING only for a learner that can answer it (issue 36: CART's matrix had a PENDING column)
    if "pending_rate" not in result.metrics and columns and columns[-1] == PENDING \
            and not np.asarray(matrix, dtype=float)[:, -1].any():
        columns, matrix = list(columns[:-1]), [list(row[:-1]) for row in np.asarray(matrix).tolist()]
    return rows, columns, matrix


def result_text(result, level: int = 0) -> str:
    """What the Train panel shows of a TrainResult: size and time, the metrics (held-out or,
    labelled, on the training rows), and the confusion matrix of the classes or, with a class
    hierarchy, read at `level` (1..h; answers coarser than the level get their own columns)."""
    translate = QCoreApplication.translate
    tree = result.model.tree
    lines = [(translate("TrainPanel", "{algorithm}: {leaves} leaf, depth {depth}, fitted in {seconds} s")
              if tree.n_leaves == 1 else
              translate("TrainPanel", "{algorithm}: {leaves} leaves, depth {depth}, fitted in {seconds} s")).format(
                 algorithm=title_of(result.model.algorithm), leaves=tree.n_leaves, depth=tree.depth,
                 seconds=f"{result.fit_seconds:.2f}"),
             "", translate("TrainPanel", "metrics on {scheme}:").format(scheme=_(result.scheme_text))]
    lines += [f"  {name:28s} {value:.4f}" + (f" ± {result.metric_std[name]:.4f}" if name in result.metric_std else "")
              for name, value in result.metrics.items()]
    if result.baseline:
        base = result.baseline
        lines += ["", translate("TrainPanel", "baseline: always answering {label} ({rule}):").format(
            label=base["label"], rule=_(base["rule"]))]
        lines += [f"  {name:28s} {value:.4f}" for name, value in base["metrics"].items()]
        if result.beats_baseline() is False:
            lines.append(translate("TrainPanel", "  this model does no better than the baseline"))
    if "hierarchical_accuracy" in result.metrics:
        lines += [translate("TrainPanel", "  (accuracy: the exact class; hierarchical_accuracy: the class or one "
                            "of its ancestors;"),
                  translate("TrainPanel", "   label_precision: mean log_h(level + 1) of the answers, h = {levels} "
                            "levels;").format(levels=len(result.levels)),
                  translate("TrainPanel", "   accuracy_level_i: the answer read at level i, a coarser answer "
                            "counted wrong there)")]
    if result.warnings:
        lines += ["", translate("TrainPanel", "warnings:")] + [f"  {_(w)}" for w in result.warnings]
    rows, columns, matrix = confusion_of(result, level)
    columns = [shown_label(c) for c in columns]
    title = (translate("TrainPanel", "confusion matrix at level {level} (rows: true label there, columns: "
                "answered):").format(level=level)
             if level else translate("TrainPanel", "confusion matrix (rows: true class, columns: predicted):"))
    width = max(display_width(x) for x in list(columns) + list(rows)) + 2
    lines += ["", title, " " * width + "".join(rjust(x, width) for x in columns)]
    for name, row in zip(rows, matrix):
        lines.append(ljust(name, width) + "".join(rjust(format(v, "g"), width) for v in row))
    return "\n".join(lines)
