"""Per-cut versions of the ordinal criteria (every cut of one attribute at once), used
only by the tests to check the streaming sweeps against the naive pairwise definitions."""

from __future__ import annotations

import numba
import numpy as np

from engine.kernels.criteria import ie_value, ranking_impurity, rmi_value, rt_value, upper_totals

JIT = dict(cache=False)


@numba.njit(**JIT)
def ie_cuts(left, known):
    out = np.zeros(left.shape[0])
    for c in range(left.shape[0]):
        out[c] = ie_value(left[c], known)
    return out


@numba.njit(**JIT)
def rmi_cuts(left, known):
    upper_all = upper_totals(known)
    out = np.zeros(left.shape[0])
    for c in range(left.shape[0]):
        out[c] = rmi_value(left[c], known, upper_all)
    return out


@numba.njit(**JIT)
def rt_cuts(left, known):
    out = np.zeros(left.shape[0])
    parent = ranking_impurity(known)
    right = np.zeros(left.shape[1])
    for c in range(left.shape[0]):
        out[c] = rt_value(left[c], known, parent, right)
    return out


@numba.njit(**JIT)
def facmi_from_memberships(upper, known):
    """(1/n²) Σ_k M_k Σ_{j<k} (N_j - M_j) for each row of upper memberships M."""
    n_cuts, k = upper.shape
    n = known.sum()
    out = np.zeros(n_cuts)
    if n <= 0:
        return out
    for c in range(n_cuts):
        lower_below = 0.0  # Σ_{j<k} (N_j - M_j)
        s = 0.0
        for j in range(k):
            s += upper[c, j] * lower_below
            lower_below += known[j] - upper[c, j]
        out[c] = s / (n * n)
    return out


@numba.njit(**JIT)
def facmi_ramp_cuts(values, y, w, thresholds, half_width, n_classes):
    """Upper memberships M (cuts x classes) of the ramp μ = clip((a - c + h) / 2h, 0, 1).

    `values`, `y`, `w` sorted by value, no NaN. Prefix sums per class of weights
    and of weight·value give, for each cut, the cases fully above c + h and the
    ramp's share of those within (c - h, c + h): O(n·K + cuts·(K + log n)).
    """
    n = values.shape[0]
    cum_w = np.zeros((n + 1, n_classes))
    cum_wv = np.zeros((n + 1, n_classes))
    for i in range(n):
        cum_w[i + 1] = cum_w[i]
        cum_wv[i + 1] = cum_wv[i]
        cum_w[i + 1, y[i]] += w[i]
        cum_wv[i + 1, y[i]] += w[i] * values[i]
    m = thresholds.shape[0]
    upper = np.zeros((m, n_classes))
    for c in range(m):
        t = thresholds[c]
        if half_width <= 0.0:  # crisp: everything above the cut
            hi = np.searchsorted(values, t, side="right")
            for j in range(n_classes):
                upper[c, j] = cum_w[n, j] - cum_w[hi, j]
            continue
        lo = np.searchsorted(values, t - half_width, side="right")  # first value > c - h
        hi = np.searchsorted(values, t + half_width, side="left")  # first value >= c + h
        for j in range(n_classes):
            full = cum_w[n, j] - cum_w[hi, j]
            ramp_w = cum_w[hi, j] - cum_w[lo, j]
            ramp_wv = cum_wv[hi, j] - cum_wv[lo, j]
            upper[c, j] = full + (ramp_wv - (t - half_width) * ramp_w) / (2.0 * half_width)
    return upper


@numba.njit(**JIT)
def facmi_logistic_cuts(values, y, w, thresholds, steepness, scale, n_classes):
    """Upper memberships with the exact logistic μ = 1 / (1 + exp(-k (a - c) / s))."""
    m = thresholds.shape[0]
    n = values.shape[0]
    upper = np.zeros((m, n_classes))
    for c in numba.prange(m):
        t = thresholds[c]
        for i in range(n):
            z = -steepness * (values[i] - t) / scale
            if z > 700.0:
                mu = 0.0
            else:
                mu = 1.0 / (1.0 + np.exp(z))
            upper[c, y[i]] += w[i] * mu
    return upper
