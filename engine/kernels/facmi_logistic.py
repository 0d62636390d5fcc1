"""FACMI's exact logistic membership (ALGORITHMS.md §1.4) without sweeping every cut:
bound and verify.

The reference sweep (`best_ordinal_split` with the logistic) sums, for every cut c of
every attribute, M_k(c) = Σ_{x in class k} w(x) σ(k (a(x) - c) / s) over all the node's
known cases: O(n) per cut, O(n²) per attribute. Truncating the logistic where it is
within 1e-12 of 0 or 1 does not help: that happens only |k (a - c) / s| > 27.6 away,
2.76 standard deviations either side of the cut at k = 10 — nearly the whole node.

What does help: every membership falls as the cut rises, so over the cuts strictly
between two evaluated cuts c_A < c_B each class sum lies between M_k(c_B) and M_k(c_A).
That bounds the FACMI value of every cut in between (concordant: Σ_k U_k Σ_{j<k} (N_j -
L_j); net: Σ_k [U_k N_{<k} - N_k L_{<k}]), widened by the worst-case floating-point
error of the reference sweep's sums, so it bounds the very numbers the reference
computes (`block_bound`). A second-order bound (`curved_bound`) follows the class sums'
curvature: within (c - c_A)(c_B - c)/2 · max|M_k''| of the straight line between the
end values, |M_k''| bounded from Σ w |σ''| at both ends and |σ'''| <= 1/8; the smaller
bound is used. `logistic_search` evaluates a few cuts of every attribute with the
reference's own arithmetic (`logistic_upper`, `logistic_upper_curved`: bit for bit the
reference's values; the reference sweep calls `logistic_upper` itself), then
bisects the block with the largest bound, over all attributes at once, until no block
can reach the best value found; then it replays the reference's choice (attributes in
order, cuts in order, "better by more than 1e-12") with the unevaluated blocks as
intervals. When the replay cannot decide (a block that might have moved the running
best before a value that beats it by a hair), it says so and the caller runs the
reference sweep. So the chosen cut, its value and the tree are the reference's.
"""

from __future__ import annotations

import numba
import numpy as np

from .config import JIT
from .counts import cut_allowed, known_weights, midpoint
from .criteria import facmi_pairs_value, is_facmi_net
from .facmi_ramp import _spread

_EPS = 2.220446049250313e-16  # 2^-52
_GAP = 4e-12  # blocks are bisected until their bound is below the best value less this
_FIRST = 3  # blocks per attribute before bisection
_ALL_BELOW = 6  # attributes with at most this many cuts: every cut evaluated
SEARCH_MIN_CASES = 24  # smaller nodes: the reference sweep costs no more than the search


@numba.njit(**JIT)
def logistic_upper(v_row, y_row, o_row, w, start, n_known, t, scale, steepness, unit, upper):
    """upper[k] = Σ_{known x in class k} w(x) / (1 + exp(-k (a(x) - t) / s)), summed in the
    presorted order: the reference sweep's arithmetic (z > 700: 0; z < -40: exp(z) < 2^-56,
    so 1 + exp(z) rounds to 1 and the membership is 1.0 either way)."""
    upper[:] = 0.0
    for q in range(start, n_known):
        z = -steepness * (v_row[q] - t) / scale
        if z > 700.0:
            mu = 0.0
        elif z < -40.0:
            mu = 1.0
        else:
            mu = 1.0 / (1.0 + np.exp(z))
        upper[y_row[q]] += (1.0 if unit else w[o_row[q]]) * mu


