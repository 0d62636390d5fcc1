"""The minimum-cost trees' count kernels (engine/kernels/mincost.py) against naive twins and
against the per-attribute NumPy path they replaced, bit for bit (the same class weights per
branch, thresholds, known and missing weights); the NumPy path itself (NumpyMinCostSplitter)
is kept here for the whole-tree comparison in tests/test_mincost_trees.py."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from engine.algorithms import mincost as M
from engine.algorithms.c45 import gain_ratio, info_gain
from engine.kernels.mincost import (
    approximate_gain_ratio,
    missing_bags,
    near_best_cut_bags,
)
from engine.tree.grow import Candidate, Cases

# ---- the NumPy path the kernels replaced (engine/algorithms/mincost.py before them) -------------


class NumpyMinCostSplitter(M.MinCostSplitter):
    """One NumPy pass per candidate attribute, as the splitter first did it."""

    def candidates(self, cases: Cases) -> list[Candidate]:
        rows, w = cases.data.rows, cases.data.weights
        node = self.node_costs(cases)  # the node's own costs, shared: the candidates are what is compared
        if node is None:
            return []
        total, node_label, leaf, tc, wc = node
        used = cases.data.used
        y = self.y[rows]
        out = []
        for j in range(self.X.shape[1]):
            if self.discrete[j] and (j in used or self.sizes[j] < 2):
                continue
            column = self.X[rows, j]
            known = ~np.isnan(column)
            missing_counts = np.bincount(y[~known], weights=w[~known], minlength=self.K)
            missing_mc = float(missing_counts @ self.cost[:, node_label])
            if self.discrete[j]:
                found = self._discrete_one(column[known], y[known], w[known], self.sizes[j], total)
            else:
                found = numpy_best_cut(self, column[known], y[known], w[known], total)
            if found is None:
                continue
            mc, gain, ratio, known_weight, threshold = found
            scores = {"mc": mc + missing_mc, "tc": float(tc[j]), "wc": float(wc[j]), "gr": ratio, "gain": gain,
                      "known": known_weight, "leaf": leaf}
            out.append(Candidate(0.0, j, threshold, scores))
        return out

    def _discrete_one(self, codes, y, w, m, total):
        bags = np.zeros((m, self.K))
        np.add.at(bags, (codes.astype(np.int64), y), w)
        if np.count_nonzero(bags.sum(axis=1) > 0) < 2:
            return None
        gain = float(info_gain(bags, total))
        ratio = float(gain_ratio(bags, total, gain))
        return float(self._children_mc(bags)), gain, ratio, float(bags.sum()), None


def numpy_cut_bags(values, y, w, K):
    """(bags (cuts, 2, K), sorted values, ends, sorted weights) of one attribute's known values."""
    order = np.argsort(values, kind="stable")
    v, yy, ww = values[order], y[order], w[order]
    onehot = np.zeros((len(v), K))
    onehot[np.arange(len(v)), yy] = ww
    cumulative = np.cumsum(onehot, axis=0)
    ends = np.flatnonzero(v[1:] > v[:-1])
    left = cumulative[ends]
    right = cumulative[-1] - left if len(v) else left.copy()
    right[right < 0] = 0.0
    return np.stack([left, right], axis=1), v, ends, ww


def numpy_best_cut(splitter, values, y, w, total):
    if len(values) < 2:
        return None
    bags, v, ends, ww = numpy_cut_bags(values, y, w, splitter.K)
    if not len(ends):
        return None
    mc = splitter._children_mc(bags)
    gains = info_gain(bags, total)
    ratios = gain_ratio(bags, total, gains)
    best = np.lexsort((np.arange(len(ends)), -np.round(ratios, M.DECIMALS), np.round(mc, M.DECIMALS)))[0]
    threshold = float((v[ends[best]] + v[ends[best] + 1]) / 2.0)
    return float(mc[best]), float(gains[best]), float(ratios[best]), float(ww.sum()), threshold


# ---- kernels against the NumPy path -------------------------------------------------------------


def random_node(seed):
    rng = np.random.default_rng(seed)
    n, p, K = int(rng.integers(1, 90)), 4, int(rng.integers(2, 6))
    X = rng.normal(size=(n, p)).round(int(rng.integers(0, 3)))
    X[rng.random((n, p)) < 0.2] = np.nan
    X[:, 3] = 1.0 if seed % 3 == 0 else X[:, 3]  # a constant attribute: no cut
    y = rng.integers(0, K, n)
    rows = np.sort(rng.choice(n, int(rng.integers(1, n + 1)), replace=False))
    w = rng.choice([0.1, 0.25, 1.0, 1.7], len(rows)) if seed % 2 else np.ones(len(rows))
    cost = rng.choice([0.0, 0.3, 1.0, 7.0, 1000.0], (K, K)) if seed % 4 else 1.0 - np.eye(K)
    np.fill_diagonal(cost, 0.0)
    return X, y, rows, w, rng.permutation(p).astype(np.int64), K, cost


def children_mc(bags, cost):
    return (bags @ cost).min(axis=-1).sum(axis=-1)


