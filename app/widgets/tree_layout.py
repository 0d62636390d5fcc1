"""Where the tree canvas draws what, without Qt: box positions, which nodes are
visible, the edges, the markers and the texts of each box.

`layout(tree, collapsed, max_depth, opened)` spaces the visible leaves evenly
from left to right in depth-first order and centres every parent over its first
and last child, so boxes of one level never overlap. A collapsed node and a node
at the depth limit are placed as leaves and marked "+" (collapsed) or "..."
(depth limit); a node in `opened` shows its children below the depth limit (one
branch drilled into). Every text comes from the engine's describer
(engine.tree.describe); a numeric fuzzy term's branch also says where the term
peaks (`term_texts`).

`case_view(tree, x, missing)` is what one case does in the tree: in a fuzzy
tree its membership in every branch and how strongly it reaches every node
(the tree's t-norm of the memberships along the path), in a crisp tree its
path.

Scene units are pixels at zoom 1; y grows downwards. Nothing here imports Qt
(tests/test_tree_layout.py checks it), so all of it is tested without a screen.

The texts written here (tooltips, a box's cost line, a fuzzy term's peak) are the
window's: `translate("TreeLayout", "...")` below is Qt's `QCoreApplication.translate`
when Qt is loaded (always, in the window) and the English source otherwise; lupdate
collects its calls like any `translate(...)`. The describer's texts (tests, labels,
branch conditions) are the engine's, translated there.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from itertools import pairwise

import numpy as np

from engine.tree.describe import branch_labels, node_heading, path_steps, short_number, shown_term, term_name
from engine.tree.model import FUZZY, Tree
from engine.trust.intervals import box_text
from engine.trust.novelty import count_lines

# ---- geometry (engine.tree.layout: the report draws the same layout) ----------------

from engine.tree.layout import (  # noqa: E402,F401 (re-exported: the canvas and its tests use them here)
    NODE_WIDTH,
    NODE_HEIGHT,
    H_GAP,
    SLOT,
    LEVEL_HEIGHT,
    ELBOW,
    LABEL_HEIGHT,
    MARGIN,
    LEGEND_GAP,
    BOTTOM_EXTRA,
    Point,
    Polyline,
    _opens,
    layout,
    is_open,
    marker,
    edge_lines,
    path_lines,
)


def translate(context: str, text: str) -> str:
    """The window's translation of `text` (QCoreApplication.translate) when Qt is loaded, which it
    always is in the window; else `text` as it is. Never imports Qt itself."""
    core = sys.modules.get("PySide6.QtCore")
    return text if core is None else core.QCoreApplication.translate(context, text)


def legend_position(positions: dict[int, Point]) -> Point:
    """Top-left corner of the class legend: above the root's row, left-aligned with the leftmost box."""
    return (min(x for x, _ in positions.values()) - NODE_WIDTH / 2,
            -NODE_HEIGHT / 2 - LABEL_HEIGHT - LEGEND_GAP)


def find_nodes(tree: Tree, text: str) -> list[int]:
    """The nodes whose test (the attribute it asks) or label contains `text` (case and width
    folded), reachable ones in depth-first order: what the Tree tab's find box goes through."""
    needle = text.strip().casefold()
    if not needle or not tree.nodes:
        return []
    out = []
    for i in tree.reachable():
        node = tree.nodes[i]
        words = [tree.label_name(node.label)]
        if not node.is_leaf:
            words.append(node_heading(tree, i))
        if any(needle in w.casefold() for w in words):
            out.append(i)
    return out


#: the smallest scale at which a box's text reads comfortably (13 px headers at about 10 px)
READABLE_SCALE = 0.75


def readable_depth(tree: Tree, width: float, height: float, scale: float = READABLE_SCALE) -> int | None:
    """The deepest depth limit at which the visible tree, fitted into `width` x `height` pixels,
    is drawn at `scale` or larger (at least 1: the root and its children); None when the whole
    tree fits so. Layouts are computed level by level and stop at the first that is too large."""
    if not tree.nodes or width <= 0 or height <= 0:
        return None
    best = None
    for depth in range(0, tree.depth + 1):
        pos = layout(tree, max_depth=depth)
        xs = [p[0] for p in pos.values()]
        ys = [p[1] for p in pos.values()]
        w = max(xs) - min(xs) + NODE_WIDTH + 2 * MARGIN
        h = max(ys) - min(ys) + NODE_HEIGHT + LABEL_HEIGHT + BOTTOM_EXTRA + 2 * MARGIN + 30.0  # legend
        if min(width / w, height / h) < scale:
            return max(best if best is not None else 1, 1)
        best = depth
    return None


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


