"""Stability of the splits (issue 39 item 2): the share of bootstrap and fold models that make the
final tree's split at the same path, with the same splits on the way (engine.trust.stability);
evaluate --stability, Compare's stability column."""

from __future__ import annotations

import json

import numpy as np
import pytest

from engine import cli
from engine.algorithms.registry import get, resolve_params
from engine.data.encode import AttributeSchema, DataSchema, EncodedData
from engine.errors import Cancelled, OptionError
from engine.progress import Progress
from engine.tree.model import CategorySplit, Leaf, ThresholdSplit, Tree
from engine.tree.model import ThresholdSplit as _Threshold
from engine.trust.stability import (StabilityReport, attribute_ranges, bootstrap_samples, bootstrap_trees,
                                    node_stability, same_split, summary, tree_stability)

N, P = 300, 8  # rows; x0 decides, x1..x7 are pure noise
CART = get("cart")
GROWN = resolve_params(CART, {"prune": "none", "min_samples_leaf": 2})  # deep splits on the noise


def built(seed: int = 0, n: int = N):
    """y = (x0 > 0.5) with 8 % of the classes flipped; x1..x7 uniform noise: the root is certain
    (x0 near 0.5), every split deeper down chases the flipped cases on noise."""
    rng = np.random.default_rng(seed)
    X = rng.random((n, P))
    y = (X[:, 0] > 0.5).astype(np.int64)
    flip = rng.random(n) < 0.08
    y[flip] = 1 - y[flip]
    schema = DataSchema("y", ["no", "yes"], False, [AttributeSchema(f"x{j}", "numeric") for j in range(P)])
    return EncodedData(X, y, np.ones(n), schema, np.arange(n))


@pytest.fixture(scope="module")
def data():
    return built()


@pytest.fixture(scope="module")
def final(data):
    return CART.fit(data, None, CART.stage_params(GROWN, "fit"), None)


@pytest.fixture(scope="module")
def report(data, final):
    return tree_stability(CART, final, data, None, GROWN, 50, seed=0)


def feature_of(tree, path_node: int) -> int:
    return tree.nodes[path_node].feature


# ---- the acceptance figures ----------------------------------------------------------------


def test_the_certain_root_is_stable_and_the_deep_noise_splits_are_not(report, final):
    assert report.B == 50 and report.seed == 0 and report.tolerance == 0.1
    root = report.nodes[0]
    assert root.path == "root" and feature_of(final, root.node) == 0
    assert root.total == 50 and root.share >= 0.95
    noise = [n for n in report.nodes if feature_of(final, n.node) != 0 and n.depth >= 2]
    assert len(noise) >= 5  # the tree does split on the noise, deep down
    assert max(n.share for n in noise) <= 0.3
    deepest = max(report.nodes, key=lambda n: n.depth)
    assert deepest.depth >= 4 and deepest.share <= 0.3
    # a node's share never exceeds its parent's (the splits on the way must agree too)
    by_path = {n.path: n.share for n in report.nodes}
    for n in report.nodes[1:]:
        assert n.share <= by_path[n.path.rsplit("/", 1)[0]] + 1e-12
    # the summary: the mean over the top three levels (depth 0, 1, 2), by hand
    top = [n.share for n in report.nodes if n.depth < 3]
    assert report.summary == pytest.approx(sum(top) / len(top))
    assert report.summary < 0.9  # a sure root, unsure levels below it


def test_the_figures_are_reproducible_with_the_seed(data, final, report):
    again = tree_stability(CART, final, data, None, GROWN, 50, seed=0)
    assert [(n.path, n.agreeing) for n in again.nodes] == [(n.path, n.agreeing) for n in report.nodes]
    other = tree_stability(CART, final, data, None, GROWN, 50, seed=1)
    assert [n.path for n in other.nodes] == [n.path for n in report.nodes]
    assert [n.agreeing for n in other.nodes] != [n.agreeing for n in report.nodes]  # other samples
    samples = bootstrap_samples(N, 3, 7)
    assert all(np.array_equal(a, b) for a, b in zip(samples, bootstrap_samples(N, 3, 7)))
    assert all(len(s) == N and np.all(np.diff(s) >= 0) for s in samples)
    assert any(len(np.unique(s)) < N for s in samples)  # with replacement


