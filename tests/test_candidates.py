"""Ranked candidates at a node (engine.candidates, `ruletree candidates`; issue 37).

The acceptance: at the root of CART on car and of C4.5 on heart, the first candidate is the
attribute and cut the learner chose; every listed criterion value equals a naive computation
from the node's counts (the twins below, straight from the definitions, beside tests/naive.py's);
the learners' other families (ID3, DP, RS, FACMI, IE, RT, REMT, M1, M2, M3) each at least once;
a node below the root by path and by number; --top; the command's JSON, table and errors; a
fuzzy and a trichotomy tree refused.
"""

from __future__ import annotations

import json
import math
import warnings

import numpy as np
import pytest

import naive
from engine.algorithms.registry import get, resolve_params
from engine.candidates import node_candidates, rank_candidates
from engine.cli import main
from engine.data.encode import AttributeSchema, DataSchema, EncodedData, encode_for_schema
from engine.data.spec import ProblemSpec
from engine.edits import EditError, edit_model
from engine.errors import OptionError, SpecError
from engine.model import Model
from engine.problem import open_problem
from engine.tree.node_cases import file_id, find_node, node_path
from engine.workflows import train_model

# ---- naive twins: a split's criterion from the class counts of its branches -------------------


def entropy_bits(counts) -> float:
    return naive.impurity(counts, 1)


def gini_decrease(branches) -> float:
    """CART: W·Gini(N) - Σ_b W_b·Gini(b), N the node (the branches together)."""
    node = np.sum(branches, axis=0)
    return node.sum() * naive.impurity(node, 0) - sum(b.sum() * naive.impurity(b, 0) for b in branches)


def information_gain(bags, unknown: float = 0.0) -> float:
    """Quinlan's gain in bits, scaled by the share of known values: (known / n) · (Info(known) -
    Σ_b |b| / known · Info(b)); the cases with the value missing weigh `unknown`."""
    bags = np.asarray(bags, dtype=float)
    known = bags.sum()
    total = known + unknown
    return known / total * (entropy_bits(bags.sum(axis=0)) - sum(b.sum() / known * entropy_bits(b) for b in bags))


def split_information(weights, unknown: float = 0.0) -> float:
    """-Σ_b (|b| / n) log2(|b| / n), the cases with the value missing a branch of their own."""
    total = sum(weights) + unknown
    return -sum(x / total * math.log2(x / total) for x in list(weights) + [unknown] if x > 0)


def c45_admissible_cuts(values, y, w, n_classes: int, M: float):
    """J48's cuts of a numeric attribute: midpoints between consecutive distinct known values
    whose sides both weigh at least minSplit = clamp(0.1 · known / K, M, 25); none when fewer
    than 2 minSplit cases are known. [(cut, left class weights)], the known class weights."""
    known = sorted([(v, k, wi) for v, k, wi in zip(values, y, w) if v == v], key=lambda t: t[0])
    known_counts = np.zeros(n_classes)
    for _, k, wi in known:
        known_counts[k] += wi
    min_split = 0.1 * known_counts.sum() / n_classes
    min_split = M if min_split <= M else min(min_split, 25.0)
    cuts = []
    if len(known) < 2 * min_split:
        return cuts, known_counts
    left = np.zeros(n_classes)
    for i in range(len(known) - 1):
        left[known[i][1]] += known[i][2]
        a, b = known[i][0], known[i + 1][0]
        if b > a and left.sum() >= min_split - 1e-12 and known_counts.sum() - left.sum() >= min_split - 1e-12:
            t = a / 2 + b / 2
            cuts.append((a if t >= b or t < a else t, left.copy()))
    return cuts, known_counts


def dependency(bags, total: float) -> float:
    """γ: the weight of the granules (values) wholly inside one class over the node's weight."""
    return sum(b.sum() for b in bags if np.count_nonzero(b) == 1) / total


def attribute_purity(bags) -> float:
    """Pure: Σ over the non-empty granules of their largest class share."""
    return sum(b.max() / b.sum() for b in bags if b.sum() > 0)


