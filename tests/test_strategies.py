"""Test strategies at prediction time (ALGORITHMS.md §4.4, §4.5; engine/strategies.py): the costs
paid per case by hand on one tree with a prerequisite and a batch group, a case stopping at an
internal node, and two checks on the car demo."""

from pathlib import Path

import numpy as np
import pytest

from engine.algorithms.registry import get, resolve_params
from engine.costs import CostModel, Group
from engine.data import read_table
from engine.data.encode import AttributeSchema, DataSchema, encode
from engine.data.project import load_project
from engine.data.spec import AttributeSettings, BatchGroup, ProblemSpec
from engine.errors import OptionError
from engine.strategies import simulate
from engine.tree.model import CategorySplit, Leaf, ThresholdSplit, Tree
from engine.tree.predict import decision_path, predict

SCHEMA = DataSchema("y", ["no", "yes"], False, [
    AttributeSchema("A", "numeric"), AttributeSchema("B", "numeric"), AttributeSchema("C", "numeric"),
    AttributeSchema("D", "nominal", ["x", "y", "z"])])
NAN = np.nan


def tree() -> Tree:
    """0: A <= 5 ? 1 : 2 [10,10] no
    1: B <= 1 ? leaf 3 [8,0] no : leaf 4 [0,2] yes            (label no)
    2: D in {x} ? 5 : leaf 6 [0,6] yes (D in {y, z})          (label yes)
    5: C <= 1 ? leaf 7 [2,0] no : leaf 8 [0,2] yes            (label no)"""
    t = Tree(SCHEMA)
    t.add(ThresholdSplit(counts=[10, 10], label=0, children=[1, 2], feature=0, threshold=5.0))
    t.add(ThresholdSplit(counts=[8, 2], label=0, children=[3, 4], feature=1, threshold=1.0), 0)
    t.add(CategorySplit(counts=[2, 8], label=1, children=[5, 6], feature=3, branches=[0, 1, 1]), 0)
    t.add(Leaf(counts=[8, 0], label=0), 1)
    t.add(Leaf(counts=[0, 2], label=1), 1)
    t.add(ThresholdSplit(counts=[2, 2], label=0, children=[7, 8], feature=2, threshold=1.0), 2)
    t.add(Leaf(counts=[0, 6], label=1), 2)
    t.add(Leaf(counts=[2, 0], label=0), 5)
    t.add(Leaf(counts=[0, 2], label=1), 5)
    return t


def costs(budget=None) -> CostModel:
    """TC A 10, B 4, C 6, D 3; WCT A 1, B 2, C 0, D 4; WCS C 1; cost per time 2;
    B needs D first; the panel {B, C} shares a common cost of 3 (inside B's 4 and C's 6).
    Own waiting WC0 = 2·WCT + WCS: A 2, B 4, C 1, D 8."""
    return CostModel(("A", "B", "C", "D"), (10.0, 4.0, 6.0, 3.0), (1.0, 2.0, 0.0, 4.0), (0.0, 0.0, 1.0, 0.0),
                     (None, 3, None, None), (Group("panel", (1, 2), 3.0),), cost_per_time=2.0, budget=budget)


# A, B, C, D (D's code: 0 x, 1 y); NaN: cannot be obtained
CASES = np.array([
    [3, 0.5, 2, 1],    # left: A, then B (after its prerequisite D) -> leaf 3
    [8, 0.5, 2, 0],    # right: A, D = x, C = 2 -> leaf 8
    [8, 0.5, NAN, 0],  # C cannot be obtained: stops at node 5 with its label (no)
    [3, 0.5, 2, NAN],  # D cannot be obtained, so B (which needs D) cannot be tested: stops at node 1
    [NAN, 0.5, 2, 1],  # A cannot be obtained: stops at the root
])
Y = np.array([0, 1, 1, 1, 1])


