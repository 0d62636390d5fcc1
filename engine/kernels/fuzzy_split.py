"""A fuzzy node's cases divided by every candidate attribute's terms (seed 002, §3.2), compiled.

`engine.tree.splitters.FuzzySplitter` rates each unused attribute of a node by
the class masses each of its terms' children would hold. `fuzzy_bags` makes
them for all candidate attributes in one call, and `fuzzy_children` divides
the node's cases by the chosen one. Both follow `engine.tree.splitters.divide`
to the last bit, so the trees are the same as when every attribute was routed
by its `FuzzySplit` node in NumPy:

- a value's share of each term: the triangular memberships over the sorted
  centres (`engine.tree.nodes.triangular_memberships`, the same operations in
  the same order); a nominal attribute (one crisp term per category code): 1
  for its code's term; a missing value (or an unknown code): no term;
- a case's weight in a child: weight · share (product t-norm) or min(weight,
  share) (minimum; then its mass is that times the case's own weight);
- a case with no share anywhere follows the missing policy (0 "stay", 1
  "fractional", 2 "heavier"), by the children's known masses, each summed as
  NumPy sums (pairwise, `numpy_sum`);
- a child keeps the cases whose weight there is above 0 and at least `floor`
  (Yuan & Shaw's significance level α; 0: all), and its class masses are
  summed case by case in the node's order (as `np.bincount`).

`terms`: the attributes' centres one after another (`starts[j]`, `n_terms[j]`
of them; a nominal attribute has none there and `n_terms[j]` categories).
"""

from __future__ import annotations

import numba
import numpy as np

from .config import JIT
from .sums import numpy_sum

STAY, FRACTIONAL, HEAVIER = 0, 1, 2

#: NumPy's arithmetic (x / 0 is ±inf or NaN, not an exception), as `divide` computes
KERNEL = dict(JIT, error_model="numpy")


@numba.njit(**KERNEL)
def clip01(x):
    """np.clip(x, 0, 1) of a number."""
    x = x if x > 0.0 else 0.0
    return x if x < 1.0 else 1.0


@numba.njit(**KERNEL)
def unknown(v, k, nominal):
    """True when value v has no term: missing, or a category code that is not one of k."""
    return v != v or (nominal and not (v > -1.0 and v < k))


@numba.njit(**KERNEL)
def has_unknown(column, rows, k, nominal):
    for i in range(rows.shape[0]):
        if unknown(column[rows[i]], k, nominal):
            return True
    return False


# The triangular membership is written out where it is used: as a called (or inlined) function
# it compiles to code three times slower.


@numba.njit(**KERNEL)
def term_shares(column, rows, terms, start, k, nominal, out):
    """out[i, c] (c < k): case rows[i]'s share of term c (a row of zeros: `unknown`). A
    nominal attribute's code (truncated towards 0, as astype(np.int64)) is its term; a
    numeric one's share is its triangular membership (T_1 is 1 below m_1, T_k above m_k;
    `triangular_memberships`, operation for operation)."""
    for i in range(rows.shape[0]):
        x = column[rows[i]]
        for c in range(k):
            out[i, c] = 0.0
        if unknown(x, k, nominal):
            continue
        if nominal:
            out[i, np.int64(x)] = 1.0
            continue
        for c in range(k):
            m = terms[start + c]
            mu = 1.0
            if c > 0 and x < m:
                below = terms[start + c - 1]
                mu = clip01((x - below) / (m - below))
            if c < k - 1 and x > m:
                above = terms[start + c + 1]
                mu = clip01((above - x) / (above - m))
            out[i, c] = mu


@numba.njit(**KERNEL)
def route_weights(column, w, rows, weights, terms, start, k, nominal, minimum, missing, child):
    """child[i, c] (c < k): case rows[i]'s weight in child c of the terms of the attribute
    whose values are `column`, its weight at the node being weights[i] (module docstring;
    `divide` before the zeros are dropped)."""
    m = rows.shape[0]
    share = np.empty((m, k))
    term_shares(column, rows, terms, start, k, nominal, share)
    stopped = np.zeros(m, np.bool_)  # no share in any term: the missing policy's cases
    for i in range(m):
        total = 0.0
        for c in range(k):
            total += share[i, c]
            if minimum:
                child[i, c] = weights[i] if weights[i] < share[i, c] else share[i, c]
            else:
                child[i, c] = weights[i] * share[i, c]
        stopped[i] = total <= 0
    if not stopped.any():
        return
    known = np.empty(k)
    buffer = np.empty(m)
    for c in range(k):
        n = 0
        for i in range(m):
            if share[i, c] > 0:
                buffer[n] = child[i, c] * w[rows[i]] if minimum else child[i, c]
                n += 1
        known[c] = numpy_sum(buffer, 0, n)
    known_total = numpy_sum(known, 0, k)
    fractions = np.empty(k)
    for c in range(k):
        fractions[c] = known[c] / known_total if known_total > 0 else 1.0 / k
    heaviest = 0
    for c in range(1, k):
        if known[c] > known[heaviest]:
            heaviest = c
    for i in range(m):
        if not stopped[i]:
            continue
        if missing == FRACTIONAL:  # a probability of each branch: always a product
            for c in range(k):
                child[i, c] = weights[i] * fractions[c]
        elif missing == HEAVIER:
            child[i, heaviest] = weights[i]


