"""The minimum-cost trees' class weights for every candidate attribute of a node in one call
(engine/algorithms/mincost.py, ALGORITHMS.md §4.2–4.3).

MC of a split, its gain ratio and M2's total-cost reduction all follow from the class
weights of each branch and of the cases missing the attribute; these kernels give those
weights for all attributes at once, and NumPy turns them into MC, GR and the reduction for
all candidates together. The weights are added in the order the former per-attribute NumPy
code added them (np.cumsum over the known values sorted stably, np.bincount in row order,
`ndarray.sum` for the known weight), so the trees are the same to the last bit.

Nominal attributes' per-value weights are engine.kernels.c45.category_bags (the same counts
C4.5 uses); numeric attributes here take every cut between consecutive distinct known
values, with no minimum branch weight (C4.5's numeric_cut_bags keeps only J48's admissible
cuts).

Two paths give the same numbers: `near_best_cut_bags`, `missing_bags` (and category_bags)
read a node's rows and sort its values again (the reference: tests), and the presorted
kernels the learners use (`presorted_cut_bags`, `segment_*`, `partition_segment`: columns
sorted once at the root and partitioned stably at every split, so that the long chains of
nodes M3 grows at scale sort nothing). Both sweep the sorted values with `_sweep`; with whole
numbers (costs, weights, sums below 2**52, every weight >= 0) the presorted path uses the
one-pass `_sweep_exact`, whose sums are exact in any order.
"""

from __future__ import annotations

import numba
import numpy as np

from .config import JIT
from .sums import numpy_sum

LN2 = np.log(2.0)


@numba.njit(**JIT)
def _xlnx(x, table):
    """x ln x (0 for x <= 0); from `table` (table[i] = i ln i) when x is an integer inside it."""
    if x <= 0:
        return 0.0
    if x < table.shape[0]:
        i = np.int64(x)
        if i == x:
            return table[i]
    return x * np.log(x)


@numba.njit(**JIT)
def xlnx_table(n):
    """table[i] = i ln i for i = 0 .. n (0 for 0)."""
    table = np.zeros(n + 1)
    for i in range(1, n + 1):
        table[i] = i * np.log(np.float64(i))
    return table


@numba.njit(**JIT)
def approximate_gain_ratio(left, right, total, n_classes, table):
    """C4.5's gain ratio of a binary cut (engine.algorithms.c45.info_gain and gain_ratio: gain
    scaled by the known share, the unknown weight a bag of its own in the split information),
    in this kernel's own order of operations: within about 1e-8 of NumPy's (relative to
    max(1, ratio)), except near the 1e-6 thresholds under which the gain or the split
    information count as 0, which `near` reports."""
    t_left, t_right = 0.0, 0.0
    old, new = 0.0, 0.0
    for k in range(n_classes):
        t_left += left[k]
        t_right += right[k]
        old -= _xlnx(left[k] + right[k], table)
        new += _xlnx(left[k], table) + _xlnx(right[k], table)
    known = t_left + t_right
    old = (old + _xlnx(known, table)) / LN2
    new = -(new - _xlnx(t_left, table) - _xlnx(t_right, table)) / LN2
    numerator = (old - new) * (known / total)
    gain = numerator / known if known > 0 else 0.0
    split = (-_xlnx(t_left, table) - _xlnx(t_right, table) - _xlnx(total - known, table) + _xlnx(total, table)) / LN2 if known > 0 else 0.0
    denominator = split / total
    near = abs(abs(numerator) - 1e-6) <= 1e-9 or abs(abs(denominator) - 1e-6) <= 1e-9
    if abs(numerator) < 1e-6:
        gain = 0.0
    ratio = 0.0 if abs(denominator) < 1e-6 else gain / denominator
    return ratio, near