def test_sequential_by_hand():
    r = simulate(tree(), CASES, "sequential", costs=costs(), y=Y)
    # 1: A (TC 10, WC 2); node 1 needs B: D first (3, 8), then B (4, 4, pays the panel's CC): 17, 14
    # 2: A (10, 2); D (3, 8); node 5: C alone (6, 1): 19, 11
    # 3: A, D as above (13, 10); C cannot be obtained: free, the case stops at node 5 (label no)
    # 4: A (10, 2); B's prerequisite D cannot be obtained: nothing more paid, stops at node 1
    # 5: A cannot be obtained: nothing paid, the root's label
    assert r.test_cost.tolist() == [17, 19, 13, 10, 0]
    assert r.waiting_cost.tolist() == [14, 11, 10, 2, 0]
    assert r.labels.tolist() == [0, 1, 0, 0, 0]
    assert r.saved.tolist() == [0, 0, 0, 0, 0]  # never two panel members
    assert r.mc.tolist() == [0, 0, 1, 1, 1]  # 0/1 without a cost matrix
    m = r.metrics()
    assert m["avg_test_cost"] == pytest.approx(59 / 5) and m["avg_waiting_cost"] == pytest.approx(37 / 5)
    assert m["avg_misclassification_cost"] == pytest.approx(3 / 5)
    assert m["avg_total_cost"] == pytest.approx((59 + 37 + 3) / 5)


def test_batch_by_hand_common_cost_once_waiting_in_parallel():
    r = simulate(tree(), CASES, "batch", costs=costs(), y=Y)
    # every attribute the tree could ask from the root, at once: A, B (with D), C, D
    # 1, 2: TC = A 10 + D 3 + panel [CC 3 + (4 - 3) + (6 - 3)] = 20 (one by one: 23, saved 3);
    #       WC = max(A 2, B after D 8 + 4 = 12, C 1, D 8) = 12 (in sequence it would be 15)
    # 3: C cannot be obtained: A 10 + D 3 + panel [3 + (4 - 3)] = 17, nothing saved; WC 12
    # 4: D cannot, so neither can B: A 10 + C alone 6 = 16; WC max(2, 1) = 2
    # 5: A cannot: B (with D), C, D: 3 + 3 + 1 + 3 = 10, saved 3; WC 12 — and the case stops at the root
    assert r.test_cost.tolist() == [20, 20, 17, 16, 10]
    assert r.waiting_cost.tolist() == [12, 12, 12, 2, 12]
    assert r.saved.tolist() == [3, 3, 0, 0, 3]
    assert r.labels.tolist() == [0, 1, 0, 0, 0]  # routed with what was obtained: predict's stop
    np.testing.assert_array_equal(r.labels, predict(tree(), CASES, "stop").labels)


def test_hybrid_by_hand():
    r = simulate(tree(), CASES, "hybrid", costs=costs(), y=Y)
    # 1: A; at node 1 (E_now 0.2, either test gains 0.2): B with D costs 7 + 12 = 19, the panel
    #    (D outside it, then B and C) 3 + 1 + 3 + 3 = 10 plus 8 + max(4, 1) = 12 -> 22: B first. 17, 14
    # 2: A; D (gain 0, the only test, leaves below disagree); node 5 (gain 0.5): C 6 + 1 = 7
    #    against the panel 7 + 4 = 11: C. 19, 11 — the sequential figures
    # 3: as 2 up to node 5; C answered "unknown": free, stops at node 5
    # 4: A; B (with D) answered unknown: free, stops at node 1. 5: A unknown
    assert r.test_cost.tolist() == [17, 19, 13, 10, 0]
    assert r.waiting_cost.tolist() == [14, 11, 10, 2, 0]
    assert r.labels.tolist() == [0, 1, 0, 0, 0]