@numba.njit(**KERNEL)
def add_numeric(column, y, w, rows, weights, terms, start, k, minimum, floor, out):
    """out[c, q] += the class-q mass child c of a numeric attribute's terms gets, every case
    having a value (one pass: share, weight, mass)."""
    for i in range(rows.shape[0]):
        r = rows[i]
        x = column[r]
        q = y[r]
        for c in range(k):
            m = terms[start + c]
            mu = 1.0
            if c > 0 and x < m:
                below = terms[start + c - 1]
                mu = clip01((x - below) / (m - below))
            if c < k - 1 and x > m:
                above = terms[start + c + 1]
                mu = clip01((above - x) / (above - m))
            v = (weights[i] if weights[i] < mu else mu) if minimum else weights[i] * mu
            if v > 0 and v >= floor:
                out[c, q] += v * w[r] if minimum else v


@numba.njit(**KERNEL)
def add_nominal(column, y, w, rows, weights, minimum, floor, out):
    """The same for a nominal attribute, every case having a known code: share 1 in its code's
    child, 0 elsewhere."""
    for i in range(rows.shape[0]):
        r = rows[i]
        v = (weights[i] if weights[i] < 1.0 else 1.0) if minimum else weights[i] * 1.0
        if v > 0 and v >= floor:
            out[np.int64(column[r]), y[r]] += v * w[r] if minimum else v


@numba.njit(**KERNEL)
def fuzzy_bags(XT, y, w, rows, weights, features, terms, starts, n_terms, nominal, complete, minimum, missing,
               floor, n_classes):
    """bags[a, c, q]: the class-q mass child c of attribute features[a]'s terms would hold
    (zero beyond its n_terms), and filled[a]: how many of those children get any mass.
    XT: the attributes' values, one row per attribute; complete[j]: attribute j has a term
    for every case (then no case needs the missing policy, and each case is routed and
    counted in one pass)."""
    A = features.shape[0]
    m = rows.shape[0]
    width = 1
    for a in range(A):
        width = max(width, n_terms[features[a]])
    bags = np.zeros((A, width, n_classes))
    child = np.empty((0, width))
    for a in range(A):
        f = features[a]
        k = n_terms[f]
        column = XT[f]
        if complete[f] or not has_unknown(column, rows, k, nominal[f]):
            if nominal[f]:
                add_nominal(column, y, w, rows, weights, minimum, floor, bags[a])
            else:
                add_numeric(column, y, w, rows, weights, terms, starts[f], k, minimum, floor, bags[a])
            continue
        if child.shape[0] < m:
            child = np.empty((m, width))
        route_weights(column, w, rows, weights, terms, starts[f], k, nominal[f], minimum, missing, child)
        for i in range(m):
            q = y[rows[i]]
            for c in range(k):
                v = child[i, c]
                if v > 0 and v >= floor:
                    bags[a, c, q] += v * w[rows[i]] if minimum else v
    filled = np.zeros(A, np.int64)
    for a in range(A):
        for c in range(width):
            if numpy_sum(bags[a, c], 0, n_classes) > 0:
                filled[a] += 1
    return bags, filled


@numba.njit(**KERNEL)
def fuzzy_children(XT, y, w, rows, weights, feature, terms, starts, n_terms, nominal, minimum, missing, floor,
                   n_classes):
    """The node's cases divided by `feature`'s terms: child c holds rows out_rows[offsets[c]:
    offsets[c + 1]] (in the node's order) with weights out_weights[...] there, and class
    masses counts[c]."""
    m = rows.shape[0]
    k = n_terms[feature]
    child = np.empty((m, k))
    route_weights(XT[feature], w, rows, weights, terms, starts[feature], k, nominal[feature], minimum, missing,
                  child)
    offsets = np.zeros(k + 1, np.int64)
    for c in range(k):
        n = 0
        for i in range(m):
            if child[i, c] > 0 and child[i, c] >= floor:
                n += 1
        offsets[c + 1] = offsets[c] + n
    out_rows = np.empty(offsets[k], rows.dtype)
    out_weights = np.empty(offsets[k])
    counts = np.zeros((k, n_classes))
    for c in range(k):
        at = offsets[c]
        for i in range(m):
            v = child[i, c]
            if v > 0 and v >= floor:
                out_rows[at] = rows[i]
                out_weights[at] = v
                counts[c, y[rows[i]]] += v * w[rows[i]] if minimum else v
                at += 1
    return out_rows, out_weights, offsets, counts
