"""TreeCanvas: a decision tree drawn top-down on a zoomable, pannable QGraphicsView.

What goes where is computed without Qt (app.widgets.tree_layout: positions,
visibility, edges, markers, texts); the boxes, legend and lines are the items of
app.widgets.tree_items, coloured by app.widgets.tree_style. This module is the
widget: it keeps the view state (tree, collapsed nodes, depth limit, highlighted
path, selection), turns mouse and wheel into zoom, pan, selection and collapsing,
and exports the drawing as PNG or SVG.

Mouse: wheel zooms under the pointer, dragging pans, a click selects a node
(`node_selected`, and the root-to-node path is highlighted), a double-click
collapses or expands a subtree, or opens a node cut by the depth limit ("...")
one level further. Nothing here computes anything about the data: the canvas
only reads the `Tree`.

Keys (the current node is the selected one, `current_node`; `current_changed` says when
it changes): Up its parent, Down its first child (opening a collapsed node or one the
depth limit cuts, as `reveal` does), Left / Right the previous / next sibling, Home the
root, Enter / Return collapses or expands its subtree (or opens a node the depth limit
cuts); the view scrolls to keep the current node in sight. With no current node, any of
these keys makes the root current. `view_changed` is emitted when the part of the scene
shown changes (scroll, zoom, resize, a new layout), `layout_changed` after every new
layout (the overview, app.widgets.tree_overview, listens to both).

A case (`show_case`, one encoded row): in a crisp tree its path is highlighted;
in a fuzzy tree every branch of a node it reaches shows its membership in the
term, every node it reaches shows how strongly (the tree's t-norm of the
memberships along the path), its edges are drawn the wider the stronger, and
the nodes it does not reach are faded.
"""

from __future__ import annotations

import gc
import math
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QEvent, QPoint, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QImage, QPainter
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsScene, QGraphicsView, QToolTip

from engine.tree.model import Tree
from engine.trust.intervals import trust_tooltip

from .tree_items import (EDGE_Z, GLYPH_SCALE, HIGHLIGHT_Z, NODE_Z, GlyphLayer, LegendItem, NodeItem,
                         lines_item, node_item)
from .tree_layout import NODE_HEIGHT, NODE_WIDTH
from .tree_layout import (CaseView, case_number, case_tooltip_lines, case_value_text, case_view, cost_text,
                          cost_tooltip_lines, edge_labels, edge_lines, incoming_labels, incoming_texts, is_fuzzy, is_open, layout, legend_position, marker,
                          node_tooltip, path_lines, readable_depth, scene_bounds, third_line)
from .tree_style import (BACKGROUND, CASE_COLOUR, CASE_EDGE_WIDTHS, EDGE_COLOUR, EDGE_WIDTH, HIGHLIGHT_COLOUR,
                         HIGHLIGHT_EDGE_WIDTH, class_colour)

__all__ = ["TreeCanvas", "edge_labels", "layout"]

#: the view size a new tree's depth limit is chosen for before the canvas is on screen
PROVISIONAL_VIEW = (1360, 760)
# a fuzzy tree's "n" is not a number of cases (the legend's note; translated where drawn)
FUZZY_NOTE = QT_TRANSLATE_NOOP("TreeCanvas", "fuzzy tree: n = the training cases' memberships in the node, summed")


# ---- the view ------------------------------------------------------------------

