"""Naive twins of the Numba kernels: straight from the definitions, slow, obvious.

Tests run a kernel and its twin on the same random inputs and compare.
"""

from __future__ import annotations

import itertools
import math

import numpy as np


def impurity(counts, criterion: int) -> float:
    total = float(sum(counts))
    if total <= 0:
        return 0.0
    if criterion == 0:
        return 1.0 - sum((c / total) ** 2 for c in counts)
    return -sum((c / total) * math.log2(c / total) for c in counts if c > 0)


def numeric_cut_counts(values, y, w, n_classes):
    """thresholds between consecutive distinct known values; left[c] = class weights with v <= t."""
    known = sorted({float(v) for v in values if v == v})
    thresholds = [(a + b) / 2 for a, b in zip(known, known[1:])]
    left = np.zeros((len(thresholds), n_classes))
    for c, t in enumerate(thresholds):
        for v, k, wi in zip(values, y, w):
            if v == v and v <= t:
                left[c, k] += wi
    known_counts = np.zeros(n_classes)
    missing = np.zeros(n_classes)
    for v, k, wi in zip(values, y, w):
        (known_counts if v == v else missing)[k] += wi
    return np.array(thresholds), left, known_counts, missing


def category_counts(codes, y, w, n_categories, n_classes):
    counts = np.zeros((n_categories, n_classes))
    missing = np.zeros(n_classes)
    for v, k, wi in zip(codes, y, w):
        if v != v:
            missing[k] += wi
        else:
            counts[int(v), k] += wi
    return counts, missing


def _split_gain(left_rows, right_rows, missing_rows, y, w, n_classes, criterion):
    """Gain with the missing cases on the heavier side (ties: left)."""
    def counts(rows):
        c = np.zeros(n_classes)
        for r in rows:
            c[y[r]] += w[r]
        return c

    lc, rc, mc = counts(left_rows), counts(right_rows), counts(missing_rows)
    parent = lc + rc + mc
    mleft = lc.sum() >= rc.sum()
    if mleft:
        lc = lc + mc
    else:
        rc = rc + mc
    total = parent.sum()
    gain = total * impurity(parent, criterion) - lc.sum() * impurity(lc, criterion) \
        - rc.sum() * impurity(rc, criterion)
    return gain, mleft, lc


def best_split(X, y, w, rows, is_nominal, n_classes, criterion, min_leaf):
    """Brute force over every attribute and every cut (every subset for K = 2 nominal).

    Returns (feature, threshold or frozenset of left categories, gain, missing_left, left counts).
    Ties: lowest attribute, then lowest cut (first found), as the kernel.
    """
    total = float(sum(w[r] for r in rows))
    best = (-1, None, -1.0, False, None)
    for f in range(X.shape[1]):
        known = [r for r in rows if X[r, f] == X[r, f]]
        missing = [r for r in rows if X[r, f] != X[r, f]]
        options = []
        if is_nominal[f]:
            present = sorted({int(X[r, f]) for r in known})
            if len(present) < 2:
                continue
            if n_classes == 2:
                subsets = [frozenset(s) for size in range(1, len(present))
                           for s in itertools.combinations(present, size)]
            else:
                subsets = [frozenset([c]) for c in present]
            for subset in subsets:
                left = [r for r in known if int(X[r, f]) in subset]
                right = [r for r in known if int(X[r, f]) not in subset]
                options.append((subset, left, right))
        else:
            values = sorted({X[r, f] for r in known})
            for a, b in zip(values, values[1:]):
                t = a / 2 + b / 2
                if t >= b or t < a:
                    t = a
                left = [r for r in known if X[r, f] <= t]
                right = [r for r in known if X[r, f] > t]
                options.append((t, left, right))
        for cut, left, right in options:
            if len(left) < min_leaf or len(right) < min_leaf:
                continue
            gain, mleft, lc = _split_gain(left, right, missing, y, w, n_classes, criterion)
            if gain > best[2] + 1e-12 * total:
                best = (f, cut, gain, mleft, lc)
    return best


