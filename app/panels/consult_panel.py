"""Consult: one case at a time, the most useful question next (engine.consult).

The panel shows the question the engine ranks first and why ("removes the most
expected cost per unit: ΔE 0.31 for cost 12"), the alternatives ranked (pick one
to answer it instead), an input that fits the attribute (a list of the values
seen in training, or a number with the training range beside it), Unknown and
Undo, the tentative answer with its confidence, the running cost tally, and the
path of the case on the tree. The session is saved after every answer; the
project's history lists earlier cases, which can be resumed or exported to Excel.
"""

from __future__ import annotations

import logging
import os

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QAbstractItemView, QCheckBox, QComboBox, QFileDialog, QFormLayout, QGroupBox, QHBoxLayout,
                               QHeaderView, QLabel, QLineEdit, QMessageBox, QPushButton, QSplitter, QTableWidget,
                               QTableWidgetItem, QVBoxLayout, QWidget)

from engine.data.table import format_number
from engine.errors import RuleTreeError
from engine.sessions import Session, export_sessions, list_sessions, summary_row

log = logging.getLogger(__name__)

ALTERNATIVE_HEADERS = ["question", "ΔE", "cost", "utility"]
HISTORY_HEADERS = ["case", "updated", "answer", "questions", "cost", "session"]


def _num(value: float) -> str:
    return "∞" if value == float("inf") else format(value, ".3g")


def _row(*widgets) -> QHBoxLayout:
    """Widgets side by side, left-aligned."""
    row = QHBoxLayout()
    for w in widgets:
        row.addWidget(w)
    row.addStretch(1)
    return row


