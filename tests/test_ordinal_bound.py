"""FACMI's ramp split search skips an attribute when an upper bound shows it cannot
beat the running best (engine/kernels/facmi_ramp.py `_ramp_cannot_win`). The bound must
hold at every cut, and skipping must never change the chosen split."""

import numpy as np
import pytest

from engine.kernels import criteria as C_, facmi_ramp as R_, ordinal_split as S_
from engine.kernels.split import presort
from ordinal_cut_kernels import facmi_from_memberships, facmi_ramp_cuts


def random_node(seed, n=None, p=None):
    rng = np.random.default_rng(seed)
    n = n or int(rng.integers(70, 400))
    p = p or int(rng.integers(2, 7))
    k = int(rng.integers(2, 7))
    X = rng.random((n, p))
    if seed % 3 == 0:
        X = np.round(X * rng.integers(3, 12), 0)  # many ties
    if seed % 4 == 1:
        X = X * 1e-3 + 1e6  # large offset, small spread
    score = X[:, 0] + 0.5 * X[:, -1] + rng.normal(scale=0.3 * X.std(), size=n)
    y = np.searchsorted(np.quantile(score, np.linspace(0, 1, k + 1)[1:-1]), score).astype(np.int64)
    w = np.ones(n) if seed % 2 == 0 else rng.choice([0.5, 1.0, 2.0, 3.25], size=n)
    if seed % 5 == 2:
        X[rng.random((n, p)) < 0.1] = np.nan
    return X, y, w, k


def ramp_values(values, y, w, k, half, min_leaf):
    """n²·FACMI at every cut of one column (the plain prefix-sum kernel), min_leaf respected."""
    keep = ~np.isnan(values)
    values, y, w = values[keep], y[keep], w[keep]
    idx = np.argsort(values, kind="mergesort")
    v, yy, ww = values[idx], y[idx], w[idx]
    known = np.bincount(yy, weights=ww, minlength=k).astype(float)
    cuts = [i for i in range(len(v) - 1) if v[i + 1] > v[i] and i + 1 >= min_leaf and len(v) - i - 1 >= min_leaf]
    if not cuts:
        return np.zeros(0)
    thresholds = np.array([R_.midpoint(v[i], v[i + 1]) for i in cuts])
    upper = facmi_ramp_cuts(v, yy.astype(np.int32), ww, thresholds, half, k)
    return facmi_from_memberships(upper, known) * known.sum() ** 2


@pytest.mark.parametrize("seed", range(40))
def test_bound_holds_at_every_cut(seed):
    X, y, w, k = random_node(seed)
    order, vals, ys = presort(X, y)
    min_leaf = 1 + seed % 3
    for f in range(X.shape[1]):
        n_known = len(y) - int(np.isnan(X[:, f]).sum())
        col = X[:, f][~np.isnan(X[:, f])]
        if n_known < 2 or col.std() <= 0:
            continue
        half = 2.0 * R_._spread(vals[f], 0, n_known) / 10.0
        known = np.bincount(y[~np.isnan(X[:, f])], weights=w[~np.isnan(X[:, f])], minlength=k).astype(float)
        values = ramp_values(X[:, f], y, w, k, half, min_leaf)
        bound = R_._ramp_bound(vals[f], ys[f], order[f], w, 0, n_known, min_leaf, half, known, k, bool(seed % 2 == 0),
                              np.zeros(k), np.zeros(k))
        if len(values):
            assert bound >= values.max() * (1 - 1e-12) - 1e-9


def search_without_bound(vals, ys, w, order, n, candidate, k, min_leaf, unit):
    """The same search with every attribute swept (what best_ordinal_split did before the bound)."""
    best_f, best_t, best_v = -1, 0.0, -np.inf
    for f in range(vals.shape[0]):
        n_known = n - int(np.isnan(vals[f]).sum())
        if n_known < 2 * min_leaf or n_known < 2:
            continue
        known = np.zeros(k)
        for i in range(n_known):
            known[ys[f, i]] += 1.0 if unit else w[order[f, i]]
        scale = R_._spread(vals[f], 0, n_known)
        if scale <= 0:
            continue
        i, t, v, _, _ = R_._ramp_sweep(vals[f], ys[f], order[f], w, 0, n_known, min_leaf, 2.0 * scale / 10.0, known, k,
                                unit, best_v, np.zeros(k), np.zeros(k), np.zeros(k))
        if i >= 0:
            best_f, best_t, best_v = f, t, v
    return best_f, best_t, best_v


