"""ID3: a tree computed by hand; Fayyad-Irani MDL cuts; intervals in rules and JSON."""

import json

import numpy as np
import pytest

from engine.algorithms.discretize import mdl_cuts
from engine.algorithms.registry import get, resolve_params
from engine.data import read_table
from engine.data.encode import encode
from engine.data.spec import ProblemSpec
from engine.tree.model import CategorySplit, Tree
from engine.tree.predict import predict
from engine.tree.rules import extract_rules, rule_text

TOY = "a,b,y\nx,p,yes\nx,q,no\ny,p,yes\ny,q,yes\nz,p,no\nz,q,no\n"


def fit(data, **params):
    info = get("id3")
    return info.fit(data, None, resolve_params(info, params))


def test_hand_computed_tree(tmp_path):
    """Info(D) = 1. Gain(a) = 1 - 2/6 · H(1, 1) = 0.667; Gain(b) = 1 - H(2, 1) = 0.082: a at the root.
    a = x holds (yes, no), split by b (gain 1); a = y is pure yes, a = z pure no."""
    (tmp_path / "t.csv").write_text(TOY)
    tree = fit(encode(read_table(tmp_path / "t.csv"), ProblemSpec(target="y")))
    root = tree.root
    assert isinstance(root, CategorySplit) and root.feature == 0 and root.branches == [0, 1, 2]
    x, y_, z = (tree.nodes[c] for c in root.children)
    assert isinstance(x, CategorySplit) and x.feature == 1
    assert [tree.nodes[c].label for c in x.children] == [1, 0]  # p -> yes, q -> no (classes no, yes)
    assert y_.is_leaf and y_.counts.tolist() == [0, 2]
    assert z.is_leaf and z.counts.tolist() == [2, 0]
    assert tree.n_leaves == 4
    texts = [rule_text(tree, r) for r in extract_rules(tree)]
    assert texts == ["IF a = x AND b = p THEN yes", "IF a = x AND b = q THEN no", "IF a = y THEN yes",
                     "IF a = z THEN no"]


def test_mdl_accepts_a_clean_cut_and_rejects_noise():
    # 1..8 with A A A A B B B B: gain 1 > (log2 7 + log2 7 - 2) / 8 = 0.452
    y = np.array([0, 0, 0, 0, 1, 1, 1, 1])
    assert mdl_cuts(np.arange(1.0, 9.0), y, np.ones(8), 2) == [4.5]
    # A B A B: best gain 0.311 < (log2 3 + log2 7 - (2 - 2 H(1, 2))) / 4 = 1.057
    assert mdl_cuts(np.array([1.0, 2, 3, 4]), np.array([0, 1, 0, 1]), np.ones(4), 2) == []
    # missing values are ignored
    v = np.array([1.0, 2, np.nan, 3, 4, 5, 6, 7, 8])
    assert mdl_cuts(v, np.array([0, 0, 1, 0, 0, 1, 1, 1, 1]), np.ones(9), 2) == [4.5]


def test_numeric_attribute_becomes_intervals(datasets, tmp_path):
    data = encode(read_table(datasets / "iris.csv"), ProblemSpec(target="class"))
    tree = fit(data)
    root = tree.root
    assert isinstance(root, CategorySplit) and root.cuts is not None and len(root.branches) == len(root.cuts) + 1
    assert tree.schema.attributes[root.feature].name.startswith("petal")
    # JSON keeps the cuts and predicts the same
    again = Tree.from_json(json.loads(json.dumps(tree.to_json())), tree.schema)
    np.testing.assert_array_equal(predict(tree, data.X).labels, predict(again, data.X).labels)
    rules = [rule_text(tree, r) for r in extract_rules(tree)]
    assert any(" < petal" in r and " <= " in r for r in rules)  # an interval reads a < x <= b
    acc = (predict(tree, data.X).labels == data.y).mean()
    assert acc > 0.95


def test_each_attribute_once_per_path(datasets):
    data = encode(read_table(datasets / "car_evaluation.csv"), ProblemSpec(target="class"))
    tree = fit(data)
    for leaf in tree.leaves():
        features = [tree.nodes[i].feature for i in tree.path_to(leaf)[:-1]]
        assert len(features) == len(set(features))


def test_missing_values_stay_at_the_node(tmp_path):
    (tmp_path / "m.csv").write_text("a,y\nx,A\nx,A\ny,B\ny,B\n?,B\n")
    tree = fit(encode(read_table(tmp_path / "m.csv"), ProblemSpec(target="y")))
    assert tree.root.counts.tolist() == [2, 3]
    assert sum(tree.nodes[c].weight for c in tree.root.children) == 4
    p = predict(tree, np.array([[np.nan]]), get("id3").missing)
    assert p.nodes[0] == 0 and p.labels[0] == 1


@pytest.mark.parametrize("name", ["cart", "c45", "id3"])
def test_every_algorithm_round_trips_through_json(name, datasets, tmp_path):
    from engine.model import Model, load_model

    data = encode(read_table(datasets / "heart_disease_cleveland.csv"), ProblemSpec(target="num"))
    info = get(name)
    params = resolve_params(info, {})
    model = Model(name, params, ProblemSpec(target="num"), info.fit(data, None, params), missing=info.missing)
    model.save(tmp_path / "m.json")
    again = load_model(tmp_path / "m.json")
    a, b = predict(model.tree, data.X, model.missing), predict(again.tree, data.X, again.missing)
    np.testing.assert_array_equal(a.labels, b.labels)
    np.testing.assert_allclose(a.scores, b.scores)


@pytest.mark.parametrize("name", ["id3", "dp", "rs"])
def test_small_case_weights_do_not_break_the_mdl_cuts(name, datasets):
    """Weights of 0.005 per case made log2(N - 1) of the MDL criterion a math domain error."""
    from engine.data.encode import EncodedData

    data = encode(read_table(datasets / "iris.csv"), ProblemSpec(target="class"))
    info = get(name)
    params = info.stage_params(resolve_params(info, {}), "fit")
    light = EncodedData(data.X, data.y, np.full(data.n, 0.005), data.schema, data.rows)
    tree = info.fit(light, None, params)
    assert tree.n_leaves >= 1 and np.isclose(tree.root.weight, 0.75)
    # whole case weights: the cuts as before (a segment of two or more cases is unchanged)
    assert len(info.fit(data, None, params).nodes) > len(tree.nodes)
