"""The tree canvas's Qt-free part (app.widgets.tree_layout): positions, visibility,
edges, markers, bounds and texts, without a screen or PySide6."""

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from app.widgets import tree_layout as tl
from app.widgets.tree_layout import layout
from engine.algorithms.registry import get, resolve_params
from engine.data import read_table
from engine.data.encode import AttributeSchema, DataSchema, encode
from engine.data.project import load_project
from engine.tree.model import PENDING, CategorySplit, FuzzySplit, Leaf, ThresholdSplit, Tree, TrichotomySplit

ROOT = Path(__file__).resolve().parents[1]
QT = ("PySide6", "shiboken6", "pyqtgraph", "PyQt5", "PyQt6")

SCHEMA = DataSchema("y", ["lo", "hi"], False, [
    AttributeSchema("x", "numeric"),
    AttributeSchema("colour", "nominal", ["red", "green", "blue"]),
    AttributeSchema("z", "numeric"),
    AttributeSchema("size", "ordinal", ["small", "med", "big"]),
])


def mixed_tree() -> Tree:
    """Every node kind, a PENDING leaf and one node that is no longer reachable.

    0 x <= 2.5 -> 1 colour {red -> 3, green/blue -> 4 fuzzy z (5, 6, 7)}
               -> 2 trichotomy 0.8·x - 0.6·z (low -> 8, high -> 9, middle -> 10 PENDING)
    11: an orphan leaf (not drawn)
    """
    t = Tree(SCHEMA)
    t.add(ThresholdSplit(counts=[10, 10], label=0, children=[1, 2], feature=0, threshold=2.5))
    t.add(CategorySplit(counts=[6, 4], label=0, children=[3, 4], feature=1, branches=[0, 1, 1]), 0)
    t.add(TrichotomySplit(counts=[4, 6], label=1, children=[8, 9, 10], features=[0, 2], weights=[0.8, -0.6],
                          low=1.0, high=3.0), 0)
    t.add(Leaf(counts=[3, 0], label=0), 1)
    t.add(FuzzySplit(counts=[3, 4], label=1, children=[5, 6, 7], feature=2, centres=[0.0, 5.0, 10.0]), 1)
    t.add(Leaf(counts=[2, 0], label=0), 4)
    t.add(Leaf(counts=[1, 1], label=0), 4)
    t.add(Leaf(counts=[0, 3], label=1), 4)
    t.add(Leaf(counts=[3, 0], label=0), 2)
    t.add(Leaf(counts=[0, 5], label=1), 2)
    t.add(Leaf(counts=[1, 1], label=PENDING), 2)
    t.add(Leaf(counts=[1, 0], label=0), 2)  # 11: unreachable
    return t


def check_tidy(tree, pos):
    """Children centred under their parent one level down; no two boxes of a level overlap."""
    by_level = {}
    for i, (x, y) in pos.items():
        by_level.setdefault(y, []).append(x)
        kids = [c for c in tree.nodes[i].children if c in pos]
        if kids:
            assert len(kids) == len(tree.nodes[i].children)  # all children shown or none
            assert x == pytest.approx((pos[kids[0]][0] + pos[kids[-1]][0]) / 2)
            assert all(pos[c][1] == pytest.approx(y + tl.LEVEL_HEIGHT) for c in kids)
    for xs in by_level.values():
        xs = sorted(xs)
        assert all(b - a >= tl.NODE_WIDTH + 1 for a, b in zip(xs, xs[1:]))


@pytest.fixture(scope="module")
def car_tree():
    p = load_project(str(ROOT / "resources" / "demo" / "car_evaluation.rtproj"))
    d = encode(read_table(p.data_path, p.sheet), p.spec)
    info = get("cart")
    return info.fit(d, p.spec, resolve_params(info, {}))


def test_importing_the_layout_loads_no_qt():
    code = ("import sys\n"
            "import app.widgets.tree_layout as tl\n"
            "assert callable(tl.layout)\n"
            f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {QT!r})\n"
            "print(bad); sys.exit(1 if bad else 0)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip() == "[]"


def test_layout_is_tidy(car_tree):
    for tree in (mixed_tree(), car_tree):
        pos = layout(tree)
        check_tidy(tree, pos)
        assert set(pos) == set(tree.reachable())
        leaves = sorted(pos[i][0] for i in tree.leaves())
        np.testing.assert_allclose(np.diff(leaves), tl.SLOT)  # leaves evenly spaced
        assert pos[0][1] == 0 and max(y for _, y in pos.values()) == pytest.approx(tree.depth * tl.LEVEL_HEIGHT)
    assert layout(Tree(SCHEMA)) == {}


