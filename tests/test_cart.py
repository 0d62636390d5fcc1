"""CART: a hand-computed tree, the pruning sequence, the CV error curve, the
registry's parameter checks, and the model file round trip."""

import json

import numpy as np
import pytest

from engine.algorithms.registry import get, resolve_params
from engine.data import read_table
from engine.data.encode import encode
from engine.data.project import load_project
from engine.data.spec import ProblemSpec
from engine.errors import OptionError
from engine.model import Model, load_model
from engine.tree.model import CategorySplit, Leaf, ThresholdSplit
from engine.tree.predict import predict
from engine.tree.prune import cv_errors, prune_to, pruning_path

TOY = "x,colour,y\n1,r,A\n2,r,A\n3,g,B\n4,g,B\n5,b,B\n6,b,A\n"


@pytest.fixture
def toy(tmp_path):
    (tmp_path / "toy.csv").write_text(TOY)
    return encode(read_table(tmp_path / "toy.csv"), ProblemSpec(target="y"))


def fit(data, **params):
    info = get("cart")
    return info.fit(data, None, resolve_params(info, params))


def test_hand_computed_tree(toy):
    """Root: Gini decrease 1.5 for x <= 2.5, and also 1.5 for colour {r} | {b, g} and {r, b} | {g}:
    the tie goes to the lower attribute index, x. Right node (B, B, B, A by x = 3..6):
    x <= 3.5 gains 1/6, x <= 4.5 gains 1/2, x <= 5.5 gains 3/2, colour {g} | {b} 1/2."""
    tree = fit(toy, prune="none")
    root = tree.root
    assert isinstance(root, ThresholdSplit) and root.feature == 0 and root.threshold == 2.5
    left, right = (tree.nodes[c] for c in root.children)
    assert isinstance(left, Leaf) and left.counts.tolist() == [2, 0] and left.label == 0
    assert isinstance(right, ThresholdSplit) and right.threshold == 5.5 and right.counts.tolist() == [1, 3]
    assert right.label == 1
    assert [tree.nodes[c].counts.tolist() for c in right.children] == [[0, 3], [1, 0]]
    assert tree.n_leaves == 3 and tree.depth == 2


def test_nominal_split_when_it_is_strictly_better(tmp_path):
    (tmp_path / "n.csv").write_text("x,colour,y\n1,r,A\n2,g,B\n1,r,A\n2,b,B\n1,b,B\n2,r,A\n")
    tree = fit(encode(read_table(tmp_path / "n.csv"), ProblemSpec(target="y")), prune="none")
    root = tree.root
    assert isinstance(root, CategorySplit)
    # categories in natural order: b, g, r; r (all A) against b, g (all B)
    assert root.branches in ([1, 1, 0], [0, 0, 1])


def test_pruning_sequence_by_hand(toy):
    """R(root) = 3/6, R(right) = 1/6, leaves error-free: g(right) = 1/6, g(root) = (1/2)/2;
    after right collapses, g(root) = (1/2 - 1/6)/1 = 1/3."""
    tree = fit(toy, prune="none")
    path = pruning_path(tree)
    np.testing.assert_allclose(path.alphas, [0, 1 / 6, 1 / 3])
    assert path.leaves.tolist() == [3, 2, 1]
    assert prune_to(tree, path.prune_alpha, 0.2).n_leaves == 2
    assert prune_to(tree, path.prune_alpha, 0.1).n_leaves == 3
    assert prune_to(tree, path.prune_alpha, 0.5).n_leaves == 1


def test_cv_error_curve_equals_pruning_and_predicting():
    rng = np.random.default_rng(4)
    n = 300
    X = rng.normal(size=(n, 3))
    y = ((X[:, 0] + 0.5 * X[:, 1] + rng.normal(scale=0.7, size=n)) > 0).astype(np.int64)
    from engine.data.encode import AttributeSchema, DataSchema, EncodedData

    schema = DataSchema("y", ["0", "1"], False, [AttributeSchema(f"x{j}", "numeric") for j in range(3)])
    data = EncodedData(X[:200], y[:200], np.ones(200), schema, np.arange(200))
    tree = fit(data, prune="none")
    path = pruning_path(tree)
    betas = np.concatenate([[0.0], (path.alphas[1:] + path.alphas[:-1]) / 2, [1.0]])
    got = cv_errors(tree, path.prune_alpha, X[200:], y[200:], np.ones(100), betas)
    for b, g in zip(betas, got):
        pruned = prune_to(tree, path.prune_alpha, b)
        wrong = (predict(pruned, X[200:], "majority").labels != y[200:]).sum()
        assert g == wrong


def test_pruned_cart_is_small_on_pima(datasets):
    data = encode(read_table(datasets / "pima_indians_diabetes.csv"), ProblemSpec(target="class"))
    full = fit(data, prune="none")
    pruned = fit(data)
    assert pruned.n_leaves < 20 < full.n_leaves
    acc = (predict(pruned, data.X, "majority").labels == data.y).mean()
    assert 0.72 < acc < 0.85


