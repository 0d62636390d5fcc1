"""C4.5's count kernels (engine/kernels/c45.py) against naive twins, and its NumPy-order sums
against NumPy itself, bit for bit (J48 parity depends on the last bit of near ties)."""

import numpy as np
import pytest

from engine.kernels.c45 import category_bags, numeric_cut_bags, pairwise_sum


@pytest.mark.parametrize("n", list(range(0, 140)) + [255, 256, 257, 1000, 4099])
def test_pairwise_sum_is_numpys_sum_bit_for_bit(n):
    rng = np.random.default_rng(n)
    a = rng.random(n) * 10.0 ** rng.uniform(-6, 6, n)
    assert pairwise_sum(a) == a.sum()
    assert pairwise_sum(a[::-1].copy()) == a[::-1].sum()


def naive_cut_bags(X, y, rows, w, f, K, M):
    """J48's admissible cuts of one attribute, straight from the definition."""
    v = X[rows, f]
    known = ~np.isnan(v)
    kv, ky, kw = v[known], y[rows][known], w[known]
    totals = np.zeros(K)
    for c, weight in zip(ky, kw):
        totals[c] += weight
    min_split = min(max(0.1 * totals.sum() / K, M), 25.0) if 0.1 * totals.sum() / K > M else M
    if known.sum() < 2 * min_split:
        return [], [], totals
    out, cuts = [], []
    values = np.unique(kv)
    for a, b in zip(values, values[1:]):
        left = np.zeros(K)
        for val, c, weight in zip(kv, ky, kw):
            if val <= a:
                left[c] += weight
        if left.sum() >= min_split - 1e-12 and totals.sum() - left.sum() >= min_split - 1e-12:
            out.append([left, totals - left])
            cuts.append(a / 2 + b / 2 if a / 2 + b / 2 < b else a)
    return out, cuts, totals


@pytest.mark.parametrize("seed", range(40))
def test_numeric_cut_bags_match_the_naive_twin(seed):
    rng = np.random.default_rng(seed)
    n, p, K = int(rng.integers(1, 80)), 3, int(rng.integers(2, 5))
    X = rng.normal(size=(n, p)).round(int(rng.integers(0, 3)))
    X[rng.random((n, p)) < 0.15] = np.nan
    y = rng.integers(0, K, n)
    rows = np.sort(rng.choice(n, int(rng.integers(1, n + 1)), replace=False))
    w = rng.choice([0.25, 1.0, 1.5], len(rows)) if seed % 2 else np.ones(len(rows))
    M = float(rng.choice([1.0, 2.0, 3.0]))
    features = np.arange(p, dtype=np.int64)
    bags, thresholds, start, count, known = numeric_cut_bags(X, y, rows, w, features, K, M)
    for a in range(p):
        want, cuts, totals = naive_cut_bags(X, y, rows, w, a, K, M)
        np.testing.assert_allclose(known[a], totals, atol=1e-12)
        assert count[a] == len(want)
        if want:
            np.testing.assert_allclose(bags[start[a]: start[a] + count[a]], np.array(want), atol=1e-12)
            np.testing.assert_array_equal(thresholds[start[a]: start[a] + count[a]], cuts)


@pytest.mark.parametrize("seed", range(20))
def test_category_bags_match_the_naive_twin(seed):
    rng = np.random.default_rng(seed)
    n, K = int(rng.integers(1, 60)), 3
    sizes = np.array([2, 5, 3], np.int64)
    X = np.column_stack([rng.integers(0, m, n) for m in sizes]).astype(float)
    X[rng.random(X.shape) < 0.1] = np.nan
    y = rng.integers(0, K, n)
    rows = np.arange(n)[rng.random(n) < 0.7]
    w = rng.random(len(rows))
    bags = category_bags(X, y, rows, w, np.arange(3, dtype=np.int64), sizes, K)
    for a in range(3):
        want = np.zeros((5, K))
        for r, weight in zip(rows, w):
            if X[r, a] == X[r, a]:
                want[int(X[r, a]), y[r]] += weight
        np.testing.assert_allclose(bags[a], want)
