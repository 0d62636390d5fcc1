"""The one tree model with hand-built trees of every node kind: prediction under
each missing-value policy, fuzzy memberships, trichotomy stages, JSON round trip."""

import json

import numpy as np
import pytest

from engine.data.encode import AttributeSchema, DataSchema
from engine.tree.model import (PENDING, CategorySplit, FuzzySplit, Leaf, ThresholdSplit, Tree,
                               TrichotomySplit, triangular_memberships)
from engine.tree.predict import decision_path, predict

SCHEMA = DataSchema("y", ["lo", "hi"], False, [
    AttributeSchema("x", "numeric"),
    AttributeSchema("colour", "nominal", ["red", "green", "blue"]),
    AttributeSchema("z", "numeric"),
])


def crisp_tree() -> Tree:
    """x <= 2.5 ? leaf(4,1) : colour {red -> leaf(1,0), green -> leaf(0,4), blue -> none};
    both branches of the root weigh 5."""
    t = Tree(SCHEMA)
    t.add(ThresholdSplit(counts=[5, 5], label=0, children=[1, 2], feature=0, threshold=2.5))
    t.add(Leaf(counts=[4, 1], label=0), 0)
    t.add(CategorySplit(counts=[1, 4], label=1, children=[3, 4], feature=1, branches=[0, 1, -1]), 0)
    t.add(Leaf(counts=[1, 0], label=0), 2)
    t.add(Leaf(counts=[0, 4], label=1), 2)
    return t


X = np.array([
    [1.0, 0, 0],  # left leaf
    [3.0, 0, 0],  # red
    [3.0, 1, 0],  # green
    [3.0, 2, 0],  # blue: never seen at that node
    [np.nan, 0, 0],  # x missing
    [3.0, np.nan, 0],  # colour missing
])


def test_stop_policy_ends_at_the_internal_node():
    p = predict(crisp_tree(), X, "stop")
    assert p.nodes.tolist() == [1, 3, 4, 2, 0, 2]
    assert p.labels.tolist() == [0, 0, 1, 1, 0, 1]
    np.testing.assert_allclose(p.scores[3], [1 / 5, 4 / 5])
    np.testing.assert_allclose(p.scores[4], [0.5, 0.5])
    assert p.used.tolist()[4] == [False, False, False]  # x was missing: nothing was shown
    assert p.used.tolist()[2] == [True, True, False]


def test_majority_policy_follows_the_heavier_branch():
    p = predict(crisp_tree(), X, "majority")
    assert p.nodes.tolist() == [1, 3, 4, 4, 1, 4]  # x missing: both branches weigh 5, left wins


def test_fractional_policy_weights_branches_by_training_weight():
    p = predict(crisp_tree(), X, "fractional")
    # x missing, colour red: 5/10 * (0.8, 0.2) + 5/10 * (1, 0)
    np.testing.assert_allclose(p.scores[4], [0.9, 0.1])
    np.testing.assert_allclose(p.scores[3], [1 / 5, 4 / 5])  # blue: spread at the category node
    assert p.nodes.tolist()[:3] == [1, 3, 4] and p.nodes[4] == -1
    assert p.labels.tolist() == [0, 0, 1, 1, 0, 1]


def test_triangular_memberships_sum_to_one():
    m = triangular_memberships(np.array([-1.0, 0.0, 0.25, 1.0, 1.5, 2.0, 9.0, np.nan]), np.array([0.0, 1.0, 2.0]))
    np.testing.assert_allclose(m[:7].sum(axis=1), 1.0)
    np.testing.assert_allclose(m[2], [0.75, 0.25, 0.0])
    np.testing.assert_allclose(m[4], [0.0, 0.5, 0.5])
    np.testing.assert_allclose(m[0], [1, 0, 0])
    np.testing.assert_allclose(m[6], [0, 0, 1])
    assert np.isnan(m[7]).all()


