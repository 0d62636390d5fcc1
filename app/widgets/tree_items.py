"""The things drawn on the tree canvas: node boxes, the class legend, edge lines.

A node box (`NodeItem`, positioned at its centre) shows the test (or a leaf's
label), the label and weight, a bar of the class distribution, the label of the
edge leading into it, and a "+" or "..." marker when its children are hidden.
With a case picked in a fuzzy tree it also shows the case's membership in the
edge leading into it (a badge beside the edge label), how strongly the case
reaches it (a third line), the case's value below a split, and it is faded when
the case does not reach it. Far away it is drawn as a plain box with the
distribution as its lower half.
Positions and texts come from app.widgets.tree_layout, colours and fonts from
app.widgets.tree_style.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem

from engine.tree.describe import node_heading
from engine.tree.model import Tree

from .tree_layout import LABEL_HEIGHT, NODE_HEIGHT, NODE_WIDTH, SLOT, Polyline, class_shares, detail_text
from .tree_style import (BORDER_WIDTH, CASE_COLOUR, CASE_TEXT_COLOUR, COST_TEXT_COLOUR, DIMMED_OPACITY, FLAG_COLOUR,
                         EDGE_TEXT_COLOUR, EMPTY_BAR, EXPERT_BORDER, EXPERT_BORDER_WIDTH, HIGHLIGHT_COLOUR,
                         HIGHLIGHT_WIDTH, LOCK_COLOUR, PENDING_HATCH, SELECTED_WIDTH, TEXT_COLOUR, ZERO_BADGE, NodeStyle,
                         class_colour, font, glyph_colour, metrics, node_style)
from .tree_style import NODE_BORDER as NODE_BORDER_GLYPH

_TOOLS: dict[tuple, tuple[QBrush, QPen]] = {}


def _style_tools(style: NodeStyle) -> tuple[QBrush, QPen]:
    """The brush and border pen of a node style (made once per style)."""
    key = (style.fill.rgba(), style.border.rgba(), style.dashed, style.expert)
    tools = _TOOLS.get(key)
    if tools is None:
        pen = QPen(style.border, EXPERT_BORDER_WIDTH if style.expert else BORDER_WIDTH,
                   Qt.DashLine if style.dashed else Qt.SolidLine)
        pen.setJoinStyle(Qt.RoundJoin)
        tools = _TOOLS[key] = (QBrush(style.fill), pen)
    return tools


#: the stability strip (issue 39): its track, and its fill at or above one half and below
STABILITY_TRACK = QColor(0, 0, 0, 40)
STABILITY_HIGH = QColor("#2e7d32")
STABILITY_LOW = QColor("#e08a00")
BOX = QRectF(-NODE_WIDTH / 2, -NODE_HEIGHT / 2, NODE_WIDTH, NODE_HEIGHT)
NODE_Z, HIGHLIGHT_Z, EDGE_Z = 2, 1, 0
VALUE_HEIGHT = 14.0  # a case's value below a split (above the children's elbow)


class NodeItem(QGraphicsItem):
    """One node box (its position is the box centre) with the label of the edge leading into it.

    `edge_label` is the branch's condition as the engine's describer writes it (as rules and
    the consultation do); `edge_text` is what is drawn, the same except on a numeric fuzzy
    term, which also says where it peaks (tree_layout.term_texts).
    """

    def __init__(self, node_id: int, style: NodeStyle, header, detail, edge_label: str,
                 bar, marker: str = "", edge_text: str | None = None,
                 cost_text="", parent: QGraphicsItem | None = None):
        super().__init__(parent)
        self.node_id = node_id
        self.style = style
        self.marker = marker  # "+" collapsed, "..." cut by the depth limit, "" otherwise
        self.edge_label = edge_label
        self.edge_text = edge_label if edge_text is None else edge_text
        # a picked case (fuzzy trees): its membership in the edge into this node, how strongly
        # it reaches the node (None: no case shown here), its value of the tested attribute
        self.case_membership: float | None = None
        self.case_strength: float | None = None
        self.membership_text = ""
        self.strength_text = ""
        self.value_text = ""
        self.dimmed = False
        # the split's stability (issue 39: the share of bootstrap models making it here), drawn as a
        # strip along the box's top edge; None: not shown
        self.stability: float | None = None
        # a leaf flagged "few cases" (engine.trust.intervals), shown with the intervals: a warning
        # triangle in its top-left corner, its interval line in the flag's colour
        self.flagged = False
        self._badge_width = 0.0
        self.highlighted = False
        self.selected = False
        # the texts and the bar may be given as functions: measured and elided when first
        # needed (a 20k-leaf tree makes 39k boxes, most never drawn with their text)
        self._raw = (header, detail, cost_text, bar)
        self._texts: tuple[str, str, str, str] | None = None
        self._bar = None
        self._label: tuple[str, float] | None = None  # the drawn edge text and its width
        self._bounds: QRectF | None = None
        self.setAcceptedMouseButtons(Qt.NoButton)  # clicks are the canvas's (drag pans everywhere)

    # texts, measured lazily ------------------------------------------------------------

    def _text_lines(self) -> tuple[str, str, str, str]:
        if self._texts is None:
            header, detail, cost, _ = (v() if callable(v) else v for v in self._raw)
            width = NODE_WIDTH - 12
            self._texts = (metrics("header").elidedText(header, Qt.ElideRight, width),
                           metrics("detail").elidedText(detail, Qt.ElideRight, width), header,
                           # what a case pays at this node (the Tree tab's "costs" box); drawn as
                           # a third line unless a picked case's strength is shown there
                           metrics("detail").elidedText(cost, Qt.ElideRight, width) if cost else "")
        return self._texts

    @property
    def header(self) -> str:
        return self._text_lines()[0]

    @property
    def detail(self) -> str:
        return self._text_lines()[1]

    @property
    def full_header(self) -> str:
        return self._text_lines()[2]

    @property
    def cost_text(self) -> str:
        if self._texts is None and not self._raw[2]:
            return ""
        return self._text_lines()[3]

    @property
    def bar(self) -> list[tuple[QColor, float]]:
        if self._bar is None:
            bar = self._raw[3]
            self._bar = list(bar() if callable(bar) else bar)
        return self._bar

    def _edge_label(self) -> tuple[str, float]:
        """The drawn edge text, shortened to leave room for the membership badge in one slot, and its width."""
        if self._label is None:
            room = SLOT - 8 - (self._badge_width + 3 if self._badge_width else 0)
            text = self.edge_text
            label = metrics("edge").elidedText(text, Qt.ElideRight, room) if text else ""
            self._label = (label, metrics("edge").horizontalAdvance(label) + 8 if text else 0.0)
        return self._label

    @property
    def _label_text(self) -> str:
        return self._edge_label()[0]

    @property
    def _label_width(self) -> float:
        return self._edge_label()[1]

    def _elide_edge_text(self) -> None:
        self._label = None
        self._bounds = None

    # a picked case ----------------------------------------------------------------

    def set_case(self, strength: float | None = None, membership: float | None = None, value_text: str = "",
                 dimmed: bool = False, strength_text: str = "", membership_text: str = "") -> None:
        """Show a case here: how strongly it reaches the node (None: not shown), its membership
        in the edge into the node (None: none shown), its value of the node's attribute (drawn
        below an open split), faded when it does not reach the node. No arguments: no case."""
        self.prepareGeometryChange()
        self.case_strength, self.case_membership = strength, membership
        self.strength_text = strength_text if strength is not None else ""
        self.membership_text = membership_text if membership is not None else ""
        self.value_text = value_text
        self.dimmed = dimmed
        self.setOpacity(DIMMED_OPACITY if dimmed else 1.0)
        self._badge_width = metrics("badge").horizontalAdvance(self.membership_text) + 10 \
            if self.membership_text else 0.0
        self._elide_edge_text()
        self.update()

    def clear_case(self) -> None:
        self.set_case()

    def set_stability(self, share: float | None) -> None:
        """Show the split's stability (0..1) as a strip along the top of the box (None: none)."""
        if share != self.stability:
            self.stability = share
            self.update()

    def _paint_stability(self, painter: QPainter) -> None:
        """A track across the top of the box, filled to the share: dark when the split comes back
        in most models, amber below one half."""
        track = QRectF(BOX.left() + 20, BOX.top() + 2.5, NODE_WIDTH - 44, 4)
        painter.setPen(Qt.NoPen)
        painter.setBrush(STABILITY_TRACK)
        painter.drawRect(track)
        share = min(max(float(self.stability), 0.0), 1.0)
        if share > 0:
            painter.setBrush(STABILITY_HIGH if share >= 0.5 else STABILITY_LOW)
            painter.drawRect(QRectF(track.left(), track.top(), track.width() * share, track.height()))

    def _edge_group_width(self) -> float:
        """The edge label and the membership badge side by side."""
        return self._label_width + (self._badge_width + 3 if self._badge_width else 0.0)

    # styles ---------------------------------------------------------------------

    @property
    def _brush(self) -> QBrush:
        return _style_tools(self.style)[0]

    @property
    def _pen(self) -> QPen:
        return _style_tools(self.style)[1]

    def brush(self) -> QBrush:
        return QBrush(self._brush)

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
        if self._bounds is None:
            self._bounds = self._bounding_rect()
        return self._bounds

    def _bounding_rect(self) -> QRectF:
        pad = SELECTED_WIDTH
        if not self._badge_width:  # no need to measure the edge label: it is elided to fit in a slot
            labelled = bool(self.edge_text)
            group = SLOT if labelled else 0.0
        else:
            labelled = True
            group = self._edge_group_width()
        top = -NODE_HEIGHT / 2 - LABEL_HEIGHT - 4 if labelled else -NODE_HEIGHT / 2 - pad
        half = max(NODE_WIDTH / 2, group / 2) + pad
        bottom = NODE_HEIGHT / 2 + 12 + pad
        right = half
        if self.value_text:  # below the box, right of the stem
            bottom = max(bottom, NODE_HEIGHT / 2 + VALUE_HEIGHT + 4)
            right = max(right, 6 + metrics("case").horizontalAdvance(self.value_text) + pad)
        return QRectF(-half, top, half + right, bottom - top)

    def _paint_expert(self, painter: QPainter) -> None:
        """A diamond in the box's top-left corner: a node the expert made (seen under a highlight too)."""
        x, y, r = BOX.left() + 10, BOX.top() + 10, 5.0
        diamond = QPainterPath()
        diamond.moveTo(x, y - r)
        diamond.lineTo(x + r, y)
        diamond.lineTo(x, y + r)
        diamond.lineTo(x - r, y)
        diamond.closeSubpath()
        painter.setPen(Qt.NoPen)
        painter.setBrush(EXPERT_BORDER)
        painter.drawPath(diamond)

    def _paint_lock(self, painter: QPainter) -> None:
        """A padlock in the box's top-right corner: a locked node (engine.edits)."""
        x, y = BOX.right() - 16, BOX.top() + 9
        painter.setPen(QPen(LOCK_COLOUR, 1.6))
        painter.setBrush(Qt.NoBrush)
        painter.drawArc(QRectF(x + 1.5, y - 5, 7, 9), 0, 180 * 16)
        painter.setBrush(LOCK_COLOUR)
        painter.drawRect(QRectF(x, y, 10, 7))

    def _paint_flag(self, painter: QPainter) -> None:
        """A warning triangle with "!" in the box's top-left corner: a leaf of too few cases."""
        x, y = BOX.left() + 5, BOX.top() + 4
        triangle = QPainterPath(QPointF(x + 6, y))
        triangle.lineTo(x + 12, y + 11)
        triangle.lineTo(x, y + 11)
        triangle.closeSubpath()
        painter.setPen(Qt.NoPen)
        painter.setBrush(FLAG_COLOUR)
        painter.drawPath(triangle)
        painter.setPen(QPen(QColor("white"), 1.5))
        painter.drawLine(QPointF(x + 6, y + 3.5), QPointF(x + 6, y + 7))
        painter.drawPoint(QPointF(x + 6, y + 9))

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
        third = self.strength_text or self.cost_text
        bar = QRectF(BOX.left() + 8, BOX.bottom() - 13, NODE_WIDTH - 16, 6) if third else \
            QRectF(BOX.left() + 8, BOX.bottom() - 17, NODE_WIDTH - 16, 9)
        self._paint_bar(painter, bar, outline=True)
        if self.marker:
            self._paint_marker(painter)
        if self.style.locked:
            self._paint_lock(painter)
        if self.style.expert:
            self._paint_expert(painter)
        if self.stability is not None:
            self._paint_stability(painter)
        if self.flagged:
            self._paint_flag(painter)
        if lod < 0.55:  # text would be unreadable
            return
        painter.setPen(TEXT_COLOUR)
        painter.setFont(font("header"))
        width = NODE_WIDTH - 12
        if third:  # three lines: test or label, detail, the case's strength or the node's cost
            painter.drawText(QRectF(BOX.left() + 6, BOX.top() + 3, width, 17), Qt.AlignCenter, self.header)
            painter.setFont(font("detail"))
            painter.drawText(QRectF(BOX.left() + 6, BOX.top() + 19, width, 14), Qt.AlignCenter, self.detail)
            if self.strength_text:
                painter.setPen(CASE_TEXT_COLOUR)
                painter.setFont(font("case"))
                painter.drawText(QRectF(BOX.left() + 6, BOX.top() + 33, width, 14), Qt.AlignCenter,
                                 metrics("case").elidedText(self.strength_text, Qt.ElideRight, width))
            else:
                painter.setPen(FLAG_COLOUR if self.flagged else COST_TEXT_COLOUR)
                painter.drawText(QRectF(BOX.left() + 6, BOX.top() + 33, width, 14), Qt.AlignCenter, self.cost_text)
        else:
            painter.drawText(QRectF(BOX.left() + 6, BOX.top() + 4, width, 18), Qt.AlignCenter, self.header)
            painter.setFont(font("detail"))
            painter.drawText(QRectF(BOX.left() + 6, BOX.top() + 22, width, 15), Qt.AlignCenter, self.detail)
        left = -self._edge_group_width() / 2
        top = BOX.top() - LABEL_HEIGHT - 3
        if self._label_text:
            rect = QRectF(left, top, self._label_width, LABEL_HEIGHT)
            painter.setPen(Qt.NoPen)
            painter.setBrush(QColor(255, 255, 255, 230))
            opacity = painter.opacity()
            painter.setOpacity(1.0)  # a faded node's label still hides the edge line behind it
            painter.drawRoundedRect(rect, 4, 4)
            painter.setOpacity(opacity)
            painter.setPen(HIGHLIGHT_COLOUR.darker(130) if self.highlighted else EDGE_TEXT_COLOUR)
            painter.setFont(font("edge"))
            painter.drawText(rect, Qt.AlignCenter, self._label_text)
        if self._badge_width:  # the case's membership in this branch
            rect = QRectF(left + self._label_width + 3 if self._label_text else left, top, self._badge_width,
                          LABEL_HEIGHT)
            if self.case_membership:
                painter.setPen(Qt.NoPen)
                painter.setBrush(CASE_COLOUR)
            else:  # 0: the case does not go down this branch
                painter.setPen(QPen(ZERO_BADGE, 1.2))
                painter.setBrush(QColor("#ffffff"))
            painter.drawRoundedRect(rect, 7, 7)
            painter.setPen(QColor("#ffffff") if self.case_membership else EDGE_TEXT_COLOUR)
            painter.setFont(font("badge"))
            painter.drawText(rect, Qt.AlignCenter, self.membership_text)
        if self.value_text:  # the case's value of the tested attribute, beside the stem
            painter.setPen(CASE_TEXT_COLOUR)
            painter.setFont(font("case"))
            painter.drawText(QRectF(6, BOX.bottom() + 2, 400, VALUE_HEIGHT), Qt.AlignLeft | Qt.AlignVCenter,
                             self.value_text)

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


