"""Where the tree canvas draws what, without Qt: box positions, which nodes are
visible, the edges, the markers and the texts of each box.

`layout(tree, collapsed, max_depth)` spaces the visible leaves evenly from left
to right in depth-first order and centres every parent over its first and last
child, so boxes of one level never overlap. A collapsed node and a node at the
depth limit are placed as leaves and marked "+" (collapsed) or "..." (depth
limit). Every text comes from the engine's describer (engine.tree.describe).

Scene units are pixels at zoom 1; y grows downwards. Nothing here imports Qt
(tests/test_tree_layout.py checks it), so all of it is tested without a screen.
"""

from __future__ import annotations

from itertools import pairwise

from engine.tree.describe import branch_labels, node_heading, path_steps, short_number
from engine.tree.model import Tree

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

def _opens(tree: Tree, node_id: int, depth: int, collapsed, max_depth: int | None) -> bool:
    """Are the children of this node drawn?"""
    return (bool(tree.nodes[node_id].children) and node_id not in collapsed
            and (max_depth is None or depth < max_depth))


def layout(tree: Tree, collapsed=frozenset(), max_depth: int | None = None) -> dict[int, Point]:
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


def legend_position(positions: dict[int, Point]) -> Point:
    """Top-left corner of the class legend: above the root's row, left-aligned with the leftmost box."""
    return (min(x for x, _ in positions.values()) - NODE_WIDTH / 2,
            -NODE_HEIGHT / 2 - LABEL_HEIGHT - LEGEND_GAP)


def scene_bounds(positions: dict[int, Point], legend_width: float) -> tuple[float, float, float, float]:
    """(left, top, width, height) of the drawing: every box, the legend and a margin."""
    xs = [p[0] for p in positions.values()]
    ys = [p[1] for p in positions.values()]
    legend_x, legend_y = legend_position(positions)
    left = min(xs) - NODE_WIDTH / 2 - MARGIN
    right = max(max(xs) + NODE_WIDTH / 2, legend_x + legend_width) + MARGIN
    top = legend_y - MARGIN
    bottom = max(ys) + NODE_HEIGHT / 2 + BOTTOM_EXTRA + MARGIN
    return left, top, right - left, bottom - top


# ---- texts ---------------------------------------------------------------------

edge_labels = branch_labels  # the condition on each branch, in child order (engine.tree.describe)


def incoming_labels(tree: Tree, positions: dict[int, Point]) -> dict[int, str]:
    """The condition on the edge into each visible child."""
    out: dict[int, str] = {}
    for i in positions:
        if is_open(tree, i, positions):
            out.update(zip(tree.nodes[i].children, edge_labels(tree, i)))
    return out


def detail_text(tree: Tree, node_id: int) -> str:
    """A box's second line: the weight, and the label's share at a leaf or the label at a split."""
    node = tree.nodes[node_id]
    w = node.weight
    if node.is_leaf:
        if 0 <= node.label < tree.n_classes and w > 0:
            return f"n={short_number(w, 4)} · {100.0 * node.counts[node.label] / w:.0f}%"
        return f"n={short_number(w, 4)}"
    return f"{tree.label_name(node.label)} · n={short_number(w, 4)}"


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
    lines.append("weight: " + short_number(node.weight, 6) + "  (" + ", ".join(
        f"{name}: {short_number(c, 4)}" for name, c in zip(tree.schema.classes, node.counts)) + ")")
    return "\n".join(lines)


def class_shares(tree: Tree, node_id: int) -> list[float]:
    """The node's weight per class, in class order (the box's bar)."""
    return [float(c) for c in tree.nodes[node_id].counts[:tree.n_classes]]
