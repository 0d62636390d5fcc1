"""Hierarchical fuzzy entropy (seed 002, ALGORITHMS.md §3.3) from class masses.

A node's (or a term's child's) class masses M(D ∩ class) are summed into each
level's labels with `ancestor[i, k]` (the label of level i that class k
belongs to); FEntr_i = -Σ_q p_q log2 p_q over level i's labels, and
HFEntr = Σ_{i=2..h} ω_i FEntr_i with ω_i = 2(h - i + 1) / (h(h - 1)).
"""

from __future__ import annotations

import numba
import numpy as np

from .config import JIT
from .criteria import entropy


@numba.njit(**JIT)
def level_masses(counts, ancestor, width):
    """masses[i, q]: the class masses `counts` (K,) summed into level i's label q."""
    h, K = ancestor.shape
    out = np.zeros((h, width))
    for i in range(h):
        for k in range(K):
            out[i, ancestor[i, k]] += counts[k]
    return out


@numba.njit(**JIT)
def fuzzy_entropy(masses):
    """FEntr = -Σ p log2 p of one row of masses (0 for no mass): the crisp entropy criterion
    on membership masses."""
    total = 0.0
    for q in range(masses.shape[0]):
        total += masses[q]
    if total <= 0:
        return 0.0
    return entropy(masses, total)


@numba.njit(**JIT)
def level_weights(h):
    """ω_1 = 0, ω_i = 2(h - i + 1) / (h(h - 1)) for i = 2..h (levels counted from 1); a single
    level (h = 1) weighs 1 so that a flat problem is plain fuzzy entropy."""
    w = np.zeros(h)
    if h == 1:
        w[0] = 1.0
        return w
    for i in range(2, h + 1):
        w[i - 1] = 2.0 * (h - i + 1) / (h * (h - 1))
    return w


@numba.njit(**JIT)
def hierarchical_entropy(counts, ancestor, width):
    """HFEntr of one set of class masses."""
    h = ancestor.shape[0]
    masses = level_masses(counts, ancestor, width)
    w = level_weights(h)
    out = 0.0
    for i in range(h):
        if w[i] > 0:
            out += w[i] * fuzzy_entropy(masses[i])
    return out


@numba.njit(**JIT)
def hierarchical_gain(bags, ancestor, width):
    """HG = HFEntr^D - Σ_g η_g HFEntr^{D^{T_g}}, η_g = M(D^{T_g}) / Σ_g M(D^{T_g}), from the class
    masses of each term's child (`bags`, terms x classes); the node's masses are their sum.
    Returns (gain, the weighted entropy after the split)."""
    n_terms, K = bags.shape
    node = np.zeros(K)
    masses = np.zeros(n_terms)
    for g in range(n_terms):
        for k in range(K):
            node[k] += bags[g, k]
            masses[g] += bags[g, k]
    total = masses.sum()
    if total <= 0:
        return 0.0, 0.0
    after = 0.0
    for g in range(n_terms):
        if masses[g] > 0:
            after += masses[g] / total * hierarchical_entropy(bags[g], ancestor, width)
    return hierarchical_entropy(node, ancestor, width) - after, after