@numba.njit(**JIT)
def _exact_cut_ratio(left, totals, n_classes, total, table, ln_totals, known):
    """approximate_gain_ratio(left, right, total, n_classes, table), right = max(totals - left, 0),
    when the class weights are whole numbers (sums exact): then left + right = totals and
    t_left + t_right = Σ totals = `known` at every cut, so the terms of those
    (`ln_totals` = 0 - x ln x of each total, in class order) are computed once an attribute;
    the others in approximate_gain_ratio's order: the same number, bit for bit. With a
    table past `total`, x ln x is read from it directly (every x here a whole number from 0
    to total: the same entry _xlnx reads)."""
    direct = table.shape[0] > total
    t_left, t_right = 0.0, 0.0
    new = 0.0
    for k in range(n_classes):
        l = left[k]
        r = max(totals[k] - l, 0.0)
        t_left += l
        t_right += r
        if direct:
            new += table[np.int64(l)] + table[np.int64(r)]
        else:
            new += _xlnx(l, table) + _xlnx(r, table)
    if direct:
        x_known, x_left, x_right = table[np.int64(known)], table[np.int64(t_left)], table[np.int64(t_right)]
        x_unknown, x_total = table[np.int64(total - known)], table[np.int64(total)]
    else:
        x_known, x_left, x_right = _xlnx(known, table), _xlnx(t_left, table), _xlnx(t_right, table)
        x_unknown, x_total = _xlnx(total - known, table), _xlnx(total, table)
    old = (ln_totals + x_known) / LN2
    new = -(new - x_left - x_right) / LN2
    numerator = (old - new) * (known / total)
    gain = numerator / known if known > 0 else 0.0
    split = (-x_left - x_right - x_unknown + x_total) / LN2 if known > 0 else 0.0
    denominator = split / total
    near = abs(abs(numerator) - 1e-6) <= 1e-9 or abs(abs(denominator) - 1e-6) <= 1e-9
    if abs(numerator) < 1e-6:
        gain = 0.0
    ratio = 0.0 if abs(denominator) < 1e-6 else gain / denominator
    return ratio, near


@numba.njit(**JIT)
def _grown(a, kept, capacity):
    """A float array of `capacity` holding a's first `kept` values (an output that grows)."""
    out = np.empty(capacity)
    for i in range(kept):
        out[i] = a[i]
    return out


# A sweep's work arrays for a node of m cases (`sweep_work`), one tuple: running, totals (K,): class
# weights up to a cut and of all known cases; sides (2, K): the exact sweep's Σ_i N_i cost[i, j]
# of the left side and of all; mcs, ratios, nears (m,): per cut; at (2, m): a remembered cut's
# position among the attribute's cuts and its value's index; run (m, K): its left class
# weights; left, right (K,). No array is allocated or replaced inside a loop over the values
# (Numba then counts references at every value: ten times slower).


@numba.njit(**JIT)
def sweep_work(m, n_classes):
    size = max(m, 1)
    return (np.zeros(n_classes), np.zeros(n_classes), np.zeros((2, n_classes)), np.empty(size), np.empty(size),
            np.zeros(size, np.bool_), np.empty((2, size), np.int64), np.empty((size, n_classes)),
            np.empty(n_classes), np.empty(n_classes))


@numba.njit(**JIT)
def _outputs(n_classes):
    """The kept cuts' outputs, empty: bags (N, 2, K), thresholds, cuts, kept_mc, ratios, nears
    (at most m - 1 cuts per attribute are kept: grown as needed, by `_emit`)."""
    capacity = 16
    return (np.zeros((capacity, 2, n_classes)), np.empty(capacity), np.empty(capacity, np.int64),
            np.empty(capacity), np.empty(capacity), np.zeros(capacity, np.bool_))


@numba.njit(**JIT)
def _emit(v, n_classes, work, n_found, floor, kept, out):
    """Append the cuts a sweep remembered in `work`, 0 .. n_found-1 (value index at[1], position
    at[0], left class weights run, MC, approximate gain ratio and near flag), except those not
    near whose ratio is below `floor`, to the outputs `out` at `kept`; returns (kept, out)."""
    _, totals, _, mcs, ratios, nears, at, run, _, _ = work
    bags, thresholds, cuts, kept_mc, kept_ratio, kept_near = out
    capacity = thresholds.shape[0]
    if kept + n_found > capacity:
        while kept + n_found > capacity:
            capacity *= 2
        # copied element by element: a slice assignment of a 3-d array costs seconds of compiling
        grown = np.zeros((capacity, 2, n_classes))
        positions = np.empty(capacity, np.int64)
        flags = np.zeros(capacity, np.bool_)
        for i in range(kept):
            for side in range(2):
                for k in range(n_classes):
                    grown[i, side, k] = bags[i, side, k]
            positions[i] = cuts[i]
            flags[i] = kept_near[i]
        bags, cuts, kept_near = grown, positions, flags
        thresholds = _grown(thresholds, kept, capacity)
        kept_mc = _grown(kept_mc, kept, capacity)
        kept_ratio = _grown(kept_ratio, kept, capacity)
    for t in range(n_found):
        if not nears[t] and ratios[t] < floor:
            continue
        q = at[1, t]
        for k in range(n_classes):
            bags[kept, 0, k] = run[t, k]
            r = totals[k] - run[t, k]
            bags[kept, 1, k] = max(r, 0.0)
        thresholds[kept] = (v[q] + v[q + 1]) / 2.0
        cuts[kept] = at[0, t]
        kept_mc[kept] = mcs[t]
        kept_ratio[kept], kept_near[kept] = ratios[t], nears[t]
        kept += 1
    return kept, (bags, thresholds, cuts, kept_mc, kept_ratio, kept_near)


