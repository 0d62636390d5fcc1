"""Minimum-cost trees M3 (`mincost`), M1 and M2 (seed 003, ALGORITHMS.md §4.1–4.4) on a worked
example computed by hand, cross-checked by a naive computation straight from the definitions.

The worked example: 10 cases, classes no (0) / yes (1), cost of predicting j for class i

    MC = [[0, 1],      predicting yes for a "no" costs 1
          [4, 0]]      predicting no for a "yes" costs 4

    case  A   B   C    y          attribute  TC  WCT  WCS  prerequisite  group
    1     a1  b1  1    yes        A          10  2    0    -             blood (common cost 4)
    2     a1  b1  2    yes        B           6  3    1    -             blood
    3     a1  b2  3    yes        C          20  3    2    A             -
    4     a1  b3  ?    no
    5     a1  b2  5    no         cost per time 1
    6     a2  b2  6    yes
    7     a2  b3  7    no
    8     a2  b3  8    no
    9     a2  ?   9    no
    10    a2  b1  10   no

Root: 4 yes, 6 no. As a leaf: "no" costs 4·4 = 16, "yes" costs 6·1 = 6 -> label yes, cost 6.

Raw MC at the root (each child its cheapest label, cases missing the attribute stay with "yes"):
    A: a1 = 3y 2n -> min(3·4, 2·1) = 2; a2 = 1y 4n -> min(1·4, 4·1) = 4        MC(A) = 6
    B: b1 = {1,2,10} 2y 1n -> 1; b2 = {3,5,6} 2y 1n -> 1; b3 = {4,7,8} 3n -> 0;
       case 9 (no) missing, labelled yes -> 1                                   MC(B) = 3
    C: known values 1y 2y 3y 5n 6y | 7n 8n 9n 10n: the cut 6.5 leaves 4y 1n (-> yes, 1) and
       4n (-> no, 0); every other cut costs more (1.5: 5, 2.5: 5, 4: 4, 5.5: 5, 7.5: 2, 8.5: 3,
       9.5: 4); case 4 (no) missing, labelled yes -> 1                           MC(C) = 2
TC, WC at the root (nothing known, nothing paid): A 10, WC(A) = 2 + 0 = 2;
    B 6, WC(B) = 3 + 1 = 4; C 20, WC(C) = (3 + WCT(A) = 2) + 2 = 7 (its prerequisite's wait).
GR (C4.5: gain scaled by the known share; split info with the unknowns as a bag):
    H(4/10) = 0.970951, H(4/9) = 0.991076, H(1/3) = 0.918296, H(1/5) = 0.721928 (bits)
    A: gain = 0.970951 - ½·0.970951 - ½·0.721928 = 0.124511; split info 1     GR 0.124511
    B: known 9: gain = 0.9·(0.991076 - 2·(3/9)·0.918296) = 0.9·0.378879 = 0.340991;
       split info over 3,3,3 and 1 unknown of 10 = 3·0.521090 + 0.332193 = 1.895462 GR 0.179899
    C: known 9: gain = 0.9·(0.991076 - (5/9)·0.721928) = 0.9·0.590005 = 0.531004;
       split info over 5, 4 and 1 unknown = 0.5 + 0.528771 + 0.332193 = 1.360964   GR 0.390168
Normalised (min-max over A, B, C):
    MC' = (6-2)/4, (3-2)/4, 0 = 1, 0.25, 0
    TC' = (10-6)/14, 0, 1 = 2/7, 0, 1
    WC' = 0, (4-2)/5, 1 = 0, 0.4, 1
    GR' = 0, (0.179899-0.124511)/(0.390168-0.124511) = 0.208492, 1
F = ¼·(MC' + TC' + WC' - GR'):
    F(A) = ¼·(1 + 2/7) = 0.321429;  F(B) = ¼·(0.25 + 0.4 - 0.208492) = 0.110377;
    F(C) = ¼·(0 + 1 + 1 - 1) = 0.25                                   -> the root tests B.
"""

from __future__ import annotations

import itertools
import json
import math

import numpy as np
import pytest

from engine.algorithms import registry
from engine.algorithms.mincost import MinF, _splitter, choose_m2, reduction
from engine.algorithms.registry import get, resolve_params
from engine.data.encode import AttributeSchema, DataSchema, EncodedData
from engine.data.spec import AttributeSettings, BatchGroup, CostMatrix, ProblemSpec
from engine.errors import OptionError
from engine.tree.model import Tree
from engine.tree.predict import predict

