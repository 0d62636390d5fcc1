"""The RuleTree Studio window: Data, Problem, Train, Tree and Rules panels over engine calls.

Every engine error is shown in a dialog with the engine's message; anything
unexpected is logged (user data folder) and shown politely. Long work runs in a
background job with progress and Cancel. Window state and recent files persist.
"""

from __future__ import annotations

import logging
import os
import sys
import weakref

from PySide6.QtCore import QT_TRANSLATE_NOOP, QByteArray, QSettings, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (QApplication, QFileDialog, QInputDialog, QLabel, QMainWindow, QMessageBox, QTabWidget,
                               QVBoxLayout, QWidget)

from engine import __version__
from engine.data import read_table
from engine.data.project import SUFFIX, Project, load_project, save_project
from engine.data.read import SUPPORTED_SUFFIXES
from engine.data.spec import ProblemSpec
from engine.paths import log_file
from engine.resources import demo_project

from .errors import show_error
from .jobs import JobRunner
from .panels.compare_panel import ComparePanel
from .panels.consult_panel import ConsultPanel
from .panels.data_panel import DataPanel
from .panels.problem_panel import ProblemPanel
from .panels.rules_panel import RulesPanel
from .panels.train_panel import TrainPanel

APP_NAME = "RuleTree Studio"
SETTINGS_ORG = "RuleTree Studio"  # QSettings(organisation, application): both this name
MAX_RECENT = 8
log = logging.getLogger(__name__)


