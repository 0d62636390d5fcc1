"""The optimal tree (issue 40, engine/algorithms/optimal.py) against brute force.

200 small random problems (up to 12 binary attributes, some with a three-valued nominal one,
missing values, case weights, a cost matrix, depth 1-3, a minimum leaf and a leaf penalty):
the learner's objective equals the least objective over every tree (tests/naive.py, no memo,
no bound), without and with test and waiting costs (prerequisites, a batch group), and the
tree it returns has that objective walked case by case. Anytime: stopped early, a valid tree
whose objective is at least the optimum and a lower bound never above it; the gap is in the
model file.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

import naive
from engine.algorithms import optimal as optimal_module
from engine.algorithms.registry import get, resolve_params
from engine.data.encode import AttributeSchema, DataSchema, EncodedData
from engine.data.spec import AttributeSettings, BatchGroup, CostMatrix, ProblemSpec
from engine.model import Model
from engine.tree.check import check_schema, check_tree

INFO = get("optimal")


def problem(seed: int, priced: bool, depth: int | None = None):
    """(data, spec, params, naive inputs) of one random problem (`depth` 4: at most 5 attributes)."""
    rng = np.random.default_rng(seed)
    drawn = int(rng.integers(1, 4))
    depth = drawn if depth is None else depth
    p = int(rng.integers(2, 6)) if depth >= 4 else int(rng.integers(2, 9 if depth == 3 else 13))
    n = int(rng.integers(12, 36))
    k = int(rng.choice([2, 2, 3]))
    X = rng.integers(0, 2, (n, p)).astype(float)
    nominal = [False] * p
    if rng.random() < 0.4:  # one attribute with three categories (one-vs-rest)
        X[:, 0] = rng.integers(0, 3, n)
        nominal[0] = True
    if rng.random() < 0.35:
        X[rng.random((n, p)) < 0.06] = np.nan
    score = np.nan_to_num(X[:, :3]) @ rng.normal(size=min(3, p)) + rng.normal(0, 0.7, n)
    y = np.digitize(score, np.quantile(score, np.linspace(0, 1, k + 1)[1:-1])).astype(np.int64)
    w = rng.choice([1.0, 2.0], n) if rng.random() < 0.3 else np.ones(n)
    classes = [f"c{i}" for i in range(k)]
    attrs = [AttributeSchema(f"a{j}", "nominal", ["u", "v", "z"]) if nominal[j] else AttributeSchema(f"a{j}", "numeric")
             for j in range(p)]
    data = EncodedData(X, y, w, DataSchema("y", classes, False, attrs), np.arange(n))
    spec = ProblemSpec(target="y")
    cost = 1.0 - np.eye(k)
    if rng.random() < 0.5:
        cost = rng.integers(1, 6, (k, k)).astype(float) * (1 - np.eye(k))
        spec.misclassification_costs = CostMatrix(classes, cost.tolist())
    tc = wct = wcs = np.zeros(p)
    prereq, group, cc, cpt = [None] * p, [None] * p, {}, 1.0
    if priced:
        tc = rng.integers(0, 4, p).astype(float) * 0.5
        wct = rng.integers(0, 3, p).astype(float) * 0.25
        wcs = rng.integers(0, 2, p).astype(float) * 0.25
        cpt = float(rng.choice([0.5, 1.0, 2.0]))
        settings = {}
        if p >= 3:
            prereq[2] = 1  # a2 needs a1; a1 needs a0 when p >= 4
            if p >= 4:
                prereq[1] = 0
        if p >= 4:
            members = [p - 1, p - 2]
            tc[members] += 1.0  # each member's TC includes the common cost
            group[p - 1] = group[p - 2] = "g"
            cc["g"] = 1.0
            spec.batch_groups = [BatchGroup("g", [f"a{j}" for j in members], common_cost=1.0)]
        for j in range(p):
            settings[f"a{j}"] = AttributeSettings(test_cost=float(tc[j]), wait_time=float(wct[j]),
                                                  wait_cost=float(wcs[j]),
                                                  prerequisite=None if prereq[j] is None else f"a{prereq[j]}")
        spec.attributes = settings
        spec.cost_per_time = cpt
    params = {"max_depth": depth, "min_samples_leaf": int(rng.choice([1, 1, 2, 3])),
              "leaf_penalty": float(rng.choice([0.0, 0.0, 0.5, 2.0]))}

    def price(a, known):
        return naive.optimal_price(a, known, tc, wct, wcs, prereq, group, cc, cpt)

    return data, spec, params, cost, nominal, (price if priced else None)


def fit(data, spec, params):
    resolved = resolve_params(INFO, params)
    return INFO.fit(data, spec, INFO.stage_params(resolved, "fit"))


@pytest.mark.parametrize("priced", [False, True], ids=["errors and cost matrix", "with test and waiting costs"])
def test_the_objective_is_the_brute_force_optimum(priced):
    wrong = []
    for seed in range(100):
        data, spec, params, cost, nominal, price = problem(seed, priced)
        tests = naive.optimal_candidates(data.X, nominal)
        best, _ = naive.optimal_tree(data.X, data.y, data.w, cost, tests, params["max_depth"],
                                     params["min_samples_leaf"], params["leaf_penalty"], price)
        tree = fit(data, spec, params)
        walked = naive.optimal_objective(tree, data.X, data.y, data.w, cost, params["leaf_penalty"], price)
        info = tree.info
        check_tree(tree.to_json(), tree.schema.to_json())
        if not (abs(info["objective"] - best) < 1e-9 and abs(walked - best) < 1e-9 and info["optimal"]
                and info["gap"] == 0.0 and info["lower_bound"] == info["objective"]
                and tree.depth <= params["max_depth"]
                and all(tree.nodes[i].weight >= params["min_samples_leaf"] - 1e-9 for i in tree.leaves())):
            wrong.append((seed, params, best, info["objective"], walked))
    assert not wrong, wrong[:5]


@pytest.mark.parametrize("priced", [False, True], ids=["errors and cost matrix", "with test and waiting costs"])
def test_depth_four_is_the_brute_force_optimum(priced, monkeypatch):
    """Depth four: the nodes of depth three below the root are one compiled call
    (kernels.best_depth3, its similarity bound on the unpriced problems without missing values)."""
    calls = []
    real = optimal_module.kernels.best_depth3
    monkeypatch.setattr(optimal_module.kernels, "best_depth3", lambda *a: calls.append(a[-1]) or real(*a))
    wrong = []
    for seed in range(30):
        data, spec, params, cost, nominal, price = problem(500 + seed, priced, depth=4)
        tests = naive.optimal_candidates(data.X, nominal)
        best, _ = naive.optimal_tree(data.X, data.y, data.w, cost, tests, 4, params["min_samples_leaf"],
                                     params["leaf_penalty"], price)
        tree = fit(data, spec, params)
        walked = naive.optimal_objective(tree, data.X, data.y, data.w, cost, params["leaf_penalty"], price)
        if not (abs(tree.info["objective"] - best) < 1e-9 and abs(walked - best) < 1e-9 and tree.info["optimal"]):
            wrong.append((seed, params, best, tree.info["objective"], walked))
    assert not wrong, wrong[:5]
    assert calls and (any(calls) if not priced else not any(calls))  # similarity only where it holds


def test_costs_change_the_optimum():
    """Priced tests are in the objective: on some problems the cheapest tree with costs is not
    the cheapest without them (a learner ignoring the costs fails the priced brute force)."""
    differ = 0
    for seed in range(40):
        data, spec, params, cost, nominal, price = problem(seed, True)
        plain = ProblemSpec(target="y", misclassification_costs=spec.misclassification_costs)
        a, b = fit(data, spec, params), fit(data, plain, params)
        differ += json.dumps(a.to_json()) != json.dumps(b.to_json())
        assert a.info["objective"] >= b.info["objective"] - 1e-9  # costs only add
    assert differ >= 5


def counting_clock(monkeypatch, step: float = 1.0):
    """time.perf_counter in the learner advances by `step` per call: time_limit = k lets the search
    look at the clock about k times, whatever the machine's speed."""
    state = {"t": 0.0}

    def clock():
        state["t"] += step
        return state["t"]

    monkeypatch.setattr(optimal_module.time, "perf_counter", clock)