def test_collapsed_and_depth_limited_nodes_are_placed_as_leaves_with_markers():
    tree = mixed_tree()
    pos = layout(tree, collapsed={1})
    assert set(pos) == {0, 1, 2, 8, 9, 10}
    check_tidy(tree, pos)
    assert [pos[i][0] for i in (1, 8, 9, 10)] == [0.0, tl.SLOT, 2 * tl.SLOT, 3 * tl.SLOT]  # one slot each
    assert {i: tl.marker(tree, i, pos, {1}) for i in pos} == {0: "", 1: "+", 2: "", 8: "", 9: "", 10: ""}
    cut = layout(tree, max_depth=1)
    assert set(cut) == {0, 1, 2} and set(layout(tree, max_depth=0)) == {0}
    assert [tl.marker(tree, i, cut, set()) for i in (0, 1, 2)] == ["", "...", "..."]
    assert tl.marker(tree, 3, layout(tree), set()) == ""  # a leaf has nothing to hide


def test_edge_lines_join_each_open_parent_to_its_children():
    tree = mixed_tree()
    pos = layout(tree, collapsed={4})
    lines = tl.edge_lines(tree, pos)
    half = tl.NODE_HEIGHT / 2
    opened = [i for i in pos if tl.is_open(tree, i, pos)]
    assert opened == [0, 1, 2]
    assert len(lines) == sum(2 + len(tree.nodes[i].children) for i in opened)  # down, across, one down per child
    bottoms = {(x, y + half) for x, y in pos.values()}
    tops = {(x, y - half) for x, y in pos.values()}
    assert {tuple(line[0]) for line in lines if line[0] in bottoms} == {(pos[i][0], pos[i][1] + half) for i in opened}
    assert {line[-1] for line in lines if line[-1] in tops} == {(pos[c][0], pos[c][1] - half)
                                                                for i in opened for c in tree.nodes[i].children}
    for line in lines:  # elbows: every piece vertical or horizontal
        (x1, y1), (x2, y2) = line
        assert x1 == x2 or y1 == y2


def test_path_lines_follow_parent_child_pairs_that_are_shown():
    tree = mixed_tree()
    pos = layout(tree)
    half = tl.NODE_HEIGHT / 2
    lines = tl.path_lines(tree, pos, tree.path_to(6))
    assert len(lines) == 3
    (px, py), (cx, cy) = pos[0], pos[1]
    assert lines[0] == [(px, py + half), (px, py + half + tl.ELBOW), (cx, py + half + tl.ELBOW), (cx, cy - half)]
    assert tl.path_lines(tree, pos, [0, 4]) == []  # not parent and child
    assert len(tl.path_lines(tree, layout(tree, collapsed={4}), tree.path_to(6))) == 2  # 6 hidden


def test_bounds_hold_every_box_and_the_legend(car_tree):
    for tree in (mixed_tree(), car_tree):
        pos = layout(tree)
        left, top, width, height = tl.scene_bounds(pos, 1e6)
        lx, ly = tl.legend_position(pos)
        assert left <= lx - tl.MARGIN and top == ly - tl.MARGIN and left + width == pytest.approx(lx + 1e6 + tl.MARGIN)
        for x, y in pos.values():
            assert left < x - tl.NODE_WIDTH / 2 and x + tl.NODE_WIDTH / 2 < left + width
            assert top < y - tl.NODE_HEIGHT / 2 - tl.LABEL_HEIGHT and y + tl.NODE_HEIGHT / 2 < top + height
        narrow = tl.scene_bounds(pos, 10.0)
        assert narrow[2] == pytest.approx(max(x for x, _ in pos.values()) - min(x for x, _ in pos.values())
                                          + tl.NODE_WIDTH + 2 * tl.MARGIN)


def test_texts_come_from_the_describer():
    tree = mixed_tree()
    pos = layout(tree)
    incoming = tl.incoming_labels(tree, pos)
    assert 0 not in incoming
    for i in (0, 1, 2, 4):
        assert [incoming[c] for c in tree.nodes[i].children] == tl.edge_labels(tree, i)
    assert incoming[3] == "red" and incoming[10] == "middle"
    assert set(tl.incoming_labels(tree, layout(tree, collapsed={1}))) == {1, 2, 8, 9, 10}
    assert tl.detail_text(tree, 0) == "lo · n=20" and tl.detail_text(tree, 4) == "hi · n=7"
    assert tl.detail_text(tree, 9) == "n=5 · 100%" and tl.detail_text(tree, 6) == "n=2 · 50%"
    assert tl.detail_text(tree, 10) == "n=2"  # PENDING: no share
    assert tl.node_tooltip(tree, 6).splitlines() == [
        "node 6", "path: x: <= 2.5 → colour: {green, blue} → z (fuzzy): medium ~5", "label: lo",
        "weight: 2  (lo: 1, hi: 1)"]
    assert "test: x" in tl.node_tooltip(tree, 0) and "path" not in tl.node_tooltip(tree, 0)
    assert tl.class_shares(tree, 6) == [1.0, 1.0]