@numba.njit(**JIT)
def _sweep(v, sw, sy, n_known, n_classes, cost, slack, total, exact, table, ratio_slack, work):
    """One attribute's cuts near its least MC (`near_best_cut_bags`), from its known values in
    stable sorted order: v[q] the value, sw[q] the weight, sy[q] the class, q < n_known. Leaves
    the cuts near the least MC in `work` (for `_emit`); returns (how many, the floor under
    which a ratio not near a threshold is not kept)."""
    running, totals, _, mcs, cut_ratio, cut_near, at, run, left, right = work
    for k in range(n_classes):
        totals[k] = 0.0
    for q in range(n_known):
        totals[sy[q]] += sw[q]
    # first pass: every cut's MC, the least of them
    for k in range(n_classes):
        running[k] = 0.0
    n_cuts = 0
    lowest = np.inf
    for q in range(n_known - 1):
        running[sy[q]] += sw[q]
        if v[q + 1] > v[q]:
            for k in range(n_classes):
                right[k] = max(totals[k] - running[k], 0.0)
            mc = 0.0
            for side in range(2):
                n = running if side == 0 else right
                best = np.inf
                for j in range(n_classes):
                    s = 0.0
                    for k in range(n_classes):
                        s += n[k] * cost[k, j]
                    best = min(best, s)
                mc += best
            mcs[n_cuts] = mc
            n_cuts += 1
            lowest = min(lowest, mc)
    if n_cuts == 0:
        return 0, -np.inf
    limit = lowest + slack * max(1.0, abs(lowest))
    floor = -np.inf
    if exact:
        limit = lowest
    # second pass: the cuts near the least MC, their left class weights and approximate gain
    # ratios (with exact MC: only those within ratio_slack of the largest are kept)
    for k in range(n_classes):
        running[k] = 0.0
    c = 0
    found = 0
    top = -np.inf
    for q in range(n_known - 1):
        running[sy[q]] += sw[q]
        if v[q + 1] > v[q]:
            if mcs[c] <= limit:
                for k in range(n_classes):
                    left[k] = running[k]
                    r = totals[k] - running[k]
                    right[k] = max(r, 0.0)
                    run[found, k] = running[k]
                ratio, near = approximate_gain_ratio(left, right, total, n_classes, table)
                if not near and ratio > top:
                    top = ratio
                at[0, found], at[1, found] = c, q
                mcs[found] = mcs[c]  # found <= c: a cut's MC is read before it is overwritten
                cut_ratio[found], cut_near[found] = ratio, near
                found += 1
            c += 1
    if exact:
        floor = top - ratio_slack * max(1.0, abs(top))
    return found, floor


EPS = np.finfo(np.float64).eps


