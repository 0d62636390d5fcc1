"""The Consult panel (pytest-qt, offscreen): full consultations driven through the
widgets, unknown, undo, another question chosen, values outside the training range,
the path on the tree, the saved history, export and resume."""

import csv
from pathlib import Path

import numpy as np
import openpyxl
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLineEdit

from app.panels.consult_panel import ConsultPanel
from engine.data import read_table
from engine.model import Model
from engine.tree.predict import predict

from .test_main_window import open_demo, train_and_wait, window  # noqa: F401 - the window fixture

ROOT = Path(__file__).resolve().parents[2]


def car_rows():
    with open(ROOT / "tests" / "data" / "datasets" / "car_evaluation.csv", newline="") as handle:
        return list(csv.DictReader(handle))


def fill(panel, case: dict) -> None:
    for name, widget in panel.inputs.items():
        if isinstance(widget, QComboBox):
            widget.setCurrentText(str(case[name]))
        else:
            widget.setText(str(case[name]))


def consult(panel, qtbot, case: dict, unknown: set = frozenset()) -> int:
    """Answer every question through the widgets; returns the number of questions."""
    qtbot.mouseClick(panel.new_button, Qt.LeftButton)
    asked = 0
    while panel.current is not None:
        asked += 1
        assert asked < 20
        if set(panel.inputs) & unknown:
            qtbot.mouseClick(panel.unknown_button, Qt.LeftButton)
        else:
            fill(panel, case)
            qtbot.mouseClick(panel.answer_button, Qt.LeftButton)
        assert panel.message.text() == ""
    return asked


@pytest.mark.parametrize("algorithm", ["cart", "mincost"])
def test_full_consultations_in_the_window_end_like_predict(window, demo_dir, tmp_path, qtbot, algorithm):  # noqa: F811
    """The car demo trains CART and the minimum-cost tree as it is; a consultation over either
    ends with predict's answer."""
    open_demo(window, demo_dir, tmp_path)
    train_and_wait(window, qtbot, algorithm)
    assert window.model.algorithm == algorithm
    panel = window.consult_panel
    window.show()
    assert panel.canvas.node_items() == {}  # not drawn while the tab is hidden
    # the model's copy for its sessions is written by the panel's side-job runner when the tab shows
    with qtbot.waitSignal(panel.tasks.finished, timeout=10000) as copied:
        window.tabs.setCurrentWidget(panel)
    tree = window.model.tree
    # the tree is drawn when the tab shows, at a depth limit that reads (as the Tree tab): every node
    # down to that limit, counted from the model's parent links
    limit = panel.canvas.max_depth()
    assert limit is not None and limit < tree.depth

    def level(i):
        return 0 if tree.nodes[i].parent < 0 else 1 + level(tree.nodes[i].parent)

    assert set(panel.canvas.node_items()) == {i for i in tree.reachable() if level(i) <= limit}
    from engine.sessions import sessions_dir

    assert copied.args == [window.model.path] and Path(window.model.path).parent == sessions_dir() / "models"
    rows = car_rows()
    X = window.model.schema.encode_features(read_table(ROOT / "tests" / "data" / "datasets" / "car_evaluation.csv"))
    labels = predict(tree, X).labels
    for i in np.random.default_rng(4).choice(len(rows), 6, replace=False):
        case = {k: v for k, v in rows[i].items() if k != "class"}
        asked = consult(panel, qtbot, case)
        assert asked >= 1 and panel.finished()
        assert panel.answer_label.text().startswith(f"Answer: {tree.label_name(labels[i])}")
        assert "Rule: IF " in panel.answer_detail.text()
        # the highlighted paths run from the root to the leaves the answer comes from (a planned
        # consultation may end before it knows which of several leaves of one label the case is in)
        path = panel.canvas.highlighted_path()
        ends = panel.session.consultation.outcome().nodes
        assert path[0] == 0 and tree.nodes[path[-1]].is_leaf and path[-1] in ends
        assert set(path) == {i for n in ends for i in tree.path_to(n)}
        assert all(tree.nodes[n].is_leaf and tree.nodes[n].label == labels[i] for n in ends)
        assert panel.tally.text().startswith("Paid: tests ")
        assert window.tree_panel.canvas.highlighted_path() == path  # the Tree tab follows too
        assert panel.alternatives.rowCount() == 0 and not panel.answer_button.isEnabled()
    assert panel.history.rowCount() == 6  # saved, this project's history