def test_the_tolerance_matters(data, final, report):
    """Without it no two bootstrap cuts of x0 fall on the same midpoint often: the sure root looks unsure."""
    exact = tree_stability(CART, final, data, None, GROWN, 50, seed=0, tolerance=0.0)
    assert exact.nodes[0].share < 0.7 <= report.nodes[0].share
    wide = tree_stability(CART, final, data, None, GROWN, 50, seed=0, tolerance=10.0)
    assert all(w.share >= r.share for w, r in zip(wide.nodes, report.nodes))


def test_the_problems_tolerance_is_read_from_its_trust_settings(data, final):
    from engine.data.spec import ProblemSpec

    spec = ProblemSpec()
    spec.trust.stability_tolerance = 0.0
    assert tree_stability(CART, final, data, spec, GROWN, 20, seed=0).tolerance == 0.0
    assert tree_stability(CART, final, data, ProblemSpec(), GROWN, 20, seed=0).tolerance == 0.1


# ---- what "the same split" is ------------------------------------------------------------------


def _schema(kinds=("numeric", "numeric")):
    return DataSchema("y", ["a", "b"], False, [AttributeSchema(f"v{j}", k, categories=["p", "q", "r", "s"]
                                                               if k == "nominal" else None)
                                               for j, k in enumerate(kinds)])


def _stump(schema, node):
    tree = Tree(schema)
    root = tree.add(node)
    for label in (0, 1):
        tree.nodes[root].children.append(tree.add(Leaf([1.0, 1.0], label), root))
    return tree


def test_same_split_threshold_within_tolerance_of_the_range():
    ranges = np.array([10.0, 1.0])

    def ThresholdSplit(counts, label, **kw):  # a split with two children (their ids do not matter here)
        return _Threshold(counts, label, children=[1, 2], **kw)

    a = ThresholdSplit([1, 1], 0, feature=0, threshold=5.0)
    assert same_split(a, ThresholdSplit([1, 1], 0, feature=0, threshold=5.9), ranges, 0.1) == [0, 1]
    assert same_split(a, ThresholdSplit([1, 1], 0, feature=0, threshold=6.1), ranges, 0.1) is None
    assert same_split(a, ThresholdSplit([1, 1], 0, feature=1, threshold=5.0), ranges, 0.1) is None
    assert same_split(a, Leaf([1, 1], 0), ranges, 0.1) is None
    assert same_split(a, ThresholdSplit([1, 1], 0, feature=0, threshold=5.0), np.array([0.0, 0.0]), 0.1) == [0, 1]
    assert same_split(a, ThresholdSplit([1, 1], 0, feature=0, threshold=5.01), np.array([0.0, 0.0]), 0.1) is None


def test_same_split_categories_by_grouping_whichever_branch_order():
    ranges = np.zeros(2)
    a = CategorySplit([1, 1], 0, children=[1, 2], feature=0, branches=[0, 0, 1, 1])
    flipped = CategorySplit([1, 1], 0, children=[1, 2], feature=0, branches=[1, 1, 0, 0])
    assert same_split(a, flipped, ranges, 0.1) == [1, 0]  # a's first branch is the other's second
    other = CategorySplit([1, 1], 0, children=[1, 2], feature=0, branches=[0, 1, 0, 1])
    assert same_split(a, other, ranges, 0.1) is None
    lacking = CategorySplit([1, 1], 0, children=[1, 2], feature=0, branches=[0, 0, 1, -1])  # s never seen
    assert same_split(a, lacking, ranges, 0.1) == [0, 1]