@numba.njit(**JIT)
def _likely_ratios(run, at, found, totals, n_classes, total, table, ln_totals, known, ratio_slack, hi, risky):
    """Of the `found` cuts tied at the least MC (left class weights run[t], positions at[:, t]),
    keep (moved to the front, in order; returns how many) only those whose gain ratio can
    still be kept: `_exact_cut_ratio` costs seven divisions one after another, and often
    nearly every cut ties. With whole-number weights and a table past `total`, a cut's
    ratio is g / s, g = ln_totals + X(known) + Σ_k [X(l_k) + X(r_k)] - X(t_left) - X(t_right),
    s = X(total) - X(total - known) - X(t_left) - X(t_right) (X = x ln x, the log base and
    the scaling by known and total cancel), computed here in any order with one division,
    with a bound on its distance from the exact one (rounding: far below 1e3 · eps of the
    terms' magnitudes, plus 1e-12 relative). A cut whose numerator or denominator could lie
    near or under the 1e-6 thresholds (`near`, a gain or split counted as 0) is kept. The
    largest lower bound among the others bounds the largest exact ratio from below, so its
    floor (ratio_slack, as `_sweep`'s) too: a cut whose upper bound is under that floor can
    be neither the largest nor kept. `hi`, `risky`: work arrays (found,)."""
    x_known = table[np.int64(known)]
    c1 = ln_totals + x_known
    c2 = table[np.int64(total)] - table[np.int64(total - known)]
    k1 = (known / total) / LN2  # g to approximate_gain_ratio's numerator
    k2 = 1.0 / (LN2 * total)  # s to its denominator
    lowest = -np.inf
    for t in range(found):
        t_left = 0.0
        e = 0.0
        for k in range(n_classes):
            l = run[t, k]
            r = totals[k] - l
            t_left += l
            e += table[np.int64(l)] + table[np.int64(r)]
        x_left = table[np.int64(t_left)]
        x_right = table[np.int64(known - t_left)]
        g = c1 + e - x_left - x_right
        s = c2 - x_left - x_right
        err_g = 1e3 * EPS * (abs(c1) + e + x_left + x_right)
        err_s = 1e3 * EPS * (abs(c2) + x_left + x_right)
        if (abs(g) * k1 < 1e-6 + 1e-9 + err_g * k1 + 1e-12 or abs(s) * k2 < 1e-6 + 1e-9 + err_s * k2 + 1e-12
                or s <= err_s):
            risky[t] = True
            continue
        risky[t] = False
        inv = 1.0 / s
        ratio = g * inv
        err = (err_g + abs(ratio) * err_s) * inv + 1e-12 * max(1.0, abs(ratio))
        hi[t] = ratio + err
        lowest = max(lowest, ratio - err)
    floor = lowest - ratio_slack * max(1.0, abs(lowest)) if lowest > -np.inf else -np.inf
    kept = 0
    for t in range(found):
        if risky[t] or hi[t] >= floor:
            if kept < t:
                at[0, kept], at[1, kept] = at[0, t], at[1, t]
                for k in range(n_classes):
                    run[kept, k] = run[t, k]
            kept += 1
    return kept


@numba.njit(**JIT)
def _least_cuts(v, sw, sy, n_known, n_classes, cost, L, T, running, at, run):
    """`_sweep_exact`'s pass: the cuts of the least MC (positions at[:, :found], left class
    weights run[:found]); returns (the least MC, found, the number of cuts)."""
    for k in range(n_classes):
        running[k] = 0.0
    lowest = np.inf
    found = 0
    c = 0
    for q in range(n_known - 1):
        yq = sy[q]
        wq = sw[q]
        running[yq] += wq
        for j in range(n_classes):
            L[j] += wq * cost[yq, j]
        if v[q + 1] > v[q]:
            best_left = np.inf
            best_right = np.inf
            for j in range(n_classes):
                best_left = min(best_left, L[j])
                best_right = min(best_right, T[j] - L[j])
            mc = 0.0
            mc += best_left
            mc += best_right
            if mc < lowest:
                lowest = mc
                found = 0
            if mc == lowest:
                at[0, found], at[1, found] = c, q
                for k in range(n_classes):
                    run[found, k] = running[k]
                found += 1
            c += 1
    return lowest, found, c


