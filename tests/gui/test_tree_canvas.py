"""TreeCanvas: layout, node styles, edge labels, collapsing, depth limit, selection,
zoom, PNG/SVG export, and drawing speed on a 1,000-leaf tree (offscreen)."""

import time

import numpy as np
import pytest


from PySide6.QtCore import QPoint, QPointF, Qt  # noqa: E402
from PySide6.QtGui import QColor, QImage, QWheelEvent  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402

from app.widgets import tree_layout as tl  # noqa: E402
from app.widgets import tree_style as ts  # noqa: E402
from app.widgets.tree_canvas import TreeCanvas, edge_labels, layout  # noqa: E402
from app.widgets.tree_items import NodeItem  # noqa: E402
from engine.algorithms.registry import get, resolve_params  # noqa: E402
from engine.data import read_table  # noqa: E402
from engine.data.encode import AttributeSchema, DataSchema, EncodedData, encode  # noqa: E402
from engine.data.spec import ProblemSpec  # noqa: E402
from engine.tree.model import CategorySplit, FuzzySplit, Leaf, ThresholdSplit, Tree  # noqa: E402
from tests.test_tree_layout import SCHEMA, check_tidy, mixed_tree  # noqa: E402 - the Qt-free layout's tests






# ---- layout and drawing ------------------------------------------------------------

def test_draws_exactly_the_reachable_nodes(canvas, car_tree):
    tree = mixed_tree()
    canvas.set_tree(tree)
    assert sorted(canvas.node_items()) == sorted(tree.reachable()) == list(range(11))
    assert 11 not in canvas.node_items()
    canvas.set_tree(car_tree)
    assert len(canvas.node_items()) == len(car_tree.reachable())
    assert sum(isinstance(i, NodeItem) for i in canvas.scene().items()) == len(car_tree.reachable())


def test_depth_limit_hides_deeper_nodes(canvas, car_tree):
    depth = {0: 0}
    for i in car_tree.reachable():
        for c in car_tree.nodes[i].children:
            depth[c] = depth[i] + 1
    pos = layout(car_tree, max_depth=2)
    assert set(pos) == {i for i, d in depth.items() if d <= 2}
    check_tidy(car_tree, pos)
    canvas.set_tree(car_tree)
    canvas.set_max_depth(2)
    assert set(canvas.node_items()) == set(pos)
    cut = [i for i in pos if depth[i] == 2 and car_tree.nodes[i].children]
    assert cut and all(canvas.node_item(i).marker == "..." for i in cut)
    canvas.set_max_depth(None)
    assert len(canvas.node_items()) == len(car_tree.reachable())
    assert set(layout(car_tree, max_depth=0)) == {0}


def test_collapse_by_double_click_hides_the_subtree_and_expand_restores_it(canvas, qtbot):
    tree = mixed_tree()
    canvas.set_tree(tree)
    full = layout(tree)
    item = canvas.node_item(1)
    QTest.mouseDClick(canvas.viewport(), Qt.LeftButton, Qt.NoModifier, canvas.mapFromScene(item.scenePos()))
    assert canvas.is_collapsed(1)
    hidden = {3, 4, 5, 6, 7}
    assert set(canvas.node_items()) == set(full) - hidden
    assert canvas.node_item(1).marker == "+"
    pos = layout(tree, collapsed={1})
    assert set(pos) == set(full) - hidden
    check_tidy(tree, pos)
    assert pos[1][0] < pos[8][0]  # the collapsed node takes one leaf slot
    item = canvas.node_item(1)
    QTest.mouseDClick(canvas.viewport(), Qt.LeftButton, Qt.NoModifier, canvas.mapFromScene(item.scenePos()))
    assert not canvas.is_collapsed(1)
    assert canvas.positions() == full
    canvas.set_collapsed(2)
    assert set(canvas.node_items()) == set(full) - {8, 9, 10}
    canvas.set_collapsed(3)  # a leaf cannot be collapsed
    assert canvas.collapsed() == {2}
    canvas.expand_all()
    assert canvas.positions() == full