def children_cost(bags, cost) -> float:
    """MC(A): Σ_b min_j Σ_i N_bi · cost[i][j] (each child labelled by its least-cost class)."""
    return sum(min(sum(b[i] * cost[i][j] for i in range(len(b))) for j in range(len(cost))) for b in bags)


def min_max(values) -> list[float]:
    low, high = min(values), max(values)
    if high - low <= 1e-12 * max(1.0, abs(high), abs(low)):
        return [0.0] * len(values)
    return [(v - low) / (high - low) for v in values]


def test_costs(spec, names, tested):
    """§4.1 by hand: (TC, WC) of each attribute at a node whose path tested `tested`."""
    out = {}
    paid = {g.name for g in spec.batch_groups for a in g.attributes if a in tested}
    for name in names:
        s = spec.attribute(name)
        if name in tested:
            out[name] = (0.0, 0.0)
            continue
        group = next((g for g in spec.batch_groups if name in g.attributes), None)
        tc = max(s.test_cost - group.common_cost, 0.0) if group is not None and group.name in paid else s.test_cost
        time, p = s.wait_time, s.prerequisite
        while p is not None and p not in tested:
            time += spec.attribute(p).wait_time
            p = spec.attribute(p).prerequisite
        out[name] = (tc, spec.cost_per_time * time + s.wait_cost)
    return out


test_costs.__test__ = False  # a twin, not a test


# ---- the node's cases and counts, by hand -----------------------------------------------------


def rows_on_path(tree, node_id, X) -> np.ndarray:
    """The rows that follow the path to the node (data without missing values on it)."""
    rows = np.arange(len(X))
    path = tree.path_to(node_id)
    for parent, child in zip(path, path[1:]):
        node = tree.nodes[parent]
        position = node.children.index(child)
        rows = np.array([r for r in rows if node.branch_of(X[r, node.feature]) == position], dtype=np.int64)
    return rows


def value_bags(data, rows, j):
    """Class weights per value of attribute j among `rows` (its codes 0..m-1) and of the unknowns."""
    m = len(data.schema.attributes[j].categories)
    bags = np.zeros((m, len(data.classes)))
    unknown = 0.0
    for r in rows:
        v = data.X[r, j]
        if v != v:
            unknown += data.w[r]
        else:
            bags[int(v), data.y[r]] += data.w[r]
    return bags, unknown


def branch_counts(candidate, classes) -> np.ndarray:
    return np.array([[b.counts[c] for c in classes] for b in candidate.branches])


# ---- models -------------------------------------------------------------------------------------

_MODELS: dict = {}


def trained(project: str, algorithm: str, **params):
    """(model, data encoded as its schema) of the demo project, trained once per module."""
    key = (project, algorithm, tuple(sorted(params.items())))
    if key not in _MODELS:
        problem = open_problem(None, project=f"resources/demo/{project}.rtproj")
        model = train_model(get(algorithm), problem.table, problem.spec, params).model
        _MODELS[key] = model, encode_for_schema(problem.table, model.schema)
    return _MODELS[key]


@pytest.fixture(autouse=True)
def _in_the_repository(monkeypatch, request):
    monkeypatch.chdir(request.config.rootpath)


# ---- the acceptance: CART on car, C4.5 on heart --------------------------------------------------


def test_cart_on_car_first_candidate_is_the_learners_root_split_and_values_are_gini_decreases():
    model, data = trained("car_evaluation", "cart")
    root = model.tree.root
    ranking = node_candidates(model, data, "root")
    first = ranking.candidates[0]
    assert ranking.decision == "split" and ranking.criterion == "gini_decrease"
    assert (first.feature, first.threshold, first.chosen) == (root.feature, root.threshold, True)
    assert [c.chosen for c in ranking.candidates] == [True] + [False] * (len(ranking.candidates) - 1)
    # the cases each side receives are the learner's own: the tree's children's counts
    classes = data.classes
    np.testing.assert_array_equal(branch_counts(first, classes), [model.tree.nodes[c].counts for c in root.children])
    # every attribute, each at its best cut (brute force) and its value the Gini decrease of its listed counts
    assert sorted(c.feature for c in ranking.candidates) == list(range(len(data.schema.attributes)))
    for c in ranking.candidates:
        assert c.value == pytest.approx(gini_decrease(branch_counts(c, classes)), rel=1e-12)
        f, cut, gain, _, _ = naive.best_split(data.X[:, [c.feature]], data.y, data.w, range(data.n), [False],
                                              len(classes), 0, 1)
        assert (cut, c.value) == (c.threshold, pytest.approx(gain, rel=1e-12))
        assert sum(b.weight for b in c.branches) == data.n
    values = [c.value for c in ranking.candidates]
    assert values[1:] == sorted(values[1:], reverse=True) and values[0] >= values[1] - 1e-9


