"""The minimum-cost learners' fast paths (issue 43 item 4) against the code they replace, bit for
bit: the exact sweep's pass in scalars for up to four classes (`_least_cuts_small`) against the
array one (`_least_cuts`), the gain-ratio bounds over runs of tied cuts (`_likely_ratios` with
runs against every cut scored on its own), the discrete attributes scored all together with whole numbers against
one group per number of values, and M3's choice (`MinF.__call__`, F rounded as one array) against
the smallest key over every candidate."""

from __future__ import annotations

import numpy as np
import pytest
from test_mincost_presorted import random_problem

from engine.algorithms import mincost as M
from engine.algorithms.c45 import gain_ratio, info_gain
from engine.kernels import mincost as kernels
from engine.kernels.mincost import _least_cuts, _least_cuts_small, _likely_ratios, _xlnx, sweep_work, xlnx_table
from engine.tree.grow import Candidate, grow


@pytest.mark.parametrize("seed", range(60))
def test_scalar_pass_equals_the_array_pass(seed):
    rng = np.random.default_rng(seed)
    K = int(rng.integers(1, 5))
    n = int(rng.integers(2, 300))
    v = np.sort(rng.normal(size=n).round(int(rng.integers(0, 3))))
    y = rng.integers(0, K, n).astype(np.int8)
    w = rng.choice([0.0, 1.0, 2.0, 5.0], n) if seed % 2 else np.ones(n)
    cost = rng.integers(0, 50, (K, K)).astype(float) * 10.0
    np.fill_diagonal(cost, 0.0)
    totals = np.bincount(y, weights=w, minlength=K)
    T = totals @ cost
    results = []
    for small in (True, False):
        running, _, sides, _, _, _, at, run, _, _ = sweep_work(n, K)
        if small:
            low, found, c = _least_cuts_small(v, w, y, n, K, cost, T.copy(), running, at, run)
        else:
            L = np.zeros(K)
            low, found, c = _least_cuts(v, w, y, n, K, cost, L, T.copy(), running, at, run)
        results.append((low, found, c, at[:, :found].copy(), run[:found].copy()))
    (a_low, a_found, a_c, a_at, a_run), (b_low, b_found, b_c, b_at, b_run) = results
    assert (a_low, a_found, a_c) == (b_low, b_found, b_c)
    assert np.array_equal(a_at, b_at) and np.array_equal(a_run, b_run)
    assert a_c == np.count_nonzero(v[1:] > v[:-1])  # a cut between every two distinct values
    if a_c:  # the least MC, by brute force
        left = np.cumsum(np.eye(K)[y] * w[:, None], axis=0)[:-1][v[1:] > v[:-1]]
        mc = (left @ cost).min(axis=1) + ((totals - left) @ cost).min(axis=1)
        assert a_low == mc.min() and a_found == np.count_nonzero(mc == mc.min())


def per_group(splitter, cases, total, features):
    """The discrete scores as they were computed before: one group per number of values."""
    sizes = np.array([splitter.sizes[j] for j in features], np.int64)
    all_bags = splitter._category_bags(cases, features, sizes)
    found = {}
    for m in sorted(set(sizes.tolist())):
        members = np.flatnonzero(sizes == m)
        bags = np.ascontiguousarray(all_bags[members, :m, :])
        ok = np.count_nonzero(bags.sum(axis=2) > 0, axis=1) >= 2
        if not ok.any():
            continue
        bags = bags[ok]
        gains = info_gain(bags, total)
        ratios = gain_ratio(bags, total, gains)
        mcs = splitter._children_mc(bags)
        for i, a in enumerate(members[ok]):
            found[int(features[a])] = (float(mcs[i]), float(gains[i]), float(ratios[i]), float(bags[i].sum()), None)
    return found


@pytest.mark.parametrize("seed", [s for s in range(45) if s % 3 != 2])  # whole-number weights
def test_discrete_attributes_together_equal_one_group_per_size(seed):
    data, spec = random_problem(seed, n=200)
    splitter = M._splitter(data, spec)
    seen = [0]

    def record(self, cases, total, features, found):
        original(self, cases, total, features, found)
        want = per_group(self, cases, total, features)
        got = {j: found[j] for j in want}
        assert got == want and set(found) >= set(want), seed
        seen[0] += len({self.sizes[j] for j in features}) > 1  # sizes 3 and 4: padded together

    original = M.MinCostSplitter._discrete
    M.MinCostSplitter._discrete = record
    try:
        grow(splitter, choice=M.MinF([0.25] * 4), label_rule=splitter.rule, stopping=M._stopping({}))
    finally:
        M.MinCostSplitter._discrete = original
    assert seen[0] > 0


@pytest.mark.parametrize("seed", range(200))
@pytest.mark.parametrize("tie_order", ["test_first", "waiting_first"])
def test_choice_equals_the_smallest_key(seed, tie_order):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 12))
    few = rng.integers(0, 3, (n, 4)).astype(float)  # many ties in every score
    candidates = [Candidate(0.0, int(a), None, {"mc": mc * 1000.0, "tc": tc * 7.0, "wc": wc * 3.0, "gr": gr / 3.0,
                                                "leaf": 5000.0, "known": 1.0})
                  for a, (mc, tc, wc, gr) in zip(rng.permutation(n), few)]
    choice = M.MinF([0.25] * 4 if seed % 2 else rng.random(4).tolist(), tie_order)
    key = choice._order_key(candidates)
    want = candidates[min(range(n), key=key)]
    assert choice(candidates, None) is want