def fuzzy_tree() -> Tree:
    t = Tree(SCHEMA)
    t.add(FuzzySplit(counts=[6, 4], label=0, children=[1, 2], feature=0, centres=[0.0, 10.0]))
    t.add(Leaf(counts=[5, 1], label=0), 0)
    t.add(Leaf(counts=[1, 3], label=1), 0)
    return t


def test_fuzzy_split_mixes_leaves_by_membership():
    p = predict(fuzzy_tree(), np.array([[2.5, 0, 0], [10.0, 0, 0], [np.nan, 0, 0]]), "stop")
    want = 0.75 * np.array([5 / 6, 1 / 6]) + 0.25 * np.array([0.25, 0.75])
    np.testing.assert_allclose(p.scores[0], want)
    assert p.labels[0] == 0 and p.nodes[0] == -1
    assert p.labels[1] == 1 and p.nodes[1] == 2  # full membership in one term: one node
    assert p.nodes[2] == 0  # unknown: stops at the root


def trichotomy_tree() -> Tree:
    """Stage 1 on x: <= 1 lo, >= 3 hi; stage 2 on 0.6 x + 0.8 z: <= 2 lo, >= 2 hi (no pending);
    a last PENDING leaf is unreachable here, so stage 2 has a middle PENDING leaf of its own."""
    t = Tree(SCHEMA)
    t.add(TrichotomySplit(counts=[10, 10], label=0, children=[1, 2, 3], features=[0], weights=[1.0], low=1.0,
                          high=3.0))
    t.add(Leaf(counts=[6, 0], label=0), 0)
    t.add(Leaf(counts=[0, 6], label=1), 0)
    t.add(TrichotomySplit(counts=[4, 4], label=0, children=[4, 5, 6], features=[0, 2], weights=[0.6, 0.8],
                          low=2.0, high=2.4), 0)
    t.add(Leaf(counts=[4, 0], label=0), 3)
    t.add(Leaf(counts=[0, 4], label=1), 3)
    t.add(Leaf(counts=[0, 0], label=PENDING), 3)
    return t


def test_trichotomy_is_sequential_and_can_be_pending():
    X3 = np.array([[0.5, 0, np.nan],  # decided at stage 1: z never needed
                   [2.0, 0, 0.5],  # s = 1.6 -> lo
                   [2.0, 0, 2.0],  # s = 2.8 -> hi
                   [2.0, 0, 1.25],  # s = 2.2 -> pending
                   [2.0, 0, np.nan]])  # stage 2 needs z: stops at the stage node
    p = predict(trichotomy_tree(), X3, "stop")
    assert p.labels.tolist() == [0, 0, 1, PENDING, 0]
    assert p.nodes.tolist() == [1, 4, 5, 6, 3]
    assert p.used.tolist()[0] == [True, False, False]
    assert p.used.tolist()[1] == [True, False, True]
    assert decision_path(trichotomy_tree(), X3[3]) == [0, 3, 6]


@pytest.mark.parametrize("make", [crisp_tree, fuzzy_tree, trichotomy_tree])
@pytest.mark.parametrize("policy", ["stop", "majority", "fractional"])
def test_json_round_trip_predicts_the_same(make, policy):
    tree = make()
    text = json.dumps(tree.to_json())
    again = Tree.from_json(json.loads(text), SCHEMA)
    assert json.dumps(again.to_json()) == text
    rng = np.random.default_rng(0)
    Xr = np.column_stack([rng.uniform(-1, 12, 200), rng.integers(0, 3, 200), rng.uniform(0, 3, 200)])
    Xr[rng.random((200, 3)) < 0.1] = np.nan
    a, b = predict(tree, Xr, policy), predict(again, Xr, policy)
    np.testing.assert_array_equal(a.labels, b.labels)
    np.testing.assert_allclose(a.scores, b.scores)


