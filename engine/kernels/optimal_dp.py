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
def _fill_pair_counts(rows, y, w, cnt_ptr, cnt_idx, mis_ptr, mis_idx, tot, A, M, AA, AM, MM):
    """`pair_counts` into given arrays (zeroed here): no allocation in the depth-three loop. The
    rows' counted features are cnt_idx[cnt_ptr[r]:cnt_ptr[r + 1]], their missing ones
    mis_idx[mis_ptr[r]:mis_ptr[r + 1]], each list in ascending feature order; AA and MM come out
    filled on both sides of the diagonal (AA[f, f] = A[f], MM[f, f] = M[f])."""
    F = A.shape[0]
    K = tot.shape[0]
    tot[:] = 0.0
    A[:] = 0.0
    AA[:] = 0.0
    if mis_idx.shape[0] > 0:
        # without a missing value anywhere M, AM and MM stay as allocated: zero
        M[:] = 0.0
        AM[:] = 0.0
        MM[:] = 0.0
    any_missing = False
    for t in range(rows.shape[0]):
        r = rows[t]
        k = y[r]
        wr = w[r]
        tot[k] += wr
        c0, c1 = cnt_ptr[r], cnt_ptr[r + 1]
        m0, m1 = mis_ptr[r], mis_ptr[r + 1]
        if m1 > m0:
            any_missing = True
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
                # only f < g was added above
                AA[g, f, k] += AA[f, g, k]
                AA[f, g, k] = AA[g, f, k]
        if any_missing:
            for g in range(f + 1, F):
                for k in range(K):
                    MM[g, f, k] += MM[f, g, k]
                    MM[f, g, k] = MM[g, f, k]