NAN = math.nan
A_COL = [0, 0, 0, 0, 0, 1, 1, 1, 1, 1]
B_COL = [0, 0, 1, 2, 1, 1, 2, 2, NAN, 0]
C_COL = [1, 2, 3, NAN, 5, 6, 7, 8, 9, 10]
Y = [1, 1, 1, 0, 0, 1, 0, 0, 0, 0]


def worked_example(scale: float = 1.0):
    """The module docstring's table and problem (the cost matrix times `scale`)."""
    X = np.column_stack([A_COL, B_COL, C_COL]).astype(float)
    schema = DataSchema("y", ["no", "yes"], False, [
        AttributeSchema("A", "nominal", ["a1", "a2"]), AttributeSchema("B", "nominal", ["b1", "b2", "b3"]),
        AttributeSchema("C", "numeric")])
    data = EncodedData(X, np.array(Y), np.ones(10), schema, np.arange(10))
    spec = ProblemSpec(target="y")
    spec.attributes = {"A": AttributeSettings(test_cost=10, wait_time=2),
                       "B": AttributeSettings(test_cost=6, wait_time=3, wait_cost=1),
                       "C": AttributeSettings(test_cost=20, wait_time=3, wait_cost=2, prerequisite="A")}
    spec.batch_groups = [BatchGroup("blood", ["A", "B"], common_cost=4)]
    spec.misclassification_costs = CostMatrix(["no", "yes"], [[0, scale * 1], [scale * 4, 0]])
    return data, spec


def twins_example(n: int = 40, seed: int = 3):
    """Three copies of one informative nominal attribute, D1, D2, D3, with a noisy class, plus a
    numeric one x, dear (TC 10, WCT 10). D1 and D3: TC 1, WCT 3; D2: TC 3, WCT 1. MC and GR of
    the copies are equal, TC' = 0, 2/9, 0 and WC' = 2/9, 0, 2/9: with w2 = w3 their F tie and
    the tie order decides."""
    rng = np.random.default_rng(seed)
    d = rng.integers(0, 3, n)
    x = rng.random(n) * 10
    y = ((d == 2) | (x > 7)).astype(np.int64)
    flip = rng.random(n) < 0.15
    y[flip] = 1 - y[flip]
    x[rng.random(n) < 0.1] = NAN
    X = np.column_stack([d, d, d, x]).astype(float)
    values = ["u", "v", "w"]
    schema = DataSchema("y", ["no", "yes"], False, [
        AttributeSchema("D1", "nominal", values), AttributeSchema("D2", "nominal", values),
        AttributeSchema("D3", "nominal", values), AttributeSchema("x", "numeric")])
    data = EncodedData(X, y, np.ones(n), schema, np.arange(n))
    spec = ProblemSpec(target="y")
    spec.attributes = {"D1": AttributeSettings(test_cost=1, wait_time=3),
                       "D2": AttributeSettings(test_cost=3, wait_time=1),
                       "D3": AttributeSettings(test_cost=1, wait_time=3),
                       "x": AttributeSettings(test_cost=10, wait_time=10)}
    spec.misclassification_costs = CostMatrix(["no", "yes"], [[0, 1], [3, 0]])
    return data, spec


def fit(name, data, spec, **params):
    info = get(name)
    return info.fit(data, spec, resolve_params(info, params))


def root_candidates(data, spec, weights=(0.25,) * 4, **options):
    splitter = _splitter(data, spec)
    cases = splitter.root()
    candidates = splitter.candidates(cases)
    chosen = MinF(weights, **options)(candidates, cases)
    return {c.attribute: c for c in candidates}, chosen


def root_attribute(tree: Tree):
    node = tree.nodes[0]
    return None if node.is_leaf else tree.schema.attributes[node.feature].name


# ---- the naive twin: the §4.2 definitions on lists of cases ------------------------------------


def _h(counts):
    total = sum(counts)
    return -sum(c / total * math.log2(c / total) for c in counts if c > 0) if total else 0.0