def incoming_texts(tree: Tree, positions: dict[int, Point]) -> dict[int, str]:
    """What is written on the edge into each visible child (`term_texts`)."""
    out: dict[int, str] = {}
    for i in positions:
        if is_open(tree, i, positions):
            out.update(zip(tree.nodes[i].children, term_texts(tree, i)))
    return out


def is_fuzzy(tree: Tree) -> bool:
    """Has the tree a fuzzy split (a case may go down several branches)?"""
    return any(node.kind == FUZZY for node in tree.nodes)


def _numeric_terms(node) -> bool:
    return node.kind == FUZZY and node.centres is not None and len(node.centres) == len(node.children)


def centre_texts(centres) -> list[str]:
    """The centres of a split's terms, each with as few significant digits (3 to 6) as keep
    neighbours apart: 1.51711 and 1.52332 read "1.517" and "1.523", not "1.52" twice."""
    for digits in range(3, 7):
        texts = [short_number(c, digits) for c in centres]
        if all(a != b for a, b in pairwise(texts)):
            return texts
    return texts


def term_texts(tree: Tree, node_id: int) -> list[str]:
    """What the canvas writes on each branch of a node: the describer's condition
    (`edge_labels`), except on a numeric fuzzy split, where a term says where it peaks
    (its membership is 1): "less (peak ≤ 0.256)", "medium (peak 5)", "more (peak ≥ 3.46)"."""
    node = tree.nodes[node_id]
    if not _numeric_terms(node):
        return edge_labels(tree, node_id)
    names = [shown_term(term_name(c)) for c in node.branch_conditions()]
    if len(names) < 2:  # one term: everything belongs to it
        return names
    at = centre_texts(node.centres)
    last = len(at) - 1
    lowest = translate("TreeLayout", "{term} (peak ≤ {value})")
    highest = translate("TreeLayout", "{term} (peak ≥ {value})")
    middle = translate("TreeLayout", "{term} (peak {value})")
    return [(lowest if i == 0 else highest if i == last else middle).format(term=name, value=at[i])
            for i, name in enumerate(names)]


def term_lines(tree: Tree, node_id: int) -> list[str]:
    """A numeric fuzzy split's terms in words, one line each (the node's tooltip)."""
    node = tree.nodes[node_id]
    if not _numeric_terms(node) or len(node.children) < 2:
        return []
    name = tree.attribute_name(node.feature)
    names = [shown_term(term_name(c)) for c in node.branch_conditions()]
    at = centre_texts(node.centres)
    last = len(at) - 1
    lines = []
    for i, term in enumerate(names):
        if i == 0:
            line = translate("TreeLayout", "{term}: 1 for {attribute} ≤ {peak}, falling to 0 at {zero}").format(
                term=term, attribute=name, peak=at[0], zero=at[1])
        elif i == last:
            line = translate("TreeLayout", "{term}: rising from 0 at {zero} to 1 for {attribute} ≥ {peak}").format(
                term=term, attribute=name, zero=at[-2], peak=at[-1])
        else:
            line = translate("TreeLayout", "{term}: rising from 0 at {start} to 1 at {peak}, falling to 0 at {end}"
                             ).format(term=term, start=at[i - 1], peak=at[i], end=at[i + 1])
        lines.append("  " + line)
    return lines


def detail_text(tree: Tree, node_id: int) -> str:
    """A box's second line: the weight, and the label's share at a leaf or the label at a split."""
    node = tree.nodes[node_id]
    w = node.weight
    if node.is_leaf:
        if 0 <= node.label < tree.n_classes and w > 0:
            return f"n={short_number(w, 4)} · {100.0 * node.counts[node.label] / w:.0f}%"
        return f"n={short_number(w, 4)}"
    return f"{tree.label_name(node.label)} · n={short_number(w, 4)}"


def cost_text(tree: Tree, node_id: int, cost) -> str:
    """A box's third line with the costs shown (`cost`: engine.strategies.NodeCost): what a case
    pays at a split (test + waiting), at a leaf what it paid on the way there."""
    if tree.nodes[node_id].is_leaf:
        return translate("TreeLayout", "tests paid {cost}").format(cost=short_number(cost.before, 4))
    return translate("TreeLayout", "test {test} + wait {waiting}").format(
        test=short_number(cost.test, 4), waiting=short_number(cost.waiting, 4))