def tied_cuts(seed):
    """A node's numeric attribute as the exact sweep sees it: sorted values, whole-number weights,
    a dominant class (most cuts tie at the leaf's MC, as along M3's chains), and its tied cuts."""
    rng = np.random.default_rng(seed)
    K = int(rng.integers(2, 5))
    n = int(rng.integers(50, 3000))
    v = np.sort(rng.normal(size=n).round(int(rng.integers(1, 4))))
    dominant = [0.6, 0.8, 0.9, 0.97][seed % 4]
    p = np.full(K, (1 - dominant) / (K - 1))
    p[0] = dominant
    y = rng.choice(K, n, p=p).astype(np.int8)
    if seed % 5 == 1:  # a signal: the larger values lean to the other classes
        y[n - n // 5:] = rng.integers(1, K, n // 5)
    w = rng.choice([0.0, 1.0, 2.0, 3.0], n) if seed % 3 == 0 else np.ones(n)
    cost = np.array([[1000.0 * abs(i - j) for j in range(K)] for i in range(K)])
    totals = np.bincount(y, weights=w, minlength=K)
    total = float(totals.sum() + rng.integers(0, 30))  # plus cases missing the attribute
    table = xlnx_table(int(total) + 1)
    running, _, _, _, _, _, at, run, _, _ = sweep_work(n, K)
    _, found, _ = _least_cuts_small(v, w, y, n, K, cost, totals @ cost, running, at, run)
    known = float(totals.sum())
    ln_totals = 0.0
    for t in totals:
        ln_totals -= _xlnx(t, table)
    return K, totals, total, known, table, ln_totals, at[:, :found].copy(), run[:found].copy()


def best_of(kept_at, kept_run, totals, total):
    """The cut the learner takes among the kept ones: NumPy's gain ratio rounded, the largest,
    ties the lower cut (MinCostSplitter._numeric)."""
    bags = np.stack([kept_run, np.maximum(totals - kept_run, 0.0)], axis=1)
    ratios = gain_ratio(bags, total, info_gain(bags, total))
    order = np.lexsort((kept_at[0], -np.round(ratios, M.DECIMALS)))
    return int(kept_at[0, order[0]]), float(ratios[order[0]])


@pytest.mark.parametrize("seed", range(80))
def test_runs_of_tied_cuts_keep_the_best_cut(seed):
    K, totals, total, known, table, ln_totals, at0, run0 = tied_cuts(seed)
    found = run0.shape[0]
    results = []
    for block in (0, kernels.RUN):
        at, run = at0.copy(), run0.copy()
        hi, risky, bound = np.empty(found), np.zeros(found, np.bool_), np.empty(found)
        kept, scored = _likely_ratios(run, at, found, totals, K, total, table, ln_totals, known, M.RATIO_SLACK,
                                      hi, risky, bound, block)
        results.append((kept, scored, at[:, :kept].copy(), run[:kept].copy()))
    (a_kept, a_scored, a_at, a_run), (b_kept, b_scored, b_at, b_run) = results
    assert a_scored == found and b_scored <= found
    # the runs drop cuts, never add one; what they keep is kept alike
    assert set(b_at[0].tolist()) <= set(a_at[0].tolist())
    both = np.isin(a_at[0], b_at[0])
    assert np.array_equal(a_run[both], b_run)
    # and the attribute's best cut, as NumPy scores the kept cuts, is the same
    if found:
        assert best_of(b_at, b_run, totals, total) == best_of(a_at, a_run, totals, total)
    # every cut's gain ratio (NumPy's) is under its run's bound (`bound` holds them negated)
    n_runs = -(-found // kernels.RUN)
    if found and n_runs >= 3:
        bags = np.stack([run0, np.maximum(totals - run0, 0.0)], axis=1)
        exact = gain_ratio(bags, total, info_gain(bags, total))
        for b in range(n_runs):
            assert exact[b * kernels.RUN:(b + 1) * kernels.RUN].max() <= -bound[b], (seed, b)


def test_runs_spare_most_cuts_from_scoring():
    """Over chain-like sweeps most tied cuts are never scored one by one (the feature off,
    RUN = 0: all of them are)."""
    found_all = scored_all = 0
    for seed in range(40):
        K, totals, total, known, table, ln_totals, at, run = tied_cuts(seed)
        found = run.shape[0]
        kept, scored = _likely_ratios(run, at, found, totals, K, total, table, ln_totals, known, M.RATIO_SLACK,
                                      np.empty(found), np.zeros(found, np.bool_), np.empty(found), kernels.RUN)
        found_all += found
        scored_all += scored
    assert found_all > 10_000
    assert scored_all < 0.5 * found_all, (scored_all, found_all)