@numba.njit(**JIT)
def logistic_upper_curved(v_row, y_row, o_row, w, start, n_known, t, scale, steepness, unit, upper, curve):
    """`logistic_upper` (the same arithmetic, so the same upper) and, per class, curve[k] >=
    Σ w |σ″(u)| (u = k (a - t) / s, σ″ = σ (1 - σ)(1 - 2σ)): the class sums' curvature."""
    upper[:] = 0.0
    curve[:] = 0.0
    for q in range(start, n_known):
        z = -steepness * (v_row[q] - t) / scale
        wq = 1.0 if unit else w[o_row[q]]
        if z > 700.0:
            mu = 0.0
            curve[y_row[q]] += wq * 1e-300
        elif z < -40.0:
            mu = 1.0
            curve[y_row[q]] += wq * 1e-17  # |σ″| <= σ (1 - σ) < e^-40
        else:
            mu = 1.0 / (1.0 + np.exp(z))
            curve[y_row[q]] += wq * abs(mu * (1.0 - mu) * (1.0 - 2.0 * mu)) * (1.0 + 1e-9) + wq * 1e-15
        upper[y_row[q]] += (1.0 if unit else w[o_row[q]]) * mu


@numba.njit(**JIT)
def curved_bound(criterion, ma, mb, ca, cb, ta, tb, la, lb, scale, steepness, known, n_cases, slack_scale):
    """A second-order bound on the value the reference computes at any cut c = ta + λ (tb - ta),
    la <= λ <= lb, between cuts ta < tb (class sums ma, mb; curvature sums ca, cb from
    `logistic_upper_curved`).

    On [ta, tb] |M_k″| <= h_k = (k/s)² (ca_k + cb_k + N_k Δu / 8) / 2 (|σ‴| <= 1/8, Δu = k (tb
    - ta) / s), so M_k(c) lies within D_k(λ) = (tb - ta)² λ (1 - λ) h_k / 2 of the straight line
    between its end values (plus the class sums' rounding). FACMI on the line is a quadratic
    in λ (net: linear), its gradient is at most n + ΣD in size, so the value is at most that
    quadratic plus (n + ΣD) ΣD(λ): a quadratic in λ (the (ΣD)² part taken at its largest),
    whose largest value on [la, lb] is exact."""
    k = known.shape[0]
    n = known.sum()
    if n <= 0.0 or not (tb > ta):
        return np.inf
    e_m = 2.0 * (n_cases + 16) * _EPS * n * slack_scale
    dc = (tb - ta) * (1.0 + 1e-12)
    g = steepness / scale * (1.0 + 1e-12)
    du = g * dc
    h_total = 0.0
    for j in range(k):
        h_total += g * g * (ca[j] + cb[j] + known[j] * du / 8.0) * 0.5 * (1.0 + 1e-9)
    h_total *= slack_scale
    s_max = dc * dc / 8.0 * h_total + 2.0 * k * e_m
    nn = n + s_max + 2.0 * k * e_m
    tube = nn * dc * dc * h_total / 2.0  # (n + ΣD) ΣD(λ) <= tube λ (1 - λ) + nn · 2 K e_m
    c0 = 0.0
    c1 = 0.0
    c2 = 0.0
    v1 = 0.0
    p_below = 0.0  # P_k = Σ_{j<k} N_j
    a_below = 0.0  # Σ_{j<k} ma_j
    b_below = 0.0  # Σ_{j<k} mb_j
    d_below = 0.0  # Σ_{j<k} (mb_j - ma_j)
    net = is_facmi_net(criterion)
    for j in range(k):
        d = mb[j] - ma[j]
        if net:
            c0 += ma[j] * p_below - known[j] * a_below
            v1 += mb[j] * p_below - known[j] * b_below
        else:
            c0 += ma[j] * (p_below - a_below)
            c1 += d * (p_below - a_below) - ma[j] * d_below
            c2 -= d * d_below
        p_below += known[j]
        a_below += ma[j]
        b_below += mb[j]
        d_below += d
    if net:
        c1 = v1 - c0
    lo = max(la - 1e-9, 0.0)
    hi = min(lb + 1e-9, 1.0)
    if hi < lo:
        lo, hi = 0.0, 1.0
    b1 = c1 + tube
    b2 = c2 - tube
    top = max(c0 + b1 * lo + b2 * lo * lo, c0 + b1 * hi + b2 * hi * hi)
    if b2 < 0.0:
        lam = -b1 / (2.0 * b2)
        if lo < lam < hi:
            top = max(top, c0 - b1 * b1 / (4.0 * b2))
    # the line's own rounding (c0..c2 from sums up to n²) and the constant parts
    s = top + nn * 2.0 * k * e_m + s_max * s_max + 64.0 * (k + 1) * (k + 1) * _EPS * n * n
    out = s / (n * n)
    return out + abs(out) * 8.0 * _EPS + 1e-300


