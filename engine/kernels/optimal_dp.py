"""The optimal tree's compiled parts (engine/algorithms/optimal.py): the class weights of every
pair of binary features over a set of cases, and the best tree of depth <= 2 from them
(MurTree's specialised depth-two solver, with our costs).

A binary feature f has three states per case: 0 its *counted* side (the side fewer training
cases take: the pair counts loop only over it, as MurTree counts only the features a case
has), 1 the other side, 2 missing. `pair_counts` gives, over the rows of a set S,

    tot[k]          class weights of S
    A[f, k]         of the cases on f's counted side,  M[f, k] missing f
    AA[f, g, k]     counted on f and on g,  AM[f, g, k] counted on f and missing g,
    MM[f, g, k]     missing both

and every other cell follows by subtraction (the other side = all - counted - missing).
`best_depth2` then prices every tree of depth <= 2 exactly (module docstring of
engine/algorithms/optimal.py: misclassification cost, lambda per leaf, test cost per known case,
the cases missing a node's feature staying there with its label) and returns the cheapest.
"""

from __future__ import annotations

import numba
import numpy as np

from .config import JIT

#: weights within this of the minimum leaf weight still meet it (sums by subtraction round)
EPS = 1e-9


@numba.njit(**JIT)
def pair_counts(rows, y, w, cnt_ptr, cnt_idx, mis_ptr, mis_idx, n_features, n_classes):
    """(tot, A, M, AA, AM, MM) over `rows` (module docstring); the rows' counted features are
    cnt_idx[cnt_ptr[r]:cnt_ptr[r + 1]], their missing ones mis_idx[mis_ptr[r]:mis_ptr[r + 1]].
    AA and MM are filled on both sides of the diagonal (AA[f, f] = A[f], MM[f, f] = M[f])."""
    F, K = n_features, n_classes
    tot = np.zeros(K)
    A = np.zeros((F, K))
    M = np.zeros((F, K))
    AA = np.zeros((F, F, K))
    AM = np.zeros((F, F, K))
    MM = np.zeros((F, F, K))
    for t in range(rows.shape[0]):
        r = rows[t]
        k = y[r]
        wr = w[r]
        tot[k] += wr
        c0, c1 = cnt_ptr[r], cnt_ptr[r + 1]
        m0, m1 = mis_ptr[r], mis_ptr[r + 1]
        for i in range(c0, c1):
            f = cnt_idx[i]
            A[f, k] += wr
            for j in range(i + 1, c1):
                AA[f, cnt_idx[j], k] += wr
            for j in range(m0, m1):
                AM[f, mis_idx[j], k] += wr
        for i in range(m0, m1):
            f = mis_idx[i]
            M[f, k] += wr
            for j in range(i + 1, m1):
                MM[f, mis_idx[j], k] += wr
    for f in range(F):
        for k in range(K):
            AA[f, f, k] = A[f, k]
            MM[f, f, k] = M[f, k]
        for g in range(f + 1, F):
            for k in range(K):
                # the lists are in ascending feature order: only f < g was added
                AA[g, f, k] += AA[f, g, k]
                AA[f, g, k] = AA[g, f, k]
                MM[g, f, k] += MM[f, g, k]
                MM[f, g, k] = MM[g, f, k]
    return tot, A, M, AA, AM, MM


@numba.njit(**JIT)
def leaf_cost(counts, cost):
    """(min_j Σ_i counts_i · cost[i, j], that j: the lowest on ties)."""
    K = counts.shape[0]
    best = np.inf
    label = 0
    for j in range(cost.shape[1]):
        s = 0.0
        for i in range(K):
            s += counts[i] * cost[i, j]
        if s < best:
            best = s
            label = j
    return best, label


@numba.njit(**JIT)
def _label_cost(counts, cost, label):
    s = 0.0
    for i in range(counts.shape[0]):
        s += counts[i] * cost[i, label]
    return s


@numba.njit(**JIT)
def _sum(v):
    s = 0.0
    for x in v:
        s += x
    return s


@numba.njit(**JIT)
def _best_depth1(C, Ca_all, Cm_all, usable, cost, lam, min_leaf, test_cost):
    """The cheapest tree of depth <= 1 over a set with class weights C, given per feature g the
    weights of its counted side Ca_all[g] and missing Cm_all[g] within the set: (value, g or -1)."""
    leaf, label = leaf_cost(C, cost)
    best = leaf + lam
    best_g = -1
    total = _sum(C)
    if total < 2.0 * min_leaf - EPS:
        return best, best_g
    F = Ca_all.shape[0]
    K = C.shape[0]
    Cb = np.empty(K)
    for g in range(F):
        if not usable[g]:
            continue
        Ca = Ca_all[g]
        Cm = Cm_all[g]
        wa = _sum(Ca)
        wm = _sum(Cm)
        wb = total - wa - wm
        if wa < min_leaf - EPS or wb < min_leaf - EPS:
            continue
        for k in range(K):
            Cb[k] = C[k] - Ca[k] - Cm[k]
        va, _ = leaf_cost(Ca, cost)
        vb, _ = leaf_cost(Cb, cost)
        v = va + vb + _label_cost(Cm, cost, label) + 2.0 * lam + test_cost[g] * (wa + wb)
        if v < best - 1e-12:
            best = v
            best_g = g
    return best, best_g


