"""NumPy's summation order in compiled code: a kernel that must give the same bits as
`a.sum()` (C4.5's weights, the fuzzy splitter's masses) adds the numbers as NumPy does —
blocks of at most 128 by eight running sums, longer runs halved at a multiple of 8."""

from __future__ import annotations

import numba
import numpy as np

from .config import JIT


@numba.njit(**JIT)
def block_sum(a, start, n):
    """a[start:start + n].sum() of at most 128 numbers as NumPy adds them: one by one below
    8, else eight running sums then the rest."""
    if n < 8:
        out = 0.0
        for i in range(n):
            out += a[start + i]
        return out
    r0, r1, r2, r3 = a[start], a[start + 1], a[start + 2], a[start + 3]
    r4, r5, r6, r7 = a[start + 4], a[start + 5], a[start + 6], a[start + 7]
    i = 8
    while i < n - n % 8:
        r0 += a[start + i]
        r1 += a[start + i + 1]
        r2 += a[start + i + 2]
        r3 += a[start + i + 3]
        r4 += a[start + i + 4]
        r5 += a[start + i + 5]
        r6 += a[start + i + 6]
        r7 += a[start + i + 7]
        i += 8
    out = ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7))
    while i < n:
        out += a[start + i]
        i += 1
    return out


@numba.njit(**JIT)
def numpy_sum(a, start, n):
    """a[start:start + n].sum() exactly as NumPy adds a contiguous float64 array: pairwise,
    halves (the first a multiple of 8) down to blocks of at most 128 (`block_sum`). Without
    recursion (a cached recursive kernel crashes Numba): a stack of (start, n, stage)."""
    if n <= 128:
        return block_sum(a, start, n)
    starts = np.empty(128, np.int64)
    sizes = np.empty(128, np.int64)
    stages = np.zeros(128, np.int64)
    sums = np.empty(128)
    top, done = 0, 0
    starts[0], sizes[0] = start, n
    while top >= 0:
        s, m = starts[top], sizes[top]
        if m <= 128:
            sums[done] = block_sum(a, s, m)
            done += 1
            top -= 1
            continue
        half = m // 2
        half -= half % 8
        if stages[top] < 2:  # push the first half, then the second
            first = stages[top] == 0
            stages[top] += 1
            top += 1
            starts[top] = s if first else s + half
            sizes[top] = half if first else m - half
            stages[top] = 0
        else:  # both halves summed
            sums[done - 2] = sums[done - 2] + sums[done - 1]
            done -= 1
            top -= 1
    return sums[0]


@numba.njit(**JIT)
def pairwise_sum(a):
    """Σ a in NumPy's order for a contiguous 1-D array (`a.sum()`, a row's `sum(axis=-1)`)."""
    return numpy_sum(a, 0, a.shape[0])