@pytest.mark.parametrize("seed", range(40))
def test_skipping_never_changes_the_split(seed):
    X, y, w, k = random_node(seed, p=8)
    X[:, 1:4] = X[:, 1:4] * 0.0 + np.random.default_rng(seed).random((len(y), 3))  # unrelated attributes
    order, vals, ys = presort(X, y)
    unit = bool(seed % 2 == 0)
    min_leaf = 1 + seed % 3
    out = np.zeros(k)
    f, t, v, _ = S_.best_ordinal_split(vals, ys, w, order, 0, len(y), np.ones(X.shape[1], bool), k, C_.FACMI_RAMP,
                                      min_leaf, 10.0, 0, out, unit)
    assert (f, t, v) == search_without_bound(vals, ys, w, order, len(y), None, k, min_leaf, unit)


def test_the_bound_does_skip_unrelated_attributes():
    """On a clear monotone signal in attribute 0, the noise attributes after it are not swept."""
    rng = np.random.default_rng(1)
    X = rng.random((2000, 6))
    y = np.searchsorted([0.25, 0.5, 0.75], X[:, 0] + rng.normal(scale=0.05, size=2000)).astype(np.int64)
    order, vals, ys = presort(X, y)
    known = np.bincount(y, minlength=4).astype(float)
    f0 = R_._ramp_sweep(vals[0], ys[0], order[0], np.ones(2000), 0, 2000, 1, 2.0 * X[:, 0].std() / 10.0, known, 4,
                       True, -np.inf, np.zeros(4), np.zeros(4), np.zeros(4))
    skipped = [R_._ramp_cannot_win(vals[f], ys[f], order[f], np.ones(2000), 0, 2000, 1,
                                  2.0 * R_._spread(vals[f], 0, 2000) / 10.0, known, 4, True, f0[2], np.zeros(4),
                                  np.zeros(4)) for f in range(1, 6)]
    assert all(skipped)


@pytest.mark.parametrize("seed", range(40))
def test_skipping_out_of_order_never_changes_the_split(seed):
    """The informative attributes last: the first-swept attribute is a late one, earlier
    attributes are skipped before the running best is known (then replayed, or the plain
    search runs when the replay cannot prove it is the same)."""
    X, y, w, k = random_node(seed, p=8)
    X[:, 1:4] = np.random.default_rng(seed).random((len(y), 3))
    X = X[:, ::-1].copy()
    order, vals, ys = presort(X, y)
    unit = bool(seed % 2 == 0)
    min_leaf = 1 + seed % 3
    out = np.zeros(k)
    f, t, v, _ = S_.best_ordinal_split(vals, ys, w, order, 0, len(y), np.ones(X.shape[1], bool), k, C_.FACMI_RAMP,
                                      min_leaf, 10.0, 0, out, unit)
    assert (f, t, v) == search_without_bound(vals, ys, w, order, len(y), None, k, min_leaf, unit)
    if f >= 0:  # the left counts of the chosen cut
        col = X[:, f]
        left = (col <= t)
        known = ~np.isnan(col)
        expect = np.bincount(y[left & known], weights=(np.ones(len(y)) if unit else w)[left & known], minlength=k)
        missing = np.bincount(y[~known], weights=(np.ones(len(y)) if unit else w)[~known], minlength=k)
        if expect.sum() >= (np.bincount(y[known], weights=(np.ones(len(y)) if unit else w)[known],
                                        minlength=k).sum() - expect.sum()):
            expect = expect + missing
        np.testing.assert_allclose(out, expect)
