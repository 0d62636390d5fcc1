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

import copy
import itertools
from dataclasses import dataclass

import numpy as np

from .model import LEAF, Leaf, Tree


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
    """The weakest-link sequence of `tree` (in a kernel: engine/kernels/prune.py)."""
    # deferred: loads the Numba kernels (not on this command's light path)
    from ..kernels.prune import weakest_links

    n = len(tree.nodes)
    total = max(tree.root.weight, 1e-300)
    r_leaf = leaf_costs(tree, cost) / total
    nodes = tree.nodes
    parent = np.fromiter((node.parent for node in nodes), np.int64, n)
    child_count = np.fromiter((len(node.children) for node in nodes), np.int64, n)
    child_start = np.zeros(n, np.int64)
    np.cumsum(child_count[:-1], out=child_start[1:])
    child_index = np.fromiter(itertools.chain.from_iterable(node.children for node in nodes), np.int64,
                              int(child_count.sum()))
    preorder = np.asarray(tree.reachable(), np.int64)
    prune_alpha = np.empty(n)
    alphas, leaves = weakest_links(parent, child_start, child_count, child_index, preorder, r_leaf, prune_alpha)
    return PruningPath(alphas, prune_alpha, leaves)


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
    The cases go down the tree in the compiled traversal (a missing value takes the
    heavier branch) and their paths are walked in a kernel (engine/kernels/prune.py).
    """
    # deferred: loads the Numba kernels (not on this command's light path)
    from ..kernels.prune import cv_error_diff

    # deferred: loads the Numba kernels (not on this command's light path)
    from ..kernels.traverse import MAJORITY, traverse

    betas = np.ascontiguousarray(betas, dtype=np.float64)
    ct = tree.compile()
    X = np.ascontiguousarray(X, dtype=np.float64)
    end = np.empty(len(X), np.int64)
    traverse(X, ct.kind, ct.feature, ct.threshold, ct.threshold2, ct.child_start, ct.child_index, ct.cat_start,
             ct.cat_count, ct.cat_branch, ct.cut_start, ct.cut_count, ct.cuts, ct.tri_start, ct.tri_count,
             ct.tri_feature, ct.tri_weight, ct.majority_child, MAJORITY, end, np.zeros(X.shape, np.bool_))
    if not (ct.kind[end] == LEAF).all():
        raise ValueError("cross-validated pruning needs a crisp tree (every case ends in a leaf)")
    labels = np.asarray(ct.label, np.int64)
    k, n_labels = tree.n_classes, len(tree.labels)
    if cost is None:  # 0/1 over every label the tree may answer (a coarser label or PENDING is wrong)
        labels = np.where(labels < 0, n_labels, labels)
        cost = np.ones((k, n_labels + 1))
        cost[np.arange(k), np.arange(k)] = 0.0
    elif labels.min() < 0 or labels.max() >= k:
        raise ValueError("pruning by a cost matrix needs every node labelled with a class")
    diff = np.zeros(len(betas) + 1)
    cv_error_diff(end, ct.parent, np.asarray(prune_alpha, np.float64), ct.child_count == 0, labels,
                  np.asarray(y, np.int64), np.asarray(w, np.float64), betas,
                  np.ascontiguousarray(cost, dtype=np.float64), diff)
    return np.cumsum(diff)[:-1]
