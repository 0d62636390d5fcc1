"""The Tree tab on fuzzy trees (pytest-qt, offscreen): term names and where each term peaks
on the branches, a picked case's memberships and firing strengths (checked against the
engine's own routing, Node.route_rows, and its prediction), nodes the case does not reach
faded, drilling into a depth-limited tree; crisp trees keep their plain path highlight."""

import json
import re
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox

from app.main import MainWindow
from app.widgets import tree_layout as tl
from app.widgets import tree_style as ts
from app.widgets.tree_items import LegendItem
from app.widgets.tree_layout import layout
from engine.algorithms.registry import get, resolve_params
from engine.data import read_table
from engine.data.encode import encode
from engine.data.project import load_project
from engine.tree.describe import short_number, term_names
from engine.tree.model import FUZZY
from engine.tree.predict import decision_path, predict

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"


@pytest.fixture(scope="module")
def glass():
    project = load_project(str(DEMO / "glass.rtproj"))
    table = read_table(project.data_path, project.sheet)
    return project, table, encode(table, project.spec)


def fit(glass, algorithm, **params):
    project, table, data = glass
    info = get(algorithm)
    tree = info.fit(data, project.spec, resolve_params(info, params, project.spec))
    return tree, tree.schema.encode_features(table)


@pytest.fixture(scope="module")
def hfdt(glass):
    return fit(glass, "hfdt")




def expected_case(tree, x, tnorm="product"):
    """Membership of the branch into every child of a node the case reaches, and every node's
    strength, from the engine's routing of the row (Node.route_rows), no missing values."""
    membership, strength = {}, {0: 1.0}
    for i in tree.reachable():
        node = tree.nodes[i]
        if node.is_leaf or i not in strength:
            continue
        shares = node.route_rows(x[None, :])[0]
        for child, mu in zip(node.children, shares):
            membership[child] = float(mu)
            s = strength[i] * mu if tnorm == "product" else min(strength[i], mu)
            if mu > 0 and s > 0:
                strength[child] = float(s)
    return membership, strength


def number(text):
    return float(re.search(r"-?\d+(\.\d+)?(e-?\d+)?", text).group(0))


# ---- the drawing: terms on the branches -------------------------------------------------

def test_fuzzy_branches_carry_term_names_and_where_they_peak(canvas, hfdt):
    tree, _ = hfdt
    canvas.set_tree(tree)
    fuzzy = [i for i in tree.reachable() if tree.nodes[i].kind == FUZZY]
    assert fuzzy and all(canvas.node_item(i) is not None for i in fuzzy)
    for i in fuzzy:
        node = tree.nodes[i]
        names = node.terms or term_names(len(node.children))
        assert len(names) == 2 and node.centres is not None  # k = 2: "less" and "more" by default
        texts = [canvas.node_item(c).edge_text for c in node.children]
        assert [t.split(" (")[0] for t in texts] == list(names)
        low, high = texts
        assert "peak ≤ " in low and "peak ≥ " in high
        # the centres as written are the stored ones, and never read the same
        assert number(low.split("≤")[1]) == pytest.approx(node.centres[0], rel=5e-3)
        assert number(high.split("≥")[1]) == pytest.approx(node.centres[1], rel=5e-3)
        assert low.split("≤")[1] != high.split("≥")[1]
        # the engine's condition stays available as it was (rules, consultation)
        assert canvas.node_item(node.children[0]).edge_label.startswith(f"{names[0]} ~")
        assert canvas.node_item(i).header.endswith("(fuzzy)")
    # glass's RI centres differ in the third decimal: more digits, not "1.52" twice
    ri = [i for i in fuzzy if tree.attribute_name(tree.nodes[i].feature) == "RI"]
    for i in ri:
        low, high = (canvas.node_item(c).edge_text for c in tree.nodes[i].children)
        assert low.split("≤ ")[1] != high.split("≥ ")[1]
    # leaves: their label, coarse hierarchy labels included, and their mass
    leaves = {canvas.node_item(i).header for i in tree.leaves()}
    assert leaves & {"WG", "NWG", "FP", "NFP", "ALL"}
    for i in tree.leaves()[:20]:
        item = canvas.node_item(i)
        assert item.header == tree.label_name(tree.nodes[i].label)
        assert f"n={short_number(tree.nodes[i].weight, 4)}" in item.detail
    # the tooltip says what the terms are
    tip = canvas.tooltip(0)
    assert "falling to 0 at" in tip and "rising from 0 at" in tip and "memberships in the node, summed" in tip