def test_c45_on_heart_first_candidate_is_the_learners_root_split_and_values_are_gain_ratios():
    model, data = trained("heart_zh", "c45")
    root = model.tree.root
    ranking = node_candidates(model, data, "root")
    first = ranking.candidates[0]
    assert ranking.criterion == "gain_ratio" and ranking.decision == "split"
    assert first.feature == root.feature and first.chosen
    assert first.threshold == getattr(root, "threshold", None)
    M, K, total = 2.0, len(data.classes), float(data.w.sum())
    rows = np.arange(data.n)
    expected = {}  # attribute -> (gain, ratio, cut or None), as J48 offers them
    for j, attr in enumerate(data.schema.attributes):
        if attr.kind == "nominal":
            bags, unknown = value_bags(data, rows, j)
            if np.count_nonzero(bags.sum(axis=1) >= M) < 2:
                continue
            gain = information_gain(bags, unknown)
            expected[j] = (gain, gain / split_information(bags.sum(axis=1), unknown), None)
            continue
        cuts, known = c45_admissible_cuts(data.X[:, j], data.y, data.w, K, M)
        if not cuts:
            continue
        unknown = total - known.sum()
        gains = [information_gain([left, known - left], unknown) for _, left in cuts]
        best = int(np.argmax(gains))  # the first largest: the lowest cut
        gain = gains[best] - math.log2(len(cuts)) / total  # Quinlan's MDL correction
        if gains[best] <= 0 or gain <= 0:
            continue
        left = cuts[best][1]
        expected[j] = (gain, gain / split_information([left.sum(), known.sum() - left.sum()], unknown), cuts[best][0])
    assert sorted(c.feature for c in ranking.candidates) == sorted(expected)
    average = sum(g for g, _, _ in expected.values()) / len(expected)
    for c in ranking.candidates:
        gain, ratio, cut = expected[c.feature]
        assert c.value == pytest.approx(ratio, rel=1e-9) and c.scores["gain"] == pytest.approx(gain, rel=1e-9)
        assert c.threshold == cut
        assert c.notes["average_gain"] == pytest.approx(average, rel=1e-9)
        assert c.notes["below_average_gain"] == (gain < average - 1e-3)
        # cases with the value missing go down every branch in proportion to the known weight
        assert sum(b.weight for b in c.branches) == pytest.approx(total)
    # the choice's order: its pick, then the gains at least average by ratio, then those below
    rest = ranking.candidates[1:]
    keys = [(not c.notes["below_average_gain"], c.value) for c in rest]
    assert keys == sorted(keys, reverse=True)
    assert any(c.notes["below_average_gain"] for c in rest)


def test_c45_ranks_the_gains_below_average_after_the_others():
    """Below the root of heart's unpruned tree (cases with the root's value missing come down with
    a share of their weight), a gain below the average ranks after a smaller gain ratio: the order
    is the choice's, not the gain ratio's."""
    model, data = trained("heart_zh", "c45", prune=False)
    node = model.tree.nodes[find_node(model.tree, "root/0")]
    ranking = node_candidates(model, data, "root/0")
    assert ranking.weight == pytest.approx(node.counts.sum(), rel=1e-12) and ranking.weight % 1 != 0
    assert list(ranking.counts.values()) == pytest.approx(node.counts.tolist(), rel=1e-12)
    assert ranking.candidates[0].feature == node.feature and ranking.candidates[0].chosen
    rest = ranking.candidates[1:]
    assert [(not c.notes["below_average_gain"], c.value) for c in rest] == \
        sorted([(not c.notes["below_average_gain"], c.value) for c in rest], reverse=True)
    below = [c.value for c in rest if c.notes["below_average_gain"]]
    assert below and max(below) > min(c.value for c in rest if not c.notes["below_average_gain"])