@pytest.mark.parametrize("seed", range(60))
def test_near_best_cut_bags_equal_the_numpy_path_bit_for_bit(seed):
    """With an infinite slack every cut is kept, each with the NumPy path's weights, threshold and
    known weight exactly; with the splitter's slack the cuts kept include every cut NumPy finds
    tied at the least MC, again with the same weights."""
    X, y, rows, w, features, K, cost = random_node(seed)
    for slack in (np.inf, M.SLACK):
        bags, thresholds, cuts, start, count, known, *_ = near_best_cut_bags(X, y, rows, w, features, K, cost, slack,
                                                                                  float(w.sum()) + 1.0, False, np.zeros(0), 1e-6)
        for a, f in enumerate(features):
            column = X[rows, f]
            ok = ~np.isnan(column)
            want, v, ends, ww = numpy_cut_bags(column[ok], y[rows][ok], w[ok], K)
            assert known[a] == ww.sum()
            got = slice(start[a], start[a] + count[a])
            if slack == np.inf:
                assert count[a] == len(ends)
                assert np.array_equal(cuts[got], np.arange(len(ends)))
            if not len(ends):
                assert count[a] == 0
                continue
            assert np.array_equal(bags[got], want[cuts[got]])
            assert np.array_equal(thresholds[got], (v[ends] + v[ends + 1])[cuts[got]] / 2.0)
            rounded = np.round(children_mc(want, cost), M.DECIMALS)
            tied = np.flatnonzero(rounded == rounded.min())
            assert set(tied) <= set(cuts[got])


@pytest.mark.parametrize("seed", range(30))
def test_missing_bags_equal_bincount(seed):
    X, y, rows, w, features, K, _ = random_node(seed)
    missing = missing_bags(X, y, rows, w, features, K)
    for a, f in enumerate(features):
        gone = np.isnan(X[rows, f])
        assert np.array_equal(missing[a], np.bincount(y[rows][gone], weights=w[gone], minlength=K))


def naive_cuts(values, y, w, K):
    """Every cut between consecutive distinct values, the class weights on each side by loops."""
    out = []
    distinct = sorted(set(values))
    for lo, hi in itertools.pairwise(distinct):
        left, right = np.zeros(K), np.zeros(K)
        for v, c, weight in zip(values, y, w):
            (left if v <= lo else right)[c] += weight
        out.append((left, right, (lo + hi) / 2.0))
    return out


def naive_mc(left, right, cost):
    K = len(left)
    return sum(min(sum(side[i] * cost[i][j] for i in range(K)) for j in range(K)) for side in (left, right))


@pytest.mark.parametrize("seed", range(20))
def test_near_best_cut_bags_match_the_naive_twin(seed):
    rng = np.random.default_rng(100 + seed)
    n, K = int(rng.integers(1, 60)), int(rng.integers(2, 5))
    X = rng.integers(0, 6, size=(n, 2)).astype(float)
    X[rng.random((n, 2)) < 0.2] = np.nan
    y = rng.integers(0, K, n)
    rows = np.arange(n)
    w = rng.choice([0.5, 1.0, 2.0], n)
    cost = rng.integers(1, 5, (K, K)).astype(float)
    np.fill_diagonal(cost, 0.0)
    bags, thresholds, cuts, start, count, known, *_ = near_best_cut_bags(X, y, rows, w, np.arange(2, dtype=np.int64),
                                                                         K, cost, 1e-9, float(w.sum()), False, np.zeros(0), 1e-6)
    for f in range(2):
        ok = ~np.isnan(X[:, f])
        want = naive_cuts(list(X[ok, f]), list(y[ok]), list(w[ok]), K)
        np.testing.assert_allclose(known[f], w[ok].sum())
        if not want:
            assert count[f] == 0
            continue
        mcs = [naive_mc(left, right, cost) for left, right, _ in want]
        least = [q for q, mc in enumerate(mcs) if mc <= min(mcs) + 1e-9]
        assert list(cuts[start[f]: start[f] + count[f]]) == least
        for p, q in zip(range(start[f], start[f] + count[f]), least):
            left, right, cut = want[q]
            np.testing.assert_allclose(bags[p, 0], left, atol=1e-12)
            np.testing.assert_allclose(bags[p, 1], right, atol=1e-12)
            assert thresholds[p] == cut


@pytest.mark.parametrize("seed", range(30))
def test_approximate_gain_ratio_is_within_its_bound_of_numpys(seed):
    rng = np.random.default_rng(500 + seed)
    K = int(rng.integers(2, 6))
    for _ in range(50):
        scale = 10.0 ** rng.uniform(-1, 5)
        bags = np.round(rng.random((2, K)) * scale * (rng.random((2, K)) < 0.8), int(rng.integers(0, 3)))
        total = bags.sum() + float(rng.choice([0.0, 1.0, scale]))
        if total <= 0:
            continue
        gain = info_gain(bags, total)
        want = float(gain_ratio(bags, total, gain))
        got, near = approximate_gain_ratio(bags[0].copy(), bags[1].copy(), total, K, np.zeros(0))
        if not near:
            assert abs(got - want) <= 1e-8 * max(1.0, abs(want))