def test_term_texts_name_each_term_and_where_it_peaks():
    from tests.test_tree_layout import mixed_tree

    tree = mixed_tree()  # node 4: z fuzzy over centres 0, 5, 10; the other nodes are crisp
    assert tl.term_texts(tree, 4) == ["low (peak ≤ 0)", "medium (peak 5)", "high (peak ≥ 10)"]
    for i in (0, 1, 2):
        assert tl.term_texts(tree, i) == tl.edge_labels(tree, i)
    assert tl.term_lines(tree, 4) == ["  low: 1 for z ≤ 0, falling to 0 at 5",
                                      "  medium: rising from 0 at 0 to 1 at 5, falling to 0 at 10",
                                      "  high: rising from 0 at 5 to 1 for z ≥ 10"]
    assert tl.centre_texts([1.5171129, 1.5233239]) == ["1.517", "1.523"]
    assert tl.centre_texts([0.2561969, 3.4645816]) == ["0.256", "3.46"]
    assert tl.is_fuzzy(tree)


# ---- a picked case ---------------------------------------------------------------------

@pytest.mark.parametrize("row", [96, 180, 7])
def test_a_picked_case_shows_the_engines_memberships_and_strengths(canvas, hfdt, row):
    tree, X = hfdt
    canvas.set_tree(tree)
    x = X[row]
    view = canvas.show_case(x, "fractional", f"row {row + 2}")
    assert view.fuzzy and canvas.case_view() is view
    membership, strength = expected_case(tree, x)
    assert set(view.strength) == set(strength)
    reached_fractionally = 0
    for i, item in canvas.node_items().items():
        if i in membership:  # the branch into it: the case's membership in that term
            assert item.case_membership == pytest.approx(membership[i], abs=1e-12)
            assert item.membership_text == short_number(membership[i], 3)
            reached_fractionally += 0 < membership[i] < 1
        else:
            assert item.case_membership is None and item.membership_text == ""
        if i in strength:  # how strongly it reaches the node: the product along the path
            assert item.case_strength == pytest.approx(strength[i], abs=1e-12)
            assert item.strength_text == f"strength {short_number(strength[i], 3)}"
            assert not item.dimmed and item.opacity() == 1.0
        else:  # not reached: faded, no number
            assert item.case_strength is None and item.strength_text == ""
            assert item.dimmed and item.opacity() == pytest.approx(ts.DIMMED_OPACITY)
    assert reached_fractionally > 0  # these rows really are spread over several branches
    assert any(item.dimmed for item in canvas.node_items().values())
    # a fuzzy case goes down every branch: the leaves' strengths add up to 1 (product t-norm) ...
    leaves = view.leaf_strengths(tree)
    assert sum(leaves.values()) == pytest.approx(1.0)
    # ... and the label with the largest sum of them is the engine's answer (HFDT: label_sum)
    votes = np.zeros(len(tree.labels))
    for i, s in leaves.items():
        votes[tree.nodes[i].label] += s
    assert int(np.argmax(votes)) == predict(tree, X[row:row + 1], "fractional").labels[0]
    # the value the case shows at a split, and the case in the tooltips
    assert canvas.node_item(0).value_text.startswith(tree.attribute_name(tree.root.feature) + " = ")
    leaf = max(leaves, key=leaves.get)
    assert f"strength {short_number(leaves[leaf], 3)}" in canvas.tooltip(leaf)
    # the case's edges are drawn, the wider the stronger; clearing takes it all away
    assert canvas._case_edges
    canvas.clear_case()
    assert canvas.case_view() is None and not canvas._case_edges
    assert all(it.case_strength is None and it.case_membership is None and not it.dimmed and it.opacity() == 1.0
               for it in canvas.node_items().values())


