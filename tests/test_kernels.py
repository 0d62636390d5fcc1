"""Every kernel against its naive twin on random inputs: ties, constant columns,
NaN, weights, nominal attributes."""

import numpy as np
import pytest

import naive
from engine.data.encode import AttributeSchema, DataSchema, EncodedData
from engine.kernels import counts as C
from engine.kernels import split as S
from engine.tree.grow import Stopping, grow
from engine.tree.splitters import PresortedSplitter
from engine.tree.model import CategorySplit, ThresholdSplit

SEEDS = range(40)


def random_column(rng, n, kind):
    if kind == "ties":
        v = rng.integers(0, 4, n).astype(float)
    elif kind == "constant":
        v = np.full(n, 2.5)
    else:
        v = rng.normal(size=n).round(2)
    v[rng.random(n) < 0.15] = np.nan
    return v


@pytest.mark.parametrize("seed", SEEDS)
def test_numeric_cut_counts_matches_naive(seed):
    rng = np.random.default_rng(seed)
    n, k = int(rng.integers(1, 40)), int(rng.integers(2, 5))
    values = random_column(rng, n, ["ties", "constant", "normal"][seed % 3])
    y = rng.integers(0, k, n)
    w = rng.choice([1.0, 0.5, 2.0], n)
    order = C.sort_by_value(values)
    got = C.numeric_cut_counts(values[order], y[order], w[order], k)
    want = naive.numeric_cut_counts(values, y, w, k)
    for g, e in zip(got, want):
        np.testing.assert_allclose(g, e, atol=1e-12)


@pytest.mark.parametrize("seed", SEEDS)
def test_category_counts_matches_naive(seed):
    rng = np.random.default_rng(seed)
    n, k, m = int(rng.integers(1, 40)), int(rng.integers(2, 5)), int(rng.integers(1, 6))
    codes = rng.integers(0, m, n).astype(float)
    codes[rng.random(n) < 0.2] = np.nan
    y = rng.integers(0, k, n)
    w = rng.choice([1.0, 0.25, 3.0], n)
    for g, e in zip(C.category_counts(codes, y, w, m, k), naive.category_counts(codes, y, w, m, k)):
        np.testing.assert_allclose(g, e, atol=1e-12)


def make_data(rng, n, p, k, weights=True):
    kinds = rng.choice(["ties", "constant", "normal", "nominal"], p)
    X = np.empty((n, p))
    is_nominal = np.zeros(p, bool)
    attrs = []
    for f, kind in enumerate(kinds):
        if kind == "nominal":
            m = int(rng.integers(2, 5))
            X[:, f] = rng.integers(0, m, n)
            X[rng.random(n) < 0.1, f] = np.nan
            is_nominal[f] = True
            attrs.append(AttributeSchema(f"a{f}", "nominal", [f"v{i}" for i in range(m)]))
        else:
            X[:, f] = random_column(rng, n, kind)
            attrs.append(AttributeSchema(f"a{f}", "numeric"))
    y = rng.integers(0, k, n)
    w = rng.choice([1.0, 0.5, 2.0], n) if weights else np.ones(n)
    schema = DataSchema("y", [f"c{i}" for i in range(k)], False, attrs)
    return EncodedData(X, y.astype(np.int64), w, schema, np.arange(n)), is_nominal


@pytest.mark.parametrize("criterion", [S.GINI, S.ENTROPY])
@pytest.mark.parametrize("seed", SEEDS)
def test_best_split_matches_brute_force(seed, criterion):
    rng = np.random.default_rng(seed)
    n, p, k = int(rng.integers(2, 30)), int(rng.integers(1, 5)), int(rng.integers(2, 4))
    data, is_nominal = make_data(rng, n, p, k)
    n_cat = np.array([len(a.categories) if a.kind == "nominal" else 0 for a in data.schema.attributes])
    order, vals, ys = S.presort(data.X, data.y)
    branch = np.empty(max(1, n_cat.max()), np.int64)
    left = np.zeros(k)
    min_leaf = int(rng.integers(1, 3))
    f, t, gain, mleft = S.best_split(data.X, vals, ys, data.w, order, 0, n, np.ones(p, bool), is_nominal,
                                     n_cat, k, criterion, min_leaf, branch, left, False)
    nf, ncut, ngain, nmleft, nleft = naive.best_split(data.X, data.y, data.w, list(range(n)), is_nominal, k,
                                                      criterion, min_leaf)
    assert f == nf
    if f < 0:
        return
    assert gain == pytest.approx(ngain, abs=1e-9)
    if not (is_nominal[f] and k == 2):  # K = 2 subsets: the kernel may pick the complement
        np.testing.assert_allclose(left, nleft, atol=1e-9)
    if is_nominal[f]:
        if k > 2:  # one value against the rest: the very same subset
            assert {c for c, b in enumerate(branch[: n_cat[f]]) if b == 0} == set(ncut)
    else:
        assert t == ncut and mleft == nmleft