class ConsultPanel(QWidget):
    path_changed = Signal(list)  # node ids of the case's path(s), for the tree view

    def __init__(self, parent=None):
        super().__init__(parent)
        from ..widgets.tree_canvas import TreeCanvas

        self.model = None
        self.spec = None
        self.project_path: str | None = None
        self.session: Session | None = None
        self.current = None  # the Candidate being asked
        self.candidates = []
        self._tree_shown = None
        self._copying = None  # the model whose copy a background thread is writing

        # case bar
        self.new_button = QPushButton("New case")
        self.new_button.clicked.connect(self.new_case)
        self.case_name = QLineEdit()
        self.case_name.setPlaceholderText("case name (optional), e.g. applicant 17")
        self.case_name.returnPressed.connect(self._rename)  # Enter names the current case
        self.undo_button = QPushButton("Undo")
        self.undo_button.clicked.connect(self.undo)
        self.not_worth = QCheckBox("Stop when tests cost more than they can save")
        self.not_worth.setToolTip("Also end a new case when no remaining test costs less than the expected "
                                  "misclassification cost it could still remove (E now - E*); meaningful when "
                                  "test and misclassification costs share one unit.")
        bar = QHBoxLayout()
        bar.addWidget(self.new_button)
        bar.addWidget(self.case_name, 1)
        bar.addWidget(self.undo_button)
        options = _row(self.not_worth)

        # the question
        self.question = QLabel("Train a model, then start a new case.")
        self.question.setStyleSheet("font-size: 14pt; font-weight: bold;")
        self.reason = QLabel("")
        self.reason.setWordWrap(True)
        self.inputs_box = QWidget()
        self.inputs_form = QFormLayout(self.inputs_box)
        self.inputs: dict[str, QWidget] = {}
        self.message = QLabel("")
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #b00020;")
        self.answer_button = QPushButton("Answer")
        self.answer_button.setDefault(True)
        self.answer_button.clicked.connect(self.submit)
        self.unknown_button = QPushButton("Unknown")
        self.unknown_button.clicked.connect(self.unknown)
        buttons = _row(self.answer_button, self.unknown_button)
        ask = QGroupBox("Question")
        ask_layout = QVBoxLayout(ask)
        for w in (self.question, self.reason, self.inputs_box, self.message):
            ask_layout.addWidget(w)
        ask_layout.addLayout(buttons)

        # alternatives
        self.alternatives = QTableWidget(0, len(ALTERNATIVE_HEADERS))
        self.alternatives.setHorizontalHeaderLabels(ALTERNATIVE_HEADERS)
        self.alternatives.setEditTriggers(QAbstractItemView.NoEditTriggers)
        self.alternatives.setSelectionBehavior(QAbstractItemView.SelectRows)
        self.alternatives.setSelectionMode(QAbstractItemView.SingleSelection)
        self.alternatives.horizontalHeader().setSectionResizeMode(0, QHeaderView.Stretch)
        self.alternatives.verticalHeader().setVisible(False)
        self.alternatives.cellDoubleClicked.connect(lambda row, _col: self.choose(row))
        alt_box = QGroupBox("Questions ranked (double-click one to answer it instead)")
        QVBoxLayout(alt_box).addWidget(self.alternatives)

        # tentative / final answer and costs
        self.answer_label = QLabel("")
        self.answer_label.setStyleSheet("font-size: 13pt; font-weight: bold;")
        self.answer_detail = QLabel("")
        self.answer_detail.setWordWrap(True)
        self.answer_detail.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.tally = QLabel("")
        result = QGroupBox("Answer")
        result_layout = QVBoxLayout(result)
        for w in (self.answer_label, self.answer_detail, self.tally):
            result_layout.addWidget(w)

        # history
        self.history = QTableWidget(0, len(HISTORY_HEADERS))
        self.history.setHorizontalHeaderLabels(HISTORY_HEADERS)
        self.history.setEditTriggers(QAbstractItemView.NoEditTriggers)
        self.history.setSelectionBehavior(QAbstractItemView.SelectRows)
        header = self.history.horizontalHeader()
        header.setSectionResizeMode(2, QHeaderView.Stretch)
        for col, width in ((0, 110), (1, 130), (3, 70), (4, 60), (5, 90)):
            self.history.setColumnWidth(col, width)
        self.history.verticalHeader().setVisible(False)
        self.history.cellDoubleClicked.connect(lambda row, _col: self.resume_row(row))
        self.resume_button = QPushButton("Resume")
        self.resume_button.clicked.connect(lambda: self.resume_row(self.history.currentRow()))
        self.export_button = QPushButton("Export to Excel...")
        self.export_button.clicked.connect(lambda: self.export_history())
        history_bar = _row(self.resume_button, self.export_button)
        history_box = self.history_box = QGroupBox("This project's cases")
        history_layout = QVBoxLayout(history_box)
        history_layout.addWidget(self.history)
        history_layout.addLayout(history_bar)

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addLayout(bar)
        left_layout.addLayout(options)
        left_layout.addWidget(ask)
        left_layout.addWidget(alt_box, 1)
        left_layout.addWidget(result)
        left_layout.addWidget(history_box, 1)
        self.canvas = TreeCanvas()
        self.follow = QCheckBox("Follow the case")
        self.follow.setChecked(True)
        self.follow.toggled.connect(lambda on: self._highlight() if on else self.canvas.fit())
        whole = QPushButton("Whole tree")
        whole.clicked.connect(lambda: (self.follow.setChecked(False), self.canvas.fit()))
        canvas_bar = _row(self.follow, whole)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addLayout(canvas_bar)
        right_layout.addWidget(self.canvas, 1)
        splitter = QSplitter(Qt.Horizontal)
        splitter.addWidget(left)
        splitter.addWidget(right)
        splitter.setStretchFactor(0, 2)
        splitter.setStretchFactor(1, 3)
        splitter.setSizes([560, 720])
        self.canvas.setMinimumWidth(240)
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)
        self._refresh()

    # ---- model and case ---------------------------------------------------------------

    def set_model(self, model, spec=None, project_path: str | None = None) -> None:
        """A newly trained model: any case in progress stays saved in the history."""
        self.model, self.spec, self.project_path = model, spec, project_path
        self.session = None
        self._tree_shown = None
        self.case_name.clear()
        if self.isVisible() or model is None:  # a new tree is drawn when the tab shows
            self._show_tree()
        self._refresh()
        self.refresh_history()

    def showEvent(self, event) -> None:  # noqa: N802 - Qt API; the tree is drawn when first seen
        super().showEvent(event)
        self._show_tree()
        self._prepare_model_copy()

    def _prepare_model_copy(self) -> None:
        """Keep the model's copy for its sessions off the GUI thread (about 1 s at 20k leaves),
        before the first answer needs it."""
        model = self.model
        if model is None or model.path is not None or self._copying is model:
            return
        import threading

        from engine.sessions import keep_model_copy

        def work():
            try:
                keep_model_copy(model)
            except Exception:  # noqa: BLE001 - the first answer retries and reports it
                log.exception("could not keep a copy of the model for its sessions")

        self._copying = model
        threading.Thread(target=work, name="model-copy", daemon=True).start()

    def _show_tree(self) -> None:
        tree = self.session.model.tree if self.session is not None else (self.model.tree if self.model else None)
        if tree is None and self._tree_shown is None:
            self.canvas.set_tree(None)  # another project opened: no stale tree
            return
        if tree is not None and self._tree_shown is not tree:
            self.canvas.set_tree(tree)
            self._tree_shown = tree
        if tree is not None:
            self.canvas.fit()
            self._highlight()

    def new_case(self) -> None:
        if self.model is None:
            return
        # a name typed since the last case began is this new case's; otherwise it starts unnamed
        typed = self.case_name.text().strip()
        name = typed if self.session is None or typed != self.session.case else ""
        self.session = Session(self.model, None, self.spec, project=self.project_path,
                               case=name, stop_when_not_worth=self.not_worth.isChecked())
        self.message.setText("")
        self._refresh()
        if self.finished():  # answered without a question (e.g. nothing worth asking): keep it too
            self._save()
        if self.isVisible():
            self._show_tree()

    def _rename(self) -> None:
        if self.session is not None and self.case_name.text().strip() != self.session.case:
            self.session.case = self.case_name.text().strip()
            self._save()

    def _save(self) -> None:
        try:
            self.session.save()
        except (OSError, RuleTreeError) as exc:
            self.message.setText(f"The session could not be saved: {exc}")
        self._show_current_in_history()

    # ---- answers ----------------------------------------------------------------------

    def choose(self, row: int) -> None:
        """Answer another of the ranked questions instead of the first."""
        if 0 <= row < len(self.candidates):
            self.current = self.candidates[row]
            self._show_question()

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
            self.message.setText(f"Give a value for {', '.join(empty)}, or press Unknown.")
            return False
        return self._answer(answers)

    def unknown(self) -> bool:
        if self.session is None or self.current is None:
            return False
        return self._answer({name: None for name in self.inputs})

    def confirm_outside(self, message: str) -> bool:
        answer = QMessageBox.question(self, "Value outside the training range",
                                      f"{message}.\n\nThe tree never saw such a case; use the value anyway?",
                                      QMessageBox.Yes | QMessageBox.No)
        return answer == QMessageBox.Yes

    def _answer(self, answers: dict) -> bool:
        try:
            try:
                self.session.answer(answers, self.current)
            except RuleTreeError as exc:
                if exc.code != "out_of_range" or not self.confirm_outside(self._outside_texts(answers)):
                    raise
                self.session.answer(answers, self.current, outside_ok=True)
        except RuleTreeError as exc:
            self.message.setText(exc.message)
            return False
        except OSError as exc:  # the answer is recorded; only the file failed
            self.message.setText(f"The session could not be saved: {exc}")
        else:
            self.message.setText("")
        self._refresh()
        self._show_current_in_history()
        return True

    def _outside_texts(self, answers: dict) -> str:
        """Every answer of this step outside its training range (a batch may hold several)."""
        c = self.session.consultation
        texts = []
        for name, value in answers.items():
            try:
                _, warning = c.check_value(c.index[name], value, outside_ok=True)
            except RuleTreeError:
                continue
            if warning:
                texts.append(warning)
        return ";\n".join(texts)

    def undo(self) -> None:
        if self.session is None or not self.session.steps:
            return
        try:
            self.session.undo()
        except (OSError, RuleTreeError) as exc:
            self.message.setText(str(exc))
        self._refresh()
        self._show_current_in_history()

    # ---- display ----------------------------------------------------------------------

    def finished(self) -> bool:
        return self.session is not None and not self.candidates

    def _refresh(self) -> None:
        session = self.session
        self.candidates = session.ask() if session is not None else []
        self.current = self.candidates[0] if self.candidates else None
        self.new_button.setEnabled(self.model is not None)
        self.undo_button.setEnabled(session is not None and bool(session.steps))
        self.answer_button.setEnabled(self.current is not None)
        self.unknown_button.setEnabled(self.current is not None)
        if session is not None and self.case_name.text().strip() != session.case:
            self.case_name.setText(session.case)
        self._fill_alternatives()
        self._show_question()
        self._show_answer()
        self._highlight()

    def _fill_alternatives(self) -> None:
        self.alternatives.setRowCount(len(self.candidates))
        for row, c in enumerate(self.candidates):
            for col, text in enumerate((c.name, _num(c.gain), f"{c.cost:g}", _num(c.utility))):
                item = QTableWidgetItem(text)
                if col:
                    item.setTextAlignment(Qt.AlignRight | Qt.AlignVCenter)
                self.alternatives.setItem(row, col, item)

    def _show_question(self) -> None:
        while self.inputs_form.rowCount():
            self.inputs_form.removeRow(0)
        self.inputs = {}
        if self.session is None:
            self.question.setText("Train a model, then start a new case." if self.model is None
                                  else "Press New case to consult the model on a case.")
            self.reason.setText("")
            return
        c = self.current
        if c is None:
            self.question.setText("Finished: no further question can change the answer.")
            self.reason.setText("")
            return
        step = len(self.session.steps) + 1
        self.question.setText(f"Q{step}: {c.name}")
        cost = f"cost {c.cost:g}" + (f" (test {c.test_cost:g}, waiting {c.waiting_cost:g})"
                                      if c.test_cost and c.waiting_cost else "")
        first = self.candidates and c is self.candidates[0]
        why = ("asked because it removes the most expected cost per unit" if first
               else "chosen by you; the engine ranks it lower")
        if c.gain <= 0 and first:
            why = "asked because the tree tests it next; on its own it lowers no expected cost yet, the tests below it do"
        self.reason.setText(f"{why}: ΔE {_num(c.gain)} for {cost}, utility {_num(c.utility)}")
        schema = self.session.model.schema
        for j in c.attributes:
            attr = schema.attributes[j]
            if attr.categories is not None:
                widget = QComboBox()
                widget.addItems(list(attr.categories))
                widget.setCurrentIndex(-1)
                hint = ""
            else:
                widget = QLineEdit()
                widget.returnPressed.connect(self.submit)
                hint = (f"  (training: {format_number(attr.low)} to {format_number(attr.high)})"
                        if attr.low is not None else "")
                widget.setPlaceholderText("a number" + hint)
            widget.setObjectName(f"answer:{attr.name}")
            self.inputs[attr.name] = widget
            self.inputs_form.addRow(attr.name, widget)
        if self.inputs:
            next(iter(self.inputs.values())).setFocus()

    def _show_answer(self) -> None:
        session = self.session
        if session is None:
            self.answer_label.setText("")
            self.answer_detail.setText("")
            self.tally.setText("")
            return
        out = session.outcome_json()
        confidence = max(out["distribution"].values()) if out["distribution"] else 0.0
        done = not self.candidates
        head = "Answer" if done else "So far"
        self.answer_label.setText(f"{head}: {out['label']}" + ("" if out["label"] == "PENDING"
                                                              else f"  ({confidence:.0%} of training cases here)"))
        lines = []
        if done:
            lines += [f"Rule: {r}" for r in out["rules"]]
        if done and out["missing"]:
            lines.append(f"Not known: {', '.join(out['missing'])}")
        if out.get("unsettled"):
            lines.append(f"Could not settle it: {', '.join(out['unsettled'])}")
        distribution = ", ".join(f"{k} {v:.0%}" for k, v in out["distribution"].items() if v > 0)
        lines.append(f"Distribution: {distribution}")
        self.answer_detail.setText("\n".join(lines))
        budget = session.consultation.spec.budget if session.consultation.spec is not None else None
        left = f", budget left {budget - out['total_cost']:g}" if budget is not None else ""
        self.tally.setText(f"Paid: tests {out['test_cost']:g} + waiting {out['waiting_cost']:g} = "
                           f"{out['total_cost']:g}; common costs saved {out['common_cost_saved']:g}{left}")

    def path(self) -> list[int]:
        """The nodes from the root to every frontier node of the case."""
        if self.session is None:
            return []
        tree = self.session.model.tree
        nodes: list[int] = []
        for n, _ in self.session.consultation.frontier():
            nodes += [i for i in tree.path_to(n) if i not in nodes]
        return nodes

    def _highlight(self) -> None:
        path = self.path()
        if self._tree_shown is not None:
            self.canvas.highlight_path(path)
            item = self.canvas.node_item(path[-1]) if path else None
            if self.follow.isChecked() and item is not None:  # the case's node at natural size, centred
                self.canvas.reset_zoom()
                self.canvas.zoom_out()
                self.canvas.zoom_out()
                self.canvas.centerOn(item)
        self.path_changed.emit(path)

    # ---- history ----------------------------------------------------------------------

    def history_sessions(self) -> list[dict]:
        """This project's sessions; with a bare data file open, the sessions filed under no project."""
        sessions, warnings = list_sessions(project=self.project_path, unfiled=self.project_path is None)
        for w in warnings:
            log.warning("session file skipped: %s", w)
        return sessions

    def refresh_history(self) -> None:
        """Read the saved sessions of this project (on opening a project or a model)."""
        self.history_box.setTitle("This project's cases" if self.project_path else "Cases not filed under a project")
        self._history = self.history_sessions()
        self._fill_history()

    def _show_current_in_history(self) -> None:
        """After an answer: the current case's row from memory (newest first), no folder scan."""
        if self.session is None:
            return
        listed = os.path.abspath(self.project_path) if self.project_path else None
        if self.session.project != listed:  # a case filed elsewhere (begun before Save As, say)
            return
        try:
            obj = self.session.to_json()
        except (OSError, RuleTreeError):
            return
        obj["file"] = str(self.session.path)
        self._history = [obj] + [o for o in getattr(self, "_history", []) if o.get("id") != obj["id"]]
        self._fill_history()

    def _fill_history(self) -> None:
        self.history.setRowCount(len(self._history))
        for row, obj in enumerate(self._history):
            r = summary_row(obj)
            label = r["label"] if r["finished"] else f"(open) {r['label']}"
            cost = "" if r["total cost"] is None else f"{r['total cost']:g}"
            updated = str(r["updated"] or "").replace("T", " ")
            for col, text in enumerate((r["case"], updated, label, str(r["questions"]), cost, r["session"])):
                self.history.setItem(row, col, QTableWidgetItem(str(text)))

    def resume_row(self, row: int) -> bool:
        if not 0 <= row < len(getattr(self, "_history", [])):
            return False
        obj = self._history[row]
        same_model = self.model is not None and obj.get("model") == self.model.path
        try:
            self.session = Session.resume(obj["file"], self.model if same_model else None)
        except RuleTreeError as exc:
            self.message.setText(f"This session cannot be resumed: {exc}")
            return False
        self.message.setText("" if same_model or self.model is None else
                             "This case was consulted with another model; it is resumed with that model.")
        self._refresh()
        self._show_tree()
        return True

    def export_history(self, path: str | None = None, rows: list[int] | None = None) -> bool:
        sessions = getattr(self, "_history", [])
        if rows is None:
            picked = sorted({i.row() for i in self.history.selectedIndexes()})
            rows = picked or list(range(len(sessions)))
        chosen = [sessions[r] for r in rows if 0 <= r < len(sessions)]
        if not chosen:
            self.message.setText("No saved cases to export yet.")
            return False
        if path is None:
            path, _ = QFileDialog.getSaveFileName(self, "Export cases", "cases.xlsx", "Excel workbook (*.xlsx)")
            if not path:
                return False
        try:
            export_sessions(chosen, path)
        except (OSError, RuleTreeError) as exc:
            QMessageBox.warning(self, "Export cases", f"The workbook could not be written: {exc}")
            return False
        return True
