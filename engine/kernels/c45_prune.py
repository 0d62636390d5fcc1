"""C4.5's pruning in compiled code (issue 20, goal 4): Weka's C45PruneableClassifierTree —
collapse, then error-based pruning with subtree raising — over the grown tree's arrays, bit
for bit what engine.algorithms.c45.C45Pruner (the Python it replaced, kept for the tests)
gives: the same additions in the same order (a node's errors are its children's added one
after another from 0, as Python's sum; class counts as np.bincount; a node's weight as NumPy's
sum), Weka's Stats.addErrs with the C library's pow and sqrt, as Python's float operators.

No recursion (a cached recursive kernel crashes Numba): explicit stacks.

The tree: per node is_leaf, nominal (one branch per category code) or a threshold test,
feature, threshold, children child_index[child_start : child_start + child_count], class
counts (n, K) and label, and its training cases (rows, weights). Pruning changes is_leaf,
the test and children of a node that a branch is raised into, counts and labels (the raised
subtree's cases are redistributed), and the cases of the raised subtree's nodes.
"""

from __future__ import annotations

import numba
import numpy as np

from .c45_choose import c45_branches, c45_children, c45_deal, c45_divide, c45_node_choice
from .config import JIT
from .sums import numpy_sum


@numba.njit(**JIT)
def add_errors(n, e, cf, z):
    """engine.algorithms.c45.add_errors (Weka's Stats.addErrs); z = the normal quantile of 1 - cf."""
    if e < 1:
        base = n * (1 - cf ** (1 / n))
        if e == 0:
            return base
        return base + e * (_add_errors_one_or_more(n, 1.0, z) - base)
    return _add_errors_one_or_more(n, e, z)


@numba.njit(**JIT)
def _add_errors_one_or_more(n, e, z):
    if e + 0.5 >= n:
        d = n - e
        return d if not (0.0 > d) else 0.0  # Python's max(n - e, 0.0)
    f = (e + 0.5) / n
    r = (f + z * z / (2 * n) + z * np.sqrt(f / n - f * f / n + z * z / (4 * n * n))) / (1 + z * z / n)
    return r * n - e


@numba.njit(**JIT)
def dist_errors(counts, cf, z):
    """C45Pruner.dist_errors of a class distribution (a row of counts)."""
    K = counts.shape[0]
    total = numpy_sum(counts, 0, K)
    if total <= 0:
        return 0.0
    wrong = total - counts.max()
    return wrong + add_errors(total, wrong, cf, z)


@numba.njit(**JIT)
def class_counts(y, rows, weights, K):
    """np.bincount(y[rows], weights=weights, minlength=K)."""
    out = np.zeros(K)
    for i in range(rows.shape[0]):
        out[y[rows[i]]] += weights[i]
    return out


@numba.njit(**JIT)
def _argmax(a, n):
    best = 0
    for i in range(1, n):
        if a[i] > a[best]:
            best = i
    return best


@numba.njit(**JIT)
def child_shares(node, counts, child_start, child_count, child_index):
    """C45Pruner._child_shares: the children's weights over their sum (equal shares when 0)."""
    k = child_count[node]
    w = np.empty(k)
    K = counts.shape[1]
    for j in range(k):
        w[j] = numpy_sum(counts[child_index[child_start[node] + j]], 0, K)
    s = numpy_sum(w, 0, k)
    out = np.empty(k)
    for j in range(k):
        out[j] = w[j] / s if s > 0 else 1.0 / k
    return out


@numba.njit(**JIT)
def route(X, rows, weights, feature, nominal, threshold, k, shares):
    """engine.tree.splitters.divide(node, X, rows, weights, "fractional", shares=shares) for a
    C4.5 node: (rows, weights) of the children one after another and their offsets (k + 1)."""
    branch, any_unknown, fractions = c45_branches(X, rows, weights, feature, nominal, threshold, k, shares)
    out_rows, out_w, offsets, _ = c45_deal(rows, weights, branch, any_unknown, fractions, k, False)
    q = offsets[k]
    return out_rows[:q].copy(), out_w[:q].copy(), offsets


@numba.njit(**JIT)
def _subtree_preorder(node, is_leaf, child_start, child_count, child_index):
    out = [node]
    stack = [node]
    while len(stack) > 0:
        i = stack.pop()
        if i != node:
            out.append(i)
        if not is_leaf[i]:
            for j in range(child_count[i] - 1, -1, -1):
                stack.append(child_index[child_start[i] + j])
    return out


