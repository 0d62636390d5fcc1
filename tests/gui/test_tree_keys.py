"""TreeCanvas keyboard navigation (the current node) and the overview (minimap), offscreen."""


import pytest
from PySide6.QtCore import QEvent, QPointF, QRectF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtTest import QTest

from app.widgets.tree_overview import TreeOverview
from tests.test_tree_layout import mixed_tree






@pytest.fixture
def overview(canvas):
    return TreeOverview(canvas)


def press(canvas, key):
    QTest.keyClick(canvas, key)


def visible(canvas) -> QRectF:
    return canvas.mapToScene(canvas.viewport().rect()).boundingRect()


def centre(canvas) -> QPointF:
    return canvas.mapToScene(canvas.viewport().rect().center())


# ---- keys ------------------------------------------------------------------------------

def test_arrow_keys_home_and_enter_move_the_current_node(canvas, qtbot):
    tree = mixed_tree()
    canvas.set_tree(tree)
    assert canvas.current_node is None
    root_kids = list(tree.nodes[0].children)
    first = root_kids[0]
    grandchild = tree.nodes[first].children[0]
    with qtbot.waitSignal(canvas.current_changed, timeout=1000) as blocker:
        press(canvas, Qt.Key_Home)
    assert blocker.args == [0] and canvas.current_node == 0
    assert canvas.node_item(0).selected
    press(canvas, Qt.Key_Up)  # the root has no parent
    assert canvas.current_node == 0
    press(canvas, Qt.Key_Down)
    assert canvas.current_node == first
    assert canvas.node_item(first).selected and not canvas.node_item(0).selected
    press(canvas, Qt.Key_Left)  # no previous sibling
    assert canvas.current_node == first
    press(canvas, Qt.Key_Right)
    assert canvas.current_node == root_kids[1]
    press(canvas, Qt.Key_Right)  # the last sibling stays
    assert canvas.current_node == root_kids[-1]
    press(canvas, Qt.Key_Left)
    assert canvas.current_node == first
    press(canvas, Qt.Key_Down)
    assert canvas.current_node == grandchild
    press(canvas, Qt.Key_Up)
    assert canvas.current_node == first == tree.nodes[grandchild].parent
    # Enter collapses the current node's subtree, and expands it again
    press(canvas, Qt.Key_Return)
    assert canvas.is_collapsed(first) and grandchild not in canvas.node_items()
    assert canvas.current_node == first
    press(canvas, Qt.Key_Enter)
    assert not canvas.is_collapsed(first) and grandchild in canvas.node_items()
    # Down below a collapsed node expands it
    canvas.set_collapsed(first)
    press(canvas, Qt.Key_Down)
    assert canvas.current_node == grandchild and grandchild in canvas.node_items()
    press(canvas, Qt.Key_Home)
    assert canvas.current_node == 0


def test_a_click_makes_a_box_current_and_the_keys_go_on_from_there(canvas, qtbot):
    tree = mixed_tree()
    canvas.set_tree(tree)
    leaf = next(i for i in tree.reachable() if tree.nodes[i].is_leaf and tree.nodes[i].parent > 0)
    point = canvas.mapFromScene(canvas.node_item(leaf).scenePos())
    with qtbot.waitSignal(canvas.current_changed, timeout=1000) as blocker:
        QTest.mouseClick(canvas.viewport(), Qt.LeftButton, Qt.NoModifier, point)
    assert blocker.args == [leaf] and canvas.current_node == leaf
    press(canvas, Qt.Key_Up)
    assert canvas.current_node == tree.nodes[leaf].parent


def test_down_past_the_depth_limit_shows_the_child(canvas, car_tree):
    canvas.set_tree(car_tree)
    canvas.set_max_depth(1)
    kids = list(car_tree.nodes[0].children)
    splits = [k for k, c in enumerate(kids) if car_tree.nodes[c].children]
    assert splits, "the demo tree has a split below the root"
    k = splits[0]
    child = kids[k]
    grandchild = car_tree.nodes[child].children[0]
    assert grandchild not in canvas.node_items() and canvas.is_cut(child)
    press(canvas, Qt.Key_Home)
    press(canvas, Qt.Key_Down)
    for _ in range(k):
        press(canvas, Qt.Key_Right)
    assert canvas.current_node == child
    press(canvas, Qt.Key_Down)
    assert canvas.current_node == grandchild
    assert canvas.node_item(grandchild) is not None and canvas.node_item(grandchild).selected
    assert canvas.max_depth() == 1  # the limit stays; the branch is opened
    # Enter on a node the limit cuts opens it too
    cut = next((c for c in car_tree.nodes[child].children if car_tree.nodes[c].children), None)
    if cut is not None:
        canvas.set_current(cut)
        assert canvas.is_cut(cut)
        press(canvas, Qt.Key_Return)
        assert car_tree.nodes[cut].children[0] in canvas.node_items()


