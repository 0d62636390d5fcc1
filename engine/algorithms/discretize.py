"""Supervised discretisation by entropy and the MDL principle (Fayyad & Irani 1993).

A numeric attribute is cut at the boundary that minimises the class entropy of
the two parts; the cut is kept when its gain exceeds the MDL bound
    log2(N - 1) / N + [log2(3^k - 2) - (k·Ent(S) - k1·Ent(S1) - k2·Ent(S2))] / N
(k, k1, k2 the numbers of classes present in S, S1, S2), and each part is cut
again the same way. Computed on the training cases only (a fold's own cuts).
"""

from __future__ import annotations

import math

import numpy as np

from ..kernels.counts import numeric_cut_counts, sort_by_value


def _entropy(counts: np.ndarray) -> np.ndarray:
    counts = np.asarray(counts, dtype=np.float64)
    total = counts.sum(axis=-1, keepdims=True)
    with np.errstate(divide="ignore", invalid="ignore"):
        p = np.where(total > 0, counts / np.where(total > 0, total, 1), 0.0)
        logs = np.where(p > 0, np.log2(np.where(p > 0, p, 1)), 0.0)
    return -(p * logs).sum(axis=-1)


def mdl_cuts(values: np.ndarray, y: np.ndarray, w: np.ndarray, n_classes: int) -> list[float]:
    """Sorted cut points of one attribute (missing values ignored)."""
    known = values == values
    v, yy, ww = values[known], y[known], w[known]
    order = sort_by_value(v)
    v, yy, ww = v[order], yy[order], ww[order]
    cuts: list[float] = []
    stack = [(0, len(v))]
    while stack:
        lo, hi = stack.pop()
        if hi - lo < 2:
            continue
        thresholds, left, total, _ = numeric_cut_counts(v[lo:hi], yy[lo:hi], ww[lo:hi], n_classes)
        if not len(thresholds):
            continue
        n = total.sum()
        if n < 2.0:  # less weight than two whole cases (small case weights): MDL's log2(N - 1) has
            continue  # no meaning there, and no cut can be paid for
        right = total[None, :] - left
        nl, nr = left.sum(axis=1), right.sum(axis=1)
        ent = (nl * _entropy(left) + nr * _entropy(right)) / n
        best = int(np.argmin(ent))  # first minimum: the lowest cut
        ent_s = float(_entropy(total))
        gain = ent_s - float(ent[best])
        k = int(np.count_nonzero(total))
        k1 = int(np.count_nonzero(left[best]))
        k2 = int(np.count_nonzero(right[best]))
        delta = math.log2(3 ** k - 2) - (k * ent_s - k1 * float(_entropy(left[best])) - k2 * float(_entropy(right[best])))
        if gain <= (math.log2(n - 1) + delta) / n:
            continue
        t = float(thresholds[best])
        cuts.append(t)
        split = lo + int(np.searchsorted(v[lo:hi], t, side="right"))
        stack.append((lo, split))
        stack.append((split, hi))
    return sorted(cuts)