@numba.njit(**JIT)
def estimated_errors(node, is_leaf, child_start, child_count, child_index, counts, cf, z, value):
    """C45Pruner.estimated_errors: the leaves' dist_errors added up child by child (`value`: scratch, n)."""
    order = _subtree_preorder(node, is_leaf, child_start, child_count, child_index)
    for t in range(len(order) - 1, -1, -1):
        i = order[t]
        if is_leaf[i]:
            value[i] = dist_errors(counts[i], cf, z)
        else:
            s = 0.0
            for j in range(child_count[i]):
                s += value[child_index[child_start[i] + j]]
            value[i] = s
    return value[node]


@numba.njit(**JIT)
def branch_errors(node, rows, weights, X, y, is_leaf, nominal, feature, threshold, child_start, child_count,
                  child_index, counts, cf, z):
    """C45Pruner.branch_errors: the estimated errors of these cases passed down the subtree at node."""
    K = counts.shape[1]
    if is_leaf[node]:
        return dist_errors(class_counts(y, rows, weights, K), cf, z)
    s_node = [node]
    s_next = [0]
    s_sum = [0.0]
    r, w, off = route(X, rows, weights, feature[node], nominal[node], threshold[node], child_count[node],
                      child_shares(node, counts, child_start, child_count, child_index))
    s_rows = [r]
    s_w = [w]
    s_off = [off]
    while True:
        top = len(s_node) - 1
        nd = s_node[top]
        j = s_next[top]
        if j == child_count[nd]:
            val = s_sum[top]
            s_node.pop()
            s_next.pop()
            s_sum.pop()
            s_rows.pop()
            s_w.pop()
            s_off.pop()
            if top == 0:
                return val
            s_sum[top - 1] += val
            continue
        s_next[top] = j + 1
        c = child_index[child_start[nd] + j]
        off = s_off[top]
        cr = s_rows[top][off[j]:off[j + 1]]
        cw = s_w[top][off[j]:off[j + 1]]
        if is_leaf[c]:
            s_sum[top] += dist_errors(class_counts(y, cr, cw, K), cf, z)
        else:
            r, w, o = route(X, cr, cw, feature[c], nominal[c], threshold[c], child_count[c],
                            child_shares(c, counts, child_start, child_count, child_index))
            s_node.append(c)
            s_next.append(0)
            s_sum.append(0.0)
            s_rows.append(r)
            s_w.append(w)
            s_off.append(o)


@numba.njit(**JIT)
def _enter(node, rows, weights, y, counts, label, case_rows, case_w):
    """redistribute's first steps at a node: its cases, counts and (with weight) label."""
    K = counts.shape[1]
    case_rows[node] = rows
    case_w[node] = weights
    c = class_counts(y, rows, weights, K)
    counts[node] = c
    if numpy_sum(c, 0, K) > 0:
        label[node] = _argmax(c, K)


@numba.njit(**JIT)
def redistribute(node, rows, weights, X, y, is_leaf, nominal, feature, threshold, child_start, child_count,
                 child_index, counts, label, case_rows, case_w):
    """C45Pruner.redistribute: new training cases for the subtree at node, everything recounted; a
    child left without weight takes its parent's label once its own subtree is done."""
    K = counts.shape[1]
    _enter(node, rows, weights, y, counts, label, case_rows, case_w)
    if is_leaf[node]:
        return
    s_node = [node]
    s_next = [0]
    r, w, off = route(X, rows, weights, feature[node], nominal[node], threshold[node], child_count[node],
                      child_shares(node, counts, child_start, child_count, child_index))
    s_rows = [r]
    s_w = [w]
    s_off = [off]
    while len(s_node) > 0:
        top = len(s_node) - 1
        nd = s_node[top]
        j = s_next[top]
        if j == child_count[nd]:
            s_node.pop()
            s_next.pop()
            s_rows.pop()
            s_w.pop()
            s_off.pop()
            if top > 0:  # nd's subtree done: a child without weight takes its parent's label
                parent = s_node[top - 1]
                if numpy_sum(counts[nd], 0, K) <= 0:
                    label[nd] = label[parent]
            continue
        s_next[top] = j + 1
        c = child_index[child_start[nd] + j]
        off = s_off[top]
        cr = s_rows[top][off[j]:off[j + 1]].copy()
        cw = s_w[top][off[j]:off[j + 1]].copy()
        _enter(c, cr, cw, y, counts, label, case_rows, case_w)
        if is_leaf[c]:
            if numpy_sum(counts[c], 0, K) <= 0:
                label[c] = label[nd]
        else:
            r, w, o = route(X, cr, cw, feature[c], nominal[c], threshold[c], child_count[c],
                            child_shares(c, counts, child_start, child_count, child_index))
            s_node.append(c)
            s_next.append(0)
            s_rows.append(r)
            s_w.append(w)
            s_off.append(o)