def test_the_view_scrolls_to_keep_the_current_node_visible(canvas, car_tree):
    canvas.set_tree(car_tree)
    canvas.reset_zoom()
    canvas.zoom_in()
    canvas.centerOn(canvas.node_item(0))
    press(canvas, Qt.Key_Home)
    moved_out_of_sight = 0
    steps = 0
    # to the deepest of the rightmost leaves, by keys: Down, then Right to the next node of its path,
    # level by level, and back Left along the last level
    leaves = [i for i in car_tree.reachable() if car_tree.nodes[i].is_leaf]
    path = car_tree.path_to(max(leaves, key=lambda i: (len(car_tree.path_to(i)), i)))
    keys = []
    for parent, child in zip(path, path[1:]):
        keys += [Qt.Key_Down] + [Qt.Key_Right] * list(car_tree.nodes[parent].children).index(child)
    keys += [Qt.Key_Left] * 3 + [Qt.Key_Up] * 2
    for key in keys:
        before = visible(canvas)
        target = canvas.key_target(key)
        if target is None:
            continue
        item = canvas.node_item(target)
        if item is None or not item.sceneBoundingRect().intersects(before):
            moved_out_of_sight += 1
        press(canvas, key)
        steps += 1
        assert canvas.current_node == target
        box = canvas.node_item(target).sceneBoundingRect()
        assert box.intersects(visible(canvas)), (key, target)
        assert visible(canvas).contains(box.center())
    assert steps >= 8
    assert moved_out_of_sight >= 1, "the walk never left the first screen: the test proves nothing"


def test_keys_without_a_tree_do_nothing(canvas):
    for key in (Qt.Key_Home, Qt.Key_Down, Qt.Key_Return):
        press(canvas, key)
    assert canvas.current_node is None


# ---- the overview ----------------------------------------------------------------------

def test_overview_click_and_drag_centre_the_main_view(canvas, overview, car_tree, qtbot):
    canvas.set_tree(car_tree)
    assert not overview.isVisible()  # the whole tree is in view: nothing to find
    canvas.reset_zoom()
    assert overview.isVisible()
    scene = canvas.sceneRect()
    target = QPointF(scene.left() + 0.7 * scene.width(), scene.center().y())
    # the target is far from the view's centre now
    assert abs(centre(canvas).x() - target.x()) > visible(canvas).width()
    point = overview.map_from_scene(target).toPoint()
    QTest.mouseClick(overview, Qt.LeftButton, Qt.NoModifier, point)
    per_pixel_x = scene.width() / overview.picture_rect().width()
    per_pixel_y = scene.height() / overview.picture_rect().height()
    c = centre(canvas)
    assert abs(c.x() - target.x()) <= 2 * per_pixel_x + 2
    expected_y = min(max(target.y(), scene.top() + visible(canvas).height() / 2),
                     scene.bottom() - visible(canvas).height() / 2)  # the scroll range's limit
    assert abs(c.y() - expected_y) <= 2 * per_pixel_y + 2
    # a drag follows the mouse
    second = QPointF(scene.left() + 0.3 * scene.width(), scene.center().y())
    QTest.mousePress(overview, Qt.LeftButton, Qt.NoModifier, point)
    overview_point = overview.map_from_scene(second).toPoint()
    move = QMouseEvent(QEvent.MouseMove, QPointF(overview_point), overview.mapToGlobal(QPointF(overview_point)),
                       Qt.NoButton, Qt.LeftButton, Qt.NoModifier)
    overview.mouseMoveEvent(move)
    QTest.mouseRelease(overview, Qt.LeftButton, Qt.NoModifier, overview_point)
    assert abs(centre(canvas).x() - second.x()) <= 2 * per_pixel_x + 2


