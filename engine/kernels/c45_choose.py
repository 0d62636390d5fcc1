"""C4.5's split of a node in compiled code: gains, gain ratios and J48's choice, bit for bit
what engine/algorithms/c45.py's NumPy formulas give (issue 20, goal 4).

The logarithms must be NumPy's (its SIMD `np.log` differs from the C library's, which
compiled code calls, in the last bit of about one value in 10,000, and near ties decide
cuts). So a node takes two calls of `c45_scores`: the first (`mode` COLLECT) walks the
formulas and writes every number whose x·ln x is needed into a buffer, NumPy takes their
logarithms in one call, the second (`mode` COMPUTE) walks the same formulas again reading
them in the same order (which numbers are needed depends on the counts only, never on a
logarithm). The sums are added in NumPy's order (`block_sum`/`numpy_sum`: a row's sum of a
contiguous array; a sum over a leading axis one row after another).
"""

from __future__ import annotations

import math

import numba
import numpy as np

from .c45 import category_bags, presorted_cut_bags
from .config import JIT
from .sums import block_sum, numpy_sum

COLLECT, COMPUTE, TRY = 0, 1, 2
LOG2 = math.log(2.0)  # engine.algorithms.c45.LOG2


@numba.njit(inline="always")
def _sum(a, start, n):
    """numpy_sum, the short rows (the usual case) without its call."""
    if n <= 128:
        return block_sum(a, start, n)
    return numpy_sum(a, start, n)


@numba.njit(**JIT)
def c45_node_bags(X, y, rows, weights, num_features, orders, nom_features, nom_sizes, n_classes, min_obj):
    """The class counts of every candidate of a node: presorted_cut_bags (orders: the positions in
    rows by each numeric attribute's value) and category_bags in one call."""
    if num_features.shape[0] > 0:
        bags, thresholds, start, count, known = presorted_cut_bags(X, y, rows, weights, num_features, orders,
                                                                   n_classes, min_obj)
    else:
        bags = np.zeros((0, 2, n_classes))
        thresholds = np.zeros(0)
        start = np.zeros(0, np.int64)
        count = np.zeros(0, np.int64)
        known = np.zeros((0, n_classes))
    if nom_features.shape[0] > 0:
        nbags = category_bags(X, y, rows, weights, nom_features, nom_sizes, n_classes)
    else:
        nbags = np.zeros((0, 1, n_classes))
    return bags, thresholds, start, count, known, nbags


@numba.njit(inline="always")
def _lnf(x, mode, buf, cur):
    """x ln x (0 for x <= 0): COLLECT records x (1 when x <= 0) and returns 0; COMPUTE reads ln x;
    TRY reads ln x of a whole number x from the table `buf` (np.log(i) at i), or marks cur[1]."""
    if mode == TRY:
        if x > 0:
            if x < buf.shape[0] and x == np.floor(x):
                return x * buf[np.int64(x)]
            cur[1] = 1
        return 0.0
    i = cur[0]
    cur[0] = i + 1
    if mode == COLLECT:
        buf[i] = x if x > 0 else 1.0
        return 0.0
    if x > 0:
        return x * buf[i]
    return 0.0


@numba.njit(inline="always")
def _lnf_sum(a, start, n, mode, buf, cur, tmp):
    """Σ x ln x over a[start:start + n] in NumPy's order."""
    for i in range(n):
        tmp[i] = _lnf(a[start + i], mode, buf, cur)
    return _sum(tmp, 0, n)


@numba.njit(inline="always")
def _gain(old, new, known, total):
    """engine.algorithms.c45.info_gain's last steps for one candidate."""
    numerator = (old - new) * (known / total)
    gain = numerator / known if known > 0 else 0.0
    if abs(numerator) < 1e-6:
        gain = 0.0
    return gain


@numba.njit(inline="always")
def _split_denominator(totals, m, total, mode, buf, cur, tmp):
    """split_ent(bag totals, total) / total (gain_ratio's denominator)."""
    known = _sum(totals, 0, m)
    value = -_lnf_sum(totals, 0, m, mode, buf, cur, tmp) - _lnf(total - known, mode, buf, cur) \
        + _lnf(total, mode, buf, cur)
    if not known > 0:
        value = 0.0
    return value / LOG2 / total


@numba.njit(inline="always")
def _ratio(gain, denominator):
    if abs(denominator) < 1e-6:
        return 0.0
    return gain / (1.0 if denominator == 0 else denominator)


