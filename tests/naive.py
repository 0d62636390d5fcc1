"""Naive twins of the Numba kernels: straight from the definitions, slow, obvious.

Tests run a kernel and its twin on the same random inputs and compare.
"""

from __future__ import annotations

import itertools
import math

import numpy as np


def impurity(counts, criterion: int) -> float:
    total = float(sum(counts))
    if total <= 0:
        return 0.0
    if criterion == 0:
        return 1.0 - sum((c / total) ** 2 for c in counts)
    return -sum((c / total) * math.log2(c / total) for c in counts if c > 0)


def numeric_cut_counts(values, y, w, n_classes):
    """thresholds between consecutive distinct known values; left[c] = class weights with v <= t."""
    known = sorted({float(v) for v in values if v == v})
    thresholds = [(a + b) / 2 for a, b in zip(known, known[1:])]
    left = np.zeros((len(thresholds), n_classes))
    for c, t in enumerate(thresholds):
        for v, k, wi in zip(values, y, w):
            if v == v and v <= t:
                left[c, k] += wi
    known_counts = np.zeros(n_classes)
    missing = np.zeros(n_classes)
    for v, k, wi in zip(values, y, w):
        (known_counts if v == v else missing)[k] += wi
    return np.array(thresholds), left, known_counts, missing


def category_counts(codes, y, w, n_categories, n_classes):
    counts = np.zeros((n_categories, n_classes))
    missing = np.zeros(n_classes)
    for v, k, wi in zip(codes, y, w):
        if v != v:
            missing[k] += wi
        else:
            counts[int(v), k] += wi
    return counts, missing


def _split_gain(left_rows, right_rows, missing_rows, y, w, n_classes, criterion):
    """Gain with the missing cases on the heavier side (ties: left)."""
    def counts(rows):
        c = np.zeros(n_classes)
        for r in rows:
            c[y[r]] += w[r]
        return c

    lc, rc, mc = counts(left_rows), counts(right_rows), counts(missing_rows)
    parent = lc + rc + mc
    mleft = lc.sum() >= rc.sum()
    if mleft:
        lc = lc + mc
    else:
        rc = rc + mc
    total = parent.sum()
    gain = total * impurity(parent, criterion) - lc.sum() * impurity(lc, criterion) \
        - rc.sum() * impurity(rc, criterion)
    return gain, mleft, lc


def best_split(X, y, w, rows, is_nominal, n_classes, criterion, min_leaf):
    """Brute force over every attribute and every cut (every subset for K = 2 nominal).

    Returns (feature, threshold or frozenset of left categories, gain, missing_left, left counts).
    Ties: lowest attribute, then lowest cut (first found), as the kernel.
    """
    total = float(sum(w[r] for r in rows))
    best = (-1, None, -1.0, False, None)
    for f in range(X.shape[1]):
        known = [r for r in rows if X[r, f] == X[r, f]]
        missing = [r for r in rows if X[r, f] != X[r, f]]
        options = []
        if is_nominal[f]:
            present = sorted({int(X[r, f]) for r in known})
            if len(present) < 2:
                continue
            if n_classes == 2:
                subsets = [frozenset(s) for size in range(1, len(present))
                           for s in itertools.combinations(present, size)]
            else:
                subsets = [frozenset([c]) for c in present]
            for subset in subsets:
                left = [r for r in known if int(X[r, f]) in subset]
                right = [r for r in known if int(X[r, f]) not in subset]
                options.append((subset, left, right))
        else:
            values = sorted({X[r, f] for r in known})
            for a, b in zip(values, values[1:]):
                t = a / 2 + b / 2
                if t >= b or t < a:
                    t = a
                left = [r for r in known if X[r, f] <= t]
                right = [r for r in known if X[r, f] > t]
                options.append((t, left, right))
        for cut, left, right in options:
            if len(left) < min_leaf or len(right) < min_leaf:
                continue
            gain, mleft, lc = _split_gain(left, right, missing, y, w, n_classes, criterion)
            if gain > best[2] + 1e-12 * total:
                best = (f, cut, gain, mleft, lc)
    return best


def grow_cart(X, y, w, is_nominal, n_classes, criterion=0, min_leaf=1):
    """Recursive CART with the builder's rules; nodes as nested dicts."""
    def node(rows):
        counts = np.zeros(n_classes)
        for r in rows:
            counts[y[r]] += w[r]
        out = {"counts": counts}
        if len(rows) < 2 or np.count_nonzero(counts) <= 1 or len(rows) < 2 * min_leaf:
            return out
        f, cut, gain, mleft, _ = best_split(X, y, w, rows, is_nominal, n_classes, criterion, min_leaf)
        if f < 0:
            return out

        def goes_left(r):
            v = X[r, f]
            if v != v:
                return mleft
            return int(v) in cut if is_nominal[f] else v <= cut

        left = [r for r in rows if goes_left(r)]
        right = [r for r in rows if not goes_left(r)]
        out.update(feature=f, cut=cut, children=[node(left), node(right)])
        return out

    return node(list(range(len(y))))
