"""The expert's hand on the tree in the window (issue 37): select a node, split it, undo, redo,
prune, lock, regrow; the Train tab's headline follows every edit (training at once, the replayed
cross-validation from a job the window stays responsive through and can cancel)."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QMessageBox

from app.main import MainWindow
from engine.edits import Edit
from engine.tree.node_cases import find_node


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch, demo_dir):
    said = []
    for kind in ("warning", "critical", "information"):
        monkeypatch.setattr(QMessageBox, kind, lambda parent, title, text, *a, **k: said.append(text))
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.Discard)
    w = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat))
    w.said = said
    qtbot.addWidget(w)
    project = json.loads((demo_dir / "car_evaluation.rtproj").read_text())
    project["data"]["path"] = str(demo_dir / project["data"]["path"])
    (tmp_path / "car.rtproj").write_text(json.dumps(project))
    assert w.open_path(str(tmp_path / "car.rtproj"))
    w.train_panel.select("cart")
    with qtbot.waitSignal(w.jobs.finished, timeout=120000):
        w.train_panel.train_requested.emit("cart", w.train_panel.form.values())
    yield w
    w.jobs.cancel()
    qtbot.waitUntil(lambda: not w.jobs.busy, timeout=120000)
    w.dirty = False


def _scored(qtbot, window):
    """Wait for the edited model's replayed cross-validation to be shown."""
    qtbot.waitUntil(lambda: "cross-validated" in window.train_panel.headline.text(), timeout=120000)


def test_edit_undo_redo_prune_lock_regrow(window, qtbot):
    learned = window.model
    pane = window.tree_panel.pane
    window.tree_panel.canvas.select_node(0)
    assert pane.node_id == 0 and "learned" in pane.title.text()
    # the ranked candidates: the learner's own root split first, each with its bar
    ranked = pane._ranked
    assert pane.candidates.topLevelItemCount() == len(ranked) >= 2
    assert ranked[0].attribute == learned.tree.attribute_name(learned.tree.root.feature) and ranked[0].chosen
    assert ranked[0].value >= ranked[1].value and pane.candidates.itemWidget(pane.candidates.topLevelItem(1), 2)
    second = ranked[1]
    pane.apply_candidate(1)  # what a double-click does
    split = window.model
    assert split.tree.root.origin == "expert" and split.tree.n_leaves == 2
    assert split.tree.attribute_name(split.tree.root.feature) == second.attribute
    assert window.tree_panel.tree is split.tree and window.rules_panel is not None
    assert "edited (1 edit)" in window.train_panel.headline.text()
    assert "on the training rows" in window.train_panel.headline.text()
    table = window.train_panel.metrics_table
    assert table.rowCount() == 0  # the learned model's figures are not left standing under the edited one's
    _scored(qtbot, window)
    assert "alone" in window.train_panel.headline.text()
    assert table.horizontalHeaderItem(1).text() == "edited (replayed)" and table.rowCount() > 3
    accuracy = next(r for r in range(table.rowCount()) if table.item(r, 0).text() == "accuracy")
    assert table.item(accuracy, 1).text() != table.item(accuracy, 2).text()
    assert window.undo_action.isEnabled() and not window.redo_action.isEnabled()

    window.undo_action.trigger()
    assert window.model.tree is learned.tree and [e.op for e in window.model.undone] == ["split"]
    assert table.horizontalHeaderItem(1).text() == "this model"  # the learned model's own training again
    assert window.redo_action.isEnabled()
    window.redo_action.trigger()
    assert window.model is split
    _scored(qtbot, window)

    # regrow below the forced root: a job; the root stays the expert's
    with qtbot.waitSignal(window.jobs.busy_changed, timeout=120000):
        window.tree_panel.canvas.select_node(0)
        window.tree_panel.pane.regrow_button.click()
    qtbot.waitUntil(lambda: window.model is not split, timeout=120000)
    grown = window.model
    assert grown.tree.root.origin == "expert" and grown.tree.n_leaves > 2
    _scored(qtbot, window)

    # prune a branch from its context menu, then lock the other from the pane
    window.tree_panel.canvas.select_node(find_node(grown.tree, "root/1"))
    menu = window.tree_panel._node_menu(find_node(grown.tree, "root/1"), None)
    prune = next(a for a in menu.actions() if a.text() == "Prune to a leaf")
    prune.trigger()
    pruned = window.model
    assert pruned.tree.nodes[find_node(pruned.tree, "root/1")].is_leaf and pruned.tree.n_leaves == 2
    window.tree_panel.canvas.select_node(find_node(pruned.tree, "root/0"))
    window.tree_panel.pane.lock_button.click()
    assert window.model.tree.nodes[find_node(window.model.tree, "root/0")].locked
    assert [e.op for e in window.model.edits] == ["split", "regrow", "prune", "lock"]
    assert window.said == []


def test_the_window_stays_responsive_and_the_replayed_cv_can_be_cancelled(window, qtbot):
    ticks = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(20)
    window.make_edit(Edit("split", "root", attribute="safety", threshold=0.5))
    assert window.jobs.busy  # the replayed cross-validation runs beside the window
    qtbot.waitUntil(lambda: len(ticks) >= 3, timeout=10000)  # the event loop turns meanwhile
    with qtbot.waitSignal(window.jobs.cancelled, timeout=120000):
        window.train_panel.cancel_requested.emit()
    timer.stop()
    assert "cross-validated (" not in window.train_panel.headline.text()


