"""The RuleTree Studio window (a first, minimal version: open a table or a
project, see its columns and whether the problem settings are valid)."""

from __future__ import annotations

import os
import sys

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QApplication, QFileDialog, QLabel, QListWidget, QMainWindow,
                               QMessageBox, QSplitter, QTableWidget, QTableWidgetItem, QVBoxLayout,
                               QWidget)

from engine import __version__
from engine.data import read_table
from engine.data.project import SUFFIX, load_project
from engine.data.read import SUPPORTED_SUFFIXES
from engine.data.spec import ProblemSpec, check
from engine.errors import RuleTreeError
from engine.resources import demo_project

APP_NAME = "RuleTree Studio"


class MainWindow(QMainWindow):
    def __init__(self):
        super().__init__()
        self.setWindowTitle(APP_NAME)
        self.resize(1000, 650)
        self.table = None
        self.project = None

        self.summary = QLabel("Open a spreadsheet or a project (File > Open).")
        self.summary.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.columns = QTableWidget(0, 5)
        self.columns.setHorizontalHeaderLabels(["column", "type", "missing", "distinct", "values"])
        self.columns.horizontalHeader().setStretchLastSection(True)
        self.columns.setEditTriggers(QTableWidget.NoEditTriggers)
        self.problems = QListWidget()
        split = QSplitter(Qt.Vertical)
        split.addWidget(self.columns)
        split.addWidget(self.problems)
        split.setSizes([500, 120])
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.addWidget(self.summary)
        layout.addWidget(split)
        self.setCentralWidget(body)

        file_menu = self.menuBar().addMenu("&File")
        file_menu.addAction("&Open...", self.choose_file, "Ctrl+O")
        file_menu.addAction("Open &demo project", lambda: self.open_path(str(demo_project())))
        file_menu.addSeparator()
        file_menu.addAction("&Quit", self.close, "Ctrl+Q")
        help_menu = self.menuBar().addMenu("&Help")
        help_menu.addAction("&About", self.about)

    def choose_file(self) -> None:
        patterns = " ".join("*" + s for s in (SUFFIX,) + SUPPORTED_SUFFIXES)
        path, _ = QFileDialog.getOpenFileName(self, "Open", "", f"Data or project ({patterns});;All files (*)")
        if path:
            self.open_path(path)

    def open_path(self, path: str) -> bool:
        """Open a project or a data file; errors go to a dialog, nothing is lost."""
        try:
            if path.lower().endswith(SUFFIX):
                project = load_project(path)
                table = read_table(project.data_path, project.sheet)
                spec = project.spec
            else:
                project, table, spec = None, read_table(path), ProblemSpec()
                spec.target = table.columns[-1].name
        except RuleTreeError as exc:
            QMessageBox.warning(self, APP_NAME, str(exc))
            return False
        self.project, self.table = project, table
        self.show_table(table, spec)
        return True

    def show_table(self, table, spec) -> None:
        name = os.path.basename(table.file) + (f' — sheet "{table.sheet}"' if table.sheet else "")
        self.setWindowTitle(f"{name} — {APP_NAME}")
        self.summary.setText(f"{name}: {table.n_rows} rows, {len(table.columns)} columns; "
                             f'target "{spec.target}"')
        self.columns.setRowCount(len(table.columns))
        for i, c in enumerate(table.columns):
            settings = spec.attribute(c.name)
            kind = settings.type or c.type
            if c.name == spec.target and spec.class_order:
                values = " < ".join(spec.class_order)
            elif settings.order:
                values = " < ".join(settings.order)
            elif c.type == "numeric" and c.minimum is not None:
                values = f"{c.minimum:g} .. {c.maximum:g}"
            else:
                values = ", ".join(c.values[:8])
            for j, text in enumerate([c.name, kind, str(c.missing), str(c.distinct), values]):
                self.columns.setItem(i, j, QTableWidgetItem(text))
        self.problems.clear()
        problems = check(spec, table)
        for p in problems:
            self.problems.addItem(f"{p.field}: {p.message}")
        for w in table.warnings:
            self.problems.addItem(f"warning: {w}")
        if not problems:
            self.problems.addItem("The problem settings are valid.")

    def about(self) -> None:
        import numba
        import numpy
        import pandas
        import PySide6

        QMessageBox.about(self, f"About {APP_NAME}",
                          f"{APP_NAME} {__version__}\n\nPython {sys.version.split()[0]}, "
                          f"Qt (PySide6) {PySide6.__version__}, NumPy {numpy.__version__}, "
                          f"pandas {pandas.__version__}, Numba {numba.__version__}")


def run(path: str | None = None) -> int:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName(APP_NAME)
    window = MainWindow()
    window.open_path(path or str(demo_project()))
    window.show()
    return app.exec()
