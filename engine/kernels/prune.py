"""Cost-complexity pruning's cross-validation (engine/tree/prune.py): each held-out case's
cost under every pruning level of the fold's tree, in one pass over the cases."""

from __future__ import annotations

import heapq

import numba
import numpy as np

from .config import JIT


@numba.njit(**JIT)
def cv_error_diff(end, parent, prune_alpha, leaf, label, y, w, betas, cost, diff):
    """Add each case's weighted cost to the difference array `diff` (length len(betas) + 1)
    over the range of betas for which it ends in each node of its path.

    The case ends in leaf `end[r]` of the full tree; walking its path from the root, a node
    with prune_alpha pa (the alpha at which it becomes a leaf) is where the case stops for
    beta in [pa, upper), upper being the least pa above it on the path; a leaf of the full
    tree ends the walk. cost[i, j] is the cost of answering j for class i (0/1 without a cost
    matrix); a node's answer is label[node]."""
    n = end.shape[0]
    m = betas.shape[0]
    path = np.empty(parent.shape[0], np.int64)
    for r in range(n):
        depth = 0
        node = end[r]
        while node >= 0:
            path[depth] = node
            depth += 1
            node = parent[node]
        upper = np.inf
        for k in range(depth - 1, -1, -1):
            node = path[k]
            pa = -np.inf if leaf[node] else prune_alpha[node]
            wrong = w[r] * cost[y[r], label[node]]
            lo = np.searchsorted(betas, pa) if pa > -np.inf else 0
            hi = np.searchsorted(betas, upper) if upper < np.inf else m
            if hi > lo and wrong != 0.0:
                diff[lo] += wrong
                diff[hi] -= wrong
            if pa == -np.inf:
                break
            if pa < upper:
                upper = pa


@numba.njit(**JIT)
def _strength(r_leaf, r_sub, n_leaves, i):
    """g(t) = (R(t) - R(T_t)) / (|leaves(T_t)| - 1), never below 0."""
    return max(0.0, (r_leaf[i] - r_sub[i]) / (n_leaves[i] - 1))


@numba.njit(**JIT)
def weakest_links(parent, child_start, child_count, child_index, preorder, r_leaf, prune_alpha):
    """Breiman's weakest-link sequence (engine/tree/prune.py, `pruning_path`): prune_alpha[i]
    is set to the alpha at which node i stops being internal (-inf for leaves); returns the
    distinct alphas (ascending, the first 0) and the leaves of the subtree at each.

    A heap of (g, node, version) entries; an entry whose node's version moved on (a
    descendant was pruned, so g changed) is stale and skipped. Weakest links of equal
    strength (within 1e-12) share one alpha."""
    n = parent.shape[0]
    r_sub = np.zeros(n)
    n_leaves = np.zeros(n, np.int64)
    for idx in range(preorder.shape[0] - 1, -1, -1):  # children before parents
        i = preorder[idx]
        if child_count[i] == 0:
            r_sub[i] = r_leaf[i]
            n_leaves[i] = 1
        else:
            total = 0.0
            count = 0
            for q in range(child_start[i], child_start[i] + child_count[i]):
                total += r_sub[child_index[q]]
                count += n_leaves[child_index[q]]
            r_sub[i] = total
            n_leaves[i] = count
    prune_alpha[:] = -np.inf
    removed = np.zeros(n, np.bool_)
    version = np.zeros(n, np.int64)
    heap = [(0.0, np.int64(0), np.int64(0))]
    heap.pop()
    for idx in range(preorder.shape[0]):
        i = preorder[idx]
        if child_count[i] > 0:
            prune_alpha[i] = np.inf
            heapq.heappush(heap, (_strength(r_leaf, r_sub, n_leaves, i), i, np.int64(0)))
    alphas = [0.0]
    leaves = [n_leaves[0]]
    current = 0.0
    stack = np.empty(n, np.int64)
    while len(heap) > 0:
        value, i, ver = heapq.heappop(heap)
        if removed[i] or ver != version[i] or prune_alpha[i] != np.inf:
            continue
        alpha = max(current, value)
        if alpha > current + 1e-12:
            alphas.append(alpha)
            leaves.append(n_leaves[0])
            current = alpha
        prune_alpha[i] = current
        top = 0
        for q in range(child_start[i], child_start[i] + child_count[i]):
            stack[top] = child_index[q]
            top += 1
        while top > 0:
            top -= 1
            d = stack[top]
            if not removed[d]:
                removed[d] = True
                if prune_alpha[d] == np.inf:
                    prune_alpha[d] = current
                for q in range(child_start[d], child_start[d] + child_count[d]):
                    stack[top] = child_index[q]
                    top += 1
        delta_r = r_leaf[i] - r_sub[i]
        delta_l = 1 - n_leaves[i]
        r_sub[i] = r_leaf[i]
        n_leaves[i] = 1
        a = parent[i]
        while a >= 0:
            r_sub[a] += delta_r
            n_leaves[a] += delta_l
            version[a] += 1
            heapq.heappush(heap, (_strength(r_leaf, r_sub, n_leaves, a), a, version[a]))
            a = parent[a]
        leaves[-1] = n_leaves[0]
    return np.array(alphas), np.array(leaves)
