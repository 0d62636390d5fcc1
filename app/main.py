"""The RuleTree Studio window's frame: the tabs (Data, Problem, Train, Tree, Rules, Consult,
Compare), the menus and toolbar, the status bar, the language, the window's size and place.

The flows live beside it: opening and saving in `app.opening` (OpeningFlow), training and
export in `app.training` (TrainingFlow); each tab in `app.panels`. Every engine error is
shown in a dialog with the engine's message; anything unexpected is logged (user data
folder) and shown politely. Long work runs in a background job with progress and Cancel.
Window state and recent files persist.
"""

from __future__ import annotations

import logging
import os
import sys
import weakref

import numba
import numpy
import pandas
import PySide6
from PySide6.QtCore import QT_TRANSLATE_NOOP, QByteArray, QProcess, QSettings, QTranslator
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import (QApplication, QDialog, QDialogButtonBox, QLabel, QMainWindow, QMessageBox, QTabWidget,
                               QTextBrowser, QVBoxLayout)

from engine import __version__
from engine.algorithms.registry import title_of
from engine.data.project import Project
from engine.data.spec import ProblemSpec
from engine.resources import demo_project, resources_dir

from . import i18n, jobs, theme
from .errors import show_error
from .jobs import JobRunner
from .opening import APP_NAME, OpeningFlow
from .panels.compare_panel import ComparePanel
from .panels.consult_panel import ConsultPanel
from .panels.data_panel import DataPanel
from .panels.guideline_panel import GuidelinePanel
from .panels.problem_panel import ProblemPanel
from .panels.rules_panel import RulesPanel
from .panels.train_panel import TrainPanel
from .panels.tree_panel import TreePanel
from .edit_flow import EditFlow
from .model_flow import ModelFlow
from .training import TrainingFlow
from .warmup import app_icon, start_warmup

SETTINGS_ORG = "RuleTree Studio"  # QSettings(organisation, application): both this name
log = logging.getLogger(__name__)
#: how long closing the window waits for a cancelled job to stop before it closes all the same
CLOSE_WAIT_MS = 3000

__all__ = ["APP_NAME", "SETTINGS_ORG", "MainWindow", "TreePanel", "run"]