@numba.njit(**JIT)
def pair_counts(rows, y, w, cnt_ptr, cnt_idx, mis_ptr, mis_idx, n_features, n_classes):
    """(tot, A, M, AA, AM, MM) over `rows` (module docstring; `_fill_pair_counts`)."""
    F, K = n_features, n_classes
    tot = np.empty(K)
    A = np.empty((F, K))
    M = np.zeros((F, K))
    AA = np.empty((F, F, K))
    AM = np.zeros((F, F, K))
    MM = np.zeros((F, F, K))
    _fill_pair_counts(rows, y, w, cnt_ptr, cnt_idx, mis_ptr, mis_idx, tot, A, M, AA, AM, MM)
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
def _best_depth2_complete(tot, A, AA, cost, lam, min_leaf, tc_root, tc_child, usable, ub):
    """`best_depth2` at depth 2 when no case of the set misses a value: the four quadrants of
    every pair {f, g} priced once (a tree rooted at f with g below shares its leaves with the one
    rooted at g with f below), then each root's two children are a minimum over lookups."""
    F = A.shape[0]
    K = tot.shape[0]
    leaf, label = leaf_cost(tot, cost)
    leaf_value = leaf + lam
    limit = min(leaf_value, ub)
    best = np.inf
    best_f, best_ga, best_gb = -1, -1, -1
    total = _sum(tot)
    if total >= 2.0 * min_leaf - EPS:
        WA = np.empty(F)
        LA = np.empty(F)
        LB = np.empty(F)
        cc = np.empty(K)
        co = np.empty(K)
        oc = np.empty(K)
        oo = np.empty(K)
        for f in range(F):
            WA[f] = _sum(A[f])
            LA[f] = leaf_cost(A[f], cost)[0]
            for k in range(K):
                oo[k] = tot[k] - A[f, k]
            LB[f] = leaf_cost(oo, cost)[0]
        LCC = np.empty((F, F))
        LCO = np.empty((F, F))
        LOO = np.empty((F, F))
        WCC = np.empty((F, F))
        WCO = np.empty((F, F))
        WOO = np.empty((F, F))
        for f in range(F):
            for g in range(f, F):
                wcc = 0.0
                wco = 0.0
                woc = 0.0
                woo = 0.0
                for k in range(K):
                    c = AA[f, g, k]
                    cc[k] = c
                    co[k] = A[f, k] - c
                    oc[k] = A[g, k] - c
                    oo[k] = (tot[k] - A[f, k]) - (A[g, k] - c)
                    wcc += cc[k]
                    wco += co[k]
                    woc += oc[k]
                    woo += oo[k]
                vcc = leaf_cost(cc, cost)[0]
                voo = leaf_cost(oo, cost)[0]
                LCC[f, g] = vcc
                LCC[g, f] = vcc
                LOO[f, g] = voo
                LOO[g, f] = voo
                WCC[f, g] = wcc
                WCC[g, f] = wcc
                WOO[f, g] = woo
                WOO[g, f] = woo
                LCO[f, g] = leaf_cost(co, cost)[0]
                WCO[f, g] = wco
                LCO[g, f] = leaf_cost(oc, cost)[0]
                WCO[g, f] = woc
            WCO[f, f] = 0.0
        for f in range(F):
            if not usable[f]:
                continue
            wa = WA[f]
            wb = total - wa
            if wa < min_leaf - EPS or wb < min_leaf - EPS:
                continue
            fixed = tc_root[f] * (wa + wb)
            if fixed + 2.0 * lam >= limit - 1e-12:
                continue
            tc = tc_child[f]
            va = LA[f] + lam
            ga = -1
            if wa >= 2.0 * min_leaf - EPS:
                for g in range(F):
                    if not usable[g]:
                        continue
                    w1 = WCC[f, g]
                    w2 = WCO[f, g]
                    if w1 < min_leaf - EPS or w2 < min_leaf - EPS:
                        continue
                    v = LCC[f, g] + LCO[f, g] + 2.0 * lam + tc[g] * (w1 + w2)
                    if v < va - 1e-12:
                        va = v
                        ga = g
            if fixed + va + lam >= limit - 1e-12:
                continue
            vb = LB[f] + lam
            gb = -1
            if wb >= 2.0 * min_leaf - EPS:
                for g in range(F):
                    if not usable[g]:
                        continue
                    w1 = WCO[g, f]
                    w2 = WOO[f, g]
                    if w1 < min_leaf - EPS or w2 < min_leaf - EPS:
                        continue
                    v = LCO[g, f] + LOO[f, g] + 2.0 * lam + tc[g] * (w1 + w2)
                    if v < vb - 1e-12:
                        vb = v
                        gb = g
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
def best_depth2(tot, A, M, AA, AM, MM, cost, lam, min_leaf, depth, tc_root, tc_child, usable, ub):
    """The cheapest tree of depth <= `depth` (1 or 2) over the set the counts describe, if one
    costs less than `ub` (the caller's budget: np.inf for none).

    Returns (value, f, g_counted, g_other, lower): f the root's feature (-1: a leaf), g_counted /
    g_other the feature of the child on f's counted / other side (-1: a leaf); `lower` = value
    when that tree is the optimum, else (nothing costs less than ub) `ub`, and the tree is the
    leaf. tc_root[f] is the test and waiting cost a case with f known pays at the root,
    tc_child[f, g] what it pays for g below a root testing f; `usable[f]` false leaves f out."""
    if depth == 2 and _sum(M.reshape(M.size)) == 0.0:
        return _best_depth2_complete(tot, A, AA, cost, lam, min_leaf, tc_root, tc_child, usable, ub)
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


# ---- depth three in one compiled call (issue 40, second part) ------------------------------------


@numba.njit(**JIT)
def _count_arrays(F, K):
    return (np.zeros(K), np.zeros((F, K)), np.zeros((F, K)), np.zeros((F, F, K)), np.zeros((F, F, K)),
            np.zeros((F, F, K)))


@numba.njit(**JIT)
def _zero(C):
    C[0][:] = 0.0
    C[1][:] = 0.0
    C[2][:] = 0.0
    C[3][:] = 0.0
    C[4][:] = 0.0
    C[5][:] = 0.0


@numba.njit(**JIT)
def _subtract(P, X, Y, out):
    """out = P - X - Y, cell by cell (the counts of the rest of a partitioned set)."""
    a = P.reshape(P.size)
    b = X.reshape(X.size)
    c = Y.reshape(Y.size)
    o = out.reshape(out.size)
    for i in range(a.shape[0]):
        o[i] = a[i] - b[i] - c[i]


@numba.njit(**JIT)
def _eq_bound(rows, y, w, group, cost, acc, seen, order):
    """`equivalence_bound` with scratch arrays (acc zero and seen false on entry and on exit)."""
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
        g = order[t]
        v, _ = leaf_cost(acc[g], cost)
        total += v
        acc[g, :] = 0.0
        seen[g] = False
    return total


