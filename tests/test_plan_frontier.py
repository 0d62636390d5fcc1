"""Planned consultations for fuzzy trees and trichotomy stages (issue 42 item 4,
engine/plan_frontier.py): the plan's expected cost against a naive brute force over every
question order on small random fuzzy trees and stage chains; every case played to the end ends
as `predict` does; the plan is never dearer than the utility order (over the plan's cases, and
on the glass HFDT and a trichotomy model with costs)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from engine.consult import Consultation
from engine.costs import CostModel
from engine.data.encode import AttributeSchema, DataSchema
from engine.plan_frontier import FuzzyPlanner, StagePlanner, frontier_plannable
from engine.strategies import simulate
from engine.tree.model import FuzzySplit, Leaf, Tree, TrichotomySplit
from engine.tree.predict import predict

REPS = (0.0, 0.5, 1.0)  # centres 0 and 1: one term fully, both at 0.5, the other fully


def random_fuzzy_tree(rng, depth=3, p=3) -> Tree:
    schema = DataSchema("y", ["a", "b"], False, [AttributeSchema(f"x{j}", "numeric") for j in range(p)])
    t = Tree(schema, aggregate=str(rng.choice(["label_sum", "distribution"])))

    def grow(parent, d, used):
        counts = rng.integers(0, 6, 2).astype(float) + np.eye(2)[rng.integers(2)] * 2
        free = [j for j in range(p) if j not in used]
        if d == depth or not free or (d > 0 and rng.random() < 0.2):
            t.add(Leaf(counts=counts, label=int(np.argmax(counts))), parent)
            return
        j = int(rng.choice(free))
        i = t.add(FuzzySplit(counts=counts, label=int(np.argmax(counts)), feature=j, centres=[0.0, 1.0]), parent)
        for _ in range(2):
            grow(i, d + 1, used | {j})
        t.nodes[i].children = [c for c in range(len(t.nodes)) if t.nodes[c].parent == i]

    grow(-1, 0, set())
    for i in reversed(t.reachable()):
        if t.nodes[i].children:
            t.nodes[i].counts = sum(t.nodes[c].counts for c in t.nodes[i].children)
            t.nodes[i].label = int(np.argmax(t.nodes[i].counts))
    t.changed()
    return t


def scenarios(tree, p):
    """Every (leaf, values) with its weight under the plan's model, written out naively: the leaf's
    mass x, per attribute, the membership of the value in the term its path takes (normalised over
    the three values), or the mass-weighted mix of the leaves testing it."""
    leaves = tree.leaves()

    def term(leaf, j):
        path = tree.path_to(leaf)
        for a, b in zip(path, path[1:]):
            if tree.nodes[a].feature == j:
                return tree.nodes[a].children.index(b)
        return None

    def share(pos, v):
        mu = [1 - v, v]  # centres 0 and 1
        return mu[pos] / sum(m[pos] for m in ([1, 0], [0.5, 0.5], [0, 1]))

    mass = {leaf: tree.nodes[leaf].counts.sum() + 1e-9 * tree.nodes[0].counts.sum() for leaf in leaves}
    mix = {}
    for j in range(p):
        testing = [leaf for leaf in leaves if term(leaf, j) is not None]
        if testing:
            row = np.array([sum(mass[leaf] * share(term(leaf, j), v) for leaf in testing) for v in REPS])
            mix[j] = row / row.sum()
        else:
            mix[j] = None
    out = []
    tested = [j for j in range(p) if mix[j] is not None]
    for leaf in leaves:
        for combo in itertools.product(range(3), repeat=len(tested)):
            w = mass[leaf]
            for j, r in zip(tested, combo):
                t = term(leaf, j)
                w *= share(t, REPS[r]) if t is not None else mix[j][r]
            if w > 0:
                out.append((leaf, dict(zip(tested, combo)), w))
    return out, tested


def naive_value(tree, costs, matrix, p) -> float:
    """Brute force: every order of questions (any unasked tested attribute), the end rule of the
    consultation (engine.consult: every frontier node a leaf, nothing on the frontier to ask, or
    every frontier node settled given the values so far) on the values given, the misclassification cost of its
    answer over the scenarios still possible."""
    cases, tested = scenarios(tree, p)
    model = CostModel(tuple(tree.schema.names), tuple(costs), (0.0,) * p, (0.0,) * p, (None,) * p)

    def consult(vals):
        c = Consultation(tree, None)
        c.costs, c.groups, c.cost_matrix = model, [], matrix
        c.values = {j: REPS[r] for j, r in vals.items()}
        return c

    def value(vals):
        alive = [(leaf, w) for leaf, v, w in cases if all(v[j] == r for j, r in vals.items())]
        total = sum(w for _, w in alive)
        c = consult(vals)
        c._frontier_plan = True  # settled given the answers so far (the planned end rule)
        if all(tree.nodes[n].is_leaf for n, _ in c.frontier()) or not c._rank() or c.settled():
            label = c.tentative().label
            return sum(w * (tree.nodes[leaf].counts / tree.nodes[leaf].counts.sum()) @ matrix[:, label]
                       for leaf, w in alive) / total
        best = np.inf
        for j in tested:
            if j in vals:
                continue
            e = costs[j]
            for r in range(3):
                pr = sum(w for leaf, v, w in cases if all(v[k] == s for k, s in {**vals, j: r}.items())) / total
                if pr > 0:
                    e += pr * value({**vals, j: r})
            best = min(best, e)
        return best

    return value({}), cases, model


SEEDS = range(12)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_fuzzy_plan_matches_a_brute_force_and_never_costs_more_than_utility(seed):
    rng = np.random.default_rng(seed)
    tree = random_fuzzy_tree(rng)
    p = 3
    costs = [float(c) for c in rng.integers(1, 10, p)]
    matrix = rng.integers(5, 40, (2, 2)).astype(float)
    np.fill_diagonal(matrix, 0)
    assert frontier_plannable(tree)
    naive, cases, model = naive_value(tree, costs, matrix, p)
    planner = FuzzyPlanner(tree, model, matrix)
    questions = planner.plan({}, object(), 0.0)
    planned = questions[0].expected if questions else None
    if planned is not None:
        assert planner.exact
        assert planned == pytest.approx(naive, rel=1e-9, abs=1e-9)
    # every plan case played to the end: the utility consultation's answer (predict's), and the mean
    # cost (tests + misclassification) is the plan's expected cost, never above the utility order's
    X = np.array([[REPS[v[j]] if j in v else 0.0 for j in range(p)] for _, v, _ in cases])
    w = np.array([w for _, _, w in cases])
    w = w / w.sum()
    dist = np.array([tree.nodes[leaf].counts / tree.nodes[leaf].counts.sum() for leaf, _, _ in cases])
    out = {}
    for strategy in ("hybrid", "planned"):
        r = simulate(tree, X, strategy, costs=model, cost_matrix=matrix, planning="frontier")
        assert (r.labels == predict(tree, X, "stop").labels).all() or strategy == "hybrid"
        mc = (dist * matrix[:, r.labels].T).sum(axis=1)
        out[strategy] = float(w @ (r.test_cost + mc))
    if planned is not None:
        assert out["planned"] == pytest.approx(planned, rel=1e-6)
    assert out["planned"] <= out["hybrid"] + 1e-9


def deep_cheap_fuzzy_tree() -> Tree:
    """A (costs 10) at the root, B (costs 1) below both of its terms; B's low term says "no" on
    both sides, its high term "yes" on one side and "no" on the other."""
    schema = DataSchema("y", ["no", "yes"], False, [AttributeSchema("A", "numeric"), AttributeSchema("B", "numeric")])
    t = Tree(schema, aggregate="label_sum")
    t.add(FuzzySplit(counts=[12, 4], label=0, children=[1, 2], feature=0, centres=[0.0, 1.0]))
    t.add(FuzzySplit(counts=[4, 4], label=0, children=[3, 4], feature=1, centres=[0.0, 1.0]), 0)
    t.add(FuzzySplit(counts=[8, 0], label=0, children=[5, 6], feature=1, centres=[0.0, 1.0]), 0)
    t.add(Leaf(counts=[4, 0], label=0), 1)
    t.add(Leaf(counts=[0, 4], label=1), 1)
    t.add(Leaf(counts=[4, 0], label=0), 2)
    t.add(Leaf(counts=[4, 0], label=0), 2)
    return t


def test_a_deeper_cheap_fuzzy_question_first():
    """The utility order can only ask A (the frontier's test); the plan asks B first: B at its low
    centre ends the case at once ("no" whatever A is), and every case ends with predict's label,
    paying less on average."""
    tree = deep_cheap_fuzzy_tree()
    model = CostModel(("A", "B"), (10.0, 1.0), (0.0, 0.0), (0.0, 0.0), (None, None))
    by_default = Consultation(tree, None, planning="planned")  # a fuzzy tree: planned consults by utility
    assert by_default.planning == "utility" and not by_default._frontier_plan
    c = Consultation(tree, None, planning="frontier")
    c.costs, c.groups = model, []
    assert c.planning == "planned" and c.candidates()[0].name == "B" and c.candidates()[0].expected is not None
    u = Consultation(tree, None)
    u.costs, u.groups = model, []
    assert u.candidates()[0].name == "A"
    c.answer({"B": 0.0}, c.candidates()[0])
    assert c.finished() and tree.labels[c.outcome().label] == "no"
    X = np.array(list(itertools.product((-0.5, 0.0, 0.3, 0.5, 1.0, 1.5), repeat=2)))
    planned = simulate(tree, X, "planned", costs=model, planning="frontier")
    utility = simulate(tree, X, "hybrid", costs=model)
    assert (planned.labels == predict(tree, X, "stop").labels).all()
    assert planned.test_cost.mean() < utility.test_cost.mean()
    assert (planned.test_cost < utility.test_cost).sum() >= 10


# ---- the demos: the glass HFDT and a trichotomy model, 40 scripted cases --------------------------


def glass_hfdt():
    """The glass demo's HFDT (its hierarchy) with random costs (seed 2, as
    tests/benchmarks/consult_planned.py draws them), 40 of its rows (seed 0)."""
    from engine.algorithms.registry import get
    from engine.data import read_table
    from engine.data.encode import encode
    from engine.data.project import load_project
    from engine.data.spec import AttributeSettings
    from engine.workflows import train_model

    from conftest import ROOT

    project = load_project(str(ROOT / "resources" / "demo" / "glass.rtproj"))
    table = read_table(project.data_path, project.sheet)
    tree = train_model(get("hfdt"), table, project.spec, {}).model.tree
    data = encode(table, project.spec)
    rng = np.random.default_rng(2)
    spec = project.spec
    for k, name in enumerate(tree.schema.names):
        spec.attributes[name] = AttributeSettings(test_cost=float(rng.integers(1, 21)),
                                                  wait_time=float(rng.integers(1, 4)) if k % 3 == 2 else 0.0)
    spec.cost_per_time = 1.0
    return tree, spec, data.X[np.random.default_rng(0).choice(data.n, 40, replace=False)]


def trichotomy_model():
    """Two Gaussian classes in 3 attributes (test_consult_trichotomy's problem, one more attribute),
    costs: X1 dear and slow, X2 and X3 cheap, X2 and X3 a batch group; 40 cases drawn apart."""
    from engine.algorithms.registry import get, resolve_params
    from engine.data.encode import EncodedData
    from engine.data.spec import AttributeSettings, BatchGroup, ProblemSpec

    rng = np.random.default_rng(7)
    n = 600
    X = np.vstack([rng.normal(0.0, 1.0, size=(n, 3)), rng.normal(1.5, 1.0, size=(n, 3))])
    y = np.repeat([0, 1], n)
    schema = DataSchema("y", ["Lo", "Hi"], False, [AttributeSchema(f"X{j + 1}", "numeric") for j in range(3)])
    data = EncodedData(X, y, np.ones(len(y)), schema, np.arange(len(y)))
    info = get("trichotomy")
    tree = info.fit(data, None, resolve_params(info, {"trim": 0.05}))
    spec = ProblemSpec(target="y", cost_per_time=1.0)
    spec.attributes = {"X1": AttributeSettings(test_cost=4.0, wait_time=3.0),
                       "X2": AttributeSettings(test_cost=3.0, wait_time=2.0),
                       "X3": AttributeSettings(test_cost=3.0, wait_time=2.0)}
    spec.batch_groups = [BatchGroup("panel", ["X1", "X2", "X3"], common_cost=2.0)]
    cases = np.vstack([rng.normal(0.0, 1.0, size=(20, 3)), rng.normal(1.5, 1.0, size=(20, 3))])
    return tree, spec, cases


@pytest.mark.parametrize("problem,planning", [
    ("glass HFDT", "planned"),  # the default: a fuzzy tree consulted by utility (no dearer, by construction)
    pytest.param("glass HFDT", "frontier", marks=pytest.mark.xfail(strict=True, reason=(
        "issue 42 acceptance not met by the frontier plan: on these 40 cases it pays 101.92 against the "
        "utility order's 101.10 (3 cases dearer, none cheaper; RESULTS.md, the planned consultation), so "
        "it is not the default"))),
    ("trichotomy", "planned")])
def test_the_demos_end_like_predict_and_pay_no_more_than_the_utility_order(problem, planning):
    tree, spec, X = glass_hfdt() if problem == "glass HFDT" else trichotomy_model()
    assert frontier_plannable(tree)
    planned = simulate(tree, X, "planned", spec=spec, planning=planning)
    utility = simulate(tree, X, "hybrid", spec=spec)
    assert (planned.labels == predict(tree, X, "stop").labels).all()
    paid = (planned.test_cost + planned.waiting_cost).mean()
    assert paid <= (utility.test_cost + utility.waiting_cost).mean() + 1e-9
    c = Consultation(tree, spec, planning=planning)
    if problem == "glass HFDT" and planning == "planned":
        assert c.planning == "utility"
    else:
        assert c.planning == "planned" and c.candidates()[0].expected is not None


def random_chain(rng, stages=3, p=4) -> Tree:
    """A chain of trichotomy stages: stage s scores the first s + 1 attributes of a random order;
    Lo and Hi leaves, the middle to the next stage, a PENDING leaf at the end."""
    from engine.tree.model import PENDING

    schema = DataSchema("y", ["Lo", "Hi"], False, [AttributeSchema(f"x{j}", "numeric") for j in range(p)])
    t = Tree(schema)
    order = [int(j) for j in rng.permutation(p)]
    parent = -1
    for s in range(stages):
        node = TrichotomySplit(counts=[0.0, 0.0], label=PENDING, features=order[:s + 1],
                               weights=list(rng.normal(size=s + 1)), low=-0.5, high=0.5)
        i = t.add(node, parent)
        if parent >= 0:
            t.nodes[parent].children.append(i)
        lo = t.add(Leaf(counts=[float(rng.integers(1, 9)), float(rng.integers(0, 3))], label=0), i)
        hi = t.add(Leaf(counts=[float(rng.integers(0, 3)), float(rng.integers(1, 9))], label=1), i)
        node.children = [lo, hi]
        parent = i
    end = t.add(Leaf(counts=[float(rng.integers(1, 5)), float(rng.integers(1, 5))], label=PENDING), parent)
    t.nodes[parent].children.append(end)
    for i in reversed(t.reachable()):
        if t.nodes[i].children:
            t.nodes[i].counts = sum(t.nodes[c].counts for c in t.nodes[i].children)
    t.changed()
    return t


def naive_chain_value(tree, costs, waits, matrix) -> float:
    """Brute force: any non-empty set of unasked attributes at each step; the case is decided at
    the first stage whose branch, by the stages' training masses, is Lo or Hi once its attributes
    are all known; PENDING past the last stage costs the worst error of the PENDING leaf's classes."""
    stages = [i for i in tree.reachable() if not tree.nodes[i].is_leaf]
    p = len(costs)

    def leaf_cost(i):
        node = tree.nodes[i]
        d = node.counts / node.counts.sum()
        return float(d @ matrix.max(axis=1)) if node.label < 0 else float(d @ matrix[:, node.label])

    def value(s, known):
        if s == len(stages):
            return leaf_cost(tree.nodes[stages[-1]].children[2])
        node = tree.nodes[stages[s]]
        if set(node.features) <= known:
            w = np.array([tree.nodes[c].counts.sum() for c in node.children])
            w = w / w.sum()
            return w[0] * leaf_cost(node.children[0]) + w[1] * leaf_cost(node.children[1]) + w[2] * value(s + 1, known)
        best = np.inf
        rest = [j for j in range(p) if j not in known]
        for size in range(1, len(rest) + 1):
            for ask in itertools.combinations(rest, size):
                best = min(best, sum(costs[j] + waits[j] for j in ask) + value(s, known | set(ask)))
        return best

    return value(0, set())


@pytest.mark.parametrize("seed", range(8))
def test_the_stage_plan_matches_a_brute_force(seed):
    rng = np.random.default_rng(seed)
    tree = random_chain(rng)
    p = 4
    costs = [float(c) for c in rng.integers(1, 10, p)]
    waits = [float(c) for c in rng.integers(0, 4, p)]
    matrix = rng.integers(5, 40, (2, 2)).astype(float)
    np.fill_diagonal(matrix, 0)
    assert frontier_plannable(tree)
    model = CostModel(tuple(tree.schema.names), tuple(costs), tuple(waits), (0.0,) * p, (None,) * p,
                      cost_per_time=1.0)
    planner = StagePlanner(tree, model, matrix)
    questions = planner.plan({}, object(), 0.0)
    assert questions[0].expected == pytest.approx(naive_chain_value(tree, costs, waits, matrix), rel=1e-9)
    # a deeper stage asked at once is among the questions weighed, with PENDING as an outcome
    assert len(questions) == 3 and min(q.ends_at_once for q in questions) < 1.0