class MainWindow(OpeningFlow, TrainingFlow, ModelFlow, EditFlow, QMainWindow):
    """The window: its frame here, opening and saving from OpeningFlow, training and export
    from TrainingFlow, the models' lifecycle from ModelFlow, the expert's edits from EditFlow
    (mixins over the same attributes)."""

    def __init__(self, settings: QSettings | None = None):
        super().__init__()
        self.settings = settings or QSettings(SETTINGS_ORG, SETTINGS_ORG)
        self.setWindowTitle(APP_NAME)
        self._default_size()
        self.problem = None  # the engine.problem.Problem open (table, settings, project, what is wrong)
        self.table = None
        self.project: Project | None = None
        self.spec = ProblemSpec()
        self.model = None
        self.train_result = None  # the TrainResult of the model shown (None: opened from a file)
        self.results: list = []  # every TrainResult of the session, newest first
        self.jobs = JobRunner(self)

        self.tabs = QTabWidget()
        self.data_panel = DataPanel()
        self.problem_panel = ProblemPanel()
        self.train_panel = TrainPanel()
        self.tree_panel = TreePanel()
        self.rules_panel = RulesPanel()
        self.consult_panel = ConsultPanel()
        self.compare_panel = ComparePanel()
        self.guideline_panel = GuidelinePanel()
        # through a weak reference: a window <-> panel cycle would leave closed windows to the
        # garbage collector, which then deleted their Qt objects while a training thread ran (crash)
        window = weakref.ref(self)
        self.compare_panel.problem = lambda: window()._problem_for_compare()
        self.tree_panel.stability_source = lambda: window().stability_inputs()
        self.tree_panel.stability_ready.connect(lambda tree, report: window().rules_panel.show_stability(tree, report))
        for panel, title in ((self.data_panel, self.tr("Data")), (self.problem_panel, self.tr("Problem")),
                             (self.train_panel, self.tr("Train")), (self.tree_panel, self.tr("Tree")),
                             (self.rules_panel, self.tr("Rules")), (self.consult_panel, self.tr("Consult")),
                             (self.compare_panel, self.tr("Compare")), (self.guideline_panel, self.tr("Guideline"))):
            self.tabs.addTab(panel, title)
        self.setCentralWidget(self.tabs)

        self.data_panel.sheet_chosen.connect(self._sheet_chosen)
        self.data_panel.header_row_chosen.connect(self._header_row_chosen)
        self.data_panel.read_as_missing_requested.connect(self.read_as_missing)
        self.data_panel.use_again_requested.connect(self.use_again)
        self.data_panel.start.open_data.connect(self.choose_data)
        self.data_panel.start.open_project.connect(self.choose_project)
        self.data_panel.start.open_path.connect(lambda path: self.open_path(path))
        self.data_panel.view.selectionModel().currentRowChanged.connect(  # a row picked there: the Tree tab shows it
            lambda current, _previous: self.tree_panel.pick_index(current.row()) if current.isValid() else None)
        self.dirty = False  # settings edited since the last open or save
        self.problem_panel.changed.connect(self._edited)
        self.train_panel.train_requested.connect(self.train)
        self.train_panel.cancel_requested.connect(self.jobs.cancel)
        self.train_panel.result_chosen.connect(self.show_session_result)
        self.rules_panel.export_requested.connect(self.export_rules)
        self.consult_panel.path_changed.connect(self._consult_path)
        self.jobs.progressed.connect(self.train_panel.on_progress)
        self.jobs.busy_changed.connect(self.train_panel.set_busy)
        self.jobs.finished.connect(self._trained)
        self.jobs.failed.connect(self._job_failed)
        self.jobs.cancelled.connect(lambda: self.train_panel.show_outcome(self.tr("cancelled"), False))
        self._init_edits()
        self.guideline_panel.schema = lambda: window()._guideline_schema()
        self.guideline_panel.score_requested.connect(self.score_guideline)
        self.guideline_panel.compare_requested.connect(self.compare_guideline)
        self.tabs.currentChanged.connect(
            lambda _i: self.guideline_panel.check() if self.tabs.currentWidget() is self.guideline_panel else None)
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
        self.reload_action = file_menu.addAction(self.tr("Re&load data"), self.reload_data, "F5")
        self.replace_action = file_menu.addAction(self.tr("Replace data &file..."), self.choose_replacement)
        file_menu.addSeparator()
        self.save_model_action = file_menu.addAction(self.tr("Save &model..."), lambda: self.save_model())
        file_menu.addAction(self.tr("Open mo&del..."), self.choose_model)
        self.predict_action = file_menu.addAction(self.tr("&Predict a file..."), self.choose_predict_file)
        file_menu.addSeparator()
        file_menu.addAction(self.tr("&Export rules to Excel..."), self.export_rules)
        file_menu.addAction(self.tr("Export &consultations to Excel..."), lambda: self.consult_panel.export_history())
        file_menu.addAction(self.tr("E&xport the model as PMML..."), lambda: self.export_pmml())
        file_menu.addAction(self.tr("Export a prin&table report (PDF)..."), lambda: self.export_report())
        file_menu.addAction(self.tr("Export the model as an Excel calc&ulator..."), lambda: self.export_calculator())
        file_menu.addSeparator()
        file_menu.addAction(self.tr("&Quit"), self.close, "Ctrl+Q")
        edit_menu = self.menuBar().addMenu(self.tr("&Edit"))
        self.undo_action = edit_menu.addAction(self.tr("&Undo tree edit"), self.undo_edit, "Ctrl+Z")
        self.redo_action = edit_menu.addAction(self.tr("&Redo tree edit"), self.redo_edit, "Ctrl+Y")
        edit_menu.addSeparator()
        self.compare_edited_action = edit_menu.addAction(self.tr("Add the edited model to &Compare"),
                                                         self.compare_edited)
        self._update_edit_actions()
        self._build_language_menu(self.menuBar().addMenu(self.tr("&View")))
        help_menu = self.menuBar().addMenu(self.tr("&Help"))
        self.guide_action = help_menu.addAction(self.tr("&User guide"), self.show_guide, "F1")
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
        self.settings.setValue(i18n.SETTINGS_KEY, code)
        self.settings.sync()
        for lang, action in self.language_actions.items():
            action.setChecked(lang == code)
        text = self.tr(self.LANGUAGE_LATER)
        if code == i18n.installed_language():
            QMessageBox.information(self, APP_NAME, text)
            return
        chosen = self.LANGUAGE_LATER  # English, the source
        restart = self.RESTART_NOW
        if code != "en":
            translator = QTranslator()
            if translator.load(str(i18n.catalogue_qm(code))):
                chosen = translator.translate("MainWindow", self.LANGUAGE_LATER) or chosen
                restart = translator.translate("MainWindow", self.RESTART_NOW) or restart
        if chosen != text:
            text = f"{text}\n\n{chosen}"
        asked = self.tr(self.RESTART_NOW)
        text += f"\n\n{asked}" + (f" {restart}" if restart != asked else "")
        if QMessageBox.question(self, APP_NAME, text, QMessageBox.Yes | QMessageBox.No) == QMessageBox.Yes:
            self.restart()

    #: the question after a language was chosen, in each language
    RESTART_NOW = QT_TRANSLATE_NOOP("MainWindow", "Restart now?")

    def restart(self) -> bool:
        """Start the program again on the file open (in the language saved), then close this window
        (edited settings asked about first). False when the user stays, or the start fails."""
        if not self.keep_edits():
            return False
        self.dirty = False  # asked already
        path = (self.project.path if self.project is not None and self.project.path else
                self.table.file if self.table is not None else None)
        args = [] if getattr(sys, "frozen", False) else ["-m", "app.launch"]
        if path:
            args.append(path)
        if not QProcess.startDetached(sys.executable, args):
            QMessageBox.warning(self, APP_NAME, self.tr("RuleTree Studio could not be started again; start it "
                                                        "yourself to see the new language."))
            return False
        self.close()
        return True

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
            parts.append((self.tr("model: {algorithm}, {leaves} leaf") if self.model.tree.n_leaves == 1 else
                          self.tr("model: {algorithm}, {leaves} leaves")).format(algorithm=title_of(self.model.algorithm),
                                                                               leaves=self.model.tree.n_leaves))
        self.status_where.setText("   ·   ".join(parts))
        self.export_action.setEnabled(self.model is not None)
        self.save_model_action.setEnabled(self.model is not None)
        self.predict_action.setEnabled(self.model is not None)
        self.train_action.setEnabled(self.table is not None)
        self.reload_action.setEnabled(self.table is not None and bool(self.table.file))
        self.replace_action.setEnabled(self.table is not None)
        self.save_action.setEnabled(self.project is not None)

    def error(self, exc: Exception, path: str | None = None, writing: bool = True) -> None:
        """Every failed action's dialog (app.errors): an engine error's message; a file that cannot be
        written or read said plainly, naming `path`; anything else logged and shown politely."""
        show_error(self, exc, path, writing, APP_NAME)

    # ---- window ----------------------------------------------------------------------

    def show_guide(self) -> QDialog:
        """Help > User guide (F1): a short guide in the window's language (resources/help), the
        papers the research families follow named at its end."""
        lang = i18n.installed_language()
        folder = resources_dir() / "help"
        path = folder / f"guide_{lang}.html"
        if not path.is_file():
            path = folder / "guide_en.html"
        dialog = QDialog(self)
        dialog.setWindowTitle(self.tr("{app}: user guide").format(app=APP_NAME))
        browser = QTextBrowser(dialog)
        browser.setOpenExternalLinks(False)
        try:
            browser.setHtml(path.read_text(encoding="utf-8"))
        except OSError as exc:  # a damaged installation: said, never a crash
            browser.setPlainText(self.tr("The user guide cannot be read ({error}).").format(error=exc))
        buttons = QDialogButtonBox(QDialogButtonBox.Close, dialog)
        buttons.rejected.connect(dialog.close)
        layout = QVBoxLayout(dialog)
        layout.addWidget(browser)
        layout.addWidget(buttons)
        dialog.resize(760, 640)
        self.guide = dialog
        dialog.show()
        return dialog

    def about(self) -> None:
        QMessageBox.about(self, self.tr("About {app}").format(app=APP_NAME),
                          self.tr("{app} {version}\n\nPython {python}, Qt (PySide6) {pyside}, NumPy {numpy}, "
                                  "pandas {pandas}, Numba {numba}\n\nThe research methods and the papers they "
                                  "follow: Help > User guide (F1).").format(
                              app=APP_NAME, version=__version__, python=sys.version.split()[0],
                              pyside=PySide6.__version__, numpy=numpy.__version__, pandas=pandas.__version__,
                              numba=numba.__version__))

    def closeEvent(self, event) -> None:  # noqa: N802 - Qt API
        """Cancel the jobs and close; a job that cannot stop at once (a kernel compiling) finishes
        off-screen, its outcome dropped (app.jobs: its thread is the application's, never
        destroyed while it runs)."""
        if not self.keep_edits():
            event.ignore()
            return
        for runner in (self.jobs, self.compare_panel.jobs):  # a cancelled job stops within a node or a fold
            runner.cancel()
        for runner in (self.jobs, self.compare_panel.jobs):
            if not runner.wait(CLOSE_WAIT_MS):
                log.info("a background job is still running as the window closes; it finishes off-screen")
                break
        self.settings.setValue("geometry", self.saveGeometry())
        super().closeEvent(event)


def run(path: str | None = None) -> int:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName(APP_NAME)
    if app.property("ruletree_theme") is None:  # the launcher applies it first, before any window
        theme.apply(app)
    if app.property("ruletree_language") is None:  # likewise the language (app.i18n)
        i18n.install(app, i18n.choose_language(None, QSettings(SETTINGS_ORG, SETTINGS_ORG)))
    app.setWindowIcon(app_icon())
    window = MainWindow()
    window.open_path(path or str(demo_project()))
    window.show()
    # compiles (first start) or loads the kernels off the GUI thread, the Train tab's learner first
    start_warmup(window, window.train_panel.algorithm.currentData())
    return jobs.settle(app.exec())  # what still runs ends first (or the process ends plainly)