@numba.njit(**JIT)
def collapse(is_leaf, child_start, child_count, child_index, counts):
    """C45Pruner.collapse(0): a node whose subtree makes no fewer training errors than itself as a
    leaf (less 1e-3) becomes a leaf, from the root down."""
    n = is_leaf.shape[0]
    K = counts.shape[1]
    order = _subtree_preorder(0, is_leaf, child_start, child_count, child_index)
    errors = np.zeros(n)
    for t in range(len(order) - 1, -1, -1):
        i = order[t]
        if is_leaf[i]:
            total = numpy_sum(counts[i], 0, K)
            errors[i] = total - counts[i].max() if total > 0 else 0.0
        else:
            s = 0.0
            for j in range(child_count[i]):
                s += errors[child_index[child_start[i] + j]]
            errors[i] = s
    stack = [0]
    while len(stack) > 0:
        i = stack.pop()
        if is_leaf[i]:
            continue
        as_leaf = numpy_sum(counts[i], 0, K) - counts[i].max()
        if errors[i] >= as_leaf - 1e-3:
            is_leaf[i] = True
        else:
            for j in range(child_count[i] - 1, -1, -1):
                stack.append(child_index[child_start[i] + j])


@numba.njit(**JIT)
def prune(X, y, is_leaf, nominal, feature, threshold, child_start, child_count, child_index, counts, label,
          case_rows, case_w, cf, z, raising):
    """C45Pruner.prune(0, cf, raising): bottom up, a node becomes a leaf when its estimated errors
    as a leaf are within 0.1 of its subtree's (and of its largest branch's); else, with raising, the
    largest branch takes its place when within 0.1 of the subtree's, gets all its cases and is
    pruned again."""
    n = is_leaf.shape[0]
    K = counts.shape[1]
    value = np.zeros(n)
    s_node = [0]
    s_state = [0]
    while len(s_node) > 0:
        node = s_node.pop()
        state = s_state.pop()
        if is_leaf[node]:
            continue
        if state == 0:
            s_node.append(node)
            s_state.append(1)
            for j in range(child_count[node] - 1, -1, -1):
                s_node.append(child_index[child_start[node] + j])
                s_state.append(0)
            continue
        k = child_count[node]
        weights = np.empty(k)
        for j in range(k):
            weights[j] = numpy_sum(counts[child_index[child_start[node] + j]], 0, K)
        largest = child_index[child_start[node] + _argmax(weights, k)]
        rows = case_rows[node]
        w = case_w[node]
        if raising:
            errors_largest = branch_errors(largest, rows, w, X, y, is_leaf, nominal, feature, threshold, child_start,
                                           child_count, child_index, counts, cf, z)
        else:
            errors_largest = np.inf
        errors_leaf = dist_errors(counts[node], cf, z)
        errors_tree = estimated_errors(node, is_leaf, child_start, child_count, child_index, counts, cf, z, value)
        if errors_leaf <= errors_tree + 0.1 and errors_leaf <= errors_largest + 0.1:
            is_leaf[node] = True
            continue
        if errors_largest <= errors_tree + 0.1:
            is_leaf[node] = is_leaf[largest]
            nominal[node] = nominal[largest]
            feature[node] = feature[largest]
            threshold[node] = threshold[largest]
            child_start[node] = child_start[largest]
            child_count[node] = child_count[largest]
            counts[node] = counts[largest]
            label[node] = label[largest]
            is_leaf[largest] = True  # orphaned
            redistribute(node, rows, w, X, y, is_leaf, nominal, feature, threshold, child_start, child_count,
                         child_index, counts, label, case_rows, case_w)
            s_node.append(node)
            s_state.append(0)