def test_heart_has_no_costs_so_no_candidate_carries_any():
    model, data = trained("heart_zh", "c45")
    ranking = node_candidates(model, data, "root")
    assert all(c.test_cost is None for c in ranking.candidates)
    assert all("costs" not in c for c in ranking.to_json()["candidates"])


# ---- a node below the root ---------------------------------------------------------------------------


def _internal_node(tree, depth: int) -> int:
    return next(i for i in tree.reachable() if not tree.nodes[i].is_leaf and len(tree.path_to(i)) == depth + 1)


def test_a_node_below_the_root_by_path_and_by_number():
    model, data = trained("car_evaluation", "cart", prune="none")
    tree = model.tree
    node_id = _internal_node(tree, 3)
    path = node_path(tree, node_id)
    node = tree.nodes[node_id]
    ranking = node_candidates(model, data, path)
    assert ranking.path == path and ranking.node == file_id(tree, node_id)
    first = ranking.candidates[0]
    assert (first.feature, first.threshold, first.chosen) == (node.feature, node.threshold, True)
    # the node's cases: its counts in the tree, and the rows that follow its path
    rows = rows_on_path(tree, node_id, data.X)
    assert ranking.weight == len(rows) == node.counts.sum()
    assert list(ranking.counts.values()) == node.counts.tolist()
    np.testing.assert_array_equal(branch_counts(first, data.classes), [tree.nodes[c].counts for c in node.children])
    for c in ranking.candidates:
        f, cut, gain, _, _ = naive.best_split(data.X[:, [c.feature]], data.y, data.w, rows, [False],
                                              len(data.classes), 0, 1)
        assert c.threshold == cut and c.value == pytest.approx(gain, rel=1e-12)
        assert c.value == pytest.approx(gini_decrease(branch_counts(c, data.classes)), rel=1e-12)
    by_number = node_candidates(model, data, f"#{ranking.node}")
    assert [c.to_json() for c in by_number.candidates] == [c.to_json() for c in ranking.candidates]
    assert [c.to_json() for c in rank_candidates(model, data, node_id)] == [c.to_json() for c in ranking.candidates]


def test_top_k_is_the_first_k_of_the_ranking():
    model, data = trained("car_evaluation", "cart")
    every = node_candidates(model, data, "root")
    top = node_candidates(model, data, "root", top=2)
    assert len(top.candidates) == 2 and top.offered == every.offered == 6
    assert [c.to_json() for c in top.candidates] == [c.to_json() for c in every.candidates[:2]]


# ---- every crisp family --------------------------------------------------------------------------

FIRST_IS_THE_ROOT_SPLIT = [("car_evaluation", "cart"), ("car_evaluation", "id3"), ("car_evaluation", "dp"),
                           ("car_evaluation", "rs"), ("car_evaluation", "facmi"), ("car_evaluation", "ie"),
                           ("car_evaluation", "rt"), ("car_evaluation", "remt"), ("car_evaluation", "mincost"),
                           ("car_evaluation", "m1"), ("heart_zh", "c45"), ("heart_zh", "m1")]


@pytest.mark.parametrize("project,algorithm", FIRST_IS_THE_ROOT_SPLIT)
def test_first_candidate_is_the_learners_root_split(project, algorithm):
    model, data = trained(project, algorithm)
    root = model.tree.root
    ranking = node_candidates(model, data, "root")
    first = ranking.candidates[0]
    assert ranking.decision == "split" and first.chosen
    assert (first.feature, first.threshold) == (root.feature, getattr(root, "threshold", None))
    if hasattr(root, "branches"):  # a split by value: the same grouping
        assert first.groups == [[data.schema.attributes[root.feature].categories[v] for v in root.allowed(pos)]
                                for pos in range(len(root.children))]


