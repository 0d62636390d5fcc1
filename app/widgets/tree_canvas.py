"""TreeCanvas: a decision tree drawn top-down on a QGraphicsView.

Every reachable node is a rounded box: the test (split attribute, or the linear
score of a trichotomy stage; the label for a leaf), the label name and weight,
and a bar of the class distribution (one colour per class, `CLASS_COLOURS`).
Branch edges are elbow lines labelled with their condition ("<= 2.5" / "> 2.5",
category names or sets, fuzzy terms, "low"/"high"/"middle" for trichotomy).
PENDING leaves (grey, hatched, dashed border), fuzzy and trichotomy nodes have
their own fill and border colours (module constants below).

The layout is a pure function, `layout(tree, collapsed, max_depth)`: the visible
leaves are spaced evenly from left to right in depth-first order and every
parent is centred over its first and last child, so boxes of one level never
overlap. A collapsed node (double-click) and a node at the depth limit are
drawn as leaves, with a "+" (collapsed) or "..." (depth limit) marker.

Mouse: wheel zooms under the pointer, dragging pans, a click selects a node
(`node_selected`, and the root-to-node path is highlighted), a double-click
collapses or expands a subtree. Nothing here computes anything about the data:
the canvas only reads the `Tree`.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import NamedTuple

from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QImage, QPainter, QPainterPath, QPen
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsScene, QGraphicsView, QToolTip

from engine.tree.describe import branch_labels, node_heading, path_steps, short_number
from engine.tree.model import FUZZY, PENDING, TRICHOTOMY, Tree



# ---- geometry (scene units = pixels at zoom 1) ---------------------------------

NODE_WIDTH = 156.0
NODE_HEIGHT = 62.0
H_GAP = 24.0  # between neighbouring boxes of one level
SLOT = NODE_WIDTH + H_GAP  # distance between neighbouring leaves
LEVEL_HEIGHT = NODE_HEIGHT + 60.0  # distance between levels (box centre to box centre)
ELBOW = 18.0  # the horizontal part of an edge, below the parent's box
LABEL_HEIGHT = 16.0  # the edge label above a child's box
MARGIN = 40.0

# ---- colours -------------------------------------------------------------------

CLASS_COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
                 "#bcbd22", "#17becf"]  # same order as app.plots.COLOURS, then two more
BACKGROUND = QColor("#ffffff")
TEXT_COLOUR = QColor("#212121")
EDGE_COLOUR = QColor("#90a4ae")
EDGE_TEXT_COLOUR = QColor("#37474f")
NODE_FILL = QColor("#ffffff")  # an ordinary split
NODE_BORDER = QColor("#37474f")  # ordinary splits and leaves
LEAF_NEUTRAL_FILL = QColor("#f5f5f5")  # a leaf whose label is not a class (hierarchy label)
PENDING_FILL = QColor("#d6d6d6")
PENDING_HATCH = QColor("#9e9e9e")
PENDING_BORDER = QColor("#616161")  # dashed
FUZZY_FILL = QColor("#f1e6fa")
FUZZY_BORDER = QColor("#7b1fa2")
TRICHOTOMY_FILL = QColor("#dff3f1")
TRICHOTOMY_BORDER = QColor("#00796b")
HIGHLIGHT_COLOUR = QColor("#f57c00")  # border of the nodes and the edges of a highlighted path
EMPTY_BAR = QColor("#eeeeee")

BORDER_WIDTH = 1.4
HIGHLIGHT_WIDTH = 3.5
SELECTED_WIDTH = 5.0


def class_colour(k: int) -> QColor:
    """The colour of class k (bars, leaf tint), the same everywhere in the app."""
    return QColor(CLASS_COLOURS[k % len(CLASS_COLOURS)])


def leaf_fill(k: int) -> QColor:
    """A leaf's fill: its class colour mixed with 82% white."""
    c = class_colour(k)
    mix = 0.82
    return QColor(round(c.red() + (255 - c.red()) * mix), round(c.green() + (255 - c.green()) * mix),
                  round(c.blue() + (255 - c.blue()) * mix))


class NodeStyle(NamedTuple):
    fill: QColor
    border: QColor
    dashed: bool = False
    hatched: bool = False