@numba.njit(**JIT)
def _similarity_bound(rows, prev, prev_lower, mark, w, y, cmax):
    """MurTree's similarity bound: every tree over S' = `prev` is no dearer than the one optimal
    for S = `rows` plus, per case of S' not in S, its dearest misclassification (the caller
    checks when that holds: no test costs, no missing value, the minimum leaf at most the
    lightest case), so opt(S) >= lower(S') - Σ_{S' \\ S} w · max_j cost[y, j]."""
    for t in range(rows.shape[0]):
        mark[rows[t]] = True
    extra = 0.0
    for t in range(prev.shape[0]):
        r = prev[t]
        if not mark[r]:
            extra += w[r] * cmax[y[r]]
    for t in range(rows.shape[0]):
        mark[rows[t]] = False
    return prev_lower - extra


@numba.njit(**JIT)
def depth3_options(tot, A, M, cost, tc_root, min_leaf, usable):
    """The features a node of depth three may split on, best single split first: (order, fixed),
    fixed[i] the missing cases' cost under the node's label plus the test cost of the split."""
    F = A.shape[0]
    K = tot.shape[0]
    _leaf, label = leaf_cost(tot, cost)
    total = _sum(tot)
    quick = np.empty(F)
    fixed_all = np.empty(F)
    keep = np.zeros(F, np.bool_)
    Cb = np.empty(K)
    n_keep = 0
    for f in range(F):
        if not usable[f]:
            continue
        wa = _sum(A[f])
        wm = _sum(M[f])
        wb = total - wa - wm
        if wa < min_leaf - EPS or wb < min_leaf - EPS:
            continue
        fx = _label_cost(M[f], cost, label) + tc_root[f] * (wa + wb)
        for k in range(K):
            Cb[k] = tot[k] - A[f, k] - M[f, k]
        quick[f] = fx + leaf_cost(A[f], cost)[0] + leaf_cost(Cb, cost)[0]
        fixed_all[f] = fx
        keep[f] = True
        n_keep += 1
    feats = np.empty(n_keep, np.int64)
    q = np.empty(n_keep)
    i = 0
    for f in range(F):
        if keep[f]:
            feats[i] = f
            q[i] = quick[f]
            i += 1
    order = feats[np.argsort(q, kind="mergesort")]
    fixed = np.empty(n_keep)
    for i in range(n_keep):
        fixed[i] = fixed_all[order[i]]
    return order, fixed


@numba.njit(**JIT)
def depth2_table(n_features):
    """An empty depth-two cache for the nodes of depth three below one node of depth four
    (`depth3_run`): value (nan: not solved), lower bound (-inf: none) and plan (f, g_counted,
    g_other) per pair of decisions, decision 2 f + side (side 0 f's counted side, 1 the other)."""
    D = 2 * n_features
    return np.full((D, D), np.nan), np.full((D, D), -np.inf), np.full((D, D, 3), -1, np.int64)


@numba.njit(**JIT)
def _cache_cell(pkey, f, side):
    """The depth-two cache's cell (row, column) of the set below decision `pkey` of the parent
    and side `side` of f here (the same set whichever of the two is tested first); (-1, -1): none."""
    if pkey < 0 or pkey // 2 == f:
        return -1, -1
    ck = 2 * f + side
    if ck < pkey:
        return ck, pkey
    return pkey, ck


@numba.njit(**JIT)
def _solve_child(C, cost, lam, min_leaf, S_root, S_child, usable, budget, lb, c_val, c_low, c_plan, ci, cj):
    """A depth-three node's child of depth two: from the depth-two cache when it is solved there,
    else `best_depth2` within `budget` (its answer kept in the cache). (value, f, g_counted,
    g_other, lower), lower at least `lb`."""
    if ci >= 0:
        v = c_val[ci, cj]
        if v == v:
            return v, c_plan[ci, cj, 0], c_plan[ci, cj, 1], c_plan[ci, cj, 2], v
    v, f, ga, gb, low = best_depth2(C[0], C[1], C[2], C[3], C[4], C[5], cost, lam, min_leaf, 2, S_root, S_child,
                                    usable, budget)
    if ci >= 0:
        if low >= v - 1e-12:
            c_val[ci, cj] = v
            c_plan[ci, cj, 0], c_plan[ci, cj, 1], c_plan[ci, cj, 2] = f, ga, gb
        elif low > c_low[ci, cj]:
            c_low[ci, cj] = low
    return v, f, ga, gb, max(low, lb)