@numba.njit(inline="always")
def _bags_gain(block, m, n_classes, old, total, mode, buf, cur, tmp, rowtot, terms):
    """info_gain of one candidate's bags (m x K, contiguous in `block`) with old_ent `old`;
    fills rowtot[:m] with the bag totals."""
    for v in range(m):
        rowtot[v] = _sum(block, v * n_classes, n_classes)
        terms[v] = _lnf_sum(block, v * n_classes, n_classes, mode, buf, cur, tmp) - _lnf(rowtot[v], mode, buf, cur)
    new = -_sum(terms, 0, m) / LOG2
    known = _sum(block, 0, m * n_classes)
    return _gain(old, new, known, total)


@numba.njit(inline="always")
def _old_ent(per_class, n_classes, mode, buf, cur, tmp):
    s = _sum(per_class, 0, n_classes)
    return (_lnf(s, mode, buf, cur) - _lnf_sum(per_class, 0, n_classes, mode, buf, cur, tmp)) / LOG2


@numba.njit(**JIT)
def c45_scores(mode, buf, bags, start, count, known, nbags, num_features, nom_features, nom_sizes, n_classes,
               total, min_obj, mdl, log2_count, n_features):
    """COLLECT: (the numbers to take logarithms of, how many). COMPUTE (buf: their logarithms), or
    TRY (buf: np.log of the whole numbers 0, 1, 2, ...; enough when every count is whole, as with
    unit weights and no missing values; chosen -2 when it was not):
    per attribute (n_features): offered (bool), gain (MDL-corrected for numeric cuts), gain
    ratio, the numeric cut's row in `bags` (-1 for nominal), then the chosen attribute (-1:
    none) by gain_ratio_among_average_gains."""
    K = n_classes
    A = num_features.shape[0]
    B = nom_features.shape[0]
    width = nbags.shape[1]
    if mode == COLLECT:
        size = 1 + A * (K + 1) + bags.shape[0] * (4 * K + 8) + B * (2 * K + 2 + width * (2 * K + 3) + 3)
        buf = np.empty(size)
    cur = np.zeros(2, np.int64)
    tmp = np.empty(max(K, width) + 2)
    rowtot = np.empty(max(width, 2) + 2)
    terms = np.empty(max(width, 2) + 2)
    offered = np.zeros(n_features, np.bool_)
    gains = np.zeros(n_features)
    ratios = np.zeros(n_features)
    cut = np.full(n_features, -1, np.int64)
    flat = np.empty(max(2, width) * K)
    per_class = np.empty(K)
    for a in range(A):
        c = count[a]
        if c == 0:
            continue
        old = _old_ent(known[a], K, mode, buf, cur, tmp)
        best, best_gain, best_den = -1, 0.0, 0.0
        if mode == TRY and K < 8:  # the usual case without calls in the loop (each costs reference counts)
            T = buf.shape[0]
            x = total
            lnf_total = 0.0
            if x > 0:
                if x < T and x == np.floor(x):
                    lnf_total = x * buf[np.int64(x)]
                else:
                    cur[1] = 1
            for q in range(start[a], start[a] + c):
                rt0 = 0.0
                rt1 = 0.0
                term0 = 0.0
                term1 = 0.0
                for b in range(2):
                    rt = 0.0
                    ls = 0.0
                    for k in range(K):
                        x = bags[q, b, k]
                        rt += x
                        v = 0.0
                        if x > 0:
                            if x < T and x == np.floor(x):
                                v = x * buf[np.int64(x)]
                            else:
                                cur[1] = 1
                        ls += v
                    v = 0.0
                    if rt > 0:
                        if rt < T and rt == np.floor(rt):
                            v = rt * buf[np.int64(rt)]
                        else:
                            cur[1] = 1
                    if b == 0:
                        rt0, term0 = rt, ls - v
                    else:
                        rt1, term1 = rt, ls - v
                new = -((0.0 + term0) + term1) / LOG2
                n2 = 2 * K
                if n2 < 8:
                    known_q = 0.0
                    for b in range(2):
                        for k in range(K):
                            known_q += bags[q, b, k]
                else:  # block_sum of the 2K counts: eight running sums, then the rest
                    for b in range(2):
                        for k in range(K):
                            flat[b * K + k] = bags[q, b, k]
                    known_q = ((flat[0] + flat[1]) + (flat[2] + flat[3])) + ((flat[4] + flat[5]) + (flat[6] + flat[7]))
                    for i in range(8, n2):
                        known_q += flat[i]
                numerator = (old - new) * (known_q / total)
                g = numerator / known_q if known_q > 0 else 0.0
                if abs(numerator) < 1e-6:
                    g = 0.0
                known2 = (0.0 + rt0) + rt1
                l0 = 0.0
                l1 = 0.0
                if rt0 > 0:
                    l0 = rt0 * buf[np.int64(rt0)] if rt0 < T and rt0 == np.floor(rt0) else 0.0
                if rt1 > 0:
                    l1 = rt1 * buf[np.int64(rt1)] if rt1 < T and rt1 == np.floor(rt1) else 0.0
                x = total - known2
                lrest = 0.0
                if x > 0:
                    if x < T and x == np.floor(x):
                        lrest = x * buf[np.int64(x)]
                    else:
                        cur[1] = 1
                value = -((0.0 + l0) + l1) - lrest + lnf_total
                if not known2 > 0:
                    value = 0.0
                den = value / LOG2 / total
                if best < 0 or g > best_gain:  # the first maximum (np.argmax)
                    best, best_gain, best_den = q, g, den
            qs = start[a] + c  # the general loop below does nothing
        else:
            qs = start[a]
        for q in range(qs, start[a] + c):
            for b in range(2):
                for k in range(K):
                    flat[b * K + k] = bags[q, b, k]
            g = _bags_gain(flat, 2, K, old, total, mode, buf, cur, tmp, rowtot, terms)
            den = _split_denominator(rowtot, 2, total, mode, buf, cur, tmp)
            if best < 0 or g > best_gain:  # the first maximum (np.argmax)
                best, best_gain, best_den = q, g, den
        if mode == COLLECT:
            continue
        gain = best_gain
        if gain <= 0:
            continue
        if mdl:
            gain -= log2_count[c] / total
        if gain <= 0:
            continue
        f = num_features[a]
        offered[f] = True
        gains[f] = gain
        ratios[f] = _ratio(gain, best_den)
        cut[f] = best
    if mode == TRY and K < 8:  # the usual case without calls per value (each costs reference counts)
        T = buf.shape[0]
        lnfs = np.empty(max(width, K) + 2)
        for a in range(B):
            m = nom_sizes[a]
            enough = 0
            for v in range(m):
                rt = 0.0
                for k in range(K):
                    rt += nbags[a, v, k]
                rowtot[v] = rt
                if rt >= min_obj:
                    enough += 1
            if enough < 2:
                continue
            for k in range(K):  # bags.sum(axis=-2): one value after another
                per_class[k] = nbags[a, 0, k]
            for v in range(1, m):
                for k in range(K):
                    per_class[k] += nbags[a, v, k]
            # every x ln x needed: per class, its total, each value's classes, the value totals,
            # the unknowns' weight and the node's total (the table's logarithms)
            s = 0.0
            ls = 0.0
            for k in range(K):
                x = per_class[k]
                s += x
                lx = 0.0
                if x > 0:
                    if x < T and x == np.floor(x):
                        lx = x * buf[np.int64(x)]
                    else:
                        cur[1] = 1
                ls += lx
            ltot = 0.0
            if s > 0:
                if s < T and s == np.floor(s):
                    ltot = s * buf[np.int64(s)]
                else:
                    cur[1] = 1
            old = (ltot - ls) / LOG2
            for v in range(m):
                ls = 0.0
                for k in range(K):
                    x = nbags[a, v, k]
                    flat[v * K + k] = x
                    lx = 0.0
                    if x > 0:
                        if x < T and x == np.floor(x):
                            lx = x * buf[np.int64(x)]
                        else:
                            cur[1] = 1
                    ls += lx
                x = rowtot[v]
                lx = 0.0
                if x > 0:
                    if x < T and x == np.floor(x):
                        lx = x * buf[np.int64(x)]
                    else:
                        cur[1] = 1
                lnfs[v] = lx
                terms[v] = ls - lx
            new = -_sum(terms, 0, m) / LOG2
            known_a = _sum(flat, 0, m * K)
            numerator = (old - new) * (known_a / total)
            g = numerator / known_a if known_a > 0 else 0.0
            if abs(numerator) < 1e-6:
                g = 0.0
            known2 = _sum(rowtot, 0, m)
            x = total - known2
            lrest = 0.0
            if x > 0:
                if x < T and x == np.floor(x):
                    lrest = x * buf[np.int64(x)]
                else:
                    cur[1] = 1
            x = total
            lall = 0.0
            if x > 0:
                if x < T and x == np.floor(x):
                    lall = x * buf[np.int64(x)]
                else:
                    cur[1] = 1
            value = -_sum(lnfs, 0, m) - lrest + lall
            if not known2 > 0:
                value = 0.0
            den = value / LOG2 / total
            f = nom_features[a]
            offered[f] = True
            gains[f] = g
            ratios[f] = _ratio(g, den)
        B_general = 0
    else:
        B_general = B
    for a in range(B_general):
        m = nom_sizes[a]
        enough = 0
        for v in range(m):
            if _sum(nbags[a, v], 0, K) >= min_obj:
                enough += 1
        if enough < 2:
            continue
        for k in range(K):  # bags.sum(axis=-2): one value after another
            per_class[k] = nbags[a, 0, k]
        for v in range(1, m):
            for k in range(K):
                per_class[k] += nbags[a, v, k]
        old = _old_ent(per_class, K, mode, buf, cur, tmp)
        for v in range(m):
            for k in range(K):
                flat[v * K + k] = nbags[a, v, k]
        g = _bags_gain(flat, m, K, old, total, mode, buf, cur, tmp, rowtot, terms)
        den = _split_denominator(rowtot, m, total, mode, buf, cur, tmp)
        if mode == COLLECT:
            continue
        f = nom_features[a]
        offered[f] = True
        gains[f] = g
        ratios[f] = _ratio(g, den)
    chosen = -1
    if mode == TRY and cur[1] != 0:
        return buf, cur[0], offered, gains, ratios, cut, -2
    if mode != COLLECT:
        n, s = 0, 0.0
        for f in range(n_features):
            if offered[f]:
                s += gains[f]
                n += 1
        if n > 0:
            average = s / n
            best_ratio = 0.0
            for f in range(n_features):
                if offered[f] and gains[f] >= average - 1e-3 and ratios[f] > best_ratio + 1e-6:
                    chosen, best_ratio = f, ratios[f]
    return buf, cur[0], offered, gains, ratios, cut, chosen


