"""Whole minimum-cost trees (engine/algorithms/mincost.py) against the per-attribute NumPy path
the count kernels replaced (tests/test_mincost_kernels.py), bit for bit: the same root candidates'
scores and the same trees (model JSON) for mincost (several weights and options), m2 and m1 on
car, pima, breast and the benchmark's synthetic data, with integer and with fractional costs and
weights."""

from __future__ import annotations

import json
import sys

import numpy as np
import pytest
from conftest import ROOT

from engine.algorithms import mincost as M
from engine.algorithms.registry import get, resolve_params
from engine.tree.grow import grow

sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "benchmarks"))
import mincost_fit
from test_mincost_kernels import NumpyMinCostSplitter

# ---- candidates and whole trees against the NumPy path -------------------------------------------


def real_set(name):
    data, spec = mincost_fit.real(name)
    return data, spec


def synthetic_set(rows=2000):
    return mincost_fit.synthetic(rows, 20, 3)


SETS = {"car": lambda: real_set("car_evaluation"), "pima": lambda: real_set("pima_indians_diabetes"),
        "breast": lambda: real_set("breast_cancer_wisconsin_original"), "synthetic": synthetic_set}


def reference_fit(name, data, spec, params):
    """The learner grown with the NumPy-path splitter."""
    splitter = NumpyMinCostSplitter(data, M.cost_matrix_of(spec, data.classes),
                                    M.CostModel.from_spec(spec, data.schema.names))
    if name == "m2":
        choice = M.choose_m2
    else:
        choice = M.MinF([params[f"w{k}"] for k in range(1, 5)], params["tie_order"], bool(params["cost_stop"]))
    return M._answers_by_cost(grow(splitter, choice=choice, label_rule=splitter.rule, stopping=M._stopping(params)),
                              spec)


def model_json(tree) -> str:
    """The model JSON's length and hash: equal when the JSON is (a failure then does not make
    pytest diff two long strings, which takes minutes)."""
    import hashlib

    text = json.dumps(tree.to_json(), sort_keys=True)
    return f"{len(text)} {hashlib.sha256(text.encode()).hexdigest()}"


@pytest.mark.parametrize("set_name", list(SETS))
def test_root_candidates_equal_the_numpy_path(set_name):
    data, spec = SETS[set_name]()
    fast = M._splitter(data, spec)
    slow = NumpyMinCostSplitter(data, fast.cost, fast.costs)
    got, want = fast.candidates(fast.root()), slow.candidates(slow.root())
    assert [c.attribute for c in got] == [c.attribute for c in want]
    for a, b in zip(got, want):
        assert a.detail == b.detail and a.scores == b.scores


LEARNERS = [("mincost", {}), ("mincost", {"w1": 1.0, "w2": 0.0, "w3": 0.0, "w4": 0.0}),
            ("mincost", {"w1": 0.5, "w2": 0.1, "w3": 0.1, "w4": 0.3, "tie_order": "waiting_first"}),
            ("mincost", {"cost_stop": True}), ("mincost", {"max_depth": 4, "min_samples_split": 10}),
            ("m2", {})]


@pytest.mark.parametrize("set_name", list(SETS))
@pytest.mark.parametrize("learner", range(len(LEARNERS)))
def test_trees_equal_the_numpy_path(set_name, learner):
    data, spec = SETS[set_name]()
    name, given = LEARNERS[learner]
    info = get(name)
    params = resolve_params(info, given)
    fast = info.fit(data, spec, params)
    slow = reference_fit(name, data, spec, params)
    assert model_json(fast) == model_json(slow)
    if name == "m2":  # scaled costs: M2 grows a real tree too
        spec.misclassification_costs.matrix = [[c * 50 for c in row] for row in spec.misclassification_costs.matrix]
        fast = info.fit(data, spec, params)
        slow = reference_fit(name, data, spec, params)
        assert model_json(fast) == model_json(slow)


@pytest.mark.parametrize("set_name", list(SETS))
def test_m1_is_c45_relabelled(set_name):
    data, spec = SETS[set_name]()
    tree = get("m1").fit(data, spec, resolve_params(get("m1"), {}))
    c45 = get("c45").fit(data, spec, resolve_params(get("c45"), {}))
    want = M._answers_by_cost(M.relabel_min_cost(c45, M.cost_matrix_of(spec, data.classes)), spec)
    assert model_json(tree) == model_json(want)


@pytest.mark.parametrize("set_name", list(SETS))
@pytest.mark.parametrize("name", ["mincost", "m2"])
def test_trees_equal_the_numpy_path_with_fractional_costs_and_weights(set_name, name):
    """Costs that are not integers and case weights that are not either: the kernel's MC is
    no longer exact, NumPy's is recomputed for the cuts near the least."""
    data, spec = SETS[set_name]()
    spec.misclassification_costs.matrix = [[c * 37 / 3 for c in row] for row in spec.misclassification_costs.matrix]
    data.w = np.random.default_rng(0).choice([0.5, 1.0, 1.3], len(data.y))
    info = get(name)
    params = resolve_params(info, {})
    assert model_json(info.fit(data, spec, params)) == model_json(reference_fit(name, data, spec, params))
