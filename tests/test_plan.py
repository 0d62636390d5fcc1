"""The consultation that plans its questions (issue 23): engine/plan.py and the planned mode of
engine/consult.py, checked on a hand-built tree worked out by hand, against a naive brute force
on small random trees, and on the car demo (every answer given ends with predict's label)."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest

from engine.consult import UNKNOWN, Consultation
from engine.costs import CostModel
from engine.data.encode import AttributeSchema, DataSchema
from engine.data.spec import AttributeSettings, BatchGroup, ProblemSpec
from engine.errors import ModelFileError, OptionError
from engine.model import Model, load_model
from engine.plan import UNASKED, Planner, Windows, follow_costs, planner_for
from engine.strategies import simulate
from engine.tree.case_counts import count_case_values
from engine.tree.model import CategorySplit, Leaf, ThresholdSplit, Tree
from engine.tree.predict import predict

from samples import HAND_SCHEMA


def deep_cheap_tree() -> Tree:
    """A <= 5 ? (B <= 1 ? no[4,0] : yes[0,4]) : (B <= 1 ? no[4,0] : (C <= 1 ? no[2,0] : yes[0,2])).

    A costs 10, B 1, C 2 (no waiting, 0/1 misclassification, pure leaves). B <= 1 says "no"
    whatever A is: asking the deeper, cheap B first ends the case at once for 1 case in 2."""
    t = Tree(HAND_SCHEMA)
    t.add(ThresholdSplit(counts=[10, 6], label=0, children=[1, 2], feature=0, threshold=5.0))
    t.add(ThresholdSplit(counts=[4, 4], label=0, children=[3, 4], feature=1, threshold=1.0), 0)
    t.add(ThresholdSplit(counts=[6, 2], label=0, children=[5, 6], feature=1, threshold=1.0), 0)
    t.add(Leaf(counts=[4, 0], label=0), 1)
    t.add(Leaf(counts=[0, 4], label=1), 1)
    t.add(Leaf(counts=[4, 0], label=0), 2)
    t.add(ThresholdSplit(counts=[2, 2], label=0, children=[7, 8], feature=2, threshold=1.0), 2)
    t.add(Leaf(counts=[2, 0], label=0), 6)
    t.add(Leaf(counts=[0, 2], label=1), 6)
    return t


def deep_cheap_spec() -> ProblemSpec:
    spec = ProblemSpec(target="y", cost_per_time=1.0)
    spec.attributes = {"A": AttributeSettings(test_cost=10), "B": AttributeSettings(test_cost=1),
                       "C": AttributeSettings(test_cost=2)}
    return spec


def test_a_deeper_cheap_question_first_by_hand():
    """Worked by hand (leaf weights 4, 4, 4, 2, 2 of 16; a leaf's cases spread evenly over the
    intervals its path allows):
    - following the tree: A (10), then B (1), and on the A > 5 side C (2) when B > 1:
      10 + 1 + 0.5 * 0.5 * 2 = 11.5;
    - B first (1): B <= 1 (weight 8 of 16) leaves two "no" leaves: the case ends at once. B > 1
      leaves yes(4), no(2), yes(2): A next costs 10 + 0.5 * 2 = 11; C next costs
      2 + P(C <= 1) * 10 = 2 + 0.5 * 10 = 7 (C > 1 leaves two "yes"). So 1 + 0.5 * 7 = 4.5;
    - C first: 2 + 0.5 * (1 + 0.5 * 10) + 0.5 * 1 = 5.5; A first: 11.5.
    The plan asks B and expects 4.5."""
    tree, spec = deep_cheap_tree(), deep_cheap_spec()
    planner = Planner(tree, CostModel.from_spec(spec, tree.schema.names))
    root = (UNASKED,) * 3
    step = planner.step(root)
    assert step.action.name == "B" and not step.action.follows_tree
    assert step.expected == pytest.approx(4.5) and step.follow == pytest.approx(11.5)
    assert step.ends_at_once == pytest.approx(0.5) and step.exact
    ranked = planner.ranked(root)
    assert [(a.name, round(q, 6)) for a, q in ranked] == [("B", 4.5), ("C", 5.5), ("A", 11.5)]
    assert planner.reason(step) == ("asking B first ends the case at once for 1 case in 2 (B = ≤ 1); expected cost "
                                    "from here 4.5 (planned), following the tree 11.5")
    after = planner.step((UNASKED, 1, UNASKED))  # B > 1
    assert after.action.name == "C" and after.expected == pytest.approx(7.0)


def test_the_consultation_ends_after_one_cheap_question():
    tree, spec = deep_cheap_tree(), deep_cheap_spec()
    c = Consultation(tree, spec, planning="planned")
    first = c.candidates()[0]
    assert first.name == "B" and first.expected == pytest.approx(4.5) and first.cost == 1
    assert first.reason.startswith("asking B first ends the case at once for 1 case in 2")
    c.answer({"B": 0.5}, first)
    assert c.finished() and c.settled()
    out = c.outcome()
    assert tree.labels[out.label] == "no" and out.test_cost == 1
    assert sorted(out.nodes) == [3, 5]  # both "no" leaves B <= 1 reaches, whatever A is
    # predict agrees for any A, the answer the plan did not need
    for a in (0.0, 9.0):
        assert predict(tree, np.array([[a, 0.5, 7.0]]), "stop").labels[0] == out.label
    # the utility order (§4.1) asks the root's A first: the option matters
    utility = Consultation(tree, spec)
    assert [x.name for x in utility.candidates()] == ["A"] and utility.candidates()[0].expected is None


def test_b_above_one_goes_on_with_c_then_a():
    tree, spec = deep_cheap_tree(), deep_cheap_spec()
    c = Consultation(tree, spec, planning="planned")
    c.answer({"B": 3}, c.candidates()[0])
    assert not c.finished() and c.candidates()[0].name == "C"
    c.answer({"C": 0}, c.candidates()[0])  # yes(A <= 5) or no(A > 5): A decides
    assert [x.name for x in c.candidates()] == ["A"]
    c.answer({"A": 7}, c.candidates()[0])
    out = c.outcome()
    assert c.finished() and tree.labels[out.label] == "no" and out.nodes == [7]
    assert out.test_cost == 1 + 2 + 10


def test_unknown_answer_stops_where_predict_stops():
    """A unknown: every leaf's case ends at the root (its label "no"), whatever else is known."""
    tree, spec = deep_cheap_tree(), deep_cheap_spec()
    c = Consultation(tree, spec, planning="planned")
    c.answer({"B": 3}, c.candidates()[0])
    c.answer({"C": 0}, c.candidates()[0])
    c.answer({"A": None}, c.candidates()[0])
    assert c.finished() and c.outcome().label == predict(tree, np.array([[np.nan, 3, 0]]), "stop").labels[0]
    assert c.outcome().missing == ["A"] and c.outcome().nodes == [0]


