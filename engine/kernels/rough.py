"""Rough-set measures of one attribute at a node (seed 001, ALGORITHMS.md §2).

Both read the attribute's value x class contingency table (`bags`, the weight of
class k among the cases with value v, from `counts.category_counts`): a value's
cases form a granule c_v; a granule lies in the positive region when one class
holds all its weight.
"""

from __future__ import annotations

import numba
import numpy as np

from .config import JIT


@numba.njit(**JIT)
def dependency(bags, total):
    """γ_c(D) = |POS_c(D)| / n: the weight of the granules wholly inside one class over the
    node's weight `total` (cases with the value unknown count in n, never in POS)."""
    if total <= 0:
        return 0.0
    pure = 0.0
    for v in range(bags.shape[0]):
        classes = 0
        size = 0.0
        for k in range(bags.shape[1]):
            if bags[v, k] > 0:
                classes += 1
                size += bags[v, k]
        if classes == 1:
            pure += size
    return pure / total


@numba.njit(**JIT)
def attribute_purity(bags):
    """Pure_c(D) = Σ_v max_k |c_v ∩ D_k| / |c_v| over the non-empty granules (1 ≤ Pure ≤ m,
    and Pure = m exactly when every granule is pure)."""
    purity = 0.0
    for v in range(bags.shape[0]):
        size = 0.0
        largest = 0.0
        for k in range(bags.shape[1]):
            size += bags[v, k]
            if bags[v, k] > largest:
                largest = bags[v, k]
        if size > 0:
            purity += largest / size
    return purity


@numba.njit(**JIT)
def _xlnx(x):
    return x * np.log(x) if x > 0 else 0.0


@numba.njit(**JIT)
def gain_and_ratio(bags, total):
    """C4.5's information gain (bits per case, scaled by the share of known values) and gain
    ratio of one attribute, as J48 computes them (engine.algorithms.c45.info_gain and
    gain_ratio: unknown values form one more bag of the split information; a numerator or
    a split information below 1e-6 counts as 0)."""
    m, n_classes = bags.shape
    log2 = np.log(2.0)
    known = 0.0
    new = 0.0
    split = 0.0
    for v in range(m):
        size = 0.0
        for k in range(n_classes):
            size += bags[v, k]
            new -= _xlnx(bags[v, k])
        new += _xlnx(size)
        split -= _xlnx(size)
        known += size
    if known <= 0:
        return 0.0, 0.0
    old = _xlnx(known)
    for k in range(n_classes):
        column = 0.0
        for v in range(m):
            column += bags[v, k]
        old -= _xlnx(column)
    numerator = (old - new) / log2 * (known / total)
    gain = 0.0 if abs(numerator) < 1e-6 else numerator / known
    split = (split - _xlnx(total - known) + _xlnx(total)) / log2 / total
    ratio = 0.0 if abs(split) < 1e-6 else gain / split
    return gain, ratio


@numba.njit(**JIT)
def rough_table_scores(tables, total):
    """For each attribute's table (tables[a]: values x classes) at a node of weight `total`:
    out[a] = (γ, Pure, gain, gain ratio), and whether it offers a partition (two or more
    values with weight)."""
    n = tables.shape[0]
    out = np.zeros((n, 4))
    offered = np.zeros(n, np.bool_)
    for a in range(n):
        bags = tables[a]
        values = 0
        for v in range(bags.shape[0]):
            size = 0.0
            for k in range(bags.shape[1]):
                size += bags[v, k]
            if size > 0:
                values += 1
        offered[a] = values >= 2
        out[a, 0] = dependency(bags, total)
        out[a, 1] = attribute_purity(bags)
        out[a, 2], out[a, 3] = gain_and_ratio(bags, total)
    return out, offered


def rough_measures(bags: np.ndarray, total: float) -> tuple[float, float]:
    """(γ, Pure) of one attribute from its contingency table."""
    bags = np.ascontiguousarray(bags, dtype=np.float64)
    return float(dependency(bags, float(total))), float(attribute_purity(bags))