@numba.njit(**JIT)
def _least_cuts_small(v, sw, sy, n_known, n_classes, cost, T, running, at, run):
    """`_least_cuts` for at most four classes, its sums in four scalars a side instead of arrays
    (kept in registers: several times faster a value): the left side's Σ_i N_i cost[i, j] as
    there, the right side's kept as T_j minus each case's w · cost[y, j] in turn — the same
    whole numbers as T_j - L_j (every number here a whole number below 2**52: exact); a class
    beyond n_classes is +inf on both sides (never the least)."""
    inf = np.inf
    c4 = np.zeros((n_classes, 4))
    for k in range(n_classes):
        running[k] = 0.0
        for j in range(n_classes):
            c4[k, j] = cost[k, j]
    L0 = 0.0
    L1 = 0.0
    L2 = 0.0 if n_classes > 2 else inf
    L3 = 0.0 if n_classes > 3 else inf
    R0 = T[0]
    R1 = T[1] if n_classes > 1 else inf
    R2 = T[2] if n_classes > 2 else inf
    R3 = T[3] if n_classes > 3 else inf
    if n_classes < 2:
        L1 = inf
    lowest = inf
    found = 0
    c = 0
    nxt = v[0]
    for q in range(n_known - 1):
        yq = sy[q]
        wq = sw[q]
        running[yq] += wq
        a0, a1, a2, a3 = wq * c4[yq, 0], wq * c4[yq, 1], wq * c4[yq, 2], wq * c4[yq, 3]
        L0 += a0
        L1 += a1
        L2 += a2
        L3 += a3
        R0 -= a0
        R1 -= a1
        R2 -= a2
        R3 -= a3
        here = nxt
        nxt = v[q + 1]
        if nxt > here:
            mc = 0.0
            mc += min(min(L0, L1), min(L2, L3))
            mc += min(min(R0, R1), min(R2, R3))
            if mc <= lowest:
                if mc < lowest:
                    lowest = mc
                    found = 0
                at[0, found], at[1, found] = c, q
                for k in range(n_classes):
                    run[found, k] = running[k]
                found += 1
            c += 1
    return lowest, found, c


@numba.njit(**JIT)
def _sweep_exact(v, sw, sy, n_known, n_classes, cost, total, table, ratio_slack, work):
    """`_sweep` with exact MC (integer costs, weights and sums below 2**52) and weights >= 0, in
    one pass over the values: Σ_i N_i · cost[i, j] of the left side kept up to date case by
    case (L_j += w · cost[y, j]) and the right side's as T_j - L_j — in exact arithmetic the
    same numbers as `_sweep`'s sums over the classes, in any order, and each side's class
    weights as `_sweep`'s (all known - left is never negative). The cuts of the least MC so
    far are remembered with their left class weights (a lower MC forgets them), so the gain
    ratios and outputs visit only the cuts of the least MC, not every value again."""
    running, totals, sides, mcs, cut_ratio, cut_near, at, run, left, right = work
    for k in range(n_classes):
        totals[k] = 0.0
    for q in range(n_known):
        totals[sy[q]] += sw[q]
    L = sides[0]
    T = sides[1]
    for j in range(n_classes):
        t = 0.0
        for k in range(n_classes):
            t += totals[k] * cost[k, j]
        T[j] = t
        L[j] = 0.0
    if n_classes <= 4:
        lowest, found, c = _least_cuts_small(v, sw, sy, n_known, n_classes, cost, T, running, at, run)
    else:
        lowest, found, c = _least_cuts(v, sw, sy, n_known, n_classes, cost, L, T, running, at, run)
    if c == 0:
        return 0, -np.inf
    # the largest approximate gain ratio among the cuts of least MC (near ones aside); often
    # nearly every cut ties (MC is the leaf's wherever both sides keep the node's label)
    ln_totals = 0.0
    known = 0.0
    for k in range(n_classes):
        ln_totals -= _xlnx(totals[k], table)
        known += totals[k]
    if table.shape[0] > total and known > 0:
        found = _likely_ratios(run, at, found, totals, n_classes, total, table, ln_totals, known, ratio_slack,
                               cut_ratio, cut_near)
    top = -np.inf
    for t in range(found):
        ratio, near = _exact_cut_ratio(run[t], totals, n_classes, total, table, ln_totals, known)
        cut_ratio[t], cut_near[t] = ratio, near
        mcs[t] = lowest
        if not near and ratio > top:
            top = ratio
    floor = top - ratio_slack * max(1.0, abs(top))
    return found, floor