def test_stop_when_not_worth_it_compares_with_the_plan():
    """Misclassification 0/1: stopping at once costs 1 - 10/16 = 0.375, less than the plan's 4.5;
    with costs of 0.01 per test the plan (0.045) is worth it."""
    tree, spec = deep_cheap_tree(), deep_cheap_spec()
    c = Consultation(tree, spec, planning="planned", stop_when_not_worth=True)
    assert c.finished() and tree.labels[c.outcome().label] == "no"
    assert not Consultation(tree, spec, planning="planned").finished()
    cheap = deep_cheap_spec()
    for name in ("A", "B", "C"):
        cheap.attributes[name].test_cost *= 0.001
    assert not Consultation(tree, cheap, planning="planned", stop_when_not_worth=True).finished()


def test_batch_group_and_prerequisite_as_the_consultation_pays_them():
    """C needs A first; B and C form a panel (common cost 3). B costs 4 + 2 waiting, C 6."""
    tree = deep_cheap_tree()
    spec = ProblemSpec(target="y", cost_per_time=1.0)
    spec.attributes = {"A": AttributeSettings(test_cost=10), "B": AttributeSettings(test_cost=4, wait_time=2),
                       "C": AttributeSettings(test_cost=6, prerequisite="A")}
    spec.batch_groups = [BatchGroup("panel", ["B", "C"], common_cost=3)]
    planner = Planner(tree, CostModel.from_spec(spec, tree.schema.names))
    acts = {a.name: a for a in planner.actions((UNASKED,) * 3, planner.weights((UNASKED,) * 3),
                                               planner.ends((UNASKED,) * 3), 0.0)}
    assert acts["C"].attributes == (0, 2) and (acts["C"].test_cost, acts["C"].waiting_cost) == (16, 0)
    # the panel: A (its member C's prerequisite) first, then B and C together: 10 + 3 + 1 + 3, waits max(2, 0)
    assert acts["panel"].attributes == (1, 0, 2) and (acts["panel"].test_cost, acts["panel"].waiting_cost) == (17, 2)
    assert (acts["B"].test_cost, acts["B"].waiting_cost) == (4, 2)
    c = Consultation(tree, spec, planning="planned")
    best = c.candidates()[0]
    c.answer({tree.schema.names[j]: 0.0 for j in best.attributes}, best)
    assert c.test_cost + c.waiting_cost == pytest.approx(best.cost)


