"""Intervals and the "few cases" flag in the window (issue 39, item 1, pytest-qt offscreen): the
Rules tab's interval and flag columns with the flag's tooltip, the tree's leaf boxes on demand
(the "show intervals" box), and the Consult panel saying when a case ends in a flagged leaf."""

from PySide6.QtCore import Qt

from app.panels.consult_panel import ConsultPanel
from engine.data.spec import ProblemSpec
from engine.data.spec.trust import TrustSettings
from engine.model import Model
from engine.resources import resources_dir
from engine.tree.rules import extract_rules
from engine.trust.intervals import box_text, interval_text, rule_trust, tree_trust
from samples import hand_tree

from .test_main_window import train_and_wait, window  # noqa: F401 - the window fixture


def test_the_rules_tab_and_the_tree_show_intervals_and_flags(window, qtbot):  # noqa: F811
    assert window.open_path(str(resources_dir() / "demo" / "heart_zh.rtproj"))
    train_and_wait(window, qtbot, "c45")
    tree = window.model.tree
    panel = window.rules_panel
    model = panel.model
    assert model.horizontalHeaderItem(6).text() == "95 % interval"
    assert model.horizontalHeaderItem(7).text() == "few cases"
    rules = extract_rules(tree)
    assert model.rowCount() == len(rules)
    flagged = 0
    for k, r in enumerate(rules):
        t = rule_trust(tree, r, window.model.spec.trust)
        interval, flag = model.item(k, 6), model.item(k, 7)
        assert interval.text() == (interval_text(t) or "–")
        if t.few_cases:
            flagged += 1
            assert flag.text() == "few cases" and flag.toolTip().endswith("Few cases: " + t.why)
            assert "(fewer than 10)" in flag.toolTip() or "wider than 40 points" in flag.toolTip()
        else:
            assert flag.text() == "" and "Few cases" not in flag.toolTip()
        if t.low is not None:
            assert "95 % interval of the confidence: " + interval_text(t) in interval.toolTip()
    assert 0 < flagged < len(rules)
    # sorting by the flag puts the flagged rules together
    panel.view.sortByColumn(7, Qt.DescendingOrder)
    shown = [panel.proxy.index(r, 7).data() for r in range(panel.proxy.rowCount())]
    assert shown == sorted(shown, reverse=True) and shown[0] == "few cases"

    # the tree: nothing until asked, then every leaf's confidence and interval, flagged ones marked
    tree_panel = window.tree_panel
    tree_panel.depth.setValue(0)  # every level
    canvas = tree_panel.canvas
    assert tree_panel.intervals.isEnabled() and not tree_panel.intervals.isChecked()
    leaves = [canvas.node_item(i) for i in tree.leaves() if canvas.node_item(i) is not None]
    assert leaves and all(item.cost_text == "" and not item.flagged for item in leaves)
    tree_panel.intervals.setChecked(True)
    trusts = tree_trust(tree, window.model.spec.trust)
    marked = 0
    for i in tree.leaves():
        item = canvas.node_item(i)
        if item is None:
            continue
        assert item.cost_text == box_text(trusts[i]) and item.flagged == trusts[i].few_cases
        if trusts[i].few_cases:
            marked += 1
            assert "Few cases: " + trusts[i].why in canvas.tooltip(i)
    assert marked > 0
    split = next(i for i in tree.reachable() if not tree.nodes[i].is_leaf)
    assert canvas.node_item(split).cost_text == "" and not canvas.node_item(split).flagged
    tree_panel.intervals.setChecked(False)
    assert all(canvas.node_item(i).cost_text == "" for i in tree.leaves() if canvas.node_item(i) is not None)


def consult(panel, qtbot, case: dict) -> None:
    qtbot.mouseClick(panel.new_button, Qt.LeftButton)
    asked = 0
    while panel.current is not None:
        asked += 1
        assert asked < 10
        for name, widget in panel.inputs.items():
            widget.setText(str(case[name]))
        qtbot.mouseClick(panel.answer_button, Qt.LeftButton)
        assert panel.message.text() == ""


def test_the_consult_panel_says_when_the_case_ends_in_a_flagged_leaf(qtbot):
    """hand_tree with min_cases 5 and a width up to 0.7: the leaf of 2 cases (A <= 5, B > 1) is
    flagged, the leaf of 8 (A <= 5, B <= 1) is not."""
    spec = ProblemSpec(target="y")
    spec.trust = TrustSettings(min_cases=5, max_interval_width=0.7)
    panel = ConsultPanel()
    qtbot.addWidget(panel)
    panel.set_model(Model("hand", {}, spec, hand_tree()), spec, None)
    panel.show()
    consult(panel, qtbot, {"A": 3, "B": 2, "C": 0})
    assert panel.finished() and panel.answer_label.text().startswith("Answer: yes")
    assert panel.few_cases.isVisible()
    assert panel.few_cases.text() == "Few cases: this answer rests on a leaf of too few training cases to act on alone"
    assert panel.few_cases.toolTip().startswith("Node 4: 2 cases (fewer than 5)")
    assert "its confidence lies within 34%–100% (2 effective cases)" in panel.few_cases.toolTip()
    consult(panel, qtbot, {"A": 3, "B": 0.5, "C": 0})
    assert panel.finished() and panel.answer_label.text().startswith("Answer: no")
    assert not panel.few_cases.isVisible() and panel.few_cases.toolTip() == ""
