"""Monotonicity of a learned tree (ALGORITHMS.md §1.5): the report and the guarantee.

Each leaf is a box: per attribute an interval (low, high] (or a set of
categories) collected on its path. With monotone directions applied (a
decreasing attribute is read as -a), leaf A "may lie below" leaf B when
low_A < high_B on every constrained attribute and the boxes overlap on every
other one: then some case in A is <= some case in B. Such a pair with
label(A) > label(B) is non-monotone; NMI = pairs / (leaves² - leaves).

The guarantee (our addition): relabel the leaves so that no such pair is
left, minimising the training error Σ_leaves Σ_k n_{leaf,k} |k - label| —
L1 isotonic regression on the leaves' order, solved exactly as one minimum
cut per class threshold (a closure problem: "label >= t" must be an up-set),
the nested solutions giving the labels.
"""

from __future__ import annotations

from collections import deque

import numpy as np

from .tree.describe import walk_path_bounds
from .tree.model import PENDING, Tree


def leaf_boxes(tree: Tree) -> tuple[list[int], np.ndarray, np.ndarray, list[list[set | None]]]:
    """Leaves, low and high bounds (leaves x attributes, oriented by direction), category sets
    (the merged conditions of each leaf's path, engine.tree.describe.walk_path_bounds)."""
    leaves = tree.leaves()
    p = len(tree.schema.attributes)
    low = np.full((len(leaves), p), -np.inf)
    high = np.full((len(leaves), p), np.inf)
    cats: list[list[set | None]] = [[None] * p for _ in leaves]
    # one walk down the tree (the leaves in tree.leaves() order), not a path per leaf
    for r, (leaf, path, _ok) in enumerate(walk_path_bounds(tree)):
        for j, bound in path.bounds.items():
            low[r, j], high[r, j] = bound.low, bound.high
            cats[r][j] = bound.values
    signs = np.array([a.monotone for a in tree.schema.attributes])
    for j in np.flatnonzero(signs < 0):  # (low, high] of x is [-high, -low) of -x
        low[:, j], high[:, j] = -high[:, j].copy(), -low[:, j].copy()
    return leaves, low, high, cats


def may_lie_below(tree: Tree, boxes=None) -> np.ndarray:
    """below[a, b]: some case of leaf a is <= some case of leaf b (a != b)."""
    leaves, low, high, cats = boxes or leaf_boxes(tree)
    constrained = np.array([a.monotone != 0 for a in tree.schema.attributes])
    n = len(leaves)
    below = np.ones((n, n), bool)
    for j in range(low.shape[1]):
        reach = low[:, j][:, None] < high[:, j][None, :]  # low_a < high_b
        below &= reach if constrained[j] else reach & reach.T  # overlap when unconstrained
    for j in range(low.shape[1]):
        column = [cats[a][j] for a in range(n)]
        if all(c is None for c in column):
            continue
        size = max((max(c) + 1 for c in column if c), default=0)
        if size <= 63:  # category sets as bit masks: overlap is a bitwise AND
            full = np.uint64((1 << size) - 1) if size else np.uint64(0)
            masks = np.array([full if c is None else np.uint64(sum(1 << v for v in c)) for c in column],
                             dtype=np.uint64)
            below &= (masks[:, None] & masks[None, :]) != 0
        else:
            for a in range(n):
                for b in range(n):
                    if below[a, b] and column[a] is not None and column[b] is not None \
                            and not (column[a] & column[b]):
                        below[a, b] = False
    np.fill_diagonal(below, False)
    return below


#: above this many leaves the pairwise report is skipped (its cost grows with leaves²)
MAX_REPORT_LEAVES = 5000


def monotonicity_report(tree: Tree) -> dict:
    """nonmonotone_pairs and nmi of the tree's leaves (only constrained attributes order them)."""
    if not any(a.monotone for a in tree.schema.attributes):
        return {"nonmonotone_pairs": 0, "nmi": 0.0, "constrained": 0}
    leaves = tree.leaves()
    if len(leaves) > MAX_REPORT_LEAVES:
        return {"skipped": f"{len(leaves)} leaves: more than {MAX_REPORT_LEAVES} for the pairwise report"}
    below = may_lie_below(tree)
    labels = np.array([tree.nodes[i].label for i in leaves])
    decided = labels != PENDING
    violations = below & (labels[:, None] > labels[None, :]) & decided[:, None] & decided[None, :]
    pairs = int(violations.sum())
    n = len(leaves)
    return {"nonmonotone_pairs": pairs, "nmi": pairs / (n * n - n) if n > 1 else 0.0,
            "constrained": int(sum(1 for a in tree.schema.attributes if a.monotone))}


