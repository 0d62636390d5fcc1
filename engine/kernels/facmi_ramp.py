"""FACMI's ramp search (ALGORITHMS.md §1.4): the moving-window sweep, its upper bound,
and the search that sweeps the most promising attribute first.

The ramp membership of the upper side is μ_c(a) = clip((a - c + h) / 2h, 0, 1),
h = 2s/k (s the attribute's standard deviation among the node's known values, k
the steepness), so its slope at the cut equals the logistic's. The class sums
M_k of every cut come from a window moved by two pointers (O(n + cuts·K) per
attribute). An attribute whose O(n) upper bound cannot beat the node's best cut
so far is not swept; the result is the same cut (proved by replay).
"""

from __future__ import annotations

import numba
import numpy as np

from .config import JIT
from .counts import known_weights, midpoint
from .criteria import FACMI_LOGISTIC


@numba.njit(**JIT)
def _spread(row, start, stop):
    """Standard deviation of row[start:stop] (known values; shifted sums keep it accurate)."""
    first = row[start]
    total = 0.0
    squares = 0.0
    for i in range(start, stop):
        d = row[i] - first
        total += d
        squares += d * d
    m = stop - start
    var = squares / m - (total / m) ** 2
    return np.sqrt(var) if var > 0.0 else 0.0


_EPS = 2.220446049250313e-16  # unit roundoff of float64 (2^-52)
_BOUND_MIN_CASES = 64  # smaller nodes: the sweep costs little, no bound is tried
_BOUND_BLOCK = 16  # cut positions bounded together


@numba.njit(**JIT)
def _ramp_sweep(v_row, y_row, o_row, w, start, n_known, min_leaf, half, known, n_classes, unit, best_v, above,
                in_w, in_wv, top_v=-np.inf, store=np.empty(0), net=False):
    """FACMI with the ramp membership at every cut of one attribute's sorted known segment
    v_row[start:n_known], the cuts that leave min_leaf cases on each side.

    Window state: per class, the weight of the cases with value >= c + h (`above`) and
    the weight and weight·value of those in (c - h, c + h) (`in_w`, `in_wv`), moved by two
    pointers, so a cut costs O(K) after its pointer moves. Returns (position, threshold,
    value) of the first cut of the best run that beats best_v by more than 1e-12, or
    position -1 when none does; then the largest of top_v and every value, and whether
    some value beat the largest before it (and top_v) by more than 1e-12. With a
    non-empty `store`, store[i - start] receives the value of the cut after position i
    (-inf where no cut is evaluated). net=True: the pairs=net reading,
    (1/n²) Σ_k [M_k N_{<k} - N_k M_{<k}] (concordant minus discordant).
    """
    in_w[:] = 0.0
    in_wv[:] = 0.0
    above[:] = known
    n_total = known.sum()
    inv_n2 = 1.0 / (n_total * n_total) if n_total > 0 else 0.0
    inv_2h = 0.5 / half if half > 0 else 0.0
    lo = start  # first case with value > c - h
    hi = start  # first case with value >= c + h
    best_i = -1
    best_t = 0.0
    leap = False
    keep = store.shape[0] > 0
    if keep:
        store[:] = -np.inf
    first = max(start + min_leaf - 1, start)  # nl = i - start + 1 >= min_leaf
    stop = min(n_known - min_leaf, n_known - 1)  # the right side keeps min_leaf cases
    for i in range(first, stop):
        v = v_row[i]
        nxt = v_row[i + 1]
        if nxt <= v:
            continue
        t = midpoint(v, nxt)
        top = t + half
        while hi < n_known and v_row[hi] < top:  # enters the window from above
            c = y_row[hi]
            if unit:
                above[c] -= 1.0
                in_w[c] += 1.0
                in_wv[c] += v_row[hi]
            else:
                wq = w[o_row[hi]]
                above[c] -= wq
                in_w[c] += wq
                in_wv[c] += wq * v_row[hi]
            hi += 1
        base = t - half
        while lo < hi and v_row[lo] <= base:  # leaves the window below
            c = y_row[lo]
            if unit:
                in_w[c] -= 1.0
                in_wv[c] -= v_row[lo]
            else:
                wq = w[o_row[lo]]
                in_w[c] -= wq
                in_wv[c] -= wq * v_row[lo]
            lo += 1
        # FACMI = (1/n²) Σ_k M_k Σ_{j<k} (N_j - M_j), M_k = above_k + ramp share of the window
        lower_below = 0.0
        acc = 0.0
        if net:  # lower_below: N_{<k}; m_below: M_{<k}
            m_below = 0.0
            for j in range(n_classes):
                u = above[j] + (in_wv[j] - base * in_w[j]) * inv_2h
                acc += u * lower_below - known[j] * m_below
                lower_below += known[j]
                m_below += u
        else:
            for j in range(n_classes):
                u = above[j] + (in_wv[j] - base * in_w[j]) * inv_2h
                acc += u * lower_below
                lower_below += known[j] - u
        value = acc * inv_n2
        if keep:
            store[i - start] = value
        if value > top_v + 1e-12:
            leap = True
        if value > top_v:
            top_v = value
        if value > best_v + 1e-12:
            best_v = value
            best_t = t
            best_i = i
    return best_i, best_t, best_v, top_v, leap