def grow_cart(X, y, w, is_nominal, n_classes, criterion=0, min_leaf=1):
    """Recursive CART with the growth loop's rules; nodes as nested dicts."""
    def node(rows):
        counts = np.zeros(n_classes)
        for r in rows:
            counts[y[r]] += w[r]
        out = {"counts": counts}
        if len(rows) < 2 or np.count_nonzero(counts) <= 1 or len(rows) < 2 * min_leaf:
            return out
        f, cut, gain, mleft, _ = best_split(X, y, w, rows, is_nominal, n_classes, criterion, min_leaf)
        if f < 0:
            return out

        def goes_left(r):
            v = X[r, f]
            if v != v:
                return mleft
            return int(v) in cut if is_nominal[f] else v <= cut

        left = [r for r in rows if goes_left(r)]
        right = [r for r in rows if not goes_left(r)]
        out.update(feature=f, cut=cut, children=[node(left), node(right)])
        return out

    return node(list(range(len(y))))


# ---- ordinal criteria (ALGORITHMS.md §1), straight from the pairwise definitions ------------


def side_of(values, cut):
    return [1 if v > cut else 0 for v in values]


def ie(values, y, w, cut):
    """(1/n²) Σ_x Σ_y w_x w_y [side(y) != side(x) and d(y) != d(x)]."""
    s = side_of(values, cut)
    n = sum(w)
    total = 0.0
    for i in range(len(values)):
        for j in range(len(values)):
            if s[i] != s[j] and y[i] != y[j]:
                total += w[i] * w[j]
    return total / (n * n)


def rmi(values, y, w, cut):
    """-(1/n) Σ_x w_x log(|[x]_B| |[x]_D| / (n |[x]_B ∩ [x]_D|)), upward sets by weight."""
    s = side_of(values, cut)
    n = sum(w)
    total = 0.0
    for i in range(len(values)):
        b = sum(w[j] for j in range(len(values)) if s[j] >= s[i])
        d = sum(w[j] for j in range(len(values)) if y[j] >= y[i])
        both = sum(w[j] for j in range(len(values)) if s[j] >= s[i] and y[j] >= y[i])
        total += w[i] * math.log(b * d / (n * both))
    return -total / n


def ranking_impurity(y, w, rows):
    """Σ over pairs of cases with d(x) < d(y) of (d(y) - d(x)) w_x w_y."""
    total = 0.0
    for a in rows:
        for b in rows:
            if y[a] < y[b]:
                total += (y[b] - y[a]) * w[a] * w[b]
    return total


def rt(values, y, w, cut):
    rows = range(len(values))
    left = [i for i in rows if values[i] <= cut]
    right = [i for i in rows if values[i] > cut]
    return ranking_impurity(y, w, rows) - ranking_impurity(y, w, left) - ranking_impurity(y, w, right)


def facmi(values, y, w, cut, mu):
    """(1/n²) Σ_x Σ_{y: d(y) < d(x)} w_x w_y μ(x) (1 - μ(y)); mu(value, cut) the membership."""
    n = sum(w)
    total = 0.0
    for i in range(len(values)):
        for j in range(len(values)):
            if y[j] < y[i]:
                total += w[i] * w[j] * mu(values[i], cut) * (1 - mu(values[j], cut))
    return total / (n * n)


def ramp(half_width):
    def mu(v, cut):
        return min(1.0, max(0.0, (v - cut + half_width) / (2 * half_width)))
    return mu


def logistic(steepness, scale):
    def mu(v, cut):
        return 1.0 / (1.0 + math.exp(-steepness * (v - cut) / scale))
    return mu


# ---- routing and partition (engine/kernels/split.py, engine/kernels/traverse.py) -----------------


def goes_left(X, order_row, start, end, feature, threshold, nominal, branch, missing_left):
    """{sample: goes left} for the node's samples order_row[start:end]."""
    out = {}
    for s in order_row[start:end]:
        v = X[s, feature]
        if v != v:
            out[int(s)] = bool(missing_left)
        elif nominal:
            b = branch[int(v)]
            out[int(s)] = (b == 0) if b >= 0 else bool(missing_left)
        else:
            out[int(s)] = bool(v <= threshold)
    return out


def partition(order, vals, ys, start, end, left):
    """Each row's segment: the samples going left in their order, then the others in theirs."""
    order, vals, ys = order.copy(), vals.copy(), ys.copy()
    for f in range(order.shape[0]):
        seg = list(range(start, end))
        keep = [i for i in seg if left[order[f, i]]] + [i for i in seg if not left[order[f, i]]]
        order[f, start:end], vals[f, start:end], ys[f, start:end] = \
            order[f, keep].copy(), vals[f, keep].copy(), ys[f, keep].copy()
    return order, vals, ys