def test_kernel_and_frontier_agree_on_crisp_trees():
    """The Numba traversal and the weighted frontier are two roads to the same answer."""
    from engine.tree import predict as P

    rng = np.random.default_rng(1)
    Xr = np.column_stack([rng.uniform(0, 5, 300), rng.integers(0, 3, 300), rng.uniform(0, 3, 300)])
    Xr[rng.random((300, 3)) < 0.2] = np.nan
    for make in (crisp_tree, trichotomy_tree):
        for policy in ("stop", "majority"):
            fast = predict(make(), Xr, policy)
            slow = P._spread(make(), Xr, policy)
            np.testing.assert_array_equal(fast.labels, slow.labels)
            np.testing.assert_array_equal(fast.nodes, slow.nodes)
            np.testing.assert_allclose(fast.scores, slow.scores)
            np.testing.assert_array_equal(fast.used, slow.used)


def test_tree_summary_numbers():
    t = crisp_tree()
    assert t.n_leaves == 3 and t.depth == 2 and t.leaves() == [1, 3, 4]
    assert t.path_to(4) == [0, 2, 4]


def test_threshold_kernel_agrees_with_the_frontier():
    """Threshold-only trees take their own kernel; 'used' comes from the path above the end node."""
    from engine.algorithms.registry import get, resolve_params
    from engine.data.encode import EncodedData
    from engine.tree import predict as P

    rng = np.random.default_rng(5)
    X = rng.normal(size=(400, 3))
    y = (X[:, 0] + X[:, 1] > 0).astype(np.int64)
    schema = DataSchema("y", ["lo", "hi"], False, [AttributeSchema(f"x{j}", "numeric") for j in range(3)])
    info = get("cart")
    tree = info.fit(EncodedData(X, y, np.ones(400), schema, np.arange(400)), None,
                    resolve_params(info, {"prune": "none"}))
    assert tree.compile().thresholds_only
    Xt = rng.normal(size=(300, 3))
    Xt[rng.random((300, 3)) < 0.2] = np.nan
    for policy in ("stop", "majority"):
        fast, slow = predict(tree, Xt, policy), P._spread(tree, Xt, policy)
        np.testing.assert_array_equal(fast.nodes, slow.nodes)
        np.testing.assert_array_equal(fast.labels, slow.labels)
        np.testing.assert_array_equal(fast.used, slow.used)


def test_fuzzy_settings_travel_in_the_model_file_and_set_its_version(tmp_path):
    """A tree with the minimum t-norm and label_max aggregation is written as model version 2
    (an older reader refuses it instead of answering with the product); every other model
    stays version 1; a version-1 file reads with the defaults; a newer version is refused."""
    import json

    import pytest as _pytest

    from engine.data.spec import ProblemSpec
    from engine.errors import ModelFileError
    from engine.model import VERSION, Model, load_model

    schema = DataSchema("y", ["a", "b"], False, [AttributeSchema("x", "numeric")])
    t = Tree(schema, tnorm="minimum", aggregate="label_max")
    t.add(FuzzySplit(counts=[3, 3], label=0, children=[1, 2], feature=0, centres=[0.0, 10.0]))
    t.add(Leaf(counts=[3, 0], label=0), 0)
    t.add(Leaf(counts=[0, 3], label=1), 0)
    fuzzy = Model("test", {}, ProblemSpec(target="y"), t)
    fuzzy.save(tmp_path / "fuzzy.json")
    obj = json.loads((tmp_path / "fuzzy.json").read_text())
    assert obj["version"] == 2 and obj["tree"]["fuzzy"] == {"tnorm": "minimum", "aggregate": "label_max"}
    back = load_model(tmp_path / "fuzzy.json").tree
    assert (back.tnorm, back.aggregate) == ("minimum", "label_max")
    plain_tree = Tree(schema)
    plain_tree.add(Leaf(counts=[3, 3], label=0))
    Model("test", {}, ProblemSpec(target="y"), plain_tree).save(tmp_path / "plain.json")
    plain = json.loads((tmp_path / "plain.json").read_text())
    assert plain["version"] == 1 and "fuzzy" not in plain["tree"]
    read = load_model(tmp_path / "plain.json").tree
    assert (read.tnorm, read.aggregate) == ("product", "distribution")
    obj["version"] = VERSION + 1
    (tmp_path / "newer.json").write_text(json.dumps(obj))
    with _pytest.raises(ModelFileError) as err:
        load_model(tmp_path / "newer.json")
    assert err.value.code == "newer_version"
    obj["version"], obj["tree"]["fuzzy"]["tnorm"] = 2, "lukasiewicz"
    (tmp_path / "odd.json").write_text(json.dumps(obj))
    with _pytest.raises(ModelFileError) as err:
        load_model(tmp_path / "odd.json")
    assert err.value.code == "damaged" and "t-norm" in str(err.value)


