"""How the tree canvas looks: colours, pen widths, fonts, and each node's fill and border.

One colour per class (`CLASS_COLOURS`, the bars and the leaf tint; ordered classes on a
sequential scale, `ORDERED_STOPS`); PENDING leaves
are grey, hatched, with a dashed border; fuzzy and trichotomy nodes have their own
fill and border. A case picked in a fuzzy tree is drawn in `CASE_COLOUR` (edges
wider the stronger it goes there), the nodes it does not reach faded. The node kind is read here for styling only; every text comes
from the engine's describer (app.widgets.tree_layout).
"""

from __future__ import annotations

from typing import NamedTuple

from PySide6.QtGui import QColor, QFont, QFontMetricsF

from engine.tree.model import FUZZY, PENDING, TRICHOTOMY, Tree

CLASS_COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
                 "#bcbd22", "#17becf"]  # same order as engine.plot.COLOURS, then two more
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
EXPERT_BORDER = QColor("#c2185b")  # a node the expert made (an edit: engine.edits), drawn wider
LOCK_COLOUR = QColor("#5d4037")  # the padlock of a locked node
HIGHLIGHT_COLOUR = QColor("#f57c00")  # border of the nodes and the edges of a highlighted path
CASE_COLOUR = QColor("#f57c00")  # a picked case in a fuzzy tree: its edges and membership badges
CASE_TEXT_COLOUR = QColor("#bf360c")  # its strength in a box, its value below a split
COST_TEXT_COLOUR = QColor("#00695c")  # what a case pays at a node (the Tree tab's "costs" box)
FLAG_COLOUR = QColor("#b45309")  # a leaf of too few cases (the Tree tab's "intervals" box, issue 39)
ZERO_BADGE = QColor("#b0bec5")  # a membership of 0: the case does not go down that branch
DIMMED_OPACITY = 0.3  # nodes a picked case does not reach
EMPTY_BAR = QColor("#eeeeee")
# far away (app.widgets.tree_items.GlyphLayer) a box is a plain block: a leaf in its class colour,
# an ordinary split grey, a pending leaf light grey, a fuzzy or trichotomy split in its border colour
GLYPH_SPLIT = QColor("#78909c")
GLYPH_PENDING = QColor("#bdbdbd")

BORDER_WIDTH = 1.4
EXPERT_BORDER_WIDTH = 2.8
HIGHLIGHT_WIDTH = 3.5
SELECTED_WIDTH = 5.0
EDGE_WIDTH = 1.3  # cosmetic: the same on screen at any zoom
HIGHLIGHT_EDGE_WIDTH = 3.0  # cosmetic
CASE_EDGE_WIDTHS = (1.5, 6.0)  # cosmetic: a case's edge from strength 0 to strength 1

FONT_PIXELS = {"header": 13, "detail": 11, "edge": 11, "legend": 12, "badge": 11, "case": 11}
BOLD = ("header", "badge", "case")


def glyph_colour(tree: Tree, node_id: int) -> QColor:
    """A box's colour when drawn as a plain block (far away, too small for its text)."""
    node = tree.nodes[node_id]
    if node.kind in (FUZZY, TRICHOTOMY):
        return node_style(tree, node_id).border
    if node.is_leaf:
        if node.label == PENDING:
            return GLYPH_PENDING
        return class_colour(node.label, tree) if 0 <= node.label < tree.n_classes else NODE_BORDER
    return GLYPH_SPLIT


#: ordered classes (low < medium < high): a sequential scale from the lowest class to the highest
#: (viridis' stops, dark blue to yellow), so that neighbouring classes look alike (issue 36)
ORDERED_STOPS = ["#440154", "#3b528b", "#21918c", "#5ec962", "#fde725"]


def class_colour(k: int, tree: Tree | None = None) -> QColor:
    """The colour of class k (bars, leaf tint), the same everywhere in the app; for a tree of
    ordered classes, class k's place on ORDERED_STOPS (the lowest the first stop, the highest the last)."""
    if tree is not None and tree.schema.ordered and tree.n_classes > 1:
        return _on_scale(k / (tree.n_classes - 1))
    return QColor(CLASS_COLOURS[k % len(CLASS_COLOURS)])


def _on_scale(t: float) -> QColor:
    """The colour at t (0..1) along ORDERED_STOPS, linear between stops."""
    t = min(max(t, 0.0), 1.0) * (len(ORDERED_STOPS) - 1)
    i = min(int(t), len(ORDERED_STOPS) - 2)
    a, b, f = QColor(ORDERED_STOPS[i]), QColor(ORDERED_STOPS[i + 1]), t - i
    return QColor(round(a.red() + (b.red() - a.red()) * f), round(a.green() + (b.green() - a.green()) * f),
                  round(a.blue() + (b.blue() - a.blue()) * f))


def leaf_fill(k: int, tree: Tree | None = None) -> QColor:
    """A leaf's fill: its class colour mixed with 82% white."""
    c = class_colour(k, tree)
    mix = 0.82
    return QColor(round(c.red() + (255 - c.red()) * mix), round(c.green() + (255 - c.green()) * mix),
                  round(c.blue() + (255 - c.blue()) * mix))


class NodeStyle(NamedTuple):
    fill: QColor
    border: QColor
    dashed: bool = False
    hatched: bool = False
    expert: bool = False  # made by the expert: a wider border in EXPERT_BORDER
    locked: bool = False  # a padlock in the corner


def node_style(tree: Tree, node_id: int) -> NodeStyle:
    """Fill and border by the node's kind, and for a leaf by its label; a node the expert made has
    the expert's border, a locked one a padlock."""
    style = _kind_style(tree, node_id)
    node = tree.nodes[node_id]
    if node.origin == "expert":
        style = style._replace(border=EXPERT_BORDER, expert=True)
    return style._replace(locked=True) if node.locked else style


def _kind_style(tree: Tree, node_id: int) -> NodeStyle:
    node = tree.nodes[node_id]
    if node.kind == FUZZY:
        return NodeStyle(FUZZY_FILL, FUZZY_BORDER)
    if node.kind == TRICHOTOMY:
        return NodeStyle(TRICHOTOMY_FILL, TRICHOTOMY_BORDER)
    if node.is_leaf:
        if node.label == PENDING:
            return NodeStyle(PENDING_FILL, PENDING_BORDER, dashed=True, hatched=True)
        if 0 <= node.label < tree.n_classes:
            return NodeStyle(leaf_fill(node.label, tree), NODE_BORDER)
        return NodeStyle(LEAF_NEUTRAL_FILL, NODE_BORDER)
    return NodeStyle(NODE_FILL, NODE_BORDER)


_FONTS: dict[str, QFont] = {}
_METRICS: dict[str, QFontMetricsF] = {}


def font(name: str) -> QFont:
    """The font of a text role: "header", "detail", "edge", "legend", "badge" (a case's
    membership on an edge) or "case" (its strength in a box) (made once)."""
    if name not in _FONTS:
        f = QFont()
        f.setPixelSize(FONT_PIXELS[name])
        f.setBold(name in BOLD)
        _FONTS[name] = f
        _METRICS[name] = QFontMetricsF(f)
    return _FONTS[name]


def metrics(name: str) -> QFontMetricsF:
    font(name)
    return _METRICS[name]