def node_style(tree: Tree, node_id: int) -> NodeStyle:
    node = tree.nodes[node_id]
    if node.kind == FUZZY:
        return NodeStyle(FUZZY_FILL, FUZZY_BORDER)
    if node.kind == TRICHOTOMY:
        return NodeStyle(TRICHOTOMY_FILL, TRICHOTOMY_BORDER)
    if node.is_leaf:
        if node.label == PENDING:
            return NodeStyle(PENDING_FILL, PENDING_BORDER, dashed=True, hatched=True)
        if 0 <= node.label < tree.n_classes:
            return NodeStyle(leaf_fill(node.label), NODE_BORDER)
        return NodeStyle(LEAF_NEUTRAL_FILL, NODE_BORDER)
    return NodeStyle(NODE_FILL, NODE_BORDER)


# ---- layout --------------------------------------------------------------------

def _opens(tree: Tree, node_id: int, depth: int, collapsed, max_depth: int | None) -> bool:
    """Are the children of this node drawn?"""
    return (bool(tree.nodes[node_id].children) and node_id not in collapsed
            and (max_depth is None or depth < max_depth))


def layout(tree: Tree, collapsed=frozenset(), max_depth: int | None = None) -> dict[int, tuple[float, float]]:
    """Box centres (x, y) of the visible nodes, in scene units.

    Visible: reachable from the root without passing below a collapsed node or
    deeper than `max_depth` (the root has depth 0; None: no limit). Visible
    leaves (and collapsed or depth-limited nodes) get x = SLOT * their left-to-right
    index; a parent is centred between its first and last child; y = LEVEL_HEIGHT
    * depth. Two boxes of one level are therefore at least SLOT apart.
    """
    if not tree.nodes:
        return {}
    collapsed = set(collapsed)
    depth = {0: 0}
    order, stack = [], [0]
    opened = set()
    while stack:
        i = stack.pop()
        order.append(i)
        if _opens(tree, i, depth[i], collapsed, max_depth):
            opened.add(i)
            for c in reversed(tree.nodes[i].children):
                depth[c] = depth[i] + 1
                stack.append(c)
    x: dict[int, float] = {}
    slot = 0
    for i in order:  # depth-first: the leaves from left to right
        if i not in opened:
            x[i] = slot * SLOT
            slot += 1
    for i in reversed(order):  # descendants before their ancestors
        if i in opened:
            kids = tree.nodes[i].children
            x[i] = (x[kids[0]] + x[kids[-1]]) / 2.0
    return {i: (x[i], depth[i] * LEVEL_HEIGHT) for i in order}


# ---- texts ---------------------------------------------------------------------

_num = short_number
edge_labels = branch_labels  # the condition on each branch, in child order (engine.tree.describe)


def _detail_text(tree: Tree, node_id: int) -> str:
    node = tree.nodes[node_id]
    w = node.weight
    if node.is_leaf:
        if 0 <= node.label < tree.n_classes and w > 0:
            return f"n={_num(w, 4)} · {100.0 * node.counts[node.label] / w:.0f}%"
        return f"n={_num(w, 4)}"
    return f"{tree.label_name(node.label)} · n={_num(w, 4)}"


def node_tooltip(tree: Tree, node_id: int) -> str:
    """Several lines: the path of conditions, the label, and the class weights."""
    node = tree.nodes[node_id]
    steps = path_steps(tree, node_id)
    lines = [f"node {node_id}"]
    if steps:
        lines.append("path: " + " → ".join(steps))
    if not node.is_leaf:
        lines.append(f"test: {node_heading(tree, node_id)}")
    lines.append(f"label: {tree.label_name(node.label)}")
    lines.append("weight: " + _num(node.weight, 6) + "  (" + ", ".join(
        f"{name}: {_num(c, 4)}" for name, c in zip(tree.schema.classes, node.counts)) + ")")
    return "\n".join(lines)


# ---- items ---------------------------------------------------------------------

_FONTS: dict[str, QFont] = {}
_METRICS: dict[str, QFontMetricsF] = {}


def _font(name: str) -> QFont:
    if name not in _FONTS:
        font = QFont()
        font.setPixelSize({"header": 13, "detail": 11, "edge": 11, "legend": 12}[name])
        font.setBold(name == "header")
        _FONTS[name] = font
        _METRICS[name] = QFontMetricsF(font)
    return _FONTS[name]


def _metrics(name: str) -> QFontMetricsF:
    _font(name)
    return _METRICS[name]


BOX = QRectF(-NODE_WIDTH / 2, -NODE_HEIGHT / 2, NODE_WIDTH, NODE_HEIGHT)