def walk(tree, x, majority):
    """(end node, attributes shown) of one case, node by node with plain Python tests
    written from ARCHITECTURE.md's table of node kinds, not with the nodes' own code."""
    node_id, shown = 0, set()
    while tree.nodes[node_id].children:
        node = tree.nodes[node_id]
        kind = node.kind_name
        branch = -1
        if kind == "threshold":
            v = x[node.feature]
            if v == v:
                shown.add(node.feature)
                branch = 0 if v <= node.threshold else 1
        elif kind == "category":
            v = x[node.feature]
            if v == v:
                shown.add(node.feature)
                code = int(v) if node.cuts is None else sum(1 for c in node.cuts if v > c)
                if 0 <= code < len(node.branches):
                    branch = node.branches[code]
        elif kind == "trichotomy":
            values = [x[j] for j in node.features]
            for j, v in zip(node.features, values):  # shown up to the first missing value
                if v != v:
                    break
                shown.add(j)
            if all(v == v for v in values):
                s = sum(w * v for w, v in zip(node.weights, values))
                if s == s:  # inf - inf has no score: the case stops, as with a missing value
                    branch = 0 if s <= node.low else 1 if s >= node.high else 2
        if branch < 0:
            if not majority:
                break
            weights = [tree.nodes[c].weight for c in node.children]
            branch = weights.index(max(weights))
        node_id = node.children[branch]
    return node_id, shown


def cv_errors_by_case(tree, prune_alpha, X, y, w, betas, cost=None):
    """engine.tree.prune.cv_errors one held-out case at a time, along decision_path (the
    implementation it replaced): each path node's cost added over its range of betas."""
    from engine.tree.predict import decision_path

    betas = np.asarray(betas, dtype=np.float64)
    diff = np.zeros(len(betas) + 1)
    for r in range(len(y)):
        upper = np.inf
        for node in decision_path(tree, X[r], missing="majority"):
            pa = prune_alpha[node] if not tree.nodes[node].is_leaf else -np.inf
            label = tree.nodes[node].label
            wrong = w[r] * (label != y[r]) if cost is None else w[r] * cost[y[r], label]
            lo = np.searchsorted(betas, pa, side="left") if pa > -np.inf else 0
            hi = np.searchsorted(betas, upper, side="left") if upper < np.inf else len(betas)
            if hi > lo and wrong:
                diff[lo] += wrong
                diff[hi] -= wrong
            if pa == -np.inf:
                break
            upper = min(upper, pa)
    return np.cumsum(diff)[:-1]


def pruning_path_by_heap(tree, cost=None):
    """engine.tree.prune.pruning_path in Python (the implementation the kernel replaced):
    (alphas, prune_alpha, leaves)."""
    import heapq

    from engine.tree.prune import leaf_costs

    n = len(tree.nodes)
    total = max(tree.root.weight, 1e-300)
    r_leaf = leaf_costs(tree, cost) / total
    r_sub = np.zeros(n)
    n_leaves = np.zeros(n, np.int64)
    order = tree.reachable()
    for i in reversed(order):  # children before parents
        node = tree.nodes[i]
        if node.is_leaf:
            r_sub[i], n_leaves[i] = r_leaf[i], 1
        else:
            r_sub[i] = sum(r_sub[c] for c in node.children)
            n_leaves[i] = sum(n_leaves[c] for c in node.children)
    prune_alpha = np.full(n, -np.inf)  # leaves: always leaves
    removed = np.zeros(n, bool)
    version = np.zeros(n, np.int64)
    heap = []

    def g(i):
        return max(0.0, (r_leaf[i] - r_sub[i]) / (n_leaves[i] - 1))

    for i in order:
        if not tree.nodes[i].is_leaf:
            prune_alpha[i] = np.inf
            heapq.heappush(heap, (g(i), i, 0))
    alphas = [0.0]
    leaves = [int(n_leaves[0])]
    current = 0.0
    while heap:
        value, i, ver = heapq.heappop(heap)
        if removed[i] or ver != version[i] or prune_alpha[i] != np.inf:
            continue
        # weakest links of (numerically) equal strength go together
        alpha = max(current, value)
        if alpha > current + 1e-12:
            alphas.append(alpha)
            leaves.append(int(n_leaves[0]))
            current = alpha
        prune_alpha[i] = current
        stack = list(tree.nodes[i].children)
        while stack:
            d = stack.pop()
            if not removed[d]:
                removed[d] = True
                if prune_alpha[d] == np.inf:
                    prune_alpha[d] = current
                stack.extend(tree.nodes[d].children)
        delta_r = r_leaf[i] - r_sub[i]
        delta_l = 1 - n_leaves[i]
        r_sub[i], n_leaves[i] = r_leaf[i], 1
        a = tree.nodes[i].parent
        while a >= 0:
            r_sub[a] += delta_r
            n_leaves[a] += delta_l
            version[a] += 1
            heapq.heappush(heap, (g(a), a, version[a]))
            a = tree.nodes[a].parent
        leaves[-1] = int(n_leaves[0])
    return np.asarray(alphas), prune_alpha, np.asarray(leaves)


