"""The Guideline tab (issue 37): the expert types or pastes a rule list (IF ... AND ... THEN ...;
ELSE ..., or 如果 ... 且 ... 则 ...；否则 ...), every problem is marked where it is as the text is
typed (engine.guideline.parse_guideline, which never raises), and the guideline is scored
like a learner: trained as the learner `guideline` with the Train tab's scheme, or added to
the Compare tab beside the learners."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFontDatabase, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import (QFileDialog, QHBoxLayout, QLabel, QListWidget, QListWidgetItem, QPlainTextEdit,
                               QPushButton, QTextEdit, QVBoxLayout, QWidget)

from engine.guideline import Guideline, parse_guideline, read_guideline_file

from ..errors import show_error

PARSE_DELAY_MS = 250  # the text is read again this long after the last key


class GuidelinePanel(QWidget):
    """The rule list, its problems as they are typed, and the two ways to score it.

    `schema` (set by the window): a function giving the open data's DataSchema under the
    problem's settings, or None when no data is open (nothing can be checked then)."""

    score_requested = Signal(str)  # the text: train it as the learner `guideline`
    compare_requested = Signal(str)  # the text: add it to the Compare tab

    def __init__(self, parent=None):
        super().__init__(parent)
        self.schema = None
        intro = QLabel(self.tr("Type or paste your own rules, one a line, the first that holds answers; the last "
                               "is the default (ELSE class). The same words as the Rules tab: IF ... AND ... THEN "
                               "class, ELSE IF ..., ELSE class; or 如果 ... 且 ... 则 ...，否则 ...."))
        intro.setWordWrap(True)
        self.editor = QPlainTextEdit()
        fixed = QFontDatabase.systemFont(QFontDatabase.FixedFont)
        fixed.setPointSizeF(max(fixed.pointSizeF(), 11.0))
        self.editor.setFont(fixed)
        self.editor.setPlaceholderText("IF safety = low THEN unacc\nELSE IF persons = 2 THEN unacc\n"
                                       "ELSE IF buying = vhigh AND maint >= high THEN unacc\nELSE acc")
        self.status = QLabel(self.tr("Open a data file to check the rules against its columns."))
        self.status.setWordWrap(True)
        self.columns = QListWidget()
        self.columns.setToolTip(self.tr("The data's attributes and their values; double-click one to type its name"))
        self.columns.itemDoubleClicked.connect(self._insert_name)
        self.problems = QListWidget()
        self.problems.setMaximumHeight(140)
        self.problems.itemActivated.connect(self._go_to)
        self.problems.itemClicked.connect(self._go_to)
        self.open_button = QPushButton(self.tr("Open a text file..."))
        self.open_button.clicked.connect(self.open_file)
        self.score_button = QPushButton(self.tr("Score like a learner"))
        self.score_button.setToolTip(self.tr("Train the guideline as the learner \"guideline\" with the Train tab's "
                                             "scheme (hold-out or cross-validation): its figures beside the baseline, "
                                             "its tree, rules and consultation"))
        self.score_button.clicked.connect(lambda: self.score_requested.emit(self.editor.toPlainText()))
        self.compare_button = QPushButton(self.tr("Add to Compare"))
        self.compare_button.setToolTip(self.tr("Tick the guideline on the Compare tab with these rules, to test it "
                                               "against the learners in the same folds"))
        self.compare_button.clicked.connect(lambda: self.compare_requested.emit(self.editor.toPlainText()))
        buttons = QHBoxLayout()
        for b in (self.open_button, self.score_button, self.compare_button):
            buttons.addWidget(b)
        buttons.addStretch(1)
        side = QVBoxLayout()
        side.addWidget(QLabel(self.tr("Attributes")))
        side.addWidget(self.columns, 1)
        middle = QHBoxLayout()
        middle.addWidget(self.editor, 3)
        middle.addLayout(side, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(middle, 1)
        layout.addWidget(self.status)
        layout.addWidget(self.problems)
        layout.addLayout(buttons)
        self.result: Guideline | list | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(PARSE_DELAY_MS)
        self._timer.timeout.connect(self.check)
        self.editor.textChanged.connect(self._timer.start)
        self.check()

    # ---- reading the text ----------------------------------------------------------------

    def check(self) -> None:
        """Read the text against the open data's columns: its rules, or every problem marked."""
        self._timer.stop()
        text = self.editor.toPlainText()
        schema = self.schema() if self.schema is not None else None
        self.problems.clear()
        self.editor.setExtraSelections([])
        self._list_columns(schema)
        ready = False
        if schema is None:
            self.result = None
            self.status.setText(self.tr("Open a data file to check the rules against its columns."))
        elif not text.strip():
            self.result = None
            self.status.setText(self.tr("Type the rules above."))
        else:
            self.result = parse_guideline(text, schema)
            if isinstance(self.result, Guideline):
                ready = True
                n = len(self.result.rules)
                self.status.setText((self.tr("{n} rule and the default: ready to score") if n == 1 else
                                     self.tr("{n} rules and the default: ready to score")).format(n=n))
            else:
                self._mark(self.result)
        self.score_button.setEnabled(ready)
        self.compare_button.setEnabled(ready)

    def _list_columns(self, schema) -> None:
        self.columns.clear()
        if schema is None:
            return
        self.columns.addItem(self.tr("{target} (the class): {values}").format(
            target=schema.target, values=", ".join(schema.classes)))
        for attr in schema.attributes:
            if attr.categories:
                text = f"{attr.name}: {', '.join(attr.categories)}"
            elif attr.low is not None:
                text = self.tr("{name}: a number from {low} to {high}").format(name=attr.name, low=format(attr.low, "g"),
                                                                               high=format(attr.high, "g"))
            else:
                text = self.tr("{name}: a number").format(name=attr.name)
            item = QListWidgetItem(text)
            item.setData(Qt.UserRole, attr.name)
            self.columns.addItem(item)

    def _insert_name(self, item) -> None:
        name = item.data(Qt.UserRole)
        if name:
            self.editor.insertPlainText(name + " ")
            self.editor.setFocus()

    def _mark(self, errors) -> None:
        n = len(errors)
        self.status.setText((self.tr("{n} problem: the rules cannot be scored yet") if n == 1 else
                             self.tr("{n} problems: the rules cannot be scored yet")).format(n=n))
        marks = []
        underline = QTextCharFormat()
        underline.setUnderlineStyle(QTextCharFormat.WaveUnderline)
        underline.setUnderlineColor(QColor("#d32f2f"))
        underline.setBackground(QColor("#ffebee"))
        for error in errors:
            item = QListWidgetItem(self.tr("line {line}, column {column}: {message}").format(
                line=error.line, column=error.column, message=error.message))
            item.setData(Qt.UserRole, (error.line, error.column))
            self.problems.addItem(item)
            mark = QTextEdit.ExtraSelection()
            mark.cursor = self._cursor_at(error.line, error.column)
            mark.cursor.movePosition(QTextCursor.EndOfWord, QTextCursor.KeepAnchor)
            if not mark.cursor.hasSelection():
                mark.cursor.movePosition(QTextCursor.NextCharacter, QTextCursor.KeepAnchor)
            mark.format = underline
            marks.append(mark)
        self.editor.setExtraSelections(marks)

    def _cursor_at(self, line: int, column: int) -> QTextCursor:
        block = self.editor.document().findBlockByNumber(max(line - 1, 0))
        cursor = QTextCursor(block)
        cursor.movePosition(QTextCursor.Right, QTextCursor.MoveAnchor, min(max(column - 1, 0), block.length() - 1))
        return cursor

    def _go_to(self, item) -> None:
        line, column = item.data(Qt.UserRole)
        self.editor.setTextCursor(self._cursor_at(line, column))
        self.editor.setFocus()

    def set_text(self, text: str) -> None:
        self.editor.setPlainText(text)
        self.check()

    def open_file(self, path: str | None = None) -> bool:
        if not path:
            path, _ = QFileDialog.getOpenFileName(self, self.tr("Open a guideline"), "",
                                                  self.tr("Text (*.txt *.md);;All files (*)"))
            if not path:
                return False
        try:
            self.set_text(read_guideline_file(path))
        except Exception as exc:  # noqa: BLE001 - a file that is not text, too large: said, never a crash
            show_error(self, exc, path)
            return False
        return True
