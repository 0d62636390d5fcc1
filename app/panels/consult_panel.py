"""Consult: one case at a time, the most useful question next (engine.consult).

The panel composes the question form (app.panels.question_form: the question,
why it is asked, the ranked alternatives, the inputs, Unknown), the case bar (New
case, its name, Undo), the tentative answer with its confidence and the running
cost tally, the project's saved cases (app.panels.session_history: resume,
export), and the path of the case on the tree. The session is saved after every
answer.

Over a fuzzy model the case reaches several nodes at once: the answer box shows
the tree's answer (it can be a coarse hierarchy label such as "WG") with every
label's score, and the weighted frontier, the nodes reached with their firing
strengths, strongest first, each as its path after the steps all of them share.

A model never saved gets a copy in the sessions folder when the tab first shows
(about 1 s at 20k leaves), written by the panel's `TaskRunner` off the GUI
thread: it must not cancel a training job on the window's `JobRunner`.
"""

from __future__ import annotations

import logging

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from engine.consult import UNKNOWN
from engine.errors import RuleTreeError
from engine.i18n import _
from engine.sessions import Session, keep_model_copy
from engine.tree.aggregate import SCORE_MEANINGS
from engine.tree.describe import branch_labels, node_heading, shown_term, term_name
from engine.tree.model import PENDING_LABEL
from engine.tree.nodes import FuzzyTerm
from engine.tree.rules import extract_rules, rule_text

from ..errors import error_text
from ..jobs import TaskRunner
from ..widgets.tree_canvas import TreeCanvas
from .question_form import QuestionForm, ask_outside_range
from .session_history import SessionHistory

log = logging.getLogger(__name__)


FRONTIER_SHOWN = 8  # reached nodes listed one by one; the rest are summed up
# a fuzzy tree's t-norm (a setting's value, compared in code) in words where it is shown
TNORM_NAMES = {"product": QT_TRANSLATE_NOOP("ConsultPanel", "product"),
               "minimum": QT_TRANSLATE_NOOP("ConsultPanel", "minimum")}


def _score(value: float) -> str:
    return format(value, ".3g")


def _names(items) -> str:
    """Names listed in one line ("A, B"; "A、B" in Chinese)."""
    return QCoreApplication.translate("ConsultPanel", ", ").join(items)


def label_text(name: str) -> str:
    """A label as shown: PENDING (the engine's word) in the window's language, a class as it is."""
    return _(name) if name == PENDING_LABEL else name


def _step(tree, parent: int, child: int) -> str:
    """One step of a path, short: "Mg high" (a fuzzy term without its centre), "Mg <= 2.5"."""
    node = tree.nodes[parent]
    pos = node.children.index(child)
    conditions = node.branch_conditions()
    cond = conditions[pos] if pos < len(conditions) else None
    text = shown_term(term_name(cond)) if isinstance(cond, FuzzyTerm) else branch_labels(tree, parent)[pos]
    name = tree.attribute_name(node.feature) if hasattr(node, "feature") else node_heading(tree, parent)
    return f"{name} {text}"


