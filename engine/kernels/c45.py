"""C4.5's class counts for every attribute of a node in one call (engine/algorithms/c45.py).

The gains and gain ratios themselves are computed by NumPy over these counts for
all attributes at once (their logarithms must be NumPy's, so that J48-parity
results stay the same to the last bit); what is done here is the sorting, the
cumulative counts of every cut, and the sums whose order NumPy would use
(`pairwise_sum`, NumPy's summation of a contiguous row).
"""

from __future__ import annotations

import numba
import numpy as np

from .config import JIT
from .counts import midpoint
from .sums import block_sum, pairwise_sum


@numba.njit(**JIT)
def numeric_cut_bags(X, y, rows, weights, features, n_classes, min_obj):
    """`presorted_cut_bags` with the node's values sorted here (stable, NaN last)."""
    m = rows.shape[0]
    A = features.shape[0]
    orders = np.empty((m, A), np.int64)
    values = np.empty(m)
    for a in range(A):
        f = features[a]
        for i in range(m):
            values[i] = X[rows[i], f]
        orders[:, a] = np.argsort(values, kind="mergesort")
    return presorted_cut_bags(X, y, rows, weights, features, orders, n_classes, min_obj)


@numba.njit(**JIT)
def presorted_cut_bags(X, y, rows, weights, features, orders, n_classes, min_obj):
    """The admissible binary cuts of each numeric attribute in `features` (J48's C45Split).

    For attribute f: the node's known values sorted (stable), cuts between consecutive
    distinct values, left class weights of each cut; minSplit = clamp(0.1 · known weight /
    K, M, 25); a cut is admissible when both sides weigh at least minSplit (less 1e-12),
    and the attribute only when it has at least 2·minSplit known cases.

    Returns bags (N, 2, K) (left, known - left of every admissible cut, attribute after
    attribute), thresholds (N,), start and count of each attribute's cuts in them (count
    0: no admissible cut), and known (A, K), each attribute's known class weights.

    orders[:, a]: the positions in `rows` by attribute features[a]'s value, stable, NaN last
    (np.argsort(X[rows, f], kind="stable"))."""
    m = rows.shape[0]
    A = features.shape[0]
    known = np.zeros((A, n_classes))
    start = np.zeros(A, np.int64)
    count = np.zeros(A, np.int64)
    n_knowns = np.zeros(A, np.int64)
    mins = np.zeros(A)
    values = np.empty(m)
    for a in range(A):
        f = features[a]
        for i in range(m):
            values[i] = X[rows[i], f]
        order = orders[:, a]
        n_known = 0
        for i in range(m):
            if values[i] == values[i]:
                n_known += 1
        n_knowns[a] = n_known
        for i in range(n_known):
            r = order[i]
            known[a, y[rows[r]]] += weights[r]
        known_w = pairwise_sum(known[a])
        min_split = 0.1 * known_w / n_classes
        min_split = min_obj if min_split <= min_obj else min(min_split, 25.0)
        mins[a] = min_split
        if n_known < 2 * min_split:
            continue
        running = np.zeros(n_classes)
        c = 0
        for i in range(n_known - 1):
            r = order[i]
            running[y[rows[r]]] += weights[r]
            if values[order[i + 1]] > values[r]:
                if n_classes < 8:  # block_sum's order, without a call (each costs reference counts)
                    lw = 0.0
                    for k in range(n_classes):
                        lw += running[k]
                else:
                    lw = block_sum(running, 0, n_classes) if n_classes <= 128 else pairwise_sum(running)
                if lw >= min_split - 1e-12 and known_w - lw >= min_split - 1e-12:
                    c += 1
        count[a] = c
    total = 0
    for a in range(A):
        start[a] = total
        total += count[a]
    bags = np.zeros((total, 2, n_classes))
    thresholds = np.empty(total)
    for a in range(A):
        if count[a] == 0:
            continue
        f = features[a]
        order = orders[:, a]
        for i in range(m):
            values[i] = X[rows[i], f]
        known_w = pairwise_sum(known[a])
        running = np.zeros(n_classes)
        q = start[a]
        for i in range(n_knowns[a] - 1):
            r = order[i]
            running[y[rows[r]]] += weights[r]
            if values[order[i + 1]] > values[r]:
                if n_classes < 8:  # block_sum's order, without a call (each costs reference counts)
                    lw = 0.0
                    for k in range(n_classes):
                        lw += running[k]
                else:
                    lw = block_sum(running, 0, n_classes) if n_classes <= 128 else pairwise_sum(running)
                if lw >= mins[a] - 1e-12 and known_w - lw >= mins[a] - 1e-12:
                    for k in range(n_classes):
                        bags[q, 0, k] = running[k]
                        bags[q, 1, k] = known[a, k] - running[k]
                    thresholds[q] = midpoint(values[r], values[order[i + 1]])
                    q += 1
    return bags, thresholds, start, count, known


@numba.njit(**JIT)
def category_bags(X, y, rows, weights, features, n_values, n_classes):
    """bags[a, v, k]: the weight of class k with value v of attribute features[a] (zero
    beyond its n_values[a] values); missing values counted nowhere."""
    A = features.shape[0]
    width = 1
    for a in range(A):
        width = max(width, n_values[a])
    bags = np.zeros((A, width, n_classes))
    for a in range(A):
        f = features[a]
        for i in range(rows.shape[0]):
            v = X[rows[i], f]
            if v == v:
                bags[a, np.int64(v), y[rows[i]]] += weights[i]
    return bags