class TreePanel(QWidget):
    """The drawn tree, its controls, and the rule and training rows of the node clicked.

    A case (a row of the data, picked in the "case" box or by selecting it on the Data tab)
    is shown on the tree: its path in a crisp tree; in a fuzzy tree its membership in every
    branch and how strongly it reaches every node (TreeCanvas.show_case).
    """

    def __init__(self, parent=None):
        super().__init__(parent)
        from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLineEdit, QPushButton, QSpinBox

        from .widgets.tree_canvas import TreeCanvas
        from .widgets.tree_overview import TreeOverview

        self.canvas = TreeCanvas()
        self.overview = TreeOverview(self.canvas)  # the minimap, over the canvas's bottom-right corner
        self.rule = QLabel(self.tr("Train a model to see its tree."))
        self.rule.setWordWrap(True)
        self.rule.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.depth = QSpinBox()
        self.depth.setRange(0, 200)
        self.depth.setSpecialValueText(self.tr("all levels"))
        self.depth.setPrefix(self.tr("depth limit "))
        self.depth.valueChanged.connect(lambda v: self.canvas.set_max_depth(v or None))
        bar = QHBoxLayout()
        for text, slot in ((self.tr("Fit"), self.canvas.fit), (self.tr("Zoom in"), self.canvas.zoom_in),
                           (self.tr("Zoom out"), self.canvas.zoom_out), (self.tr("Expand all"), self.canvas.expand_all),
                           (self.tr("Export PNG/SVG..."), self.export_picture)):
            button = QPushButton(text)
            button.clicked.connect(slot)
            bar.addWidget(button)
        bar.addWidget(self.depth)
        self.case = QSpinBox()
        self.case.setPrefix(self.tr("case: row "))
        self.case.setSpecialValueText(self.tr("case: none"))
        self.case.setToolTip(self.tr("Show one row of the data on the tree (or select the row on the Data tab)"))
        self.case.setEnabled(False)
        self.case.valueChanged.connect(self._case_changed)
        bar.addWidget(self.case)
        self.find = QLineEdit()
        self.find.setPlaceholderText(self.tr("find an attribute or a class"))
        self.find.setToolTip(self.tr("Enter: the next node that tests this attribute or answers this class (its "
                                     "path is highlighted and opened)"))
        self.find.setClearButtonEnabled(True)
        self.find.returnPressed.connect(self.find_next)
        self.find.textChanged.connect(lambda _: setattr(self, "_found", None))
        self.found = QLabel("")
        self._found = None  # (text, matches, index) of the last search
        bar.addWidget(self.find)
        bar.addWidget(self.found)
        self.costs = QCheckBox(self.tr("show costs"))
        self.costs.setToolTip(self.tr(self.COSTS_TIP))
        self.costs.setEnabled(False)
        self.costs.toggled.connect(self._show_costs)
        bar.addWidget(self.costs)
        bar.addStretch(1)
        self.case_info = QLabel("")
        self.case_info.setWordWrap(True)
        self.case_info.setVisible(False)
        layout = QVBoxLayout(self)
        layout.addLayout(bar)
        layout.addWidget(self.canvas, 1)
        layout.addWidget(self.case_info)
        layout.addWidget(self.rule)
        self.tree = None
        self.node_rows: dict[int, list[int]] = {}
        self.node_costs = None  # per node, what a case pays there (engine.strategies.node_costs); None: unpriced
        self.table = None  # the data and model the case box picks rows of (set_cases)
        self.model = None
        self._X = None  # the table's rows encoded for the model (when first needed)
        self._row_numbers = None  # the spreadsheet row number of each data row
        self.canvas.node_selected.connect(self._node_selected)
        self.canvas.depth_chosen.connect(self._depth_chosen)

    COSTS_TIP = QT_TRANSLATE_NOOP("TreePanel", "Show in every box what a case pays there: at a test its test and "
                                  "waiting cost (unknown prerequisites first; a batch member costs less once its "
                                  "group's common cost is paid above), at a leaf the tests paid on the way")
    NO_COSTS_TIP = QT_TRANSLATE_NOOP("TreePanel", "The problem prices no tests: set test costs or waiting times on "
                                     "the Problem tab, then train")

    def show_tree(self, tree, node_rows: dict[int, list[int]] | None = None, spec=None) -> None:
        """Draw `tree`; `spec`, the problem it was trained on, prices its tests (the costs box)."""
        from engine.costs import CostModel
        from engine.strategies import node_costs
        from engine.workflows import has_test_costs

        self.tree = tree
        self.node_rows = node_rows or {}
        priced = has_test_costs(spec)
        self.node_costs = node_costs(tree, CostModel.from_spec(spec, tree.schema.names)) if priced else None
        self.costs.setEnabled(priced)
        if not priced:  # greyed out and unticked: nothing to show
            self.costs.blockSignals(True)
            self.costs.setChecked(False)
            self.costs.blockSignals(False)
        self.costs.setToolTip(self.tr(self.COSTS_TIP if priced else self.NO_COSTS_TIP))
        self.case_info.setVisible(False)
        self.rule.setText(self.tr("{leaves} leaves, depth {depth}. Click a node to see its rule.").format(
            leaves=tree.n_leaves, depth=tree.depth))
        self.canvas.set_tree(tree, readable=True)  # may choose a depth limit now, or when first shown
        self._show_costs(self.costs.isChecked())
        self.canvas.fit()

    # ---- a case ---------------------------------------------------------------------

    def set_cases(self, table, model) -> None:
        """The rows the case box picks from (None: no case can be picked); a row already
        picked is shown again on the new tree."""
        import numpy as np

        self.table, self.model, self._X = table, model, None
        usable = table is not None and model is not None and table.n_rows > 0
        numbers = (table.row_numbers if table.row_numbers is not None else
                   np.arange(table.first_row, table.first_row + table.n_rows)) if usable else None
        self._row_numbers = numbers
        self.case.blockSignals(True)
        keep = self.case.value()
        if usable:
            self.case.setRange(int(numbers[0]) - 1, int(numbers[-1]))
            self.case.setValue(keep if keep >= numbers[0] else int(numbers[0]) - 1)
        else:
            self.case.setRange(0, 0)
        self.case.setEnabled(usable)
        self.case.blockSignals(False)
        self._case_changed(self.case.value())

    def pick_index(self, index: int) -> None:
        """Show data row `index` (0-based, as the Data tab's table) on the tree."""
        if self._row_numbers is not None and 0 <= index < len(self._row_numbers):
            self.case.setValue(int(self._row_numbers[index]))

    def _case_changed(self, value: int) -> None:
        import numpy as np

        from engine.data.table import format_number

        self.canvas.clear_case()
        self.case_info.setVisible(False)
        if self.model is None or self.table is None or self.tree is not self.model.tree \
                or value <= self.case.minimum():
            return
        index = int(np.searchsorted(self._row_numbers, value))
        if index >= len(self._row_numbers) or self._row_numbers[index] != value:
            self._say(self.tr("Row {row} is not a row of the data (a blank row?).").format(row=value))
            return
        try:
            if self._X is None:
                self._X = self.model.schema.encode_features(self.table, warnings=[])
            x = self._X[index]
            answer = self.model.predict(self._X[index:index + 1]).label_names(self.tree)[0]
        except Exception as exc:  # noqa: BLE001 - the tree stays; the reason is shown beside it
            self._say(self.tr("Row {row} cannot be shown: {reason}").format(row=value, reason=exc))
            return
        view = self.canvas.show_case(x, self.model.missing, self.tr("row {row}").format(row=value))
        target = self.model.spec.target
        truth = self.table.frame[target].iloc[index] if target in self.table.frame.columns else None
        if isinstance(truth, float):
            truth = None if truth != truth else format_number(truth)
        case = (self.tr("Row {row} ({target} = {value})").format(row=value, target=target, value=truth)
                if truth is not None else self.tr("Row {row}").format(row=value))
        if view is not None and view.fuzzy:
            if self.tree.tnorm == "minimum":
                text = self.tr("{case}: the tree answers {answer}. On each branch: the row's membership in the term; "
                               "in each box: how strongly the row reaches the node (the smallest of the memberships "
                               "on the way). Faded: nodes the row does not reach.")
            else:
                text = self.tr("{case}: the tree answers {answer}. On each branch: the row's membership in the term; "
                               "in each box: how strongly the row reaches the node (the product of the memberships "
                               "on the way). Faded: nodes the row does not reach.")
            self._say(text.format(case=case, answer=answer))
        else:
            self._say(self.tr("{case}: the tree answers {answer}; its path is highlighted.").format(case=case,
                                                                                                   answer=answer))

    def _say(self, text: str) -> None:
        self.case_info.setText(text)
        self.case_info.setVisible(True)

    def find_next(self) -> None:
        """Go to the next node matching the find box (first Enter: the first), open its path and
        select it (its rule below); "k of n" beside the box."""
        from .widgets.tree_layout import find_nodes

        text = self.find.text()
        if self.tree is None or not text.strip():
            self.found.setText("")
            return
        if self._found is None or self._found[0] != text:
            self._found = (text, find_nodes(self.tree, text), -1)
        _, matches, index = self._found
        if not matches:
            self.found.setText(self.tr("no match"))
            return
        index = (index + 1) % len(matches)
        self._found = (text, matches, index)
        node = matches[index]
        self.canvas.reveal(node)
        self.canvas.select_node(node)
        self.found.setText(self.tr("{index} of {count}").format(index=index + 1, count=len(matches)))

    def _depth_chosen(self, depth: int) -> None:
        """The canvas opened a new tree at a readable depth: the box shows it, and says how to see more."""
        self.depth.blockSignals(True)
        self.depth.setValue(depth)
        self.depth.blockSignals(False)
        if depth and self.tree is not None and depth < self.tree.depth:
            self.rule.setText(self.tr("{leaves} leaves, depth {depth}: shown to depth {shown} so that the boxes read; "
                                      "double-click a \"...\" to open a branch, or raise the depth limit. Click a "
                                      "node to see its rule.").format(leaves=self.tree.n_leaves, depth=self.tree.depth,
                                                                      shown=depth))

    def _show_costs(self, on: bool) -> None:
        self.canvas.set_costs(self.node_costs if on and self.node_costs is not None else None)

    def export_picture(self, path: str | None = None) -> bool:
        if self.tree is None:
            return False
        if not path:
            path, _ = QFileDialog.getSaveFileName(self, self.tr("Export the tree"), "tree.png",
                                                  self.tr("PNG image (*.png);;SVG (*.svg)"))
            if not path:
                return False
        try:
            if path.lower().endswith(".svg"):
                self.canvas.export_svg(path)
            else:
                self.canvas.export_png(path)
        except Exception as exc:  # noqa: BLE001 - a folder gone or read-only: said, never a crash
            show_error(self, exc, path)
            return False
        return True

    def _node_selected(self, node_id: int) -> None:
        from engine.tree.rules import extract_rules, rule_text

        tree = self.tree
        node = tree.nodes[node_id]
        if node.is_leaf:
            rule = next(iter(extract_rules(tree, [node_id])), None)
            text = rule_text(tree, rule) if rule else ""
        else:
            text = self.tr("internal node: {label}").format(label=tree.label_name(node.label))
        counts = ", ".join(f"{c} {format(v, 'g')}" for c, v in zip(tree.schema.classes, node.counts))
        rows = self.node_rows.get(node_id, [])
        shown = ", ".join(str(r) for r in rows[:30])
        if len(rows) > 30:
            shown = self.tr("{rows} ... ({count} rows)").format(rows=shown, count=len(rows))
        lines = [text, self.tr("training cases here: {counts}").format(counts=counts)]
        if rows:
            lines.append(self.tr("spreadsheet rows: {rows}").format(rows=shown))
        self.rule.setText("\n".join(lines))