def test_a_missing_value_takes_the_training_shares_as_prediction_does(canvas, hfdt):
    tree, X = hfdt
    canvas.set_tree(tree)
    x = X[96].copy()
    x[tree.root.feature] = np.nan  # no Mg: HFDT's policy ("fractional") spreads it by the training weights
    view = canvas.show_case(x, "fractional", "row 98")
    weights = np.array([tree.nodes[c].weight for c in tree.root.children])
    for c, share in zip(tree.root.children, weights / weights.sum()):
        assert canvas.node_item(c).case_membership == pytest.approx(share)
    assert view.guessed == {0} and canvas.node_item(0).value_text == "Mg missing"
    assert "share of the training cases" in canvas.tooltip(0)
    leaves = view.leaf_strengths(tree)
    votes = np.zeros(len(tree.labels))
    for i, s in leaves.items():
        votes[tree.nodes[i].label] += s
    assert sum(leaves.values()) == pytest.approx(1.0)
    assert int(np.argmax(votes)) == predict(tree, x[None, :], "fractional").labels[0]


def test_minimum_tnorm_tree_takes_the_smallest_membership(canvas, glass):
    tree, X = fit(glass, "min_ambiguity")
    assert tree.tnorm == "minimum"
    canvas.set_tree(tree)
    for row in (10, 150):
        canvas.show_case(X[row], "fractional")
        membership, strength = expected_case(tree, X[row], "minimum")
        for i, item in canvas.node_items().items():
            assert item.case_strength == (pytest.approx(strength[i]) if i in strength else None)
            assert item.case_membership == (pytest.approx(membership[i]) if i in membership else None)


def test_the_case_stays_on_collapsing_and_depth_limit_and_drilling_in(canvas, hfdt, qtbot):
    tree, X = hfdt
    canvas.set_tree(tree)
    canvas.set_max_depth(2)
    canvas.show_case(X[96], "fractional")
    membership, strength = expected_case(tree, X[96])
    cut = [i for i in canvas.node_items() if canvas.is_cut(i)]
    assert cut and all(canvas.node_item(i).marker == "..." for i in cut)
    target = next(i for i in cut if i in strength)
    # a double-click on a node the depth limit cuts shows its children, the rest stays
    before = set(canvas.node_items())
    point = canvas.mapFromScene(canvas.node_item(target).scenePos())
    QTest.mouseDClick(canvas.viewport(), Qt.LeftButton, Qt.NoModifier, point)
    assert target in canvas.opened() and not canvas.is_cut(target)
    assert set(canvas.node_items()) == before | set(tree.nodes[target].children)
    assert set(layout(tree, max_depth=2, opened={target})) == set(canvas.node_items())
    for c in tree.nodes[target].children:  # the case is drawn on the new boxes too
        assert canvas.node_item(c).case_membership == pytest.approx(membership[c])
    # a second double-click collapses it as any open node
    QTest.mouseDClick(canvas.viewport(), Qt.LeftButton, Qt.NoModifier,
                      canvas.mapFromScene(canvas.node_item(target).scenePos()))
    assert canvas.is_collapsed(target) and canvas.node_item(target).marker == "+"
    assert canvas.node_item(target).case_strength == pytest.approx(strength[target])


# ---- crisp trees: as before ----------------------------------------------------------------

