"""The compiled C4.5 (issue 20, goal 4) against the Python it replaced, on random data: the split
kernels against NumPy's formulas (every candidate's gain, gain ratio and cut, bit for bit), the
division of a node's cases against engine.tree.splitters.divide, Weka's addErrs against the
Python one, and whole fits (grown, collapsed, pruned with and without subtree raising; the
one-call fit and the node-by-node one) against the generic grow loop with the Python pruner."""

import json

import numpy as np
import pytest

from engine.algorithms import c45 as C
from engine.algorithms.registry import get, resolve_params
from engine.data.encode import AttributeSchema, DataSchema, EncodedData
from engine.kernels.c45_choose import c45_divide
from engine.kernels.c45_prune import add_errors as add_errors_kernel
from engine.progress import Progress
from engine.tree.model import CategorySplit, ThresholdSplit
from engine.tree.splitters import divide


def random_data(seed: int) -> EncodedData:
    """Mixed numeric and nominal attributes with ties; missing values, fractional, whole or unit
    weights depending on the seed."""
    rng = np.random.default_rng(seed)
    n, p, K = int(rng.integers(8, 160)), int(rng.integers(1, 6)), int(rng.integers(2, 5))
    attrs, cols = [], []
    for j in range(p):
        if rng.random() < 0.4:
            m = int(rng.integers(2, 6))
            attrs.append(AttributeSchema(f"n{j}", "nominal", [f"v{v}" for v in range(m)]))
            cols.append(rng.integers(0, m, n).astype(float))
        else:
            attrs.append(AttributeSchema(f"x{j}", "numeric"))
            cols.append(rng.normal(size=n).round(int(rng.integers(0, 3))))
    X = np.column_stack(cols)
    y = rng.integers(0, K, n)
    y[: min(n, 3)] = 0  # a slight majority, so that not every node is a near tie
    if seed % 3 == 1:
        X[rng.random(X.shape) < 0.12] = np.nan
    w = np.ones(n)
    if seed % 4 == 2:
        w = rng.choice([0.5, 1.0, 2.5], n)
    elif seed % 4 == 3:
        w = rng.choice([1.0, 2.0, 3.0], n)
    schema = DataSchema("class", [f"c{k}" for k in range(K)], False, attrs)
    return EncodedData(X, y, w, schema, np.arange(n))


def node_cases(splitter, data, seed):
    """The root's cases, or a random subset of them with random weights."""
    rng = np.random.default_rng(seed + 1000)
    if seed % 2:
        return splitter.root()
    rows = np.sort(rng.choice(data.n, int(rng.integers(1, data.n + 1)), replace=False))
    return splitter.cases(rows, rng.choice([0.25, 1.0, 1.0, 3.0], len(rows)), 1)


@pytest.mark.parametrize("seed", range(60))
def test_split_kernels_give_numpys_candidates_bit_for_bit(seed):
    data = random_data(seed)
    for M, mdl in ((2.0, True), (1.0, False), (3.0, True)):
        splitter = C.C45Splitter(data, M, mdl)
        cases = node_cases(splitter, data, seed)
        want = splitter.candidates_numpy(cases)
        got = splitter.candidates(cases)
        assert [(c.attribute, c.detail, c["gain"], c["ratio"]) for c in got] == \
            [(c.attribute, c.detail, c["gain"], c["ratio"]) for c in want]
        best = C.gain_ratio_among_average_gains(want, cases)
        chosen, threshold = splitter.choose(cases.data.rows, cases.data.weights, float(cases.counts.sum()))
        assert chosen == (best.attribute if best is not None else -1)
        if best is not None and best.detail is not None:
            assert threshold == best.detail


@pytest.mark.parametrize("seed", range(40))
def test_division_of_a_node_is_divides(seed):
    data = random_data(seed)
    splitter = C.C45Splitter(data, 2.0, True)
    cases = node_cases(splitter, data, seed)
    rows, w = cases.data.rows, cases.data.weights
    rng = np.random.default_rng(seed)
    f = int(rng.integers(0, data.X.shape[1]))
    if splitter.nominal[f]:
        k = splitter.n_cat[f]
        node = CategorySplit(counts=None, label=0, children=[-1] * k, feature=f, branches=list(range(k)))
        threshold = 0.0
    else:
        k = 2
        threshold = float(np.nanmedian(data.X[:, f])) if np.isfinite(data.X[:, f]).any() else 0.0
        node = ThresholdSplit(counts=None, label=0, children=[-1, -1], feature=f, threshold=threshold)
    orders = splitter.presorted(rows)
    got_rows, got_w, offsets, counts, got_orders = c45_divide(data.X, data.y, rows, w, orders, f,
                                                              bool(splitter.nominal[f]), threshold, k, splitter.K)
    for c, (r, cw) in enumerate(divide(node, data.X, rows, w, "fractional")):
        a, b = offsets[c], offsets[c + 1]
        np.testing.assert_array_equal(got_rows[a:b], r)
        assert got_w[a:b].tolist() == cw.tolist()
        assert counts[c].tolist() == splitter.counts(r, cw).tolist()
        np.testing.assert_array_equal(got_orders[a:b], splitter.presorted(r))


def test_add_errors_kernel_is_the_python_one():
    rng = np.random.default_rng(0)
    for _ in range(3000):
        n = float(rng.choice([rng.uniform(0.1, 5), rng.uniform(1, 500), float(rng.integers(1, 300))]))
        e = float(rng.choice([0.0, rng.uniform(0, 1), rng.uniform(0, n), float(rng.integers(0, max(int(n), 1)))]))
        cf = float(rng.choice([0.25, 0.1, 0.5, rng.uniform(0.001, 0.5)]))
        z = C._normal_inverse(1 - cf)
        assert add_errors_kernel(n, e, cf, z) == C.add_errors(n, e, cf)


SETTINGS = [{}, {"prune": False, "collapse": False}, {"prune": False, "collapse": True},
            {"subtree_raising": False}, {"confidence": 0.05}, {"confidence": 0.5, "collapse": False},
            {"min_cases": 1}, {"min_cases": 4, "mdl_correction": False}]


def trees_equal(a, b) -> bool:
    return json.dumps(a.to_json(), sort_keys=True) == json.dumps(b.to_json(), sort_keys=True)


@pytest.mark.parametrize("seed", range(50))
def test_fits_are_the_python_ones(seed, monkeypatch):
    data = random_data(seed)
    info = get("c45")
    for overrides in SETTINGS:
        params = resolve_params(info, overrides)
        want = C.fit_c45_reference(data, params)
        whole = C.fit_c45(data, None, params)  # one compiled call
        assert trees_equal(whole, want), overrides
        monkeypatch.setattr(C, "WHOLE_FIT_CELLS", 0)  # node by node (as with progress on large data)
        by_node = C.fit_c45(data, None, params, Progress())
        monkeypatch.undo()
        assert trees_equal(by_node, want), overrides


def test_the_reference_prunes_something():
    """The random data are not too easy: the pruned trees differ from the grown ones and raising happens."""
    info = get("c45")
    smaller = 0
    for seed in range(50):
        data = random_data(seed)
        pruned = C.fit_c45(data, None, resolve_params(info, {}))
        grown = C.fit_c45(data, None, resolve_params(info, {"prune": False, "collapse": False}))
        smaller += pruned.n_leaves < grown.n_leaves
    assert smaller >= 20