def test_aggregations_of_the_reached_leaves():
    """x = 4 is 0.6 low and 0.4 high; z = 5 is half and half. The two 'a' leaves under 'low'
    fire 0.6 · 0.5 = 0.3 each, the 'b' leaf 0.4: label_sum says a (0.6 > 0.4), label_max (a
    rule base, Min-Ambiguity) says b (0.4 > 0.3); with the minimum t-norm the 'a' leaves fire
    min(0.6, 0.5) = 0.5 each and label_max says a."""
    schema = DataSchema("y", ["a", "b"], False, [AttributeSchema("x", "numeric"), AttributeSchema("z", "numeric")])
    answers = {}
    for tnorm in ("product", "minimum"):
        for aggregate in ("label_sum", "label_max"):
            t = Tree(schema, tnorm=tnorm, aggregate=aggregate)
            t.add(FuzzySplit(counts=[4, 2], label=0, children=[1, 2], feature=0, centres=[0.0, 10.0]))
            t.add(FuzzySplit(counts=[4, 0], label=0, children=[3, 4], feature=1, centres=[0.0, 10.0]), 0)
            t.add(Leaf(counts=[0, 2], label=1), 0)
            t.add(Leaf(counts=[2, 0], label=0), 1)
            t.add(Leaf(counts=[2, 0], label=0), 1)
            answers[tnorm, aggregate] = t.label_name(int(predict(t, np.array([[4.0, 5.0]])).labels[0]))
    assert answers == {("product", "label_sum"): "a", ("product", "label_max"): "b",
                       ("minimum", "label_sum"): "a", ("minimum", "label_max"): "a"}


@pytest.mark.parametrize("change, message", [
    ({"terms": ["cold"]}, "term names"), ({"terms": "cold,hot"}, "term names"), ({"terms": ["cold", 3]}, "term names"),
    ({"centres": [10.0, 0.0]}, "increasing centres"), ({"centres": [5.0, 5.0]}, "increasing centres"),
    ({"centres": [0.0, 5.0, 10.0]}, "increasing centres")])
def test_fuzzy_split_fields_from_a_file_are_checked(tmp_path, change, message):
    """A model file may come from anyone: term names and centres must fit the split's children."""
    import json

    from engine.data.spec import ProblemSpec
    from engine.errors import ModelFileError
    from engine.model import Model, load_model

    schema = DataSchema("y", ["a", "b"], False, [AttributeSchema("x", "numeric")])
    t = Tree(schema)
    t.add(FuzzySplit(counts=[3, 3], label=0, children=[1, 2], feature=0, centres=[0.0, 10.0], terms=["cold", "hot"]))
    t.add(Leaf(counts=[3, 0], label=0), 0)
    t.add(Leaf(counts=[0, 3], label=1), 0)
    Model("test", {}, ProblemSpec(target="y"), t).save(tmp_path / "m.json")
    assert load_model(tmp_path / "m.json").tree.root.terms == ["cold", "hot"]
    obj = json.loads((tmp_path / "m.json").read_text())
    obj["tree"]["nodes"][0].update(change)
    (tmp_path / "bad.json").write_text(json.dumps(obj))
    with pytest.raises(ModelFileError) as err:
        load_model(tmp_path / "bad.json")
    assert err.value.code == "damaged" and message in str(err.value)