def test_click_selects_the_node_and_highlights_its_path(canvas, qtbot):
    tree = mixed_tree()
    canvas.set_tree(tree)
    item = canvas.node_item(6)
    point = canvas.mapFromScene(item.scenePos())
    with qtbot.waitSignal(canvas.node_selected, timeout=1000) as blocker:
        QTest.mouseClick(canvas.viewport(), Qt.LeftButton, Qt.NoModifier, point)
    assert blocker.args == [6]
    assert canvas.selected_node() == 6
    assert canvas.highlighted_path() == [0, 1, 4, 6] == tree.path_to(6)
    on = {i for i, it in canvas.node_items().items() if it.highlighted}
    assert on == {0, 1, 4, 6}
    assert canvas.node_item(4).pen().color() == ts.HIGHLIGHT_COLOUR
    assert canvas.node_item(6).pen().widthF() > canvas.node_item(4).pen().widthF()  # the selected one
    assert canvas.node_item(5).pen().color() == ts.NODE_BORDER
    # a click on empty canvas selects nothing new
    with qtbot.assertNotEmitted(canvas.node_selected):
        QTest.mouseClick(canvas.viewport(), Qt.LeftButton, Qt.NoModifier, QPoint(3, 3))
    # the highlight survives collapsing an ancestor (then the visible part stays lit)
    canvas.set_collapsed(1)
    assert {i for i, it in canvas.node_items().items() if it.highlighted} == {0, 1}
    canvas.set_collapsed(1, False)
    assert canvas.node_item(6).highlighted


def test_highlight_path_is_public(canvas):
    tree = mixed_tree()
    canvas.set_tree(tree)
    canvas.highlight_path(tree.path_to(10))
    assert {i for i, it in canvas.node_items().items() if it.highlighted} == {0, 2, 10}
    assert canvas.selected_node() is None
    canvas.clear_highlight()
    assert not any(it.highlighted for it in canvas.node_items().values())


def test_pending_fuzzy_and_trichotomy_nodes_look_distinct(canvas):
    tree = mixed_tree()
    canvas.set_tree(tree)
    item = canvas.node_item
    assert item(10).brush().color() == ts.PENDING_FILL and item(10).pen().color() == ts.PENDING_BORDER
    assert item(10).pen().style() == Qt.DashLine and item(10).style.hatched and item(10).header == "PENDING"
    assert item(4).brush().color() == ts.FUZZY_FILL and item(4).pen().color() == ts.FUZZY_BORDER
    assert item(2).brush().color() == ts.TRICHOTOMY_FILL and item(2).pen().color() == ts.TRICHOTOMY_BORDER
    assert item(0).brush().color() == ts.NODE_FILL and item(0).pen().color() == ts.NODE_BORDER
    assert item(3).brush().color() == ts.leaf_fill(0) and item(9).brush().color() == ts.leaf_fill(1)
    fills = {c.name() for c in (ts.PENDING_FILL, ts.FUZZY_FILL, ts.TRICHOTOMY_FILL, ts.NODE_FILL, ts.leaf_fill(0),
                                ts.leaf_fill(1))}
    borders = {c.name() for c in (ts.PENDING_BORDER, ts.FUZZY_BORDER, ts.TRICHOTOMY_BORDER, ts.NODE_BORDER,
                                  ts.HIGHLIGHT_COLOUR)}
    assert len(fills) == 6 and len(borders) == 5
    # class colours: one per class, the same in every node's bar
    assert [c for c, _ in item(0).bar] == [QColor(ts.CLASS_COLOURS[0]), QColor(ts.CLASS_COLOURS[1])]
    assert [f for _, f in item(6).bar] == [1.0, 1.0]