@numba.njit(**JIT)
def _grow(sums, curves, cap):
    bigger = np.empty((2 * cap, sums.shape[1]))
    bigger[:cap] = sums
    more = np.empty((2 * cap, sums.shape[1]))
    more[:cap] = curves
    return bigger, more, 2 * cap


@numba.njit(**JIT)
def _bound(criterion, v_row, cut_pos, slot, sums, curves, ja, jb, scale, steepness, known, n_cases, slack_scale):
    """The smaller of the two bounds (`block_bound`, `curved_bound`) on the cuts strictly between
    the evaluated cuts ja < jb (flat indices) of one attribute."""
    a = slot[ja]
    b = slot[jb]
    first = block_bound(criterion, sums[a], sums[b], known, n_cases, slack_scale)
    ta = midpoint(v_row[cut_pos[ja]], v_row[cut_pos[ja] + 1])
    tb = midpoint(v_row[cut_pos[jb]], v_row[cut_pos[jb] + 1])
    t1 = midpoint(v_row[cut_pos[ja + 1]], v_row[cut_pos[ja + 1] + 1])  # the first and last cut in between
    t2 = midpoint(v_row[cut_pos[jb - 1]], v_row[cut_pos[jb - 1] + 1])
    width = tb - ta
    la = (t1 - ta) / width if width > 0.0 else 0.0
    lb = (t2 - ta) / width if width > 0.0 else 1.0
    second = curved_bound(criterion, sums[a], sums[b], curves[a], curves[b], ta, tb, la, lb, scale, steepness,
                          known, n_cases, slack_scale)
    return min(first, second)


@numba.njit(**JIT)
def block_bound(criterion, ma, mb, known, n_cases, slack_scale):
    """Upper bound on the value the reference computes at any cut strictly between two cuts
    whose computed class sums are ma (the lower cut) and mb (the higher), given the node's
    known class weights and the attribute's number of known cases."""
    k = known.shape[0]
    n = known.sum()
    if n <= 0.0:
        return np.inf
    e_m = 2.0 * (n_cases + 16) * _EPS * n * slack_scale  # each computed class sum is within e_m of exact
    net = is_facmi_net(criterion)
    s = 0.0
    size = 0.0  # Σ |terms|
    below_n = 0.0
    below_l = 0.0  # concordant: Σ_{j<k} (N_j - L_j); net: Σ_{j<k} L_j
    for j in range(k):
        u = min(ma[j] + e_m, known[j])
        lo = max(mb[j] - e_m, 0.0)
        if u < 0.0:
            u = 0.0
        if net:
            term_a = u * below_n
            term_b = known[j] * below_l
            s += term_a - term_b
            size += term_a + term_b
            below_n += known[j]
            below_l += lo
        else:
            term = u * below_l
            s += term
            size += term
            below_l += known[j] - lo
    # the computed value's own error: class sums within e_m (2 K e_m n), and the formula's roundings
    s += 4.0 * k * _EPS * (size + n * n) + 2.0 * k * e_m * n
    out = s / (n * n)
    return out + abs(out) * 8.0 * _EPS + 1e-300