def test_id3_values_are_information_gains():
    model, data = trained("car_evaluation", "id3")
    ranking = node_candidates(model, data, "root")
    assert ranking.criterion == "information_gain"
    rows = np.arange(data.n)
    for c in ranking.candidates:
        bags, _ = value_bags(data, rows, c.feature)
        assert c.value == pytest.approx(information_gain(bags), rel=1e-12)
        np.testing.assert_array_equal(branch_counts(c, data.classes), bags)
    values = [c.value for c in ranking.candidates]
    assert values == sorted(values, reverse=True)


@pytest.mark.parametrize("algorithm", ["dp", "rs"])
def test_rough_set_values_are_dependency_and_purity(algorithm):
    model, data = trained("car_evaluation", algorithm)
    tree = model.tree
    node_id = tree.nodes[0].children[-1]  # below the root: the attribute tested there is not offered again
    ranking = node_candidates(model, data, node_path(tree, node_id))
    rows = rows_on_path(tree, node_id, data.X)
    assert ranking.criterion == "gamma" and tree.root.feature not in {c.feature for c in ranking.candidates}
    for c in ranking.candidates:
        bags, _ = value_bags(data, rows, c.feature)
        assert c.value == pytest.approx(dependency(bags, len(rows)), abs=1e-12)
        assert c.scores["purity"] == pytest.approx(attribute_purity(bags), rel=1e-12)
        assert c.scores["gain_ratio"] == pytest.approx(information_gain(bags) / split_information(bags.sum(axis=1)),
                                                       rel=1e-9)
    keys = [(round(c.value, 10), round(c.scores["purity"], 10)) if algorithm == "dp" else round(c.value, 10)
            for c in ranking.candidates]
    assert keys == sorted(keys, reverse=True)


def test_rs_notes_when_every_gamma_is_zero():
    """XOR-like classes: no value of one attribute is pure, every γ = 0; RS ranks by gain ratio."""
    rng = np.random.default_rng(4)
    X = rng.integers(0, 3, size=(90, 3)).astype(float)
    y = ((X[:, 0] + X[:, 1]) % 2).astype(np.int64)
    schema = DataSchema("y", ["a", "b"], False, [AttributeSchema(f"x{j}", "nominal", ["p", "q", "r"])
                                                  for j in range(3)])
    data = EncodedData(X, y, np.ones(90), schema, np.arange(90))
    info = get("rs")
    params = resolve_params(info, {})
    spec = ProblemSpec(target="y")
    model = Model("rs", params, spec, info.fit(data, spec, params), info.missing)
    ranking = node_candidates(model, data, "root")
    assert all(c.value == 0 for c in ranking.candidates)
    assert all(c.notes == {"every_gamma_zero": True} for c in ranking.candidates)
    ratios = [c.scores["gain_ratio"] for c in ranking.candidates]
    assert ratios == sorted(ratios, reverse=True)
    assert ranking.candidates[0].feature == model.tree.root.feature


def _ordinal_data(n: int = 40):
    rng = np.random.default_rng(7)
    X = np.round(rng.random((n, 3)) * 8) / 2
    score = X[:, 0] - X[:, 1] + 0.5 * X[:, 2] + rng.normal(scale=0.8, size=n)
    y = np.searchsorted(np.quantile(score, [1 / 3, 2 / 3]), score).astype(np.int64)
    schema = DataSchema("y", ["low", "mid", "high"], True,
                        [AttributeSchema("a", "numeric", monotone=1), AttributeSchema("b", "numeric", monotone=-1),
                         AttributeSchema("c", "numeric", monotone=1)])
    return EncodedData(X, y, np.ones(n), schema, np.arange(n))


