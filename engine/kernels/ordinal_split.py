"""Best binary cut of a node by an ordinal criterion (ALGORITHMS.md §1), over presorted
columns: one streaming sweep per attribute. The criteria themselves are in
engine/kernels/criteria.py (by name: `CRITERIA`), FACMI's ramp search in
engine/kernels/facmi_ramp.py, its bounded exact logistic search in
engine/kernels/facmi_logistic.py.
"""

from __future__ import annotations

import numba
import numpy as np

from .config import JIT
from .counts import add_class_weights, cut_allowed, known_end, known_weights, midpoint
from .criteria import facmi_pairs_value, is_facmi, is_facmi_logistic, is_facmi_net, ordinal_state, ordinal_value
from .facmi_logistic import SEARCH_MIN_CASES, logistic_search, logistic_upper
from .facmi_ramp import _BOUND_MIN_CASES, _ramp_cannot_win, _ramp_search, _ramp_sweep, _spread


def bounded(ramp_above: int) -> int:
    """The `ramp_above` argument of `best_ordinal_split` that asks for FACMI's bounded exact
    logistic search (`logistic_search`) in nodes of at most ramp_above cases, the ramp above."""
    return -1 - ramp_above


@numba.njit(**JIT)
def _winning_left(left_out, ys_f, order_f, w, start, stop, unit, known):
    """The winning cut's left class counts (positions start..stop-1) into left_out; True
    when the left side is the heavier (where missing values go)."""
    left_out[:] = 0.0
    add_class_weights(left_out, ys_f, order_f, w, start, stop, unit, 1.0)
    wl = left_out.sum()
    return wl >= known.sum() - wl