@numba.njit(**JIT)
def _ramp_bound(v_row, y_row, o_row, w, start, n_known, min_leaf, half, known, n_classes, unit, below_low,
                below_high):
    """An upper bound on n²·FACMI (ramp) over every cut `_ramp_sweep` evaluates, in exact arithmetic.

    Every membership μ_c(x) = clip((a(x) - c + h) / 2h, 0, 1) falls as the cut c rises, so
    over a block of cuts c in [c_A, c_B] each class's upper membership is at most U_k = the
    weight of class k with a(x) > c_A - h and at least L_k = the weight with a(x) >= c_B + h;
    FACMI·n² = Σ_k M_k Σ_{j<k} (N_j - M_j) <= Σ_k U_k Σ_{j<k} (N_j - L_j). The blocks are
    _BOUND_BLOCK consecutive cut positions; c_A >= a(first case), c_B < a(case after the
    last), and the window is widened by 1e-6 h. Two pointers: O(n + blocks·K).
    """
    first = max(start + min_leaf - 1, start)
    stop = min(n_known - min_leaf, n_known - 1)
    below_low[:] = 0.0  # per class: weight with value <= the block's c_A - h (never upper)
    below_high[:] = 0.0  # per class: weight with value < the block's c_B + h (possibly lower)
    p = start
    q = start
    wide = half * 1.000001
    best = 0.0
    a = first
    while a < stop:
        b = min(a + _BOUND_BLOCK, stop) - 1
        low = v_row[a] - wide
        while p < n_known and v_row[p] <= low:
            below_low[y_row[p]] += 1.0 if unit else w[o_row[p]]
            p += 1
        high = v_row[b + 1] + wide
        while q < n_known and v_row[q] < high:
            below_high[y_row[q]] += 1.0 if unit else w[o_row[q]]
            q += 1
        s = 0.0
        lower = 0.0
        for j in range(n_classes):
            s += (known[j] - below_low[j]) * lower
            lower += below_high[j]
        if s > best:
            best = s
        a = b + 1
    return best


@numba.njit(**JIT)
def _ramp_cannot_win(v_row, y_row, o_row, w, start, n_known, min_leaf, half, known, n_classes, unit, best_v,
                     below_low, below_high):
    """True when no cut of this attribute can beat best_v by more than 1e-12 (so the sweep,
    which would not change the running best, can be skipped; the choice stays the same)."""
    return _ramp_limit(v_row, y_row, o_row, w, start, n_known, min_leaf, half, known, n_classes, unit, below_low,
                       below_high) <= best_v + 1e-12


@numba.njit(**JIT)
def _ramp_limit(v_row, y_row, o_row, w, start, n_known, min_leaf, half, known, n_classes, unit, below_low,
                below_high):
    """No value `_ramp_sweep` computes for this attribute exceeds this (+inf: no bound).

    The bound of `_ramp_bound` is widened by the floating-point error the sweep can make:
    each running sum has at most 2m + 4 roundings of terms no larger than W·max|a|, so a
    computed membership M_k is within e = 8 (m + 2) ε W ((max|a| + h) / 2h + 1) of its exact
    value, and the computed FACMI·n² within 2 K e W + 4 K ε W² (W the node's known weight).
    """
    m = n_known - start
    n_total = known.sum()
    if n_total <= 0.0:
        return np.inf
    big = max(abs(v_row[start]), abs(v_row[n_known - 1]))
    if not (big < np.inf and half > 0.0):
        return np.inf
    e = 8.0 * (m + 2) * _EPS * n_total * ((big + half) * (0.5 / half) + 1.0)
    slack = 2.0 * n_classes * e * n_total + 4.0 * n_classes * _EPS * n_total * n_total
    bound = _ramp_bound(v_row, y_row, o_row, w, start, n_known, min_leaf, half, known, n_classes, unit, below_low,
                        below_high)
    return (bound * (1.0 + 8.0 * n_classes * _EPS) + slack) / (n_total * n_total) * (1.0 + 8.0 * _EPS)