@pytest.mark.parametrize("algorithm", ["facmi", "ie", "rt", "remt"])
def test_ordinal_values_are_the_criteria_of_the_pairs(algorithm):
    """FACMI, IE, RT, REMT on a small ordinal problem (one decreasing attribute, learnt as -b): each
    candidate's value is the pairwise definition's (tests/naive.py) at its cut, read on the turned
    values; IE's and RT's cut is the best of every cut."""
    data = _ordinal_data()
    info = get(algorithm)
    params = resolve_params(info, {})
    spec = ProblemSpec(target="y")
    model = Model(algorithm, params, spec, info.fit(data, spec, info.stage_params(params, "fit")), info.missing)
    ranking = node_candidates(model, data, "root")
    assert ranking.candidates[0].feature == model.tree.root.feature
    assert ranking.candidates[0].threshold == model.tree.root.threshold
    y, w = list(data.y), list(data.w)

    def twin(values, cut):
        if algorithm == "facmi":
            return naive.facmi(values, y, w, cut, naive.logistic(params["k"], float(np.std(values))))
        return {"ie": naive.ie, "rt": naive.rt, "remt": naive.rmi}[algorithm](values, y, w, cut)

    for c in ranking.candidates:
        sign = -1.0 if data.schema.attributes[c.feature].monotone < 0 else 1.0
        values = list(sign * data.X[:, c.feature])
        assert c.value == pytest.approx(twin(values, sign * c.threshold), rel=1e-9, abs=1e-12)
        if algorithm in ("ie", "rt"):
            distinct = sorted(set(values))
            best = max(twin(values, a / 2 + b / 2) for a, b in zip(distinct, distinct[1:]))
            assert c.value == pytest.approx(best, rel=1e-9)
        # the branches in the user's values: the low side (<= cut) first, as the tree routes them
        low = data.X[:, c.feature] <= c.threshold
        assert [b.weight for b in c.branches] == [float(low.sum()), float((~low).sum())]
    values = [c.value for c in ranking.candidates]
    assert values == sorted(values, reverse=True)


def test_mincost_values_are_normalised_costs_and_costs_are_priced_on_the_path():
    """M3 at the root and at a node whose path tested a member of the showroom visit (its other
    members then cost TC - CC): MC, TC, WC, GR by hand, F their normalised sum, ranked by F."""
    model, data = trained("car_evaluation", "mincost")
    spec, names, tree = model.spec, data.schema.names, model.tree
    cost = spec.misclassification_costs.as_array(data.classes)
    showroom = {"doors", "persons", "lug_boot"}
    below = next(i for i in tree.reachable() if not tree.nodes[i].is_leaf and len(tree.path_to(i)) > 1
                 and len(showroom & {names[tree.nodes[a].feature] for a in tree.path_to(i)[:-1]}) == 1)
    for node_id in (0, below):
        ranking = node_candidates(model, data, node_path(tree, node_id))
        assert ranking.criterion == "f"
        rows = rows_on_path(tree, node_id, data.X)
        tested = {names[tree.nodes[i].feature] for i in tree.path_to(node_id)[:-1]}
        prices = test_costs(spec, names, tested)
        raw = []
        for c in ranking.candidates:
            bags, _ = value_bags(data, rows, c.feature)
            gr = information_gain(bags) / split_information(bags.sum(axis=1))
            assert (c.test_cost, c.waiting_cost) == prices[c.attribute] == (c.scores["tc"], c.scores["wc"])
            assert c.scores["mc"] == pytest.approx(children_cost(bags, cost), rel=1e-12)
            assert c.scores["gr"] == pytest.approx(gr, rel=1e-9)
            raw.append((children_cost(bags, cost), *prices[c.attribute], gr))
        mc, tc, wc, gr = (min_max(column) for column in zip(*raw))
        f = [0.25 * (a + b + d) - 0.25 * e for a, b, d, e in zip(mc, tc, wc, gr)]
        assert [c.value for c in ranking.candidates] == pytest.approx(f, abs=1e-12)
        assert [round(v, 10) for v in f] == sorted(round(v, 10) for v in f)
        assert ranking.candidates[0].feature == tree.nodes[node_id].feature and ranking.candidates[0].chosen
    member = next(c for c in ranking.candidates if c.attribute in showroom)
    assert member.test_cost == spec.attribute(member.attribute).test_cost - 1  # the visit's common cost paid