@numba.njit(**JIT)
def depth3_run(rows, order, fixed, i0, i1, solve, best, plan, floor, ub, lam, min_leaf,
               tot, A, M, AA, AM, MM, counted, missing, y, w, cnt_ptr, cnt_idx, mis_ptr, mis_idx,
               cost, cmax, slot, S_root, S_child, usable, group, n_groups, c_val, c_low, c_plan, pkey, similarity):
    """Options order[i0:i1] of a node of depth three over `rows`, whose pair counts are
    (tot .. MM): each split's two children solved by `best_depth2` within the budget the best tree
    so far leaves (or, `solve` false, only their lower bounds). `plan` (7 ints: f, then each
    child's f, g_counted, g_other; -1 a leaf) is updated with the best tree.

    (c_val, c_low, c_plan) is the depth-two cache (`depth2_table`) shared by the nodes of depth
    three below one node of depth four, `pkey` this node's decision there (-1: no cache): the set
    below f here and g there is the one below g here and f there, solved once.

    Returns (best, least bound over the options looked at, stopped): stopped = no option left
    can beat min(best, ub) (the loop ended early). A child below the split on f pays the test
    costs S_root[slot[f]] / S_child[slot[f]] (the attribute of f known above it)."""
    F = A.shape[0]
    K = tot.shape[0]
    n = rows.shape[0]
    TOL = 1e-9
    ra = np.empty(n, np.int64)
    rb = np.empty(n, np.int64)
    rm = np.empty(n, np.int64)
    prev_a = np.empty(n, np.int64)
    prev_b = np.empty(n, np.int64)
    n_pa, n_pb = -1, -1
    lower_pa, lower_pb = 0.0, 0.0
    mark = np.zeros(y.shape[0], np.bool_)
    acc = np.zeros((n_groups, K))
    seen = np.zeros(n_groups, np.bool_)
    gorder = np.empty(n, np.int64)
    Ca = _count_arrays(F, K)
    Cb = _count_arrays(F, K)
    Cm = _count_arrays(F, K)
    cm_dirty = False
    any_missing = mis_idx.shape[0] > 0
    lowest = np.inf
    stopped = False
    for i in range(i0, i1):
        f = order[i]
        limit = min(best, ub)
        if limit <= floor + TOL:
            lowest = min(lowest, floor)
            stopped = True
            break
        na, nb, nm = 0, 0, 0
        for t in range(n):
            r = rows[t]
            if missing[r, f]:
                rm[nm] = r
                nm += 1
            elif counted[r, f]:
                ra[na] = r
                na += 1
            else:
                rb[nb] = r
                nb += 1
        sa, sb = ra[:na], rb[:nb]
        ai, aj = _cache_cell(pkey, f, 0)
        bi, bj = _cache_cell(pkey, f, 1)
        known_a = ai >= 0 and c_val[ai, aj] == c_val[ai, aj]
        known_b = bi >= 0 and c_val[bi, bj] == c_val[bi, bj]
        if known_a:
            lba = c_val[ai, aj]
        else:
            lba = _eq_bound(sa, y, w, group, cost, acc, seen, gorder) + lam
            if ai >= 0:
                lba = max(lba, c_low[ai, aj])
        if known_b:
            lbb = c_val[bi, bj]
        else:
            lbb = _eq_bound(sb, y, w, group, cost, acc, seen, gorder) + lam
            if bi >= 0:
                lbb = max(lbb, c_low[bi, bj])
        if similarity:
            if n_pa >= 0:
                if not known_a:
                    lba = max(lba, _similarity_bound(sa, prev_a[:n_pa], lower_pa, mark, w, y, cmax))
                if not known_b:
                    lbb = max(lbb, _similarity_bound(sb, prev_a[:n_pa], lower_pa, mark, w, y, cmax))
            if n_pb >= 0:
                if not known_a:
                    lba = max(lba, _similarity_bound(sa, prev_b[:n_pb], lower_pb, mark, w, y, cmax))
                if not known_b:
                    lbb = max(lbb, _similarity_bound(sb, prev_b[:n_pb], lower_pb, mark, w, y, cmax))
        fx = fixed[i]
        if fx + lba + lbb >= limit - TOL or not solve:
            lowest = min(lowest, fx + lba + lbb)
            continue
        direct_a = na <= nb
        if not (known_a and known_b):
            # the counts of the child(ren) to solve: the smaller side counted, the other by subtraction
            need_sub = (not known_b) if direct_a else (not known_a)
            if need_sub:
                if nm > 0:
                    _fill_pair_counts(rm[:nm], y, w, cnt_ptr, cnt_idx, mis_ptr, mis_idx, Cm[0], Cm[1], Cm[2],
                                      Cm[3], Cm[4], Cm[5])
                    cm_dirty = True
                elif cm_dirty:
                    _zero(Cm)
                    cm_dirty = False
            small_unknown = (not known_a) if direct_a else (not known_b)
            if small_unknown or need_sub:
                small, big = (Ca, Cb) if direct_a else (Cb, Ca)
                _fill_pair_counts(sa if direct_a else sb, y, w, cnt_ptr, cnt_idx, mis_ptr, mis_idx, small[0],
                                  small[1], small[2], small[3], small[4], small[5])
                if need_sub:
                    _subtract(tot, small[0], Cm[0], big[0])
                    _subtract(A, small[1], Cm[1], big[1])
                    _subtract(AA, small[3], Cm[3], big[3])
                    if any_missing:  # else M, AM and MM are zero everywhere
                        _subtract(M, small[2], Cm[2], big[2])
                        _subtract(AM, small[4], Cm[4], big[4])
                        _subtract(MM, small[5], Cm[5], big[5])
        s = slot[f]
        va, fa, gaa, gab, la = _solve_child(Ca, cost, lam, min_leaf, S_root[s], S_child[s], usable,
                                            limit - fx - lbb, lba, c_val, c_low, c_plan, ai, aj)
        if similarity:
            prev_a[:na] = sa
            n_pa, lower_pa = na, la
        if fx + la + lbb >= limit - TOL:
            lowest = min(lowest, fx + la + lbb)
            continue
        vb, fb, gba, gbb, lb_ = _solve_child(Cb, cost, lam, min_leaf, S_root[s], S_child[s], usable,
                                             limit - fx - va, lbb, c_val, c_low, c_plan, bi, bj)
        if similarity:
            prev_b[:nb] = sb
            n_pb, lower_pb = nb, lb_
        lowest = min(lowest, fx + la + lb_)
        if fx + va + vb < best - TOL:
            best = fx + va + vb
            plan[0], plan[1], plan[2], plan[3], plan[4], plan[5], plan[6] = f, fa, gaa, gab, fb, gba, gbb
    return best, lowest, stopped


