"""Class counts for candidate splits: the sorted sweep over a numeric attribute,
and counts per category of a nominal one. Weighted; NaN is missing.

These are the building blocks every criterion reads (Gini, entropy, gain
ratio, rank mutual information, ...): a criterion is a formula over the counts.
"""

from __future__ import annotations

import numba
import numpy as np

from .config import JIT


@numba.njit(**JIT)
def sort_by_value(values):
    """Indices that sort `values` ascending with NaN last (stable)."""
    return np.argsort(values, kind="mergesort")


@numba.njit(**JIT)
def numeric_cut_counts(values, y, w, n_classes):
    """Sweep a numeric attribute in sorted order (NaN last).

    Returns (thresholds, left, known, missing):
    thresholds[c]  midpoint between the c-th pair of consecutive distinct values,
    left[c, k]     weight of class k with value <= thresholds[c],
    known[k]       weight of class k with a value, missing[k] with NaN.
    `values`, `y`, `w` must already be in sorted order.
    """
    n = values.shape[0]
    n_known = known_end(values, 0, n)
    known = np.zeros(n_classes)
    missing = np.zeros(n_classes)
    for i in range(n_known):
        known[y[i]] += w[i]
    for i in range(n_known, n):
        missing[y[i]] += w[i]
    n_cuts = 0
    for i in range(n_known - 1):
        if values[i + 1] > values[i]:
            n_cuts += 1
    thresholds = np.empty(n_cuts)
    left = np.zeros((n_cuts, n_classes))
    running = np.zeros(n_classes)
    c = 0
    for i in range(n_known - 1):
        running[y[i]] += w[i]
        if values[i + 1] > values[i]:
            thresholds[c] = midpoint(values[i], values[i + 1])
            left[c, :] = running
            c += 1
    return thresholds, left, known, missing


@numba.njit(**JIT)
def known_end(col, start, end):
    """One past the last known value of col[start:end] (presorted: NaN last)."""
    n_known = end
    while n_known > start and col[n_known - 1] != col[n_known - 1]:
        n_known -= 1
    return n_known


@numba.njit(**JIT)
def cut_allowed(col, i, start, n_known, min_leaf):
    """A cut between presorted positions i and i + 1 of the known values col[start:n_known]:
    the values differ and each side keeps at least min_leaf cases."""
    if col[i + 1] <= col[i]:
        return False
    return i - start + 1 >= min_leaf and n_known - 1 - i >= min_leaf


@numba.njit(**JIT)
def add_class_weights(out, ys, order, w, lo, hi, unit, sign):
    """out[ys[i]] += sign * weight of case i, for presorted positions lo <= i < hi."""
    for i in range(lo, hi):
        out[ys[i]] += sign * (1.0 if unit else w[order[i]])


@numba.njit(**JIT)
def known_weights(out, parent, col, ys, order, w, start, end, unit):
    """out = the node's class weights less those of its cases with the attribute missing
    (presorted segment col[start:end], NaN last); returns one past the last known position."""
    n_known = known_end(col, start, end)
    out[:] = parent
    add_class_weights(out, ys, order, w, n_known, end, unit, -1.0)
    return n_known


@numba.njit(**JIT)
def midpoint(a, b):
    """(a + b) / 2, kept strictly below b (rounding can land on b for adjacent floats)."""
    m = a / 2.0 + b / 2.0
    if m >= b or m < a:
        m = a
    return m


@numba.njit(**JIT)
def category_counts(codes, y, w, n_categories, n_classes):
    """counts[v, k]: weight of class k with category code v; missing[k]: NaN codes."""
    counts = np.zeros((n_categories, n_classes))
    missing = np.zeros(n_classes)
    for i in range(codes.shape[0]):
        v = codes[i]
        if v != v:
            missing[y[i]] += w[i]
        else:
            counts[np.int64(v), y[i]] += w[i]
    return counts, missing
