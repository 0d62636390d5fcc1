"""The saved consultations of a project (or, with a bare data file open, those filed
under no project): one row per case, newest first; resume one, export some or all
to Excel.

The folder is read when a project or model is set (`refresh`); after an answer
the current case's row is updated from memory (`show_current`), no folder scan.
"""

from __future__ import annotations

import logging
import os

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QDateTime, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from app.i18n import format_moment
from engine.errors import RuleTreeError
from engine.i18n import _
from engine.sessions import export_sessions, list_sessions, summary_row
from engine.tree.model import PENDING_LABEL

from ..errors import file_error_text, show_error

log = logging.getLogger(__name__)

HISTORY_HEADERS = [QT_TRANSLATE_NOOP("SessionHistory", "case"), QT_TRANSLATE_NOOP("SessionHistory", "updated"),
                   QT_TRANSLATE_NOOP("SessionHistory", "answer"), QT_TRANSLATE_NOOP("SessionHistory", "questions"),
                   QT_TRANSLATE_NOOP("SessionHistory", "cost"), QT_TRANSLATE_NOOP("SessionHistory", "session")]


def _when(stamp) -> str:
    """A session's time ("2024-05-01T09:30:00" in the file) in the window's language (app.i18n)."""
    text = str(stamp or "")
    moment = QDateTime.fromString(text, Qt.ISODate)
    return format_moment(moment) if moment.isValid() else text.replace("T", " ")


class SessionHistory(QGroupBox):
    resume_requested = Signal(int)  # row: double-click or Resume
    notice = Signal(str)  # a message for the user ("No saved cases to export yet.")

    def __init__(self, parent=None):
        super().__init__(self.tr("This project's cases"), parent)
        self.sessions: list[dict] = []  # as listed: session JSON plus its "file"
        self.table = QTableWidget(0, len(HISTORY_HEADERS))
        self.table.setHorizontalHeaderLabels([QCoreApplication.translate("SessionHistory", h) for h in HISTORY_HEADERS])
        self.table.setEditTriggers(QAbstractItemView.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectRows)
        self.table.horizontalHeader().setSectionResizeMode(2, QHeaderView.Stretch)
        for col, width in ((0, 110), (1, 130), (3, 70), (4, 60), (5, 90)):
            self.table.setColumnWidth(col, width)
        self.table.verticalHeader().setVisible(False)
        self.table.cellDoubleClicked.connect(lambda row, _col: self.resume_requested.emit(row))
        self.resume_button = QPushButton(self.tr("Resume"))
        self.resume_button.clicked.connect(lambda: self.resume_requested.emit(self.table.currentRow()))
        self.export_button = QPushButton(self.tr("Export to Excel..."))
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
        self.setTitle(self.tr("This project's cases") if project_path else self.tr("Cases not filed under a project"))
        try:
            sessions, warnings = list_sessions(project=project_path, unfiled=project_path is None)
        except OSError as exc:  # the sessions folder cannot be made or read: no cases, said so

            sessions, warnings = [], [self.tr("The saved cases cannot be read: {error}").format(
                error=file_error_text(exc, writing=False))]
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
        head = (self.tr("{count} saved case file could not be read and is left out (not changed):") if n == 1 else
                self.tr("{count} saved case files could not be read and are left out (not changed):")).format(count=n)
        # each warning is the engine's sentence (engine.sessions, in the engine's language)
        shown = [w if len(w) <= 300 else w[:297] + "..." for w in warnings[:3]]
        more = [self.tr("... and {count} more").format(count=n - 3)] if n > 3 else []
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
            label = _(r["label"]) if r["label"] == PENDING_LABEL else r["label"]
            label = label if r["finished"] else self.tr("(open) {label}").format(label=label)
            cost = "" if r["total cost"] is None else f"{r['total cost']:g}"
            updated = _when(r["updated"])
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
            self.notice.emit(self.tr("No saved cases to export yet."))
            return False
        if path is None:
            path, _filter = QFileDialog.getSaveFileName(self, self.tr("Export cases"), "cases.xlsx",
                                                        self.tr("Excel workbook (*.xlsx)"))
            if not path:
                return False
        try:
            export_sessions(chosen, path)
        except Exception as exc:  # noqa: BLE001 - the window's one way of saying why (app.errors)

            show_error(self, exc, path, title=self.tr("Export cases"))
            return False
        return True