def frontier_text(consultation) -> str:
    """The weighted frontier, compact: the steps every reached node shares once, then each
    node (strongest first) as the rest of its path, its label and its weight; an open node
    says what it asks (or, once the consultation is over, what was not asked), a stuck one
    what was not known."""
    tree = consultation.tree
    front = sorted(consultation.frontier(), key=lambda nw: (-nw[1], nw[0]))
    paths = [tree.path_to(n) for n, _w in front]
    shared = 0  # steps every path shares, said once when the case is at several nodes
    while len(paths) > 1 and all(len(p) > shared + 1 and p[shared + 1] == paths[0][shared + 1] for p in paths):
        shared += 1
    prefix = [_step(tree, a, b) for a, b in zip(paths[0][:shared], paths[0][1:shared + 1])]
    tnorm = QCoreApplication.translate("ConsultPanel", TNORM_NAMES[tree.tnorm]) if tree.tnorm in TNORM_NAMES \
        else tree.tnorm
    one = len(front) == 1
    if prefix:
        head = (QCoreApplication.translate(
                    "ConsultPanel", "Reached {count} node (weight = firing strength, {tnorm} along the path), "
                                    "all after {steps}:") if one else
                QCoreApplication.translate(
                    "ConsultPanel", "Reached {count} nodes (weight = firing strength, {tnorm} along the path), "
                                    "all after {steps}:"))
    else:
        head = (QCoreApplication.translate(
                    "ConsultPanel", "Reached {count} node (weight = firing strength, {tnorm} along the path):")
                if one else
                QCoreApplication.translate(
                    "ConsultPanel", "Reached {count} nodes (weight = firing strength, {tnorm} along the path):"))
    lines = [head.format(count=len(front), tnorm=tnorm, steps=_names(prefix))]
    values = consultation.values
    done = consultation.finished()
    for (n, w), path in list(zip(front, paths))[:FRONTIER_SHOWN]:
        steps = [_step(tree, a, b) for a, b in zip(path[shared:], path[shared + 1:])]
        node = tree.nodes[n]
        where = _names(steps) if steps else QCoreApplication.translate("ConsultPanel", "the root")
        state = ""
        if not node.is_leaf:
            names = [tree.attribute_name(j) for j in node.attributes()]
            unknown = [tree.attribute_name(j) for j in node.attributes() if values.get(j) is UNKNOWN]
            if unknown:
                state = QCoreApplication.translate("ConsultPanel", " (stopped: {names} not known)").format(
                    names=_names(unknown))
            elif done:
                state = QCoreApplication.translate("ConsultPanel", " ({names} not asked)").format(names=_names(names))
            else:
                state = QCoreApplication.translate("ConsultPanel", " (asks {names})").format(names=_names(names))
        lines.append(f"  {where} -> {label_text(tree.label_name(node.label))}  {_score(w)}{state}")
    rest = front[FRONTIER_SHOWN:]
    if rest:
        lines.append(QCoreApplication.translate("ConsultPanel", "  ... {count} more, weight {weight} in all").format(
            count=len(rest), weight=_score(sum(w for _n, w in rest))))
    return "\n".join(lines)


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
        self.model = None
        self.spec = None
        self.project_path: str | None = None
        self.session: Session | None = None
        self._tree_shown = None
        self._copying = None  # the model whose copy for its sessions was started
        self.tasks = TaskRunner(self)
        self.tasks.failed.connect(lambda message, _bug: log.warning(
            "could not keep a copy of the model for its sessions (the first answer retries): %s", message))

        # case bar
        self.new_button = QPushButton(self.tr("New case"))
        self.new_button.clicked.connect(self.new_case)
        self.case_name = QLineEdit()
        self.case_name.setPlaceholderText(self.tr("case name (optional), e.g. applicant 17"))
        self.case_name.returnPressed.connect(self._rename)  # Enter names the current case
        self.undo_button = QPushButton(self.tr("Undo"))
        self.undo_button.clicked.connect(self.undo)
        self.plan = QCheckBox(self.tr("Plan the questions (any attribute below, least expected cost first)"))
        self.plan.setChecked(True)
        self.plan.setToolTip(self.tr("On: a new case may be asked any attribute that a still-possible rule tests, "
                             "in the order that costs least on average (tests, waiting and misclassification); it ends "
                             "as soon as every still-possible rule gives one answer. Off: the tree's next tests, "
                             "the most expected cost removed per unit of cost first. Fuzzy and trichotomy trees "
                             "are always asked the second way."))
        self.not_worth = QCheckBox(self.tr("Stop when tests cost more than they can save"))
        self.not_worth.setToolTip(self.tr("Also end a new case when no remaining test costs less than the expected "
                                  "misclassification cost it could still remove (E now - E*); meaningful when "
                                  "test and misclassification costs share one unit."))
        bar = QHBoxLayout()
        bar.addWidget(self.new_button)
        bar.addWidget(self.case_name, 1)
        bar.addWidget(self.undo_button)

        # the question, its alternatives, the answer so far, the saved cases
        self.form = QuestionForm(confirm=lambda message: self.confirm_outside(message))
        self.form.answered.connect(self._answered)
        self.question, self.reason, self.message = self.form.question, self.form.reason, self.form.message
        self.answer_button, self.unknown_button = self.form.answer_button, self.form.unknown_button
        self.alternatives = self.form.ranking.table
        self.answer_label = QLabel("")
        self.answer_label.setStyleSheet("font-size: 13pt; font-weight: bold;")
        # the answer rests on a leaf of too few training cases (issue 39): said, its tooltip says why
        self.few_cases = QLabel("")
        self.few_cases.setWordWrap(True)
        self.few_cases.setStyleSheet("color: #b45309; font-weight: bold;")
        self.few_cases.setVisible(False)
        self.answer_detail = QLabel("")
        self.answer_detail.setWordWrap(True)
        self.answer_detail.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.reached = QLabel("")  # a fuzzy model's weighted frontier (hidden for crisp models)
        self.reached.setWordWrap(True)
        self.reached.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.reached.setVisible(False)
        self.tally = QLabel("")
        result = QGroupBox(self.tr("Answer"))
        result_layout = QVBoxLayout(result)
        result_layout.addWidget(self.answer_label)
        result_layout.addWidget(self.few_cases)
        # the scores, rules and a fuzzy model's frontier can run long: they scroll, never clipped
        details = QWidget()
        details_layout = QVBoxLayout(details)
        details_layout.setContentsMargins(0, 0, 0, 0)
        for w in (self.answer_detail, self.reached, self.tally):
            details_layout.addWidget(w)
        details_layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        scroll.setWidget(details)
        result_layout.addWidget(scroll, 1)
        self.history_box = SessionHistory()
        self.history_box.resume_requested.connect(self.resume_row)
        self.history_box.notice.connect(self.message.setText)
        self.history = self.history_box.table

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addLayout(bar)
        left_layout.addLayout(_row(self.plan, self.not_worth))
        left_layout.addWidget(self.form)
        left_layout.addWidget(self.form.ranking, 1)
        left_layout.addWidget(result, 2)
        left_layout.addWidget(self.history_box, 1)
        self.canvas = TreeCanvas()
        self.follow = QCheckBox(self.tr("Follow the case"))
        self.follow.setChecked(True)
        self.follow.toggled.connect(lambda on: self._highlight() if on else self.canvas.fit())
        whole = QPushButton(self.tr("Whole tree"))
        whole.clicked.connect(lambda: (self.follow.setChecked(False), self.canvas.fit()))
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addLayout(_row(self.follow, whole))
        right_layout.addWidget(self.canvas, 1)
        splitter = QSplitter(Qt.Horizontal)
        splitter.addWidget(left)
        splitter.addWidget(right)
        splitter.setStretchFactor(0, 2)
        splitter.setStretchFactor(1, 3)
        splitter.setSizes([560, 720])
        self.canvas.setMinimumWidth(240)
        QVBoxLayout(self).addWidget(splitter)
        self._refresh()

    # the question form's state, read by the window, the self-test and the tests
    @property
    def candidates(self) -> list:
        return self.form.candidates

    @property
    def current(self):
        return self.form.current

    @property
    def inputs(self) -> dict[str, QWidget]:
        return self.form.inputs

    def choose(self, row: int) -> None:
        self.form.choose(row)

    def submit(self) -> bool:
        return self.form.submit()

    def unknown(self) -> bool:
        return self.form.unknown()

    def confirm_outside(self, message: str) -> bool:
        return ask_outside_range(self, message)

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
        """Write the copy of a model never saved before the first answer needs it (result: its path)."""
        model = self.model
        if model is None or model.path is not None or self._copying is model:
            return

        self._copying = model
        self.tasks.start(lambda _progress: keep_model_copy(model))

    def _show_tree(self) -> None:
        tree = self.session.model.tree if self.session is not None else (self.model.tree if self.model else None)
        if tree is None and self._tree_shown is None:
            self.canvas.set_tree(None)  # another project opened: no stale tree
            return
        if tree is not None and self._tree_shown is not tree:
            self.canvas.set_tree(tree, readable=True)  # at a depth that reads, as the Tree tab
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
                               case=name, stop_when_not_worth=self.not_worth.isChecked(),
                               planning="planned" if self.plan.isChecked() else "utility")
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
            self.message.setText(self.tr("The session could not be saved: {error}").format(error=error_text(exc)[0]))
        self._show_current_in_history()

    def _answered(self) -> None:
        self._refresh()
        self._show_current_in_history()

    def undo(self) -> None:
        if self.session is None or not self.session.steps:
            return
        try:
            self.session.undo()
        except (OSError, RuleTreeError) as exc:
            self.message.setText(error_text(exc)[0])
        self._answered()

    # ---- display ----------------------------------------------------------------------

    def finished(self) -> bool:
        return self.session is not None and not self.candidates

    def _refresh(self) -> None:
        session = self.session
        self.new_button.setEnabled(self.model is not None)
        self.undo_button.setEnabled(session is not None and bool(session.steps))
        if session is not None and self.case_name.text().strip() != session.case:
            self.case_name.setText(session.case)
        self.form.show_session(session, self.tr("Train a model, then start a new case.") if self.model is None
                               else self.tr("Press New case to consult the model on a case."))
        self._show_answer()
        self._highlight()

    def _show_answer(self) -> None:
        session = self.session
        if session is None:
            self.answer_label.setText("")
            self.answer_detail.setText("")
            self.reached.setText("")
            self.reached.setVisible(False)
            self.tally.setText("")
            self._show_few_cases([])
            return
        out = session.outcome_json()
        self._show_few_cases(out.get("few_cases") or [])
        done = not self.candidates
        head = (self.tr("Answer: {label}") if done else self.tr("So far: {label}")).format(
            label=label_text(out["label"]))
        fuzzy = session.consultation.fuzzy
        if fuzzy:
            lines = self._fuzzy_answer(session, out, head, done)
        else:
            # the answer's own share (a cost matrix may answer other than the most frequent class)
            confidence = out["distribution"].get(out["label"], max(out["distribution"].values(), default=0.0))
            self.answer_label.setText(head + ("" if out["label"] == "PENDING" else self.tr(
                "  ({share} of training cases here)").format(share=f"{confidence:.0%}")))
            lines = [self.tr("Rule: {rule}").format(rule=r) for r in session.rule_lines(translate=True)] if done else []
        if done and out["missing"]:
            lines.append(self.tr("Not known: {names}").format(names=_names(out["missing"])))
        if out.get("unsettled"):
            lines.append(self.tr("Could not settle it: {names}").format(names=_names(out["unsettled"])))
        # values outside what the model has seen, where an unknown answer sent the case (issue 39)
        lines += [self.tr("Note: {note}").format(note=note) for note in session.consultation.novelty_notes()]
        distribution = _names(f"{k} {v:.0%}" for k, v in out["distribution"].items() if v > 0)
        lines.append(self.tr("Distribution: {distribution}").format(distribution=distribution))
        self.answer_detail.setText("\n".join(lines))
        self.reached.setText(frontier_text(session.consultation) if fuzzy else "")
        self.reached.setVisible(fuzzy)
        remaining = session.consultation.costs.budget_left(out["total_cost"])
        costs = {"tests": f"{out['test_cost']:g}", "waiting": f"{out['waiting_cost']:g}",
                 "total": f"{out['total_cost']:g}", "saved": f"{out['common_cost_saved']:g}"}
        if remaining is None:
            self.tally.setText(self.tr("Paid: tests {tests} + waiting {waiting} = {total}; "
                                       "common costs saved {saved}").format(**costs))
        else:
            self.tally.setText(self.tr("Paid: tests {tests} + waiting {waiting} = {total}; "
                                       "common costs saved {saved}, budget left {left}").format(
                left=f"{remaining:g}", **costs))

    def _show_few_cases(self, flags: list[dict]) -> None:
        """Say when the case ends in a leaf flagged "few cases" (the outcome's few_cases); the
        tooltip says why and what the interval is."""
        self.few_cases.setVisible(bool(flags))
        if not flags:
            self.few_cases.setText("")
            self.few_cases.setToolTip("")
            return
        self.few_cases.setText(self.tr("Few cases: this answer rests on a leaf of too few training cases to act on "
                                       "alone"))
        lines = []
        for flag in flags:
            interval = flag.get("interval")
            line = self.tr("Node {node}: {why}").format(node=flag["node"], why=flag["why"])
            if interval is not None:
                line += "\n" + self.tr("  its confidence lies within {low:.0%}–{high:.0%} ({n} effective cases)").format(
                    low=interval[0], high=interval[1], n=f"{flag['effective_cases']:.3g}")
            lines.append(line)
        self.few_cases.setToolTip("\n".join(lines))

    def _open_node_note(self, c, n: int, label: str, settled: bool, further: str) -> str:
        """Why the case stopped at inner node `n`: an unknown answer, an unknown prerequisite,
        every rule below ending alike, or (`further`) nothing more asked."""
        tree = c.tree
        unknown = [tree.attribute_name(j) for j in tree.nodes[n].attributes() if c.values.get(j) is UNKNOWN]
        if unknown:
            return self.tr(" (stopped here: {names} unknown)").format(names=_names(unknown))
        if c.stuck(n):
            return self.tr(" (stopped here: a prerequisite is unknown)")
        if settled:
            return self.tr(" (every rule below ends in {label})").format(label=label_text(label))
        return further

    def _fuzzy_answer(self, session, out: dict, head: str, done: bool) -> list[str]:
        """A fuzzy model's answer: the tree's label (a class or a coarser hierarchy label) with its
        score, every label's score, and once done the rules carrying the answer with their weights."""
        c = session.consultation
        tree = c.tree
        answer = c.tentative()
        meaning = _(SCORE_MEANINGS[tree.aggregate]) if tree.aggregate in SCORE_MEANINGS else self.tr("score")
        scores = answer.ranked(tree)
        mine = dict(scores).get(out["label"])
        self.answer_label.setText(head + (self.tr("  ({meaning} {score})").format(meaning=meaning, score=_score(mine))
                                          if mine is not None else ""))
        lines = [self.tr("Scores ({meaning}): {scores}").format(
            meaning=meaning, scores=_names(f"{name} {_score(v)}" for name, v in scores))]
        if done:
            weight = dict(c.frontier())
            outcome = c.outcome()
            rules = {r.leaf: rule_text(tree, r) for r in extract_rules(tree, outcome.nodes)}
            settled = c.settled()
            for n in outcome.nodes:
                if n in rules:
                    text = rules[n]
                else:
                    text = self.tr("node {node}: {label}").format(
                        node=n, label=label_text(tree.label_name(tree.nodes[n].label)))
                if not tree.nodes[n].is_leaf:
                    text += self._open_node_note(c, n, out["label"], settled, self.tr(" (not asked further)"))
                lines.append(self.tr("Rule ({weight}): {rule}").format(weight=_score(weight[n]), rule=text))
        return lines

    def path(self) -> list[int]:
        """The nodes from the root to every frontier node of the case; the strongest frontier
        node last (the view follows it)."""
        if self.session is None:
            return []
        tree = self.session.model.tree
        nodes: list[int] = []
        for n, _w in sorted(self.session.consultation.frontier(), key=lambda nw: (nw[1], -nw[0])):
            nodes += [i for i in tree.path_to(n) if i not in nodes]
        return nodes

    def _highlight(self) -> None:
        path = self.path()
        if self._tree_shown is not None:
            self.canvas.highlight_path(path)
            if self.follow.isChecked() and path and self.canvas.node_item(path[-1]) is None:
                self.canvas.reveal(path[-1])  # below the depth limit the tree opened at: open its branch
            item = self.canvas.node_item(path[-1]) if path else None
            if self.follow.isChecked() and item is not None:  # the case's node at natural size, centred
                self.canvas.reset_zoom()
                self.canvas.zoom_out()
                self.canvas.zoom_out()
                self.canvas.centerOn(item)
        self.path_changed.emit(path)

    # ---- saved cases ------------------------------------------------------------------

    def refresh_history(self) -> None:
        """Read the saved sessions of this project (on opening a project or a model)."""
        self.history_box.refresh(self.project_path)

    def _show_current_in_history(self) -> None:
        if self.session is not None:
            self.history_box.show_current(self.session, self.project_path)

    def resume_row(self, row: int) -> bool:
        obj = self.history_box.session_at(row)
        if obj is None:
            return False
        same_model = self.model is not None and obj.get("model") == self.model.path
        try:
            self.session = Session.resume(obj["file"], self.model if same_model else None)
        except RuleTreeError as exc:
            self.message.setText(self.tr("This session cannot be resumed: {error}").format(error=exc))
            return False
        self.message.setText("" if same_model or self.model is None else
                             self.tr("This case was consulted with another model; it is resumed with that model."))
        self._refresh()
        self._show_tree()
        return True

    def export_history(self, path: str | None = None, rows: list[int] | None = None) -> bool:
        return self.history_box.export(path, rows)