NO_SHARES = np.empty(0)


@numba.njit(**JIT)
def c45_branches(X, rows, weights, feature, nominal, threshold, k, shares):
    """Each row's branch at a C4.5 node (-1: its value is unknown, or a category the node has no
    branch for), whether any is unknown, and the share of the unknown rows' weight each child
    receives: the known weight going there over all known weight (sums in NumPy's order); when
    no weight is known, `shares` if it has k entries (pruning's re-routing), else 1/k each."""
    m = rows.shape[0]
    branch = np.empty(m, np.int64)
    any_unknown = False
    for i in range(m):
        v = X[rows[i], feature]
        b = -1
        if v == v:
            if nominal:
                code = np.int64(v)
                if 0 <= code < k:
                    b = code
            else:
                b = 0 if v <= threshold else 1
        branch[i] = b
        if b < 0:
            any_unknown = True
    fractions = np.zeros(k)
    if any_unknown:
        known_w = np.zeros(k)
        gathered = np.empty(m)
        for c in range(k):  # mass[:, c][share[:, c] > 0].sum(), NumPy's order
            n = 0
            for i in range(m):
                if branch[i] == c:
                    gathered[n] = weights[i]
                    n += 1
            known_w[c] = _sum(gathered, 0, n)
        s = _sum(known_w, 0, k)
        for c in range(k):
            if s > 0:
                fractions[c] = known_w[c] / s
            elif shares.shape[0] == k:
                fractions[c] = shares[c]
            else:
                fractions[c] = 1.0 / k
    return branch, any_unknown, fractions