@numba.njit(**JIT)
def _ramp_search(vals, ys, w, order, start, end, candidate, n_classes, criterion, min_leaf, steepness, ramp_above,
                 unit, parent, known_out):
    """The ramp split search of `best_ordinal_split` with fewer sweeps, whatever the attribute order.

    The plain search takes the attributes in order and keeps a running best; an attribute
    is skipped when its bound (`_ramp_limit`) shows it cannot beat the running best, so
    the attributes before the first good one are all swept. Here every attribute's bound
    comes first, the attribute with the largest bound is swept first (its values kept),
    and the plain order is then replayed: an earlier attribute whose bound is below that
    attribute's best value is skipped even though it might have moved the running best
    ("diverged"). That is harmless once a later value beats the largest value the plain
    search could have seen so far (`top`, bounds included) by more than 1e-12: both
    searches take that cut, and from there on they are the same. If no such value comes,
    returns ok = False and the caller runs the plain search. Returns (ok, feature,
    position of the cut's lower case, value); known_out = the chosen attribute's known
    class weights.
    """
    p = order.shape[0]
    if criterion == FACMI_LOGISTIC and end - start <= ramp_above:
        return False, -1, -1, -np.inf  # every attribute uses the exact logistic here
    known_all = np.zeros((p, n_classes))
    halves = np.zeros(p)
    n_knowns = np.zeros(p, np.int64)
    limits = np.full(p, np.inf)
    usable = np.zeros(p, np.bool_)
    below_low = np.zeros(n_classes)
    below_high = np.zeros(n_classes)
    g = -1  # the attribute swept first: the largest finite bound (lowest index among equals)
    g_limit = -np.inf
    for f in range(p):
        if not candidate[f]:
            continue
        known = known_all[f]
        n_known = known_weights(known, parent, vals[f], ys[f], order[f], w, start, end, unit)
        m = n_known - start
        if m < 2 * min_leaf or m < 2:
            continue
        if criterion == FACMI_LOGISTIC and m <= ramp_above:
            return False, -1, -1, -np.inf
        scale = _spread(vals[f], start, n_known)
        if scale <= 0.0:
            continue
        usable[f] = True
        halves[f] = 2.0 * scale / steepness
        n_knowns[f] = n_known
        if m >= _BOUND_MIN_CASES:
            limits[f] = _ramp_limit(vals[f], ys[f], order[f], w, start, n_known, min_leaf, halves[f], known,
                                    n_classes, unit, below_low, below_high)
            if limits[f] < np.inf and limits[f] > g_limit:
                g = f
                g_limit = limits[f]
    if g < 0:
        return False, -1, -1, -np.inf
    above = np.zeros(n_classes)
    in_w = np.zeros(n_classes)
    in_wv = np.zeros(n_classes)
    store = np.empty(n_knowns[g] - start)
    _, _, _, g_top, _ = _ramp_sweep(vals[g], ys[g], order[g], w, start, n_knowns[g], min_leaf, halves[g],
                                    known_all[g], n_classes, unit, -np.inf, above, in_w, in_wv, -np.inf, store)
    best_f = -1
    best_i = -1
    best_v = -np.inf
    top = -np.inf  # no value the plain search has seen so far exceeds this
    diverged = False
    for f in range(p):
        if not usable[f]:
            continue
        if f == g:  # replay the kept values as its sweep would take them
            for q in range(store.shape[0]):
                x = store[q]
                if x == -np.inf:
                    continue
                if x > top + 1e-12:
                    diverged = False
                if x > top:
                    top = x
                if x > best_v + 1e-12:
                    best_v = x
                    best_f = f
                    best_i = start + q
            continue
        limit = limits[f]
        if limit <= best_v + 1e-12:  # cannot move the running best
            if limit > top:
                top = limit
            continue
        if f < g and limit + 2e-12 < g_top:  # might move it, but the first-swept attribute will do better
            diverged = True
            if limit > top:
                top = limit
            continue
        i, _, value, top, leap = _ramp_sweep(vals[f], ys[f], order[f], w, start, n_knowns[f], min_leaf, halves[f],
                                             known_all[f], n_classes, unit, best_v, above, in_w, in_wv, top)
        if leap:
            diverged = False
        if i >= 0:
            best_v = value
            best_f = f
            best_i = i
    if diverged:
        return False, -1, -1, -np.inf
    if best_f >= 0:
        known_out[:] = known_all[best_f]
    return True, best_f, best_i, best_v