def test_m2_ranks_by_total_cost_reduction_and_says_when_none_is_positive():
    model, data = trained("car_evaluation", "m2")
    cost = model.spec.misclassification_costs.as_array(data.classes)
    ranking = node_candidates(model, data, "root")
    assert model.tree.root.is_leaf and ranking.decision == "declines"
    assert not any(c.chosen for c in ranking.candidates)
    leaf = min(float(np.bincount(data.y, minlength=len(cost)) @ cost[:, j]) for j in range(len(cost)))
    for c in ranking.candidates:
        bags, _ = value_bags(data, np.arange(data.n), c.feature)
        reduction = leaf - (children_cost(bags, cost) + data.n * (c.test_cost + c.waiting_cost))
        assert c.value == pytest.approx(reduction, rel=1e-12)
        assert c.notes["reduction_not_positive"] == (reduction <= 1e-9 * leaf)
    values = [c.value for c in ranking.candidates]
    assert values == sorted(values, reverse=True)


@pytest.mark.parametrize("algorithm", ["c45", "id3", "dp", "mincost"])
def test_a_node_without_cases_offers_no_candidate(algorithm):
    """The learner never asks its splitter about a node without cases, and neither does the
    ranking (ID3's gains would divide by its zero weight)."""
    model, data = trained("heart_zh", algorithm)
    tree = model.tree
    empty = next(i for i in tree.reachable() if tree.nodes[i].counts.sum() == 0)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ranking = node_candidates(model, data, node_path(tree, empty))
    assert (ranking.weight, ranking.candidates, ranking.decision) == (0.0, [], "none")


# ---- a candidate as the expert's edit (the window's node pane: double-click a candidate) ----------


def test_a_candidate_made_by_its_edit_splits_the_node_into_its_listed_branches():
    model, data = trained("car_evaluation", "cart")
    second = node_candidates(model, data, "root").candidates[1]
    edited = edit_model(model, data, second.as_edit("root"))
    root = edited.tree.root
    assert (root.feature, root.threshold) == (second.feature, second.threshold)
    np.testing.assert_array_equal([edited.tree.nodes[c].counts for c in root.children],
                                  branch_counts(second, data.classes))
    assert second.split_text == " | ".join(b.label for b in second.branches)
    assert second.branch_weights == [b.weight for b in second.branches]


def test_a_value_no_branch_takes_goes_with_the_heaviest_branch_in_the_edit():
    """CART's value subsets leave out the values a node has no case of (the tree sends them down
    the heavier side): the edit puts them there, and keeps two branches."""
    model, data = trained("heart_zh", "cart", prune="none")
    path = "root/0/0/0/0"
    ranking = node_candidates(model, data, path)
    c = next(c for c in ranking.candidates if c.absent)
    heaviest = int(np.argmax(c.branch_weights))
    edit = c.as_edit(path)
    assert edit.groups[heaviest] == tuple(c.groups[heaviest] + c.absent)
    assert "absent" in c.to_json()
    edited = edit_model(model, data, edit)
    node = edited.tree.nodes[find_node(edited.tree, path)]
    assert len(node.children) == 2
    np.testing.assert_array_equal([edited.tree.nodes[k].counts for k in node.children],
                                  branch_counts(c, data.classes))


def test_intervals_of_a_discretised_attribute_are_no_edit():
    model, data = trained("heart_zh", "id3")
    c = next(c for c in node_candidates(model, data, "root").candidates if c.kind == "intervals")
    assert c.cuts and len(c.branches) == len(c.cuts) + 1
    with pytest.raises(EditError, match="intervals is not an edit"):
        c.as_edit("root")


# ---- the command -------------------------------------------------------------------------------------

CAR_XLSX = "resources/demo/car_evaluation.xlsx"


