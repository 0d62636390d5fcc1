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


@numba.njit(**JIT)
def _block(a, lo, n):
    """NumPy's sum of a[lo:lo+n], n <= 128: sequential below 8, else 8 partial sums."""
    if n < 8:
        res = 0.0
        for i in range(lo, lo + n):
            res += a[i]
        return res
    r0, r1, r2, r3 = a[lo], a[lo + 1], a[lo + 2], a[lo + 3]
    r4, r5, r6, r7 = a[lo + 4], a[lo + 5], a[lo + 6], a[lo + 7]
    i = 8
    m = n - n % 8
    while i < m:
        r0 += a[lo + i]
        r1 += a[lo + i + 1]
        r2 += a[lo + i + 2]
        r3 += a[lo + i + 3]
        r4 += a[lo + i + 4]
        r5 += a[lo + i + 5]
        r6 += a[lo + i + 6]
        r7 += a[lo + i + 7]
        i += 8
    res = ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7))
    while i < n:
        res += a[lo + i]
        i += 1
    return res


@numba.njit(**JIT)
def pairwise_sum(a):
    """Σ a in NumPy's order for a contiguous 1-D array (`a.sum()`, a row's `sum(axis=-1)`):
    blocks of up to 128 summed by 8 partial sums, longer runs halved (at a multiple of 8)
    and the halves added. Iterative (numba's cache does not keep recursive kernels safely)."""
    n = a.shape[0]
    if n <= 128:
        return _block(a, 0, n)
    los = np.empty(64, np.int64)
    ns = np.empty(64, np.int64)
    stage = np.zeros(64, np.int64)
    left = np.zeros(64)
    top = 0
    los[0], ns[0], stage[0] = 0, n, 0
    ret = 0.0
    while top >= 0:
        lo, m = los[top], ns[top]
        if m <= 128:
            ret = _block(a, lo, m)
            top -= 1
            continue
        half = m // 2
        half -= half % 8
        if stage[top] == 0:  # the left half first
            stage[top] = 1
            top += 1
            los[top], ns[top], stage[top] = lo, half, 0
        elif stage[top] == 1:  # then the right half
            left[top] = ret
            stage[top] = 2
            top += 1
            los[top], ns[top], stage[top] = lo + half, m - half, 0
        else:
            ret = left[top] + ret
            top -= 1
    return ret


@numba.njit(**JIT)
def numeric_cut_bags(X, y, rows, weights, features, n_classes, min_obj):
    """The admissible binary cuts of each numeric attribute in `features` (J48's C45Split).

    For attribute f: the node's known values sorted (stable), cuts between consecutive
    distinct values, left class weights of each cut; minSplit = clamp(0.1 · known weight /
    K, M, 25); a cut is admissible when both sides weigh at least minSplit (less 1e-12),
    and the attribute only when it has at least 2·minSplit known cases.

    Returns bags (N, 2, K) (left, known - left of every admissible cut, attribute after
    attribute), thresholds (N,), start and count of each attribute's cuts in them (count
    0: no admissible cut), and known (A, K), each attribute's known class weights."""
    m = rows.shape[0]
    A = features.shape[0]
    known = np.zeros((A, n_classes))
    start = np.zeros(A, np.int64)
    count = np.zeros(A, np.int64)
    orders = np.empty((A, m), np.int64)
    n_knowns = np.zeros(A, np.int64)
    mins = np.zeros(A)
    values = np.empty(m)
    for a in range(A):
        f = features[a]
        for i in range(m):
            values[i] = X[rows[i], f]
        order = np.argsort(values, kind="mergesort")
        orders[a] = order
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
                lw = pairwise_sum(running)
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
        order = orders[a]
        for i in range(m):
            values[i] = X[rows[i], f]
        known_w = pairwise_sum(known[a])
        running = np.zeros(n_classes)
        q = start[a]
        for i in range(n_knowns[a] - 1):
            r = order[i]
            running[y[rows[r]]] += weights[r]
            if values[order[i + 1]] > values[r]:
                lw = pairwise_sum(running)
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
