"""Split criteria of the ordinal family (ALGORITHMS.md §1), over the class counts
of a binary cut: L (cases with a <= c), R (a > c), N = L + R, n = |N|;
classes are in their order 0 < 1 < ... < K-1.

- IE, complementary mutual information of the binarised attribute (§1.1):
      CMI_c = (2/n²) Σ_k L_k (|R| - R_k)
- REMT, rank mutual information (§1.2, natural logs):
      RMI_c = -(1/n) Σ_k R_k log(|R| C_{>=k} / (n R_{>=k}))
- RT, ranking impurity (§1.3): I(t) = Σ_{i<j} (j - i) N_i N_j (raw counts);
      gain ΔI = I(N) - I(L) - I(R)
- FACMI (§1.4): FACMI_c = (1/n²) Σ_k M_k Σ_{j<k} (N_j - M_j), M_k the fuzzy
  membership of class k in the upper side; `facmi_ramp_cuts` gets the M_k of
  every cut from prefix sums in O(log n) each, `facmi_logistic_cuts` sums the
  exact logistic memberships (O(n) a cut, parallel over cuts).

Each function returns the criterion for every cut at once (larger is better).
"""

from __future__ import annotations

import numba
import numpy as np

from .config import JIT


@numba.njit(**JIT)
def ie_cuts(left, known):
    n_cuts, k = left.shape
    n = known.sum()
    out = np.zeros(n_cuts)
    if n <= 0:
        return out
    for c in range(n_cuts):
        r_total = 0.0
        for j in range(k):
            r_total += known[j] - left[c, j]
        s = 0.0
        for j in range(k):
            s += left[c, j] * (r_total - (known[j] - left[c, j]))
        out[c] = 2.0 * s / (n * n)
    return out


@numba.njit(**JIT)
def rmi_cuts(left, known):
    n_cuts, k = left.shape
    n = known.sum()
    out = np.zeros(n_cuts)
    if n <= 0:
        return out
    upper_all = np.zeros(k)  # C_{>=k}
    acc = 0.0
    for j in range(k - 1, -1, -1):
        acc += known[j]
        upper_all[j] = acc
    for c in range(n_cuts):
        r_total = 0.0
        for j in range(k):
            r_total += known[j] - left[c, j]
        s = 0.0
        r_upper = 0.0
        for j in range(k - 1, -1, -1):
            rj = known[j] - left[c, j]
            r_upper += rj
            if rj > 0.0:
                s += rj * np.log(r_total * upper_all[j] / (n * r_upper))
        out[c] = -s / n
    return out


@numba.njit(**JIT)
def ranking_impurity(counts):
    """Σ_{i<j} (j - i) N_i N_j, by one pass: Σ_j N_j · Σ_{i<j} (j - i) N_i."""
    k = counts.shape[0]
    below = 0.0  # Σ_{i<j} N_i
    moment = 0.0  # Σ_{i<j} (j - i) N_i, updated as j grows
    total = 0.0
    for j in range(k):
        moment += below  # every earlier class moves one step further away
        total += counts[j] * moment
        below += counts[j]
    return total


@numba.njit(**JIT)
def rt_cuts(left, known):
    n_cuts, k = left.shape
    out = np.zeros(n_cuts)
    parent = ranking_impurity(known)
    right = np.zeros(k)
    for c in range(n_cuts):
        for j in range(k):
            right[j] = known[j] - left[c, j]
        out[c] = parent - ranking_impurity(left[c]) - ranking_impurity(right)
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


@numba.njit(parallel=True, **JIT)
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


IE, RMI, RT, FACMI_RAMP, FACMI_LOGISTIC = 0, 1, 2, 3, 4


@numba.njit(**JIT)
def best_ordinal_split(vals, y, w, order, start, end, candidate, n_classes, criterion, min_leaf, steepness,
                       ramp_above, left_out):
    """Best binary cut of the node order[:, start:end] by an ordinal criterion.

    Cases with the attribute missing take no part in the criterion and go to
    the heavier side. FACMI's fuzzy scale s is the attribute's standard
    deviation among the node's known values; the ramp replaces the logistic
    when the node has more than `ramp_above` known cases (FACMI_RAMP always).
    Returns (feature, threshold, value, missing_left); ties: lowest attribute,
    then lowest cut.
    """
    p = order.shape[0]
    best_f = -1
    best_t = 0.0
    best_v = -np.inf
    best_mleft = False
    for f in range(p):
        if not candidate[f]:
            continue
        n_known = end
        while n_known > start and vals[f, n_known - 1] != vals[f, n_known - 1]:
            n_known -= 1
        m = n_known - start
        if m < 2 * min_leaf or m < 2:
            continue
        v = np.empty(m)
        yy = np.empty(m, np.int64)
        ww = np.empty(m)
        for i in range(m):
            s = order[f, start + i]
            v[i] = vals[f, start + i]
            yy[i] = y[s]
            ww[i] = w[s]
        # candidate cuts and their left counts (cases with value <= cut)
        n_cuts = 0
        for i in range(m - 1):
            if v[i + 1] > v[i] and i + 1 >= min_leaf and m - i - 1 >= min_leaf:
                n_cuts += 1
        if n_cuts == 0:
            continue
        thresholds = np.empty(n_cuts)
        left = np.zeros((n_cuts, n_classes))
        running = np.zeros(n_classes)
        known = np.zeros(n_classes)
        for i in range(m):
            known[yy[i]] += ww[i]
        c = 0
        for i in range(m - 1):
            running[yy[i]] += ww[i]
            if v[i + 1] > v[i] and i + 1 >= min_leaf and m - i - 1 >= min_leaf:
                mid = v[i] / 2.0 + v[i + 1] / 2.0
                if mid >= v[i + 1] or mid < v[i]:
                    mid = v[i]
                thresholds[c] = mid
                left[c, :] = running
                c += 1
        if criterion == IE:
            scores = ie_cuts(left, known)
        elif criterion == RMI:
            scores = rmi_cuts(left, known)
        elif criterion == RT:
            scores = rt_cuts(left, known)
        else:
            mean = 0.0
            for i in range(m):
                mean += v[i]
            mean /= m
            var = 0.0
            for i in range(m):
                var += (v[i] - mean) ** 2
            scale = np.sqrt(var / m)
            if scale <= 0.0:
                continue
            if criterion == FACMI_RAMP or m > ramp_above:
                upper = facmi_ramp_cuts(v, yy, ww, thresholds, 2.0 * scale / steepness, n_classes)
            else:
                upper = facmi_logistic_cuts(v, yy, ww, thresholds, steepness, scale, n_classes)
            scores = facmi_from_memberships(upper, known)
        for c in range(n_cuts):
            if scores[c] > best_v + 1e-12:
                best_v = scores[c]
                best_f = f
                best_t = thresholds[c]
                wl = left[c].sum()
                best_mleft = wl >= known.sum() - wl
                left_out[:] = left[c]
    if best_f >= 0:  # add the node's missing cases to the heavier side
        for i in range(start, end):
            s = order[best_f, i]
            if vals[best_f, i] != vals[best_f, i] and best_mleft:
                left_out[y[s]] += w[s]
    return best_f, best_t, best_v, best_mleft