@numba.njit(**JIT)
def best_depth3(rows, ub, floor, lam, min_leaf, counted, missing, y, w, cnt_ptr, cnt_idx, mis_ptr, mis_idx,
                cost, cmax, tc_root, slot, S_root, S_child, usable, group, n_groups, c_val, c_low, c_plan, pkey,
                similarity):
    """The cheapest tree of depth <= 3 over `rows` within the budget `ub` (engine/algorithms/
    optimal.py, Search._search, in one call): (value, lower, plan); `floor` a lower bound of
    every tree over rows (the caller's equivalence bound plus lambda). plan[0] = -1: a leaf.
    (c_val, c_low, c_plan, pkey): the depth-two cache of `depth3_run`."""
    F = counted.shape[1]
    K = cost.shape[0]
    tot, A, M, AA, AM, MM = pair_counts(rows, y, w, cnt_ptr, cnt_idx, mis_ptr, mis_idx, F, K)
    plan = np.full(7, -1, np.int64)
    leaf, _label = leaf_cost(tot, cost)
    best = leaf + lam
    if best <= floor + 1e-9 or _sum(tot) < 2.0 * min_leaf - EPS:
        return best, best, plan
    order, fixed = depth3_options(tot, A, M, cost, tc_root, min_leaf, usable)
    best, lowest, _stopped = depth3_run(rows, order, fixed, 0, order.shape[0], True, best, plan, floor, ub, lam,
                                        min_leaf, tot, A, M, AA, AM, MM, counted, missing, y, w, cnt_ptr, cnt_idx,
                                        mis_ptr, mis_idx, cost, cmax, slot, S_root, S_child, usable, group, n_groups,
                                        c_val, c_low, c_plan, pkey, similarity)
    lower = max(min(lowest, leaf + lam), floor)
    if best < ub:
        lower = min(lower, best)
    return best, lower, plan