def node_item(tree: Tree, node_id: int, edge_label: str, marker: str, colours: list[QColor],
              edge_text: str | None = None, cost_text: str = "", parent: QGraphicsItem | None = None) -> NodeItem:
    """The box of one node (`colours`: one per class, shared by all boxes); its texts are
    written when first needed."""
    return NodeItem(node_id, node_style(tree, node_id), lambda: node_heading(tree, node_id),
                    lambda: detail_text(tree, node_id), edge_label,
                    lambda: list(zip(colours, class_shares(tree, node_id))), marker, edge_text, cost_text, parent)


class LegendItem(QGraphicsItem):
    """Class colours and names, in one row (top-left of the drawing), then an optional note
    (a fuzzy tree: what its "n" means)."""

    def __init__(self, classes: list[str], colours: list | None = None, note: str = ""):
        super().__init__()
        m = metrics("legend")
        self.entries = []
        x = 0.0
        for k, name in enumerate(classes):
            self.entries.append((x, colours[k] if colours is not None else class_colour(k), name))
            x += 18 + m.horizontalAdvance(name) + 16
        self.note = note
        self.note_x = x + 8
        if note:
            x = self.note_x + m.horizontalAdvance(note) + 16
        self.width = max(x - 16, 0.0)
        self.setAcceptedMouseButtons(Qt.NoButton)

    def boundingRect(self) -> QRectF:
        return QRectF(-2, -2, self.width + 4, 20)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setFont(font("legend"))
        for x, colour, name in self.entries:
            painter.fillRect(QRectF(x, 2, 12, 12), colour)
            painter.setPen(TEXT_COLOUR)
            painter.drawText(QRectF(x + 17, 0, 1000, 16), Qt.AlignLeft | Qt.AlignVCenter, name)
        if self.note:
            painter.setPen(EDGE_TEXT_COLOUR)
            painter.drawText(QRectF(self.note_x, 0, 2000, 16), Qt.AlignLeft | Qt.AlignVCenter, self.note)