def test_a_split_counts_only_with_the_same_splits_on_the_way():
    schema = _schema()
    ranges = np.array([1.0, 1.0])

    def two_level(root_feature, root_cut, child_cut):
        tree = Tree(schema)
        r = tree.add(ThresholdSplit([2, 2], 0, feature=root_feature, threshold=root_cut))
        left = tree.add(ThresholdSplit([1, 1], 0, feature=1, threshold=child_cut), r)
        right = tree.add(Leaf([1, 1], 1), r)
        tree.nodes[r].children += [left, right]
        for label in (0, 1):
            tree.nodes[left].children.append(tree.add(Leaf([1, 0], label), left))
        return tree

    final = two_level(0, 0.5, 0.3)
    others = [two_level(0, 0.52, 0.31),  # both agree
              two_level(0, 0.52, 0.9),  # the root agrees, the child does not
              two_level(1, 0.5, 0.3),  # the child's split at root/0, under another root: does not count
              _stump(schema, ThresholdSplit([1, 1], 0, feature=0, threshold=0.5))]  # a leaf at root/0
    nodes = node_stability(final, others, ranges, 0.1)
    assert [(n.path, n.agreeing, n.total, n.depth) for n in nodes] == [("root", 3, 4, 0), ("root/0", 1, 4, 1)]
    assert summary(nodes) == pytest.approx((0.75 + 0.25) / 2)
    report = StabilityReport(0.1, B=4, nodes=nodes)
    leaf_under = final.nodes[1].children[0]
    assert report.rule_share(final, leaf_under) == 0.25 and report.rule_share(final, 2) == 0.75
    assert summary([n for n in nodes if n.depth > 5]) is None


def test_attribute_ranges_ignore_missing_values():
    X = np.array([[1.0, np.nan], [4.0, np.nan], [np.nan, np.nan]])
    assert attribute_ranges(X).tolist() == [3.0, 0.0]


# ---- bootstrap models: checks and Cancel ------------------------------------------------------


def test_bootstrap_counts_are_checked(data):
    for bad in (-1, 1.5, True, 10_001):
        with pytest.raises(OptionError, match="bootstrap models"):
            bootstrap_trees(CART, data, None, GROWN, bad)


def test_bootstrap_models_can_be_cancelled(data):
    progress = Progress()
    seen = []

    def report(done, total, message):
        seen.append(done)
        if done == 3:
            progress.cancel()

    progress._callback = report
    with pytest.raises(Cancelled):
        bootstrap_trees(CART, data, None, GROWN, 50, 0, progress)
    assert seen == [0, 1, 2, 3]


# ---- evaluate --stability -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def built_csv(tmp_path_factory):
    d = built()
    path = tmp_path_factory.mktemp("stability") / "built.csv"
    lines = [",".join([f"x{j}" for j in range(P)] + ["y"])]
    lines += [",".join([repr(float(v)) for v in row] + [["no", "yes"][c]]) for row, c in zip(d.X, d.y)]
    path.write_text("\n".join(lines) + "\n")
    return path


def _evaluate(path, capsys, *more):
    args = ["evaluate", str(path), "--algorithm", "cart", "--param", "prune=none", "--param", "min_samples_leaf=2",
            "--cv", "5", "--json", *more]
    assert cli.main(args) == 0
    return json.loads(capsys.readouterr().out)


def test_evaluate_stability_json(built_csv, capsys, report):
    out = _evaluate(built_csv, capsys, "--stability", "50", "--seed", "0")
    s = out["stability"]
    assert (s["B"], s["seed"], s["tolerance"], s["levels"], s["rule"], s["folds"]) == (50, 0, 0.1, 3, "min", 5)
    root = s["nodes"]["root"]
    assert root["attribute"] == "x0" and root["share"] >= 0.95 and root["total"] == 50
    assert root["folds_total"] == 5 and root["folds_share"] >= 0.8
    # the same final tree and samples as the engine's own count above
    assert {p: v["agreeing"] for p, v in s["nodes"].items()} == {n.path: n.agreeing for n in report.nodes}
    assert s["summary"] == pytest.approx(report.summary)
    assert out["metrics"]["stability"] == {"mean": pytest.approx(report.summary), "std": None}
    again = _evaluate(built_csv, capsys, "--stability", "50", "--seed", "0")
    assert again["stability"] == s
    other = _evaluate(built_csv, capsys, "--stability", "50", "--seed", "4")
    assert other["stability"]["seed"] == 4 and other["stability"]["nodes"] != s["nodes"]
    plain = _evaluate(built_csv, capsys)
    assert "stability" not in plain and "stability" not in plain["metrics"]