# ---- the optimal tree (engine/algorithms/optimal.py), by exhaustive search ------------------------


def optimal_candidates(X, nominal):
    """Every binary test of each attribute: (attribute, "<=", t) at each midpoint between
    distinct known values of a number; (attribute, "==", v) per seen category of a nominal one
    (one when two are seen)."""
    out = []
    for a in range(X.shape[1]):
        known = sorted({float(v) for v in X[:, a] if v == v})
        if nominal[a]:
            out.extend((a, "==", v) for v in (known[:1] if len(known) == 2 else known))
        else:
            out.extend((a, "<=", (s + t) / 2) for s, t in zip(known, known[1:]))
    return out


def optimal_price(a, known, tc, wct, wcs, prereq, group, cc, cpt):
    """TC(a | P) + WC(a | K) straight from ALGORITHMS.md §4.1 (0 when a is known on the path)."""
    if a in known:
        return 0.0
    test = tc[a]
    if group[a] is not None and any(group[k] == group[a] for k in known):
        test = max(tc[a] - cc[group[a]], 0.0)
    time, p, seen = wct[a], prereq[a], {a}
    while p is not None and p not in known and p not in seen:
        time += wct[p]
        seen.add(p)
        p = prereq[p]
    return test + cpt * time + wcs[a]


def optimal_tree(X, y, w, cost, tests, depth, min_leaf, lam, price=None, rows=None, known=frozenset()):
    """(least objective, tree) over every tree of depth <= `depth` on `tests` (optimal_candidates):
    each split tried with each best subtree below it, no memo, no bound. A case missing a split's
    value stops there (the node's least-cost label, no test paid); `price(a, known)` the test and
    waiting cost a case with a's value pays; both children of a split weigh at least min_leaf.
    tree: ("leaf", label) or (test, tree of the cases passing, tree of the others)."""
    rows = list(range(len(y))) if rows is None else rows
    k = cost.shape[0]

    def label_costs(rs):
        return [sum(w[r] * cost[y[r], j] for r in rs) for j in range(k)]

    here = label_costs(rows)
    label = min(range(k), key=lambda j: (here[j], j))
    best, tree = here[label] + lam, ("leaf", label)
    if depth == 0:
        return best, tree
    for test in tests:
        a, op, v = test
        yes, no, missing = [], [], []
        for r in rows:
            x = X[r, a]
            (missing if x != x else yes if (x <= v if op == "<=" else x == v) else no).append(r)
        if sum(w[r] for r in yes) < min_leaf - 1e-9 or sum(w[r] for r in no) < min_leaf - 1e-9:
            continue
        paid = 0.0 if price is None else price(a, known) * sum(w[r] for r in yes + no)
        stay = sum(w[r] * cost[y[r], label] for r in missing)
        below = known | {a}
        v_yes, t_yes = optimal_tree(X, y, w, cost, tests, depth - 1, min_leaf, lam, price, yes, below)
        v_no, t_no = optimal_tree(X, y, w, cost, tests, depth - 1, min_leaf, lam, price, no, below)
        if paid + stay + v_yes + v_no < best - 1e-9:
            best, tree = paid + stay + v_yes + v_no, (test, t_yes, t_no)
    return best, tree


def optimal_objective(tree, X, y, w, cost, lam, price=None):
    """The objective of a Tree (engine.tree.model), walking each case down it."""
    total = lam * tree.n_leaves
    for r in range(len(y)):
        i, known = 0, set()
        while True:
            node = tree.nodes[i]
            if node.is_leaf:
                break
            a = node.attributes()[0]
            x = X[r, a]
            if x != x:
                break
            if price is not None:
                total += w[r] * price(a, frozenset(known))
            known.add(a)
            if hasattr(node, "threshold"):
                i = node.children[0 if x <= node.threshold else 1]
            else:
                i = node.children[node.branches[int(x)]]
        total += w[r] * cost[y[r], node.label]
    return total