@numba.njit(**JIT)
def _heap_push(keys, a, b, size, key, va, vb):
    if size == keys.shape[0]:
        keys2 = np.empty(2 * size)
        a2 = np.empty(2 * size, np.int64)
        b2 = np.empty(2 * size, np.int64)
        keys2[:size] = keys
        a2[:size] = a
        b2[:size] = b
        keys, a, b = keys2, a2, b2
    i = size
    keys[i] = key
    a[i] = va
    b[i] = vb
    while i > 0:
        parent = (i - 1) // 2
        if keys[parent] >= keys[i]:
            break
        keys[parent], keys[i] = keys[i], keys[parent]
        a[parent], a[i] = a[i], a[parent]
        b[parent], b[i] = b[i], b[parent]
        i = parent
    return keys, a, b, size + 1


@numba.njit(**JIT)
def _heap_pop(keys, a, b, size):
    """Remove the top (largest key); the caller read it first."""
    size -= 1
    keys[0] = keys[size]
    a[0] = a[size]
    b[0] = b[size]
    i = 0
    while True:
        left = 2 * i + 1
        if left >= size:
            break
        c = left
        if left + 1 < size and keys[left + 1] > keys[left]:
            c = left + 1
        if keys[i] >= keys[c]:
            break
        keys[c], keys[i] = keys[i], keys[c]
        a[c], a[i] = a[i], a[c]
        b[c], b[i] = b[i], b[c]
        i = c
    return size