def test_evaluate_stability_zero_counts_the_fold_models_only(built_csv, capsys):
    s = _evaluate(built_csv, capsys, "--stability", "0")["stability"]
    assert s["B"] == 0 and s["summary"] is None and s["folds"] == 5
    assert s["nodes"]["root"]["folds_share"] >= 0.8 and "share" not in s["nodes"]["root"]


def test_evaluate_stability_text(built_csv, capsys):
    assert cli.main(["evaluate", str(built_csv), "--algorithm", "cart", "--cv", "3", "--stability", "10"]) == 0
    out = capsys.readouterr().out
    assert "10 bootstrap models, seed 0; 3 fold models" in out
    line = next(x for x in out.splitlines() if x.strip().startswith("root "))
    assert "x0" in line and "bootstrap" in line and "folds" in line


@pytest.mark.parametrize("value", ["-1", "10001"])
def test_evaluate_stability_refused(built_csv, capsys, value):
    assert cli.main(["evaluate", str(built_csv), "--algorithm", "cart", "--stability", value]) == 2
    assert "bootstrap models for stability" in capsys.readouterr().err


# ---- Compare ------------------------------------------------------------------------------------


def test_compare_stability_column(data, capsys, built_csv, tmp_path):
    from engine.compare import Entry, Scheme, compare

    entries = [Entry("cart", {"prune": "none", "min_samples_leaf": 2}), Entry("c45")]
    result = compare(data, None, entries, Scheme(cv=3, stability=20), jobs=1)
    grown = result.entries[0].evaluation
    assert grown.stability is not None and grown.stability.B == 20
    assert grown.summary()["stability"]["mean"] == pytest.approx(grown.stability.summary)
    own = tree_stability(CART, CART.fit(data, None, CART.stage_params(GROWN, "fit"), None), data, None, GROWN, 20, 0)
    assert grown.stability.summary == pytest.approx(own.summary)  # the very count evaluate makes
    assert result.entries[-1].evaluation.stability is None  # the baseline has no splits
    assert "stability" in result.metrics() and "stability" not in result.fold_metrics()
    assert "stability" not in result.to_json()[0]["folds"]["metrics"]
    assert result.to_json()[0]["stability"]["B"] == 20
    plain = compare(data, None, entries[:1], Scheme(cv=3), jobs=1)
    assert "stability" not in plain.metrics()
    with pytest.raises(OptionError):
        compare(data, None, entries, Scheme(cv=3, stability=0), jobs=1)
    # the command line: a column, the JSON, the workbook
    xlsx = tmp_path / "cmp.xlsx"
    assert cli.main(["compare", str(built_csv), "--algorithms", "cart", "--cv", "3", "--stability", "10",
                     "--executor", "threads", "--jobs", "1", "--xlsx", str(xlsx)]) == 0
    out = capsys.readouterr().out
    header = next(x for x in out.splitlines() if "stability" in x and x.startswith("algorithm"))
    assert header.split()[-1] == "stability"
    assert xlsx.exists()
    assert cli.main(["compare", str(built_csv), "--algorithms", "cart", "--cv", "3", "--stability", "10",
                     "--executor", "threads", "--jobs", "1", "--json"]) == 0
    objects = json.loads(capsys.readouterr().out)
    assert objects[0]["stability"]["B"] == 10 and objects[0]["metrics"]["stability"]["std"] is None
    assert cli.main(["compare", str(built_csv), "--algorithms", "cart", "--stability", "0"]) == 2
    assert cli.main(["compare", str(built_csv), "--algorithms", "cart", "--cv", "3", "--stability", "5",
                     "--executor", "threads", "--metric", "stability"]) == 2
