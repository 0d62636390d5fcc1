"""Yuan & Shaw's classification ambiguity (Min-Ambiguity fuzzy trees; ALGORITHMS.md §3.5).

With crisp classes, the subsethood S(E, C_i) = Σ min(E, C_i) / Σ E of a fuzzy
evidence E in class C_i is E's mass on class i over E's mass, so everything
here reads class masses: the possibility π_i = S(E, C_i) / max_j S(E, C_j) =
mass_i / max_j mass_j, the ambiguity g(π) = Σ_i (π*_i - π*_{i+1}) ln i over π
sorted in descending order (π*_{n+1} = 0), and the classification ambiguity of
an attribute's terms G = Σ_j w_j g(π(C | E_j ∩ F)), w_j their masses' shares.
"""

from __future__ import annotations

import numba
import numpy as np

from .config import JIT


@numba.njit(**JIT)
def ambiguity(masses):
    """g(π) of the possibility distribution of one set of class masses (0 for no mass)."""
    top = masses.max() if masses.shape[0] else 0.0
    if top <= 0:
        return 0.0
    pi = np.sort(masses / top)[::-1]
    g = 0.0
    for i in range(pi.shape[0]):
        following = pi[i + 1] if i + 1 < pi.shape[0] else 0.0
        g += (pi[i] - following) * np.log(i + 1.0)
    return g


@numba.njit(**JIT)
def classification_ambiguity(bags):
    """G = Σ_j w_j g(π(C | E_j)), w_j = M(E_j) / Σ_l M(E_l), from each term's class masses
    (`bags`, terms x labels)."""
    n_terms = bags.shape[0]
    masses = np.zeros(n_terms)
    for j in range(n_terms):
        masses[j] = bags[j].sum()
    total = masses.sum()
    if total <= 0:
        return 0.0
    G = 0.0
    for j in range(n_terms):
        if masses[j] > 0:
            G += masses[j] / total * ambiguity(bags[j])
    return G