class MainWindow(QMainWindow):
    def __init__(self, settings: QSettings | None = None):
        super().__init__()
        self.settings = settings or QSettings(SETTINGS_ORG, SETTINGS_ORG)
        self.setWindowTitle(APP_NAME)
        self._default_size()
        self.table = None
        self.project: Project | None = None
        self.spec = ProblemSpec()
        self.model = None
        self.train_result = None  # the last training's TrainResult
        self.jobs = JobRunner(self)

        self.tabs = QTabWidget()
        self.data_panel = DataPanel()
        self.problem_panel = ProblemPanel()
        self.train_panel = TrainPanel()
        self.tree_panel = TreePanel()
        self.rules_panel = RulesPanel()
        self.consult_panel = ConsultPanel()
        self.compare_panel = ComparePanel()
        # through a weak reference: a window <-> panel cycle would leave closed windows to the
        # garbage collector, which then deleted their Qt objects while a training thread ran (crash)
        window = weakref.ref(self)
        self.compare_panel.problem = lambda: window()._problem_for_compare()
        for panel, title in ((self.data_panel, self.tr("Data")), (self.problem_panel, self.tr("Problem")),
                             (self.train_panel, self.tr("Train")), (self.tree_panel, self.tr("Tree")),
                             (self.rules_panel, self.tr("Rules")), (self.consult_panel, self.tr("Consult")),
                             (self.compare_panel, self.tr("Compare"))):
            self.tabs.addTab(panel, title)
        self.setCentralWidget(self.tabs)

        self.data_panel.sheet_chosen.connect(self._sheet_chosen)
        self.data_panel.header_row_chosen.connect(self._header_row_chosen)
        self.data_panel.start.open_data.connect(self.choose_data)
        self.data_panel.start.open_project.connect(self.choose_project)
        self.data_panel.start.open_path.connect(lambda path: self.open_path(path))
        self.data_panel.view.selectionModel().currentRowChanged.connect(  # a row picked there: the Tree tab shows it
            lambda current, _previous: self.tree_panel.pick_index(current.row()) if current.isValid() else None)
        self.dirty = False  # settings edited since the last open or save
        self.problem_panel.changed.connect(self._edited)
        self.train_panel.train_requested.connect(self.train)
        self.train_panel.cancel_requested.connect(self.jobs.cancel)
        self.rules_panel.export_requested.connect(self.export_rules)
        self.consult_panel.path_changed.connect(self._consult_path)
        self.jobs.progressed.connect(self.train_panel.on_progress)
        self.jobs.busy_changed.connect(self.train_panel.set_busy)
        self.jobs.finished.connect(self._trained)
        self.jobs.failed.connect(self._job_failed)
        self.jobs.cancelled.connect(lambda: self.train_panel.show_outcome(self.tr("cancelled"), False))
        self._build_menus()
        self._restore_geometry()

    def _restore_geometry(self) -> None:
        """The window's last size and place; a damaged settings file (any value there) is ignored."""
        geometry = self.settings.value("geometry")
        if isinstance(geometry, (QByteArray, bytes, bytearray)):
            try:
                self.restoreGeometry(geometry)
            except (TypeError, ValueError):
                log.warning("the saved window geometry is damaged; the default size is used")
        elif geometry is not None:
            log.warning("the saved window geometry is damaged; the default size is used")

    def _default_size(self) -> None:
        """1400 x 900 (what the tabs are laid out for), within the screen's available area."""
        screen = QApplication.primaryScreen()
        width, height = 1400, 900
        if screen is not None:
            area = screen.availableGeometry()
            width, height = min(width, area.width()), min(height, area.height())
        self.resize(width, height)

    # ---- menus ----------------------------------------------------------------

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu(self.tr("&File"))
        self.file_menu = file_menu
        self.open_action = file_menu.addAction(self.tr("&Open data..."), self.choose_data, "Ctrl+O")
        self.open_project_action = file_menu.addAction(self.tr("Open &project..."), self.choose_project, "Ctrl+Shift+O")
        self.save_action = file_menu.addAction(self.tr("&Save project"), self.save_project, "Ctrl+S")
        file_menu.addAction(self.tr("Save project &as..."), lambda: self.save_project(ask=True))
        self.recent_menu = file_menu.addMenu(self.tr("&Recent files"))
        self._fill_recent()
        file_menu.addAction(self.tr("Open &demo project"), lambda: self.open_path(str(demo_project())))
        file_menu.addSeparator()
        file_menu.addAction(self.tr("&Export rules to Excel..."), self.export_rules)
        file_menu.addAction(self.tr("Export &consultations to Excel..."), lambda: self.consult_panel.export_history())
        file_menu.addSeparator()
        file_menu.addAction(self.tr("&Quit"), self.close, "Ctrl+Q")
        self._build_language_menu(self.menuBar().addMenu(self.tr("&View")))
        help_menu = self.menuBar().addMenu(self.tr("&Help"))
        help_menu.addAction(self.tr("&About"), self.about)
        # the main actions one click away, and a status bar that says where things stand
        self.train_action = QAction(self.tr("Train"), self)
        self.train_action.setShortcut("Ctrl+T")
        self.train_action.setToolTip(self.tr("Train the algorithm chosen on the Train tab (Ctrl+T)"))
        self.train_action.triggered.connect(self.train_now)
        self.export_action = QAction(self.tr("Export rules..."), self)
        self.export_action.setShortcut("Ctrl+E")
        self.export_action.triggered.connect(lambda: self.export_rules())
        bar = self.addToolBar(self.tr("Main"))
        bar.setObjectName("main toolbar")
        bar.setMovable(False)
        # the toolbar's words without the menu's accelerator ("打开数据(O)" is how Qt strips "打开数据(&O)…")
        for action, text in ((self.open_action, self.tr("Open data")),
                             (self.open_project_action, self.tr("Open project")),
                             (self.save_action, self.tr("Save project"))):
            action.setIconText(text)
            bar.addAction(action)
        bar.addSeparator()
        bar.addAction(self.train_action)
        bar.addAction(self.export_action)
        self.status_where = QLabel("")
        self.statusBar().addPermanentWidget(self.status_where)
        self._update_status()

    #: what choosing a language in View > Language says, in each language (shown in the language chosen too)
    LANGUAGE_LATER = QT_TRANSLATE_NOOP("MainWindow", "The language will change the next time RuleTree Studio starts.")

    def _build_language_menu(self, view_menu) -> None:
        """View > Language: one checkable action per language, each named in itself, the current one
        checked. A choice is saved (QSettings) and takes effect at the next start (app.i18n)."""
        from PySide6.QtGui import QActionGroup

        from . import i18n

        self.language_menu = view_menu.addMenu(self.tr("&Language"))
        group = QActionGroup(self)
        group.setExclusive(True)
        current = i18n.installed_language()
        self.language_actions: dict[str, QAction] = {}
        for code, name in i18n.LANGUAGE_NAMES.items():
            action = self.language_menu.addAction(name)  # each language named in itself: not translated
            action.setCheckable(True)
            action.setChecked(code == current)
            action.setData(code)
            group.addAction(action)
            action.triggered.connect(lambda _checked=False, c=code: self.choose_language(c))
            self.language_actions[code] = action

    def choose_language(self, code: str) -> None:
        """Save `code` as the language of the next start and say so (in this language, and in the one
        chosen when it differs)."""
        from PySide6.QtCore import QTranslator

        from . import i18n

        self.settings.setValue(i18n.SETTINGS_KEY, code)
        self.settings.sync()
        for lang, action in self.language_actions.items():
            action.setChecked(lang == code)
        text = self.tr(self.LANGUAGE_LATER)
        if code != i18n.installed_language():
            chosen = self.LANGUAGE_LATER  # English, the source
            if code != "en":
                translator = QTranslator()
                if translator.load(str(i18n.catalogue_qm(code))):
                    chosen = translator.translate("MainWindow", self.LANGUAGE_LATER) or chosen
            if chosen != text:
                text = f"{text}\n\n{chosen}"
        QMessageBox.information(self, APP_NAME, text)

    def _problem_for_compare(self):
        """The open file and problem, encoded, for the Compare tab (raises with the checks' message)."""
        from engine.data.encode import encode

        if self.table is None:
            raise ValueError(self.tr("no data file is open"))
        spec = self.spec.copy()
        return encode(self.table, spec), spec

    def train_now(self) -> None:
        """The Train tab's Train button, from anywhere (toolbar, Ctrl+T)."""
        self.tabs.setCurrentWidget(self.train_panel)
        if self.train_panel.train_button.isEnabled():
            self.train_panel.train_button.click()

    def next_step(self) -> str:
        """What to do next, in the status bar."""
        if self.table is None:
            return self.tr("Open a spreadsheet (File > Open data) or the demo project (File > Open demo project).")
        if self.model is None:
            return self.tr("Check the target and the attributes on the Problem tab, then train on the Train tab "
                           "(Ctrl+T).")
        return self.tr("See the tree and the rules, consult the model case by case on the Consult tab, or export the "
                       "rules (Ctrl+E).")

    def _update_status(self) -> None:
        self.statusBar().showMessage(self.next_step())
        parts = []
        if self.table is not None:
            parts.append(self.tr("{file}: {rows} rows").format(file=os.path.basename(self.table.file),
                                                               rows=f"{self.table.n_rows:,}"))
        if self.model is not None:
            parts.append(self.tr("model: {algorithm}, {leaves} leaves").format(algorithm=self.model.algorithm,
                                                                               leaves=self.model.tree.n_leaves))
        self.status_where.setText("   ·   ".join(parts))
        self.export_action.setEnabled(self.model is not None)
        self.train_action.setEnabled(self.table is not None)
        self.save_action.setEnabled(self.project is not None)

    def recent_files(self) -> list[str]:
        value = self.settings.value("recent", [])
        if isinstance(value, str):
            value = [value]
        return [v for v in (value or []) if isinstance(v, str)]

    def _remember(self, path: str) -> None:
        path = os.path.abspath(path)
        recent = [path] + [p for p in self.recent_files() if p != path]
        self.settings.setValue("recent", recent[:MAX_RECENT])
        self._fill_recent()

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        for path in self.recent_files():
            self.recent_menu.addAction(path, lambda p=path: self.open_path(p))
        self.recent_menu.setEnabled(bool(self.recent_files()))
        from engine.resources import resources_dir

        demo = resources_dir() / "demo"
        self.data_panel.start.set_files(
            [(self.tr("Car evaluation: four ordered classes, test costs, a batch group, a cost matrix"),
              str(demo / "car_evaluation.rtproj")),
             (self.tr("Glass: six kinds of glass under a class hierarchy (window / not window)"),
              str(demo / "glass.rtproj")),
             (self.tr("心脏病 (heart disease, in Chinese): a clinician's workbook, notes on the first sheet"),
              str(demo / "heart_zh.rtproj"))],
            self.recent_files())

    # ---- opening and saving ------------------------------------------------------

    def choose_data(self) -> None:
        patterns = " ".join("*" + s for s in SUPPORTED_SUFFIXES)
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Open data"), "",
                                              self.tr("Tables ({patterns});;All files (*)").format(patterns=patterns))
        if path:
            self.open_path(path)

    def choose_project(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Open project"), "",
                                              self.tr("Projects (*{suffix})").format(suffix=SUFFIX))
        if path:
            self.open_path(path)

    def error(self, exc: Exception, path: str | None = None, writing: bool = True) -> None:
        """Every failed action's dialog (app.errors): an engine error's message; a file that cannot be
        written or read said plainly, naming `path`; anything else logged and shown politely."""
        show_error(self, exc, path, writing, APP_NAME)

    def _edited(self) -> None:
        self.dirty = True
        self.train_panel.set_problem(self.spec)
        self._title()

    def keep_edits(self) -> bool:
        """Ask before edited settings would be lost; False: the user wants to stay."""
        if not self.dirty or self.project is None:
            return True
        answer = QMessageBox.question(self, APP_NAME, self.tr("The problem settings have changed. Save the project?"),
                                      QMessageBox.Save | QMessageBox.Discard | QMessageBox.Cancel)
        if answer == QMessageBox.Save:
            return self.save_project()
        return answer == QMessageBox.Discard

    def open_path(self, path: str, sheet: str | None = None) -> bool:
        """Open a project or a data file; on any error the current work stays as it was."""
        if not self.keep_edits():
            return False
        try:
            if path.lower().endswith(SUFFIX):
                project = load_project(path)
                table, header_row = self._read_asking(project.data_path, sheet or project.sheet,
                                                      project.header_row if sheet in (None, project.sheet) else None)
                if table is None:
                    return False
                answered = header_row != project.header_row  # the user chose a header row: save it
                project.header_row = header_row
                spec = project.spec
            else:
                table, header_row = self._read_asking(path, sheet, None)
                if table is None:
                    return False
                project = Project(data_path=os.path.abspath(path), sheet=table.sheet, header_row=header_row)
                answered = False
                spec = ProblemSpec(target=table.columns[-1].name)
                project.spec = spec
        except Exception as exc:  # noqa: BLE001 - every error gets a dialog, never a crash
            self.error(exc, path, writing=False)
            return False
        if project.sheet != table.sheet:
            project.header_row = None
        project.sheet = table.sheet
        self.project, self.table, self.spec, self.model = project, table, spec, None
        self.dirty = answered
        self.data_panel.show_table(table, project.header_row is not None)
        self.problem_panel.set_problem(table, spec)
        self.train_panel.set_problem(spec)
        self.train_panel.suggest_scheme(table.n_rows)
        self.consult_panel.set_model(None, None, project.path)
        self.tree_panel.set_cases(None, None)  # the tree drawn is of other data
        self._remember(path)
        self._title()
        if path.lower().endswith(SUFFIX):
            self._warn_unusable_settings(path)
        return True

    def _warn_unusable_settings(self, path: str) -> None:
        """A project opened whose settings do not fit its data or each other (a cost matrix of
        the wrong shape, a negative cost...): opened all the same, and said at once, naming the
        file and each setting; the Problem tab lists them for correcting."""
        from engine.data.spec import check

        try:
            problems = check(self.spec, self.table)
        except Exception:  # noqa: BLE001 - the Problem tab says what it can; opening stands
            log.exception("checking the settings of an opened project")
            return
        if not problems:
            return
        lines = []
        for p in problems[:6]:
            words = p.words[:1].upper() + p.words[1:]
            if getattr(p, "field", None):
                lines.append(self.tr("• {setting} ({field}): {message}").format(setting=words, field=p.field,
                                                                               message=p.message))
            else:
                lines.append(self.tr("• {setting}: {message}").format(setting=words, message=p.message))
        if len(problems) > 6:
            lines.append(self.tr("• ... and {count} more").format(count=len(problems) - 6))
        n = len(problems)
        if n != 1:
            text = self.tr('The project "{name}" is open, but {count} of its settings cannot be used as they '
                           "are:\n\n{problems}\n\nThey are listed on the Problem tab: correct them there before "
                           "training. The file is not changed until you save it.")
        else:
            text = self.tr('The project "{name}" is open, but one of its settings cannot be used as it '
                           "is:\n\n{problems}\n\nThey are listed on the Problem tab: correct them there before "
                           "training. The file is not changed until you save it.")
        QMessageBox.warning(self, APP_NAME, text.format(name=os.path.basename(path), count=n,
                                                        problems="\n".join(lines)))
        self.tabs.setCurrentWidget(self.problem_panel)

    #: read errors that a choice of the header row may cure
    HEADER_ERRORS = ("unnamed_column", "duplicate_header", "header_too_long", "no_header")

    def _read_asking(self, path: str, sheet: str | None, header_row: int | None):
        """(table, header row used) — when the column names cannot be read, the user is asked which row
        holds them (the error said why) and the file is read again; (None, None) when they cancel.
        Other errors are raised."""
        from engine.errors import DataError

        for _ in range(10):
            try:
                return read_table(path, sheet, header_row=header_row), header_row
            except DataError as exc:
                if exc.code not in self.HEADER_ERRORS and getattr(exc, "header_row_hint", None) is None:
                    raise
                suggested = getattr(exc, "header_row_hint", None) or (header_row or 1) + 1
                chosen = self.ask_header_row(str(exc), suggested)
                if chosen is None:
                    return None, None
                header_row = chosen
        return None, None

    def ask_header_row(self, message: str, suggested: int) -> int | None:
        """Which row holds the column names (None: cancel)."""
        text = self.tr("{message}\n\nWhich row holds the column names? The rows above it are skipped.")
        value, ok = QInputDialog.getInt(self, APP_NAME, text.format(message=message), suggested, 1, 1_048_576)
        return value if ok else None

    def _sheet_chosen(self, sheet: str) -> None:
        self._reread(sheet, None)

    def _header_row_chosen(self, header_row) -> None:
        self._reread(self.table.sheet if self.table is not None else None, header_row)

    def _reread(self, sheet: str | None, header_row: int | None) -> None:
        """Read the file open again, from another sheet or header row; on an error the table shown
        stays (and the controls show what it was read with)."""
        if self.table is None:
            return
        try:
            table = read_table(self.table.file, sheet, header_row=header_row)
        except Exception as exc:  # noqa: BLE001
            self.error(exc, self.table.file, writing=False)
            # the table shown stays; the box goes back to the row it was read with (nothing re-read or redrawn)
            self.data_panel.show_read_settings(self.table.sheet,
                                               self.project.header_row if self.project is not None else None)
            return
        self.table = table
        if self.project is not None:
            changed = (self.project.sheet, self.project.header_row) != (sheet, header_row)
            self.project.sheet, self.project.header_row = sheet, header_row
            if changed and self.project.path is not None:
                self.dirty = True
                self._title()
        if self.spec.target not in {c.name for c in table.columns}:
            self.spec.target = table.columns[-1].name
        self.data_panel.show_table(table, header_row is not None)
        self.problem_panel.set_problem(table, self.spec)
        self.train_panel.set_problem(self.spec)
        self.tree_panel.set_cases(None, None)

    def _title(self) -> None:
        name = os.path.basename(self.project.path) if self.project and self.project.path else \
            (os.path.basename(self.table.file) if self.table else "")
        mark = " *" if self.dirty else ""
        self.setWindowTitle(f"{name}{mark} — {APP_NAME}" if name else APP_NAME)
        self._update_status()

    def save_project(self, ask: bool = False, path: str | None = None) -> bool:
        if self.project is None:
            return False
        target = path or (None if ask else self.project.path)
        if target is None:
            target, _ = QFileDialog.getSaveFileName(self, self.tr("Save project"), "",
                                                    self.tr("Projects (*{suffix})").format(suffix=SUFFIX))
            if not target:
                return False
            if not target.endswith(SUFFIX):
                target += SUFFIX
        self.project.spec = self.spec
        try:
            save_project(self.project, target)
        except Exception as exc:  # noqa: BLE001 - the settings stay edited (and the title marked)
            self.error(exc, target)
            return False
        self.dirty = False
        self._remember(target)
        self._title()
        if self.consult_panel.project_path != self.project.path:  # Save As: new cases filed under the new name
            self.consult_panel.project_path = self.project.path
            self.consult_panel.refresh_history()
        return True

    # ---- training ------------------------------------------------------------------

    def train(self, algorithm: str, values: dict) -> None:
        from engine.algorithms.registry import get, resolve_params
        from engine.data.encode import encode
        from engine.workflows import train_model

        if self.table is None:
            QMessageBox.information(self, APP_NAME, self.tr("Open a data file or a project first."))
            return
        try:
            info = get(algorithm)
            params = resolve_params(info, values, self.spec)
            data = encode(self.table, self.spec)
        except Exception as exc:  # noqa: BLE001
            self.error(exc)
            return
        spec, table = self.spec.copy(), self.table
        holdout, cv = self.train_panel.holdout_value(), self.train_panel.cv_value()
        from engine.workflows import has_test_costs

        strategy = self.train_panel.strategy_value() if has_test_costs(spec) else None
        self.jobs.start(lambda progress: train_model(info, table, spec, params, progress, data=data,
                                                     holdout=holdout, strategy=strategy, cv=cv))

    def _trained(self, result) -> None:
        """Show a workflows.TrainResult: metrics, confusion matrix, the tree, its rules."""
        model = result.model
        self.model = model
        self.train_result = result  # its metrics and level confusions go into the Excel export
        tree = model.tree
        self.train_panel.show_result(result)
        self.train_panel.show_outcome(self.tr("done"), True)
        self.tree_panel.show_tree(tree, result.node_rows, model.spec)
        self.tree_panel.set_cases(self.table, model)
        self.rules_panel.show_rules(tree, model.spec.hierarchy)
        self.consult_panel.set_model(model, model.spec, self.project.path if self.project else None)
        self.tabs.setCurrentWidget(self.tree_panel)
        self._update_status()

    def _consult_path(self, path: list) -> None:
        """The case being consulted is also highlighted on the Tree tab (same model only)."""
        session = self.consult_panel.session
        if session is not None and session.model.tree is self.tree_panel.tree:
            self.tree_panel.canvas.highlight_path(path)

    def _job_failed(self, message: str, is_bug: bool) -> None:
        self.train_panel.show_failure(message if not is_bug else
                                      self.tr("an internal error ({message})").format(message=message))
        if is_bug:
            QMessageBox.critical(self, APP_NAME, self.tr("Training stopped by an internal error ({message}). The "
                                                         "details are in {log}.").format(message=message,
                                                                                         log=log_file()))
        else:
            QMessageBox.warning(self, APP_NAME, message)

    # ---- export ----------------------------------------------------------------------

    def export_rules(self, path: str | None = None) -> bool:
        from engine.export import export_model

        if self.model is None:
            QMessageBox.information(self, APP_NAME, self.tr("Train a model first."))
            return False
        if path is None:
            path, _ = QFileDialog.getSaveFileName(self, self.tr("Export rules"), "rules.xlsx",
                                                  self.tr("Excel workbook (*.xlsx)"))
            if not path:
                return False
        try:
            result = self.train_result if self.train_result is not None and \
                self.train_result.model is self.model else None
            if result is None:
                export_model(self.model, path)
            else:
                where = result.scheme_text
                export_model(self.model, path, result.metrics, scored_on=where, levels=result.levels)
        except Exception as exc:  # noqa: BLE001
            self.error(exc, path)
            return False
        return True

    # ---- window ----------------------------------------------------------------------

    def about(self) -> None:
        import numba
        import numpy
        import pandas
        import PySide6

        QMessageBox.about(self, self.tr("About {app}").format(app=APP_NAME),
                          self.tr("{app} {version}\n\nPython {python}, Qt (PySide6) {pyside}, NumPy {numpy}, "
                                  "pandas {pandas}, Numba {numba}").format(
                              app=APP_NAME, version=__version__, python=sys.version.split()[0],
                              pyside=PySide6.__version__, numpy=numpy.__version__, pandas=pandas.__version__,
                              numba=numba.__version__))

    def closeEvent(self, event) -> None:  # noqa: N802 - Qt API
        if not self.keep_edits():
            event.ignore()
            return
        for jobs in (self.jobs, self.compare_panel.jobs):  # a cancelled job stops within a fold
            jobs.cancel()
        for jobs in (self.jobs, self.compare_panel.jobs):
            jobs.wait(30000)
        self.settings.setValue("geometry", self.saveGeometry())
        super().closeEvent(event)


def run(path: str | None = None) -> int:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName(APP_NAME)
    from . import theme
    from .warmup import app_icon, start_warmup

    if app.property("ruletree_theme") is None:  # the launcher applies it first, before any window
        theme.apply(app)
    if app.property("ruletree_language") is None:  # likewise the language (app.i18n)
        from . import i18n

        i18n.install(app, i18n.choose_language(None, QSettings(SETTINGS_ORG, SETTINGS_ORG)))
    app.setWindowIcon(app_icon())
    window = MainWindow()
    window.open_path(path or str(demo_project()))
    window.show()
    start_warmup(window)  # compiles (first start) or loads the kernels off the GUI thread
    return app.exec()