# ---- a naive brute force on small random trees ---------------------------------------------------


def random_tree(rng, depth: int, n_attr: int = 3) -> Tree:
    """Random threshold tree over attributes with values 0..3 (cuts 0.5, 1.5, 2.5), random counts."""
    schema = DataSchema("y", ["a", "b", "c"], False, [AttributeSchema(f"x{j}", "numeric") for j in range(n_attr)])
    t = Tree(schema)

    def grow(parent, d):
        counts = rng.integers(0, 6, 3).astype(float) + np.eye(3)[rng.integers(3)] * 3
        if d == depth or rng.random() < 0.25:
            t.add(Leaf(counts=counts, label=int(np.argmax(counts))), parent)
            return
        node = ThresholdSplit(counts=counts, label=int(np.argmax(counts)), feature=int(rng.integers(n_attr)),
                              threshold=float(rng.choice([0.5, 1.5, 2.5])))
        i = t.add(node, parent)
        for _ in range(2):
            grow(i, d + 1)
        t.nodes[i].children = [c for c in range(len(t.nodes)) if t.nodes[c].parent == i]

    grow(-1, 0)
    # internal counts: the sum of the leaves below
    for i in reversed(t.reachable()):
        if t.nodes[i].children:
            t.nodes[i].counts = sum(t.nodes[c].counts for c in t.nodes[i].children)
    t.changed()
    return t


def naive_value(tree: Tree, costs: list[float], matrix: np.ndarray, values: dict) -> float:
    """Brute force, no memo, no shared tables: each attribute takes one value per interval between
    the cuts the tree uses on it (the cut itself, and infinity above the last); a leaf's cases
    spread evenly over the values its path allows; end when every leaf consistent with `values`
    carries one label; else the best question by expected cost."""
    leaves = tree.leaves()
    domain = [sorted({tree.nodes[i].threshold for i in tree.reachable()
                      if tree.nodes[i].children and tree.nodes[i].feature == j}) + [np.inf] for j in range(len(costs))]

    def allowed(leaf):  # per attribute, the set of values the leaf's path allows
        sets = [set(domain[j]) for j in range(len(costs))]
        path = tree.path_to(leaf)
        for a, b in zip(path, path[1:]):
            node = tree.nodes[a]
            left = b == node.children[0]
            sets[node.feature] &= {v for v in domain[node.feature] if (v <= node.threshold) == left}
        return sets

    allow = {leaf: allowed(leaf) for leaf in leaves}

    def weight(leaf, vals):
        if any(not a for a in allow[leaf]):
            return 0.0  # a path no case can follow
        w = tree.nodes[leaf].counts.sum() + 1e-9 * tree.nodes[0].counts.sum()
        for j, v in vals.items():
            w *= (v in allow[leaf][j]) / len(allow[leaf][j])
        return w

    def mc(vals, label):
        ws = {leaf: weight(leaf, vals) for leaf in leaves}
        total = sum(ws.values())
        out = 0.0
        for leaf, w in ws.items():
            counts = tree.nodes[leaf].counts
            out += w * (counts / counts.sum()) @ matrix[:, label]
        return out / total

    def value(vals):
        alive = [leaf for leaf in leaves if weight(leaf, vals) > 0]
        labels = {tree.nodes[leaf].label for leaf in alive}
        if len(labels) == 1:
            return mc(vals, labels.pop())
        wanted = {j for leaf in alive for j in range(len(costs)) if j not in vals and allow[leaf][j] != set(domain[j])}
        best = np.inf
        for j in wanted:
            total = sum(weight(leaf, vals) for leaf in alive)
            e = costs[j]
            for v in domain[j]:
                p = sum(weight(leaf, {**vals, j: v}) for leaf in alive) / total
                if p > 0:
                    e += p * value({**vals, j: v})
            best = min(best, e)
        return best

    return value(values)