class NodeItem(QGraphicsItem):
    """One node box (its position is the box centre) with the label of the edge leading into it."""

    def __init__(self, node_id: int, style: NodeStyle, header: str, detail: str, edge_label: str,
                 bar: list[tuple[QColor, float]], marker: str = ""):
        super().__init__()
        self.node_id = node_id
        self.style = style
        self.marker = marker  # "+" collapsed, "..." cut by the depth limit, "" otherwise
        self.edge_label = edge_label
        self.highlighted = False
        self.selected = False
        self._brush = QBrush(style.fill)
        self._pen = QPen(style.border, BORDER_WIDTH, Qt.DashLine if style.dashed else Qt.SolidLine)
        self._pen.setJoinStyle(Qt.RoundJoin)
        text_width = NODE_WIDTH - 12
        self.header = _metrics("header").elidedText(header, Qt.ElideRight, text_width)
        self.detail = _metrics("detail").elidedText(detail, Qt.ElideRight, text_width)
        self.full_header = header
        self._label_text = _metrics("edge").elidedText(edge_label, Qt.ElideRight, SLOT - 8) if edge_label else ""
        self._label_width = _metrics("edge").horizontalAdvance(self._label_text) + 8 if edge_label else 0.0
        self.bar = bar
        self.setAcceptedMouseButtons(Qt.NoButton)  # clicks are the canvas's (drag pans everywhere)

    # styles ---------------------------------------------------------------------

    def brush(self) -> QBrush:
        return self._brush

    def base_pen(self) -> QPen:
        return QPen(self._pen)

    def pen(self) -> QPen:
        """The border pen drawn now: the style's, or the highlight's."""
        if self.highlighted or self.selected:
            pen = QPen(HIGHLIGHT_COLOUR, SELECTED_WIDTH if self.selected else HIGHLIGHT_WIDTH)
            pen.setJoinStyle(Qt.RoundJoin)
            return pen
        return QPen(self._pen)

    def set_highlighted(self, on: bool, selected: bool = False) -> None:
        if on != self.highlighted or selected != self.selected:
            self.highlighted, self.selected = on, selected
            self.update()

    # QGraphicsItem ---------------------------------------------------------------

    def boundingRect(self) -> QRectF:
        pad = SELECTED_WIDTH
        top = -NODE_HEIGHT / 2 - LABEL_HEIGHT - 4 if self.edge_label else -NODE_HEIGHT / 2 - pad
        left = min(-NODE_WIDTH / 2, -self._label_width / 2) - pad
        return QRectF(left, top, -2 * left, NODE_HEIGHT / 2 + 12 + pad - top)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(BOX)
        return path

    def paint(self, painter: QPainter, option, widget=None) -> None:
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        pen = self.pen()
        if lod < 0.3:  # far away: a plain box with the distribution as its lower half
            if self.highlighted or self.selected:
                painter.setPen(pen)
            else:
                painter.setPen(QPen(self.style.border, 0))  # cosmetic: one pixel at any zoom
            painter.setBrush(self._brush)
            painter.drawRect(BOX)
            self._paint_bar(painter, QRectF(BOX.left(), 0.0, NODE_WIDTH, NODE_HEIGHT / 2), outline=False)
            return
        painter.setPen(pen)
        painter.setBrush(self._brush)
        painter.drawRoundedRect(BOX, 8, 8)
        if self.style.hatched:
            painter.setPen(Qt.NoPen)
            painter.setBrush(QBrush(PENDING_HATCH, Qt.BDiagPattern))
            painter.drawRoundedRect(BOX, 8, 8)
        self._paint_bar(painter, QRectF(BOX.left() + 8, BOX.bottom() - 17, NODE_WIDTH - 16, 9), outline=True)
        if self.marker:
            self._paint_marker(painter)
        if lod < 0.55:  # text would be unreadable
            return
        painter.setPen(TEXT_COLOUR)
        painter.setFont(_font("header"))
        painter.drawText(QRectF(BOX.left() + 6, BOX.top() + 4, NODE_WIDTH - 12, 18), Qt.AlignCenter, self.header)
        painter.setFont(_font("detail"))
        painter.drawText(QRectF(BOX.left() + 6, BOX.top() + 22, NODE_WIDTH - 12, 15), Qt.AlignCenter, self.detail)
        if self._label_text:
            rect = QRectF(-self._label_width / 2, BOX.top() - LABEL_HEIGHT - 3, self._label_width, LABEL_HEIGHT)
            painter.setPen(Qt.NoPen)
            painter.setBrush(QColor(255, 255, 255, 230))
            painter.drawRoundedRect(rect, 4, 4)
            painter.setPen(HIGHLIGHT_COLOUR.darker(130) if self.highlighted else EDGE_TEXT_COLOUR)
            painter.setFont(_font("edge"))
            painter.drawText(rect, Qt.AlignCenter, self._label_text)

    def _paint_bar(self, painter: QPainter, rect: QRectF, outline: bool) -> None:
        total = sum(f for _, f in self.bar)
        if total <= 0:
            painter.fillRect(rect, EMPTY_BAR)
        else:
            x = rect.left()
            for colour, f in self.bar:
                w = rect.width() * f / total
                if w > 0:
                    painter.fillRect(QRectF(x, rect.top(), w, rect.height()), colour)
                    x += w
        if outline:
            painter.setPen(QPen(QColor(0, 0, 0, 90), 0.8))
            painter.setBrush(Qt.NoBrush)
            painter.drawRect(rect)

    def _paint_marker(self, painter: QPainter) -> None:
        centre = QPointF(0.0, BOX.bottom())
        painter.setPen(QPen(self.style.border, 1.4))
        painter.setBrush(QColor("#ffffff"))
        painter.drawEllipse(centre, 8.0, 8.0)
        if self.marker == "+":
            painter.drawLine(QPointF(-4.5, centre.y()), QPointF(4.5, centre.y()))
            painter.drawLine(QPointF(0.0, centre.y() - 4.5), QPointF(0.0, centre.y() + 4.5))
        else:
            painter.setBrush(self.style.border)
            painter.setPen(Qt.NoPen)
            for dx in (-4.0, 0.0, 4.0):
                painter.drawEllipse(QPointF(dx, centre.y()), 1.3, 1.3)