def test_a_batch_chosen_by_the_hybrid_saves_its_common_cost():
    """In a crisp tree the batch {B, C} never beats C alone at node 5 (its TC is TC(B) + TC(C) - CC
    >= TC(C)); with B costing just the common cost (TC 3, no waiting) they tie, and the
    consultation's tie rule (cheaper, then by name: "Blood panel" < "C") asks the batch."""
    cm = CostModel(("A", "B", "C", "D"), (10.0, 3.0, 6.0, 3.0), (1.0, 0.0, 0.0, 4.0), (0.0, 0.0, 1.0, 0.0),
                   (None, None, None, None), (Group("Blood panel", (1, 2), 3.0),), cost_per_time=2.0)
    # case 2: A (10, 2), D (3, 8); node 5: C alone 6 + 1 = 7, the panel 3 + (3 - 3) + (6 - 3) = 6
    # plus max(0, 1) = 1 -> 7: the panel. TC 19, WC 11; B and C one by one would be 9: saved 3
    r = simulate(tree(), CASES[1:2], "hybrid", costs=cm)
    assert (r.test_cost[0], r.waiting_cost[0], r.saved[0]) == (19, 11, 3)
    # sequential asks C alone: 19, 11, nothing saved
    r = simulate(tree(), CASES[1:2], "sequential", costs=cm)
    assert (r.test_cost[0], r.waiting_cost[0], r.saved[0]) == (19, 11, 0)
    # batch: A 10 + D 3 + panel 6 = 19, WC max(2, 0, 1, 8) = 8, saved 3
    r = simulate(tree(), CASES[1:2], "batch", costs=cm)
    assert (r.test_cost[0], r.waiting_cost[0], r.saved[0]) == (19, 8, 3)


def test_budget_ends_a_case_at_the_node_it_cannot_afford():
    # budget 20. sequential, case 2: A (12 paid), D would cost 3 + 8 = 11 -> 23 > 20: stops at node 2 (yes)
    r = simulate(tree(), CASES[1:2], "sequential", costs=costs(budget=20.0))
    assert (r.test_cost[0], r.waiting_cost[0], r.labels[0]) == (10, 2, 1)
    # batch: the tree's attributes breadth-first (A, B, D, C); A costs 12; A + B (with D):
    # TC 17, WC 12 -> 29 > 20: the order is A alone
    r = simulate(tree(), CASES[1:2], "batch", costs=costs(budget=20.0))
    assert (r.test_cost[0], r.waiting_cost[0], r.labels[0]) == (10, 2, 1)
    r = simulate(tree(), CASES[1:2], "hybrid", costs=costs(budget=20.0))
    assert (r.test_cost[0], r.waiting_cost[0], r.labels[0]) == (10, 2, 1)


def test_cost_matrix_and_a_spec():
    spec = ProblemSpec(target="y", cost_per_time=2.0)
    spec.attributes = {"A": AttributeSettings(test_cost=10, wait_time=1),
                       "B": AttributeSettings(test_cost=4, wait_time=2, prerequisite="D"),
                       "C": AttributeSettings(test_cost=6, wait_cost=1), "D": AttributeSettings(test_cost=3, wait_time=4)}
    spec.batch_groups = [BatchGroup("panel", ["B", "C"], common_cost=3)]
    from engine.data.spec import CostMatrix

    spec.misclassification_costs = CostMatrix(["no", "yes"], [[0, 50], [200, 0]])
    for strategy in ("sequential", "batch", "hybrid"):
        by_spec = simulate(tree(), CASES, strategy, spec=spec, y=Y)
        by_model = simulate(tree(), CASES, strategy, costs=costs(), y=Y)
        np.testing.assert_array_equal(by_spec.test_cost, by_model.test_cost)
        np.testing.assert_array_equal(by_spec.waiting_cost, by_model.waiting_cost)
        assert by_spec.mc.tolist() == [0, 0, 200, 200, 200]  # yes cases answered no
    with pytest.raises(OptionError):
        simulate(tree(), CASES, "lazy", costs=costs())


@pytest.fixture(scope="module")
def car():
    project = load_project(Path(__file__).resolve().parents[1] / "resources" / "demo" / "car_evaluation.rtproj")
    data = encode(read_table(project.data_path, project.sheet), project.spec)
    info = get("cart")
    return project, data, info.fit(data, project.spec, resolve_params(info, {}))


def test_hybrid_with_every_value_ends_with_predicts_label(car):
    project, data, tree = car
    rows = np.random.default_rng(0).choice(len(data.y), 300, replace=False)
    r = simulate(tree, data.X[rows], "hybrid", spec=project.spec, y=data.y[rows])
    np.testing.assert_array_equal(r.labels, predict(tree, data.X[rows], "stop").labels)
    matrix = project.spec.misclassification_costs.as_array(tree.schema.classes)
    np.testing.assert_allclose(r.mc, matrix[data.y[rows], r.labels])
    assert r.metrics()["avg_total_cost"] == pytest.approx(float(np.mean(r.mc + r.test_cost + r.waiting_cost)))


