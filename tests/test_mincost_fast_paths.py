"""The minimum-cost learners' fast paths (issue 43 item 4) against the code they replace, bit for
bit: the exact sweep's pass in scalars for up to four classes (`_least_cuts_small`) against the
array one (`_least_cuts`), the discrete attributes scored all together with whole numbers against
one group per number of values, and M3's choice (`MinF.__call__`, F rounded as one array) against
the smallest key over every candidate."""

from __future__ import annotations

import numpy as np
import pytest
from test_mincost_presorted import random_problem

from engine.algorithms import mincost as M
from engine.algorithms.c45 import gain_ratio, info_gain
from engine.kernels.mincost import _least_cuts, _least_cuts_small, sweep_work
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
