"""The saved consultations of a project (or, with a bare data file open, those filed
under no project): one row per case, newest first; resume one, export some or all
to Excel.

The folder is read when a project or model is set (`refresh`); after an answer
the current case's row is updated from memory (`show_current`), no folder scan.
"""

from __future__ import annotations

import logging
import os

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (QAbstractItemView, QFileDialog, QGroupBox, QHBoxLayout, QHeaderView, QLabel,
                               QPushButton, QTableWidget, QTableWidgetItem, QVBoxLayout)

from engine.errors import RuleTreeError
from engine.sessions import export_sessions, list_sessions, summary_row

log = logging.getLogger(__name__)

HISTORY_HEADERS = ["case", "updated", "answer", "questions", "cost", "session"]


class SessionHistory(QGroupBox):
    resume_requested = Signal(int)  # row: double-click or Resume
    notice = Signal(str)  # a message for the user ("No saved cases to export yet.")

    def __init__(self, parent=None):
        super().__init__("This project's cases", parent)
        self.sessions: list[dict] = []  # as listed: session JSON plus its "file"
        self.table = QTableWidget(0, len(HISTORY_HEADERS))
        self.table.setHorizontalHeaderLabels(HISTORY_HEADERS)
        self.table.setEditTriggers(QAbstractItemView.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectRows)
        self.table.horizontalHeader().setSectionResizeMode(2, QHeaderView.Stretch)
        for col, width in ((0, 110), (1, 130), (3, 70), (4, 60), (5, 90)):
            self.table.setColumnWidth(col, width)
        self.table.verticalHeader().setVisible(False)
        self.table.cellDoubleClicked.connect(lambda row, _col: self.resume_requested.emit(row))
        self.resume_button = QPushButton("Resume")
        self.resume_button.clicked.connect(lambda: self.resume_requested.emit(self.table.currentRow()))
        self.export_button = QPushButton("Export to Excel...")
        self.export_button.clicked.connect(lambda: self.export())
        buttons = QHBoxLayout()
        buttons.addWidget(self.resume_button)
        buttons.addWidget(self.export_button)
        buttons.addStretch(1)
        # saved case files that could not be read (damaged, foreign, newer): said here, left as they are
        self.skipped = QLabel("")
        self.skipped.setObjectName("skipped sessions")
        self.skipped.setWordWrap(True)
        self.skipped.setVisible(False)
        self.skipped_warnings: list[str] = []
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(self.skipped)
        layout.addLayout(buttons)

    def refresh(self, project_path: str | None) -> None:
        """Read the saved sessions of this project; with None, the sessions filed under no project."""
        self.setTitle("This project's cases" if project_path else "Cases not filed under a project")
        try:
            sessions, warnings = list_sessions(project=project_path, unfiled=project_path is None)
        except OSError as exc:  # the sessions folder cannot be made or read: no cases, said so
            from ..errors import file_error_text

            sessions, warnings = [], [f"The saved cases cannot be read: {file_error_text(exc, writing=False)}"]
        for w in warnings:
            log.warning("session file skipped: %s", w)
        self.sessions = sessions
        self._show_skipped(warnings)
        self._fill()

    def _show_skipped(self, warnings: list[str]) -> None:
        """Saved case files left out, in words (the first ones; all in the tooltip)."""
        self.skipped_warnings = list(warnings)
        if not warnings:
            self.skipped.setText("")
            self.skipped.setVisible(False)
            return
        n = len(warnings)
        head = (f"{n} saved case file{'s' if n != 1 else ''} could not be read and {'are' if n != 1 else 'is'} "
                "left out (not changed):")
        shown = [w if len(w) <= 300 else w[:297] + "..." for w in warnings[:3]]
        more = [f"... and {n - 3} more"] if n > 3 else []
        self.skipped.setText("\n".join([head] + shown + more))
        self.skipped.setToolTip("\n".join(warnings[:50]))
        self.skipped.setVisible(True)

    def show_current(self, session, project_path: str | None) -> None:
        """After an answer: the session's row from memory, first; not if it is filed elsewhere."""
        listed = os.path.abspath(project_path) if project_path else None
        if session.project != listed:  # a case filed elsewhere (begun before Save As, say)
            return
        try:
            obj = session.to_json()
        except (OSError, RuleTreeError):
            return
        obj["file"] = str(session.path)
        self.sessions = [obj] + [o for o in self.sessions if o.get("id") != obj["id"]]
        self._fill()

    def _fill(self) -> None:
        self.table.setRowCount(len(self.sessions))
        for row, obj in enumerate(self.sessions):
            r = summary_row(obj)
            label = r["label"] if r["finished"] else f"(open) {r['label']}"
            cost = "" if r["total cost"] is None else f"{r['total cost']:g}"
            updated = str(r["updated"] or "").replace("T", " ")
            for col, text in enumerate((r["case"], updated, label, str(r["questions"]), cost, r["session"])):
                self.table.setItem(row, col, QTableWidgetItem(str(text)))

    def session_at(self, row: int) -> dict | None:
        return self.sessions[row] if 0 <= row < len(self.sessions) else None

    def export(self, path: str | None = None, rows: list[int] | None = None) -> bool:
        """The chosen rows (default: the selected ones, or all) to an Excel workbook."""
        if rows is None:
            picked = sorted({i.row() for i in self.table.selectedIndexes()})
            rows = picked or list(range(len(self.sessions)))
        chosen = [self.sessions[r] for r in rows if 0 <= r < len(self.sessions)]
        if not chosen:
            self.notice.emit("No saved cases to export yet.")
            return False
        if path is None:
            path, _ = QFileDialog.getSaveFileName(self, "Export cases", "cases.xlsx", "Excel workbook (*.xlsx)")
            if not path:
                return False
        try:
            export_sessions(chosen, path)
        except Exception as exc:  # noqa: BLE001 - the window's one way of saying why (app.errors)
            from ..errors import show_error

            show_error(self, exc, path, title="Export cases")
            return False
        return True
