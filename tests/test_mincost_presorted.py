"""The minimum-cost trees' presorted growth (engine.algorithms.mincost.PresortedMinCostSplitter,
engine/kernels/mincost.py's presorted kernels) against the reference that sorts every node's
values again (MinCostSplitter, near_best_cut_bags), bit for bit: the kernels' outputs node by
node, and whole trees, on random data with ties, missing values, nominal attributes, integer
and fractional weights and costs. Small enough to run with NUMBA_DISABLE_JIT=1 too
(tests/test_kernels_without_jit.py)."""

from __future__ import annotations

import itertools
import json
import sys

import numpy as np
import pytest
from conftest import ROOT

from engine.algorithms import mincost as M
from engine.algorithms.registry import get, resolve_params
from engine.data.encode import AttributeSchema, DataSchema, EncodedData
from engine.data.spec import AttributeSettings, CostMatrix, ProblemSpec
from engine.errors import Cancelled
from engine.kernels.mincost import near_best_cut_bags, presorted_cut_bags, xlnx_table
from engine.kernels.split import presort
from engine.progress import Progress
from engine.tree.grow import grow


def random_problem(seed, n=None):
    """Numeric attributes rounded to few decimals (many ties), some constant, missing values;
    two nominal attributes; K classes; integer or fractional weights and costs, by seed."""
    rng = np.random.default_rng(seed)
    n = n or int(rng.integers(2, 120))
    K = int(rng.integers(2, 5))
    p_num = int(rng.integers(1, 5))
    X = rng.normal(size=(n, p_num)).round(int(rng.integers(0, 3)))
    if seed % 5 == 0:
        X[:, 0] = 2.0  # no cut
    cats = [3, 4]
    nominal = np.column_stack([rng.integers(0, m, n) for m in cats]).astype(float)
    X = np.column_stack([X, nominal])
    X[rng.random(X.shape) < rng.choice([0.0, 0.1, 0.3])] = np.nan
    y = rng.integers(0, K, n)
    y[: min(n, K)] = np.arange(min(n, K))
    if seed % 3 == 0:
        w = np.ones(n)
    elif seed % 3 == 1:
        w = rng.choice([1.0, 2.0, 3.0], n)
    else:
        w = rng.choice([0.5, 1.0, 1.3], n)
    if seed % 4 == 3:
        w[rng.random(n) < 0.1] = 0.0  # cases of no weight: left out of the children
    attrs = [AttributeSchema(f"x{j}", "numeric") for j in range(p_num)]
    attrs += [AttributeSchema(f"c{j}", "nominal", categories=[f"v{v}" for v in range(m)]) for j, m in enumerate(cats)]
    classes = [f"k{k}" for k in range(K)]
    data = EncodedData(X, y.astype(np.int64), w, DataSchema("y", classes, False, attrs), np.arange(n))
    spec = ProblemSpec(target="y")
    spec.attributes = {a.name: AttributeSettings(test_cost=float(rng.integers(1, 20)),
                                                 wait_time=float(rng.integers(0, 5))) for a in attrs}
    scale = 1.0 if seed % 2 else 7.0 / 3.0
    cost = rng.integers(1, 10, (K, K)) * scale * 100.0
    np.fill_diagonal(cost, 0.0)
    spec.misclassification_costs = CostMatrix(classes, cost.tolist())
    return data, spec


@pytest.mark.parametrize("seed", range(40))
def test_presorted_cut_bags_equal_the_sorting_kernel_on_every_node(seed):
    """The presorted kernel (one-pass exact sweep, and the general sweep) gives the reference
    kernel's outputs at every node the reference growth visits: the same cuts, class weights,
    thresholds, known weights, MC and approximate gain ratios."""
    data, spec = random_problem(seed)
    splitter = M._splitter(data, spec)
    nodes = []

    def record(self, cases, total, exact, table):
        seg = cases.data
        want = near_best_cut_bags(self.X, self.y, seg.rows, seg.weights, self.numeric_features, self.K, self.cost,
                                  M.SLACK, total, exact, table, M.RATIO_SLACK)
        for incremental, ones in itertools.product((True, False), (self.ones, np.empty(0))):
            got = presorted_cut_bags(self.order, self.vals, self.ys, self.w, seg.start, seg.end, self.K, self.cost,
                                     M.SLACK, total, exact, table, M.RATIO_SLACK, incremental, self.work,
                                     self.vbuffer, ones)
            for g, w in zip(got, want):
                assert g.dtype == w.dtype and np.array_equal(g, w), (seed, seg.start, seg.end, exact, incremental)
        nodes.append(exact)
        return original(self, cases, total, exact, table)

    original = M.PresortedMinCostSplitter._cut_bags
    M.PresortedMinCostSplitter._cut_bags = record
    try:
        grow(splitter, choice=M.MinF([0.25] * 4), label_rule=splitter.rule, stopping=M._stopping({}))
    finally:
        M.PresortedMinCostSplitter._cut_bags = original
    assert nodes


def model_json(tree) -> str:
    return json.dumps(tree.to_json(), sort_keys=True)


def fit(data, spec, name, params, presorted):
    splitter = M._splitter(data, spec, presorted=presorted)
    choice = M.choose_m2 if name == "m2" else M.MinF([params.get(f"w{k}", 0.25) for k in range(1, 5)],
                                                     params.get("tie_order", "test_first"),
                                                     bool(params.get("cost_stop", False)))
    return grow(splitter, choice=choice, label_rule=splitter.rule, stopping=M._stopping(params))