def test_texts_and_edge_labels(canvas, car_tree):
    tree = mixed_tree()
    canvas.set_tree(tree)
    assert edge_labels(tree, 0) == ["<= 2.5", "> 2.5"]
    assert edge_labels(tree, 1) == ["red", "{green, blue}"]
    assert edge_labels(tree, 4) == ["low ~0", "medium ~5", "high ~10"]
    assert [s.split()[0] for s in edge_labels(tree, 2)] == ["low", "high", "middle"]
    assert canvas.node_item(3).edge_label == "red" and canvas.node_item(10).edge_label == "middle"
    assert canvas.node_item(0).header == "x" and canvas.node_item(0).detail == "lo · n=20"
    assert canvas.node_item(2).header.startswith("0.8·x - 0.6·z")
    assert canvas.node_item(4).header == "z (fuzzy)"
    assert canvas.node_item(9).header == "hi" and canvas.node_item(9).detail == "n=5 · 100%"
    # an ordinal threshold reads as the ordered values; a numeric interval split as intervals
    t = Tree(SCHEMA)
    t.add(ThresholdSplit(counts=[2, 2], label=0, children=[1, 2], feature=3, threshold=0.5))
    t.add(CategorySplit(counts=[1, 1], label=0, children=[3, 4, 5], feature=0, branches=[0, 1, 2],
                        cuts=[1.5, 4.0]), 0)
    t.add(FuzzySplit(counts=[1, 1], label=1, children=[6, 7], feature=1, branches=[0, 1, 1]), 0)
    for parent in (1, 1, 1, 2, 2):
        t.add(Leaf(counts=[1, 0], label=0), parent)
    assert edge_labels(t, 0) == ["<= small", ">= med"]
    assert edge_labels(t, 1) == ["<= 1.5", "(1.5, 4]", "> 4"]
    assert edge_labels(t, 2) == ["red", "{green, blue}"]
    # a trained tree: the car data's attributes are ordinal
    canvas.set_tree(car_tree)
    root = car_tree.root
    labels = edge_labels(car_tree, 0)
    cats = car_tree.schema.attributes[root.feature].categories
    assert labels[0][3:] in cats and labels[1][3:] in cats
    assert tl.node_tooltip(car_tree, car_tree.leaves()[0]).startswith("node ")


def test_trained_trichotomy_tree_draws_its_stages(canvas):
    X = [[1, 1.0], [2, 3.0], [3, 1.5], [4, 0.5], [4.5, 2.0], [3, 1.2], [3.8, 2.5], [5, 0.8], [6, 2.9], [7, 1.8]]
    schema = DataSchema("y", ["Lo", "Hi"], False, [AttributeSchema(f"X{j + 1}", "numeric") for j in range(2)])
    data = EncodedData(np.asarray(X, float), np.array([0] * 5 + [1] * 5), np.ones(10), schema, np.arange(10))
    info = get("trichotomy")
    tree = info.fit(data, None, resolve_params(info, {"n_min": 2}))
    canvas.set_tree(tree)
    assert len(canvas.node_items()) == len(tree.reachable())
    assert canvas.node_item(0).brush().color() == ts.TRICHOTOMY_FILL
    assert canvas.node_item(0).header == "X1"
    # a stage of one attribute reads in the attribute's own values (issue 36), the middle between them
    assert tree.root.features == [0] and tree.root.weights[0] > 0
    labels = [canvas.node_item(c).edge_label for c in tree.root.children]
    assert labels[0].startswith("<= ") and labels[1].startswith(">= ") and labels[2].startswith("> ")
    assert "< " in labels[2]


# ---- zoom ----------------------------------------------------------------------------

def test_fit_zoom_buttons_and_wheel(canvas, car_tree):
    canvas.set_tree(car_tree)
    rect = canvas.mapFromScene(canvas.scene().sceneRect()).boundingRect()
    assert canvas.viewport().rect().adjusted(-2, -2, 2, 2).contains(rect)  # fit: everything in view
    fitted = canvas.scale_factor()
    canvas.zoom_in()
    assert canvas.scale_factor() == pytest.approx(fitted * 1.25)
    canvas.zoom_out()
    canvas.zoom_out()
    assert canvas.scale_factor() == pytest.approx(fitted / 1.25)
    canvas.reset_zoom()
    assert canvas.scale_factor() == pytest.approx(1.0)
    # the wheel zooms in, keeping the scene point under the mouse in place
    item = canvas.node_item(car_tree.leaves()[3])
    canvas.centerOn(item)
    under = QPointF(canvas.mapFromScene(item.scenePos()))
    before = canvas.mapToScene(under.toPoint())
    event = QWheelEvent(under, QPointF(canvas.viewport().mapToGlobal(under.toPoint())), QPoint(0, 0),
                        QPoint(0, 120), Qt.NoButton, Qt.NoModifier, Qt.NoScrollPhase, False)
    canvas.wheelEvent(event)
    assert canvas.scale_factor() == pytest.approx(1.0015 ** 120)
    after = canvas.mapToScene(under.toPoint())
    assert abs(after.x() - before.x()) < 3 and abs(after.y() - before.y()) < 3
    canvas.fit()
    assert canvas.scale_factor() == pytest.approx(fitted)
    assert canvas.dragMode() == TreeCanvas.ScrollHandDrag


# ---- export ---------------------------------------------------------------------------