def random_problem(seed: int):
    rng = np.random.default_rng(seed)
    tree = random_tree(rng, depth=4)
    costs = [float(c) for c in rng.integers(1, 10, 3)]
    matrix = rng.integers(1, 20, (3, 3)).astype(float)
    np.fill_diagonal(matrix, 0)
    return tree, costs, matrix, CostModel(tuple(tree.schema.names), tuple(costs), (0.0,) * 3, (0.0,) * 3, (None,) * 3)


SEEDS = range(16)


def test_the_plan_often_beats_following_the_tree():
    """Else the brute-force comparison below could pass with a plan that only follows the tree."""
    better = 0
    for seed in SEEDS:
        tree, costs, matrix, model = random_problem(seed)
        planner = Planner(tree, model, matrix)
        root = (UNASKED,) * 3
        better += planner.value(root)[0] < planner.follow_value(root) - 1e-6
    assert better >= 5


@pytest.mark.parametrize("seed", SEEDS)
def test_the_plan_matches_a_brute_force_and_never_costs_more_than_following(seed):
    tree, costs, matrix, model = random_problem(seed)
    planner = Planner(tree, model, matrix)
    # the values 0..3 fall in the bins of the cuts the tree uses; the brute force needs every cut
    # at 0.5, 1.5, 2.5 to compare state for state, so compare values, not states
    root = (UNASKED,) * 3
    expected_value, _ = planner.value(root)
    assert expected_value == pytest.approx(naive_value(tree, costs, matrix, {}), rel=1e-9, abs=1e-9)
    assert expected_value <= planner.follow_value(root) + 1e-9
    # every case played to the end: predict's label
    X = np.array(list(itertools.product(range(4), repeat=3)), float)
    planned = simulate(tree, X, "planned", costs=model, cost_matrix=matrix)
    assert (planned.labels == predict(tree, X, "stop").labels).all()
    # the cases as the plan sees them (a leaf by its weight, then any interval its path allows, evenly):
    # the consultation's mean cost is the plan's expected cost, and never above following the tree
    cases, weights, truth = [], [], []
    for li, leaf in enumerate(planner.leaves):
        bins = [np.flatnonzero(planner.consistent[j][li]) for j in range(3)]
        for combo in itertools.product(*bins):
            cases.append([planner.cuts[j][b] if b < len(planner.cuts[j]) else 99.0 for j, b in enumerate(combo)])
            weights.append(planner.prior[li] / np.prod([len(b) for b in bins]))
            truth.append(leaf)
    cases, weights = np.array(cases), np.array(weights) / np.sum(weights)
    dist = np.array([tree.nodes[leaf].counts / tree.nodes[leaf].counts.sum() for leaf in truth])

    def expected(strategy):
        r = simulate(tree, cases, strategy, costs=model, cost_matrix=matrix)
        mc = (dist * matrix[:, r.labels].T).sum(axis=1)  # the leaf's class mix against the label given
        return float(weights @ (r.test_cost + mc))

    assert expected("planned") == pytest.approx(expected_value, rel=1e-6)
    assert expected("planned") <= expected("sequential") + 1e-9


# ---- the model keeps the cases' values ------------------------------------------------------------


