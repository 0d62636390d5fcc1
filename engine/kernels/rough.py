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


def rough_measures(bags: np.ndarray, total: float) -> tuple[float, float]:
    """(γ, Pure) of one attribute from its contingency table."""
    bags = np.ascontiguousarray(bags, dtype=np.float64)
    return float(dependency(bags, float(total))), float(attribute_purity(bags))
