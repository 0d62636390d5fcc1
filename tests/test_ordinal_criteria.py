"""Ordinal criteria (IE, REMT's RMI, RT's ranking impurity, FACMI ramp and logistic):
a hand-computed table, and every kernel against its pairwise naive twin."""

import math

import numpy as np
import pytest

import naive
from engine.kernels.counts import numeric_cut_counts
from engine.kernels.criteria import ranking_impurity
from ordinal_cut_kernels import (facmi_from_memberships, facmi_logistic_cuts, facmi_ramp_cuts, ie_cuts, rmi_cuts,
                                 rt_cuts)

# eight cases, classes 0 < 1 < 2, attribute values with a tie
VALUES = np.array([1.0, 2, 2, 3, 4, 5, 6, 7])
CLASSES = np.array([0, 0, 1, 0, 1, 2, 1, 2])


def cut_counts(values, y, w, k=3):
    order = np.argsort(values, kind="mergesort")
    return numeric_cut_counts(values[order], y[order], w[order], k)


def test_hand_computed_criteria_at_every_cut():
    """Cuts 1.5, 2.5, 3.5, 4.5, 5.5, 6.5 with N = (3, 3, 2), n = 8.
    Left counts: (1,0,0) (2,1,0) (3,1,0) (3,2,0) (3,2,1) (3,3,1).
    IE = 2/64 Σ_k L_k (|R| - R_k):
      1.5: L=(1,0,0), R=(2,3,2): 2/64 · 1·(7-2)            = 10/64
      2.5: L=(2,1,0), R=(1,2,2): 2/64 · (2·4 + 1·3)        = 22/64
      3.5: L=(3,1,0), R=(0,2,2): 2/64 · (3·4 + 1·2)        = 28/64
      4.5: L=(3,2,0), R=(0,1,2): 2/64 · (3·3 + 2·2)        = 26/64
      5.5: L=(3,2,1), R=(0,1,1): 2/64 · (3·2 + 2·1 + 1·1)  = 18/64
      6.5: L=(3,3,1), R=(0,0,1): 2/64 · (3·1 + 3·1 + 0)    = 12/64
    RT: I(N) = 1·3·3 + 2·3·2 + 1·3·2 = 27; I(L) + I(R) per cut:
      1.5: 0 + (2·3 + 2·2·2 + 3·2) = 20 -> 7;  2.5: 2 + (2 + 4 + 4) = 12 -> 15
      3.5: 3 + (0 + 0 + 4) = 7 -> 20;           4.5: 6 + 2 = 8 -> 19
      5.5: (6 + 6 + 2) + 1 = 15 -> 12;          6.5: (9 + 6 + 3) + 0 = 18 -> 9
    Crisp FACMI (k -> inf) = 1/64 Σ_k R_k Σ_{j<k} L_j:
      1.5: 3·1 + 2·1 = 5;  2.5: 2·2 + 2·3 = 10;  3.5: 2·3 + 2·4 = 14
      4.5: 1·3 + 2·5 = 13; 5.5: 1·3 + 1·5 = 8;   6.5: 0 + 1·6 = 6
    """
    w = np.ones(8)
    thresholds, left, known, _ = cut_counts(VALUES, CLASSES, w)
    np.testing.assert_allclose(thresholds, [1.5, 2.5, 3.5, 4.5, 5.5, 6.5])
    np.testing.assert_allclose(ie_cuts(left, known), np.array([10, 22, 28, 26, 18, 12]) / 64)
    np.testing.assert_allclose(rt_cuts(left, known), [7, 15, 20, 19, 12, 9])
    assert ranking_impurity(known) == 27
    crisp = facmi_ramp_cuts(VALUES, CLASSES, w, thresholds, 0.0, 3)
    np.testing.assert_allclose(facmi_from_memberships(crisp, known), np.array([5, 10, 14, 13, 8, 6]) / 64)
    # REMT at 3.5 by hand: R = (0, 2, 2), |R| = 4; C>=1 = 5, C>=2 = 2; R>=1 = 4, R>=2 = 2
    # RMI = -(1/8) [2 log(4·5 / (8·4)) + 2 log(4·2 / (8·2))]
    want = -(2 * math.log(20 / 32) + 2 * math.log(8 / 16)) / 8
    assert rmi_cuts(left, known)[2] == pytest.approx(want, abs=1e-12)


def test_ramp_by_hand():
    """Cut 3.5, half width 1: μ = 0 at a <= 2.5, 1 at a >= 4.5, (a - 2.5)/2 between:
    μ(3) = 0.25, μ(4) = 0.75. Class 0 holds 1, 2, 3; class 1 holds 2, 4, 6; class 2 holds 5, 7:
    M = (0.25, 0 + 0.75 + 1, 1 + 1)."""
    upper = facmi_ramp_cuts(VALUES, CLASSES, np.ones(8), np.array([3.5]), 1.0, 3)
    np.testing.assert_allclose(upper[0], [0.25, 1.75, 2.0])