def test_case_values_counted_kept_in_the_file_and_checked(tmp_path):
    tree = deep_cheap_tree()
    X = np.array([[1, 0, 0], [2, 3, 0], [8, 0, 5], [8, 2, 0], [8, 2, 2], [8, 2, 2], [np.nan, 0, 0]], float)
    w = np.array([1, 1, 1, 1, 1, 2, 1], float)
    values = count_case_values(tree, X, w)
    # leaf 3 (A <= 5, B <= 1) got row 0; leaf 8 (A > 5, B > 1, C > 1) rows 4 and 5 (weight 1 + 2);
    # the row with A missing stops at the root and is not counted
    assert values.counts[2][8].tolist() == [0, 3] and values.counts[0][3].tolist() == [1, 0]
    assert values.counts[0][8].tolist() == [0, 3] and values.counts[0][7].tolist() == [0, 1]
    assert sum(row.sum() for row in values.counts[1].values()) == 7  # every counted row once, by weight
    tree.case_values = values
    model = Model("cart", {}, deep_cheap_spec(), tree)
    model.save(tmp_path / "m.json")
    obj = json.loads((tmp_path / "m.json").read_text())
    assert obj["version"] == 3 and obj["tree"]["case_values"]["attributes"]["C"]["cuts"] == [1.0]
    back = load_model(tmp_path / "m.json").tree
    assert back.to_json() == obj["tree"]  # node numbers as the file numbers them, counts intact
    # the plan reads them: per leaf and attribute, the counts smoothed towards the attribute's
    # overall shares by one case, zero where the path excludes the value
    planner = Planner(back, CostModel.from_spec(deep_cheap_spec(), back.schema.names))
    leaf8 = list(planner.leaves).index(8)
    assert planner.q[2][leaf8].tolist() == [0.0, 1.0]  # the path says C > 1
    # a stranger's file: a count row of the wrong length, a leaf that is not one, a negative count
    for bad, field in ((lambda o: o["attributes"]["C"]["leaves"][0][1].append(1), "leaves[0][1]"),
                       (lambda o: o["attributes"]["C"]["leaves"][0].__setitem__(0, 0), "leaves[0][0]"),
                       (lambda o: o["attributes"]["A"]["leaves"][0][1].__setitem__(0, -1), "leaves[0][1]"),
                       (lambda o: o["attributes"].__setitem__("Z", {"leaves": []}), "attributes.Z")):
        broken = json.loads(json.dumps(obj))
        bad(broken["tree"]["case_values"])
        (tmp_path / "bad.json").write_text(json.dumps(broken))
        with pytest.raises(ModelFileError) as err:
            load_model(tmp_path / "bad.json")
        assert err.value.code == "damaged" and field in (err.value.field or "")


def test_case_values_change_the_plan():
    """Leaf 4 (A <= 5, B > 1, "yes") does not test C, but its training cases all had C > 1.
    C's counts per leaf: leaf 3 [1, 0], leaf 4 [0, 4], leaf 5 [2, 0], leaf 7 [2, 0], leaf 8 [0, 2];
    overall shares [5, 6] / 11, so leaf 4's share of C <= 1 is (0 + 5/11) / (4 + 1) = 1/11.
    After B > 1 (leaves 4, 7, 8 of weights 4, 2, 2): P(C <= 1) = (4/11 + 2) / 8, and asking C
    costs 2 + 10 P(C <= 1) = 4.9545..., where cases spread evenly give 7."""
    tree = deep_cheap_tree()
    rows = [[1, 0, 0], [2, 3, 2], [2, 3, 2], [2, 3, 3], [2, 3, 3], [8, 0, 0], [8, 0, 0], [8, 2, 0], [8, 2, 0],
            [8, 2, 2], [8, 2, 2]]
    tree.case_values = count_case_values(tree, np.array(rows, float))
    assert tree.case_values.counts[2][4].tolist() == [0, 4]
    costs = CostModel.from_spec(deep_cheap_spec(), tree.schema.names)
    planner = Planner(tree, costs)
    leaf4 = list(planner.leaves).index(4)
    assert planner.q[2][leaf4] == pytest.approx([1 / 11, 10 / 11])
    after = planner.step((UNASKED, 1, UNASKED))
    assert after.action.name == "C" and after.expected == pytest.approx(2 + 10 * (4 / 11 + 2) / 8, rel=1e-6)
    tree.case_values = None
    assert Planner(tree, costs).step((UNASKED, 1, UNASKED)).expected == pytest.approx(7.0)


