"""Batch traversal of a compiled crisp tree (threshold, category, trichotomy nodes).

One branch function per node kind, the compiled twin of that kind's `route`
(engine.tree.nodes); `traverse` walks any crisp tree with them and
`traverse_thresholds` is the lean walk for trees of threshold splits only.
"""

from __future__ import annotations

import numba
import numpy as np

from .config import JIT

# node kinds, as in engine.tree.model
_LEAF, _THRESHOLD, _CATEGORY, _FUZZY, _TRICHOTOMY = 0, 1, 2, 3, 4
STOP, MAJORITY = 0, 1


@numba.njit(**JIT)
def threshold_branch(v, t):
    """ThresholdSplit: 0 for v <= t, 1 for v > t, -1 for a missing value."""
    if v != v:
        return -1
    return 0 if v <= t else 1


@numba.njit(**JIT)
def category_branch(v, node, cat_start, cat_count, cat_branch, cut_start, cut_count, cuts):
    """CategorySplit: the branch of value v (an interval's with cuts), -1 when missing or untaken."""
    if v != v:
        return -1
    if cut_count[node] > 0:  # an interval of a discretised numeric attribute: cuts below v
        c = 0
        for t in range(cut_start[node], cut_start[node] + cut_count[node]):
            if v > cuts[t]:
                c += 1
    else:
        c = np.int64(v)
    if 0 <= c < cat_count[node]:
        return cat_branch[cat_start[node] + c]
    return -1


@numba.njit(**JIT)
def trichotomy_branch(x, node, low, high, tri_start, tri_count, tri_feature, tri_weight):
    """TrichotomySplit: 0 for s <= low, 1 for s >= high, 2 between; -1 when a value is missing
    (or the score is undefined: inf - inf)."""
    s = 0.0
    for t in range(tri_start[node], tri_start[node] + tri_count[node]):
        v = x[tri_feature[t]]
        if v != v:
            return -1
        s += tri_weight[t] * v
    if s != s:  # inf - inf: no score
        return -1
    if s <= low:
        return 0
    if s >= high:
        return 1
    return 2


@numba.njit(**JIT)
def traverse(X, kind, feature, threshold, threshold2, child_start, child_index, cat_start, cat_count,
             cat_branch, cut_start, cut_count, cuts, tri_start, tri_count, tri_feature, tri_weight, majority_child,
             missing_policy, end_node, used):
    """For each row of X: the node it ends in (a leaf, or the node whose value was
    missing or unseen under the STOP policy). used[r, j] is set for every
    attribute whose value row r had to show on its way down."""
    n = X.shape[0]
    for r in range(n):
        node = 0
        while True:
            k = kind[node]
            if k == _LEAF:
                break
            branch = -1
            if k == _THRESHOLD or k == _CATEGORY:
                f = feature[node]
                v = X[r, f]
                if v == v:
                    used[r, f] = True
                if k == _THRESHOLD:
                    branch = threshold_branch(v, threshold[node])
                else:
                    branch = category_branch(v, node, cat_start, cat_count, cat_branch, cut_start, cut_count, cuts)
            elif k == _TRICHOTOMY:
                for t in range(tri_start[node], tri_start[node] + tri_count[node]):
                    if X[r, tri_feature[t]] != X[r, tri_feature[t]]:
                        break
                    used[r, tri_feature[t]] = True  # shown, up to the first missing value
                branch = trichotomy_branch(X[r], node, threshold[node], threshold2[node], tri_start, tri_count,
                                           tri_feature, tri_weight)
            else:  # fuzzy nodes need the weighted propagation, not this kernel
                break
            if branch < 0:
                if missing_policy == MAJORITY:
                    branch = majority_child[node]
                else:
                    break
            node = child_index[child_start[node] + branch]
        end_node[r] = node


@numba.njit(**JIT)
def traverse_thresholds(X, feature, threshold, left, right, majority_child, missing_policy, end_node):
    """The same walk for trees of threshold splits only: two child arrays, no side tables."""
    n = X.shape[0]
    for r in range(n):
        node = 0
        while left[node] >= 0:
            v = X[r, feature[node]]
            if v <= threshold[node]:
                node = left[node]
            elif v > threshold[node]:
                node = right[node]
            elif missing_policy == MAJORITY:  # NaN
                node = left[node] if majority_child[node] == 0 else right[node]
            else:
                break
        end_node[r] = node


@numba.njit(**JIT)
def path_attributes(parent, feature, order, n_features):
    """tested[i, f]: attribute f is tested by a strict ancestor of node i (order: parents first)."""
    n = parent.shape[0]
    tested = np.zeros((n, n_features), np.bool_)
    for k in range(order.shape[0]):
        i = order[k]
        p = parent[i]
        if p >= 0:
            tested[i] = tested[p]
            if feature[p] >= 0:
                tested[i, feature[p]] = True
    return tested