def lines_item(lines: list[Polyline], colour: QColor, width: float, z: float) -> QGraphicsPathItem:
    """Polylines as one path item, drawn with a cosmetic pen (the same width at any zoom)."""
    path = QPainterPath()
    for points in lines:
        path.moveTo(*points[0])
        for point in points[1:]:
            path.lineTo(*point)
    pen = QPen(colour, width)
    pen.setCosmetic(True)
    item = QGraphicsPathItem(path)
    item.setPen(pen)
    item.setZValue(z)
    item.setAcceptedMouseButtons(Qt.NoButton)
    return item


# ---- far away: every box as a block, drawn by one item ----------------------------------------

#: below this view scale the boxes are drawn by one GlyphLayer instead of one NodeItem each
#: (a box is then at most 16 x 6 pixels: no text, no bar to read; 39k boxes in one paint call)
GLYPH_SCALE = 0.1


def _argb(colour: QColor) -> int:
    return colour.rgba() & 0xFFFFFFFF


def _faded(argb: np.ndarray, opacity: float) -> np.ndarray:
    """Colours drawn at `opacity` over white."""
    out = np.empty_like(argb)
    out[:] = 0xFF000000
    for shift in (0, 8, 16):
        c = (argb >> shift) & 0xFF
        out |= (np.round(c * opacity + 255 * (1 - opacity)).astype(np.uint32) & 0xFF) << shift
    return out