def test_the_car_demo_asks_persons_first(demo_dir):
    """The car data are a full factorial: a third of the cars have persons = 2, and every one of
    them is "unacc": asking persons (cost 2) first ends the case at once for 1 car in 3."""
    from engine.algorithms.registry import get
    from engine.data import read_table
    from engine.data.project import load_project
    from engine.workflows import train_model

    project = load_project(demo_dir / "car_evaluation.rtproj")
    table = read_table(project.data_path, project.sheet)
    model = train_model(get("cart"), table, project.spec, {}).model
    assert model.tree.case_values is not None
    c = Consultation(model.tree, model.spec, planning="planned")
    step = c.plan_step()
    assert step.action.name == "persons" and step.ends_at_once == pytest.approx(1 / 3, abs=1e-6)
    assert step.expected < step.follow
    assert "ends the case at once for 1 car in 3" in c.planner.reason(step, "car")


# ---- large trees: windows ---------------------------------------------------------------------------


def test_a_large_tree_is_planned_in_windows_never_above_following(monkeypatch):
    from engine import plan

    monkeypatch.setattr(plan, "MAX_PLAN_LEAVES", 4)
    tree, spec = deep_cheap_tree(), deep_cheap_spec()
    costs = CostModel.from_spec(spec, tree.schema.names)
    plans = planner_for(tree, costs, None)
    assert isinstance(plans, Windows)
    # following the tree from each node: the root's 11.5 (worked above), the A > 5 side 1 + 0.5 * 2
    horizon = follow_costs(tree, costs, None)
    assert horizon[0] == pytest.approx(11.5) and horizon[2] == pytest.approx(2.0) and horizon[1] == 1
    monkeypatch.setattr(plan, "WINDOW_LEAVES", 2)
    c = Consultation(tree, spec, planning="planned")
    window = c.planner
    assert window.root == 0 and not window.whole and window.is_open.any()
    step = c.plan_step()
    assert step.expected <= step.follow + 1e-9 and not step.exact
    assert "levels ahead" in window.reason(step)


def test_fuzzy_trees_plan_through_the_frontier():
    from engine.tree.model import FuzzySplit

    schema = DataSchema("y", ["no", "yes"], False, [AttributeSchema("A", "numeric")])
    t = Tree(schema)
    t.add(FuzzySplit(counts=[5, 5], label=0, children=[1, 2], feature=0, centres=[0.0, 1.0]))
    t.add(Leaf(counts=[5, 0], label=0), 0)
    t.add(Leaf(counts=[0, 5], label=1), 0)
    # issue 42: "planned" consults a fuzzy tree by utility (the frontier plan was dearer on the glass
    # HFDT); "frontier" plans it by engine.plan_frontier (tests/test_plan_frontier.py), not the crisp planner
    assert Consultation(t, None, planning="planned").planning == "utility"
    c = Consultation(t, None, planning="frontier")
    assert c.planning == "planned" and not c.planned and c.candidates()[0].expected is not None
    with pytest.raises(OptionError):
        Consultation(t, None, planning="clairvoyant")