def naive_scores(values, y, cost, node_label, K=2):
    """MC, gain ratio of a partition given as one value per case (None: missing) — from scratch."""
    n = len(y)
    known = [i for i, v in enumerate(values) if v is not None]
    groups: dict = {}
    for i in known:
        groups.setdefault(values[i], []).append(y[i])
    mc = 0.0
    for members in groups.values():
        mc += min(sum(cost[c][j] for c in members) for j in range(K))
    mc += sum(cost[y[i]][node_label] for i in range(n) if values[i] is None)
    known_y = [y[i] for i in known]
    before = _h([known_y.count(k) for k in range(K)])
    after = sum(len(m) / len(known) * _h([m.count(k) for k in range(K)]) for m in groups.values())
    gain = len(known) / n * (before - after)
    sizes = [len(m) for m in groups.values()] + ([n - len(known)] if len(known) < n else [])
    split_info = -sum(s / n * math.log2(s / n) for s in sizes)
    return mc, gain / split_info


def naive_best_cut(values, y, cost, node_label):
    """Every midpoint cut of a numeric column: the smallest MC (then the largest GR, then lowest)."""
    distinct = sorted({v for v in values if v is not None})
    best = None
    for lo, hi in itertools.pairwise(distinct):
        t = (lo + hi) / 2
        side = [None if v is None else v > t for v in values]
        mc, gr = naive_scores(side, y, cost, node_label)
        if best is None or (round(mc, 9), -round(gr, 9)) < (round(best[1], 9), -round(best[2], 9)):
            best = (t, mc, gr)
    return best


# ---- M3 at the root of the worked example --------------------------------------------------------


def test_root_scores_of_the_worked_example_by_hand():
    data, spec = worked_example()
    by, chosen = root_candidates(data, spec)
    A, B, C = by[0], by[1], by[2]
    assert [A["mc"], B["mc"], C["mc"]] == [6, 3, 2]
    assert C.detail == 6.5  # the cut of smallest MC
    assert [A["tc"], B["tc"], C["tc"]] == [10, 6, 20]
    assert [A["wc"], B["wc"], C["wc"]] == [2, 4, 7]  # C waits for its prerequisite A too
    assert [A["gr"], B["gr"], C["gr"]] == pytest.approx([0.124511, 0.179899, 0.390168], abs=1e-6)
    assert [A["mc_n"], B["mc_n"], C["mc_n"]] == [1, 0.25, 0]
    assert [A["tc_n"], B["tc_n"], C["tc_n"]] == pytest.approx([2 / 7, 0, 1])
    assert [A["wc_n"], B["wc_n"], C["wc_n"]] == pytest.approx([0, 0.4, 1])
    assert [A["gr_n"], B["gr_n"], C["gr_n"]] == pytest.approx([0, 0.208492, 1], abs=1e-6)
    assert [A["f"], B["f"], C["f"]] == pytest.approx([0.321429, 0.110377, 0.25], abs=1e-6)
    assert chosen is B
    assert root_attribute(fit("mincost", data, spec)) == "B"


def test_root_scores_match_a_naive_computation():
    data, spec = worked_example()
    by, _ = root_candidates(data, spec)
    cost = [[0, 1], [4, 0]]
    as_values = lambda col: [None if math.isnan(v) else v for v in col]
    for j, column in ((0, A_COL), (1, B_COL)):
        mc, gr = naive_scores(as_values(column), Y, cost, node_label=1)
        assert by[j]["mc"] == pytest.approx(mc) and by[j]["gr"] == pytest.approx(gr)
    t, mc, gr = naive_best_cut(as_values(C_COL), Y, cost, node_label=1)
    assert by[2].detail == t and by[2]["mc"] == pytest.approx(mc) and by[2]["gr"] == pytest.approx(gr)


def test_costs_below_a_tested_attribute_prerequisite_and_batch():
    """w3 alone (only the waiting cost counts): the root tests A (WC' = 0). Below it, at a1 =
    cases 1-5: B's group "blood" was paid by A, so TC(B) = 6 - 4 = 2 (WC still 4); C's
    prerequisite A is known, so WC(C) = 3 + 2 = 5 (not 7); TC(C) = 20."""
    data, spec = worked_example()
    tree = fit("mincost", data, spec, w1=0, w2=0, w3=1, w4=0)
    assert root_attribute(tree) == "A"
    splitter = _splitter(data, spec)
    _, children = splitter.split(splitter.root(), root_candidates(data, spec, (0, 0, 1, 0))[1])
    a1 = children[0].cases
    assert sorted(a1.data.rows.tolist()) == [0, 1, 2, 3, 4]
    by = {c.attribute: c for c in splitter.candidates(a1)}
    assert set(by) == {1, 2}  # A is used on the path
    assert (by[1]["tc"], by[1]["wc"]) == (2, 4)
    assert (by[2]["tc"], by[2]["wc"]) == (20, 5)