@numba.njit(**JIT)
def near_best_cut_bags(X, y, rows, weights, features, n_classes, cost, slack, total, exact, table, ratio_slack):
    """The cuts of each numeric attribute in `features` whose MC is within `slack` of the
    attribute's least, with their class weights. A cut lies between two consecutive
    distinct known values of the node `rows` (weights `weights`, one per row), the values
    sorted stably; its MC is Σ over its two sides of min_j Σ_i N_i · cost[i, j], summed
    here one term after the other (the caller recomputes the MC of these few cuts as
    NumPy does: with `slack` above the rounding of MC and of this sum, the cuts NumPy finds
    tied at the least MC are all among them).

    Returns bags (N, 2, K): left = the cumulative class weights up to the cut (np.cumsum's
    order), right = all known - left (negatives set to 0), attribute after attribute;
    thresholds (N,): (v_i + v_i+1) / 2; cuts (N,): each one's position among all its
    attribute's cuts (the lower first); start and count (A,) of each attribute's cuts in
    them (count 0: no cut); known (A,): the known weight, summed as NumPy sums the sorted
    weights; mcs (N,): each kept cut's MC as summed here; ratios (N,) and near (N,): its
    `approximate_gain_ratio` (total: the node's weight; table: i ln i for small integers).

    `exact`: the MC summed here is exact (integer costs and weights): the cuts kept are
    those of exactly the least MC, and of them only those whose approximate gain ratio is
    within `ratio_slack` · max(1, largest) of the attribute's largest, or near a threshold.

    This kernel sorts the node's values of every attribute (a stable merge sort); the
    growth's own path is `presorted_cut_bags`, the same sweep (`_sweep`) over columns sorted
    once at the root. This one is its reference (tests)."""
    m = rows.shape[0]
    A = features.shape[0]
    start = np.zeros(A, np.int64)
    count = np.zeros(A, np.int64)
    known = np.zeros(A)
    values = np.empty(m)
    index = np.empty(m, np.int64)
    sv = np.empty(m)
    sorted_w = np.empty(m)
    sorted_y = np.empty(m, np.int64)
    work = sweep_work(m, n_classes)
    out = _outputs(n_classes)
    kept = 0
    for a in range(A):
        f = features[a]
        start[a] = kept
        n_known = 0
        for i in range(m):
            v = X[rows[i], f]
            if not np.isnan(v):
                values[n_known] = v
                index[n_known] = i
                n_known += 1
        order = np.argsort(values[:n_known], kind="mergesort")
        for q in range(n_known):
            i = index[order[q]]
            sv[q] = values[order[q]]
            sorted_w[q] = weights[i]
            sorted_y[q] = y[rows[i]]
        known[a] = numpy_sum(sorted_w, 0, n_known)
        if n_known < 2:
            continue
        found, floor = _sweep(sv, sorted_w, sorted_y, n_known, n_classes, cost, slack, total, exact, table,
                              ratio_slack, work)
        kept, out = _emit(sv, n_classes, work, found, floor, kept, out)
        count[a] = kept - start[a]
    return _trimmed(out, kept, start, count, known)


@numba.njit(**JIT)
def _trimmed(out, kept, start, count, known):
    """The outputs as `near_best_cut_bags` returns them."""
    bags, thresholds, cuts, kept_mc, ratios, nears = out
    return (bags[:kept].copy(), thresholds[:kept].copy(), cuts[:kept].copy(), start, count, known,
            kept_mc[:kept].copy(), ratios[:kept].copy(), nears[:kept].copy())


@numba.njit(**JIT)
def missing_bags(X, y, rows, weights, features, n_classes):
    """out[a, k]: the weight of class k among the node's cases missing attribute features[a]
    (added in row order, as np.bincount does)."""
    A = features.shape[0]
    out = np.zeros((A, n_classes))
    for a in range(A):
        f = features[a]
        for i in range(rows.shape[0]):
            v = X[rows[i], f]
            if np.isnan(v):
                out[a, y[rows[i]]] += weights[i]
    return out


# ---- presorted columns (the growth's path) ------------------------------------------------------
#
# The node's cases as a segment [start, end) of columns sorted once at the root
# (engine.kernels.split.presort: each numeric attribute's rows by value, ties by row, missing
# values last) plus one more row of `order` holding the same cases in row order. A split
# partitions every row of the segment stably into its children, one after the other, and the
# cases that stay (missing the attribute tested) after them: each child's segment is then its
# cases in exactly the order a stable sort of its own values would give, so the sweep is the
# one `near_best_cut_bags` makes after its sort, with the same sums in the same order, and a
# chain of nodes does no sorting at all.