def test_category_splits_with_no_branch_stop_the_case_there():
    """ID3/C4.5 leave a category no branch takes: the case stops at that node, as predict does."""
    schema = DataSchema("y", ["no", "yes"], False, [AttributeSchema("K", "nominal", categories=["r", "g", "b"]),
                                                      AttributeSchema("N", "numeric")])
    t = Tree(schema)
    t.add(CategorySplit(counts=[6, 6], label=1, children=[1, 2], feature=0, branches=[0, 1, -1]))
    t.add(ThresholdSplit(counts=[5, 1], label=0, children=[3, 4], feature=1, threshold=2.0), 0)
    t.add(Leaf(counts=[1, 5], label=1), 0)
    t.add(Leaf(counts=[5, 0], label=0), 1)
    t.add(Leaf(counts=[0, 1], label=1), 1)
    spec = ProblemSpec(target="y")
    spec.attributes = {"K": AttributeSettings(test_cost=5), "N": AttributeSettings(test_cost=1)}
    for k, n in itertools.product(range(3), (1.0, 3.0)):
        c = Consultation(t, spec, planning="planned")
        while not c.finished():
            best = c.candidates()[0]
            c.answer({t.schema.names[j]: (["r", "g", "b"][k] if j == 0 else n) for j in best.attributes}, best)
        assert c.outcome().label == predict(t, np.array([[k, n]]), "stop").labels[0]
    _ = UNKNOWN


def test_evaluate_compares_the_strategies_on_the_car_demo(demo_dir):
    """Cross-validated (5 folds): the planned strategy pays less than following the tree with the
    same labels (every value can be obtained), and its fold trees plan with their training values."""
    from engine.algorithms.registry import get
    from engine.data import read_table
    from engine.data.project import load_project
    from engine.workflows import Scoring, evaluate_algorithm

    from engine.data.encode import encode

    project = load_project(demo_dir / "car_evaluation.rtproj")
    table = read_table(project.data_path, project.sheet)
    data = encode(table, project.spec)
    runs = {s: {k: v["mean"] for k, v in
                evaluate_algorithm(get("cart"), data, project.spec, {}, cv=5, strategy=s).evaluation.summary().items()}
            for s in ("sequential", "planned")}
    paid = {s: m["avg_test_cost"] + m["avg_waiting_cost"] for s, m in runs.items()}
    assert paid["planned"] < 0.9 * paid["sequential"]
    assert runs["planned"]["avg_misclassification_cost"] == pytest.approx(runs["sequential"]["avg_misclassification_cost"])
    scoring = Scoring(get("cart"), data, project.spec, {}, "planned")
    from engine.algorithms.registry import resolve_params

    info = get("cart")
    tree = info.fit(data, project.spec, info.stage_params(resolve_params(info, {}, project.spec), "fit"))
    assert scoring.keep_case_values(tree, data).case_values is not None
    tree.case_values = None
    assert Scoring(get("cart"), data, project.spec, {}, "hybrid").keep_case_values(tree, data).case_values is None


# ---- the compiled programme against the Python one ----------------------------------------------


def rich_costs(tree: Tree, rng) -> CostModel:
    """Random test costs and waits, x1 a prerequisite of x0, x1 and x2 a batch group."""
    from engine.costs import Group

    p = len(tree.schema.names)
    return CostModel(tuple(tree.schema.names), tuple(float(c) for c in rng.integers(1, 10, p)),
                     tuple(float(c) for c in rng.integers(0, 3, p)), (0.0,) * p, (1, None, None),
                     (Group("panel", (1, 2), 2.0),), 1.0)


@pytest.mark.parametrize("seed", range(10))
def test_the_compiled_plan_is_the_python_plan(seed):
    """Every state the Python programme visits — from the start and after an unknown answer —
    has the same value and the same question in the compiled one (engine/kernels/plan_dp.py)."""
    rng = np.random.default_rng(100 + seed)
    tree = random_tree(rng, depth=4)
    while tree.n_leaves < 5:
        tree = random_tree(rng, depth=4)
    costs = rich_costs(tree, rng)
    matrix = rng.integers(1, 20, (3, 3)).astype(float)
    np.fill_diagonal(matrix, 0)
    starts = [(UNASKED,) * 3, (-2, UNASKED, UNASKED), (UNASKED, UNASKED, -2)]
    python, compiled = Planner(tree, costs, matrix), Planner(tree, costs, matrix)
    python.compiled = False
    assert compiled._kernel_tables() is not None
    for start in starts:
        python.value(start)
        compiled.value(start)
    assert len(python._memo) > 3
    for (state, _), (v, a) in list(python._memo.items()):
        vk, ak = compiled.value(state)
        assert vk == pytest.approx(v, rel=1e-9, abs=1e-12)
        assert (a is None and ak is None) or (a.name, a.attributes) == (ak.name, ak.attributes)
        # following the tree from there, and each question's expected cost
        assert compiled.follow_value(state) == pytest.approx(python.follow_value(state), rel=1e-9, abs=1e-12)
        assert [(x.name, q) for x, q in compiled.ranked(state)] == \
            [(x.name, pytest.approx(q, rel=1e-9, abs=1e-12)) for x, q in python.ranked(state)]