def test_tie_in_f_goes_to_the_smaller_raw_mc():
    """w = (0.4, 0, 0.75, 0): F(A) = 0.4·1 = 0.4; F(B) = 0.4·0.25 + 0.75·0.4 = 0.1 + 0.3 = 0.4
    (0.30000000000000004 in floating point: compared to 10 decimals); F(C) = 0.75·1 = 0.75.
    A and B tie; B has the smaller raw MC (3 < 6)."""
    data, spec = worked_example()
    by, chosen = root_candidates(data, spec, (0.4, 0, 0.75, 0))
    assert by[0]["f"] == pytest.approx(0.4) and by[1]["f"] == pytest.approx(0.4)
    assert chosen.attribute == 1
    assert root_attribute(fit("mincost", data, spec, w1=0.4, w2=0, w3=0.75, w4=0)) == "B"


def test_tie_in_f_and_mc_goes_to_the_test_cost_then_the_waiting_cost_then_the_index():
    """Twins: D1, D2, D3 are the same column: MC and GR tie. TC' = 0, 2/9, 0 and WC' = 2/9, 0,
    2/9, so with equal weights F(D1) = F(D2) = F(D3). test_first: TC 1 < 3 -> D1 (D3 ties D1 in
    everything: the lower index); waiting_first: WC 1 < 3 -> D2."""
    data, spec = twins_example()
    by, chosen = root_candidates(data, spec)
    assert [by[j]["tc_n"] for j in range(4)] == pytest.approx([0, 2 / 9, 0, 1])
    assert [by[j]["wc_n"] for j in range(4)] == pytest.approx([2 / 9, 0, 2 / 9, 1])
    assert by[0]["f"] == pytest.approx(by[1]["f"]) and by[0]["f"] == pytest.approx(by[2]["f"])
    assert by[0]["f"] < by[3]["f"]
    assert by[0]["mc"] == by[1]["mc"] == by[2]["mc"]
    assert chosen.attribute == 0
    assert root_candidates(data, spec, tie_order="waiting_first")[1].attribute == 1
    assert root_attribute(fit("mincost", data, spec)) == "D1"
    assert root_attribute(fit("mincost", data, spec, tie_order="waiting_first")) == "D2"
    # w2 below w3: D2's F = w2 is now the smallest
    assert root_attribute(fit("mincost", data, spec, w2=0.1)) == "D2"


# ---- M2 --------------------------------------------------------------------------------------------


def test_m2_total_cost_reduction_and_stop_on_the_worked_example():
    """Costs ×1: leaf 6; R(A) = 6 - (6 + 10·(10 + 2)) = -120, R(B) = 6 - (3 + 9·(6 + 4)) = -87,
    R(C) = 6 - (2 + 9·(20 + 7)) = -239: none positive, one leaf.
    Costs ×100: leaf 600; R(A) = 600 - (600 + 120) = -120; R(B) = 600 - (300 + 90) = 210;
    R(C) = 600 - (200 + 243) = 157 -> B. Below: b1 = {1, 2, 10} (2y 1n, leaf 100): A splits it
    pure (MC 0), TC(A) = 10 - 4 = 6 (blood paid), WC 2: R(A) = 100 - 3·8 = 76; C: MC 0 (cut
    at 6), TC 20, WC 3 + 2 + 2 = 7: R(C) = 100 - 3·27 = 19 -> A. b2 = {3, 5, 6} (2y 1n, leaf
    100): A leaves a1 = 1y 1n (100) -> R(A) = 100 - (100 + 24) < 0, C's best cut too (MC 100):
    a leaf — the stop rule. b3 = {4, 7, 8}: pure."""
    data, spec = worked_example()
    by, _ = root_candidates(data, spec)
    assert [reduction(by[j]) for j in range(3)] == [-120, -87, -239]
    assert choose_m2(list(by.values()), None) is None
    tree = fit("m2", data, spec)
    assert len(tree.nodes) == 1 and tree.nodes[0].label == 1

    data, spec = worked_example(100)
    by, _ = root_candidates(data, spec)
    assert [reduction(by[j]) for j in range(3)] == [-120, 210, 157]
    tree = fit("m2", data, spec)
    assert root_attribute(tree) == "B"
    b1, b2, b3 = (tree.nodes[c] for c in tree.nodes[0].children)
    assert not b1.is_leaf and tree.schema.attributes[b1.feature].name == "A"
    assert b2.is_leaf and list(b2.counts) == [1, 2] and b2.label == 1
    assert b3.is_leaf and list(b3.counts) == [3, 0] and b3.label == 0
    splitter = _splitter(data, spec)
    _, children = splitter.split(splitter.root(), by[1])
    below = {c.attribute: c for c in splitter.candidates(children[0].cases)}
    assert reduction(below[0]) == 76 and reduction(below[2]) == 19