def test_a_model_without_its_data_is_not_edited(window, qtbot):
    window.table = None
    window._edit_data = None
    window.make_edit(Edit("prune", "root"))
    assert window.said and "Open the data" in window.said[-1]


GUIDELINE = """IF safety = low THEN unacc
ELSE IF persons = 2 THEN unacc
ELSE IF buying = vhigh AND maint >= high THEN unacc
ELSE acc"""


def test_the_guideline_page_marks_problems_as_typed_and_scores_the_rules(window, qtbot):
    page = window.guideline_panel
    window.tabs.setCurrentWidget(page)
    page.editor.setPlainText("IF safety = low THEN unacc\nELSE IF persns = 2 THEN unacc\nELSE acc")
    qtbot.waitUntil(lambda: page.problems.count() > 0, timeout=5000)  # read again after typing stops
    first = page.problems.item(0)
    assert first.data(0x0100) == (2, 9) and "persns" in first.text()
    assert not page.score_button.isEnabled() and page.editor.extraSelections()
    page.set_text(GUIDELINE)
    assert page.problems.count() == 0 and page.score_button.isEnabled() and "3 rules" in page.status.text()
    with qtbot.waitSignal(window.jobs.finished, timeout=120000):
        page.score_button.click()
    assert window.model.algorithm == "guideline" and window.model.tree.root.origin == "expert"
    assert "%" in window.train_panel.headline.text()  # scored as the Train tab scores any learner
    page.compare_button.click()
    assert window.tabs.currentWidget() is window.compare_panel
    assert "guideline" in window.compare_panel.ticked()
    assert window.compare_panel.entry_params("guideline")["text"] == GUIDELINE


def test_an_edited_model_joins_the_compare_tab_beside_its_learner(window, qtbot):
    assert not window.compare_edited_action.isEnabled()  # a learned model: nothing edited to compare
    window.make_edit(Edit("split", "root", attribute="safety", threshold=0.5))
    _scored(qtbot, window)
    assert window.compare_edited_action.isEnabled()
    window.compare_edited_action.trigger()
    assert window.tabs.currentWidget() is window.compare_panel
    entries = {e.label: e for e in window.compare_panel.entries()}
    edited = next(e for e in entries.values() if e.edits)
    assert edited.algorithm == "cart" and [x.op for x in edited.edits] == ["split"] and "edited" in edited.label
    assert "cart" in entries and not entries["cart"].edits  # its learner ticked beside it
    panel = window.compare_panel
    panel.show_params(panel.algorithms.item(panel.algorithms.count() - 1))  # the edited model's: no form
    assert "own parameters and edits" in panel.params_box.title()


def test_a_fuzzy_tree_offers_prune_relabel_and_lock_only(window, qtbot):
    window.train_panel.select("hfdt")
    with qtbot.waitSignal(window.jobs.finished, timeout=120000):
        window.train_panel.train_requested.emit("hfdt", window.train_panel.form.values())
    pane = window.tree_panel.pane
    window.tree_panel.canvas.select_node(0)
    assert not pane.split_button.isEnabled() and not pane.regrow_button.isEnabled()
    assert pane.prune_button.isEnabled() and pane.lock_button.isEnabled()
    assert pane.candidates.topLevelItemCount() == 0 and "fuzzy" in pane.candidates_note.text()
    pane.prune_button.click()
    assert window.model.tree.n_leaves == 1 and window.model.tree.root.origin == "expert"
    assert window.said == []


def test_the_split_dialog_shows_the_class_mix_as_the_cut_moves(window, qtbot):
    from app.panels.node_pane import SplitDialog

    tree = window.model.tree
    dialog = SplitDialog(tree, 0, window._node_cases(0), window)
    qtbot.addWidget(dialog)
    dialog.attribute.setCurrentIndex(tree.schema.names.index("safety"))
    dialog.cut.setValue(0.5)
    # safety <= low: 576 cases, all unacc; above: the other 1,152
    assert dialog.mix.text().splitlines() == ["<= 0.5: 576 cases (unacc 576)",
                                              "> 0.5: 1152 cases (unacc 634, acc 384, good 69, vgood 65)"]
    dialog.cut.setValue(1.5)
    assert dialog.mix.text().splitlines()[0].startswith("<= 1.5: 1152 cases")
    assert dialog.edit("root") == Edit("split", "root", attribute="safety", threshold=1.5)


def test_undo_after_the_model_went_does_nothing(window, qtbot):
    """Found by the monkey: an edit, then the data read otherwise (the model dropped), then Ctrl+Z."""
    window.make_edit(Edit("prune", "root"))
    assert window.undo_action.isEnabled()
    window.model = None  # as reading a column's stray texts as missing does (app.opening)
    window.undo_action.trigger()
    window.redo_action.trigger()
    assert window.model is None and not window.undo_action.isEnabled() and not window.redo_action.isEnabled()
    window.make_edit(Edit("prune", "root"))  # no model: nothing happens, nothing said
    assert window.said == []
