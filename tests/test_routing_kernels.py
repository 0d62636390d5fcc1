"""The routing kernels against their naive twins (tests/naive.py), on random inputs with
missing values, ties and infinities: goes_left, partition, the compiled traversals and
the nodes' own routing; and what learning does with an infinite value."""

import numpy as np
import pytest

import naive
from engine.data.encode import AttributeSchema, DataSchema, EncodedData
from engine.errors import DataError
from engine.kernels import split as S
from engine.kernels import traverse as T
from engine.tree.model import CategorySplit, Leaf, ThresholdSplit, Tree, TrichotomySplit
from engine.tree.predict import decision_path, predict

SEEDS = range(30)


def random_X(rng, n, p, n_cat=4):
    X = rng.normal(size=(n, p)).round(1)
    X[:, 2] = rng.integers(0, n_cat, n)
    X[rng.random((n, p)) < 0.12] = np.nan
    special = rng.random((n, p)) < 0.05
    special[:, 2] = False
    X[special] = rng.choice([np.inf, -np.inf], int(special.sum()))
    return X


@pytest.mark.parametrize("seed", SEEDS)
def test_goes_left_and_partition_match_their_twins(seed):
    rng = np.random.default_rng(seed)
    n, p = int(rng.integers(2, 60)), 4
    X = random_X(rng, n, p)
    y = rng.integers(0, 3, n)
    order, vals, ys = S.presort(X, y)
    start = int(rng.integers(0, n))
    end = int(rng.integers(start + 1, n + 1))
    f = int(rng.integers(0, p))
    nominal = f == 2
    branch = rng.choice([-1, 0, 1], 4).astype(np.int64)
    threshold = round(float(rng.normal()), 1)
    missing_left = bool(rng.integers(0, 2))
    out = np.zeros(n, np.bool_)
    n_left = S.goes_left(X, order, start, end, f, threshold, nominal, branch, missing_left, out)
    want = naive.goes_left(X, order[0], start, end, f, threshold, nominal, branch, missing_left)
    assert {s: bool(out[s]) for s in want} == want and n_left == sum(want.values())
    expect = naive.partition(order, vals, ys, start, end, out)
    S.partition(order, vals, ys, start, end, out, np.empty(n, np.int32), np.empty(n), np.empty(n, np.int32))
    for got, exp in zip((order, vals, ys), expect):
        np.testing.assert_array_equal(got, exp)


def test_presort_is_the_stable_order():
    rng = np.random.default_rng(0)
    X = random_X(rng, 400, 4)
    y = rng.integers(0, 3, 400)
    order, vals, ys = S.presort(X, y)
    for f in range(4):
        want = np.argsort(X[:, f], kind="stable")  # NaN last, ties (and ±inf ties) by index
        np.testing.assert_array_equal(order[f], want)
        np.testing.assert_array_equal(vals[f], X[want, f])
        np.testing.assert_array_equal(ys[f], y[want])


def random_tree(rng, schema, thresholds_only=False):
    tree = Tree(schema)

    def counts():
        return rng.integers(0, 5, 3).astype(float)

    def add(parent, depth):
        c = counts()
        node_id = tree.add(Leaf(counts=c, label=int(np.argmax(c))), parent)
        if depth >= 4 or rng.random() < 0.25:
            return node_id
        kind = 0 if thresholds_only else int(rng.integers(0, 4))
        if kind == 0:
            f = int(rng.choice([0, 1, 3]))
            node = ThresholdSplit(counts=c, label=int(np.argmax(c)), feature=f, threshold=round(float(rng.normal()), 1))
            k = 2
        elif kind == 1:
            branches = [int(b) for b in rng.choice([-1, 0, 1, 2], 4)]
            node = CategorySplit(counts=c, label=int(np.argmax(c)), feature=2, branches=branches)
            k = 3
        elif kind == 2:
            cuts = sorted(rng.normal(size=2).round(1).tolist())
            node = CategorySplit(counts=c, label=int(np.argmax(c)), feature=int(rng.choice([0, 3])), cuts=cuts,
                                 branches=[int(b) for b in rng.permutation(3)])
            k = 3
        else:
            feats = [int(j) for j in rng.choice([0, 1, 3], int(rng.integers(1, 3)), replace=False)]
            low = round(float(rng.normal()), 1)
            node = TrichotomySplit(counts=c, label=int(np.argmax(c)), features=feats,
                                   weights=rng.normal(size=len(feats)).round(2).tolist(), low=low,
                                   high=low + round(float(rng.random()), 1))
            k = 3
        tree.replace(node_id, node)
        node.children = [add(node_id, depth + 1) for _ in range(k)]
        return node_id

    add(-1, 0)
    return tree


