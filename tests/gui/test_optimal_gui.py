"""The optimal learner in the Train tab (issue 40 item 4, pytest-qt, offscreen): its depth,
minimum leaf, λ and time limit set in the form, trained on the car demo as a job; the status says
"done: optimal" when the search finished, "done: gap x %" when the time limit cut it."""

from __future__ import annotations

import re

from PySide6.QtWidgets import QDoubleSpinBox, QLineEdit, QSpinBox

from .test_main_window import open_demo


def _train(window, qtbot):
    # a long wait: the first training may compile the depth-two kernels (never a short limit)
    with qtbot.waitSignal(window.jobs.finished, timeout=300000):
        window.train_panel.train_requested.emit("optimal", window.train_panel.form.values())


def _leaf_weights(tree):
    return [float(n.counts.sum()) for n in tree.nodes if n.is_leaf]


def test_optimal_in_the_train_tab_then_cut_by_its_time_limit(window, demo_dir, tmp_path, qtbot):
    open_demo(window, demo_dir, tmp_path)
    panel = window.train_panel
    panel.select("optimal")
    assert panel.algorithm.currentData() == "optimal" and "Optimal tree" in panel.algorithm.currentText()
    editors = panel.form.editors
    assert isinstance(editors["max_depth"], QSpinBox) and editors["max_depth"].value() == 3
    assert editors["max_depth"].maximum() == 5
    assert isinstance(editors["min_samples_leaf"], QSpinBox) and isinstance(editors["leaf_penalty"], QDoubleSpinBox)
    assert isinstance(editors["time_limit"], QLineEdit) and editors["time_limit"].text() == ""
    editors["max_depth"].setValue(3)
    editors["min_samples_leaf"].setValue(20)
    editors["leaf_penalty"].setValue(0.5)
    _train(window, qtbot)
    assert window.said == []
    model = window.model
    assert model.algorithm == "optimal"
    assert {k: model.params[k] for k in ("max_depth", "min_samples_leaf", "leaf_penalty", "time_limit")} == {
        "max_depth": 3, "min_samples_leaf": 20, "leaf_penalty": 0.5, "time_limit": None}
    info = model.tree.info
    assert info["optimal"] is True and info["gap"] == 0.0 and info["lower_bound"] == info["objective"]
    # the window's tree is the engine's on the same rows and settings (the form's values reached it)
    from engine.algorithms.params import resolve_params
    from engine.algorithms.registry import get
    from engine.data import read_table
    from engine.data.encode import encode

    info_ = get("optimal")
    project = window.project
    data = encode(read_table(project.data_path, project.sheet), project.spec)
    direct = info_.fit(data, project.spec, resolve_params(info_, {"max_depth": 3, "min_samples_leaf": 20,
                                                                  "leaf_penalty": 0.5}))
    assert [float(n.counts.sum()) for n in direct.nodes if n.is_leaf] == _leaf_weights(model.tree)
    assert direct.info["objective"] == info["objective"]
    assert model.tree.depth <= 3 and min(_leaf_weights(model.tree)) >= 20
    assert panel.status.text() == "done: optimal"
    assert panel.progress.value() == panel.progress.maximum() == 1
    finished = info["objective"]

    # a time limit of 0 s at depth 4: the search stops at once, its best tree so far and the gap
    editors["max_depth"].setValue(4)
    editors["time_limit"].setText("0")
    _train(window, qtbot)
    assert window.said == []
    cut = window.model.tree.info
    assert window.model.params["time_limit"] == 0.0 and window.model.params["max_depth"] == 4
    assert cut["optimal"] is False and cut["gap"] > 0
    # the bound never passes the optimum, itself at most the depth-3 optimum (a depth-4 candidate)
    assert cut["lower_bound"] <= finished + 1e-6 and cut["lower_bound"] < cut["objective"]
    assert cut["gap"] == (cut["objective"] - cut["lower_bound"]) / cut["objective"]
    shown = re.fullmatch(r"done: gap (\d+\.\d) %", panel.status.text())
    assert shown is not None and float(shown.group(1)) == round(100 * cut["gap"], 1)
    assert float(shown.group(1)) > 0