class LegendItem(QGraphicsItem):
    """Class colours and names, in one row (top-left of the drawing)."""

    def __init__(self, classes: list[str]):
        super().__init__()
        m = _metrics("legend")
        self.entries = []
        x = 0.0
        for k, name in enumerate(classes):
            self.entries.append((x, class_colour(k), name))
            x += 18 + m.horizontalAdvance(name) + 16
        self.width = max(x - 16, 0.0)
        self.setAcceptedMouseButtons(Qt.NoButton)

    def boundingRect(self) -> QRectF:
        return QRectF(-2, -2, self.width + 4, 20)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setFont(_font("legend"))
        for x, colour, name in self.entries:
            painter.fillRect(QRectF(x, 2, 12, 12), colour)
            painter.setPen(TEXT_COLOUR)
            painter.drawText(QRectF(x + 17, 0, 1000, 16), Qt.AlignLeft | Qt.AlignVCenter, name)


# ---- the view ------------------------------------------------------------------

class TreeCanvas(QGraphicsView):
    """The tree on a zoomable, pannable canvas (see the module docstring)."""

    node_selected = Signal(int)

    ZOOM_STEP = 1.25
    MAX_SCALE = 8.0
    MIN_SCALE = 0.05  # lower still when the whole tree needs it (fit)
    CLICK_SLOP = 4  # pixels a press may move and still be a click

    def __init__(self, parent=None):
        super().__init__(parent)
        self._scene = QGraphicsScene(self)
        self._scene.setBackgroundBrush(BACKGROUND)
        self.setScene(self._scene)
        self.setRenderHints(QPainter.Antialiasing | QPainter.TextAntialiasing)
        self.setDragMode(QGraphicsView.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.AnchorViewCenter)
        self.setViewportUpdateMode(QGraphicsView.SmartViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.DontAdjustForAntialiasing, True)
        self._tree: Tree | None = None
        self._collapsed: set[int] = set()
        self._max_depth: int | None = None
        self._positions: dict[int, tuple[float, float]] = {}
        self._items: dict[int, NodeItem] = {}
        self._edges: QGraphicsPathItem | None = None
        self._highlight_edges: QGraphicsPathItem | None = None
        self._highlight: list[int] = []
        self._selected: int | None = None
        self._press: QPoint | None = None
        self._auto_fit = True

    # ---- content ----------------------------------------------------------------

    def tree(self) -> Tree | None:
        return self._tree

    def set_tree(self, tree: Tree | None) -> None:
        """Draw a new tree (None: nothing), all expanded, whole tree in view.

        The depth limit (`set_max_depth`) is a view setting and stays.
        """
        self._tree = tree
        self._collapsed = set()
        self._highlight = []
        self._selected = None
        self._rebuild()
        self.fit()

    def node_item(self, node_id: int) -> NodeItem | None:
        """The drawn box of a node (None when hidden)."""
        return self._items.get(node_id)

    def node_items(self) -> dict[int, NodeItem]:
        return dict(self._items)

    def positions(self) -> dict[int, tuple[float, float]]:
        """Box centres of the visible nodes (the current `layout`)."""
        return dict(self._positions)

    def _rebuild(self) -> None:
        self._scene.clear()
        self._items = {}
        self._edges = self._highlight_edges = None
        self._positions = {}
        tree = self._tree
        if tree is None or not tree.nodes:
            self._scene.setSceneRect(QRectF(0, 0, 1, 1))
            return
        pos = self._positions = layout(tree, self._collapsed, self._max_depth)
        n_classes = tree.n_classes
        colours = [class_colour(k) for k in range(n_classes)]
        incoming: dict[int, str] = {}
        edges = QPainterPath()
        half = NODE_HEIGHT / 2
        for i, (x, y) in pos.items():
            kids = tree.nodes[i].children
            if not kids or kids[0] not in pos:
                continue
            for child, text in zip(kids, edge_labels(tree, i)):
                incoming[child] = text
            elbow = y + half + ELBOW
            edges.moveTo(x, y + half)
            edges.lineTo(x, elbow)
            first, last = pos[kids[0]][0], pos[kids[-1]][0]
            if last != first:
                edges.moveTo(first, elbow)
                edges.lineTo(last, elbow)
            for c in kids:
                cx, cy = pos[c]
                edges.moveTo(cx, elbow)
                edges.lineTo(cx, cy - half)
        pen = QPen(EDGE_COLOUR, 1.3)
        pen.setCosmetic(True)
        self._edges = self._scene.addPath(edges, pen)
        self._edges.setZValue(0)
        self._edges.setAcceptedMouseButtons(Qt.NoButton)
        for i, (x, y) in pos.items():
            node = tree.nodes[i]
            marker = ""
            if node.children and node.children[0] not in pos:
                marker = "+" if i in self._collapsed else "..."
            bar = [(colours[k], float(c)) for k, c in enumerate(node.counts[:n_classes])]
            item = NodeItem(i, node_style(tree, i), node_heading(tree, i), _detail_text(tree, i), incoming.get(i, ""),
                            bar, marker)
            item.setPos(x, y)
            item.setZValue(2)
            self._scene.addItem(item)
            self._items[i] = item
        xs = [p[0] for p in pos.values()]
        ys = [p[1] for p in pos.values()]
        legend = LegendItem(list(tree.schema.classes))
        legend.setPos(min(xs) - NODE_WIDTH / 2, -half - LABEL_HEIGHT - 30)
        self._scene.addItem(legend)
        left = min(xs) - NODE_WIDTH / 2 - MARGIN
        right = max(max(xs) + NODE_WIDTH / 2, legend.x() + legend.width) + MARGIN
        top = legend.y() - MARGIN
        bottom = max(ys) + half + 12 + MARGIN
        self._scene.setSceneRect(QRectF(left, top, right - left, bottom - top))
        self._apply_highlight()

    def _relayout_keeping(self, node_id: int) -> None:
        """Rebuild and scroll so that `node_id` stays where it was on screen."""
        item = self._items.get(node_id)
        before = self.mapFromScene(item.pos()) if item is not None else None
        self._rebuild()
        item = self._items.get(node_id)
        if item is None or before is None:
            return
        s = self.transform().m11() or 1.0
        centre = QPointF(self.viewport().rect().center())
        offset = centre - QPointF(before)
        self.centerOn(item.pos() + QPointF(offset.x() / s, offset.y() / s))

    # ---- collapsing and depth ---------------------------------------------------------

    def collapsed(self) -> frozenset[int]:
        return frozenset(self._collapsed)

    def is_collapsed(self, node_id: int) -> bool:
        return node_id in self._collapsed

    def set_collapsed(self, node_id: int, collapsed: bool = True) -> None:
        """Collapse (draw as a leaf with '+') or expand the subtree of an internal node."""
        if self._tree is None or not self._tree.nodes[node_id].children:
            return
        if collapsed == (node_id in self._collapsed):
            return
        (self._collapsed.add if collapsed else self._collapsed.discard)(node_id)
        self._relayout_keeping(node_id)

    def toggle_collapsed(self, node_id: int) -> None:
        self.set_collapsed(node_id, node_id not in self._collapsed)

    def expand_all(self) -> None:
        if self._collapsed:
            self._collapsed.clear()
            self._rebuild()
            self.fit()

    def max_depth(self) -> int | None:
        return self._max_depth

    def set_max_depth(self, depth: int | None) -> None:
        """Show the nodes of depth <= `depth` only (root: 0; None: all), then fit."""
        if depth is not None:
            depth = max(int(depth), 0)
        if depth == self._max_depth:
            return
        self._max_depth = depth
        self._rebuild()
        self.fit()

    # ---- selection and highlighting ---------------------------------------------------

    def selected_node(self) -> int | None:
        return self._selected

    def highlighted_path(self) -> list[int]:
        return list(self._highlight)

    def select_node(self, node_id: int) -> None:
        """Select a node: highlight the path from the root to it and emit `node_selected`."""
        if self._tree is None or not 0 <= node_id < len(self._tree.nodes):
            return
        self._selected = node_id
        self.highlight_path(self._tree.path_to(node_id))
        self.node_selected.emit(node_id)

    def highlight_path(self, node_ids) -> None:
        """Highlight these nodes and the edges between consecutive ones (e.g. a root-to-node path).

        Hidden nodes (below a collapsed node or the depth limit) are skipped; the
        highlight survives collapsing and expanding.
        """
        self._highlight = [int(i) for i in node_ids]
        if self._selected is not None and self._selected not in self._highlight:
            self._selected = None
        self._apply_highlight()

    def clear_highlight(self) -> None:
        self._selected = None
        self.highlight_path([])

    def _apply_highlight(self) -> None:
        on = set(self._highlight)
        for i, item in self._items.items():
            item.set_highlighted(i in on, i == self._selected)
        if self._highlight_edges is not None:
            self._scene.removeItem(self._highlight_edges)
            self._highlight_edges = None
        if self._tree is None or len(self._highlight) < 2:
            return
        path = QPainterPath()
        half = NODE_HEIGHT / 2
        for parent, child in zip(self._highlight, self._highlight[1:]):
            if parent not in self._positions or child not in self._positions:
                continue
            if self._tree.nodes[child].parent != parent:
                continue
            (px, py), (cx, cy) = self._positions[parent], self._positions[child]
            elbow = py + half + ELBOW
            path.moveTo(px, py + half)
            path.lineTo(px, elbow)
            path.lineTo(cx, elbow)
            path.lineTo(cx, cy - half)
        pen = QPen(HIGHLIGHT_COLOUR, 3.0)
        pen.setCosmetic(True)
        self._highlight_edges = self._scene.addPath(path, pen)
        self._highlight_edges.setZValue(1)
        self._highlight_edges.setAcceptedMouseButtons(Qt.NoButton)

    # ---- zoom -------------------------------------------------------------------------

    def scale_factor(self) -> float:
        return self.transform().m11()

    def _fit_scale(self) -> float:
        rect = self._scene.sceneRect()
        view = self.viewport().rect()
        if rect.width() <= 0 or rect.height() <= 0 or view.width() <= 0:
            return 1.0
        return min(view.width() / rect.width(), view.height() / rect.height())

    def _zoom_by(self, factor: float) -> None:
        current = self.scale_factor()
        low = min(self.MIN_SCALE, 0.5 * self._fit_scale())
        target = min(max(current * factor, low), self.MAX_SCALE)
        if current > 0 and target != current:
            self.scale(target / current, target / current)
        self._auto_fit = False

    def zoom_in(self) -> None:
        self._zoom_centred(self.ZOOM_STEP)

    def zoom_out(self) -> None:
        self._zoom_centred(1.0 / self.ZOOM_STEP)

    def reset_zoom(self) -> None:
        """Scale 1 (text at its natural size)."""
        self._zoom_centred(1.0 / (self.scale_factor() or 1.0))

    def _zoom_centred(self, factor: float) -> None:
        anchor = self.transformationAnchor()
        self.setTransformationAnchor(QGraphicsView.AnchorViewCenter)
        self._zoom_by(factor)
        self.setTransformationAnchor(anchor)

    def fit(self) -> None:
        """Show the whole tree (never magnified beyond 1:1 for a small tree)."""
        rect = self._scene.sceneRect()
        if rect.width() <= 1 or rect.height() <= 1:
            self.resetTransform()
        else:
            self.fitInView(rect, Qt.KeepAspectRatio)
            if self.scale_factor() > 1.0:
                self.resetTransform()
                self.centerOn(rect.center())
        self._auto_fit = True

    def wheelEvent(self, event) -> None:
        delta = event.angleDelta().y() or event.pixelDelta().y()
        if not delta:
            event.ignore()
            return
        # one notch (120): x1.2; the scene point under the mouse stays under it
        mouse = event.position().toPoint()
        target = self.mapToScene(mouse)
        anchor = self.transformationAnchor()
        self.setTransformationAnchor(QGraphicsView.NoAnchor)
        self._zoom_by(1.0015 ** delta)
        self.setTransformationAnchor(anchor)
        shift = self.mapFromScene(target) - mouse
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + shift.x())
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() + shift.y())
        event.accept()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self._auto_fit:
            self.fit()

    # ---- mouse ------------------------------------------------------------------------

    def node_at(self, view_pos: QPoint) -> int | None:
        """The node whose box is at a viewport position."""
        for item in self.items(view_pos):
            if isinstance(item, NodeItem):
                return item.node_id
        return None

    def mousePressEvent(self, event) -> None:
        self._press = event.position().toPoint() if event.button() == Qt.LeftButton else None
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event) -> None:
        super().mouseReleaseEvent(event)
        press, self._press = self._press, None
        if press is None or event.button() != Qt.LeftButton:
            return
        pos = event.position().toPoint()
        if (pos - press).manhattanLength() <= self.CLICK_SLOP:
            node = self.node_at(pos)
            if node is not None:
                self.select_node(node)

    def mouseDoubleClickEvent(self, event) -> None:
        if event.button() == Qt.LeftButton:
            node = self.node_at(event.position().toPoint())
            if node is not None and self._tree is not None and self._tree.nodes[node].children:
                self.toggle_collapsed(node)
                event.accept()
                return
        super().mouseDoubleClickEvent(event)

    def viewportEvent(self, event) -> bool:
        if event.type() == QEvent.ToolTip and self._tree is not None:
            node = self.node_at(event.pos())
            if node is None:
                QToolTip.hideText()
            else:
                QToolTip.showText(event.globalPos(), node_tooltip(self._tree, node), self.viewport())
            return True
        return super().viewportEvent(event)

    # ---- export -----------------------------------------------------------------------

    def export_png(self, path, scale: float = 1.0, max_side: int = 8000) -> Path:
        """The whole tree as a PNG, at `scale` (smaller if a side would exceed `max_side` pixels)."""
        rect = self._scene.sceneRect()
        scale = min(scale, max_side / max(rect.width(), rect.height(), 1.0))
        size = QSize(max(1, math.ceil(rect.width() * scale)), max(1, math.ceil(rect.height() * scale)))
        image = QImage(size, QImage.Format_ARGB32_Premultiplied)
        image.fill(BACKGROUND)
        painter = QPainter(image)
        painter.setRenderHints(QPainter.Antialiasing | QPainter.TextAntialiasing)
        self._scene.render(painter, QRectF(0, 0, size.width(), size.height()), rect, Qt.IgnoreAspectRatio)
        painter.end()
        path = Path(path)
        if not image.save(str(path), "PNG"):
            raise OSError(f'could not write the image "{path}"')
        return path

    def export_svg(self, path) -> Path:
        """The whole tree as an SVG drawing (scene units as pixels)."""
        rect = self._scene.sceneRect()
        path = Path(path)
        size = QSize(max(1, math.ceil(rect.width())), max(1, math.ceil(rect.height())))
        generator = QSvgGenerator()
        generator.setFileName(str(path))
        generator.setSize(size)
        generator.setViewBox(QRectF(0, 0, size.width(), size.height()))
        generator.setTitle("Decision tree")
        generator.setDescription("Drawn by RuleTree Studio")
        painter = QPainter()
        if not painter.begin(generator):
            raise OSError(f'could not write the drawing "{path}"')
        painter.setRenderHints(QPainter.Antialiasing | QPainter.TextAntialiasing)
        self._scene.render(painter, QRectF(0, 0, size.width(), size.height()), rect, Qt.IgnoreAspectRatio)
        painter.end()
        if not path.is_file():
            raise OSError(f'could not write the drawing "{path}"')
        return path