def test_question_reason_alternatives_unknown_and_undo(window, demo_dir, tmp_path, qtbot):  # noqa: F811
    open_demo(window, demo_dir, tmp_path)
    train_and_wait(window, qtbot, "cart")
    panel = window.consult_panel
    assert panel.question.text() == "Press New case to consult the model on a case."
    qtbot.mouseClick(panel.new_button, Qt.LeftButton)
    first = panel.current
    assert panel.question.text() == f"Q1: {first.name}"
    # planned (the default): what the plan expects, beside following the tree
    assert panel.reason.text().startswith(f"Asking {first.name} ")
    assert f"expected cost from here {round(first.expected, 2):g} (planned)" in panel.reason.text()
    assert [panel.alternatives.horizontalHeaderItem(c).text() for c in range(2)] == ["question", "expected cost"]
    assert panel.alternatives.rowCount() == len(panel.candidates) and panel.alternatives.item(0, 0).text() == \
        first.name
    # an empty answer is refused with a message; nothing is recorded
    qtbot.mouseClick(panel.answer_button, Qt.LeftButton)
    assert "Give a value" in panel.message.text() and panel.session.steps == []
    # unknown stops the case at this node, with the node's label
    qtbot.mouseClick(panel.unknown_button, Qt.LeftButton)
    assert panel.finished() and "Not known: " + first.name in panel.answer_detail.text()
    root_label = window.model.tree.label_name(window.model.tree.nodes[0].label)
    assert panel.answer_label.text().startswith(f"Answer: {root_label}")
    assert panel.path() == [0]
    # undo brings the question back
    qtbot.mouseClick(panel.undo_button, Qt.LeftButton)
    assert panel.current is not None and panel.current.name == first.name and panel.session.steps == []
    assert panel.answer_label.text().startswith("So far: ")
    # another question picked from the ranking (if the tree offers one at the root: use a batch group)
    if panel.alternatives.rowCount() > 1:
        second = panel.candidates[1]
        panel.choose(1)
        assert panel.question.text() == f"Q1: {second.name}" and panel.reason.text().startswith("Chosen by you: ")
        assert second.expected >= first.expected


@pytest.fixture
def heart_panel(qtbot):
    from tests.test_sessions import heart_cart

    model, _ = heart_cart()
    panel = ConsultPanel()
    qtbot.addWidget(panel)
    panel.set_model(model, model.spec, None)
    panel.show()
    return panel


def test_number_input_and_values_outside_the_training_range(heart_panel, qtbot, monkeypatch):
    panel = heart_panel
    qtbot.mouseClick(panel.new_button, Qt.LeftButton)
    best = panel.current
    # a tree too large to plan whole is planned a few levels ahead of where the case stands
    assert panel.reason.text().startswith(f"Asking {best.name} ") and "levels ahead" in panel.reason.text()
    numeric = next(k for k, c in enumerate(panel.candidates)
                   if panel.session.model.schema.attributes[c.attributes[0]].categories is None)
    panel.choose(numeric)
    name, widget = next(iter(panel.inputs.items()))
    attr = panel.session.model.schema.attributes[panel.session.consultation.index[name]]
    assert isinstance(widget, QLineEdit) and f"training: {attr.low:g} to {attr.high:g}" in widget.placeholderText()
    widget.setText("abc")
    qtbot.mouseClick(panel.answer_button, Qt.LeftButton)
    assert f"{name} needs a number" in panel.message.text() and panel.session.steps == []
    asked = []
    monkeypatch.setattr(panel, "confirm_outside", lambda text: asked.append(text) or False)
    widget.setText(str(attr.high * 10 + 1))
    qtbot.mouseClick(panel.answer_button, Qt.LeftButton)
    assert "outside the range seen in training" in asked[0] and panel.session.steps == []
    assert "outside the range" in panel.message.text()
    monkeypatch.setattr(panel, "confirm_outside", lambda text: True)
    panel.choose(numeric)
    next(iter(panel.inputs.values())).setText(str(attr.high * 10 + 1))
    qtbot.mouseClick(panel.answer_button, Qt.LeftButton)
    assert panel.message.text() == "" and len(panel.session.steps) == 1
    assert "outside the range" in panel.session.steps[0]["warnings"][0]