@numba.njit(**JIT)
def presorted_cut_bags(order, vals, ys, w, start, end, n_classes, cost, slack, total, exact, table, ratio_slack,
                       incremental, work, sorted_w, ones):
    """`near_best_cut_bags` of the node whose cases are the segment [start, end) of the presorted
    columns: order[a] (a < A: the a-th numeric attribute's rows, sorted by value, missing
    last), vals[a] and ys[a] (their values and classes); w: every case's weight. The same
    outputs, bit for bit, attribute a for the a-th presorted column. `incremental` (with
    `exact`, and every weight >= 0): the one-pass `_sweep_exact`, else `_sweep`. `work`
    (`sweep_work(n, K)`) and `sorted_w` (n,): work arrays at least the node's size, made once a fit
    (a large array allocated at every node costs the system's page faults each time). `ones`:
    when every case weighs 1, n ones (the weights need no gathering, and their sum in NumPy's
    order is their number); else empty."""
    m = end - start
    A = vals.shape[0]
    start_a = np.zeros(A, np.int64)
    count = np.zeros(A, np.int64)
    known = np.zeros(A)
    incremental = incremental and exact
    unit = ones.shape[0] >= m
    out = _outputs(n_classes)
    kept = 0
    for a in range(A):
        start_a[a] = kept
        n_known = m
        while n_known > 0 and np.isnan(vals[a, start + n_known - 1]):
            n_known -= 1
        if unit:
            sw = ones
            known[a] = float(n_known)
        else:
            for q in range(n_known):
                sorted_w[q] = w[order[a, start + q]]
            sw = sorted_w
            known[a] = numpy_sum(sorted_w, 0, n_known)
        if n_known < 2:
            continue
        if incremental:
            found, floor = _sweep_exact(vals[a, start:end], sw, ys[a, start:end], n_known, n_classes, cost, total,
                                        table, ratio_slack, work)
        else:
            found, floor = _sweep(vals[a, start:end], sw, ys[a, start:end], n_known, n_classes, cost, slack, total,
                                  exact, table, ratio_slack, work)
        kept, out = _emit(vals[a, start:end], n_classes, work, found, floor, kept, out)
        count[a] = kept - start_a[a]
    return _trimmed(out, kept, start_a, count, known)


# The cases in row order, beside the last row of `order`: `rowdata` (2 + D, n) floats, row 0
# the class, row 1 the weight, row 2 + r the r-th discrete attribute's codes (NaN: missing),
# partitioned with the rest, so that the kernels below read them one after the other instead
# of one row of X (a cache line) a case.


@numba.njit(**JIT)
def segment_category_bags(rowdata, start, end, codes, n_values, n_classes):
    """engine.kernels.c45.category_bags of the segment's cases (row order): bags[a, v, k] for
    the discrete attribute whose codes are rowdata[2 + codes[a]]; the same sums in the same
    order (each bag's weights case after case in row order)."""
    A = codes.shape[0]
    width = 1
    for a in range(A):
        width = max(width, n_values[a])
    bags = np.zeros((A, width, n_classes))
    for a in range(A):
        r = 2 + codes[a]
        for i in range(start, end):
            v = rowdata[r, i]
            if v == v:
                bags[a, np.int64(v), np.int64(rowdata[0, i])] += rowdata[1, i]
    return bags


@numba.njit(**JIT)
def segment_missing_bags(w, y, order, vals, rowdata, start, end, features, column, code, n_classes):
    """`missing_bags` of the segment's cases, each bag's weights added in row order: a presorted
    attribute's (column[f] >= 0: its row of order and vals) from the missing values at the
    end of its column (in row order there: ties by row), a discrete one's (code[f]) from its
    codes in rowdata."""
    A = features.shape[0]
    out = np.zeros((A, n_classes))
    for a in range(A):
        f = features[a]
        c = column[f]
        if c >= 0:
            q = end
            while q > start and np.isnan(vals[c, q - 1]):
                q -= 1
            for i in range(q, end):
                s = order[c, i]
                out[a, y[s]] += w[s]
        else:
            r = 2 + code[f]
            for i in range(start, end):
                if np.isnan(rowdata[r, i]):
                    out[a, np.int64(rowdata[0, i])] += rowdata[1, i]
    return out


@numba.njit(**JIT)
def segment_integral(rowdata, start, end):
    """Every weight of the segment's cases a whole number."""
    for i in range(start, end):
        x = rowdata[1, i]
        if x != np.floor(x):
            return False
    return True


@numba.njit(**JIT)
def _move_row(row, place, lead, end, tmp):
    """row[place[i]] = row[i] for every i in [lead, end), all at once (a permutation of the positions)."""
    for i in range(lead, end):
        tmp[i - lead] = row[i]
    for i in range(lead, end):
        row[place[i]] = tmp[i - lead]