@numba.njit(**JIT)
def c45_deal(rows, weights, branch, any_unknown, fractions, k, track):
    """Deal a node's rows to its k children (c45_branches' branch and fractions): each child's
    (row, weight) one after another, weight 0 left out, and their offsets (k + 1). With `track`,
    also position[c, i]: row i's place in child c (-1: not there); else a (0, 0) array."""
    m = rows.shape[0]
    size = m * k if any_unknown else m
    offsets = np.zeros(k + 1, np.int64)
    out_rows = np.empty(size, np.int64)
    out_w = np.empty(size)
    position = np.full((k, m), -1, np.int64) if track else np.empty((0, 0), np.int64)
    q = 0
    for c in range(k):
        offsets[c] = q
        for i in range(m):
            b = branch[i]
            if b == c:
                wc = weights[i] * 1.0
            elif b < 0:
                wc = weights[i] * fractions[c]
            else:
                continue
            if wc > 0:
                out_rows[q] = rows[i]
                out_w[q] = wc
                if track:
                    position[c, i] = q - offsets[c]
                q += 1
    offsets[k] = q
    return out_rows, out_w, offsets, position


@numba.njit(**JIT)
def c45_divide(X, y, rows, weights, orders, feature, nominal, threshold, n_children, n_classes):
    """engine.tree.splitters.divide(node, X, rows, weights, "fractional") for a C4.5 node (a
    threshold, or one branch per category code) with each child's class counts (np.bincount's
    order) and presorted orders. Returns (rows, weights) of the children one after another,
    their start offsets (n_children + 1), counts (n_children, K), and orders (rows, A): for the
    rows of child c, the positions (from offsets[c]) by each attribute's value, filtered from
    the node's `orders` (so still stable)."""
    m = rows.shape[0]
    k = n_children
    A = orders.shape[1]
    branch, any_unknown, fractions = c45_branches(X, rows, weights, feature, nominal, threshold, k, NO_SHARES)
    out_rows, out_w, offsets, position = c45_deal(rows, weights, branch, any_unknown, fractions, k, True)
    q = offsets[k]
    counts = np.zeros((k, n_classes))
    for c in range(k):  # in the order the rows were dealt: the same sums
        for j in range(offsets[c], offsets[c + 1]):
            counts[c, y[out_rows[j]]] += out_w[j]
    out_orders = np.empty((q, A), np.int64)
    fill = np.empty(k, np.int64)
    for a in range(A):
        for c in range(k):
            fill[c] = offsets[c]
        for t in range(m):
            i = orders[t, a]
            b = branch[i]
            if b >= 0:
                p = position[b, i]
                if p >= 0:
                    out_orders[fill[b], a] = p
                    fill[b] += 1
            else:
                for c in range(k):
                    p = position[c, i]
                    if p >= 0:
                        out_orders[fill[c], a] = p
                        fill[c] += 1
    return out_rows[:q], out_w[:q], offsets, counts, out_orders