def test_parameters_are_checked():
    info = get("cart")
    with pytest.raises(OptionError, match="min_samples_leaf must be at least 1"):
        resolve_params(info, {"min_samples_leaf": 0})
    with pytest.raises(OptionError, match="no parameter"):
        resolve_params(info, {"depth": 3})
    with pytest.raises(OptionError, match="one of auto, none"):
        resolve_params(info, {"prune": "yes"})
    with pytest.raises(OptionError, match="whole number"):
        resolve_params(info, {"max_depth": 2.5})
    assert resolve_params(info, {"max_depth": "none"})["max_depth"] is None
    with pytest.raises(OptionError, match='unknown algorithm "cartt"'):
        get("cartt")


def test_model_file_round_trip_predicts_the_same(demo_dir, tmp_path):
    project = load_project(demo_dir / "car_evaluation.rtproj")
    table = read_table(project.data_path, project.sheet)
    data = encode(table, project.spec)
    info = get("cart")
    for params in ({"prune": "none"}, {}):
        tree = info.fit(data, project.spec, resolve_params(info, params))
        model = Model("cart", resolve_params(info, params), project.spec, tree, missing="majority")
        model.save(tmp_path / "m.json")
        again = load_model(tmp_path / "m.json")
        assert json.dumps(again.to_json()) == json.dumps(model.to_json())
        a, b = model.predict_table(table), again.predict_table(table)
        np.testing.assert_array_equal(a.labels, b.labels)
        np.testing.assert_array_equal(a.scores, b.scores)


def test_cost_matrix_changes_the_labels(demo_dir):
    project = load_project(demo_dir / "car_evaluation.rtproj")
    data = encode(read_table(project.data_path, project.sheet), project.spec)
    info = get("cart")
    tree = info.fit(data, project.spec, resolve_params(info, {"prune": "none", "max_depth": 1}))
    cost = project.spec.misclassification_costs.as_array(data.classes)
    for i in tree.leaves():
        counts = tree.nodes[i].counts
        assert tree.nodes[i].label == int(np.argmin(counts @ cost))


@pytest.mark.parametrize("name, target", [("heart_disease_cleveland", "num"), ("car_evaluation", "class"),
                                          ("pima_indians_diabetes", "class")])
@pytest.mark.parametrize("with_cost", [False, True])
def test_cv_errors_equal_the_walk_of_each_case(datasets, name, target, with_cost):
    """The pruning cross-validation's kernel (every held-out case in one pass) against the walk of
    each case along decision_path: the same costs at every beta, with missing values (the
    heavier branch), case weights, nominal splits and a cost matrix."""
    from naive import cv_errors_by_case

    data = encode(read_table(datasets / f"{name}.csv"), ProblemSpec(target=target))
    info = get("cart")
    rng = np.random.default_rng(1)
    order = rng.permutation(data.n)
    train, test = order[: data.n * 2 // 3], order[data.n * 2 // 3:]
    tree = info.fit(data.subset(train), None, info.stage_params(resolve_params(info, {"prune": "none"}), "fit"))
    k = len(data.classes)
    cost = None
    if with_cost:
        cost = rng.random((k, k)) * 3
        np.fill_diagonal(cost, 0.0)
    path = pruning_path(tree, cost)
    betas = np.append(np.sqrt(path.alphas[:-1] * path.alphas[1:]), path.alphas[-1] * 2 + 1)
    X = data.X[test].copy()
    X[rng.random(X.shape) < 0.1] = np.nan
    w = rng.random(len(test)) + 0.5
    fast = cv_errors(tree, path.prune_alpha, X, data.y[test], w, betas, cost)
    assert len(betas) > 3 and fast[0] > 0
    np.testing.assert_allclose(fast, cv_errors_by_case(tree, path.prune_alpha, X, data.y[test], w, betas, cost),
                               rtol=0, atol=1e-9)


@pytest.mark.parametrize("name, target", [("heart_disease_cleveland", "num"), ("car_evaluation", "class"),
                                          ("pima_indians_diabetes", "class"), ("iris", "class")])
@pytest.mark.parametrize("with_cost", [False, True])
def test_the_weakest_link_kernel_equals_the_heap_in_python(datasets, name, target, with_cost):
    """pruning_path's kernel against the Python heap it replaced: the same alphas, the same
    alpha for every node, the same leaves at each alpha (ties within 1e-12 together)."""
    from naive import pruning_path_by_heap

    data = encode(read_table(datasets / f"{name}.csv"), ProblemSpec(target=target))
    info = get("cart")
    tree = info.fit(data, None, info.stage_params(resolve_params(info, {"prune": "none"}), "fit"))
    cost = None
    if with_cost:
        k = len(data.classes)
        cost = np.random.default_rng(2).random((k, k)) * 3
        np.fill_diagonal(cost, 0.0)
    path = pruning_path(tree, cost)
    alphas, prune_alpha, leaves = pruning_path_by_heap(tree, cost)
    assert len(path.alphas) > 3
    np.testing.assert_array_equal(path.alphas, alphas)
    np.testing.assert_array_equal(path.prune_alpha, prune_alpha)
    np.testing.assert_array_equal(path.leaves, leaves)