def test_history_export_and_resume(heart_panel, qtbot, tmp_path):
    panel = heart_panel
    panel.case_name.setText("patient 1")
    qtbot.mouseClick(panel.new_button, Qt.LeftButton)
    qtbot.mouseClick(panel.unknown_button, Qt.LeftButton)  # patient 1: finished at once
    panel.case_name.setText("patient 2")
    qtbot.mouseClick(panel.new_button, Qt.LeftButton)
    fill_first = panel.current
    attr = panel.session.model.schema.attributes[fill_first.attributes[0]]
    value = attr.categories[0] if attr.categories is not None else attr.low
    fill(panel, {attr.name: value})
    qtbot.mouseClick(panel.answer_button, Qt.LeftButton)
    open_id = panel.session.id
    assert panel.history.rowCount() == 2
    cases = {panel.history.item(r, 0).text(): r for r in range(2)}
    assert set(cases) == {"patient 1", "patient 2"}
    assert panel.export_history(str(tmp_path / "cases.xlsx"))
    wb = openpyxl.load_workbook(tmp_path / "cases.xlsx")
    sessions = list(wb["Sessions"].values)
    assert {r[1] for r in sessions[1:]} == {"patient 1", "patient 2"}
    assert len(list(wb["Answers"].values)) == 3  # header + one answer each
    # start another case, then resume patient 2 where it was left
    qtbot.mouseClick(panel.new_button, Qt.LeftButton)
    assert panel.resume_row(cases["patient 2"])
    assert panel.session.id == open_id and len(panel.session.steps) == 1 and panel.case_name.text() == "patient 2"
    assert panel.current is not None and panel.question.text() == "Q2: " + panel.current.name


def test_hand_built_tree_reason_batch_and_path(qtbot):
    """The worked example of tests/test_consult.py through the panel: A first (ΔE 0.3 for
    cost 10), then B alone beats the B + C panel; answering the panel routes by both."""
    from tests.test_consult import hand_spec, hand_tree

    tree = hand_tree()
    panel = ConsultPanel()
    qtbot.addWidget(panel)
    panel.set_model(Model("hand", {}, hand_spec(), tree), hand_spec(), None)
    panel.show()
    panel.plan.setChecked(False)  # §4.1's utility order (the planned one: test_a_case_that_ends_after_one_cheap_question)
    qtbot.mouseClick(panel.new_button, Qt.LeftButton)
    assert panel.reason.text() == ("asked because it removes the most expected cost per unit: "
                                   "ΔE 0.3 for cost 10, utility 0.03")
    panel.inputs["A"].setText("3")
    qtbot.mouseClick(panel.answer_button, Qt.LeftButton)
    assert [panel.alternatives.item(r, 0).text() for r in range(2)] == ["B", "panel"]
    assert panel.reason.text() == ("asked because it removes the most expected cost per unit: "
                                   "ΔE 0.2 for cost 6 (test 4, waiting 2), utility 0.0333")
    panel.choose(1)  # the batch: both members asked at once
    assert list(panel.inputs) == ["B", "C"] and panel.reason.text().startswith("chosen by you")
    panel.inputs["B"].setText("2")
    panel.inputs["C"].setText("0")
    qtbot.mouseClick(panel.answer_button, Qt.LeftButton)
    assert panel.finished() and panel.answer_label.text().startswith("Answer: yes")
    assert panel.canvas.highlighted_path() == [0, 1, 4]
    assert panel.tally.text() == "Paid: tests 17 + waiting 2 = 19; common costs saved 3"


def test_stop_when_not_worth_it_option(qtbot):
    """Without a cost matrix the hand-built tree can save at most 0.5, less than any test:
    with the option a new case ends at once with the root's answer; the session keeps it."""
    from tests.test_consult import hand_spec, hand_tree

    panel = ConsultPanel()
    qtbot.addWidget(panel)
    panel.set_model(Model("hand", {}, hand_spec(), hand_tree()), hand_spec(), None)
    panel.plan.setChecked(False)  # E* against the cheapest test (§4.5); planned: test_planned_stop_when_not_worth_it
    panel.not_worth.setChecked(True)
    qtbot.mouseClick(panel.new_button, Qt.LeftButton)
    assert panel.finished() and panel.answer_label.text().startswith("Answer: no")
    from engine.sessions import Session

    panel.not_worth.setChecked(False)
    again = Session.resume(panel.session.id)
    assert again.consultation.stop_when_not_worth and again.ask() == []
    qtbot.mouseClick(panel.new_button, Qt.LeftButton)
    assert not panel.finished() and panel.current.name == "A"


