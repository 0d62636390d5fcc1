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
def _grown(a, kept, capacity):
    """A float array of `capacity` holding a's first `kept` values (an output that grows)."""
    out = np.empty(capacity)
    out[:kept] = a[:kept]
    return out


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
    within `ratio_slack` · max(1, largest) of the attribute's largest, or near a threshold."""
    m = rows.shape[0]
    A = features.shape[0]
    start = np.zeros(A, np.int64)
    count = np.zeros(A, np.int64)
    known = np.zeros(A)
    values = np.empty(m)
    index = np.empty(m, np.int64)
    sorted_w = np.empty(m)
    running = np.zeros(n_classes)
    totals = np.zeros(n_classes)
    mcs = np.empty(max(m - 1, 1))
    cut_ratio = np.empty(max(m - 1, 1))  # the first pass's approximate gain ratio of each cut (exact costs)
    cut_near = np.zeros(max(m - 1, 1), np.bool_)
    # at most m - 1 cuts per attribute are kept: grow the output as needed
    capacity = 16
    bags = np.zeros((capacity, 2, n_classes))
    thresholds = np.empty(capacity)
    cuts = np.empty(capacity, np.int64)
    kept_mc = np.empty(capacity)
    ratios = np.empty(capacity)
    nears = np.zeros(capacity, np.bool_)
    left = np.empty(n_classes)
    right = np.empty(n_classes)
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
            sorted_w[q] = weights[index[order[q]]]
        known[a] = numpy_sum(sorted_w, 0, n_known)
        if n_known < 2:
            continue
        totals[:] = 0.0
        for q in range(n_known):
            i = index[order[q]]
            totals[y[rows[i]]] += weights[i]
        # first pass: every cut's MC, the least of them
        running[:] = 0.0
        n_cuts = 0
        lowest = np.inf
        for q in range(n_known - 1):
            i = index[order[q]]
            running[y[rows[i]]] += weights[i]
            if values[order[q + 1]] > values[order[q]]:
                mc = 0.0
                for side in range(2):
                    best = np.inf
                    for j in range(n_classes):
                        s = 0.0
                        for k in range(n_classes):
                            n_k = running[k] if side == 0 else max(totals[k] - running[k], 0.0)
                            s += n_k * cost[k, j]
                        best = min(best, s)
                    mc += best
                mcs[n_cuts] = mc
                n_cuts += 1
                lowest = min(lowest, mc)
        if n_cuts == 0:
            continue
        limit = lowest + slack * max(1.0, abs(lowest))
        floor = -np.inf
        if exact:
            limit = lowest
            # the largest approximate gain ratio among the cuts of least MC (near ones aside)
            running[:] = 0.0
            c = 0
            top = -np.inf
            for q in range(n_known - 1):
                i = index[order[q]]
                running[y[rows[i]]] += weights[i]
                if values[order[q + 1]] > values[order[q]]:
                    if mcs[c] <= limit:
                        for k in range(n_classes):
                            left[k] = running[k]
                            r = totals[k] - running[k]
                            right[k] = max(r, 0.0)
                        ratio, near = approximate_gain_ratio(left, right, total, n_classes, table)
                        cut_ratio[c], cut_near[c] = ratio, near
                        if not near and ratio > top:
                            top = ratio
                    c += 1
            floor = top - ratio_slack * max(1.0, abs(top))
        # second pass: the weights of the cuts near the least MC
        running[:] = 0.0
        c = 0
        for q in range(n_known - 1):
            i = index[order[q]]
            running[y[rows[i]]] += weights[i]
            if values[order[q + 1]] > values[order[q]]:
                if mcs[c] <= limit:
                    if exact:  # computed in the first pass
                        ratio, near = cut_ratio[c], cut_near[c]
                    else:
                        for k in range(n_classes):
                            left[k] = running[k]
                            r = totals[k] - running[k]
                            right[k] = max(r, 0.0)
                        ratio, near = approximate_gain_ratio(left, right, total, n_classes, table)
                    if not near and ratio < floor:
                        c += 1
                        continue
                    if kept == capacity:
                        capacity *= 2
                        grown = np.zeros((capacity, 2, n_classes))
                        grown[:kept] = bags[:kept]
                        bags = grown
                        thresholds = _grown(thresholds, kept, capacity)
                        positions = np.empty(capacity, np.int64)
                        positions[:kept] = cuts[:kept]
                        cuts = positions
                        kept_mc = _grown(kept_mc, kept, capacity)
                        ratios = _grown(ratios, kept, capacity)
                        flags = np.zeros(capacity, np.bool_)
                        flags[:kept] = nears[:kept]
                        nears = flags
                    for k in range(n_classes):
                        bags[kept, 0, k] = running[k]
                        r = totals[k] - running[k]
                        bags[kept, 1, k] = max(r, 0.0)
                    thresholds[kept] = (values[order[q]] + values[order[q + 1]]) / 2.0
                    cuts[kept] = c
                    kept_mc[kept] = mcs[c]
                    ratios[kept], nears[kept] = ratio, near
                    kept += 1
                c += 1
        count[a] = kept - start[a]
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