def test_anytime_bound_never_above_the_optimum(monkeypatch):
    counting_clock(monkeypatch)
    stopped = 0
    for seed in range(60):
        data, spec, params, cost, nominal, price = problem(1000 + seed, seed % 2 == 1)
        params["max_depth"] = 3
        tests = naive.optimal_candidates(data.X, nominal)
        best, _ = naive.optimal_tree(data.X, data.y, data.w, cost, tests, 3, params["min_samples_leaf"],
                                     params["leaf_penalty"], price)
        for limit in (0, 2, 5, 12):
            tree = fit(data, spec, {**params, "time_limit": limit})
            info = tree.info
            check_schema(tree.schema.to_json())
            check_tree(tree.to_json(), tree.schema.to_json())
            walked = naive.optimal_objective(tree, data.X, data.y, data.w, cost, params["leaf_penalty"], price)
            assert abs(walked - info["objective"]) < 1e-9, (seed, limit)
            assert info["lower_bound"] <= best + 1e-9 <= info["objective"] + 2e-9, (seed, limit, info, best)
            if info["optimal"]:
                assert abs(info["objective"] - best) < 1e-9
            else:
                stopped += 1
                assert info["gap"] == pytest.approx((info["objective"] - info["lower_bound"]) / info["objective"])
    assert stopped >= 30  # the clock did stop most searches early