def test_png_export(canvas, tmp_path):
    tree = mixed_tree()
    canvas.set_tree(tree)
    canvas.select_node(6)
    path = canvas.export_png(tmp_path / "tree.png")
    image = QImage(str(path))
    rect = canvas.scene().sceneRect()
    assert path.stat().st_size > 5000
    assert image.width() == pytest.approx(rect.width(), abs=1) and image.height() == pytest.approx(rect.height(), abs=1)
    assert 700 < image.width() < 3000 and 300 < image.height() < 1500
    # the root's class bar is drawn where the layout put it, in the class colours
    x, y = canvas.positions()[0]
    bar_y = y + tl.NODE_HEIGHT / 2 - 12.5 - rect.top()
    left = image.pixelColor(int(x - tl.NODE_WIDTH / 2 + 14 - rect.left()), int(bar_y))
    right = image.pixelColor(int(x + tl.NODE_WIDTH / 2 - 14 - rect.left()), int(bar_y))
    assert left.name() == ts.CLASS_COLOURS[0] and right.name() == ts.CLASS_COLOURS[1]
    big = canvas.export_png(tmp_path / "half.png", scale=0.5)
    assert QImage(str(big)).width() == pytest.approx(rect.width() / 2, abs=1)


def test_svg_export(canvas, tmp_path, car_tree):
    canvas.set_tree(car_tree)
    path = canvas.export_svg(tmp_path / "tree.svg")
    text = path.read_text(encoding="utf-8")
    assert "<svg" in text and "safety" in text and len(text) > 10000


# ---- speed ------------------------------------------------------------------------------

def grown_noise_tree(tmp_path, n=3000):
    """A fully grown CART on noise: well over 1,000 leaves (german credit or pima grow < 200)."""
    rng = np.random.default_rng(0)
    X = rng.normal(size=(n, 4)).round(3)
    y = rng.integers(0, 3, n)
    path = tmp_path / "noise.csv"
    path.write_text("a,b,c,d,class\n" + "".join(",".join(map(str, r)) + f",k{c}\n" for r, c in zip(X, y)))
    spec = ProblemSpec(target="class")
    info = get("cart")
    return info.fit(encode(read_table(path), spec), spec, resolve_params(info, {"prune": "none"}))


def test_a_thousand_leaf_tree_draws_fast(canvas, tmp_path):
    tree = grown_noise_tree(tmp_path)
    assert tree.n_leaves >= 1000
    start = time.perf_counter()
    canvas.set_tree(tree)
    canvas.viewport().grab()  # paint it (whole tree in view)
    elapsed = time.perf_counter() - start
    assert len(canvas.node_items()) == len(tree.reachable())
    assert elapsed < 3.0, f"drawing {tree.n_leaves} leaves took {elapsed:.2f} s"
    start = time.perf_counter()
    canvas.set_collapsed(tree.root.children[0])
    canvas.set_max_depth(6)
    canvas.reset_zoom()
    canvas.viewport().grab()  # at 1:1 with all texts
    assert time.perf_counter() - start < 3.0


def test_none_stays_alive_through_many_qt_calls(canvas, car_tree):
    """PySide6 6.12.0 on CPython 3.11 dropped a reference to None per void call (pinned out)."""
    import sys
    for _ in range(5):
        canvas.set_tree(car_tree)
        canvas.reset_zoom()
        canvas.viewport().grab()
    assert sys.getrefcount(None) > 1000


def test_ordered_classes_on_a_sequential_scale(car_tree):
    """Issue 36: ordered classes (unacc < acc < good < vgood) are coloured from the scale's first stop to
    its last, each neighbour closer to the next than the ends are to each other; unordered classes
    keep the categorical palette."""
    from PySide6.QtGui import QColor

    assert car_tree.schema.ordered and car_tree.n_classes == 4
    colours = [ts.class_colour(k, car_tree) for k in range(4)]
    assert colours[0] == QColor(ts.ORDERED_STOPS[0]) and colours[-1] == QColor(ts.ORDERED_STOPS[-1])

    def gap(a, b):
        return sum(abs(x - y) for x, y in zip(a.getRgb()[:3], b.getRgb()[:3]))

    assert max(gap(colours[k], colours[k + 1]) for k in range(3)) < gap(colours[0], colours[-1])
    leaf = next(i for i in car_tree.leaves() if car_tree.nodes[i].label == 3)
    assert ts.node_style(car_tree, leaf).fill == ts.leaf_fill(3, car_tree) != ts.leaf_fill(3)
    assert ts.class_colour(1) == QColor(ts.CLASS_COLOURS[1])  # no tree: the palette