SETTINGS = [("mincost", {}), ("mincost", {"w1": 1.0, "w2": 0.0, "w3": 0.0, "w4": 0.0}),
            ("mincost", {"cost_stop": True, "tie_order": "waiting_first"}), ("mincost", {"max_depth": 3}),
            ("m2", {})]


@pytest.mark.parametrize("seed", range(40))
def test_presorted_growth_grows_the_reference_trees(seed):
    """Whole trees: the learners' presorted splitter against the reference that sorts every
    node's values (model JSON equal)."""
    data, spec = random_problem(seed)
    for name, params in SETTINGS:
        want = fit(data, spec, name, params, presorted=False)
        got = fit(data, spec, name, params, presorted=True)
        assert model_json(got) == model_json(want), (seed, name, params)


def test_the_learners_use_the_presorted_splitter():
    data, spec = random_problem(1)
    assert isinstance(M._splitter(data, spec), M.PresortedMinCostSplitter)


def test_a_split_partitions_every_column_stably():
    """After splits, every node's segment of each presorted column holds exactly its cases in
    the order a stable sort of their values gives (missing last), and the row-order row its
    cases ascending."""
    data, spec = random_problem(7, n=200)
    splitter = M._splitter(data, spec)
    seen = []

    def check(self, cases, total, exact, table):
        seg = cases.data
        rows = np.sort(seg.rows)
        assert np.array_equal(seg.rows, rows)
        for a, f in enumerate(self.numeric_features):
            column = self.X[rows, f]
            expect = rows[np.argsort(column, kind="stable")]  # NaN sorts last
            assert np.array_equal(self.order[a, seg.start:seg.end], expect)
            assert np.array_equal(self.vals[a, seg.start:seg.end], self.X[expect, f], equal_nan=True)
            assert np.array_equal(self.ys[a, seg.start:seg.end], self.y[expect])
        seen.append(len(rows))
        return original(self, cases, total, exact, table)

    original = M.PresortedMinCostSplitter._cut_bags
    M.PresortedMinCostSplitter._cut_bags = check
    try:
        grow(splitter, choice=M.MinF([0.25] * 4), label_rule=splitter.rule, stopping=M._stopping({}))
    finally:
        M.PresortedMinCostSplitter._cut_bags = original
    assert len(seen) > 3


def test_presort_order_is_the_stable_order():
    rng = np.random.default_rng(3)
    X = rng.integers(0, 4, (50, 2)).astype(float)
    X[rng.random(X.shape) < 0.2] = np.nan
    order, vals, ys = presort(X, np.zeros(50, np.int64))
    for f in range(2):
        assert np.array_equal(order[f], np.argsort(X[:, f], kind="stable"))


def test_a_longer_table_gives_the_same_numbers():
    """The presorted splitter reads x ln x from the root's table at every node: the entries
    of a shorter table are the same numbers."""
    long, short = xlnx_table(500), xlnx_table(37)
    assert np.array_equal(long[:38], short)


def test_presorted_kernels_equal_the_sorting_kernel_on_the_benchmark_set():
    """The benchmark's synthetic data (integer costs, unit weights: the exact one-pass sweep, the
    tied cuts' ratios filtered), node by node, for the first 150 nodes."""
    sys.path.insert(0, str(ROOT / "tests" / "benchmarks"))
    import mincost_fit  # deferred: a benchmark script, on the path only here

    data, spec = mincost_fit.synthetic(3000, 20, 3)
    splitter = M._splitter(data, spec)
    seen = []

    def record(self, cases, total, exact, table):
        seg = cases.data
        want = near_best_cut_bags(self.X, self.y, seg.rows, seg.weights, self.numeric_features, self.K, self.cost,
                                  M.SLACK, total, exact, table, M.RATIO_SLACK)
        got = original(self, cases, total, exact, table)
        for g, w in zip(got, want):
            assert np.array_equal(g, w)
        seen.append(exact)
        if len(seen) >= 150:
            raise StopIteration
        return got

    original = M.PresortedMinCostSplitter._cut_bags
    M.PresortedMinCostSplitter._cut_bags = record
    try:
        with pytest.raises(StopIteration):
            grow(splitter, choice=M.MinF([0.25] * 4), label_rule=splitter.rule, stopping=M._stopping({}))
    finally:
        M.PresortedMinCostSplitter._cut_bags = original
    assert all(seen) and len(seen) == 150


@pytest.mark.parametrize("name", ["mincost", "m2"])
def test_a_long_fit_reports_progress_and_can_be_cancelled(name):
    """The growth loop checks Cancel and reports at every node (engine.tree.grow._Reporter):
    still so with the presorted splitter."""
    data, spec = random_problem(11, n=400)
    reports = []
    progress = Progress(lambda done, total, message: reports.append((done, total)))
    info = get(name)
    info.fit(data, spec, resolve_params(info, {}), progress)
    assert len(reports) >= 2 and reports[-1][0] == reports[-1][1] == len(data.y)
    assert all(a[0] <= b[0] for a, b in itertools.pairwise(reports))

    def cancel_at_once(done, total, message):
        progress.cancel()

    progress = Progress(cancel_at_once)
    with pytest.raises(Cancelled):
        get("mincost").fit(data, spec, resolve_params(get("mincost"), {}), progress)