@numba.njit(**JIT)
def logistic_search(vals, ys, w, order, start, end, candidate, n_classes, criterion, min_leaf, steepness, unit,
                    parent, known_out, slack_scale=1.0, stats=np.zeros(0, np.int64)):
    """The reference logistic sweep's choice with few evaluated cuts (module docstring).

    Returns (ok, feature, position of the cut's lower case, value); ok = False: the replay
    could not prove the choice, run the reference. known_out = the chosen attribute's known
    class weights. stats (when given, length >= 3): the number of cuts, of cuts evaluated
    before bisection, of cuts evaluated in all. slack_scale scales the margins (1: the proven
    ones; a test makes them negative to check that a wrong bound is caught).
    """
    p = order.shape[0]
    known_all = np.zeros((p, n_classes))
    n_knowns = np.zeros(p, np.int64)
    scales = np.zeros(p)
    first_cut = np.zeros(p + 1, np.int64)  # cuts of attribute f: flat indices first_cut[f]..first_cut[f+1]-1
    total = 0
    for f in range(p):
        first_cut[f] = total
        if not candidate[f]:
            continue
        known = known_all[f]
        n_known = known_weights(known, parent, vals[f], ys[f], order[f], w, start, end, unit)
        m = n_known - start
        if m < 2 * min_leaf or m < 2:
            continue
        scale = _spread(vals[f], start, n_known)
        if scale <= 0.0:
            continue
        n_knowns[f] = n_known
        scales[f] = scale
        for i in range(start, n_known - 1):
            if cut_allowed(vals[f], i, start, n_known, min_leaf):
                total += 1
    first_cut[p] = total
    if total == 0:
        return True, -1, -1, -np.inf
    cut_pos = np.empty(total, np.int64)
    cut_f = np.empty(total, np.int64)
    j = 0
    for f in range(p):
        if scales[f] <= 0.0:
            continue
        for i in range(start, n_knowns[f] - 1):
            if cut_allowed(vals[f], i, start, n_knowns[f], min_leaf):
                cut_pos[j] = i
                cut_f[j] = f
                j += 1
    value = np.full(total, np.nan)  # the reference's value, where evaluated
    slot = np.full(total, -1, np.int64)  # row of its class sums in `sums`
    cap = 64
    sums = np.empty((cap, n_classes))
    curves = np.empty((cap, n_classes))
    used = 0
    upper = np.empty(n_classes)
    curve = np.empty(n_classes)
    best = -np.inf
    keys = np.empty(64)
    ha = np.empty(64, np.int64)
    hb = np.empty(64, np.int64)
    size = 0
    for phase in range(2):  # 0: first cuts of every attribute; 1: their blocks
        for f in range(p):
            c0 = first_cut[f]
            c1 = first_cut[f + 1]
            nc = c1 - c0
            if nc == 0:
                continue
            pieces = nc - 1 if nc <= _ALL_BELOW else _FIRST
            prev = -1
            for r in range(pieces + 1):
                jj = c0 + (r * (nc - 1)) // pieces if pieces > 0 else c0
                if phase == 0:
                    if slot[jj] >= 0:
                        continue
                    t = midpoint(vals[f, cut_pos[jj]], vals[f, cut_pos[jj] + 1])
                    logistic_upper_curved(vals[f], ys[f], order[f], w, start, n_knowns[f], t, scales[f], steepness,
                                          unit, upper, curve)
                    v = facmi_pairs_value(criterion, upper, known_all[f])
                    if used == cap:
                        sums, curves, cap = _grow(sums, curves, cap)
                    sums[used] = upper
                    curves[used] = curve
                    slot[jj] = used
                    used += 1
                    value[jj] = v
                    if v > best:
                        best = v
                elif prev >= 0 and jj - prev >= 2:
                    bound = _bound(criterion, vals[f], cut_pos, slot, sums, curves, prev, jj, scales[f], steepness,
                                   known_all[f], n_knowns[f] - start, slack_scale)
                    if bound >= best - _GAP:
                        keys, ha, hb, size = _heap_push(keys, ha, hb, size, bound, prev, jj)
                prev = jj
    if stats.shape[0] >= 3:
        stats[0] = total
        stats[1] = used
    while size > 0 and keys[0] >= best - _GAP:  # bisect the most promising block
        ja = ha[0]
        jb = hb[0]
        size = _heap_pop(keys, ha, hb, size)
        mid = (ja + jb) // 2
        f = cut_f[mid]
        t = midpoint(vals[f, cut_pos[mid]], vals[f, cut_pos[mid] + 1])
        logistic_upper_curved(vals[f], ys[f], order[f], w, start, n_knowns[f], t, scales[f], steepness, unit, upper,
                              curve)
        v = facmi_pairs_value(criterion, upper, known_all[f])
        if used == cap:
            sums, curves, cap = _grow(sums, curves, cap)
        sums[used] = upper
        curves[used] = curve
        slot[mid] = used
        used += 1
        value[mid] = v
        if v > best:
            best = v
        for lo, hi in ((ja, mid), (mid, jb)):
            if hi - lo >= 2:
                bound = _bound(criterion, vals[f], cut_pos, slot, sums, curves, lo, hi, scales[f], steepness,
                               known_all[f], n_knowns[f] - start, slack_scale)
                if bound >= best - _GAP:
                    keys, ha, hb, size = _heap_push(keys, ha, hb, size, bound, lo, hi)
    if stats.shape[0] >= 3:
        stats[2] = used
    # replay the reference's running best: b is known to lie in [lo_b, hi_b]; win >= 0 when b is exact
    lo_b = -np.inf
    hi_b = -np.inf
    win = -1
    for f in range(p):
        c0 = first_cut[f]
        c1 = first_cut[f + 1]
        jj = c0
        prev = -1
        while jj < c1:
            if slot[jj] >= 0:
                v = value[jj]
                if v > hi_b + 1e-12:
                    lo_b = v
                    hi_b = v
                    win = jj
                elif v > lo_b + 1e-12:
                    if v > hi_b:
                        hi_b = v
                    win = -1
                prev = jj
                jj += 1
                continue
            nxt = jj + 1  # an unevaluated run prev+1..nxt-1 (both ends evaluated)
            while slot[nxt] < 0:
                nxt += 1
            bound = _bound(criterion, vals[f], cut_pos, slot, sums, curves, prev, nxt, scales[f], steepness,
                           known_all[f], n_knowns[f] - start, slack_scale)
            if bound > lo_b + 1e-12:
                if bound > hi_b:
                    hi_b = bound
                win = -1
            jj = nxt
    if win < 0:
        return False, -1, -1, -np.inf
    f = cut_f[win]
    known_out[:] = known_all[f]
    return True, f, cut_pos[win], value[win]
