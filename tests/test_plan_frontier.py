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
        r = simulate(tree, X, strategy, costs=model, cost_matrix=matrix)
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
    c = Consultation(tree, None, planning="planned")
    c.costs, c.groups = model, []
    assert c.planning == "planned" and c.candidates()[0].name == "B" and c.candidates()[0].expected is not None
    u = Consultation(tree, None)
    u.costs, u.groups = model, []
    assert u.candidates()[0].name == "A"
    c.answer({"B": 0.0}, c.candidates()[0])
    assert c.finished() and tree.labels[c.outcome().label] == "no"
    X = np.array(list(itertools.product((-0.5, 0.0, 0.3, 0.5, 1.0, 1.5), repeat=2)))
    planned = simulate(tree, X, "planned", costs=model)
    utility = simulate(tree, X, "hybrid", costs=model)
    assert (planned.labels == predict(tree, X, "stop").labels).all()
    assert planned.test_cost.mean() < utility.test_cost.mean()
    assert (planned.test_cost < utility.test_cost).sum() >= 10
