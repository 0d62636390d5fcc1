"""The planned consultation's dynamic programme (engine/plan.py) in one compiled pass.

`plan_values` computes V(state) — the least expected cost still to pay from a state of the
answers — for a state and every state its questions lead to, memoised in dense arrays indexed
by the state's mixed-radix key (each attribute that can change: its code + 2, code -1 unasked,
-2 unknown, b >= 0 its bin). It is `Planner.value` written as loops over arrays: the same
end rule, questions (single attributes with their unknown prerequisites first, batch groups),
prices (`engine.costs.CostModel`'s, through its compiled twins in engine/kernels/costs.py:
TC(x | P), WC0, a batch's common cost once and its waits in parallel), the same order of the
questions (the tree's own next test first, then the cheaper, then by name) and the same
tolerances, so its choices are the Python planner's (the tests compare them). No budget: a
plan under a budget keeps what was spent in its state, and runs in Python.

The recursion over states is an explicit stack (one frame per question asked along a path, at
most one per attribute that can change, plus the root).
"""

from __future__ import annotations

import numba
import numpy as np

from .config import JIT
from .costs import append_obtain, batch_cost, obtain_cost, paid_groups, prerequisite_unknown

NEW, NEXT, WAIT = 0, 1, 2
TINY = 1e-12


@numba.njit(**JIT)
def _key(codes, active, strides):
    k = 0
    for a in range(active.shape[0]):
        k += (codes[active[a]] + 2) * strides[a]
    return k


@numba.njit(**JIT)
def _labels_of(lo, hi, w, ends, path_label, is_open, leaf_depth):
    """Over the leaves lo..hi-1 with a weight: (their total weight, the first one's end label,
    whether every one ends with it, whether one reaches an open leaf of a window)."""
    total = 0.0
    first = -3
    same = True
    opened = False
    for li in range(lo, hi):
        if w[li] > 0:
            total += w[li]
            lab = path_label[li, ends[li]]
            if first == -3:
                first = lab
            elif lab != first:
                same = False
            if is_open[li] and ends[li] == leaf_depth[li]:
                opened = True
    return total, first, same, opened


@numba.njit(**JIT)
def _close(codes, w, ends, Q, off, SD, FD, leaf_depth, path_label, is_open, open_cost, label_cost, n_classes):
    """(done, value): the end rule and the expected misclassification cost (open leaves: their
    follow cost) at a state whose leaf weights are w; `ends` receives each leaf's end depth."""
    L = w.shape[0]
    p = codes.shape[0]
    for li in range(L):
        d = leaf_depth[li]
        for j in range(p):
            c = codes[j]
            if c == -2:
                if FD[j, li] < d:
                    d = FD[j, li]
            elif c >= 0:
                s = SD[li, off[j] + c]
                if s < d:
                    d = s
        ends[li] = d
    total, first, same, opened = _labels_of(0, L, w, ends, path_label, is_open, leaf_depth)
    last = label_cost.shape[1] - 1
    if same and not opened and first != -3:
        col = first if first >= 0 else last
        acc = 0.0
        for li in range(L):
            if w[li] > 0:
                acc += w[li] * label_cost[li, col]
        return True, acc / total
    if total <= 0:
        total = 1e-300
    best_k = 0
    best_e = np.inf
    for k in range(n_classes):
        e = 0.0
        for li in range(L):
            if w[li] > 0:
                e += w[li] * label_cost[li, k]
        e /= total
        if e < best_e:
            best_e = e
            best_k = k
    acc = 0.0
    for li in range(L):
        if w[li] > 0:
            if is_open[li] and ends[li] == leaf_depth[li]:
                acc += w[li] * open_cost[li]
            else:
                acc += w[li] * label_cost[li, best_k]
    return False, acc / total