def third_line(tree: Tree, node_id: int, cost_line: str, trust) -> str:
    """A box's third line: its cost (the "costs" box), and at a leaf with the intervals shown
    (`trust`: engine.trust.intervals.LeafTrust, or None) its confidence and interval, "92 % [81–97 %]"."""
    if trust is None or not tree.nodes[node_id].is_leaf:
        return cost_line
    text = box_text(trust)
    return f"{text} · {cost_line}" if cost_line else text


def cost_tooltip_lines(tree: Tree, node_id: int, cost) -> list[str]:
    """The tooltip's lines on costs: what this node's test costs a case that reaches it (the
    sequential strategy, every value obtainable) and what the path above paid."""
    lines = []
    if not tree.nodes[node_id].is_leaf:
        lines.append(translate("TreeLayout", "cost of this test here: {test} test + {waiting} waiting = {total} "
                               "(unknown prerequisites first; a batch member costs less once its group's common "
                               "cost is paid above)").format(test=short_number(cost.test, 6),
                                                             waiting=short_number(cost.waiting, 6),
                                                             total=short_number(cost.total, 6)))
    lines.append(translate("TreeLayout", "tests paid on the way here: {cost} (test + waiting, from the root)").format(
        cost=short_number(cost.before, 6)))
    return lines


def node_tooltip(tree: Tree, node_id: int) -> str:
    """Several lines: the path of conditions, the label, and the class weights."""
    node = tree.nodes[node_id]
    steps = path_steps(tree, node_id)
    lines = [translate("TreeLayout", "node {node}").format(node=node_id)]
    if steps:
        lines.append(translate("TreeLayout", "path: {path}").format(path=" → ".join(steps)))
    if not node.is_leaf:
        lines.append(translate("TreeLayout", "test: {test}").format(test=node_heading(tree, node_id)))
        terms = term_lines(tree, node_id)
        if terms:
            lines += [translate("TreeLayout", "terms (a case goes down every branch with its membership; "
                                              "they add up to 1):")] + terms
    if tree.n_classes <= node.label < len(tree.labels):
        label = translate("TreeLayout", "label: {label} (a coarser label of the class hierarchy)")
    else:
        label = translate("TreeLayout", "label: {label}")
    lines.append(label.format(label=tree.label_name(node.label)))
    count = translate("TreeLayout", "{name}: {count}")
    counts = translate("TreeLayout", ", ").join(count.format(name=name, count=short_number(c, 4))
                                                for name, c in zip(tree.schema.classes, node.counts))
    lines.append(translate("TreeLayout", "weight: {weight}  ({counts})").format(
        weight=short_number(node.weight, 6), counts=counts))
    split_counts = count_lines(tree, node_id)  # each branch's training cases and the missing ones (issue 39)
    if split_counts:
        lines.append(translate("TreeLayout", "training cases down each branch, and those with the value missing:"))
        lines += ["  " + line for line in split_counts]
    return "\n".join(lines)


def class_shares(tree: Tree, node_id: int) -> list[float]:
    """The node's weight per class, in class order (the box's bar)."""
    return [float(c) for c in tree.nodes[node_id].counts[:tree.n_classes]]


# ---- one case in the tree ----------------------------------------------------------

@dataclass
class CaseView:
    """What one case does in a tree.

    fuzzy: the tree has fuzzy splits, and the numbers below are shown;
    strength: node -> how strongly the case reaches it, the tree's t-norm ("product" or
    "minimum") of its memberships along the path (1 at the root; nodes it does not reach
    are left out); crisp trees: 1 on its path;
    membership: child -> the case's membership in the branch into it, for every child of a
    node the case reaches (0: it does not go there);
    guessed: nodes where the case has no usable value, whose branches took the missing-value
    policy's shares (`missing`: "fractional", the training weights; "majority", the heaviest
    branch);
    path: the nodes from the root to where a crisp tree sends the case (fuzzy: []).
    """

    fuzzy: bool
    strength: dict[int, float] = field(default_factory=dict)
    membership: dict[int, float] = field(default_factory=dict)
    guessed: set[int] = field(default_factory=set)
    path: list[int] = field(default_factory=list)
    missing: str = "stop"

    def leaf_strengths(self, tree: Tree) -> dict[int, float]:
        """The leaves the case reaches and their firing strengths."""
        return {i: s for i, s in self.strength.items() if tree.nodes[i].is_leaf}