# ---- M3's options and stops, M1 ---------------------------------------------------------------------


def test_cost_stop_makes_the_root_a_leaf_when_the_test_costs_more_than_it_saves():
    """Chosen B: R(B) = -87 (above) -> with cost_stop the root is a leaf; with costs ×100,
    R(B) = 210 > 0 -> it still splits."""
    data, spec = worked_example()
    assert root_attribute(fit("mincost", data, spec)) == "B"
    assert len(fit("mincost", data, spec, cost_stop=True).nodes) == 1
    data, spec = worked_example(100)
    assert root_attribute(fit("mincost", data, spec, cost_stop=True)) == "B"


def test_depth_and_size_stops_and_missing_cases_stay():
    data, spec = worked_example()
    full = fit("mincost", data, spec)
    assert len(full.nodes) > 4
    stump = fit("mincost", data, spec, max_depth=1)
    assert root_attribute(stump) == "B" and all(stump.nodes[c].is_leaf for c in stump.nodes[0].children)
    assert len(fit("mincost", data, spec, min_samples_split=11).nodes) == 1
    # case 9 (B missing) stays at the root: the children hold 9 cases; prediction stops there
    assert sum(full.nodes[c].counts.sum() for c in full.nodes[0].children) == 9
    got = predict(full, data.X[8:9], get("mincost").missing)
    assert got.nodes[0] == 0 and got.labels[0] == 1


def test_labels_are_minimum_cost_everywhere():
    data, spec = worked_example()
    for name in ("mincost", "m1", "m2"):
        tree = fit(name, data, spec, **({"min_cases": 1} if name == "m1" else {}))
        assert tree.nodes[0].label == 1  # 6 no / 4 yes, but "no" would cost 16 against 6
        for node in tree.nodes:
            if node.counts.sum() > 0:
                assert node.label == int(np.argmin(node.counts @ np.array([[0, 1], [4, 0]])))


def test_m1_is_c45_relabelled():
    data, spec = worked_example()
    c45 = fit("c45", data, spec)
    m1 = fit("m1", data, spec)
    assert [type(n) for n in c45.nodes] == [type(n) for n in m1.nodes]
    assert c45.nodes[0].label == 0 and m1.nodes[0].label == 1  # majority "no"; least cost "yes"
    for a, b in zip(c45.nodes, m1.nodes):
        np.testing.assert_allclose(a.counts, b.counts)
    # without a cost matrix (0/1 costs) M1 is C4.5
    plain = ProblemSpec(target="y")
    assert json.dumps(fit("m1", data, plain).to_json()) == json.dumps(fit("c45", data, plain).to_json())