@numba.njit(**JIT)
def prune_tree(X, y, is_leaf, nominal, feature, threshold, child_start, child_count, child_index, counts, label,
               arena_rows, arena_w, case_len, cf, z, raising):
    """`prune` with each node's cases one node after another in arena_rows / arena_w (case_len each)."""
    n = is_leaf.shape[0]
    case_rows = []
    case_w = []
    s = 0
    for i in range(n):
        case_rows.append(arena_rows[s:s + case_len[i]].copy())
        case_w.append(arena_w[s:s + case_len[i]].copy())
        s += case_len[i]
    prune(X, y, is_leaf, nominal, feature, threshold, child_start, child_count, child_index, counts, label,
          case_rows, case_w, cf, z, raising)


@numba.njit(**JIT)
def c45_fit_whole(X, y, w0, root_orders, num_features, nom_features, nom_sizes, is_nominal, n_values, n_classes,
                  min_obj, mdl, log2_count, log_table, do_collapse, do_prune, cf, z, raising):
    """A whole C4.5 fit in one call: engine.algorithms.c45.grow_c45 (the same nodes in the same
    order; the logarithms from `log_table`, or NumPy's in object mode where a count is not a whole
    number), then `collapse` and `prune`. Returns ok (always True: c45_node_choice no longer gives
    up) and the tree's arrays (children of node i: child_index[child_start[i]:child_start[i] +
    child_count[i]])."""
    K = n_classes
    n = y.shape[0]
    min_weight = 2 * min_obj
    p = is_nominal.shape[0]
    rows0 = np.arange(n)
    counts0 = class_counts(y, rows0, w0, K)
    feat = [-1]
    nom = [False]
    thr = [0.0]
    first = [0]
    kids = [0]
    lab = [_argmax(counts0, K)]
    cnts = [counts0]
    case_rows = [rows0]
    case_w = [w0.copy()]
    total0 = numpy_sum(counts0, 0, K)
    stop0 = n < 1 or total0 < min_weight or counts0.max() >= total0 - 1e-9
    s_node = [0]
    s_orders = [root_orders]
    s_stop = [stop0]
    ok = True
    while len(s_node) > 0:
        node = s_node.pop()
        orders = s_orders.pop()
        stop = s_stop.pop()
        if stop:
            continue
        rows = case_rows[node]
        w = case_w[node]
        total = numpy_sum(cnts[node], 0, K)
        chosen, threshold = c45_node_choice(X, y, rows, w, orders, num_features, nom_features, nom_sizes, K, min_obj,
                                            total, mdl, log2_count, p, log_table)
        if chosen == -2:
            ok = False
            break
        if chosen < 0:
            continue
        nominal = is_nominal[chosen]
        k = n_values[chosen] if nominal else 2
        r, ww, off, cc, co = c45_divide(X, y, rows, w, orders, chosen, nominal, threshold, k, K)
        labels, stops = c45_children(cc, lab[node], min_weight)
        first_id = len(feat)
        feat[node] = chosen
        nom[node] = nominal
        thr[node] = threshold
        first[node] = first_id
        kids[node] = k
        for c in range(k):
            feat.append(-1)
            nom.append(False)
            thr.append(0.0)
            first.append(0)
            kids.append(0)
            lab.append(labels[c])
            cnts.append(cc[c].copy())
            case_rows.append(r[off[c]:off[c + 1]].copy())
            case_w.append(ww[off[c]:off[c + 1]].copy())
        for c in range(k - 1, -1, -1):
            s_node.append(first_id + c)
            s_orders.append(co[off[c]:off[c + 1]].copy())
            s_stop.append(stops[c] or off[c] == off[c + 1])
    m = len(feat)
    is_leaf = np.zeros(m, np.bool_)
    nominal_a = np.zeros(m, np.bool_)
    feature = np.empty(m, np.int64)
    threshold_a = np.empty(m)
    child_start = np.empty(m, np.int64)
    child_count = np.empty(m, np.int64)
    counts = np.empty((m, K))
    label = np.empty(m, np.int64)
    for i in range(m):
        is_leaf[i] = kids[i] == 0
        nominal_a[i] = nom[i]
        feature[i] = feat[i]
        threshold_a[i] = thr[i]
        child_start[i] = first[i]
        child_count[i] = kids[i]
        counts[i] = cnts[i]
        label[i] = lab[i]
    child_index = np.arange(m)
    if ok and do_collapse:
        collapse(is_leaf, child_start, child_count, child_index, counts)
    if ok and do_prune:
        prune(X, y, is_leaf, nominal_a, feature, threshold_a, child_start, child_count, child_index, counts, label,
              case_rows, case_w, cf, z, raising)
    return ok, is_leaf, nominal_a, feature, threshold_a, child_start, child_count, child_index, counts, label