@numba.njit(**JIT)
def _masks(codes, known, unknown, obtained):
    """The state's sets as the cost kernels read them: K asked (answered or "unknown"), the
    "unknown" answers, O answered."""
    for x in range(codes.shape[0]):
        known[x] = codes[x] != -1
        unknown[x] = codes[x] == -2
        obtained[x] = codes[x] >= 0


@numba.njit(**JIT)
def _follow(codes, w, ends, path_label, is_open, leaf_depth, node_feat, node_child, node_first, node_last,
            node_inside, prereq, unknown):
    """The tree's own next test (Planner.follow_attribute), or -1."""
    node = 0
    while True:
        if not node_inside[node]:
            return -1
        j = node_feat[node]
        c = codes[j]
        if c == -2:
            return -1
        if c >= 0:
            nxt = node_child[node, c]
            if nxt < 0:
                return -1
            node = nxt
            continue
        total, first, same, opened = _labels_of(node_first[node], node_last[node] + 1, w, ends, path_label, is_open,
                                                leaf_depth)
        if total <= 0 or (same and not opened):
            return -1
        if prerequisite_unknown(j, unknown, prereq):
            return -1
        return j


@numba.njit(**JIT)
def _actions(codes, w, ends, FD, tested, prereq, tc, wc0, group_of, gcc, gmembers, name_rank, follow,
             ids, costs, todo, todo_n, known, unknown, obtained, paid, wanted, chain):
    """The questions at a state, sorted (the tree's own next test first, then cheaper, then by
    name); each with its price (engine/kernels/costs.py) and what it obtains. Returns how many.
    `known`, `unknown`, `obtained`: the state's (`_masks`); `paid`, `wanted`, `chain`: scratch space."""
    p = codes.shape[0]
    L = w.shape[0]
    n_groups = gcc.shape[0]
    paid_groups(obtained, group_of, paid)
    wanted[:] = False
    n = 0
    for j in range(p):
        if codes[j] != -1 or not tested[j]:
            continue
        ok = False
        for li in range(L):
            if w[li] > 0 and FD[j, li] < ends[li]:
                ok = True
                break
        if not ok or prerequisite_unknown(j, unknown, prereq):
            continue
        wanted[j] = True
        t = append_obtain(j, known, prereq, todo[n], 0, chain)
        test, waiting = obtain_cost(todo[n], t, paid, tc, wc0, group_of, gcc)
        ids[n] = j
        costs[n] = test + waiting
        todo_n[n] = t
        n += 1
    for g in range(n_groups):
        hit = False
        m = 0
        for k in range(gmembers.shape[1]):
            x = gmembers[g, k]
            if x < 0:
                break
            if wanted[x]:
                hit = True
            if codes[x] == -1 and not prerequisite_unknown(x, unknown, prereq):
                m += 1
        if not hit or m < 2:
            continue
        t = 0
        for k in range(gmembers.shape[1]):
            x = gmembers[g, k]
            if x < 0:
                break
            if codes[x] == -1 and not prerequisite_unknown(x, unknown, prereq):
                t = append_obtain(x, known, prereq, todo[n], t, chain)
        test, waiting = batch_cost(g, todo[n], t, paid, tc, wc0, group_of, gcc, gmembers, prereq)
        ids[n] = p + g
        costs[n] = test + waiting
        todo_n[n] = t
        n += 1
    # insertion sort: (not the tree's own test, cost, name)
    for a in range(1, n):
        b = a
        while b > 0:
            fa = 0 if ids[b] == follow else 1
            fb = 0 if ids[b - 1] == follow else 1
            later = (fb > fa) or (fb == fa and (costs[b - 1] > costs[b] or (
                costs[b - 1] == costs[b] and name_rank[ids[b - 1]] > name_rank[ids[b]])))
            if not later:
                break
            ids[b - 1], ids[b] = ids[b], ids[b - 1]
            costs[b - 1], costs[b] = costs[b], costs[b - 1]
            for k in range(max(todo_n[b - 1], todo_n[b])):
                todo[b - 1, k], todo[b, k] = todo[b, k], todo[b - 1, k]
            todo_n[b - 1], todo_n[b] = todo_n[b], todo_n[b - 1]
            b -= 1
    return n