def test_a_case_spread_over_leaves_takes_the_class_of_least_expected_cost():
    """C4.5's missing values send a case with B unknown down both branches of a split, weighted
    3:1 by the branches' training weights: [6 no, 2 yes] and [0, 4]... summed, no 0.45 /
    yes 0.55 would be 'yes' by share too; on [9, 0] and [1, 6] the share says 'no' (0.76)
    but answering 'no' to a 'yes' costs 4: 0.24 * 4 = 0.96 > 0.76 * 1: 'yes'."""
    from engine.tree.model import Leaf, ThresholdSplit

    schema = DataSchema("y", ["no", "yes"], False, [AttributeSchema("B", "numeric")])
    for label_costs, expected in ((None, 0), (np.array([[0.0, 1.0], [4.0, 0.0]]), 1)):
        tree = Tree(schema, label_costs=label_costs)
        tree.add(ThresholdSplit(counts=[10, 6], label=1, children=[1, 2], feature=0, threshold=1.0))
        tree.add(Leaf(counts=[9, 0], label=0), 0)
        tree.add(Leaf(counts=[1, 6], label=1), 0)
        got = predict(tree, np.array([[np.nan], [0.5]]), "fractional")
        assert got.labels.tolist() == [expected, 0]  # a case reaching one leaf keeps its label
        again = Tree.from_json(json.loads(json.dumps(tree.to_json())), schema)
        assert predict(again, np.array([[np.nan]]), "fractional").labels[0] == expected
    # the three learners carry the problem's matrix; M1's spread cases answer by it
    data, spec = worked_example()
    for name in ("mincost", "m1", "m2"):
        np.testing.assert_array_equal(fit(name, data, spec).label_costs, [[0, 1], [4, 0]])
        assert fit(name, data, ProblemSpec(target="y")).label_costs is None
    with pytest.raises(ValueError, match="label_costs"):
        Tree.from_json({**tree.to_json(), "label_costs": [[0, 1], [4]]}, schema)
    with pytest.raises(ValueError, match="label_costs"):
        Tree.from_json({**tree.to_json(), "label_costs": [[0, 1], [float("nan"), 0]]}, schema)


def test_without_costs_every_tc_wc_is_zero_and_costs_are_zero_one():
    data, _ = worked_example()
    by, _ = root_candidates(data, None)
    assert all(c["tc"] == 0 and c["wc"] == 0 and c["tc_n"] == 0 and c["wc_n"] == 0 for c in by.values())
    # 0/1 costs: the root as a leaf answers the majority "no", 4 errors; MC(C) = 1 + case 4 (no) 0
    assert by[0]["leaf"] == 4 and by[2]["mc"] == 1
    assert fit("mincost", data, None).nodes[0].label == 0


def test_weights_are_checked_together():
    info = get("mincost")
    with pytest.raises(OptionError, match="all zero"):
        resolve_params(info, {"w1": 0, "w2": 0, "w3": 0, "w4": 0})
    with pytest.raises(OptionError):
        resolve_params(info, {"w1": -1})
    assert resolve_params(info, {"w1": 0, "w2": 0, "w3": 0, "w4": 1})["w4"] == 1
    assert info.constraint == "w1..w4 must not all be zero"


def test_weights_change_the_tree():
    data, spec = worked_example()
    assert root_attribute(fit("mincost", data, spec)) == "B"
    assert root_attribute(fit("mincost", data, spec, w1=1, w2=0, w3=0, w4=0)) == "C"  # smallest MC
    assert root_attribute(fit("mincost", data, spec, w1=0, w2=0, w3=0, w4=1)) == "C"  # largest GR
    assert root_attribute(fit("mincost", data, spec, w1=0, w2=1, w3=0, w4=0)) == "B"  # cheapest test
    assert root_attribute(fit("mincost", data, spec, w1=0, w2=0, w3=1, w4=0)) == "A"  # shortest wait


# ---- models and the registry ------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["mincost", "m1", "m2"])
def test_model_round_trips_through_json(name, tmp_path):
    from engine.model import Model, load_model

    data, spec = worked_example(100)
    info = get(name)
    params = resolve_params(info, {})
    model = Model(name, params, spec, info.fit(data, spec, params), missing=info.missing)
    model.save(tmp_path / "m.json")
    again = load_model(tmp_path / "m.json")
    assert json.dumps(again.tree.to_json()) == json.dumps(model.tree.to_json())
    a, b = predict(model.tree, data.X, model.missing), predict(again.tree, data.X, again.missing)
    np.testing.assert_array_equal(a.labels, b.labels)
    np.testing.assert_allclose(a.scores, b.scores)


def test_registry_lists_the_three_in_the_cost_family():
    names = [a.name for a in registry.algorithms() if a.family == "costsensitive"]
    assert names == ["mincost", "m1", "m2"]
    groups = {f.name: [a.name for a in members] for f, members in registry.by_family()}
    assert groups["costsensitive"] == ["mincost", "m1", "m2"]
    assert get("mincost").missing == "stop" and get("m2").missing == "stop" and get("m1").missing == "fractional"