def _missing_shares(tree: Tree, node_id: int, missing: str) -> np.ndarray | None:
    """The branch shares of a case that cannot be routed at a node, as prediction takes them."""
    node = tree.nodes[node_id]
    weights = np.array([tree.nodes[c].weight for c in node.children], dtype=np.float64)
    if missing == "fractional":
        return weights / weights.sum() if weights.sum() > 0 else np.full(len(weights), 1.0 / len(weights))
    if missing == "majority":
        out = np.zeros(len(weights))
        out[int(tree.compile().majority_child[node_id])] = 1.0
        return out
    return None  # "stop": the case ends here


def case_view(tree: Tree, x, missing: str = "stop") -> CaseView:
    """Where one encoded case `x` (all attributes, NaN unknown) goes in the tree. A fuzzy
    tree sends it down every branch with the memberships of the nodes' own terms
    (`Node.route`, as prediction does), combined along the path by `tree.tnorm`; a crisp
    tree sends it down one path (engine.tree.predict.decision_path)."""
    x = np.asarray(x, dtype=np.float64)
    if not tree.nodes:
        return CaseView(is_fuzzy(tree))
    if not is_fuzzy(tree):
        # deferred: loads the Numba kernels (not on this command's light path)
        from engine.tree.predict import decision_path

        path = decision_path(tree, x, missing)
        return CaseView(False, {i: 1.0 for i in path}, path=path, missing=missing)
    view = CaseView(True, {0: 1.0}, missing=missing)
    minimum = tree.tnorm == "minimum"
    for i in tree.reachable():  # parents before children
        node = tree.nodes[i]
        s = view.strength.get(i, 0.0)
        if node.is_leaf or s <= 0:
            continue
        shares = node.route(x)
        if shares is None:
            shares = _missing_shares(tree, i, missing)
            if shares is None:
                continue
            view.guessed.add(i)
        for child, mu in zip(node.children, shares):
            mu = float(mu)
            view.membership[child] = mu
            reach = (min(s, mu) if minimum else s * mu) if mu > 0 else 0.0
            if reach > 0:
                view.strength[child] = reach
    return view


def case_number(value: float) -> str:
    """A membership or strength on the canvas: 3 significant digits ("0.731", "1", "0")."""
    return short_number(value, 3)


def case_value_text(tree: Tree, node_id: int, x) -> str:
    """'Mg = 2.1': the case's value of the attribute a node tests ('Mg missing'); '' when
    the node tests several attributes at once or none."""
    node = tree.nodes[node_id]
    attrs = node.attributes()
    if len(attrs) != 1:
        return ""
    j = attrs[0]
    attr = tree.schema.attributes[j]
    value = float(np.asarray(x, dtype=np.float64)[j])
    if value != value:
        return translate("TreeLayout", "{attribute} missing").format(attribute=attr.name)
    if attr.categories is not None and float(value).is_integer() and 0 <= int(value) < len(attr.categories):
        return f"{attr.name} = {attr.categories[int(value)]}"
    return f"{attr.name} = {short_number(value, 4)}"


def case_tooltip_lines(tree: Tree, node_id: int, view: CaseView, x, name: str = "") -> list[str]:
    """The case's part of a node's tooltip."""
    who = name or translate("TreeLayout", "the case")
    node = tree.nodes[node_id]
    lines = []
    if view.fuzzy:
        if node_id in view.membership:
            lines.append(translate("TreeLayout", "{case}: membership {membership} in the branch into this node").format(
                case=who, membership=case_number(view.membership[node_id])))
        if node_id in view.strength:
            if tree.tnorm == "minimum":
                reach = translate("TreeLayout", "{case} reaches it with strength {strength} "
                                                "(minimum of the memberships along the path)")
            else:
                reach = translate("TreeLayout", "{case} reaches it with strength {strength} "
                                                "(product of the memberships along the path)")
            lines.append(reach.format(case=who, strength=case_number(view.strength[node_id])))
        else:
            lines.append(translate("TreeLayout", "{case} does not reach it").format(case=who))
    elif node_id in view.strength:
        lines.append(translate("TreeLayout", "{case} passes here").format(case=who))
    if not node.is_leaf and node_id in view.strength:
        value = case_value_text(tree, node_id, x)
        if value:
            if node_id not in view.guessed:
                text = translate("TreeLayout", "{case}: {value}")
            elif view.missing == "fractional":
                text = translate("TreeLayout", "{case}: {value}: it goes down every branch with the branch's share "
                                               "of the training cases")
            else:
                text = translate("TreeLayout", "{case}: {value}: it goes down the branch most training cases took")
            lines.append(text.format(case=who, value=value))
    return lines
