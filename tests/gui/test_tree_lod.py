"""The tree canvas's level of detail: far away the boxes are blocks drawn by one GlyphLayer (no
NodeItem is painted), near they are full boxes with their text; a box too small to read has no
text; exports draw every text whatever the view's zoom (offscreen).

Speed is measured by tests/benchmarks/tree_view.py, not here."""

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsScene


from app.widgets import tree_layout as tl
from app.widgets import tree_style as ts
from app.widgets.tree_canvas import TreeCanvas
from app.widgets.tree_items import GLYPH_SCALE, GlyphLayer, NodeItem, node_item
from tests.test_tree_layout import mixed_tree




def text_pixels(image: QImage, rect: QRectF) -> int:
    """Dark pixels (the text colour, antialiased) inside `rect` of the image."""
    n = 0
    for y in range(int(rect.top()), int(rect.bottom())):
        for x in range(int(rect.left()), int(rect.right())):
            c = image.pixelColor(x, y)
            if c.red() < 140 and c.green() < 140 and c.blue() < 140:
                n += 1
    return n


def at_scale(canvas: TreeCanvas, scale: float, node: int = 0) -> None:
    canvas.reset_zoom()
    canvas._zoom_centred(scale)
    canvas.centerOn(canvas.node_item(node).pos())


def count_paints(monkeypatch) -> list[int]:
    calls = [0]
    paint = NodeItem.paint

    def counted(self, painter, option, widget=None):
        calls[0] += 1
        paint(self, painter, option, widget)

    monkeypatch.setattr(NodeItem, "paint", counted)
    return calls


def test_far_away_the_boxes_are_glyphs_and_near_full_boxes(canvas, monkeypatch):
    canvas.set_tree(mixed_tree())
    calls = count_paints(monkeypatch)
    glyph_paints = GlyphLayer.paints
    at_scale(canvas, GLYPH_SCALE / 2)
    assert not canvas.detailed()
    image = canvas.viewport().grab().toImage()
    assert calls[0] == 0 and GlyphLayer.paints > glyph_paints  # one item drew every box
    # the root (an ordinary split) is a grey block: no white fill, no text
    centre = canvas.mapFromScene(canvas.node_item(0).pos())
    assert image.pixelColor(centre.x(), centre.y()).name() == ts.GLYPH_SPLIT.name()
    # a leaf is a block of its class colour (leaf 3: class 0)
    leaf = canvas.mapFromScene(canvas.node_item(3).pos())
    assert image.pixelColor(leaf.x(), leaf.y()).name() == ts.CLASS_COLOURS[0]

    at_scale(canvas, 1.0)
    assert canvas.detailed()
    glyph_paints = GlyphLayer.paints
    image = canvas.viewport().grab().toImage()
    assert calls[0] > 0 and GlyphLayer.paints == glyph_paints
    centre = canvas.mapFromScene(canvas.node_item(0).pos())
    header = QRectF(centre.x() - 40, centre.y() - tl.NODE_HEIGHT / 2 + 5, 80, 14)
    assert text_pixels(image, header) > 15  # the split's text
    assert image.pixelColor(centre.x() - 70, centre.y() - 8).name() == ts.NODE_FILL.name()


def test_glyphs_follow_highlight_and_clicks_still_select(canvas, qtbot):
    canvas.set_tree(mixed_tree())
    at_scale(canvas, GLYPH_SCALE / 2)
    canvas.select_node(3)
    assert canvas._glyphs.colour_of(3).name() == ts.HIGHLIGHT_COLOUR.name()
    assert canvas._glyphs.colour_of(8).name() == ts.CLASS_COLOURS[0]
    assert canvas.node_at(canvas.mapFromScene(canvas.node_item(8).pos())) == 8  # from the layout
    canvas.clear_highlight()
    assert canvas._glyphs.colour_of(3).name() == ts.CLASS_COLOURS[0]


def render_item(item: NodeItem, scale: float) -> tuple[QImage, QRectF]:
    """One box drawn into an image at `scale`, and where its header line is in the image."""
    scene = QGraphicsScene()
    scene.addItem(item)
    source = item.sceneBoundingRect()
    image = QImage(int(source.width() * scale) + 1, int(source.height() * scale) + 1, QImage.Format_ARGB32)
    image.fill(QColor("#ffffff"))
    painter = QPainter(image)
    painter.setRenderHints(QPainter.Antialiasing | QPainter.TextAntialiasing)
    scene.render(painter, QRectF(0, 0, source.width() * scale, source.height() * scale), source,
                 Qt.IgnoreAspectRatio)
    painter.end()
    top = (-tl.NODE_HEIGHT / 2 - source.top() + 4) * scale
    left = (-tl.NODE_WIDTH / 2 + 30 - source.left()) * scale
    header = QRectF(left, top, (tl.NODE_WIDTH - 60) * scale, 16 * scale)
    scene.removeItem(item)
    return image, header


def test_a_box_too_small_to_read_has_no_text():
    tree = mixed_tree()
    item = node_item(tree, 0, "", "", [ts.class_colour(k) for k in range(tree.n_classes)])
    big, header = render_item(item, 1.0)
    assert text_pixels(big, header) > 15
    small, header = render_item(item, 0.45)  # text under 6 pixels: not drawn
    assert text_pixels(small, header) == 0


def test_export_draws_every_text_while_the_view_is_far_away(canvas, tmp_path):
    canvas.set_tree(mixed_tree())
    at_scale(canvas, GLYPH_SCALE / 2)
    assert not canvas.detailed()
    path = canvas.export_png(tmp_path / "tree.png")
    assert not canvas.detailed()  # the view is still drawn far away
    image = QImage(str(path))
    rect = canvas.scene().sceneRect()
    x, y = canvas.positions()[0]
    header = QRectF(x - 40 - rect.left(), y - tl.NODE_HEIGHT / 2 + 5 - rect.top(), 80, 14)
    assert text_pixels(image, header) > 15
    assert image.pixelColor(int(x - 70 - rect.left()), int(y - 8 - rect.top())).name() == ts.NODE_FILL.name()
    svg = canvas.export_svg(tmp_path / "tree.svg").read_text(encoding="utf-8")
    assert ">x<" in svg.replace(" ", "") or "x</text>" in svg
