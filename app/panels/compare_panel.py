"""Compare: tick algorithms (an algorithm may come twice, with other parameters, or swept over
one parameter's values), choose the folds and a learning curve, run them on the same folds in
the background (progress, time left, Cancel), read a table of means beside the baseline with
the significance of each difference against a reference, see the fold scores as box plots, the
critical-difference diagram, the learning curve and the error / pending curve, and export the
workbook with Excel's own charts and the plots as PNG (engine.compare)."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QT_TRANSLATE_NOOP, QBuffer, QIODevice, Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from engine.algorithms.registry import by_family, get
from engine.compare import Entry, Scheme, compare
from engine.compare.baseline import BASELINE
from engine.compare.curves import check_train_sizes, error_pending_points, sweep
from engine.compare.significance import p_text, p_value_text, significance
from engine.compare.statistics import cd_groups
from engine.compare.workbook import write_comparison
from engine.errors import OptionError, RuleTreeError
from engine.i18n import _
from engine.metrics import headline, metric
from engine.plot import COLOURS

from .. import theme
from ..errors import show_error
from ..jobs import JobRunner
from .train_panel import ParamForm, folds_box

#: the markers beside a mean: significantly better / worse than the reference (corrected t-test)
BETTER, WORSE = "▲", "▼"
#: ticked when the tab first opens
DEFAULT_TICKS = ("c45", "cart")
#: an item's key (the algorithm's name; "c45#2" for a copy): what its form and sweep are kept under
KEY_ROLE = Qt.UserRole + 1
#: the learning curve's training sizes offered first, in % of each fold's training rows
DEFAULT_SIZES = "10, 25, 50, 75, 100"
NO_SWEEP = QT_TRANSLATE_NOOP("SweepRow", "(no sweep)")  # the first item: shown translated


class SweepRow(QWidget):
    """One of an algorithm's numeric parameters and the values to try it at: the entry becomes one
    entry per value (the trichotomy's trim alpha gives its error / pending curve)."""

    def __init__(self, info, parent=None):
        super().__init__(parent)
        self.info = info
        self.param = QComboBox()
        self.param.addItem(self.tr(NO_SWEEP))
        for p in info.params:
            if p.kind in ("int", "float") and p.stage == "fit":
                self.param.addItem(p.name)
        self.values = QLineEdit()
        self.values.setPlaceholderText(self.tr("values, e.g. 0, 0.02, 0.05, 0.1"))
        self.values.setEnabled(False)
        self.param.currentIndexChanged.connect(lambda index: self.values.setEnabled(index > 0))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(QLabel(self.tr("Try")))
        layout.addWidget(self.param)
        layout.addWidget(QLabel(self.tr("at")))
        layout.addWidget(self.values, 1)
        self.setToolTip(self.tr("One entry per value: the same algorithm at each value of one parameter, on the "
                                "same folds"))

    def chosen(self) -> tuple[str, list] | None:
        """(parameter, values) or None; raises OptionError on values that are not numbers."""
        name = self.param.currentText()
        if self.param.currentIndex() <= 0:  # (no sweep)
            return None
        kind = next(p.kind for p in self.info.params if p.name == name)
        values = []
        for text in self.values.text().replace(";", ",").split(","):
            if not text.strip():
                continue
            try:
                values.append(int(text) if kind == "int" else float(text))
            except ValueError:
                raise OptionError(self.tr('{algorithm}: "{value}" is not a value of {parameter}').format(
                    algorithm=self.info.name, value=text.strip(), parameter=name)) from None
        if not values:
            raise OptionError(self.tr("{algorithm}: give the values to try {parameter} at").format(
                algorithm=self.info.name, parameter=name))
        return name, values


class ComparePanel(QWidget):
    compared = Signal(object)  # the engine.compare.Comparison shown

    def __init__(self, parent=None):
        super().__init__(parent)
        self.problem = None  # () -> (EncodedData, ProblemSpec) of the file open, or raises
        self.result = None  # the last Comparison
        self.tests = None  # its Significance
        self.jobs = JobRunner(self)
        self.algorithms = QListWidget()
        for family, infos in by_family():
            head = QListWidgetItem(_(family.title))
            head.setFlags(Qt.NoItemFlags)
            bold = QFont()
            bold.setBold(True)
            head.setFont(bold)
            self.algorithms.addItem(head)
            for info in infos:
                item = QListWidgetItem("  " + _(info.title))
                item.setData(Qt.UserRole, info.name)
                item.setData(KEY_ROLE, info.name)
                item.setFlags(Qt.ItemIsEnabled | Qt.ItemIsUserCheckable)
                item.setCheckState(Qt.Checked if info.name in DEFAULT_TICKS else Qt.Unchecked)
                item.setToolTip(info.name)
                self.algorithms.addItem(item)
        # the parameters of the algorithm clicked in the list (a form per algorithm, kept while the
        # tab lives); what differs from the defaults goes into the entry ("c45 (min_cases=20)")
        self.forms: dict[str, ParamForm] = {}
        self.sweeps: dict[str, SweepRow] = {}
        self.pages: dict[str, QWidget] = {}  # key -> the form and the sweep row, as shown
        self.copies = 0
        self.edited: dict[str, tuple] = {}  # an edited model's key -> (title, params, edits): add_edited
        self.copy_button = QPushButton(self.tr("Add a copy"))
        self.copy_button.setToolTip(self.tr("The algorithm clicked once more, ticked, with parameters of its own: "
                                            "compare it with itself"))
        self.copy_button.setEnabled(False)
        self.copy_button.clicked.connect(self.add_copy)
        self.params_box = QGroupBox(self.tr("Parameters: click an algorithm"))
        self.params_area = QScrollArea()
        self.params_area.setWidgetResizable(True)
        box_layout = QVBoxLayout(self.params_box)
        box_layout.addWidget(self.params_area)
        # the sweep row of the algorithm shown, under its form (never scrolled out of sight)
        self.sweep_holder = QVBoxLayout()
        box_layout.addLayout(self.sweep_holder)
        self.algorithms.currentItemChanged.connect(lambda item, _previous: self.show_params(item))
        self.folds = folds_box()
        self.repeats = QSpinBox()
        self.repeats.setRange(1, 20)
        self.repeats.setPrefix(self.tr("x "))
        self.repeats.setSuffix(self.tr(" repeats"))
        # issue 39: each algorithm also fitted on all rows, its splits counted in B bootstrap models
        self.stability = QSpinBox()
        self.stability.setRange(0, 1000)
        self.stability.setSpecialValueText(self.tr("no stability"))
        self.stability.setPrefix(self.tr("stability: "))
        self.stability.setSuffix(self.tr(" bootstrap models"))
        self.stability.setToolTip(self.tr("Also fit each algorithm on all rows and count how often each of its splits "
                                          "comes back at the same place in this many bootstrap models: the "
                                          "stability column, the mean over the top three levels (0: not counted)"))
        self.curve_check = QCheckBox(self.tr("Learning curve at"))
        self.curve_check.setToolTip(self.tr("Each fold also trained on these shares of its training rows (nested, "
                                            "stratified) and scored on the same test rows"))
        self.curve_sizes = QLineEdit(DEFAULT_SIZES)
        self.curve_sizes.setEnabled(False)
        self.curve_check.toggled.connect(self.curve_sizes.setEnabled)
        self.run_button = QPushButton(self.tr("Compare"))
        self.run_button.clicked.connect(self.run)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.jobs.cancel)
        self.export_button = QPushButton(self.tr("Export to Excel..."))
        self.export_button.setEnabled(False)
        self.export_button.clicked.connect(lambda: self.export())
        self.progress = QProgressBar()
        self.progress.setRange(0, 1)
        self.status = QLabel(self.tr("Tick the algorithms to compare, then Compare: every one is trained and "
                                     "scored on the same folds, beside always answering one class."))
        self.status.setWordWrap(True)
        self.reference = QComboBox()
        self.reference.setToolTip(self.tr("The algorithm the others are tested against"))
        self.reference.currentIndexChanged.connect(self._retest)
        self.metric = QComboBox()
        self.metric.setSizeAdjustPolicy(QComboBox.AdjustToContents)
        self.reference.setSizeAdjustPolicy(QComboBox.AdjustToContents)
        self.metric.setToolTip(self.tr("The metric the tests and the box plot are on"))
        self.metric.currentIndexChanged.connect(self._retest)
        # which metrics the table shows (a menu of every metric of the comparison, ticked)
        self.columns_button = QToolButton()
        self.columns_button.setText(self.tr("Columns"))
        self.columns_button.setToolTip(self.tr("The metrics shown in the table"))
        self.columns_button.setPopupMode(QToolButton.InstantPopup)
        self.columns_menu = QMenu(self.columns_button)
        self.columns_button.setMenu(self.columns_menu)
        self.columns_button.setEnabled(False)
        self.columns: list[str] = []  # the metrics ticked, in the comparison's order
        self.column_actions: dict = {}  # metric -> its checkable action in the menu
        self.table = QTableWidget(0, 0)
        self.table.setEditTriggers(QTableWidget.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.summary = QLabel("")
        self.summary.setWordWrap(True)
        # the box plot is made with the first result (most sessions never compare: no plot to build)
        self.plot = None
        self.boxes: list[str] = []  # the names boxed in the fold-score plot, in order
        self.cd_plot = None  # the critical-difference diagram (made with the first result too)
        self.cd_items: dict = {}  # what the diagram shows: names at their ranks, the bars of its groups
        self.plot_holder = QVBoxLayout()
        self.cd_holder = QVBoxLayout()
        self.plot_box = QTabWidget()
        boxes, cd = QWidget(), QWidget()
        boxes.setLayout(self.plot_holder)
        cd.setLayout(self.cd_holder)
        self.plot_box.addTab(boxes, self.tr("Fold scores"))
        self.plot_box.addTab(cd, self.tr("Critical difference"))
        self.curve_plot = None  # the learning curve
        self.curve_items: dict = {}  # name -> (training rows, means) drawn
        self.pending_plot = None  # the error / pending curve
        self.pending_items: dict = {}  # algorithm -> [(pending, error)] drawn
        self.curve_holder = QVBoxLayout()
        self.pending_holder = QVBoxLayout()
        for holder, title in ((self.curve_holder, self.tr("Learning curve")),
                              (self.pending_holder, self.tr("Error / pending"))):
            page = QWidget()
            page.setLayout(holder)
            self.plot_box.addTab(page, title)
        self.plot_box.setMinimumHeight(300)

        left = QVBoxLayout()
        left.addWidget(QLabel(self.tr("Algorithms:")))
        left.addWidget(self.algorithms, 2)
        left.addWidget(self.copy_button)
        left.addWidget(self.params_box, 1)
        scheme = QHBoxLayout()
        scheme.addWidget(self.folds)
        scheme.addWidget(self.repeats)
        left.addLayout(scheme)
        left.addWidget(self.stability)
        curve = QHBoxLayout()
        curve.addWidget(self.curve_check)
        curve.addWidget(self.curve_sizes, 1)
        curve.addWidget(QLabel("%"))
        left.addLayout(curve)
        buttons = QHBoxLayout()
        buttons.addWidget(self.run_button)
        buttons.addWidget(self.cancel_button)
        left.addLayout(buttons)
        left_widget = QWidget()
        left_widget.setLayout(left)
        right = QVBoxLayout()
        right.addWidget(self.progress)
        right.addWidget(self.status)
        choices = QHBoxLayout()
        choices.addWidget(QLabel(self.tr("tests on:")))
        choices.addWidget(self.metric)
        choices.addWidget(QLabel(self.tr("against:")))
        choices.addWidget(self.reference)
        choices.addStretch(1)
        choices.addWidget(self.columns_button)
        choices.addWidget(self.export_button)
        right.addLayout(choices)
        right.addWidget(self.table, 1)
        right.addWidget(self.summary)
        right.addWidget(self.plot_box, 2)
        right_widget = QWidget()
        right_widget.setLayout(right)
        split = QSplitter(Qt.Horizontal)
        split.addWidget(left_widget)
        split.addWidget(right_widget)
        split.setSizes([330, 1000])
        layout = QVBoxLayout(self)
        layout.addWidget(split)
        self.jobs.progressed.connect(self._progressed)
        self.jobs.busy_changed.connect(self._busy)
        self.jobs.finished.connect(self.show_result)
        self.jobs.failed.connect(self._failed)
        self.jobs.cancelled.connect(lambda: self.status.setText(self.tr("Cancelled: run again to start over.")))

    # ---- running ---------------------------------------------------------------------------

    def show_params(self, item) -> None:
        """The parameter form of the algorithm `item` names (made on first use)."""
        name = item.data(Qt.UserRole) if item is not None else None
        self.copy_button.setEnabled(name is not None)
        if name is None:
            return
        key = item.data(KEY_ROLE)
        if key in self.edited:  # its parameters are the model's: nothing to set here
            self.copy_button.setEnabled(False)
            self.params_box.setTitle(self.tr("{model}: the model's own parameters and edits").format(
                model=self.edited[key][0]))
            self.params_area.takeWidget()
            self.params_area.setWidget(QWidget())
            return
        info = get(name)
        page = self.pages.get(key)
        if page is None:
            page = self.pages[key] = QWidget()
            layout = QVBoxLayout(page)
            layout.setContentsMargins(0, 0, 0, 0)
            self.forms[key] = ParamForm(info)
            layout.addWidget(self.forms[key])
            layout.addStretch(1)
            if any(p.kind in ("int", "float") and p.stage == "fit" for p in info.params):
                self.sweeps[key] = SweepRow(info)
                self.sweep_holder.addWidget(self.sweeps[key])
        self.params_area.takeWidget()  # the widget stays owned by self.pages
        self.params_area.setWidget(page)
        if self.forms[key].wide:  # helps in Chinese: room for them beside the editors, not a column of one character
            area = self.params_area
            area.setMinimumWidth(page.minimumSizeHint().width() + area.verticalScrollBar().sizeHint().width()
                                 + 2 * area.frameWidth())
        for k, row in self.sweeps.items():
            row.setVisible(k == key)
        title = item.text().strip()
        self.params_box.setTitle(self.tr("Parameters of {algorithm}").format(algorithm=title) if info.params else
                                 self.tr("{algorithm}: no parameters").format(algorithm=title))

    def add_copy(self) -> QListWidgetItem | None:
        """The current algorithm once more, below it, ticked, with a form of its own; it is made current."""
        item = self.algorithms.currentItem()
        if item is None or item.data(Qt.UserRole) is None:
            return None

        name = item.data(Qt.UserRole)
        self.copies += 1
        copy = QListWidgetItem("  " + self.tr("{algorithm}, copy {number}").format(algorithm=_(get(name).title),
                                                                                  number=self.copies))
        copy.setData(Qt.UserRole, name)
        copy.setData(KEY_ROLE, f"{name}#{self.copies}")
        copy.setFlags(Qt.ItemIsEnabled | Qt.ItemIsUserCheckable | Qt.ItemIsSelectable)
        copy.setCheckState(Qt.Checked)
        copy.setToolTip(self.tr("{algorithm}: give it other parameters than the first").format(algorithm=name))
        self.algorithms.insertItem(self.algorithms.row(item) + 1, copy)
        self.algorithms.setCurrentItem(copy)
        return copy

    def entry_params(self, key: str) -> dict:
        """The parameters of `key` (an algorithm, or a copy's key) set in its form that differ from
        the defaults ({} without a form)."""
        form = self.forms.get(key)
        if form is None:
            return {}
        defaults = {p.name: p.default for p in form.info.params}
        return {k: v for k, v in form.values().items() if k in defaults and v != defaults[k]}

    def ticked(self) -> list[str]:
        """The algorithms ticked (a copy's algorithm again), in list order."""
        return [item.data(Qt.UserRole) for item in self._ticked_items()]

    def _ticked_items(self) -> list:
        return [self.algorithms.item(i) for i in range(self.algorithms.count())
                if self.algorithms.item(i).data(Qt.UserRole) is not None
                and self.algorithms.item(i).checkState() == Qt.Checked]

    def entries(self) -> list:
        """The ticked items as engine.compare Entries: each with its parameters, a swept one as
        one entry per value. Raises OptionError on a sweep without values."""

        out = []
        for item in self._ticked_items():
            key = item.data(KEY_ROLE)
            if key in self.edited:  # an edited model: its own parameters and edits
                title, params, edits = self.edited[key]
                out.append(Entry(item.data(Qt.UserRole), params, title, edits=edits))
                continue
            entry = Entry(item.data(Qt.UserRole), self.entry_params(key))
            row = self.sweeps.get(key)
            chosen = row.chosen() if row is not None else None
            if chosen is None:
                out.append(entry)
            else:
                entry.name = entry.label
                out += sweep([entry], entry.name, *chosen)
        return out

    def train_sizes(self) -> tuple | None:
        """The learning curve's sizes as shares (None when it is off); raises OptionError."""

        if not self.curve_check.isChecked():
            return None
        sizes = []
        for text in self.curve_sizes.text().replace(";", ",").replace("%", "").split(","):
            if text.strip():
                try:
                    value = float(text)
                except ValueError:
                    raise OptionError(self.tr('learning curve: "{value}" is not a percentage').format(
                        value=text.strip())) from None
                if not 0 < value <= 100:
                    raise OptionError(self.tr("learning curve: {value} % is not between 0 and 100").format(
                        value=text.strip()))
                sizes.append(value / 100)
        return check_train_sizes(sizes)

    def add_edited(self, model) -> QListWidgetItem:
        """An edited model as an entry (its learner and parameters, its edits replayed on each fold's
        training rows), ticked beside its learner, which is ticked too."""
        self.edited_count = getattr(self, "edited_count", 0) + 1
        key = f"edited#{self.edited_count}"
        title = self.tr("{algorithm}, edited ({n} edits)").format(algorithm=_(get(model.algorithm).title),
                                                                  n=len(model.edits))
        item = QListWidgetItem("  " + title)
        item.setData(Qt.UserRole, model.algorithm)
        item.setData(KEY_ROLE, key)
        item.setFlags(Qt.ItemIsEnabled | Qt.ItemIsUserCheckable | Qt.ItemIsSelectable)
        item.setCheckState(Qt.Checked)
        item.setToolTip(self.tr("The model you edited: its parameters, and its edits replayed on each fold's "
                                "training rows"))
        self.edited[key] = (title, dict(model.params), list(model.edits))
        self.algorithms.addItem(item)
        for i in range(self.algorithms.count()):
            learner = self.algorithms.item(i)
            if learner.data(KEY_ROLE) == model.algorithm:
                learner.setCheckState(Qt.Checked)
        return item

    def use_guideline(self, text: str) -> bool:
        """Tick the learner `guideline` with these rules (the Guideline tab's Add to Compare)."""
        for i in range(self.algorithms.count()):
            item = self.algorithms.item(i)
            if item.data(Qt.UserRole) == "guideline" and item.data(KEY_ROLE) == "guideline":
                self.algorithms.setCurrentItem(item)
                self.show_params(item)
                self.forms["guideline"].set_values({"text": text})
                item.setCheckState(Qt.Checked)
                return True
        return False

    def tick(self, names) -> None:
        for i in range(self.algorithms.count()):
            item = self.algorithms.item(i)
            if item.data(Qt.UserRole) is not None:
                item.setCheckState(Qt.Checked if item.data(Qt.UserRole) in names else Qt.Unchecked)

    def run(self) -> None:

        if not self.ticked():
            self.status.setText(self.tr("Tick at least one algorithm."))
            return
        if self.problem is None:
            self.status.setText(self.tr("Open a data file first."))
            return
        try:
            data, spec = self.problem()
        except Exception as exc:  # noqa: BLE001 - the window's own checks: say why, keep the tab
            self.status.setText(self.tr("Cannot compare: {reason}").format(reason=_(str(exc))))
            return
        try:
            entries = self.entries()
            scheme = Scheme(cv=self.folds.value(), repeats=self.repeats.value(), train_sizes=self.train_sizes(),
                            stability=self.stability.value() or None)
        except RuleTreeError as exc:
            self.status.setText(self.tr("Cannot compare: {reason}").format(reason=_(str(exc))))
            return
        # threads, one at a time: worker processes cannot be forked from a running window, and the
        # learners' Python holds the interpreter lock (engine.compare.runner)
        self.jobs.start(lambda progress: compare(data, spec, entries, scheme, jobs=1, progress=progress,
                                                 executor="threads"))

    def _busy(self, busy: bool) -> None:
        self.run_button.setEnabled(not busy)
        self.cancel_button.setEnabled(busy)
        if busy:
            self.progress.setRange(0, 0)
            self.status.setText(self.tr("comparing..."))
        elif self.progress.maximum() == 0:
            self.progress.setRange(0, 1)

    def _progressed(self, done: int, total: int, message: str) -> None:
        self.progress.setRange(0, max(total, 1))
        self.progress.setValue(done)
        self.status.setText(_(message))

    def _failed(self, message: str, is_bug: bool) -> None:
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.status.setText(self.tr("The comparison failed: {message}").format(message=_(message)))

    # ---- results ----------------------------------------------------------------------------

    def show_result(self, result) -> None:
        self.result = result
        self.progress.setRange(0, 1)
        self.progress.setValue(1)
        folds = len(result.n_test)
        text = self.tr("{algorithms} algorithm(s) and {baseline} on the same {folds} folds. Means ± std over the "
                       "folds; ▲ / ▼: significantly better / worse than the reference (corrected resampled t-test, "
                       "5 %).").format(algorithms=len(result.entries) - 1, baseline=_(result.baseline), folds=folds)
        if result.curve is not None:
            text += self.tr(" Learning curve over {sizes} training sizes; the table is on the largest.").format(
                sizes=len(result.curve.sizes))
        self.status.setText(text)
        # the choices keep the metric's key and the entry's name as their data (what the tests read)
        for box, items, shown in ((self.metric, result.fold_metrics(), lambda key: metric(key).title_text()),
                                  (self.reference, result.names, self._shown)):
            box.blockSignals(True)
            box.clear()
            for key in items:
                box.addItem(shown(key), key)
                if shown(key) != key:  # words shown: the key the command line's --metric and the JSON use
                    box.setItemData(box.count() - 1, key, Qt.ToolTipRole)
            box.blockSignals(False)
        name = headline(result[result.names[0]].evaluation.summary()).key
        self.metric.blockSignals(True)
        if self.metric.findData(name) >= 0:
            self.metric.setCurrentIndex(self.metric.findData(name))
        self.metric.blockSignals(False)
        self.export_button.setEnabled(True)
        self._fill_columns_menu(result.metrics())
        self._retest()
        self.compared.emit(result)

    def _fill_columns_menu(self, metrics: list[str]) -> None:
        """A ticked entry per metric of the comparison; those ticked before stay ticked, else the defaults."""
        before = set(self.columns)
        keep = bool(before & set(metrics))
        self.columns_menu.clear()
        self.column_actions = {}
        for m in metrics:
            action = self.columns_menu.addAction(metric(m).title_text())
            action.setCheckable(True)
            action.setChecked(m in before if keep else metric(m).column)
            action.toggled.connect(lambda _checked: self._columns_changed())
            self.column_actions[m] = action
        self.columns = [m for m in metrics if self.column_actions[m].isChecked()]
        self.columns_button.setEnabled(bool(metrics))

    def _columns_changed(self) -> None:
        self.columns = [m for m, action in self.column_actions.items() if action.isChecked()]
        if self.result is not None:
            self._fill_table()

    def _retest(self) -> None:
        result = self.result
        if result is None or not self.metric.currentData() or not self.reference.currentData():
            return
        try:
            self.tests = significance(result, self.metric.currentData(), self.reference.currentData())
        except Exception as exc:  # noqa: BLE001 - e.g. a reference without that metric
            self.summary.setText(self.tr("No tests: {reason}").format(reason=_(str(exc))))
            self.tests = None
        self._fill_table()
        self._draw_plot()

    def _fill_table(self) -> None:
        result, tests = self.result, self.tests
        tested = self.metric.currentData()
        shown = [tested] + [m for m in self.columns if m != tested]
        headers = [self.tr("algorithm")] + [metric(m).title_text() for m in shown] + \
            [self.tr("p (corrected t)"), self.tr("p (Wilcoxon)"), self.tr("avg rank")]
        self.table.setColumnCount(len(headers))
        self.table.setHorizontalHeaderLabels(headers)
        self.table.setRowCount(len(result.entries))
        # the best mean of each quality metric in bold (sizes and times are not better when smaller)
        best = {}
        for m in shown:
            if not metric(m).quality:
                continue
            means = [e.evaluation.summary()[m]["mean"] for e in result.entries if m in e.evaluation.summary()]
            if means:
                best[m] = metric(m).best(means)
        self.bold = {}  # metric -> the entries shown in bold (for tests)
        for i, e in enumerate(result.entries):
            summary = e.evaluation.summary()
            cells = [self._shown(e.name)] + [metric(m).text(summary[m]["mean"], summary[m]["std"]) if m in summary
                                             else "-" for m in shown]
            pair = tests.pairs.get(e.name, {}) if tests is not None else {}
            t, w = pair.get("corrected_t"), pair.get("wilcoxon")
            verdict = tests.better_than_reference(e.name) if tests is not None else None
            if verdict is not None:
                cells[1] += f"  {BETTER if verdict else WORSE}"
            rank = tests.rank_of(e.name) if tests is not None and e.name in tests.names else None
            cells += [p_value_text(t.p_value) if t else (self.tr("reference") if tests and e.name == tests.reference
                                                         else "-"),
                      p_value_text(w.p_value if w else None), f"{rank:.2f}" if rank is not None else "-"]
            for j, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if j:
                    item.setTextAlignment(Qt.AlignRight | Qt.AlignVCenter)
                m = shown[j - 1] if 1 <= j <= len(shown) else None
                if m in best and m in summary and summary[m]["mean"] == best[m]:
                    font = item.font()
                    font.setBold(True)
                    item.setFont(font)
                    self.bold.setdefault(m, []).append(e.name)
                if j == 1 and verdict is not None:
                    item.setForeground(theme.tone(*(theme.BETTER if verdict else theme.WORSE)))
                self.table.setItem(i, j, item)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeToContents)
        if tests is not None and tests.friedman is not None:
            f = tests.friedman
            self.summary.setText(self.tr("Friedman over {folds} folds: {p} (Iman-Davenport); Nemenyi critical "
                                         "difference of average ranks {cd}. The folds of one file are not independent "
                                         "samples: the corrected t-test allows for that, Friedman and Nemenyi are "
                                         "indicative.").format(folds=f.n_blocks, p=p_text(f.p_value),
                                                               cd=f"{tests.nemenyi.critical_difference:.2f}"))

    def _draw_plot(self) -> None:
        """Each algorithm's fold scores on the tested metric: a box (quartiles), whiskers to the
        extremes, the median as a line, the folds as dots."""
        # deferred: loads pyqtgraph (only for the plots)
        import pyqtgraph as pg

        if self.plot is None:
            self.plot = pg.PlotWidget(background="w")
            self.plot_holder.addWidget(self.plot)
        self.plot.clear()
        key = self.metric.currentData()
        scores = self.result.fold_scores(key)
        names = [n for n in self.result.names if n in scores]
        for k, name in enumerate(names):
            values = np.asarray(scores[name], dtype=float)
            q1, median, q3 = np.percentile(values, [25, 50, 75])
            colour = COLOURS[k % len(COLOURS)]
            box = pg.QtWidgets.QGraphicsRectItem(k - 0.3, q1, 0.6, max(q3 - q1, 1e-12))
            box.setPen(pg.mkPen(colour, width=2))
            box.setBrush(pg.mkBrush(colour + "40"))
            self.plot.addItem(box)
            self.plot.plot([k - 0.3, k + 0.3], [median, median], pen=pg.mkPen(colour, width=3))
            self.plot.plot([k, k], [values.min(), q1], pen=pg.mkPen(colour))
            self.plot.plot([k, k], [q3, values.max()], pen=pg.mkPen(colour))
            self.plot.plot(np.full(len(values), float(k)), values, pen=None, symbol="o", symbolSize=5,
                           symbolBrush=colour)
        axis = self.plot.getAxis("bottom")
        axis.setTicks([[(k, self._shown(name)) for k, name in enumerate(names)]])
        self.plot.setLabel("left", metric(key).title_text())
        self.plot.setTitle(self.tr("{metric} on each fold").format(metric=metric(key).title_text()))
        self.boxes = names  # what is drawn, in order (for tests and the export)
        self._draw_cd()
        self._draw_curve()
        self._draw_pending()

    def _new_plot(self, holder):
        # deferred: loads pyqtgraph (only for the plots)
        import pyqtgraph as pg

        plot = pg.PlotWidget(background="w")
        plot.showGrid(x=True, y=True, alpha=0.3)
        plot.addLegend(offset=(-10, 10))
        holder.addWidget(plot)
        return plot

    def _draw_curve(self) -> None:
        """The tested metric's mean against the training rows, one line per entry, a bar of ± one
        std over the folds at each point."""
        # deferred: loads pyqtgraph (only for the plots)
        import pyqtgraph as pg

        if self.curve_plot is None:
            self.curve_plot = self._new_plot(self.curve_holder)
        plot = self.curve_plot
        plot.clear()
        self.curve_items = {}
        curve, key = self.result.curve, self.metric.currentData()
        if curve is None:
            plot.setTitle(self.tr("Tick \u201cLearning curve\u201d and compare again to see how each algorithm "
                                  "learns with more rows"))
            return
        rows = curve.mean_rows()
        for k, name in enumerate(self.result.names):
            found = curve.summary(name, key)
            if found is None:
                continue
            mean, std = found
            colour = COLOURS[k % len(COLOURS)]
            plot.addItem(pg.ErrorBarItem(x=rows, y=mean, height=2 * std, beam=0, pen=pg.mkPen(colour)))
            plot.plot(rows, mean, pen=pg.mkPen(colour, width=2), symbol="o", symbolSize=6, symbolBrush=colour,
                      name=self._shown(name))
            self.curve_items[name] = (rows.tolist(), mean.tolist())
        plot.setLabel("bottom", self.tr("training rows (mean over the folds)"))
        plot.setLabel("left", metric(key).title_text())
        plot.setTitle(self.tr("Learning curve: {metric}, each size on the same test rows").format(
            metric=metric(key).title_text()))

    def _draw_pending(self) -> None:
        """Misclassification rate against pending rate: a line through a swept algorithm's entries
        (each point labelled with its entry), a dot for every algorithm that never answers pending."""
        # deferred: loads pyqtgraph (only for the plots)
        import pyqtgraph as pg


        if self.pending_plot is None:
            self.pending_plot = self._new_plot(self.pending_holder)
        plot = self.pending_plot
        plot.clear()
        self.pending_items = {}
        groups = error_pending_points(self.result)
        if not groups:
            plot.setTitle(self.tr("No algorithm here answers \u201cpending\u201d: tick the trichotomy tree (try its "
                                  "trim at 0, 0.02, 0.05, 0.1)"))
            return
        for axis in ("left", "bottom"):
            plot.getAxis(axis).enableAutoSIPrefix(False)
        for k, (algorithm, points) in enumerate(groups.items()):
            colour = COLOURS[k % len(COLOURS)]
            xs = [100 * p.pending_rate for p in points]
            ys = [100 * p.misclassification_rate for p in points]
            plot.plot(xs, ys, pen=pg.mkPen(colour, width=2) if len(points) > 1 else None, symbol="o",
                      symbolSize=8, symbolBrush=colour, name=_(algorithm) if algorithm == BASELINE else algorithm)
            if len(points) > 1:
                for i, p in enumerate(points):  # labels above and below in turn: close points stay legible
                    label = pg.TextItem(p.name[len(algorithm):].strip(" ()") or p.name, color=colour,
                                        anchor=(0, 1) if i % 2 == 0 else (0, 0))
                    label.setPos(100 * p.pending_rate, 100 * p.misclassification_rate)
                    plot.addItem(label)
            self.pending_items[algorithm] = [(p.pending_rate, p.misclassification_rate) for p in points]
        rates = [v for pts in self.pending_items.values() for point in pts for v in point]
        top = 100 * max(rates + [0.05])
        plot.setXRange(-0.02 * top, 1.2 * top)  # room for the labels right of the points
        plot.setYRange(0, 1.1 * top)
        plot.setLabel("bottom", self.tr("pending rate, % of cases (left undecided)"))
        plot.setLabel("left", self.tr("misclassification rate, % of cases (wrong decisions)"))
        plot.setTitle(self.tr("Error against pending, means over the folds"))

    def plot_images(self, width: int = 1000) -> list[tuple[str, bytes]]:
        """Each plot drawn for the last result as (title, PNG bytes), for the workbook."""
        # deferred: loads pyqtgraph (only for the plots)
        import pyqtgraph.exporters

        out = []
        for title, plot, drawn in ((self.tr("Fold scores"), self.plot, bool(self.boxes)),
                                   (self.tr("Critical difference"), self.cd_plot, bool(self.cd_items.get("names"))),
                                   (self.tr("Learning curve"), self.curve_plot, bool(self.curve_items)),
                                   (self.tr("Error / pending"), self.pending_plot, bool(self.pending_items))):
            if plot is None or not drawn:
                continue
            if plot.width() < 200:  # never shown (a tab not opened): give it a size to draw at
                plot.resize(width, int(width * 0.55))
            exporter = pyqtgraph.exporters.ImageExporter(plot.plotItem)
            exporter.parameters()["width"] = width
            image = exporter.export(toBytes=True)
            buffer = QBuffer()
            buffer.open(QIODevice.WriteOnly)
            image.save(buffer, "PNG")
            out.append((title, bytes(buffer.data())))
        return out

    def _draw_cd(self) -> None:
        """Demšar's critical-difference diagram: the average ranks on an axis (1, the best, on the
        left), each algorithm's name at its rank, a bar under every group whose ranks lie within the
        critical difference of each other (no significant difference inside a bar), and the CD
        itself as a segment above the axis."""
        # deferred: loads pyqtgraph (only for the plots)
        import pyqtgraph as pg

        if self.cd_plot is None:
            self.cd_plot = pg.PlotWidget(background="w")
            self.cd_plot.hideAxis("left")
            self.cd_holder.addWidget(self.cd_plot)
        plot = self.cd_plot
        plot.clear()
        self.cd_items = {"names": {}, "groups": []}
        tests = self.tests
        if tests is None or tests.friedman is None:
            plot.setTitle(self.tr("Needs at least two algorithms on at least two folds"))
            return
        ranks = tests.friedman.average_ranks
        k, cd = len(ranks), tests.nemenyi.critical_difference
        order = sorted(range(k), key=lambda i: ranks[i])
        half = (k + 1) // 2
        for place, i in enumerate(order):  # the better half labelled on the left, the rest on the right
            left = place < half
            y = -1.0 - (place if left else k - 1 - place) * 0.6
            x_text = 0.6 if left else k + 0.4
            plot.plot([ranks[i], ranks[i], x_text], [0.0, y, y], pen=pg.mkPen("#37474f"))
            label = pg.TextItem(f"{self._shown(tests.names[i])} ({ranks[i]:.2f})", color="#212121",
                                anchor=(1, 0.5) if left else (0, 0.5))
            label.setPos(x_text, y)
            plot.addItem(label)
            self.cd_items["names"][tests.names[i]] = float(ranks[i])
        for g, group in enumerate(cd_groups(ranks, cd)):
            lo, hi = min(ranks[i] for i in group), max(ranks[i] for i in group)
            y = -0.3 - 0.25 * g
            plot.plot([lo - 0.03, hi + 0.03], [y, y], pen=pg.mkPen("#b71c1c", width=5))
            self.cd_items["groups"].append([tests.names[i] for i in group])
        plot.plot([1, 1 + cd], [0.8, 0.8], pen=pg.mkPen("#1565c0", width=3))
        cd_label = pg.TextItem(f"CD = {cd:.2f}", color="#1565c0", anchor=(0, 1))
        cd_label.setPos(1, 0.8)
        plot.addItem(cd_label)
        plot.plot([1, k], [0, 0], pen=pg.mkPen("#212121", width=2))
        for r in range(1, k + 1):
            plot.plot([r, r], [0, 0.15], pen=pg.mkPen("#212121"))
        plot.getAxis("bottom").setTicks([[(r, str(r)) for r in range(1, k + 1)]])
        plot.setLabel("bottom", self.tr("average rank on {metric} (1: best)").format(
            metric=metric(tests.metric).title_text()))
        plot.setXRange(-1.5 if k < 4 else -0.5 * k, k + 1.5 + 0.5 * k)
        plot.setYRange(-1.4 - (half - 1) * 0.6, 1.3)
        plot.setTitle(self.tr("Critical difference (Nemenyi, alpha {alpha}): no significant difference within a "
                              "red bar").format(alpha=f"{tests.alpha:g}"))

    def _shown(self, name: str) -> str:
        """An entry's name as shown: the algorithms' names as they are, the baseline's in the window's language."""
        return _(name) if self.result is not None and name == self.result.baseline else name

    def export(self, path: str | None = None) -> bool:
        if self.result is None or self.tests is None:
            return False
        if not path:
            path, _filter = QFileDialog.getSaveFileName(self, self.tr("Export the comparison"), "comparison.xlsx",
                                                        self.tr("Excel workbook") + " (*.xlsx)")
            if not path:
                return False
        try:
            write_comparison(path, self.result, self.tests, self.plot_images())
        except Exception as exc:  # noqa: BLE001 - the window's one way of saying why (app.errors)
            show_error(self, exc, path)
            return False
        return True