def test_case_names_projects_and_stale_state(window, demo_dir, tmp_path, qtbot, datasets):  # noqa: F811
    """The review's GUI findings: a name typed for the next case does not rename the previous
    one, and a new case starts unnamed; Save As files new cases under the new project; a bare
    data file lists only unfiled cases; another project clears the drawn tree."""
    from engine.sessions import list_sessions

    open_demo(window, demo_dir, tmp_path)
    train_and_wait(window, qtbot, "cart")
    panel = window.consult_panel
    window.show()
    window.tabs.setCurrentWidget(panel)
    panel.case_name.setText("A")
    qtbot.mouseClick(panel.new_button, Qt.LeftButton)
    qtbot.mouseClick(panel.unknown_button, Qt.LeftButton)
    first = panel.session
    panel.case_name.setFocus()
    panel.case_name.setText("B")
    panel.answer_button.setFocus()  # focus leaves the field: no rename
    qtbot.mouseClick(panel.new_button, Qt.LeftButton)
    assert first.case == "A" and panel.session.case == "B"
    qtbot.mouseClick(panel.unknown_button, Qt.LeftButton)
    qtbot.mouseClick(panel.new_button, Qt.LeftButton)
    assert panel.session.case == "" and panel.case_name.text() == ""
    qtbot.keyClicks(panel.case_name, "C")
    qtbot.keyClick(panel.case_name, Qt.Key_Return)  # Enter names the current case
    assert panel.session.case == "C"
    # Save As: new cases go to the new project's history
    renamed = tmp_path / "renamed.rtproj"
    assert window.save_project(path=str(renamed))
    qtbot.mouseClick(panel.unknown_button, Qt.LeftButton)  # still the old project's case (it began there)
    qtbot.mouseClick(panel.new_button, Qt.LeftButton)
    qtbot.mouseClick(panel.unknown_button, Qt.LeftButton)
    mine, _ = list_sessions(project=str(renamed))
    assert [s["id"] for s in mine] == [panel.session.id] and panel.history.rowCount() == 1
    # a bare data file: only cases filed under no project; the old tree is gone
    assert window.open_path(str(datasets / "iris.csv"))
    assert panel.history.rowCount() == 0 and panel.history_box.title() == "Cases not filed under a project"
    assert panel.canvas.node_items() == {} and panel.session is None and not panel.new_button.isEnabled()


# ---- the model's copy for its sessions, off the GUI thread --------------------------------


def hand_model():
    from tests.test_consult import hand_spec, hand_tree

    return Model("hand", {}, hand_spec(), hand_tree())


def test_the_model_copy_is_written_by_the_task_runner_off_the_gui_thread(qtbot, monkeypatch):
    """Fails if the copy were written on the GUI thread or by a raw thread (no runner signal)."""
    import threading

    from engine import sessions

    writers = []
    real = sessions.keep_model_copy
    import app.panels.consult_panel as consult_panel

    monkeypatch.setattr(consult_panel, "keep_model_copy", lambda m: writers.append(threading.current_thread()) or real(m))
    model = hand_model()
    panel = ConsultPanel()
    qtbot.addWidget(panel)
    panel.set_model(model, model.spec, None)
    assert model.path is None and writers == []  # nothing while the tab is hidden
    with qtbot.waitSignal(panel.tasks.finished, timeout=10000) as copied:
        panel.show()
    assert copied.args == [model.path] and Path(model.path).parent == sessions.sessions_dir() / "models"
    assert len(writers) == 1 and writers[0] is not threading.main_thread()
    assert not panel.tasks.busy
    panel.hide()
    panel.show()  # the copy is kept: not written again
    assert len(writers) == 1 and not panel.tasks.busy
    qtbot.mouseClick(panel.new_button, Qt.LeftButton)
    assert panel.session.model_path == model.path  # the session names the copy