def test_cli_json_lists_the_ranked_candidates(tmp_path, capsys):
    model, data = trained("car_evaluation", "cart")
    model.save(tmp_path / "cart.json")
    assert main(["candidates", str(tmp_path / "cart.json"), "--data", CAR_XLSX, "--node", "root", "--top", "3",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["node"]["path"] == "root" and out["node"]["weight"] == data.n
    assert out["criterion"] == "gini_decrease" and out["decision"] == "split" and out["offered"] == 6
    first = out["candidates"][0]
    assert len(out["candidates"]) == 3 and first["chosen"] and first["rank"] == 1
    assert first["attribute"] == data.schema.attributes[model.tree.root.feature].name
    assert first["threshold"] == model.tree.root.threshold and first["kind"] == "threshold"
    assert [sum(b["counts"].values()) for b in first["branches"]] == [b["weight"] for b in first["branches"]]
    assert set(first["costs"]) == {"test", "waiting"}  # car prices its tests


def test_cli_table_marks_the_learners_choice(tmp_path, capsys):
    model, _ = trained("car_evaluation", "c45")
    model.save(tmp_path / "c45.json")
    assert main(["candidates", str(tmp_path / "c45.json"), "--data", CAR_XLSX, "--node", "root"]) == 0
    out = capsys.readouterr().out
    root = model.tree.attribute_name(model.tree.root.feature)
    assert "gain ratio" in out and "test cost" in out
    assert any(line.split()[:2] == ["1*", root] for line in out.splitlines())
    assert f"the learner splits this node by {root}" in out


@pytest.mark.parametrize("node,said", [("root/9", 'the tree has no node "root/9"'), ("#100000", "no node #100000"),
                                        ("banana", '"banana" names no node')])
def test_cli_bad_node_is_one_line_and_status_2(tmp_path, capsys, node, said):
    model, _ = trained("car_evaluation", "cart")
    model.save(tmp_path / "cart.json")
    assert main(["candidates", str(tmp_path / "cart.json"), "--data", CAR_XLSX, "--node", node]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and said in err


def test_cli_top_must_be_positive(tmp_path, capsys):
    assert main(["candidates", str(tmp_path / "none.json"), "--data", CAR_XLSX, "--node", "root", "--top", "0"]) == 2
    assert "--top must be at least 1" in capsys.readouterr().err


def test_bad_node_in_the_engine_is_an_option_error():
    model, data = trained("car_evaluation", "cart")
    with pytest.raises(OptionError, match="it is a leaf"):
        node_candidates(model, data, node_path(model.tree, model.tree.leaves()[0]) + "/0")


# ---- trees that are not crisp ------------------------------------------------------------------------


@pytest.mark.parametrize("algorithm,said", [("fuzzy_id3", "fuzzy splits"), ("trichotomy", "several attributes")])
def test_fuzzy_and_trichotomy_trees_are_refused(tmp_path, capsys, algorithm, said):
    rng = np.random.default_rng(0)
    X = rng.random((60, 2))
    y = (X[:, 0] + X[:, 1] > 1).astype(np.int64)
    schema = DataSchema("y", ["a", "b"], False, [AttributeSchema("x0", "numeric"), AttributeSchema("x1", "numeric")])
    data = EncodedData(X, y, np.ones(60), schema, np.arange(60))
    info = get(algorithm)
    params = resolve_params(info, {})
    spec = ProblemSpec(target="y")
    model = Model(algorithm, params, spec, info.fit(data, spec, info.stage_params(params, "fit")), info.missing)
    with pytest.raises(SpecError, match=said) as refused:
        node_candidates(model, data, "root")
    assert refused.value.code == "not_crisp"
    model.save(tmp_path / "m.json")
    (tmp_path / "d.csv").write_text("x0,x1,y\n" + "".join(f"{a},{b},{'ab'[k]}\n" for (a, b), k in zip(X, y)))
    assert main(["candidates", str(tmp_path / "m.json"), "--data", str(tmp_path / "d.csv"), "--node", "root"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and said in err


def test_a_guideline_is_refused_it_has_no_splitter():
    """The expert's typed rules (learner `guideline`) make a crisp tree, but no learner grew it
    split by split: there is no splitter of its own to rank with."""
    model, data = trained("car_evaluation", "guideline", text="IF safety = low THEN unacc; ELSE acc")
    with pytest.raises(SpecError, match="no splitter of its own") as refused:
        node_candidates(model, data, "root")
    assert refused.value.code == "not_crisp"