@numba.njit(cache=True)  # not nogil: its object-mode block takes the GIL (Numba warns about nogil there)
def c45_node_choice(X, y, rows, weights, orders, num_features, nom_features, nom_sizes, n_classes, min_obj, total,
                    mdl, log2_count, n_features, log_table):
    """c45_node_bags and c45_scores in one call: (chosen attribute, its threshold; -1: no split).
    The logarithms from the table of whole numbers, or (some count is not whole) NumPy's, taken
    in object mode between the COLLECT and COMPUTE passes."""
    bags, thresholds, start, count, known, nbags = c45_node_bags(X, y, rows, weights, num_features, orders,
                                                                 nom_features, nom_sizes, n_classes, min_obj)
    _, _, _, _, _, cut, chosen = c45_scores(TRY, log_table, bags, start, count, known, nbags, num_features,
                                            nom_features, nom_sizes, n_classes, total, min_obj, mdl, log2_count,
                                            n_features)
    if chosen == -2:  # some count is not whole: the numbers collected, NumPy's logarithms, computed again
        values, n, _, _, _, _, _ = c45_scores(COLLECT, log_table[:0], bags, start, count, known, nbags, num_features,
                                              nom_features, nom_sizes, n_classes, total, min_obj, mdl, log2_count,
                                              n_features)
        collected = values[:n].copy()
        with numba.objmode(logs="float64[::1]"):
            logs = np.log(collected)
        _, _, _, _, _, cut, chosen = c45_scores(COMPUTE, logs, bags, start, count, known, nbags, num_features,
                                                nom_features, nom_sizes, n_classes, total, min_obj, mdl, log2_count,
                                                n_features)
    threshold = 0.0
    if chosen >= 0 and cut[chosen] >= 0:
        threshold = thresholds[cut[chosen]]
    return chosen, threshold


@numba.njit(**JIT)
def c45_children(counts, parent_label, min_weight):
    """Per child (a row of counts): its label (the largest class, the first among equals; the
    parent's without weight) and whether it stops (weight below min_weight, or pure within
    1e-9), as engine.tree.grow's majority_label and Stopping(pure_tolerance=1e-9) decide."""
    k, K = counts.shape
    labels = np.empty(k, np.int64)
    stops = np.empty(k, np.bool_)
    for c in range(k):
        total = _sum(counts[c], 0, K)
        best = 0
        for j in range(1, K):
            if counts[c, j] > counts[c, best]:
                best = j
        labels[c] = best if total > 0 else parent_label
        stops[c] = total < min_weight or counts[c, best] >= total - 1e-9
    return labels, stops