def test_sequential_on_a_crisp_tree_pays_the_attributes_on_its_path(car):
    """No prerequisites nor groups: each case pays exactly TC + WC0 of the attributes tested on
    its path, once each."""
    _, data, tree = car
    p = len(tree.schema.names)
    rng = np.random.default_rng(1)
    cm = CostModel(tuple(tree.schema.names), tuple(rng.uniform(1, 100, p)), tuple(rng.uniform(0, 50, p)),
                   tuple(rng.uniform(0, 5, p)), (None,) * p, cost_per_time=1.5)
    rows = rng.choice(len(data.y), 200, replace=False)
    r = simulate(tree, data.X[rows], "sequential", costs=cm)
    for k, i in enumerate(rows):
        path = decision_path(tree, data.X[i])
        on_path = {a for n in path for a in tree.nodes[n].attributes()}
        assert r.test_cost[k] == pytest.approx(sum(cm.test_costs[a] for a in on_path))
        assert r.waiting_cost[k] == pytest.approx(sum(cm.own_waiting_cost(a) for a in on_path))
        assert r.saved[k] == 0
    np.testing.assert_array_equal(r.labels, predict(tree, data.X[rows], "stop").labels)


# ---- what each node of a tree costs (the Tree view's numbers) ----------------------------------


def test_node_costs_by_hand():
    from engine.costs import node_costs

    c = node_costs(tree(), costs())
    # 0: A alone (10, WC0 2); 1: B needs D first: D (3, 8) then B (4 with the panel's CC, 4);
    # 2: D (3, 8); 5: C (6, 1) with A and D known above; leaves pay nothing, `before` sums the path
    assert [(n.test, n.waiting) for n in c] == [(10, 2), (7, 12), (3, 8), (0, 0), (0, 0), (6, 1), (0, 0), (0, 0),
                                                (0, 0)]
    assert [n.before for n in c] == [0, 12, 12, 31, 31, 23, 23, 30, 30]
    # the batch member C after B (whose test paid the panel's common cost 3) costs 6 - 3
    t = Tree(SCHEMA)
    t.add(ThresholdSplit(counts=[4, 4], label=0, children=[1, 2], feature=1, threshold=1.0))
    t.add(ThresholdSplit(counts=[2, 2], label=0, children=[3, 4], feature=2, threshold=1.0), 0)
    t.add(Leaf(counts=[2, 2], label=0), 0)
    t.add(Leaf(counts=[2, 0], label=0), 1)
    t.add(Leaf(counts=[0, 2], label=1), 1)
    c = node_costs(t, costs())
    assert (c[0].test, c[0].waiting, c[1].test, c[1].waiting, c[1].before, c[3].before) == (7, 12, 3, 1, 19, 23)


def test_node_costs_are_what_the_sequential_strategy_pays_to_reach_a_leaf():
    """On the car demo's mincost tree, every test case with all values known pays, under the
    sequential strategy, exactly `before` of the leaf it reaches."""
    from engine.costs import node_costs

    project = load_project(Path(__file__).resolve().parents[1] / "resources" / "demo" / "car_evaluation.rtproj")
    data = encode(read_table(project.data_path, sheet=project.sheet), project.spec)
    info = get("mincost")
    model_tree = info.fit(data, project.spec, info.stage_params(resolve_params(info, {}, project.spec), "fit"))
    model = CostModel.from_spec(project.spec, model_tree.schema.names)
    c = node_costs(model_tree, model)
    X = data.X[::7]
    r = simulate(model_tree, X, "sequential", costs=model)
    leaves = [decision_path(model_tree, x)[-1] for x in X]
    assert len(set(leaves)) > 20
    assert np.allclose(r.test_cost + r.waiting_cost, [c[leaf].before for leaf in leaves])
    assert any(n.test != model.test_costs[model_tree.nodes[i].feature] for i, n in enumerate(c)
               if not model_tree.nodes[i].is_leaf)  # the showroom batch and buying's prerequisite matter