def random_case(seed):
    rng = np.random.default_rng(seed)
    n, k = int(rng.integers(2, 25)), int(rng.integers(2, 5))
    values = rng.integers(0, 6, n).astype(float) if seed % 2 else rng.normal(size=n).round(2)
    y = rng.integers(0, k, n)
    w = rng.choice([1.0, 0.5, 2.0], n)
    return values, y, w, k


@pytest.mark.parametrize("seed", range(30))
def test_count_criteria_match_pairwise_definitions(seed):
    values, y, w, k = random_case(seed)
    thresholds, left, known, _ = cut_counts(values, y, w, k)
    for c, t in enumerate(thresholds):
        assert ie_cuts(left, known)[c] == pytest.approx(naive.ie(values, y, w, t), abs=1e-9)
        assert rmi_cuts(left, known)[c] == pytest.approx(naive.rmi(values, y, w, t), abs=1e-9)
        assert rt_cuts(left, known)[c] == pytest.approx(naive.rt(values, y, w, t), abs=1e-9)


@pytest.mark.parametrize("seed", range(30))
def test_facmi_ramp_and_logistic_match_pairwise_definitions(seed):
    values, y, w, k = random_case(seed)
    thresholds, _, known, _ = cut_counts(values, y, w, k)
    if not len(thresholds):
        return
    order = np.argsort(values, kind="mergesort")
    sv, sy, sw = values[order], y[order], w[order]
    scale = float(np.std(values)) or 1.0
    half = 2 * scale / 10
    ramp = facmi_from_memberships(facmi_ramp_cuts(sv, sy, sw, thresholds, half, k), known)
    logi = facmi_from_memberships(facmi_logistic_cuts(sv, sy, sw, thresholds, 10.0, scale, k), known)
    for c, t in enumerate(thresholds):
        assert ramp[c] == pytest.approx(naive.facmi(values, y, w, t, naive.ramp(half)), abs=1e-9)
        assert logi[c] == pytest.approx(naive.facmi(values, y, w, t, naive.logistic(10.0, scale)), abs=1e-9)


@pytest.mark.parametrize("seed", range(25))
def test_streaming_split_search_matches_the_cut_kernels(seed):
    """best_ordinal_split (one sweep, window pointers) finds the max of each per-cut kernel."""
    from engine.kernels import criteria as C_, ordinal_split as S_
    from engine.kernels.split import presort

    values, y, w, k = random_case(seed)
    X = values[:, None]
    order, vals, ys = presort(X, y)
    thresholds, left, known, _ = cut_counts(values, y, w, k)
    if not len(thresholds):
        return
    sv, sy, sw = values[order[0]], y[order[0]], w[order[0]]
    scale = float(np.std(values))
    kernels = {
        C_.IE: ie_cuts(left, known), C_.RMI: rmi_cuts(left, known), C_.RT: rt_cuts(left, known),
        C_.FACMI_RAMP: facmi_from_memberships(facmi_ramp_cuts(sv, sy, sw, thresholds, 2 * scale / 10, k), known)
        if scale > 0 else None,
        C_.FACMI_LOGISTIC: facmi_from_memberships(facmi_logistic_cuts(sv, sy, sw, thresholds, 10.0, scale, k), known)
        if scale > 0 else None,
    }
    for criterion, scores in kernels.items():
        if scores is None:
            continue
        out = np.zeros(k)
        f, t, value, _ = S_.best_ordinal_split(vals, ys, w, order, 0, len(y), np.ones(1, bool), k, criterion, 1,
                                              10.0, 10 ** 9, out, False)
        best = int(np.argmax(scores))
        assert f == 0 and value == pytest.approx(scores.max(), abs=1e-9)
        assert t == thresholds[best] or scores[list(thresholds).index(t)] == pytest.approx(scores.max(), abs=1e-9)


def test_rmi_survives_weighted_rounding():
    """Weighted counts: known - left can come out a rounding error below zero in a high class
    (here -2^-52) while the next class is as far above (+2^-52): the running right total is
    then exactly 0. RMI reads the negative count as zero instead of dividing by zero."""
    from engine.kernels.criteria import rmi_value

    known = np.array([1.0, 1.0, 1.0])
    left = np.array([1.0, 1.0 - 2.0 ** -52, 1.0 + 2.0 ** -52])
    upper = np.array([3.0, 2.0, 1.0])
    assert known[2] - left[2] == -(known[1] - left[1]) < 0
    assert rmi_value(left, known, upper) == pytest.approx(rmi_value(known.copy(), known, upper), abs=1e-12)