SCHEMA = DataSchema("y", ["a", "b", "c"], False, [AttributeSchema("x0", "numeric"), AttributeSchema("x1", "numeric"),
                                                 AttributeSchema("colour", "nominal", ["r", "g", "b", "w"]),
                                                 AttributeSchema("x3", "numeric")])


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("thresholds_only", [False, True])
def test_traversal_kernels_match_the_naive_walk(seed, thresholds_only):
    rng = np.random.default_rng(seed)
    tree = random_tree(rng, SCHEMA, thresholds_only)
    X = random_X(rng, 80, 4)
    ct = tree.compile()
    for policy, majority in ((T.STOP, False), (T.MAJORITY, True)):
        end = np.empty(len(X), np.int64)
        used = np.zeros(X.shape, np.bool_)
        T.traverse(X, ct.kind, ct.feature, ct.threshold, ct.threshold2, ct.child_start, ct.child_index, ct.cat_start,
                   ct.cat_count, ct.cat_branch, ct.cut_start, ct.cut_count, ct.cuts, ct.tri_start, ct.tri_count,
                   ct.tri_feature, ct.tri_weight, ct.majority_child, policy, end, used)
        for r in range(len(X)):
            want_end, shown = naive.walk(tree, X[r], majority)
            assert end[r] == want_end
            assert set(np.flatnonzero(used[r])) == shown
        if thresholds_only:
            lean = np.empty(len(X), np.int64)
            T.traverse_thresholds(X, ct.feature, ct.threshold, ct.left, ct.right, ct.majority_child, policy, lean)
            np.testing.assert_array_equal(lean, end)
        # the public paths agree: the compiled walk, the nodes' own routing (fractional policy's
        # frontier: cases routed one by one), and decision_path
        name = "majority" if majority else "stop"
        np.testing.assert_array_equal(predict(tree, X, name).nodes, end)
        for r in range(0, len(X), 7):
            assert decision_path(tree, X[r], name)[-1] == end[r]


@pytest.mark.parametrize("seed", range(10))
def test_node_route_rows_matches_route(seed):
    rng = np.random.default_rng(seed)
    tree = random_tree(rng, SCHEMA)
    X = random_X(rng, 50, 4)
    for node in tree.nodes:
        if node.is_leaf:
            continue
        rows = node.route_rows(X)
        for r in range(len(X)):
            one = node.route(X[r])
            if one is None:
                assert rows[r].sum() == 0
            else:
                np.testing.assert_array_equal(rows[r], one)


def test_learning_refuses_infinite_values_and_prediction_routes_them():
    from engine.algorithms.registry import get, resolve_params

    rng = np.random.default_rng(1)
    X = rng.normal(size=(60, 2))
    y = (X[:, 0] > 0).astype(np.int64)
    schema = DataSchema("y", ["no", "yes"], False, [AttributeSchema("a", "numeric"), AttributeSchema("b", "numeric")])
    good = EncodedData(X.copy(), y, np.ones(60), schema, np.arange(60))
    bad_X = X.copy()
    bad_X[7, 1] = np.inf
    bad = EncodedData(bad_X, y, np.ones(60), schema, np.arange(60))
    for name in ("cart", "c45", "id3", "trichotomy", "fisher_lda"):
        info = get(name)
        with pytest.raises(DataError) as err:
            info.fit(bad, None, resolve_params(info, {}))
        assert err.value.code == "not_finite" and err.value.column == "b" and "infinite" in str(err.value)
    info = get("cart")
    tree = info.fit(good, None, resolve_params(info, {"prune": "none"}))
    probe = np.array([[np.inf, 0.0], [-np.inf, 0.0], [np.inf, np.inf]])
    p = predict(tree, probe)
    for r in range(3):
        assert p.nodes[r] == naive.walk(tree, probe[r], False)[0]
    assert p.labels[0] == 1 and p.labels[1] == 0  # +inf is "yes" (a > 0), -inf "no"