def test_the_compiled_plan_on_the_car_demo(demo_dir):
    from engine.algorithms.registry import get
    from engine.data import read_table
    from engine.data.project import load_project
    from engine.workflows import train_model

    project = load_project(demo_dir / "car_evaluation.rtproj")
    model = train_model(get("cart"), read_table(project.data_path, project.sheet), project.spec, {}).model
    costs = CostModel.from_spec(project.spec, model.schema.names)
    matrix = project.spec.misclassification_costs.as_array(model.schema.classes)
    python, compiled = Planner(model.tree, costs, matrix), Planner(model.tree, costs, matrix)
    python.compiled = False
    root = (UNASKED,) * 6
    assert python.value(root)[0] == pytest.approx(compiled.value(root)[0], rel=1e-12)
    assert len(python._memo) > 1000 and len(compiled._memo) == 1  # the compiled one keeps its own memo
    for (state, _), (v, a) in list(python._memo.items())[::7]:
        vk, ak = compiled.value(state)
        assert vk == pytest.approx(v, rel=1e-9) and (a is None) == (ak is None) and (a is None or a.name == ak.name)
    # under a budget the Python programme plans (it keeps what was spent in its states)
    budget = CostModel(costs.names, costs.test_costs, costs.wait_times, costs.wait_costs, costs.prerequisites,
                       costs.groups, costs.cost_per_time, budget=20.0)
    assert Planner(model.tree, budget, matrix)._kernel_tables() is None


@pytest.mark.parametrize("seed", range(6))
def test_following_the_tree_costs_from_each_node(seed):
    """follow_costs against a naive recursion: a pure subtree costs its answer's misclassification;
    a split costs its attribute's TC + WC0 unless tested above on the path (prerequisites and
    batch groups: the sequential strategy's node_costs), plus its children's by training weight."""
    rng = np.random.default_rng(200 + seed)
    tree = random_tree(rng, depth=4)
    matrix = rng.integers(1, 20, (3, 3)).astype(float)
    np.fill_diagonal(matrix, 0)
    plain = CostModel(tuple(tree.schema.names), (3.0, 5.0, 7.0), (1.0, 0.0, 2.0), (0.0, 0.5, 0.0), (None,) * 3)
    rich = rich_costs(tree, rng)
    below = tree.single_label_below()

    def naive(i, known, costs):
        node = tree.nodes[i]
        dist = node.counts / node.counts.sum()
        if node.is_leaf or below[i] >= 0:
            return float(dist @ matrix[:, below[i] if below[i] >= 0 else node.label])
        j = node.feature
        todo = costs.to_obtain([j], known)
        paid = {g.name for x in known if (g := costs.group_of(x)) is not None}
        bill = 0.0
        for x in todo:
            bill += costs.test_cost(x, paid) + costs.own_waiting_cost(x)
            paid |= {g.name} if (g := costs.group_of(x)) is not None else set()
        weights = np.array([tree.nodes[c].weight for c in node.children])
        return bill + sum(w * naive(c, known | set(todo), costs) for c, w in zip(node.children, weights)) / weights.sum()

    for costs in (plain, rich):
        assert follow_costs(tree, costs, matrix)[0] == pytest.approx(naive(0, set(), costs))
        inner = [i for i in tree.reachable() if tree.nodes[i].children]
        for i in inner[:4]:
            path = tree.path_to(i)[:-1]
            known = set(costs.to_obtain([tree.nodes[a].feature for a in path]))
            assert follow_costs(tree, costs, matrix)[i] == pytest.approx(naive(i, known, costs))
