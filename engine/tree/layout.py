"""Where a drawing of a tree puts its boxes, without any drawing library: box centres in scene
units (pixels at zoom 1, y growing downwards), which nodes are visible, the elbow edges.

`layout(tree, collapsed, max_depth, opened)` spaces the visible leaves evenly from left to right in
depth-first order and centres every parent over its first and last child, so boxes of one level
never overlap. The window's canvas (app.widgets.tree_layout, which adds texts, tooltips and a
case's path) and the printed report (engine.report) both draw this layout.
"""

from __future__ import annotations

from itertools import pairwise

from .model import Tree

# ---- geometry ------------------------------------------------------------------

NODE_WIDTH = 156.0
NODE_HEIGHT = 62.0
H_GAP = 24.0  # between neighbouring boxes of one level
SLOT = NODE_WIDTH + H_GAP  # distance between neighbouring leaves
LEVEL_HEIGHT = NODE_HEIGHT + 60.0  # distance between levels (box centre to box centre)
ELBOW = 18.0  # the horizontal part of an edge, below the parent's box
LABEL_HEIGHT = 16.0  # the edge label above a child's box
MARGIN = 40.0
LEGEND_GAP = 30.0  # between the legend's top and the top of the root's edge-label row
BOTTOM_EXTRA = 12.0  # below the lowest boxes: room for a marker circle

Point = tuple[float, float]
Polyline = list[Point]


# ---- positions and visibility ---------------------------------------------------

def _opens(tree: Tree, node_id: int, depth: int, collapsed, max_depth: int | None, opened=frozenset()) -> bool:
    """Are the children of this node drawn?"""
    return (bool(tree.nodes[node_id].children) and node_id not in collapsed
            and (max_depth is None or depth < max_depth or node_id in opened))


def layout(tree: Tree, collapsed=frozenset(), max_depth: int | None = None, opened=frozenset()) -> dict[int, Point]:
    """Box centres (x, y) of the visible nodes, in scene units.

    Visible: reachable from the root without passing below a collapsed node or
    deeper than `max_depth` (the root has depth 0; None: no limit), except below
    the nodes in `opened`, whose children are drawn whatever their depth. Visible
    leaves (and collapsed or depth-limited nodes) get x = SLOT * their left-to-right
    index; a parent is centred between its first and last child; y = LEVEL_HEIGHT
    * depth. Two boxes of one level are therefore at least SLOT apart.
    """
    if not tree.nodes:
        return {}
    collapsed, opened = set(collapsed), set(opened)
    depth = {0: 0}
    order, stack = [], [0]
    open_now = set()
    while stack:
        i = stack.pop()
        order.append(i)
        if _opens(tree, i, depth[i], collapsed, max_depth, opened):
            open_now.add(i)
            for c in reversed(tree.nodes[i].children):
                depth[c] = depth[i] + 1
                stack.append(c)
    x: dict[int, float] = {}
    slot = 0
    for i in order:  # depth-first: the leaves from left to right
        if i not in open_now:
            x[i] = slot * SLOT
            slot += 1
    for i in reversed(order):  # descendants before their ancestors
        if i in open_now:
            kids = tree.nodes[i].children
            x[i] = (x[kids[0]] + x[kids[-1]]) / 2.0
    return {i: (x[i], depth[i] * LEVEL_HEIGHT) for i in order}


def is_open(tree: Tree, node_id: int, positions: dict[int, Point]) -> bool:
    """Are the node's children drawn in this layout?"""
    kids = tree.nodes[node_id].children
    return bool(kids) and kids[0] in positions


def marker(tree: Tree, node_id: int, positions: dict[int, Point], collapsed) -> str:
    """'+' on a collapsed node, '...' on a node cut by the depth limit, '' otherwise."""
    if not tree.nodes[node_id].children or is_open(tree, node_id, positions):
        return ""
    return "+" if node_id in collapsed else "..."


def edge_lines(tree: Tree, positions: dict[int, Point]) -> list[Polyline]:
    """The elbow connectors as straight pieces: down from each open parent, across
    its children, down into each child."""
    half = NODE_HEIGHT / 2
    lines: list[Polyline] = []
    for i, (x, y) in positions.items():
        if not is_open(tree, i, positions):
            continue
        kids = tree.nodes[i].children
        elbow = y + half + ELBOW
        lines.append([(x, y + half), (x, elbow)])
        first, last = positions[kids[0]][0], positions[kids[-1]][0]
        if last != first:
            lines.append([(first, elbow), (last, elbow)])
        for c in kids:
            cx, cy = positions[c]
            lines.append([(cx, elbow), (cx, cy - half)])
    return lines


def path_lines(tree: Tree, positions: dict[int, Point], node_ids) -> list[Polyline]:
    """The edges between consecutive nodes of a path (e.g. root to node), each as one
    elbow; pairs that are hidden or not parent and child are skipped."""
    half = NODE_HEIGHT / 2
    lines: list[Polyline] = []
    for parent, child in pairwise(node_ids):
        if parent not in positions or child not in positions or tree.nodes[child].parent != parent:
            continue
        (px, py), (cx, cy) = positions[parent], positions[child]
        elbow = py + half + ELBOW
        lines.append([(px, py + half), (px, elbow), (cx, elbow), (cx, cy - half)])
    return lines
