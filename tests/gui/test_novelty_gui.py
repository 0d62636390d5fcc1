"""Outside what the model has seen, in the window (issue 39 item 3; pytest-qt, offscreen): the
Predictions dialog tints exactly the flagged rows and says why in their tooltip; the tree's node
tooltip gives each branch's training cases and the missing ones; the consult panel says when an
answer lies outside what the training cases where the case stands showed, and where an unknown
answer sent the case."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import Qt

from app.panels.consult_panel import ConsultPanel
from app.panels.predictions_dialog import PredictionsDialog
from app.widgets import tree_layout as tl
from engine.algorithms.registry import get, resolve_params
from engine.data.encode import encode
from engine.data.spec import ProblemSpec
from engine.predicting import predict_table
from engine.trust.novelty import keep_seen
from engine.workflows import inject_missing
from tests.test_novelty import grid, trained  # noqa: F401 - the grid fixture


def test_the_predictions_dialog_marks_the_flagged_rows(grid, qtbot):  # noqa: F811
    train, new, outliers = grid
    dialog = PredictionsDialog(predict_table(trained(train, "cart"), new))
    qtbot.addWidget(dialog)
    model = dialog.model
    tinted = [r for r in range(model.rowCount()) if model.data(model.index(r, 0), Qt.BackgroundRole) is not None]
    assert tinted == sorted(outliers)
    tip = model.data(model.index(3, 1), Qt.ToolTipRole)
    assert tip.startswith("Outside what the model has seen: x1 = 100 is outside")
    assert model.data(model.index(0, 1), Qt.ToolTipRole) == model.data(model.index(0, 1), Qt.DisplayRole)
    assert model.headerData(3, Qt.Horizontal) == "outside what the model has seen"
    assert model.data(model.index(11, 3), Qt.DisplayRole).startswith('colour = "purple" was never seen')
    assert f"{len(outliers)} rows lie outside what the model has seen" in dialog.summary.text()


def test_the_tree_tooltip_shows_the_branch_and_missing_counts(canvas, datasets):
    from engine.data.read import read_table

    spec = ProblemSpec(target="class")
    info = get("c45")
    data = encode(read_table(datasets / "car_evaluation.csv"), spec)
    data.X = inject_missing(data.X, 0.2, seed=3)
    tree = info.fit(data, spec, info.stage_params(resolve_params(info, {}, spec), "fit"))
    keep_seen(tree, data, info)
    canvas.set_tree(tree)
    text = canvas.tooltip(0)
    lines = text.splitlines()
    head = lines.index("training cases down each branch, and those with the value missing:")
    root_missing = int(np.isnan(data.X[:, tree.nodes[0].feature]).sum())
    branches = lines[head + 1:head + 1 + len(tree.nodes[0].children)]
    assert all(line.strip().endswith("of 1728") for line in branches)
    assert lines[head + 1 + len(branches)].strip().startswith(f"missing: {root_missing} of 1728 — they went down every "
                                                              "branch in proportion (")
    assert tl.node_tooltip(tree, tree.leaves()[0]).count("missing:") == 0  # a leaf has no split
    tree.seen = None
    assert "missing:" not in canvas.tooltip(0)


@pytest.fixture
def grid_panel(grid, qtbot, tmp_path):  # noqa: F811
    model = trained(grid[0], "cart")
    model.save(tmp_path / "grid.json")
    panel = ConsultPanel()
    qtbot.addWidget(panel)
    panel.plan.setChecked(False)  # the tree's own order: x1 first
    panel.set_model(model, model.spec, None)
    panel.show()
    return panel


def test_the_consult_panel_says_a_value_is_outside_what_was_seen(grid_panel, qtbot, monkeypatch):
    panel = grid_panel
    monkeypatch.setattr(panel, "confirm_outside", lambda text: True)
    qtbot.mouseClick(panel.new_button, Qt.LeftButton)
    assert list(panel.inputs) == ["x1"]
    panel.inputs["x1"].setText("100")
    qtbot.mouseClick(panel.answer_button, Qt.LeftButton)
    assert panel.message.text() == ""
    notes = [line for line in panel.answer_detail.text().splitlines() if line.startswith("Note: ")]
    assert notes == ["Note: x1 = 100 is outside the range of the 330 training cases at this node (6 to 10)"], notes
    assert panel.session.steps[-1]["novelty"][0] == notes[0][len("Note: "):]


def test_the_consult_panel_says_where_an_unknown_answer_sent_the_case(grid_panel, qtbot):
    panel = grid_panel
    qtbot.mouseClick(panel.new_button, Qt.LeftButton)
    panel.inputs["x1"].setText("2")
    qtbot.mouseClick(panel.answer_button, Qt.LeftButton)
    assert not any(line.startswith("Note: ") for line in panel.answer_detail.text().splitlines())
    name = next(iter(panel.inputs))
    qtbot.mouseClick(panel.unknown_button, Qt.LeftButton)
    notes = [line for line in panel.answer_detail.text().splitlines() if line.startswith("Note: ")]
    assert len(notes) == 1 and notes[0].startswith(f"Note: {name} unknown: the case stops here, at node "), notes