class GlyphLayer(QGraphicsItem):
    """Every box as a block of its glyph colour (tree_style.glyph_colour), rasterised with numpy
    at device resolution in one paint call: what the boxes look like when they are too small to
    read (the canvas shows this layer and hides the NodeItems below GLYPH_SCALE). Blocks of at
    least 4 x 4 pixels get a border; highlighted boxes are drawn in the highlight colour, faded
    ones (a case does not reach them) faded."""

    paints = 0  # how often a layer was painted (tests)

    def __init__(self, centres: np.ndarray, colours: np.ndarray, ids: np.ndarray):
        super().__init__()
        self.setFlag(QGraphicsItem.ItemUsesExtendedStyleOption, True)
        self.setAcceptedMouseButtons(Qt.NoButton)
        self._ids = ids
        self._row = {int(i): k for k, i in enumerate(ids.tolist())}
        self._x0 = centres[:, 0] - NODE_WIDTH / 2
        self._y0 = centres[:, 1] - NODE_HEIGHT / 2
        self._base = colours.astype(np.uint32)
        self._fill = self._base.copy()
        self._border = np.full(len(ids), _argb(NODE_BORDER_GLYPH), dtype=np.uint32)
        if len(ids):
            self._rect = QRectF(float(self._x0.min()), float(self._y0.min()),
                                float(self._x0.max() - self._x0.min()) + NODE_WIDTH,
                                float(self._y0.max() - self._y0.min()) + NODE_HEIGHT)
        else:
            self._rect = QRectF()

    @classmethod
    def of_tree(cls, tree: Tree, positions: dict[int, tuple[float, float]]) -> "GlyphLayer":
        ids = np.fromiter(positions.keys(), dtype=np.int64, count=len(positions))
        centres = np.array(list(positions.values()), dtype=float).reshape(-1, 2)
        cache: dict[tuple, int] = {}
        colours = np.empty(len(ids), dtype=np.uint32)
        n_classes = tree.n_classes
        for k, i in enumerate(ids.tolist()):
            node = tree.nodes[i]
            key = (node.kind, node.is_leaf, node.label if 0 <= node.label < n_classes or node.is_leaf else -1)
            c = cache.get(key)
            if c is None:
                c = cache[key] = _argb(glyph_colour(tree, i))
            colours[k] = c
        return cls(centres, colours, ids)

    def set_states(self, highlighted=(), dimmed=()) -> None:
        """Which boxes are highlighted (drawn in the highlight colour) and which faded."""
        fill = self._base.copy()
        border = np.full(len(fill), _argb(NODE_BORDER_GLYPH), dtype=np.uint32)
        rows = np.array([self._row[i] for i in dimmed if i in self._row], dtype=np.int64)
        if len(rows):
            fill[rows] = _faded(fill[rows], DIMMED_OPACITY)
            border[rows] = _faded(border[rows], DIMMED_OPACITY)
        rows = np.array([self._row[i] for i in highlighted if i in self._row], dtype=np.int64)
        if len(rows):
            fill[rows] = border[rows] = _argb(HIGHLIGHT_COLOUR)
        self._fill, self._border = fill, border
        self.update()

    def colour_of(self, node_id: int) -> QColor:
        """The fill drawn for a box now."""
        return QColor.fromRgba(int(self._fill[self._row[node_id]]))

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option, widget=None) -> None:
        GlyphLayer.paints += 1
        t = painter.worldTransform()
        if t.m12() or t.m21() or not len(self._ids):
            return  # never rotated or sheared here
        sx, sy, dx, dy = t.m11(), t.m22(), t.dx(), t.dy()
        area = t.mapRect(option.exposedRect.intersected(self._rect)).toAlignedRect()
        clip = painter.clipBoundingRect()
        if not clip.isEmpty():
            area = area.intersected(t.mapRect(clip).toAlignedRect())
        w, h = area.width(), area.height()
        if w <= 0 or h <= 0:
            return
        bw = max(1, int(round(NODE_WIDTH * sx)))
        bh = max(1, int(round(NODE_HEIGHT * sy)))
        x = np.floor(self._x0 * sx + dx).astype(np.int64) - area.left()
        y = np.floor(self._y0 * sy + dy).astype(np.int64) - area.top()
        seen = (x > -bw) & (x < w) & (y > -bh) & (y < h)
        if not seen.any():
            return
        x, y = x[seen], y[seen]
        fill, border = self._fill[seen], self._border[seen]
        pixels = np.zeros((h + 2 * bh, w + 2 * bw), dtype=np.uint32)  # a margin: no clipping per box
        x += bw
        y += bh
        framed = bw >= 4 and bh >= 4
        for j in range(bh):
            for i in range(bw):
                edge = framed and (j == 0 or i == 0 or j == bh - 1 or i == bw - 1)
                pixels[y + j, x + i] = border if edge else fill
        self._pixels = np.ascontiguousarray(pixels[bh:bh + h, bw:bw + w])  # the image shares its memory
        image = QImage(self._pixels.data, w, h, 4 * w, QImage.Format_ARGB32)
        painter.save()
        painter.resetTransform()
        painter.drawImage(area.topLeft(), image)
        painter.restore()
