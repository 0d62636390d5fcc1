"""TreeOverview: a minimap of the tree canvas, in the corner of its view.

The whole drawing (the canvas's scene rect) squeezed into a small box: one rectangle
per drawn node (a leaf in its class's colour, a split grey), no text, no edges, and
a frame around the part of the tree the canvas shows. A click or a drag in the
overview centres the canvas there. The picture is a numpy-filled image built only
when it is painted after a new layout (TreeCanvas.layout_changed); scrolling or
zooming (TreeCanvas.view_changed) only moves the frame, so a 20,000-leaf tree
costs a few milliseconds once per layout.

It sits on top of the canvas, in the bottom-right corner of its viewport, and hides
itself while the canvas shows the whole drawing (nothing to find then) or no tree.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QEvent, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen
from PySide6.QtWidgets import QWidget

from engine.tree.model import PENDING

from .tree_layout import NODE_HEIGHT, NODE_WIDTH
from .tree_style import HIGHLIGHT_COLOUR, NODE_BORDER, class_colour

__all__ = ["TreeOverview"]

BACKGROUND = QColor(255, 255, 255, 235)
BORDER = QColor("#90a4ae")
SPLIT_COLOUR = QColor("#78909c")
PENDING_COLOUR = QColor("#bdbdbd")
FRAME_COLOUR = HIGHLIGHT_COLOUR


def _argb(colour: QColor) -> int:
    return int(colour.rgba()) & 0xFFFFFFFF


class TreeOverview(QWidget):
    """A minimap of `canvas` (a TreeCanvas), placed over the corner of its viewport."""

    MAX_WIDTH = 240
    MAX_HEIGHT = 150
    MIN_HEIGHT = 48
    MARGIN = 10  # from the viewport's edges
    PAD = 4  # inside the border, around the picture

    def __init__(self, canvas, parent=None):
        super().__init__(parent if parent is not None else canvas)
        self.canvas = canvas
        self.auto_hide = True  # hidden while the canvas shows the whole drawing
        self._image: QImage | None = None
        self._dirty = True
        self._colours: tuple[object, np.ndarray] | None = None  # (tree, ARGB per node)
        self._view_rect = QRectF()
        self.setFocusPolicy(Qt.NoFocus)
        self.setCursor(Qt.PointingHandCursor)
        self.setToolTip(self.tr("Overview: click or drag to move the view"))
        self.setAttribute(Qt.WA_OpaquePaintEvent, False)
        canvas.layout_changed.connect(self._layout_changed)
        canvas.view_changed.connect(self._view_changed)
        canvas.viewport().installEventFilter(self)
        self._layout_changed()

    # ---- geometry ---------------------------------------------------------------------

    def scene_rect(self) -> QRectF:
        return self.canvas.sceneRect()

    def picture_rect(self) -> QRectF:
        """Where the scene is drawn, in the overview's coordinates."""
        return QRectF(self.PAD, self.PAD, max(1, self.width() - 2 * self.PAD), max(1, self.height() - 2 * self.PAD))

    def map_from_scene(self, point: QPointF) -> QPointF:
        scene, pic = self.scene_rect(), self.picture_rect()
        if scene.width() <= 0 or scene.height() <= 0:
            return QPointF(pic.center())
        return QPointF(pic.left() + (point.x() - scene.left()) * pic.width() / scene.width(),
                       pic.top() + (point.y() - scene.top()) * pic.height() / scene.height())

    def map_to_scene(self, point: QPointF) -> QPointF:
        scene, pic = self.scene_rect(), self.picture_rect()
        return QPointF(scene.left() + (point.x() - pic.left()) * scene.width() / pic.width(),
                       scene.top() + (point.y() - pic.top()) * scene.height() / pic.height())

    def view_rect(self) -> QRectF:
        """The part of the scene the canvas showed when the overview last heard of it."""
        return QRectF(self._view_rect)

    def frame_rect(self) -> QRectF:
        """The frame drawn for `view_rect`, in the overview's coordinates."""
        r = self._view_rect
        return QRectF(self.map_from_scene(r.topLeft()), self.map_from_scene(r.bottomRight()))

    def _place(self) -> None:
        """Size to the scene's shape (each axis squeezed on its own when the tree is very wide
        or very deep) and sit in the bottom-right corner of the canvas's viewport."""
        scene = self.scene_rect()
        w = self.MAX_WIDTH
        aspect = scene.height() / scene.width() if scene.width() > 0 else 0.5
        h = int(min(max(w * aspect, self.MIN_HEIGHT), self.MAX_HEIGHT))
        if w * aspect > self.MAX_HEIGHT:  # a deep, narrow tree: narrower box
            w = int(max(self.MAX_HEIGHT / aspect, self.MIN_HEIGHT * 2))
        view = self.canvas.viewport().geometry()
        w, h = min(w, max(view.width() - 2 * self.MARGIN, 20)), min(h, max(view.height() - 2 * self.MARGIN, 20))
        if (w, h) != (self.width(), self.height()):
            self.resize(w, h)
            self._dirty = True
        self.move(view.right() + 1 - self.MARGIN - w, view.bottom() + 1 - self.MARGIN - h)
        self.raise_()

    def _update_visibility(self) -> None:
        canvas = self.canvas
        tree = canvas.tree()
        show = tree is not None and bool(tree.nodes)
        if show and self.auto_hide:
            scene, seen = self.scene_rect(), self._view_rect
            show = not seen.adjusted(-1, -1, 1, 1).contains(scene)
        if show == self.isHidden():  # not isVisible(): that is False while the canvas's tab is hidden
            self.setVisible(show)

    # ---- listening to the canvas --------------------------------------------------------

    def _layout_changed(self) -> None:
        self._dirty = True
        self._view_rect = self.canvas.visible_scene_rect()
        self._place()
        self._update_visibility()
        self.update()

    def _view_changed(self) -> None:
        self._view_rect = self.canvas.visible_scene_rect()
        self._update_visibility()
        if not self.isHidden():
            self.update()

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Resize and watched is self.canvas.viewport():
            self._place()
            self._view_changed()
        return False

    # ---- the picture ------------------------------------------------------------------

    def _node_colours(self, tree) -> np.ndarray:
        """ARGB per node of the tree: a leaf's class colour, grey for a split (cached per tree)."""
        if self._colours is not None and self._colours[0] is tree and len(self._colours[1]) == len(tree.nodes):
            return self._colours[1]
        split, pending = _argb(SPLIT_COLOUR), _argb(PENDING_COLOUR)
        classes = [_argb(class_colour(k, tree)) for k in range(tree.n_classes)]
        other = _argb(NODE_BORDER)
        n_classes = tree.n_classes
        colours = np.fromiter(
            (split if node.children else pending if node.label == PENDING else
             classes[node.label] if 0 <= node.label < n_classes else other for node in tree.nodes),
            dtype=np.uint32, count=len(tree.nodes))
        self._colours = (tree, colours)
        return colours

    def _render(self) -> QImage | None:
        """The nodes as rectangles on a transparent image the size of `picture_rect`."""
        self._dirty = False
        tree = self.canvas.tree()
        positions = self.canvas.positions()
        pic, scene = self.picture_rect(), self.scene_rect()
        w, h = int(pic.width()), int(pic.height())
        if tree is None or not positions or w < 1 or h < 1 or scene.width() <= 0 or scene.height() <= 0:
            return None
        ids = np.fromiter(positions.keys(), dtype=np.int64, count=len(positions))
        xy = np.array(list(positions.values()), dtype=float).reshape(-1, 2)
        sx, sy = w / scene.width(), h / scene.height()
        bw = max(1, int(round(NODE_WIDTH * sx)))
        bh = max(1, int(round(NODE_HEIGHT * sy)))
        x0 = np.clip(((xy[:, 0] - NODE_WIDTH / 2 - scene.left()) * sx).astype(np.int64), 0, max(w - bw, 0))
        y0 = np.clip(((xy[:, 1] - NODE_HEIGHT / 2 - scene.top()) * sy).astype(np.int64), 0, max(h - bh, 0))
        bw, bh = min(bw, w), min(bh, h)
        colours = self._node_colours(tree)[ids]
        pixels = np.zeros((h, w), dtype=np.uint32)
        if len(ids) <= 500:  # few nodes, maybe big boxes: one slice each
            for x, y, c in zip(x0.tolist(), y0.tolist(), colours.tolist()):
                pixels[y:y + bh, x:x + bw] = c
        else:  # many nodes, so small boxes: one pass per pixel of a box
            for dy in range(bh):
                for dx in range(bw):
                    pixels[y0 + dy, x0 + dx] = colours
        self._pixels = pixels  # the image shares its memory
        return QImage(pixels.data, w, h, 4 * w, QImage.Format_ARGB32)

    def paintEvent(self, event) -> None:
        if self._dirty:
            self._image = self._render()
        painter = QPainter(self)
        painter.setPen(QPen(BORDER, 1))
        painter.setBrush(BACKGROUND)
        painter.drawRect(QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5))
        pic = self.picture_rect()
        if self._image is not None:
            painter.drawImage(pic.topLeft(), self._image)
        frame = self.frame_rect().intersected(QRectF(self.rect()).adjusted(1, 1, -1, -1))
        if not frame.isEmpty() or self._view_rect.isValid():
            if frame.width() < 3:  # still findable when the view is a sliver of a huge tree
                frame.adjust(-(3 - frame.width()) / 2, 0, (3 - frame.width()) / 2, 0)
            if frame.height() < 3:
                frame.adjust(0, -(3 - frame.height()) / 2, 0, (3 - frame.height()) / 2)
            fill = QColor(FRAME_COLOUR)
            fill.setAlpha(40)
            painter.setBrush(fill)
            painter.setPen(QPen(FRAME_COLOUR, 1.5))
            painter.drawRect(frame)
        painter.end()

    # ---- the mouse --------------------------------------------------------------------

    def _centre_at(self, pos: QPointF) -> None:
        pic = self.picture_rect()
        x = min(max(pos.x(), pic.left()), pic.right())
        y = min(max(pos.y(), pic.top()), pic.bottom())
        self.canvas.center_view_on(self.map_to_scene(QPointF(x, y)))

    def mousePressEvent(self, event) -> None:
        if event.button() == Qt.LeftButton:
            self._centre_at(event.position())
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event) -> None:
        if event.buttons() & Qt.LeftButton:
            self._centre_at(event.position())
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseDoubleClickEvent(self, event) -> None:
        event.accept()  # not the canvas's (it would collapse a node)

    def wheelEvent(self, event) -> None:
        event.accept()  # not the canvas's (it would zoom about a point of the overview)
