"""Stability in the window (issue 39 item 2, pytest-qt, offscreen): the Tree tab's "show stability"
counts the splits of the Train tab's last training in a job and draws each share on its box; the
Rules tab gets a stability column; the Compare tab a stability column per learner."""

from __future__ import annotations

import pytest

from engine.tree.node_cases import node_path
from engine.trust.stability import tree_stability

from .test_main_window import open_demo, window  # noqa: F401 - the window fixture


def _train(window, qtbot, algorithm="cart"):  # noqa: F811
    window.train_panel.select(algorithm)
    with qtbot.waitSignal(window.jobs.finished, timeout=120000):
        window.train_panel.train_requested.emit(algorithm, window.train_panel.form.values())


def test_the_tree_shows_each_splits_stability_and_the_rules_tab_a_column(window, demo_dir, tmp_path, qtbot):  # noqa: F811
    open_demo(window, demo_dir, tmp_path)
    _train(window, qtbot)
    panel = window.tree_panel
    tree = window.model.tree
    assert panel.stability.isEnabled() and not panel.stability.isChecked()
    assert all(item.stability is None for item in panel.canvas.node_items().values())  # on demand only
    with qtbot.waitSignal(panel.stability_ready, timeout=120000):
        panel.stability.setChecked(True)
    report = panel.stability_report
    assert report.B == panel.STABILITY_B == 50 and report.seed == 0
    # the very figures of the engine's count on the training rows (all of them: no hold-out here)
    info, data, spec, params, same = window.stability_inputs()
    assert same is tree and data.n == 1728
    own = tree_stability(info, tree, data, spec, params, 50, 0)
    assert [(n.path, n.agreeing) for n in report.nodes] == [(n.path, n.agreeing) for n in own.nodes]
    shares = report.by_node()
    items = panel.canvas.node_items()
    drawn = {i: item.stability for i, item in items.items() if item.stability is not None}
    assert drawn and drawn == {i: shares[i] for i in items if i in shares}
    assert all(items[i].stability is None for i in items if tree.nodes[i].is_leaf)
    root = items[0]
    assert root.stability == shares[0] and node_path(tree, 0) == "root"
    assert f"stability: {100 * shares[0]:.0f} %" in panel.canvas.tooltip(0)
    assert "stability of the top three levels" in panel.stability_info.text()
    # the strip is painted: the box's top row of pixels differs with and without it
    from PySide6.QtGui import QImage, QPainter

    def picture(share):
        root.set_stability(share)
        image = QImage(220, 120, QImage.Format_ARGB32)
        image.fill(0xFFFFFFFF)
        painter = QPainter(image)
        painter.translate(110, 60)
        from PySide6.QtWidgets import QStyleOptionGraphicsItem

        root.paint(painter, QStyleOptionGraphicsItem())
        painter.end()
        return image

    assert picture(1.0) != picture(None) and picture(0.2) != picture(1.0)
    root.set_stability(shares[0])
    # unticked: no strips; ticked again: drawn from the count kept, no job
    panel.stability.setChecked(False)
    assert all(item.stability is None for item in panel.canvas.node_items().values())
    panel.stability.setChecked(True)
    assert not panel.stability_jobs.busy and panel.canvas.node_item(0).stability == shares[0]
    # the Rules tab: a stability column, each rule's least share on its path
    rules = window.rules_panel
    model = rules.model
    header = model.horizontalHeaderItem(model.columnCount() - 1).text()
    assert header == "stability"
    _, leaves = rules._rules_of
    column = model.columnCount() - 1
    for row, leaf in enumerate(leaves):
        want = report.rule_share(tree, leaf)
        on_path = [shares[i] for i in tree.path_to(leaf)[:-1]]
        assert want == pytest.approx(min(on_path))
        assert model.item(row, column).text() == f"{100 * want:.0f} %"
    # a new training: the count is dropped, and so is the column
    _train(window, qtbot)
    assert panel.stability_report is None
    assert model.horizontalHeaderItem(model.columnCount() - 1).text() != "stability"


def test_a_tree_not_trained_here_has_no_stability(window, demo_dir, tmp_path, qtbot):  # noqa: F811
    open_demo(window, demo_dir, tmp_path)
    _train(window, qtbot)
    del window._trained_inputs  # as a model opened from a file
    window.tree_panel.stability.setChecked(True)
    assert window.tree_panel.stability_info.text().startswith("No stability: train the model first")
    assert not window.tree_panel.stability_jobs.busy


def test_the_compare_tab_has_a_stability_column(window, demo_dir, tmp_path, qtbot):  # noqa: F811
    open_demo(window, demo_dir, tmp_path)
    panel = window.compare_panel
    panel.tick(["cart"])
    panel.folds.setValue(3)
    panel.stability.setValue(10)
    with qtbot.waitSignal(panel.jobs.finished, timeout=120000):
        panel.run_button.click()
    result = panel.result
    table = panel.table
    headers = [table.horizontalHeaderItem(j).text() for j in range(table.columnCount())]
    assert "stability of the splits" in headers
    column = headers.index("stability of the splits")
    rows = {table.item(i, 0).text(): i for i in range(table.rowCount())}
    share = result["cart"].evaluation.stability.summary
    assert result["cart"].evaluation.stability.B == 10
    assert table.item(rows["cart"], column).text() == f"{100 * share:.1f} %"
    assert table.item(rows["baseline (least cost)"], column).text() == "-"
    assert panel.metric.findData("stability") < 0  # not a metric the tests can be on
    # off (0): no column
    panel.stability.setValue(0)
    with qtbot.waitSignal(panel.jobs.finished, timeout=120000):
        panel.run_button.click()
    headers = [table.horizontalHeaderItem(j).text() for j in range(table.columnCount())]
    assert "stability of the splits" not in headers