def test_overview_frame_follows_zoom_and_scroll(canvas, overview, car_tree, qtbot):
    canvas.set_tree(car_tree)
    canvas.reset_zoom()
    before = overview.view_rect()
    canvas.zoom_in()
    canvas.zoom_in()
    shown = visible(canvas)
    assert shown.width() < before.width() * 0.8  # the zoom did shrink the view
    got = overview.view_rect()
    for a, b in ((got.left(), shown.left()), (got.top(), shown.top()),
                 (got.width(), shown.width()), (got.height(), shown.height())):
        assert a == pytest.approx(b, abs=1.0)
    # the frame is that rect mapped into the picture
    scene, pic = canvas.sceneRect(), overview.picture_rect()
    frame = overview.frame_rect()
    assert frame.left() == pytest.approx(pic.left() + (shown.left() - scene.left()) * pic.width() / scene.width(), abs=0.5)
    assert frame.width() == pytest.approx(shown.width() * pic.width() / scene.width(), abs=0.5)
    # a scroll moves it too
    bar = canvas.horizontalScrollBar()
    bar.setValue(bar.value() + 300)
    assert overview.view_rect().left() == pytest.approx(visible(canvas).left(), abs=1.0)
    assert overview.view_rect().left() == pytest.approx(shown.left() + 300 / canvas.scale_factor(), abs=1.0)
    # the wheel zooms, and the frame follows
    canvas.zoom_out()
    assert overview.view_rect().width() == pytest.approx(visible(canvas).width(), abs=1.0)


def test_overview_draws_the_nodes_and_follows_a_new_tree(canvas, overview, car_tree):
    canvas.set_tree(car_tree)
    canvas.reset_zoom()
    image = overview.grab().toImage()
    frame = overview.frame_rect()
    # some pixels of the picture outside the frame are node colours (not the white background)
    coloured = 0
    pic = overview.picture_rect().toRect()
    for x in range(pic.left(), pic.right(), 2):
        for y in range(pic.top(), pic.bottom(), 2):
            if frame.contains(QPointF(x, y)):
                continue
            c = image.pixelColor(x, y)
            if c.saturation() > 60 or c.value() < 180:
                coloured += 1
    assert coloured > 20
    small = mixed_tree()
    canvas.set_tree(small)
    canvas.zoom_in()
    canvas.zoom_in()
    canvas.zoom_in()
    assert overview.isVisible()
    assert overview.scene_rect() == canvas.sceneRect()
    # the picture is rebuilt for the new layout: the small tree's root is drawn where it maps to
    image = overview.grab().toImage()
    root = overview.map_from_scene(QPointF(*canvas.positions()[0])).toPoint()
    assert image.pixelColor(root).value() < 200  # a split's grey, not the background
    canvas.set_tree(None)
    assert not overview.isVisible()


def test_tree_panel_places_the_overview_in_the_canvas_corner(qtbot, car_tree):
    from app.main import TreePanel

    panel = TreePanel()
    qtbot.addWidget(panel)
    panel.resize(1200, 800)
    panel.show()
    qtbot.waitExposed(panel)
    panel.show_tree(car_tree)
    panel.canvas.set_max_depth(None)
    panel.canvas.reset_zoom()
    overview = panel.overview
    assert overview.parent() is panel.canvas and overview.isVisible()
    view = panel.canvas.viewport().geometry()
    geo = overview.geometry()
    assert view.contains(geo)
    assert view.right() - geo.right() <= 20 and view.bottom() - geo.bottom() <= 20
    assert geo.width() <= view.width() // 3


def test_the_line_below_the_tree_says_the_depth_the_user_chose(qtbot, car_tree):
    """The canvas first opens a big tree at a readable depth and says so; a depth limit chosen
    afterwards is said instead (not the stale "shown to depth N so that the boxes read")."""
    from app.main import TreePanel

    panel = TreePanel()
    qtbot.addWidget(panel)
    panel.resize(1200, 800)
    panel.show()
    qtbot.waitExposed(panel)
    panel.show_tree(car_tree)
    assert car_tree.depth > 3
    chosen = panel.depth.value()
    assert chosen and "so that the boxes read" in panel.rule.text()
    panel.depth.setValue(chosen - 1)
    text = panel.rule.text()
    assert f"depth {car_tree.depth}: shown to depth {chosen - 1};" in text and "so that the boxes read" not in text
    assert panel.canvas._max_depth == chosen - 1
    panel.depth.setValue(0)  # no limit: the whole tree, the plain line
    assert panel.rule.text() == f"{car_tree.n_leaves} leaves, depth {car_tree.depth}. Click a node to see its rule."