class TreeCanvas(QGraphicsView):
    """The tree on a zoomable, pannable canvas (see the module docstring)."""

    node_selected = Signal(int)
    current_changed = Signal(int)  # the current (selected) node, -1: none
    view_changed = Signal()  # the visible part of the scene moved or was zoomed
    layout_changed = Signal()  # the boxes were laid out anew (a new tree, collapsing, depth)
    depth_chosen = Signal(int)  # a new tree opened at this depth limit (0: all levels), readable
    node_menu = Signal(int, QPoint)  # a right-click on a node (selected first), at this global position

    ZOOM_STEP = 1.25
    MAX_SCALE = 8.0
    MIN_SCALE = 0.05  # lower still when the whole tree needs it (fit)
    CLICK_SLOP = 4  # pixels a press may move and still be a click
    KEEP_VISIBLE_MARGIN = 40  # pixels kept around the current node when scrolling to it

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
        self._opened: set[int] = set()  # drilled into below the depth limit
        self._max_depth: int | None = None
        self._positions: dict[int, tuple[float, float]] = {}
        self._items: dict[int, NodeItem] = {}
        self._edges: QGraphicsPathItem | None = None
        # every box is a NodeItem; far away (view scale < GLYPH_SCALE) they are hidden and one
        # GlyphLayer draws all boxes as blocks instead (level of detail: no Python call per box)
        self._glyphs: GlyphLayer | None = None
        self._detailed = True
        self._highlight_edges: QGraphicsPathItem | None = None
        self._highlight: list[int] = []
        self._selected: int | None = None
        self._press: QPoint | None = None
        self._auto_fit = True
        self._case: CaseView | None = None
        self._case_x = None
        self._case_name = ""
        self._case_edges: list[QGraphicsPathItem] = []
        self._costs = None  # per node, engine.strategies.NodeCost: shown in the boxes (None: not shown)
        self._stability = None  # node id -> its split's stability share (issue 39; None: not shown)
        self._stability_tip = ""  # what the shares are, for the tooltip
        self._trust = None  # per leaf, engine.trust.intervals.LeafTrust: intervals shown (None: not shown)
        self._open_readable = False  # a new tree waits for a real viewport to choose its depth limit
        self._shown_rect = QRectF()  # the visible scene rect last announced by view_changed
        self.setFocusPolicy(Qt.StrongFocus)

    # ---- content ----------------------------------------------------------------

    def tree(self) -> Tree | None:
        return self._tree

    def set_tree(self, tree: Tree | None, readable: bool = False) -> None:
        """Draw a new tree (None: nothing), all expanded, whole tree in view.

        The depth limit (`set_max_depth`) is a view setting and stays; with `readable`, a new
        depth limit is chosen instead, the deepest at which the boxes' text reads when the view
        is fitted (`readable_depth`; deeper levels open on a double-click on "..."), once the
        view has its size (`depth_chosen` says which).
        """
        self._open_readable = readable and tree is not None
        if self._open_readable:  # never lay out a large tree whole first: a provisional limit now
            view = self.viewport()
            size = (view.width(), view.height()) if self._sane_view() else PROVISIONAL_VIEW
            self._max_depth = readable_depth(tree, *size)
        self._tree = tree
        self._collapsed = set()
        self._opened = set()
        self._highlight = []
        had_current, self._selected = self._selected is not None, None
        self._case = self._case_x = None
        self._case_name = ""
        self._costs = None
        self._stability = None
        self._trust = None
        self._rebuild(fitting=True)
        self.fit()
        if had_current:
            self.current_changed.emit(-1)
        if self._open_readable:
            self.depth_chosen.emit(self._max_depth or 0)  # provisional until the view has its size
        self._choose_readable_depth()

    def _sane_view(self) -> bool:
        view = self.viewport()
        return self.isVisible() and view.width() >= 200 and view.height() >= 150

    def _choose_readable_depth(self) -> None:
        if not self._open_readable or not self._sane_view():
            return  # not on screen yet: chosen at the first resize (a provisional limit meanwhile)
        self._open_readable = False
        view = self.viewport()
        depth = readable_depth(self._tree, view.width(), view.height())
        if depth != self._max_depth:
            self._max_depth = depth
            self._opened = set()
            self._rebuild(fitting=True)
            self.fit()
        self.depth_chosen.emit(depth or 0)

    def set_costs(self, costs) -> None:
        """Show in every box what a case pays there (`costs`: engine.costs.node_costs of
        the tree drawn), or nothing (None); the view stays where it is."""
        if costs is not None and (self._tree is None or len(costs) != len(self._tree.nodes)):
            raise ValueError("the costs are not the drawn tree's")
        if costs is self._costs:
            return
        self._costs = costs
        self._rebuild()

    def costs(self):
        return self._costs

    def set_stability(self, shares: dict[int, float] | None, tip: str = "") -> None:
        """Show each split's stability (node id -> share, engine.trust.stability) as a strip in its
        box, `tip` in its tooltip (what the share counts); None: not shown."""
        self._stability, self._stability_tip = (dict(shares), tip) if shares is not None else (None, "")
        for i, item in self._items.items():
            item.set_stability(None if self._stability is None else self._stability.get(i))

    def stability(self) -> dict[int, float] | None:
        return self._stability

    def set_trust(self, trust: dict | None) -> None:
        """Show in every leaf's box its confidence and interval, a flagged leaf marked (`trust`:
        engine.trust.intervals.tree_trust of the tree drawn), or nothing (None)."""
        if trust is self._trust:
            return
        self._trust = trust
        self._rebuild()

    def trust(self) -> dict | None:
        return self._trust

    def node_item(self, node_id: int) -> NodeItem | None:
        """The drawn box of a node (None when hidden)."""
        return self._items.get(node_id)

    def node_items(self) -> dict[int, NodeItem]:
        return dict(self._items)

    def positions(self) -> dict[int, tuple[float, float]]:
        """Box centres of the visible nodes (the current `layout`)."""
        return dict(self._positions)

    def _rebuild(self, fitting: bool = False) -> None:
        self._scene.clear()
        self._items = {}
        self._edges = self._highlight_edges = None
        self._glyphs = None
        self._case_edges = []
        self._positions = {}
        tree = self._tree
        if tree is None or not tree.nodes:
            self._scene.setSceneRect(QRectF(0, 0, 1, 1))
            self.layout_changed.emit()
            self._notify_view()
            return
        pos = self._positions = layout(tree, self._collapsed, self._max_depth, self._opened)
        self._edges = lines_item(edge_lines(tree, pos), EDGE_COLOUR, EDGE_WIDTH, EDGE_Z)
        self._scene.addItem(self._edges)
        colours = [class_colour(k, tree) for k in range(tree.n_classes)]
        incoming = incoming_labels(tree, pos)
        texts = incoming_texts(tree, pos) if is_fuzzy(tree) else {}  # crisp: the describer's labels
        legend = LegendItem(list(tree.schema.classes), colours,
                            QCoreApplication.translate("TreeCanvas", FUZZY_NOTE) if is_fuzzy(tree) else "")
        legend.setPos(*legend_position(pos))
        bounds = QRectF(*scene_bounds(pos, legend.width))
        # the boxes are made hidden when they will be drawn as blocks (far away), at the scale of
        # the view now, or the scale a fit will give (`fitting`: fit() follows)
        scale = min(self._fit_scale(bounds), 1.0) if fitting else self.scale_factor()
        self._detailed = detailed = scale >= GLYPH_SCALE
        gc_was_on = gc.isenabled()
        gc.disable()  # tens of thousands of new objects, no garbage: no collections meanwhile
        try:
            self._add_boxes(tree, pos, incoming, texts, colours, detailed)
        finally:
            if gc_was_on:
                gc.enable()
        self._glyphs = GlyphLayer.of_tree(tree, pos)
        self._glyphs.setZValue(NODE_Z)
        self._glyphs.setVisible(not detailed)
        self._scene.addItem(self._glyphs)
        self._scene.addItem(legend)
        self._scene.setSceneRect(bounds)
        self._apply_highlight()
        self._apply_case()
        self.layout_changed.emit()
        self._notify_view()

    def _add_boxes(self, tree, pos, incoming, texts, colours, detailed: bool) -> None:
        costs, collapsed, scene, trust = self._costs, self._collapsed, self._scene, self._trust
        for i, (x, y) in pos.items():
            third = cost_text(tree, i, costs[i]) if costs is not None else ""
            leaf = trust.get(i) if trust is not None else None
            item = node_item(tree, i, incoming.get(i, ""), marker(tree, i, pos, collapsed), colours,
                             texts.get(i), third_line(tree, i, third, leaf))
            item.flagged = leaf is not None and leaf.few_cases
            item.setPos(x, y)
            item.setZValue(NODE_Z)
            if not detailed:
                item.setVisible(False)
            if self._stability is not None and i in self._stability:
                item.stability = self._stability[i]
            scene.addItem(item)
            self._items[i] = item

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
            self._rebuild(fitting=True)
            self.fit()

    def is_cut(self, node_id: int) -> bool:
        """Is this node drawn with its children hidden by the depth limit ("...")?"""
        item = self._items.get(node_id)
        return item is not None and item.marker == "..."

    def opened(self) -> frozenset[int]:
        return frozenset(self._opened)

    def open_node(self, node_id: int) -> None:
        """Show the children of a node the depth limit cuts (drill into one branch)."""
        if self._tree is None or not self._tree.nodes[node_id].children or node_id in self._opened:
            return
        self._opened.add(node_id)
        self._collapsed.discard(node_id)
        self._relayout_keeping(node_id)

    def reveal(self, node_id: int) -> None:
        """Make a node visible (open every ancestor the depth limit cuts or that is collapsed) and
        scroll it to the middle of the view."""
        if self._tree is None or not 0 <= node_id < len(self._tree.nodes):
            return
        if node_id not in self._items:
            for ancestor in self._tree.path_to(node_id)[:-1]:
                self._opened.add(ancestor)
                self._collapsed.discard(ancestor)
            self._rebuild()
        item = self._items.get(node_id)
        if item is not None:
            self.centerOn(item)
            self._auto_fit = False
            self._notify_view()

    def max_depth(self) -> int | None:
        return self._max_depth

    def set_max_depth(self, depth: int | None) -> None:
        """Show the nodes of depth <= `depth` only (root: 0; None: all), then fit."""
        if depth is not None:
            depth = max(int(depth), 0)
        if depth == self._max_depth:
            return
        self._max_depth = depth
        self._rebuild(fitting=True)
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
        changed = node_id != self._selected
        self._selected = node_id
        self.highlight_path(self._tree.path_to(node_id))
        if changed:
            self.current_changed.emit(node_id)
        self.node_selected.emit(node_id)

    def highlight_path(self, node_ids) -> None:
        """Highlight these nodes and the edges between consecutive ones (e.g. a root-to-node path).

        Hidden nodes (below a collapsed node or the depth limit) are skipped; the
        highlight survives collapsing and expanding.
        """
        self._highlight = [int(i) for i in node_ids]
        if self._selected is not None and self._selected not in self._highlight:
            self._selected = None
            self.current_changed.emit(-1)
        self._apply_highlight()

    def clear_highlight(self) -> None:
        if self._selected is not None:
            self._selected = None
            self.current_changed.emit(-1)
        self.highlight_path([])

    # ---- the current node and the keys ---------------------------------------------------

    @property
    def current_node(self) -> int | None:
        """The current node (the selected one: keys move it, a click sets it), or None."""
        return self._selected

    def set_current(self, node_id: int) -> None:
        """Make a node current: show it (opening what hides it, keeping the view where it is),
        select it, and scroll just enough to have its box in view."""
        if self._tree is None or not 0 <= node_id < len(self._tree.nodes):
            return
        self._show_node(node_id)
        self.select_node(node_id)
        item = self._items.get(node_id)
        if item is not None:
            m = self.KEEP_VISIBLE_MARGIN
            self.ensureVisible(item.sceneBoundingRect(), m, m)
            self._auto_fit = False
            self._notify_view()

    def _show_node(self, node_id: int) -> None:
        """Open every ancestor that is collapsed or cut by the depth limit (as `reveal`), keeping
        the nearest drawn ancestor where it is on screen."""
        if node_id in self._items:
            return
        path = self._tree.path_to(node_id)
        anchor = next((a for a in reversed(path) if a in self._items), None)
        for ancestor in path[:-1]:
            self._opened.add(ancestor)
            self._collapsed.discard(ancestor)
        if anchor is None:
            self._rebuild()
        else:
            self._relayout_keeping(anchor)

    def _toggle_current(self, node_id: int) -> None:
        """Enter: open a node the depth limit cuts, else collapse or expand its subtree."""
        if not self._tree.nodes[node_id].children:
            return
        if self.is_cut(node_id):
            self.open_node(node_id)
        else:
            self.toggle_collapsed(node_id)
        item = self._items.get(node_id)
        if item is not None:
            m = self.KEEP_VISIBLE_MARGIN
            self.ensureVisible(item.sceneBoundingRect(), m, m)
            self._notify_view()

    def key_target(self, key) -> int | None:
        """The node a navigation key moves to from the current node (None: nowhere)."""
        tree = self._tree
        if tree is None or not tree.nodes:
            return None
        current = self._selected
        if current is None or key == Qt.Key_Home:
            return 0
        node = tree.nodes[current]
        if key == Qt.Key_Up:
            return node.parent if node.parent >= 0 else None
        if key == Qt.Key_Down:
            return node.children[0] if node.children else None
        if key in (Qt.Key_Left, Qt.Key_Right) and node.parent >= 0:
            siblings = list(tree.nodes[node.parent].children)
            k = siblings.index(current) + (1 if key == Qt.Key_Right else -1)
            return siblings[k] if 0 <= k < len(siblings) else None
        return None

    NAVIGATION_KEYS = (Qt.Key_Up, Qt.Key_Down, Qt.Key_Left, Qt.Key_Right, Qt.Key_Home)

    def keyPressEvent(self, event) -> None:
        key = event.key()
        if self._tree is None or not self._tree.nodes or event.modifiers() & (Qt.ControlModifier | Qt.AltModifier):
            super().keyPressEvent(event)
            return
        if key in self.NAVIGATION_KEYS:
            target = self.key_target(key)
            if target is not None:
                self.set_current(target)
            event.accept()
            return
        if key in (Qt.Key_Return, Qt.Key_Enter):
            if self._selected is None:
                self.set_current(0)
            else:
                self._toggle_current(self._selected)
            event.accept()
            return
        super().keyPressEvent(event)

    # ---- a case -------------------------------------------------------------------------

    def case_view(self) -> CaseView | None:
        """The case shown (tree_layout.CaseView), or None."""
        return self._case

    def show_case(self, x, missing: str = "stop", name: str = "") -> CaseView | None:
        """Show where one encoded case `x` goes (see the module docstring); `missing` is the
        model's missing-value policy, `name` how the tooltips call the case ("row 17")."""
        if self._tree is None or not self._tree.nodes:
            return None
        self._case = case_view(self._tree, x, missing)
        self._case_x, self._case_name = x, name
        if self._case.fuzzy:
            self._apply_case()
        else:  # a crisp tree: the case's path, as a consultation's
            self.highlight_path(self._case.path)
        return self._case

    def clear_case(self) -> None:
        case, self._case, self._case_x, self._case_name = self._case, None, None, ""
        if case is None:
            return
        if not case.fuzzy:
            if self._highlight == case.path:
                self.clear_highlight()
            return
        self._apply_case()

    def _apply_case(self) -> None:
        """Put the fuzzy case's numbers on the boxes and draw its edges (or take them away)."""
        for edges in self._case_edges:
            self._scene.removeItem(edges)
        self._case_edges = []
        case, tree = self._case, self._tree
        if case is None or not case.fuzzy or tree is None:
            for item in self._items.values():
                if item.case_strength is not None or item.case_membership is not None or item.dimmed:
                    item.clear_case()
            self._update_glyphs()
            return
        pos = self._positions
        for i, item in self._items.items():
            strength = case.strength.get(i)
            membership = case.membership.get(i)
            value = case_value_text(tree, i, self._case_x) if strength is not None and is_open(tree, i, pos) else ""
            item.set_case(strength, membership, value, dimmed=strength is None,
                          strength_text=self.tr("strength {strength}").format(strength=case_number(strength))
                          if strength is not None else "",
                          membership_text=case_number(membership) if membership is not None else "")
        low, high = CASE_EDGE_WIDTHS
        by_width: dict[float, list] = {}
        for child, strength in case.strength.items():
            parent = tree.nodes[child].parent
            if parent < 0 or child not in pos or parent not in pos:
                continue
            width = round((low + (high - low) * strength) * 2) / 2  # a few widths, one item each
            by_width.setdefault(width, []).extend(path_lines(tree, pos, [parent, child]))
        for width, lines in sorted(by_width.items()):
            item = lines_item(lines, CASE_COLOUR, width, HIGHLIGHT_Z)
            self._scene.addItem(item)
            self._case_edges.append(item)
        self._update_glyphs()

    def _update_glyphs(self) -> None:
        """The far-away blocks: highlighted and faded as the boxes are."""
        if self._glyphs is None:
            return
        case = self._case
        dimmed = [i for i in self._items if i not in case.strength] if case is not None and case.fuzzy else []
        self._glyphs.set_states([i for i in self._highlight if i in self._items], dimmed)

    def _apply_highlight(self) -> None:
        on = set(self._highlight)
        for i, item in self._items.items():
            if item.highlighted or item.selected or i in on or i == self._selected:
                item.set_highlighted(i in on, i == self._selected)
        self._update_glyphs()
        if self._highlight_edges is not None:
            self._scene.removeItem(self._highlight_edges)
            self._highlight_edges = None
        if self._tree is None or len(self._highlight) < 2:
            return
        lines = path_lines(self._tree, self._positions, self._highlight)
        self._highlight_edges = lines_item(lines, HIGHLIGHT_COLOUR, HIGHLIGHT_EDGE_WIDTH, HIGHLIGHT_Z)
        self._scene.addItem(self._highlight_edges)

    # ---- zoom -------------------------------------------------------------------------

    def scale_factor(self) -> float:
        return self.transform().m11()

    def visible_scene_rect(self) -> QRectF:
        """The part of the scene the viewport shows, in scene units."""
        return self.mapToScene(self.viewport().rect()).boundingRect()

    def center_view_on(self, point: QPointF) -> None:
        """Scroll so that this scene point is in the middle of the view (as far as the scene allows)."""
        self.centerOn(point)
        self._auto_fit = False
        self._notify_view()

    # ---- level of detail ----------------------------------------------------------------

    def detailed(self) -> bool:
        """Are the boxes drawn one by one (True), or as blocks by one item (far away: False)?"""
        return self._detailed

    def _sync_detail(self, scale: float | None = None) -> bool:
        """Draw the boxes one by one at `scale` (default: the view's) >= GLYPH_SCALE, else as
        blocks; returns the state before."""
        before = self._detailed
        detailed = (self.scale_factor() if scale is None else scale) >= GLYPH_SCALE
        if detailed != self._detailed and self._glyphs is not None:
            for item in self._items.values():
                item.setVisible(detailed)
            self._glyphs.setVisible(not detailed)
        self._detailed = detailed
        return before

    def paintEvent(self, event) -> None:
        self._sync_detail()  # whatever changed the transform (it is synced on zoom and fit already)
        super().paintEvent(event)

    def _notify_view(self) -> None:
        self._sync_detail()
        rect = self.visible_scene_rect()
        if rect != self._shown_rect:
            self._shown_rect = rect
            self.view_changed.emit()

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        super().scrollContentsBy(dx, dy)
        self._notify_view()

    def _fit_scale(self, rect: QRectF | None = None) -> float:
        rect = self._scene.sceneRect() if rect is None else rect
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
        self._notify_view()

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
        self._notify_view()

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
        self._notify_view()
        event.accept()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self._open_readable:
            self._choose_readable_depth()
        if self._auto_fit:
            self.fit()
        self._notify_view()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self._open_readable:
            self._choose_readable_depth()

    # ---- mouse ------------------------------------------------------------------------

    def node_at(self, view_pos: QPoint) -> int | None:
        """The node whose box is at a viewport position."""
        for item in self.items(view_pos):
            if isinstance(item, NodeItem):
                return item.node_id
        if not self._detailed and self._positions:  # boxes drawn as blocks: the layout says
            p = self.mapToScene(view_pos)
            hw, hh = NODE_WIDTH / 2, NODE_HEIGHT / 2
            for i, (x, y) in self._positions.items():
                if abs(p.x() - x) <= hw and abs(p.y() - y) <= hh:
                    return i
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

    def contextMenuEvent(self, event) -> None:
        node = self.node_at(event.pos())
        if node is None:
            super().contextMenuEvent(event)
            return
        self.select_node(node)
        self.node_menu.emit(node, event.globalPos())
        event.accept()

    def mouseDoubleClickEvent(self, event) -> None:
        if event.button() == Qt.LeftButton:
            node = self.node_at(event.position().toPoint())
            if node is not None and self._tree is not None and self._tree.nodes[node].children:
                if self.is_cut(node):
                    self.open_node(node)
                else:
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
                QToolTip.showText(event.globalPos(), self.tooltip(node), self.viewport())
            return True
        return super().viewportEvent(event)

    def tooltip(self, node_id: int) -> str:
        """A node's tooltip: its path, test, label and weights, and what the shown case does there."""
        text = node_tooltip(self._tree, node_id)
        if self.is_cut(node_id):
            text += "\n" + self.tr("(the depth limit hides its children: double-click to show them)")
        if is_fuzzy(self._tree):
            text += "\n" + self.tr("(n = the training cases' memberships in the node, summed)")
        if self._stability is not None and node_id in self._stability:
            text += "\n" + self.tr("stability: {share} ({what})").format(
                share=f"{100 * self._stability[node_id]:.0f} %", what=self._stability_tip)
        if self._costs is not None:
            text += "\n" + "\n".join(cost_tooltip_lines(self._tree, node_id, self._costs[node_id]))
        if self._trust is not None and node_id in self._trust:
            text += "\n" + trust_tooltip(self._trust[node_id])
        if self._case is not None:
            text += "\n" + "\n".join(case_tooltip_lines(self._tree, node_id, self._case, self._case_x,
                                                         self._case_name))
        return text.rstrip("\n")

    # ---- export -----------------------------------------------------------------------

    def _render_scene(self, painter: QPainter, target: QRectF, source: QRectF, scale: float) -> None:
        """Draw the scene for an export at `scale`, with the level of detail of that scale (not
        the view's: a zoomed-out view still exports every box's text at scale 1)."""
        self._sync_detail(scale)
        try:
            self._scene.render(painter, target, source, Qt.IgnoreAspectRatio)
        finally:
            self._sync_detail()  # back to the view's

    def export_png(self, path, scale: float = 1.0, max_side: int = 8000) -> Path:
        """The whole tree as a PNG, at `scale` (smaller if a side would exceed `max_side` pixels)."""
        rect = self._scene.sceneRect()
        scale = min(scale, max_side / max(rect.width(), rect.height(), 1.0))
        size = QSize(max(1, math.ceil(rect.width() * scale)), max(1, math.ceil(rect.height() * scale)))
        image = QImage(size, QImage.Format_ARGB32_Premultiplied)
        image.fill(BACKGROUND)
        painter = QPainter(image)
        painter.setRenderHints(QPainter.Antialiasing | QPainter.TextAntialiasing)
        self._render_scene(painter, QRectF(0, 0, size.width(), size.height()), rect, scale)
        painter.end()
        path = Path(path)
        if not image.save(str(path), "PNG"):
            raise OSError(self.tr('could not write the image "{path}"').format(path=path))
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
        generator.setTitle(self.tr("Decision tree"))
        generator.setDescription(self.tr("Drawn by RuleTree Studio"))
        painter = QPainter()
        if not painter.begin(generator):
            raise OSError(self.tr('could not write the drawing "{path}"').format(path=path))
        painter.setRenderHints(QPainter.Antialiasing | QPainter.TextAntialiasing)
        self._render_scene(painter, QRectF(0, 0, size.width(), size.height()), rect, 1.0)
        painter.end()
        if not path.is_file():
            raise OSError(self.tr('could not write the drawing "{path}"').format(path=path))
        return path