def test_a_crisp_cart_tree_is_unchanged(canvas, glass):
    tree, X = fit(glass, "cart")
    canvas.set_tree(tree)
    items = canvas.node_items()
    assert all(item.edge_text == item.edge_label for item in items.values())
    legend = next(it for it in canvas.scene().items() if isinstance(it, LegendItem))
    assert legend.note == ""  # the fuzzy tree's note on its "n" is not shown
    view = canvas.show_case(X[5], "stop")
    assert not view.fuzzy
    assert canvas.highlighted_path() == decision_path(tree, X[5], "stop") == view.path
    assert {i for i, it in items.items() if it.highlighted} == set(view.path)
    assert all(it.case_strength is None and it.case_membership is None and not it.dimmed and it.opacity() == 1.0
               and it.value_text == "" for it in items.values())
    assert not canvas._case_edges
    assert "memberships" not in canvas.tooltip(0)
    canvas.clear_case()
    assert canvas.highlighted_path() == []


# ---- the window: picking a row --------------------------------------------------------------

@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    dialogs = []
    for name in ("warning", "critical", "information"):
        monkeypatch.setattr(QMessageBox, name, lambda parent, title, text: dialogs.append(text))
    w = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat))
    w.dialogs = dialogs
    qtbot.addWidget(w)
    project = json.loads((DEMO / "glass.rtproj").read_text())
    project["data"]["path"] = str(DEMO / project["data"]["path"])
    (tmp_path / "glass.rtproj").write_text(json.dumps(project))
    assert w.open_path(str(tmp_path / "glass.rtproj"))
    return w


def train(window, qtbot, algorithm, **params):
    window.train_panel.select(algorithm)
    values = window.train_panel.form.values()
    values.update(params)
    with qtbot.waitSignal(window.jobs.finished, timeout=120000):
        window.train_panel.train_requested.emit(algorithm, values)


def test_picking_a_row_on_the_data_tab_shows_it_on_the_fuzzy_tree(window, qtbot):
    panel = window.tree_panel
    window.data_panel.view.selectRow(3)  # nothing trained yet: nothing to show it on
    assert not panel.case.isEnabled() and panel.canvas.case_view() is None
    train(window, qtbot, "hfdt", min_membership=20)
    tree = window.model.tree
    assert panel.case.isEnabled() and panel.canvas.case_view() is None
    window.data_panel.view.selectRow(179)  # spreadsheet row 181
    assert panel.case.value() == 181
    view = panel.canvas.case_view()
    assert view is not None and view.fuzzy
    X = tree.schema.encode_features(window.table)
    membership, strength = expected_case(tree, X[179])
    for i, item in panel.canvas.node_items().items():
        assert item.case_strength == (pytest.approx(strength[i]) if i in strength else None)
        assert item.case_membership == (pytest.approx(membership[i]) if i in membership else None)
    answer = window.model.predict(X[179:180]).label_names(tree)[0]
    text = panel.case_info.text()
    assert panel.case_info.isVisibleTo(panel) and text.startswith("Row 181 (Type = 6)")
    assert f"answers {answer}" in text and "membership" in text
    # the case box picks rows too; "none" takes the case away
    panel.case.setValue(97)
    assert panel.canvas.node_item(0).value_text == f"Mg = {short_number(X[95, tree.root.feature], 4)}"
    panel.case.setValue(panel.case.minimum())
    assert panel.canvas.case_view() is None and not panel.case_info.isVisibleTo(panel)
    # a crisp tree trained next shows the same row as its path
    panel.case.setValue(20)
    train(window, qtbot, "cart")
    assert panel.case.value() == 20
    crisp = window.model.tree
    assert panel.canvas.highlighted_path() == decision_path(crisp, X[18], window.model.missing)
    assert all(item.case_strength is None for item in panel.canvas.node_items().values())
    # another file: no case can be picked on the old tree
    window.open_path(str(DEMO / "car_evaluation.xlsx"))
    assert not panel.case.isEnabled() and panel.canvas.case_view() is None
