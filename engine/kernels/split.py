"""Best binary split of a node over presorted columns, and the stable partition
that keeps every column's segment sorted for the children.

Layout: `order[f]` holds the sample indices sorted by attribute f (NaN last);
the samples of a node are `order[f, start:end]` for every f (the same set in
each row, each row in its own attribute's order). After a split the segment
of every row is partitioned stably into left | right, so children stay sorted
without sorting again (the classic presorted approach of SLIQ/C4.5).

Impurity criteria (engine/kernels/criteria.py, by name in CRITERIA): Gini and
entropy. The split maximises the weighted impurity decrease
W·I(node) - W_L·I(L) - W_R·I(R). Cases with the attribute missing go to the
heavier side (and prediction's "majority" policy sends them the same way).
Ties: lowest attribute index, then lowest cut (the first found wins).
"""

from __future__ import annotations

import numba
import numpy as np

from .config import JIT
from .counts import cut_allowed, known_end, midpoint
from .criteria import ENTROPY, GINI, impurity  # noqa: F401 (GINI, ENTROPY: the codes callers pass)

@numba.njit(**JIT)
def _weighted_child_impurity(left, right, criterion):
    wl = left.sum()
    wr = right.sum()
    return wl * impurity(left, wl, criterion) + wr * impurity(right, wr, criterion)


@numba.njit(**JIT)
def best_split(X, vals, ys, w, order, start, end, candidate, is_nominal, n_categories, n_classes, criterion,
               min_leaf, branch_out, left_out, unit):
    """Best split of the node whose samples are order[:, start:end].

    Returns (feature, threshold, decrease, missing_left); feature = -1 when no
    split leaves at least `min_leaf` cases with a value on each side. A split
    that decreases nothing is still returned (as CART grows through XOR-like
    structure); the growth loop decides with its minimum decrease.
    For a nominal feature, branch_out[v] is filled with 0 (left) / 1 (right) /
    -1 (category absent from the node). left_out receives the left child's
    class weights, missing cases included.
    """
    p = X.shape[1]
    parent = np.zeros(n_classes)
    for i in range(start, end):
        parent[ys[0, i]] += 1.0 if unit else w[order[0, i]]
    total = parent.sum()
    base = total * impurity(parent, total, criterion)
    best_f = -1
    best_t = 0.0
    best_gain = -1.0  # any valid cut beats "no split", even one that gains nothing (XOR)
    best_mleft = False
    left = np.zeros(n_classes)
    right = np.zeros(n_classes)
    missing = np.zeros(n_classes)
    for f in range(p):
        if not candidate[f]:
            continue
        if is_nominal[f]:
            m = n_categories[f]
            cat = np.zeros((m, n_classes))
            cat_n = np.zeros(m, np.int64)
            missing[:] = 0.0
            for i in range(start, end):
                ws = 1.0 if unit else w[order[f, i]]
                v = vals[f, i]
                if v != v:
                    missing[ys[f, i]] += ws
                else:
                    cat[np.int64(v), ys[f, i]] += ws
                    cat_n[np.int64(v)] += 1
            present = np.flatnonzero(cat_n > 0)
            if present.shape[0] < 2:
                continue
            if n_classes == 2:
                # order the present categories by p(second class): the best binary
                # subset is a prefix of that order (Breiman et al. 1984, exact for K = 2)
                ratio = np.empty(present.shape[0])
                for j in range(present.shape[0]):
                    c = present[j]
                    ratio[j] = cat[c, 1] / (cat[c, 0] + cat[c, 1]) if cat[c, 0] + cat[c, 1] > 0 else 0.0
                ranked = present[np.argsort(ratio, kind="mergesort")]
                n_options = ranked.shape[0] - 1
            else:
                ranked = present
                n_options = present.shape[0]
            for opt in range(n_options):
                left[:] = 0.0
                nl = 0
                if n_classes == 2:
                    for j in range(opt + 1):
                        left += cat[ranked[j]]
                        nl += cat_n[ranked[j]]
                else:
                    left += cat[ranked[opt]]
                    nl = cat_n[ranked[opt]]
                nr = 0
                for j in range(present.shape[0]):
                    nr += cat_n[present[j]]
                nr -= nl
                if nl < min_leaf or nr < min_leaf:
                    continue
                for k in range(n_classes):
                    right[k] = -left[k]
                for j in range(present.shape[0]):
                    right += cat[present[j]]
                mleft = left.sum() >= right.sum()
                if mleft:
                    left += missing
                else:
                    right += missing
                gain = base - _weighted_child_impurity(left, right, criterion)
                if gain > best_gain + 1e-12 * total:
                    best_gain = gain
                    best_f = f
                    best_t = 0.0
                    best_mleft = mleft
                    branch_out[:] = -1
                    for j in range(present.shape[0]):
                        branch_out[present[j]] = 1
                    if n_classes == 2:
                        for j in range(opt + 1):
                            branch_out[ranked[j]] = 0
                    else:
                        branch_out[ranked[opt]] = 0
                    left_out[:] = left
                if mleft:
                    left -= missing
        else:
            n_known = known_end(vals[f], start, end)
            if n_known - start < 2 * min_leaf:
                continue
            missing[:] = 0.0
            for i in range(n_known, end):
                missing[ys[f, i]] += 1.0 if unit else w[order[f, i]]
            known = parent - missing
            left[:] = 0.0
            wk = known.sum()
            if criterion == GINI and n_known == end:
                # Gini without missing values: W·Gini(L) = W_L - sum l_k^2 / W_L, so the best
                # cut maximises sum l_k^2 / W_L + sum r_k^2 / W_R; the squares are updated in O(1)
                sq_left = 0.0
                sq_right = 0.0
                for k in range(n_classes):
                    sq_right += known[k] * known[k]
                wl = 0.0
                for i in range(start, n_known - 1):
                    k = ys[f, i]
                    ws = 1.0 if unit else w[order[f, i]]
                    sq_left += (2.0 * left[k] + ws) * ws
                    sq_right += (ws - 2.0 * (known[k] - left[k])) * ws
                    left[k] += ws
                    wl += ws
                    if not cut_allowed(vals[f], i, start, n_known, min_leaf):
                        continue
                    wr = wk - wl
                    if wl <= 0.0 or wr <= 0.0:
                        continue
                    gain = base - wk + sq_left / wl + sq_right / wr
                    if gain > best_gain + 1e-12 * total:
                        for kk in range(n_classes):
                            right[kk] = known[kk] - left[kk]
                        best_gain = base - _weighted_child_impurity(left, right, criterion)
                        best_f = f
                        best_t = midpoint(vals[f, i], vals[f, i + 1])
                        best_mleft = wl >= wr
                        left_out[:] = left
                continue
            for i in range(start, n_known - 1):
                left[ys[f, i]] += 1.0 if unit else w[order[f, i]]
                if not cut_allowed(vals[f], i, start, n_known, min_leaf):
                    continue
                wl = left.sum()
                mleft = wl >= wk - wl
                for k in range(n_classes):
                    right[k] = known[k] - left[k]
                if mleft:
                    for k in range(n_classes):
                        left[k] += missing[k]
                else:
                    for k in range(n_classes):
                        right[k] += missing[k]
                gain = base - _weighted_child_impurity(left, right, criterion)
                if gain > best_gain + 1e-12 * total:
                    best_gain = gain
                    best_f = f
                    best_t = midpoint(vals[f, i], vals[f, i + 1])
                    best_mleft = mleft
                    left_out[:] = left
                if mleft:
                    for k in range(n_classes):
                        left[k] -= missing[k]
    return best_f, best_t, best_gain, best_mleft