@numba.njit(**JIT)
def best_ordinal_split(vals, ys, w, order, start, end, candidate, n_classes, criterion, min_leaf, steepness,
                       ramp_above, left_out, unit):
    """Best binary cut of the node order[:, start:end] by an ordinal criterion.

    One streaming sweep per attribute over its presorted segment: running left
    counts give IE, RMI and RT at each cut in O(K); FACMI's ramp keeps the
    per-class weight and weight·value of the cases inside the window
    (c - h, c + h] and above it, moved by two pointers, so the memberships M_k
    of every cut cost O(K) and the attribute O(n + cuts·K). The exact logistic
    (nodes with at most `ramp_above` known cases, unless FACMI_RAMP) sums over
    the cases for each cut. Cases with the attribute missing take no part and go
    to the heavier side. FACMI's net reading (pairs=net, §1.4) scores concordant minus
    discordant pairs from the same memberships; it has no bound, every attribute is swept.
    FACMI's scale s is the attribute's standard deviation
    among the node's known values, the ramp's half width h = 2s/k. Once a cut is
    found, a ramp attribute whose upper bound (`_ramp_limit`: O(n), no window sums,
    rounding included) shows it cannot beat the running best is not swept: the
    sweep could not have changed the choice, so the result is the same. In ramp
    nodes of at least _BOUND_MIN_CASES cases `_ramp_search` first sweeps the
    attribute with the largest bound, so that the skipping does not depend on the
    attribute order, and proves it found the same cut (else the plain search runs).
    A negative `ramp_above` (`bounded(r)`) asks for FACMI's bounded exact logistic search
    (engine/kernels/facmi_logistic.py) in nodes of SEARCH_MIN_CASES..r cases: cuts
    bounded in blocks, only those that could win evaluated, with the reference's own
    arithmetic, and the reference's choice replayed; when the replay cannot prove it, the
    plain search below runs. Either way the result is the plain logistic sweep's.
    Returns (feature, threshold, value, missing_left); ties: lowest attribute,
    then lowest cut (a value must beat the running best by more than 1e-12).
    """
    best_f = -1
    best_t = 0.0
    best_v = -np.inf
    best_mleft = False
    known = np.zeros(n_classes)
    left = np.zeros(n_classes)
    right = np.zeros(n_classes)
    upper = np.zeros(n_classes)
    in_w = np.zeros(n_classes)
    in_wv = np.zeros(n_classes)
    above = np.zeros(n_classes)
    parent = np.zeros(n_classes)
    state = np.zeros(n_classes)
    for i in range(start, end):
        parent[ys[0, i]] += 1.0 if unit else w[order[0, i]]
    net = is_facmi_net(criterion)
    searched = False
    if ramp_above < 0:  # bounded(r): the bounded exact logistic in nodes of at most r cases
        ramp_above = -1 - ramp_above
        if is_facmi_logistic(criterion) and SEARCH_MIN_CASES <= end - start <= ramp_above:
            ok, best_f, best_i, best_v = logistic_search(vals, ys, w, order, start, end, candidate, n_classes,
                                                         criterion, min_leaf, steepness, unit, parent, known)
            if ok:
                searched = True
                if best_f >= 0:
                    best_t = midpoint(vals[best_f, best_i], vals[best_f, best_i + 1])
                    best_mleft = _winning_left(left_out, ys[best_f], order[best_f], w, start, best_i + 1, unit,
                                               known)
            else:
                best_f, best_v = -1, -np.inf
    # the bound (and so the bound-first search) is the concordant reading's; net sweeps every attribute
    if searched:
        pass
    elif is_facmi(criterion) and not net and end - start >= _BOUND_MIN_CASES:
        ok, best_f, best_i, best_v = _ramp_search(vals, ys, w, order, start, end, candidate, n_classes, criterion,
                                                  min_leaf, steepness, ramp_above, unit, parent, known)
        if ok:
            searched = True
            if best_f >= 0:
                best_t = midpoint(vals[best_f, best_i], vals[best_f, best_i + 1])
                best_mleft = _winning_left(left_out, ys[best_f], order[best_f], w, start, best_i + 1, unit, known)
        else:
            searched = False
    else:
        searched = False
    for f in range(0 if not searched else order.shape[0], order.shape[0]):  # the plain search
        if not candidate[f]:
            continue
        n_known = known_weights(known, parent, vals[f], ys[f], order[f], w, start, end, unit)
        m = n_known - start
        if m < 2 * min_leaf or m < 2:
            continue
        fuzzy = is_facmi(criterion)
        logistic = is_facmi_logistic(criterion) and m <= ramp_above
        half = 0.0
        scale = 0.0
        if fuzzy:
            scale = _spread(vals[f], start, n_known)
            if scale <= 0.0:
                continue
            half = 2.0 * scale / steepness
        ramp = fuzzy and not logistic
        if ramp:
            if not net and best_f >= 0 and m >= _BOUND_MIN_CASES and _ramp_cannot_win(
                    vals[f], ys[f], order[f], w, start, n_known, min_leaf, half, known, n_classes, unit, best_v,
                    in_w, in_wv):
                continue
            best_i, t, value, _, _ = _ramp_sweep(vals[f], ys[f], order[f], w, start, n_known, min_leaf, half,
                                                 known, n_classes, unit, best_v, above, in_w, in_wv, -np.inf,
                                                 np.empty(0), net)
            if best_i >= 0:
                best_v = value
                best_f = f
                best_t = t
                best_mleft = _winning_left(left_out, ys[f], order[f], w, start, best_i + 1, unit, known)
            continue
        ordinal_state(criterion, known, state)
        left[:] = 0.0
        for i in range(start, n_known - 1):
            left[ys[f, i]] += 1.0 if unit else w[order[f, i]]
            if not cut_allowed(vals[f], i, start, n_known, min_leaf):
                continue
            t = midpoint(vals[f, i], vals[f, i + 1])
            if not fuzzy:
                value = ordinal_value(criterion, left, known, state, right)
            else:  # the exact logistic
                logistic_upper(vals[f], ys[f], order[f], w, start, n_known, t, scale, steepness, unit, upper)
                value = facmi_pairs_value(criterion, upper, known)
            if value > best_v + 1e-12:
                best_v = value
                best_f = f
                best_t = t
                left_out[:] = left
        if best_f == f:
            wl = left_out.sum()
            best_mleft = wl >= known.sum() - wl
    if best_f >= 0 and best_mleft:  # add the node's missing cases (NaN last) to the heavier side
        add_class_weights(left_out, ys[best_f], order[best_f], w, known_end(vals[best_f], start, end), end, unit,
                          1.0)
    return best_f, best_t, best_v, best_mleft
