"""Cost-complexity pruning (Breiman et al. 1984, ch. 3): the weakest-link
sequence, pruning to a given alpha, and the choice of alpha by internal
cross-validation with the 1-SE rule (what Weka's SimpleCart does).

R(t) is the misclassification cost of node t made a leaf (weighted errors, or
the minimum expected cost when a cost matrix is set); R(T_t) the sum over the
leaves of t's subtree. The weakest link is the internal node with the least
g(t) = (R(t) - R(T_t)) / (|leaves(T_t)| - 1); collapsing weakest links in turn
gives the nested subtrees T_0 > T_1 > ... > root at alphas 0 <= a_1 <= ....
Each node's `prune_alpha` records the alpha at which it stops being internal,
so the tree for any alpha is read off without building it.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

import numpy as np

from .model import Leaf, Tree


def leaf_costs(tree: Tree, cost: np.ndarray | None = None) -> np.ndarray:
    """R(t) for every node, in weighted cases (not divided by the total)."""
    counts = np.array([n.counts for n in tree.nodes])
    if cost is None:
        return counts.sum(axis=1) - counts.max(axis=1)
    return (counts @ cost).min(axis=1)


@dataclass
class PruningPath:
    alphas: np.ndarray  # distinct alphas of the sequence, ascending (first is 0)
    prune_alpha: np.ndarray  # per node: alpha at which it becomes a leaf (inf: never internal... or a leaf)
    leaves: np.ndarray  # number of leaves of the subtree at each alpha


def pruning_path(tree: Tree, cost: np.ndarray | None = None) -> PruningPath:
    n = len(tree.nodes)
    total = max(tree.root.weight, 1e-300)
    r_leaf = leaf_costs(tree, cost) / total
    r_sub = np.zeros(n)
    n_leaves = np.zeros(n, np.int64)
    order = tree.reachable()
    for i in reversed(order):  # children before parents
        node = tree.nodes[i]
        if node.is_leaf:
            r_sub[i], n_leaves[i] = r_leaf[i], 1
        else:
            r_sub[i] = sum(r_sub[c] for c in node.children)
            n_leaves[i] = sum(n_leaves[c] for c in node.children)
    prune_alpha = np.full(n, -np.inf)  # leaves: always leaves
    removed = np.zeros(n, bool)
    version = np.zeros(n, np.int64)
    heap = []

    def g(i):
        return max(0.0, (r_leaf[i] - r_sub[i]) / (n_leaves[i] - 1))

    for i in order:
        if not tree.nodes[i].is_leaf:
            prune_alpha[i] = np.inf
            heapq.heappush(heap, (g(i), i, 0))
    alphas = [0.0]
    leaves = [int(n_leaves[0])]
    current = 0.0
    while heap:
        value, i, ver = heapq.heappop(heap)
        if removed[i] or ver != version[i] or prune_alpha[i] != np.inf:
            continue
        # weakest links of (numerically) equal strength go together
        alpha = max(current, value)
        if alpha > current + 1e-12:
            alphas.append(alpha)
            leaves.append(int(n_leaves[0]))
            current = alpha
        prune_alpha[i] = current
        stack = list(tree.nodes[i].children)
        while stack:
            d = stack.pop()
            if not removed[d]:
                removed[d] = True
                if prune_alpha[d] == np.inf:
                    prune_alpha[d] = current
                stack.extend(tree.nodes[d].children)
        delta_r = r_leaf[i] - r_sub[i]
        delta_l = 1 - n_leaves[i]
        r_sub[i], n_leaves[i] = r_leaf[i], 1
        a = tree.nodes[i].parent
        while a >= 0:
            r_sub[a] += delta_r
            n_leaves[a] += delta_l
            version[a] += 1
            heapq.heappush(heap, (g(a), a, version[a]))
            a = tree.nodes[a].parent
        leaves[-1] = int(n_leaves[0])
    return PruningPath(np.asarray(alphas), prune_alpha, np.asarray(leaves))


def prune_to(tree: Tree, prune_alpha: np.ndarray, alpha: float) -> Tree:
    """A new tree: every node with prune_alpha <= alpha becomes a leaf."""
    out = Tree(tree.schema, tree.labels)
    stack = [(0, -1, -1)]  # old id, new parent id, position among the parent's children
    while stack:
        old, parent, pos = stack.pop()
        node = tree.nodes[old]
        if node.is_leaf or prune_alpha[old] <= alpha:
            new = Leaf(counts=node.counts.copy(), label=node.label)
            new_id = out.add(new, parent)
            children = []
        else:
            import copy

            new = copy.copy(node)
            new.children = [-1] * len(node.children)
            new.counts = node.counts.copy()
            new_id = out.add(new, parent)
            children = node.children
        if parent >= 0:
            out.nodes[parent].children[pos] = new_id
        for k in range(len(children) - 1, -1, -1):
            stack.append((children[k], new_id, k))
    return out


def cv_errors(tree: Tree, prune_alpha: np.ndarray, X: np.ndarray, y: np.ndarray, w: np.ndarray,
              betas: np.ndarray, cost: np.ndarray | None = None) -> np.ndarray:
    """Weighted misclassification cost on (X, y) of the tree pruned at each beta.

    A case's path has non-increasing prune_alpha from the root down, so the node
    where it stops for beta is the first on its path with prune_alpha <= beta;
    each path node covers an interval of beta, added with a difference array.
    """
    from .predict import decision_path

    betas = np.asarray(betas, dtype=np.float64)
    diff = np.zeros(len(betas) + 1)
    labels = np.array([n.label for n in tree.nodes])
    for r in range(len(y)):
        path = decision_path(tree, X[r], missing="majority")
        upper = np.inf  # this node is where the case stops for beta in [pa, upper)
        for node in path:
            pa = prune_alpha[node] if not tree.nodes[node].is_leaf else -np.inf
            label = labels[node]
            if cost is None:
                wrong = w[r] * (label != y[r])
            else:
                wrong = w[r] * cost[y[r], label]
            lo = np.searchsorted(betas, pa, side="left") if pa > -np.inf else 0
            hi = np.searchsorted(betas, upper, side="left") if upper < np.inf else len(betas)
            if hi > lo and wrong:
                diff[lo] += wrong
                diff[hi] -= wrong
            upper = min(upper, pa) if pa > -np.inf else upper
            if pa == -np.inf:
                break
    return np.cumsum(diff)[:-1]
