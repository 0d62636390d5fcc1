"""The consultation's question form: the question the engine ranks first and why,
an input that fits each attribute asked (the values seen in training, or a number
with the training range beside it), Answer and Unknown, the validation message,
and the confirmation of a value outside the training range; below it, the ranked
alternatives (double-click one to answer it instead). Over a fuzzy model the
reason also says how many of the nodes the case has reached test the question,
and their firing strength.

The form answers into the `Session` it is shown (`show_session`) and emits
`answered` after every recorded step; the panel that holds it does the rest.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from engine.data.table import format_number
from engine.errors import RuleTreeError

from .. import theme
from ..errors import file_error_text

ALTERNATIVE_HEADERS = [QT_TRANSLATE_NOOP("QuestionRanking", "question"), "ΔE",
                       QT_TRANSLATE_NOOP("QuestionRanking", "cost"), QT_TRANSLATE_NOOP("QuestionRanking", "utility")]
# a planned consultation's alternatives: the expected cost still to pay if it is asked now
PLANNED_HEADERS = [QT_TRANSLATE_NOOP("QuestionRanking", "question"),
                   QT_TRANSLATE_NOOP("QuestionRanking", "expected cost"),
                   QT_TRANSLATE_NOOP("QuestionRanking", "cost"), QT_TRANSLATE_NOOP("QuestionRanking", "ends at once")]


def _num(value: float) -> str:
    return "∞" if value == float("inf") else format(value, ".3g")


def ask_outside_range(parent: QWidget, message: str) -> bool:
    """Yes/No: use values outside the training range (`message` lists them)?"""
    title = QCoreApplication.translate("QuestionForm", "Value outside the training range")
    text = QCoreApplication.translate("QuestionForm", "{message}.\n\nThe tree never saw such a case; "
                                                      "use the value anyway?").format(message=message)
    answer = QMessageBox.question(parent, title, text, QMessageBox.Yes | QMessageBox.No)
    return answer == QMessageBox.Yes


class QuestionRanking(QGroupBox):
    """Every question the engine could ask now, best first; double-click one to answer it instead."""

    chosen = Signal(int)  # row

    def __init__(self, parent=None):
        super().__init__(self.tr("Questions ranked (double-click one to answer it instead)"), parent)
        self.table = QTableWidget(0, len(ALTERNATIVE_HEADERS))
        self.table.setHorizontalHeaderLabels(self._headers(ALTERNATIVE_HEADERS))
        self.table.setEditTriggers(QAbstractItemView.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SingleSelection)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.Stretch)
        self.table.verticalHeader().setVisible(False)
        self.table.cellDoubleClicked.connect(lambda row, _col: self.chosen.emit(row))
        QVBoxLayout(self).addWidget(self.table)

    @staticmethod
    def _headers(headers: list[str]) -> list[str]:
        return [QCoreApplication.translate("QuestionRanking", h) for h in headers]

    def show_candidates(self, candidates) -> None:
        planned = bool(candidates) and candidates[0].expected is not None
        self.table.setHorizontalHeaderLabels(self._headers(PLANNED_HEADERS if planned else ALTERNATIVE_HEADERS))
        self.table.setRowCount(len(candidates))
        for row, c in enumerate(candidates):
            cells = ((c.name, _num(c.expected), f"{c.cost:g}", f"{c.ends_at_once:.0%}") if planned else
                     (c.name, _num(c.gain), f"{c.cost:g}", _num(c.utility)))
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if col:
                    item.setTextAlignment(Qt.AlignRight | Qt.AlignVCenter)
                self.table.setItem(row, col, item)


class QuestionForm(QGroupBox):
    """The question being asked and its inputs (see the module docstring).

    `ranking` is the alternatives' box; the holder places it (below the form).
    `confirm(message) -> bool` accepts values outside the training range; by
    default it asks with a Yes/No dialog.
    """

    answered = Signal()  # a step was recorded in the session

    def __init__(self, parent=None, confirm=None):
        super().__init__(self.tr("Question"), parent)
        self.confirm = confirm or (lambda message: ask_outside_range(self, message))
        self.session = None
        self.candidates = []
        self.current = None  # the Candidate being asked
        self.question = QLabel(self.tr("Train a model, then start a new case."))
        self.question.setStyleSheet("font-size: 14pt; font-weight: bold;")
        self.reason = QLabel("")
        self.reason.setWordWrap(True)
        self.inputs_box = QWidget()
        self.inputs_form = QFormLayout(self.inputs_box)
        self.inputs: dict[str, QWidget] = {}
        self.message = QLabel("")
        self.message.setWordWrap(True)
        theme.style(self.message, "color: {};", theme.ERROR)
        self.answer_button = QPushButton(self.tr("Answer"))
        self.answer_button.setDefault(True)
        self.answer_button.clicked.connect(self.submit)
        self.unknown_button = QPushButton(self.tr("Unknown"))
        self.unknown_button.clicked.connect(self.unknown)
        buttons = QHBoxLayout()
        buttons.addWidget(self.answer_button)
        buttons.addWidget(self.unknown_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        for w in (self.question, self.reason, self.inputs_box, self.message):
            layout.addWidget(w)
        layout.addLayout(buttons)
        self.ranking = QuestionRanking()
        self.ranking.chosen.connect(self.choose)

    # ---- what is asked ------------------------------------------------------------

    def show_session(self, session, idle_text: str = "") -> None:
        """Ask the session for its ranked questions and show the first (`idle_text` without a session)."""
        self.session = session
        self.candidates = session.ask() if session is not None else []
        self.current = self.candidates[0] if self.candidates else None
        self.answer_button.setEnabled(self.current is not None)
        self.unknown_button.setEnabled(self.current is not None)
        self.ranking.show_candidates(self.candidates)
        self._show_question(idle_text)

    def choose(self, row: int) -> None:
        """Answer another of the ranked questions instead of the first."""
        if 0 <= row < len(self.candidates):
            self.current = self.candidates[row]
            self._show_question()

    def _show_question(self, idle_text: str = "") -> None:
        while self.inputs_form.rowCount():
            self.inputs_form.removeRow(0)
        self.inputs = {}
        if self.session is None:
            self.question.setText(idle_text)
            self.reason.setText("")
            return
        c = self.current
        if c is None:
            self.question.setText(self.tr("Finished: no further question can change the answer."))
            self.reason.setText("")
            return
        self.question.setText(self.tr("Q{number}: {question}").format(number=len(self.session.steps) + 1,
                                                                       question=c.name))
        self.reason.setText(self._reason(c))
        schema = self.session.model.schema
        for j in c.attributes:
            attr = schema.attributes[j]
            if attr.categories is not None:
                widget = QComboBox()
                widget.addItems(list(attr.categories))
                widget.setCurrentIndex(-1)
            else:
                widget = QLineEdit()
                widget.returnPressed.connect(self.submit)
                widget.setPlaceholderText(
                    self.tr("a number  (training: {low} to {high})").format(low=format_number(attr.low),
                                                                           high=format_number(attr.high))
                    if attr.low is not None else self.tr("a number"))
            widget.setObjectName(f"answer:{attr.name}")
            self.inputs[attr.name] = widget
            self.inputs_form.addRow(attr.name, widget)
        if self.inputs:
            next(iter(self.inputs.values())).setFocus()

    def _reason(self, c) -> str:
        if c.expected is not None:  # planned: what the plan expects of it
            first = self.candidates and c is self.candidates[0]
            # the reason is the engine's sentence (engine.plan, in the engine's language)
            return c.reason[:1].upper() + c.reason[1:] if first else self.tr("Chosen by you: {reason}").format(
                reason=c.reason)
        cost = (self.tr("cost {cost} (test {test}, waiting {waiting})").format(
                    cost=f"{c.cost:g}", test=f"{c.test_cost:g}", waiting=f"{c.waiting_cost:g}")
                if c.test_cost and c.waiting_cost else self.tr("cost {cost}").format(cost=f"{c.cost:g}"))
        first = self.candidates and c is self.candidates[0]
        why = (self.tr("asked because it removes the most expected cost per unit") if first
               else self.tr("chosen by you; the engine ranks it lower"))
        if c.gain <= 0 and first:
            why = self.tr("asked because the tree tests it next; on its own it lowers no expected cost yet, "
                          "the tests below it do")
        text = self.tr("{why}: ΔE {gain} for {cost}, utility {utility}").format(
            why=why, gain=_num(c.gain), cost=cost, utility=_num(c.utility))
        consultation = self.session.consultation
        if consultation.fuzzy:  # the case is at several nodes: which of them ask it, and their weight
            front = consultation.frontier()
            asking = [w for n, w in front if set(c.attributes) & set(consultation.tree.nodes[n].attributes())]
            text += self.tr("; tested at {asking} of the {reached} nodes the case has reached "
                            "(firing strength {strength})").format(asking=len(asking), reached=len(front),
                                                                   strength=_num(sum(asking)))
        return text

    # ---- answers ----------------------------------------------------------------------

    def values(self) -> dict:
        out = {}
        for name, widget in self.inputs.items():
            out[name] = widget.currentText() if isinstance(widget, QComboBox) else widget.text().strip()
        return out

    def submit(self) -> bool:
        """Record the values typed for the current question; False if one was refused."""
        if self.session is None or self.current is None:
            return False
        answers = self.values()
        empty = [n for n, v in answers.items() if v in ("", None)]
        if empty:
            self.message.setText(self.tr("Give a value for {names}, or press Unknown.").format(
                names=self.tr(", ").join(empty)))
            return False
        return self._answer(answers)

    def unknown(self) -> bool:
        if self.session is None or self.current is None:
            return False
        return self._answer({name: None for name in self.inputs})

    def _answer(self, answers: dict) -> bool:
        try:
            try:
                self.session.answer(answers, self.current)
            except RuleTreeError as exc:
                if exc.code != "out_of_range" or not self.confirm(self._outside_texts(answers)):
                    raise
                self.session.answer(answers, self.current, outside_ok=True)
        except RuleTreeError as exc:
            self.message.setText(exc.message)  # the engine's message, in the engine's language
            return False
        except OSError as exc:  # the answer is recorded; only the file failed

            self.message.setText(self.tr("The session could not be saved: {error}").format(error=file_error_text(exc)))
        else:
            self.message.setText("")
        self.answered.emit()
        return True

    def _outside_texts(self, answers: dict) -> str:
        """Every answer of this step outside its training range (a batch may hold several)."""
        c = self.session.consultation
        texts = []
        for name, value in answers.items():
            try:
                _code, warning = c.check_value(c.index[name], value, outside_ok=True, translate=True)
            except RuleTreeError:
                continue
            if warning:
                texts.append(warning)
        return ";\n".join(texts)