def test_the_gap_is_in_the_model_file(tmp_path):
    data, spec, params, *_ = problem(7, False)
    params = {**params, "max_depth": 3, "time_limit": 0}
    tree = fit(data, spec, params)
    assert not tree.info["optimal"] and tree.info["gap"] > 0
    assert tree.n_leaves == 1  # no time at all: the root as a leaf, its bound below
    model = Model(algorithm="optimal", params=dict(resolve_params(INFO, params)), spec=spec, tree=tree,
                  info=tree.info)
    path = tmp_path / "m.json"
    model.save(path)
    saved = json.loads(path.read_text(encoding="utf-8"))["info"]
    assert saved["optimal"] is False and saved["gap"] == tree.info["gap"]
    assert saved["lower_bound"] < saved["objective"]
    assert optimal_module.status_text(saved).startswith("gap ")
    assert optimal_module.status_text({**saved, "optimal": True}) == "optimal"


def test_binarisation_cuts():
    col = np.array([1.0, 2, 2, 3, 4, 5, 6, 7, 8, 9, np.nan])
    schema = DataSchema("y", ["a", "b"], False, [AttributeSchema("x", "numeric"),
                                                 AttributeSchema("c", "nominal", ["p", "q"]),
                                                 AttributeSchema("r", "ordinal", ["lo", "mid", "hi"])])
    X = np.column_stack([col, np.arange(11) % 2, np.arange(11) % 3])
    data = EncodedData(X, np.arange(11) % 2, np.ones(11), schema, np.arange(11))
    by = lambda fs, a: [f.value for f in fs if f.attribute == a]  # noqa: E731
    every = optimal_module.binarise(data, "all", 3)
    assert by(every, 0) == [1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5]
    assert by(every, 1) == [0.0] and by(every, 2) == [0.5, 1.5]  # two categories: one test; ranks cut
    assert by(optimal_module.binarise(data, "auto", 8), 0) == by(every, 0)  # 8 cuts: all of them
    capped = by(optimal_module.binarise(data, "auto", 3), 0)
    assert capped == by(optimal_module.binarise(data, "quantile", 3), 0) and len(capped) == 3
    assert set(capped) <= set(by(every, 0))


def test_the_search_beats_a_greedy_depth_two_tree():
    """XOR: every single split is useless, so a greedy tree stops or guesses; the optimum of
    depth 2 is exact."""
    X = np.array([[a, b, c] for a in (0, 1) for b in (0, 1) for c in (0, 1)] * 3, float)
    y = (X[:, 0].astype(int) ^ X[:, 1].astype(int)).astype(np.int64)
    schema = DataSchema("y", ["no", "yes"], False, [AttributeSchema(f"x{j}", "numeric") for j in range(3)])
    data = EncodedData(X, y, np.ones(len(y)), schema, np.arange(len(y)))
    tree = fit(data, None, {"max_depth": 2})
    assert tree.info["objective"] == 0.0 and tree.n_leaves == 4
    assert {tree.nodes[0].feature} <= {0, 1}


def test_the_warm_up_compiles_the_depth_three_kernels():
    """The app's warm-up fits `optimal` with its defaults (depth 3) and at depth 4: the compiled
    depth-three options and run (kernels.depth3_options, depth3_run) and the depth-three solver below
    a depth-four root (kernels.best_depth3) are in the cache the bundle ships."""
    from app.warmup import _warm_one, synthetic_data
    from engine.kernels import optimal_dp

    assert _warm_one(INFO, synthetic_data())
    assert optimal_dp.depth3_options.signatures and optimal_dp.depth3_run.signatures
    assert optimal_dp.best_depth3.signatures