def grow_presorted(data, criterion="gini", stopping=Stopping()):
    splitter = PresortedSplitter(data, criterion, min_samples_leaf=stopping.min_samples_leaf)
    return grow(splitter, stopping=stopping)


def compare(tree, node_id, want, is_nominal):
    node = tree.nodes[node_id]
    np.testing.assert_allclose(node.counts, want["counts"], atol=1e-9)
    if "children" not in want:
        assert node.is_leaf
        return
    assert node.feature == want["feature"]
    if is_nominal[node.feature]:
        assert isinstance(node, CategorySplit)
    else:
        assert isinstance(node, ThresholdSplit) and node.threshold == want["cut"]
    for child, sub in zip(node.children, want["children"]):
        compare(tree, child, sub, is_nominal)


@pytest.mark.parametrize("seed", SEEDS)
def test_grown_cart_equals_naive_recursive_cart(seed):
    rng = np.random.default_rng(seed)
    n, p, k = int(rng.integers(5, 60)), int(rng.integers(1, 4)), int(rng.integers(3, 5))
    data, is_nominal = make_data(rng, n, p, k)
    tree = grow_presorted(data, criterion="gini")
    compare(tree, 0, naive.grow_cart(data.X, data.y, data.w, is_nominal, k), is_nominal)


def test_partition_keeps_every_row_sorted():
    rng = np.random.default_rng(3)
    X = rng.integers(0, 5, (50, 3)).astype(float)
    y = rng.integers(0, 3, 50)
    order, vals, ys = S.presort(X, y)
    mask = rng.random(50) < 0.4
    S.partition(order, vals, ys, 0, 50, mask, np.empty(50, np.int32), np.empty(50), np.empty(50, ys.dtype))
    n_left = int(mask.sum())
    for f in range(3):
        for seg in (order[f, :n_left], order[f, n_left:]):
            assert (np.diff(X[seg, f]) >= 0).all()
        assert set(order[f, :n_left]) == set(np.flatnonzero(mask))
        np.testing.assert_array_equal(vals[f], X[order[f], f])
        np.testing.assert_array_equal(ys[f], y[order[f]])


def test_stopping_rules():
    rng = np.random.default_rng(0)
    data, _ = make_data(rng, 200, 3, 3, weights=False)
    assert grow_presorted(data, stopping=Stopping(max_depth=2)).depth <= 2
    tree = grow_presorted(data, stopping=Stopping(min_samples_leaf=20))
    assert all(tree.nodes[i].weight >= 20 for i in tree.leaves())


@pytest.mark.parametrize("seed", range(10))
def test_unit_weight_shortcut_changes_nothing(seed):
    rng = np.random.default_rng(seed)
    data, is_nominal = make_data(rng, 40, 3, 3, weights=False)
    n_cat = np.array([len(a.categories) if a.kind == "nominal" else 0 for a in data.schema.attributes])
    order, vals, ys = S.presort(data.X, data.y)
    out = []
    for unit in (True, False):
        left = np.zeros(3)
        out.append((S.best_split(data.X, vals, ys, data.w, order, 0, 40, np.ones(3, bool), is_nominal, n_cat, 3,
                                 S.GINI, 1, np.empty(8, np.int64), left, unit), left.copy()))
    assert out[0][0] == out[1][0]
    np.testing.assert_array_equal(out[0][1], out[1][1])


@pytest.mark.parametrize("n_classes, dtype", [(2, np.int8), (127, np.int8), (128, np.int16), (32767, np.int16),
                                              (32768, np.int32)])
def test_presort_keeps_class_codes_in_the_narrowest_type(n_classes, dtype):
    """ys is 1 byte per cell for up to 127 classes (fit memory); every code survives exactly."""
    rng = np.random.default_rng(n_classes)
    n = 300
    y = rng.integers(0, n_classes, n).astype(np.int64)
    y[0] = n_classes - 1
    X = rng.normal(size=(n, 3))
    order, vals, ys = S.presort(X, y)
    assert S.class_dtype(n_classes) == dtype and ys.dtype == dtype
    for f in range(3):
        assert np.array_equal(ys[f].astype(np.int64), y[order[f]])
        assert np.array_equal(vals[f], X[order[f], f])


def test_a_tree_over_more_classes_than_int8_holds_is_the_same_as_over_int32_codes():
    """CART on 200 classes (int16 codes) against the same sweep with int32 codes."""
    rng = np.random.default_rng(7)
    n, p, k = 2000, 4, 200
    X = rng.normal(size=(n, p))
    y = np.minimum(k - 1, (np.abs(X[:, 0]) * 80 + rng.integers(0, 3, n)).astype(np.int64))
    order, vals, ys = S.presort(X, y)
    assert ys.dtype == np.int16
    args = (np.ones(n), order, 0, n, np.ones(p, bool), np.zeros(p, bool), np.zeros(p, np.int64), k, S.GINI, 1,
            np.empty(1, np.int64))
    narrow = S.best_split(X, vals, ys, *args, np.zeros(k), False)
    wide = S.best_split(X, vals, ys.astype(np.int32), *args, np.zeros(k), False)
    assert narrow == wide and narrow[0] >= 0