@numba.njit(**JIT)
def best_depth2(tot, A, M, AA, AM, MM, cost, lam, min_leaf, depth, tc_root, tc_child, usable, ub):
    """The cheapest tree of depth <= `depth` (1 or 2) over the set the counts describe, if one
    costs less than `ub` (the caller's budget: np.inf for none).

    Returns (value, f, g_counted, g_other, lower): f the root's feature (-1: a leaf), g_counted /
    g_other the feature of the child on f's counted / other side (-1: a leaf); `lower` = value
    when that tree is the optimum, else (nothing costs less than ub) `ub`, and the tree is the
    leaf. tc_root[f] is the test and waiting cost a case with f known pays at the root,
    tc_child[f, g] what it pays for g below a root testing f; `usable[f]` false leaves f out."""
    F = A.shape[0]
    K = tot.shape[0]
    leaf, label = leaf_cost(tot, cost)
    leaf_value = leaf + lam
    limit = min(leaf_value, ub)
    best = np.inf
    best_f, best_ga, best_gb = -1, -1, -1
    total = _sum(tot)
    if depth > 0 and total >= 2.0 * min_leaf - EPS:
        Ca = np.empty(K)
        Cb = np.empty(K)
        Cm = np.empty(K)
        Bm = np.empty((F, K))
        Ba = np.empty((F, K))
        for f in range(F):
            if not usable[f]:
                continue
            for k in range(K):
                Ca[k] = A[f, k]
                Cm[k] = M[f, k]
                Cb[k] = tot[k] - A[f, k] - M[f, k]
            wa = _sum(Ca)
            wb = _sum(Cb)
            if wa < min_leaf - EPS or wb < min_leaf - EPS:
                continue
            fixed = _label_cost(Cm, cost, label) + tc_root[f] * (wa + wb)
            if fixed + 2.0 * lam >= limit - 1e-12:
                continue
            if depth == 1:
                va, _ = leaf_cost(Ca, cost)
                vb, _ = leaf_cost(Cb, cost)
                v = fixed + va + vb + 2.0 * lam
                ga, gb = -1, -1
            else:
                tc = tc_child[f]
                # the counted side: AA[f, g] counted on g, AM[f, g] missing g
                va, ga = _best_depth1(Ca, AA[f], AM[f], usable, cost, lam, min_leaf, tc)
                if fixed + va + lam >= limit - 1e-12:
                    continue
                # the other side: counted on g = A[g] - AA[f, g] - MA[f, g]; missing g = M[g] - AM[f, g] - MM[f, g]
                for g in range(F):
                    for k in range(K):
                        Ba[g, k] = A[g, k] - AA[f, g, k] - AM[g, f, k]
                        Bm[g, k] = M[g, k] - AM[f, g, k] - MM[f, g, k]
                vb, gb = _best_depth1(Cb, Ba, Bm, usable, cost, lam, min_leaf, tc)
                v = fixed + va + vb
            if v < limit - 1e-12:
                limit = v
                best = v
                best_f, best_ga, best_gb = f, ga, gb
    if best_f >= 0:
        return best, best_f, best_ga, best_gb, best
    if leaf_value <= ub:
        return leaf_value, -1, -1, -1, leaf_value
    return leaf_value, -1, -1, -1, ub


@numba.njit(**JIT)
def class_weights(rows, y, w, n_classes):
    out = np.zeros(n_classes)
    for t in range(rows.shape[0]):
        out[y[rows[t]]] += w[rows[t]]
    return out


@numba.njit(**JIT)
def single_counts(rows, y, w, cnt_ptr, cnt_idx, mis_ptr, mis_idx, n_features, n_classes):
    """(tot, A, M) of `pair_counts` alone: every feature's counted side and missing weights."""
    tot = np.zeros(n_classes)
    A = np.zeros((n_features, n_classes))
    M = np.zeros((n_features, n_classes))
    for t in range(rows.shape[0]):
        r = rows[t]
        k = y[r]
        wr = w[r]
        tot[k] += wr
        for i in range(cnt_ptr[r], cnt_ptr[r + 1]):
            A[cnt_idx[i], k] += wr
        for i in range(mis_ptr[r], mis_ptr[r + 1]):
            M[mis_idx[i], k] += wr
    return tot, A, M


@numba.njit(**JIT)
def equivalence_bound(rows, y, w, group, n_groups, cost):
    """Σ over the groups of identical binarised cases in `rows` of each group's least cost under
    one label: every tree sends identical cases to the same node, so no tree pays less."""
    K = cost.shape[0]
    acc = np.zeros((n_groups, K))
    seen = np.zeros(n_groups, np.bool_)
    order = np.empty(rows.shape[0], np.int64)
    n_seen = 0
    for t in range(rows.shape[0]):
        r = rows[t]
        g = group[r]
        if not seen[g]:
            seen[g] = True
            order[n_seen] = g
            n_seen += 1
        acc[g, y[r]] += w[r]
    total = 0.0
    for t in range(n_seen):
        v, _ = leaf_cost(acc[order[t]], cost)
        total += v
    return total