@numba.njit(**JIT)
def plan_values(codes0, w0, active, strides, memo_v, memo_a, Q, off, nb, SD, FD, leaf_depth, path_label, is_open,
                open_cost, label_cost, n_classes, tested, tc, wc0, prereq, group_of, gcc, gmembers, name_rank,
                node_feat, node_child, node_first, node_last, node_inside, max_outcomes, follow_only):
    """V(codes0) (w0 its leaf weights), filling memo_v / memo_a (the best question's id: an
    attribute j, or p + g for batch group g; -1 where the case ends) for every state reached.
    `follow_only`: the value of following the tree instead (Planner.follow_value): at each state
    only the tree's own next test, asked alone."""
    p = codes0.shape[0]
    L = w0.shape[0]
    depth_max = active.shape[0] + 2
    n_act = p + gcc.shape[0]
    t_max = p
    S_codes = np.empty((depth_max, p), np.int64)
    S_w = np.empty((depth_max, L))
    S_ends = np.empty((depth_max, L), np.int64)
    S_ids = np.empty((depth_max, n_act), np.int64)
    S_costs = np.empty((depth_max, n_act))
    S_todo = np.empty((depth_max, n_act, t_max), np.int64)
    S_todo_n = np.empty((depth_max, n_act), np.int64)
    S_n = np.zeros(depth_max, np.int64)
    S_ai = np.zeros(depth_max, np.int64)
    S_odo = np.zeros((depth_max, t_max), np.int64)
    S_started = np.zeros(depth_max, np.bool_)
    S_abandon = np.zeros(depth_max, np.bool_)
    S_total = np.zeros(depth_max)
    S_best = np.zeros(depth_max)
    S_best_a = np.zeros(depth_max, np.int64)
    S_prob = np.zeros(depth_max)
    S_key = np.zeros(depth_max, np.int64)
    S_mc = np.zeros(depth_max)
    S_wsum = np.zeros(depth_max)
    state = np.zeros(depth_max, np.int64)
    S_codes[0] = codes0
    S_w[0] = w0
    state[0] = NEW
    sp = 0
    result = 0.0
    child_w = np.empty(L)
    paid = np.zeros(gcc.shape[0], np.bool_)
    known = np.zeros(p, np.bool_)
    unknown = np.zeros(p, np.bool_)
    obtained = np.zeros(p, np.bool_)
    wanted = np.zeros(p, np.bool_)
    chain = np.empty(p, np.int64)
    while sp >= 0:
        f = sp
        if state[f] == NEW:
            k = _key(S_codes[f], active, strides)
            S_key[f] = k
            if memo_a[k] != -2:
                result = memo_v[k]
                sp -= 1
                continue
            done, mc = _close(S_codes[f], S_w[f], S_ends[f], Q, off, SD, FD, leaf_depth, path_label, is_open,
                              open_cost, label_cost, n_classes)
            S_mc[f] = mc
            if done:
                memo_v[k] = mc
                memo_a[k] = -1
                result = mc
                sp -= 1
                continue
            _masks(S_codes[f], known, unknown, obtained)
            follow = _follow(S_codes[f], S_w[f], S_ends[f], path_label, is_open, leaf_depth, node_feat, node_child,
                             node_first, node_last, node_inside, prereq, unknown)
            S_n[f] = _actions(S_codes[f], S_w[f], S_ends[f], FD, tested, prereq, tc, wc0, group_of, gcc, gmembers,
                              name_rank, follow, S_ids[f], S_costs[f], S_todo[f], S_todo_n[f], known, unknown,
                              obtained, paid, wanted, chain)
            if follow_only:  # only the tree's own next test, alone
                keep = -1
                for a in range(S_n[f]):
                    if S_ids[f, a] == follow:
                        keep = a
                if keep < 0:
                    S_n[f] = 0
                else:
                    S_ids[f, 0] = S_ids[f, keep]
                    S_costs[f, 0] = S_costs[f, keep]
                    S_todo_n[f, 0] = S_todo_n[f, keep]
                    for i in range(t_max):
                        S_todo[f, 0, i] = S_todo[f, keep, i]
                    S_n[f] = 1
            # a question with more joint answers than max_outcomes is not weighed (Planner.outcomes)
            m = 0
            for a in range(S_n[f]):
                combos = 1
                for i in range(S_todo_n[f, a]):
                    combos *= nb[S_todo[f, a, i]]
                if combos <= max_outcomes:
                    if m != a:
                        S_ids[f, m] = S_ids[f, a]
                        S_costs[f, m] = S_costs[f, a]
                        S_todo_n[f, m] = S_todo_n[f, a]
                        for i in range(t_max):
                            S_todo[f, m, i] = S_todo[f, a, i]
                    m += 1
            S_n[f] = m
            if m == 0:
                memo_v[k] = mc
                memo_a[k] = -1
                result = mc
                sp -= 1
                continue
            s = 0.0
            for li in range(L):
                s += S_w[f, li]
            S_wsum[f] = s
            S_ai[f] = 0
            S_best[f] = np.inf
            S_best_a[f] = -1
            S_started[f] = False
            state[f] = NEXT
        if state[f] == WAIT:
            S_total[f] += S_prob[f] * result
            if S_total[f] >= S_best[f] + 1e-9:  # it cannot beat the best question: done with it
                S_abandon[f] = True
            state[f] = NEXT
        # NEXT: the current question's next joint answer with a chance, else the next question
        pushed = False
        while S_ai[f] < S_n[f]:
            a = S_ai[f]
            t = S_todo_n[f, a]
            if not S_started[f]:
                S_total[f] = S_costs[f, a]
                for i in range(t):
                    S_odo[f, i] = 0
                S_odo[f, t - 1] = -1  # the first advance makes it 0
                S_started[f] = True
                S_abandon[f] = False
            while not S_abandon[f]:
                # advance the odometer (the last obtained attribute fastest, as Planner.outcomes)
                i = t - 1
                S_odo[f, i] += 1
                while i > 0 and S_odo[f, i] >= nb[S_todo[f, a, i]]:
                    S_odo[f, i] = 0
                    i -= 1
                    S_odo[f, i] += 1
                if S_odo[f, 0] >= nb[S_todo[f, a, 0]]:
                    break
                s = 0.0
                for li in range(L):
                    v = S_w[f, li]
                    for i2 in range(t):
                        x = S_todo[f, a, i2]
                        v *= Q[li, off[x] + S_odo[f, i2]]
                    child_w[li] = v
                    s += v
                prob = s / S_wsum[f]
                if prob > TINY:
                    c = f + 1
                    S_codes[c] = S_codes[f]
                    for i2 in range(t):
                        S_codes[c, S_todo[f, a, i2]] = S_odo[f, i2]
                    S_w[c] = child_w
                    S_prob[f] = prob
                    state[f] = WAIT
                    state[c] = NEW
                    sp = c
                    pushed = True
                    break
            if pushed:
                break
            # done with the question: kept if it beats the best
            best = S_best[f]
            tol = 1e-9 * (max(1.0, abs(best)) if best < np.inf else 1.0)
            if S_total[f] < best - tol:
                S_best[f] = S_total[f]
                S_best_a[f] = S_ids[f, a]
            S_ai[f] = a + 1
            S_started[f] = False
        if pushed:
            continue
        k = S_key[f]
        if S_best_a[f] >= 0:
            memo_v[k] = S_best[f]
            memo_a[k] = S_best_a[f]
        else:
            memo_v[k] = S_mc[f]
            memo_a[k] = -1
        result = memo_v[k]
        sp -= 1
    return result