def inverted_share(tree: Tree, X: np.ndarray, labels: np.ndarray, max_cases: int = 3000, seed: int = 0) -> float:
    """Among test case pairs x <= y on every constrained attribute (equal on the others),
    the share predicted inverted (pred(x) > pred(y)). Up to `max_cases` cases are sampled."""
    signs = np.array([a.monotone for a in tree.schema.attributes], dtype=float)
    if not signs.any():
        return 0.0
    keep = ~np.isnan(X).any(axis=1) & (labels != PENDING)
    X, labels = X[keep], labels[keep]
    if len(X) > max_cases:
        idx = np.random.default_rng(seed).choice(len(X), max_cases, replace=False)
        X, labels = X[idx], labels[idx]
    oriented = X * np.where(signs == 0, 1.0, signs)[None, :]
    constrained = signs != 0
    comparable = inverted = 0
    for i in range(len(X)):
        le = (oriented[i][None, constrained] <= oriented[:, constrained]).all(axis=1)
        if (~constrained).any():
            le &= (X[i][None, ~constrained] == X[:, ~constrained]).all(axis=1)
        le[i] = False
        comparable += int(le.sum())
        inverted += int((le & (labels[i] > labels)).sum())
    return inverted / comparable if comparable else 0.0


# ---- the guarantee ---------------------------------------------------------------------


def _min_cut_source_side(n: int, source_cap: np.ndarray, sink_cap: np.ndarray, edges: list[tuple[int, int]]):
    """Nodes on the source side of a minimum s-t cut (the smallest such set).

    Graph: s -> i (source_cap[i]), i -> t (sink_cap[i]), i -> j infinite for each edge.
    Edmonds-Karp on an adjacency-dict residual graph; fine for trees of a few thousand leaves.
    """
    s, t = n, n + 1
    inf = float(source_cap.sum() + sink_cap.sum() + 1.0)
    cap: list[dict[int, float]] = [dict() for _ in range(n + 2)]

    def add(u, v, c):
        cap[u][v] = cap[u].get(v, 0.0) + c
        cap[v].setdefault(u, 0.0)

    for i in range(n):
        if source_cap[i] > 0:
            add(s, i, float(source_cap[i]))
        if sink_cap[i] > 0:
            add(i, t, float(sink_cap[i]))
    for i, j in edges:
        add(i, j, inf)
    while True:
        parent = {s: s}
        queue = deque([s])
        while queue and t not in parent:
            u = queue.popleft()
            for v, c in cap[u].items():
                if c > 1e-12 and v not in parent:
                    parent[v] = u
                    queue.append(v)
        if t not in parent:
            break
        flow, v = inf, t
        while v != s:
            u = parent[v]
            flow = min(flow, cap[u][v])
            v = u
        v = t
        while v != s:
            u = parent[v]
            cap[u][v] -= flow
            cap[v][u] += flow
            v = u
    reached = np.zeros(n, bool)
    for v in parent:
        if v < n:
            reached[v] = True
    return reached


def isotonic_labels(counts: np.ndarray, below: np.ndarray) -> np.ndarray:
    """Labels minimising Σ_i Σ_k counts[i, k] |k - label_i| subject to label_a <= label_b
    whenever below[a, b]. One minimum cut per threshold t: leaves labelled >= t form an
    up-set U_t; cost of i in U_t: its weight below t, of i outside: its weight at or above t."""
    n, K = counts.shape
    edges = [(int(a), int(b)) for a, b in zip(*np.nonzero(below))]  # a in U => b in U
    labels = np.zeros(n, np.int64)
    previous = np.ones(n, bool)
    for t in range(1, K):
        below_t = counts[:, :t].sum(axis=1)
        above_t = counts[:, t:].sum(axis=1)
        # source side = U_t (label >= t): cutting i -> sink costs below_t, s -> i costs above_t
        upper = _min_cut_source_side(n, above_t, below_t, edges) & previous
        labels += upper
        previous = upper
    return labels


def l1_cost(counts: np.ndarray, labels: np.ndarray) -> float:
    K = counts.shape[1]
    return float((counts * np.abs(np.arange(K)[None, :] - labels[:, None])).sum())


def enforce_monotone(tree: Tree) -> dict:
    """Relabel the leaves in place (no non-monotone pair left); returns the training MAE
    before and after, read from the leaves' class counts."""
    leaves = tree.leaves()
    counts = np.array([tree.nodes[i].counts for i in leaves])
    before = np.array([tree.nodes[i].label for i in leaves])
    below = may_lie_below(tree)
    labels = isotonic_labels(counts, below)
    total = max(counts.sum(), 1e-300)
    report = {"training_mae_before": l1_cost(counts, np.where(before == PENDING, 0, before)) / total,
              "training_mae_after": l1_cost(counts, labels) / total,
              "relabelled_leaves": int((labels != before).sum())}
    for i, label in zip(leaves, labels):
        tree.nodes[i].label = int(label)
    tree.changed()
    return report