@numba.njit(**JIT)
def goes_left(X, order, start, end, feature, threshold, nominal, branch, missing_left, out):
    """out[s] = True for the node's samples that go to the left child."""
    n_left = 0
    for i in range(start, end):
        s = order[0, i]
        v = X[s, feature]
        if v != v:
            left = missing_left
        elif nominal:
            b = branch[np.int64(v)]
            left = b == 0 if b >= 0 else missing_left
        else:
            left = v <= threshold
        out[s] = left
        if left:
            n_left += 1
    return n_left


@numba.njit(**JIT)
def partition(order, vals, ys, start, end, left_mask, buffer, vbuffer, ybuffer):
    """Stable partition of every row's segment (order, vals, ys) into left | right."""
    for f in range(order.shape[0]):
        nl = start
        nr = 0
        for i in range(start, end):
            s = order[f, i]
            if left_mask[s]:
                order[f, nl] = s
                vals[f, nl] = vals[f, i]
                ys[f, nl] = ys[f, i]
                nl += 1
            else:
                buffer[nr] = s
                vbuffer[nr] = vals[f, i]
                ybuffer[nr] = ys[f, i]
                nr += 1
        for j in range(nr):
            order[f, nl + j] = buffer[j]
            vals[f, nl + j] = vbuffer[j]
            ys[f, nl + j] = ybuffer[j]


@numba.njit(**JIT)
def split_segment(X, order, vals, ys, start, end, feature, threshold, nominal, branch, missing_left, left_mask,
                  buffer, vbuffer, ybuffer):
    """goes_left then partition, in one call: the node's segment becomes left | right in every
    row; returns the number of cases that went left."""
    n_left = goes_left(X, order, start, end, feature, threshold, nominal, branch, missing_left, left_mask)
    partition(order, vals, ys, start, end, left_mask, buffer, vbuffer, ybuffer)
    return n_left


@numba.njit(**JIT)
def _order_ties_and_gather(column, y, idx, f, order, vals, ys):
    """Row f of the presorted arrays from idx (column sorted by value, NaN last, ties in any
    order): each run of equal values (NaN with NaN) is put in index order, so the result is
    the stable order; vals and ys gathered alongside."""
    n = column.shape[0]
    i = 0
    while i < n:
        v = column[idx[i]]
        j = i + 1
        if v == v:
            while j < n and column[idx[j]] == v:
                j += 1
        else:
            while j < n and column[idx[j]] != column[idx[j]]:
                j += 1
        if j - i > 1:
            idx[i:j] = np.sort(idx[i:j])
        i = j
    for i in range(n):
        order[f, i] = idx[i]
        vals[f, i] = column[idx[i]]
        ys[f, i] = y[idx[i]]


def class_dtype(n_classes: int):
    """The narrowest integer type for class codes 0..n_classes-1: int8 for up to 127 classes."""
    return np.int8 if n_classes <= 127 else np.int16 if n_classes <= 32767 else np.int32


def presort(X, y):
    """order[f] = sample indices sorted by X[:, f] (NaN last, ties by index);
    vals[f] and ys[f] = the values and classes in that order.

    NumPy's quicksort (vectorised where the processor allows) sorts each column and
    the runs of equal values are then put in index order: the stable order, several
    times faster than a merge sort on continuous columns. ys holds the class codes in
    class_dtype (int8 for up to 127 classes: 1 byte per cell of X instead of 4)."""
    n, p = X.shape
    order = np.empty((p, n), np.int32)
    vals = np.empty((p, n))
    ys = np.empty((p, n), class_dtype(int(y.max()) + 1 if len(y) else 1))
    y = np.ascontiguousarray(y)
    for f in range(p):
        column = np.ascontiguousarray(X[:, f])
        idx = np.argsort(column, kind="quicksort")
        _order_ties_and_gather(column, y, idx, f, order, vals, ys)
    return order, vals, ys
