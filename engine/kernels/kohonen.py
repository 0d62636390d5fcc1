"""The 1-D Kohonen map that places the fuzzy terms' centres (seed 002, ALGORITHMS.md §3.1)."""

from __future__ import annotations

import numba
import numpy as np

from .config import JIT


@numba.njit(**JIT)
def kohonen_1d(values, centres, orders, rate, start=0, total=0):
    """Train `centres` (changed in place) on `values`, visiting them epoch by epoch in the
    orders given (orders[e] a permutation of the value indices). At step t of T steps in all
    (`total`; 0: epochs x n), counted from `start` (a caller that passes one epoch at a time
    says where it is), the winner j = argmin |x - m_j| (ties: the lower centre) moves
    m_j += η_t (x - m_j), with η_t = rate · (1 - t / T): a learning rate decaying linearly
    from `rate` towards 0."""
    epochs, n = orders.shape
    if total <= 0:
        total = epochs * n
    t = start
    for e in range(epochs):
        for s in range(n):
            x = values[orders[e, s]]
            best = 0
            distance = abs(x - centres[0])
            for j in range(1, centres.shape[0]):
                d = abs(x - centres[j])
                if d < distance:
                    best, distance = j, d
            centres[best] += rate * (1.0 - t / total) * (x - centres[best])
            t += 1
    return centres
