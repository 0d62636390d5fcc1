"""The window's opening flow: open a data file or a project, choose the sheet and the header
row, save the project, the recent files. Over one engine call, `engine.problem.open_problem`
(which file type, which sheet, which header row, which target): only the dialogs live here.

`OpeningFlow` is a part of `app.main.MainWindow` (a mixin: the window's attributes are its own).
"""

from __future__ import annotations

import logging
import os

from PySide6.QtWidgets import QFileDialog, QInputDialog, QMessageBox

from engine.data.project import SUFFIX, save_project
from engine.data.read import MAX_HEADER_ROW, SUPPORTED_SUFFIXES
from engine.errors import DataError
from engine.problem import Problem, flag_warning, is_project, open_problem, read_as_missing, reopen, replace_data
from engine.resources import resources_dir

APP_NAME = "RuleTree Studio"
MAX_RECENT = 8
#: how many times a file is read again with another header row before the window gives up asking
MAX_HEADER_ASKS = 10
log = logging.getLogger(__name__)


class OpeningFlow:
    """Opening and saving, for MainWindow."""

    # ---- recent files -----------------------------------------------------------------

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
        demo = resources_dir() / "demo"
        self.data_panel.start.set_files(
            [(self.tr("Car evaluation: four ordered classes, test costs, a batch group, a cost matrix"),
              str(demo / "car_evaluation.rtproj")),
             (self.tr("Glass: six kinds of glass under a class hierarchy (window / not window)"),
              str(demo / "glass.rtproj")),
             (self.tr("心脏病 (heart disease, in Chinese): a clinician's workbook, notes on the first sheet"),
              str(demo / "heart_zh.rtproj"))],
            self.recent_files())

    # ---- opening -------------------------------------------------------------------------

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

    # ---- the same settings on new data: Reload, Replace data file ----------------------------------

    def reload_data(self) -> bool:
        """File > Reload data: the file open read again from disk (corrected since), every setting kept."""
        return self._replace_data(None)

    def choose_replacement(self) -> None:
        patterns = " ".join("*" + s for s in SUPPORTED_SUFFIXES)
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Replace the data file"), "",
                                              self.tr("Tables ({patterns});;All files (*)").format(patterns=patterns))
        if path:
            self.replace_data_file(path)

    def replace_data_file(self, path: str) -> bool:
        """File > Replace data file: the settings on another file (a corrected copy), kept where they
        still apply; the project, once saved, reads the new file."""
        return self._replace_data(path)

    def _replace_data(self, path: str | None) -> bool:
        if self.problem is None:
            return False
        try:
            replaced = replace_data(self.problem, path)
        except Exception as exc:  # noqa: BLE001 - a dialog; the table and settings shown stay
            self.error(exc, path or self.table.file, writing=False)
            return False
        self._show_problem(replaced.problem)  # the model trained before is of the old data: its views go
        if path is not None or replaced.dropped:
            self.dirty = True
        self._title()
        name = os.path.basename(replaced.problem.table.file)
        rows = f"{replaced.problem.table.n_rows:,}"
        if not replaced.dropped and not replaced.unusable:
            self.statusBar().showMessage(self.tr("{file} read again: {rows} rows; every setting kept").format(
                file=name, rows=rows), 10000)
            return True
        lines = [self.tr("Dropped:")] + [f"• {d}" for d in replaced.dropped] if replaced.dropped else []
        if replaced.unusable:
            lines += [self.tr("Kept, but to correct on the Problem tab before training:")]
            lines += [f"• {u}" for u in replaced.unusable[:8]]
            if len(replaced.unusable) > 8:
                lines.append(self.tr("• ... and {count} more").format(count=len(replaced.unusable) - 8))
        QMessageBox.information(self, APP_NAME, self.tr("{file} read: {rows} rows. Every other setting is kept."
                                                         "\n\n{lines}").format(file=name, rows=rows,
                                                                                lines="\n".join(lines)))
        if replaced.unusable:
            self.tabs.setCurrentWidget(self.problem_panel)
        return True

    def _edited(self) -> None:
        self.dirty = True
        self.train_panel.set_problem(self.spec)
        self.train_panel.mark_stale()  # the model shown was trained on the settings as they were
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
        """Open a project (.rtproj), a data file, or a model (.json, or a PMML TreeModel .pmml);
        True when it is open. On any error the current work stays as it was."""
        if os.fspath(path).lower().endswith((".json", ".pmml")):  # a model (ours, or another tool's PMML): its own flow
            return self.open_model(path)
        if not self.keep_edits():
            return False
        try:
            problem, asked = self._open_asking(lambda header_row: open_problem(
                path, sheet=sheet, header_row=header_row, check_settings=False))
        except Exception as exc:  # noqa: BLE001 - every error gets a dialog, never a crash
            self.error(exc, path, writing=False)
            return False
        if problem is None:
            return False
        self._show_problem(problem)
        self.dirty = asked and is_project(path)  # a header row chosen: the project file should keep it
        self._remember(path)
        self._title()
        if is_project(path):
            self._warn_unusable_settings(path)
        return True

    def _show_problem(self, problem: Problem) -> None:
        """Every panel on the problem just opened (the model trained before is of other data)."""
        self.problem = problem
        self.project, self.table, self.spec, self.model = problem.project, problem.table, problem.spec, None
        self.data_panel.show_table(problem.table, problem.project.header_row is not None, problem.warnings,
                                   problem.flags)
        self.problem_panel.set_problem(problem.table, problem.spec)
        self.train_panel.set_problem(problem.spec)
        self.train_panel.suggest_scheme(problem.table.n_rows)
        self.consult_panel.set_model(None, None, problem.project.path)
        # the views of the model trained before, which is of other data, go (issue 36: none goes stale)
        self.train_result = None
        self.results = []  # the session's models were of other data
        self.train_panel.show_results_list([], None)
        self.train_panel.clear()
        self.tree_panel.clear()
        self.rules_panel.clear()

    def _warn_unusable_settings(self, path: str) -> None:
        """A project opened whose settings do not fit its data or each other (a cost matrix of
        the wrong shape, a negative cost...): opened all the same, and said at once, naming the
        file and each setting; the Problem tab lists them for correcting."""
        problems = self.problem.problems
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

    def _open_asking(self, read, header_row: int | None = None) -> tuple[Problem | None, bool]:
        """`read(header_row)` -> Problem; when the column names cannot be read (the error carries a
        header-row hint), the user is asked which row holds them and the file is read again.
        (None, False) when they cancel; `asked`: a row was chosen. Other errors are raised."""
        asked = False
        for _ in range(MAX_HEADER_ASKS):
            try:
                return read(header_row), asked
            except DataError as exc:
                hint = getattr(exc, "header_row_hint", None)
                if hint is None:
                    raise
                chosen = self.ask_header_row(str(exc), hint)
                if chosen is None:
                    return None, False
                header_row, asked = chosen, True
        return None, False

    def ask_header_row(self, message: str, suggested: int) -> int | None:
        """Which row holds the column names (None: cancel)."""
        text = self.tr("{message}\n\nWhich row holds the column names? The rows above it are skipped.")
        value, ok = QInputDialog.getInt(self, APP_NAME, text.format(message=message), suggested, 1, MAX_HEADER_ROW)
        return value if ok else None

    def _sheet_chosen(self, sheet: str) -> None:
        self._reread(sheet, None)

    def _header_row_chosen(self, header_row) -> None:
        self._reread(self.table.sheet if self.table is not None else None, header_row)

    def _reread(self, sheet: str | None, header_row: int | None) -> None:
        """Read the file open again, from another sheet or header row, keeping the settings; on an
        error the table shown stays (and the controls show what it was read with)."""
        if self.table is None:
            return
        try:
            problem = reopen(self.problem, sheet=sheet, header_row=header_row)
        except Exception as exc:  # noqa: BLE001
            self.error(exc, self.table.file, writing=False)
            # the table shown stays; the box goes back to the row it was read with (nothing re-read or redrawn)
            self.data_panel.show_read_settings(self.table.sheet,
                                               self.project.header_row if self.project is not None else None)
            return
        self.problem, self.table, self.spec = problem, problem.table, problem.spec
        if self.project is not None:
            changed = (self.project.sheet, self.project.header_row) != (sheet, header_row)
            self.project.sheet, self.project.header_row = sheet, header_row
            if changed and self.project.path is not None:
                self.dirty = True
                self._title()
        self.data_panel.show_table(problem.table, header_row is not None, problem.warnings, problem.flags)
        self.problem_panel.set_problem(problem.table, self.spec)
        self.train_panel.set_problem(self.spec)
        self.tree_panel.set_cases(None, None)

    # ---- data hygiene (engine.problem): one click each -------------------------------------------

    def read_as_missing(self, column: str, texts: list) -> None:
        """The column's stray texts read as missing from now on (the project keeps them): the
        column is numeric; the settings are checked again."""
        if self.problem is None:
            return
        try:
            problem = read_as_missing(self.problem, column, texts)
        except Exception as exc:  # noqa: BLE001 - a dialog, never a crash; the table shown stays
            self.error(exc, self.table.file if self.table is not None else None, writing=False)
            return
        self.problem, self.table = problem, problem.table
        self.model = None  # a tree of the data as it read before
        self.forget_edits()
        self.data_panel.show_table(problem.table, self.project.header_row is not None, problem.warnings,
                                   problem.flags)
        self.problem_panel.set_problem(problem.table, self.spec)
        self.tree_panel.set_cases(None, None)
        self._edited()

    def use_again(self, column: str) -> None:
        """A column left out on opening (an identifier, a constant) in use again."""
        if self.problem is None:
            return
        self.spec.set_attribute(column, use=True)
        gone = {flag_warning(f) for f in self.problem.flags if f.column == column}
        self.problem.flags = [f for f in self.problem.flags if f.column != column]
        self.problem.warnings = [w for w in self.problem.warnings if w not in gone]
        self.data_panel.show_table(self.table, self.project.header_row is not None, self.problem.warnings,
                                   self.problem.flags)
        self.problem_panel.set_problem(self.table, self.spec)
        self._edited()

    def _title(self) -> None:
        name = os.path.basename(self.project.path) if self.project and self.project.path else \
            (os.path.basename(self.table.file) if self.table else "")
        mark = " *" if self.dirty else ""
        self.setWindowTitle(f"{name}{mark} — {APP_NAME}" if name else APP_NAME)
        self._update_status()

    # ---- saving ---------------------------------------------------------------------------

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