@numba.njit(**JIT)
def partition_segment(w, order, vals, ys, rowdata, start, end, feature, column, code, threshold, n_children,
                      n_classes, dest, buffer, vbuffer, ybuffer, place):
    """Divide the node's segment [start, end) among the children of a split on `feature` (a
    presorted attribute, column[feature] >= 0: a binary cut at `threshold`, x <= threshold
    left; else a discrete one, its codes rowdata[2 + code[feature]]: child = the code,
    n_children of them), as engine.tree.splitters.divide does with missing values "stay": a
    case whose value is missing (or a code outside the children, or whose weight is not
    positive) goes to no child. Every row of `order` (and of vals, ys alongside: the presorted
    columns; the last row of `order`, the cases in row order, with rowdata) is partitioned
    stably: each child's cases in their former order in a part of the segment of its own,
    the largest child's first (moved up in place: in a chain of nodes it is nearly all of
    them), then the other children in order, then the cases that stay.

    dest, buffer, place (n,) int32 (place: positions), vbuffer (n,) float, ybuffer (n,) of ys's
    type: work arrays.

    Returns (at (n_children,): each child's first position, sizes (n_children,), counts
    (n_children, n_classes): its class weights, added in row order as np.bincount adds them)."""
    rows = order.shape[0] - 1
    c = column[feature]
    if c >= 0:
        for i in range(start, end):
            s = order[c, i]
            v = vals[c, i]
            d = n_children
            if v == v and w[s] > 0:
                d = 0 if v <= threshold else 1
            dest[s] = d
    else:
        r = 2 + code[feature]
        for i in range(start, end):
            v = rowdata[r, i]
            d = n_children
            if v == v and rowdata[1, i] > 0:
                value = np.int64(v)
                if 0 <= value < n_children:
                    d = value
            dest[order[rows, i]] = d
    sizes = np.zeros(n_children + 1, np.int64)
    counts = np.zeros((n_children, n_classes))
    for i in range(start, end):
        d = dest[order[rows, i]]
        sizes[d] += 1
        if d < n_children:
            counts[d, np.int64(rowdata[0, i])] += rowdata[1, i]
    big = 0
    for d in range(n_children):
        if sizes[d] > sizes[big]:
            big = d
    first = np.empty(n_children + 1, np.int64)  # each part's first position: big, the others, stay
    first[big] = start
    q = start + sizes[big]
    for d in range(n_children + 1):
        if d != big:
            first[d] = q
            q += sizes[d]
    at = np.empty(n_children + 1, np.int64)
    # the row-order data (rowdata and order's last row) all move alike: each case's place is
    # worked out once (`place`, from the first case that leaves the largest child's run: the
    # ones before it stay where they are), then every such row is moved by it
    for d in range(n_children + 1):
        at[d] = first[d]
    lead = start
    while lead < end and dest[order[rows, lead]] == big:
        lead += 1
    nb = lead
    for i in range(lead, end):
        d = dest[order[rows, i]]
        if d == big:
            place[i] = nb
            nb += 1
        else:
            place[i] = at[d]
            at[d] += 1
    for r in range(rowdata.shape[0]):
        _move_row(rowdata[r], place, lead, end, vbuffer)
    for i in range(lead, end):
        buffer[i - lead] = order[rows, i]
    for i in range(lead, end):
        order[rows, place[i]] = buffer[i - lead]
    # each presorted column in its own order: the same stable partition, also from the first
    # case that leaves the largest child's run
    for r in range(rows):
        i0 = start
        while i0 < end and dest[order[r, i0]] == big:
            i0 += 1
        nb = i0
        n_rest = 0
        for i in range(i0, end):
            s = order[r, i]
            if dest[s] == big:
                order[r, nb] = s
                vals[r, nb] = vals[r, i]
                ys[r, nb] = ys[r, i]
                nb += 1
            else:
                buffer[n_rest] = s
                vbuffer[n_rest] = vals[r, i]
                ybuffer[n_rest] = ys[r, i]
                n_rest += 1
        for d in range(n_children + 1):
            at[d] = first[d]
        for i in range(n_rest):
            s = buffer[i]
            d = dest[s]
            p = at[d]
            order[r, p] = s
            vals[r, p] = vbuffer[i]
            ys[r, p] = ybuffer[i]
            at[d] = p + 1
    return first[:n_children].copy(), sizes[:n_children].copy(), counts