def test_a_failed_model_copy_is_logged_and_the_first_answer_reports_it(qtbot, monkeypatch, caplog):
    from engine import sessions

    def refuse(model):
        raise OSError("no room on the disk")

    import app.panels.consult_panel as consult_panel

    monkeypatch.setattr(consult_panel, "keep_model_copy", refuse)  # where the panel calls it,
    monkeypatch.setattr(sessions, "keep_model_copy", refuse)  # and where a session saving calls it
    panel = ConsultPanel()
    qtbot.addWidget(panel)
    panel.set_model(hand_model(), None, None)
    with qtbot.waitSignal(panel.tasks.failed, timeout=10000) as failed:
        panel.show()
    assert "no room on the disk" in failed.args[0]
    assert any("could not keep a copy of the model" in r.getMessage() for r in caplog.records)
    panel.plan.setChecked(False)  # A first
    qtbot.mouseClick(panel.new_button, Qt.LeftButton)
    panel.inputs["A"].setText("3")
    qtbot.mouseClick(panel.answer_button, Qt.LeftButton)
    assert len(panel.session.steps) == 1 and "could not be saved" in panel.message.text()


def test_the_model_copy_does_not_cancel_a_training_job(window, qtbot):  # noqa: F811
    """The window's JobRunner cancels its job when another starts: the copy must not go there."""
    import threading

    from engine.errors import Cancelled

    started, release, seen = threading.Event(), threading.Event(), []

    def training(progress):
        started.set()
        release.wait(10)
        seen.append(progress.cancelled)
        raise Cancelled()  # ends without a model for the window

    window.show()
    window.consult_panel.set_model(hand_model(), None, None)
    window.jobs.start(training)
    assert started.wait(10)
    with qtbot.waitSignal(window.consult_panel.tasks.finished, timeout=10000):
        window.tabs.setCurrentWidget(window.consult_panel)
    assert window.jobs.busy
    with qtbot.waitSignal(window.jobs.cancelled, timeout=10000):
        release.set()
    assert seen == [False]  # the training job was not cancelled by the copy


def test_a_case_that_ends_after_one_cheap_question(qtbot):
    """The hand-built tree of tests/test_plan.py: the root's A costs 10, the deeper B costs 1, and
    B <= 1 says "no" whatever A is. Planned (the default), the panel asks B first, says why, ranks
    the alternatives by expected cost, and the case ends after that one question."""
    from tests.test_plan import deep_cheap_spec, deep_cheap_tree

    tree = deep_cheap_tree()
    panel = ConsultPanel()
    qtbot.addWidget(panel)
    panel.set_model(Model("hand", {}, deep_cheap_spec(), tree), deep_cheap_spec(), None)
    panel.show()
    assert panel.plan.isChecked()
    qtbot.mouseClick(panel.new_button, Qt.LeftButton)
    assert panel.question.text() == "Q1: B"
    assert panel.reason.text() == ("Asking B first ends the case at once for 1 case in 2 (B = ≤ 1); expected cost "
                                   "from here 4.5 (planned), following the tree 11.5")
    assert [panel.alternatives.horizontalHeaderItem(c).text() for c in range(4)] == \
        ["question", "expected cost", "cost", "ends at once"]
    # B ends half the cases at once; either answer to C, or to A, still leaves a "yes" and a "no" rule
    assert [[panel.alternatives.item(r, c).text() for c in (0, 1, 3)] for r in range(3)] == \
        [["B", "4.5", "50%"], ["C", "5.5", "0%"], ["A", "11.5", "0%"]]
    panel.inputs["B"].setText("0.5")
    qtbot.mouseClick(panel.answer_button, Qt.LeftButton)
    assert panel.finished() and panel.answer_label.text().startswith("Answer: no")
    assert panel.tally.text().startswith("Paid: tests 1 + waiting 0 = 1")
    # both "no" leaves B <= 1 reaches are the answer's reasons, and their paths are highlighted
    assert sorted(panel.session.consultation.outcome().nodes) == [3, 5]
    assert set(panel.canvas.highlighted_path()) == {0, 1, 2, 3, 5}
    assert panel.answer_detail.text().count("Rule: IF ") == 2
    # unticked, the tree's own order: A first
    panel.plan.setChecked(False)
    qtbot.mouseClick(panel.new_button, Qt.LeftButton)
    assert panel.question.text() == "Q1: A"
