"""Every parameter of every algorithm changes what the learner gives on some data set.

Driven by the registry: for each parameter, the test fits the default and then
other values the schema allows (every other choice, the other boolean, numbers
around the default and at the bounds) on a handful of small data sets, with the
other parameters at their defaults and then with each other switch turned; some
fit must give a different tree (its JSON), or different predictions for a
predict-stage parameter. A parameter that cannot change anything must be listed
in INERT with the reason. So a parameter that a learner quietly ignores fails
here (e.g. FACMI's `membership` or `k`, C4.5's `subtree_raising` or
`mdl_correction`, ID3's `max_depth`, the ordinal `min_samples_leaf`).
"""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from engine.algorithms.registry import algorithms, get, resolve_params
from engine.errors import RuleTreeError
from engine.tree.check import check_schema, check_tree

INERT: dict[tuple[str, str], str] = {
    # (algorithm, parameter): why no data set can show a difference
}

#: a text parameter has no neighbouring values to step to: the texts it is tried with, on one data
#: set (a required one has no default to compare with, so its texts are compared with each other)
TEXTS: dict[tuple[str, str], tuple[str, list[str]]] = {
    ("guideline", "text"): ("iris", ["IF petallength <= 2.45 THEN Iris-setosa; ELSE Iris-versicolor",
                                     "IF petallength <= 2.45 THEN Iris-setosa; ELSE Iris-virginica",
                                     "IF petalwidth > 1.7 THEN Iris-virginica; ELSE Iris-versicolor"]),
}


def _datasets():
    from engine.data import read_table
    from engine.data.encode import AttributeSchema, DataSchema, EncodedData, encode
    from engine.data.project import load_project
    from engine.data.spec import ProblemSpec
    from engine.reproduce.trichotomy import simulate
    from engine.synth import monotone_data

    from conftest import ROOT

    folder = ROOT / "tests" / "data" / "datasets"
    out = {}
    for name, target in (("iris", "class"), ("pima_indians_diabetes", "class"),
                         ("breast_cancer_wisconsin_original", "class"), ("car_evaluation", "class"),
                         ("heart_disease_cleveland", "num")):
        table = read_table(str(folder / f"{name}.csv"))
        spec = ProblemSpec(target=target)
        out[name] = (encode(table, spec), spec)
    project = load_project(str(ROOT / "resources" / "demo" / "car_evaluation.rtproj"))
    out["car ordinal"] = (encode(read_table(project.data_path, project.sheet), project.spec), project.spec)
    glass = load_project(str(ROOT / "resources" / "demo" / "glass.rtproj"))  # with its class hierarchy
    out["glass hierarchy"] = (encode(read_table(glass.data_path, glass.sheet), glass.spec), glass.spec)
    base = monotone_data(400, 4, seed=5)
    rng = np.random.default_rng(5)
    X = np.column_stack([base.X, rng.random(400), -base.X[:, 0] + 0.3 * rng.random(400)])
    X[rng.random(X.shape) < 0.03] = np.nan
    schema = DataSchema("class", base.schema.classes, True, [
        AttributeSchema("x1", "numeric", monotone=1), AttributeSchema("x2", "numeric", monotone=1),
        AttributeSchema("noise", "numeric"), AttributeSchema("x1neg", "numeric", monotone=-1)])
    out["monotone"] = (EncodedData(X, base.y, rng.choice([1.0, 2.0], 400), schema, np.arange(400)), None)
    out["normals"] = (simulate(3, 1.5, 0.0, n=150), None)
    iris, _ = out["iris"]
    out["iris positive"] = (iris, ProblemSpec(target="class", positive_class="Iris-versicolor"))
    # test and waiting costs (the minimum-cost trees' w2, w3 and tie order act only with them)
    from test_mincost import twins_example, worked_example

    out["twins costs"] = twins_example()
    out["worked costs"] = worked_example(100)
    return out


@pytest.fixture(scope="module")
def datasets():
    return _datasets()


def trial_values(p) -> list:
    """Values of the parameter other than its default, as the schema allows them."""
    if p.choices_from == "hierarchy_levels":  # checked against the problem when fitted
        return [1, 2, 3]
    if p.kind == "choice":
        return [c for c in p.choices if c != p.default]
    if p.kind == "bool":
        return [not p.default]
    if p.kind not in ("int", "float"):
        return []
    lo = p.minimum if p.minimum is not None else -math.inf
    hi = p.maximum if p.maximum is not None else math.inf
    if p.default is None:
        base = [2, 3, 5, 0.01, 0.05] if p.kind == "float" else [2, 3, 5]
    else:
        d = float(p.default)
        base = [d * 0.5, d * 2, d * 0.1, d * 10, d + 1, d + 5, d * 100, 0.5, 0.05, 0.9, 20, 100]
    values = []
    for v in base + [lo, hi]:
        if not (lo <= v <= hi) or not math.isfinite(v):
            continue
        v = int(round(v)) if p.kind == "int" else float(v)
        if v != p.default and v not in values and (p.kind != "int" or lo <= v <= hi):
            values.append(v)
    return values


def _signature(info, params, data, spec, stage):
    resolved = resolve_params(info, params)
    tree = info.fit(data, spec, info.stage_params(resolved, "fit"))
    # every tree a learner gives passes the model file's checks (engine.tree.check), which a
    # file from anyone must pass before anything reads it
    schema = tree.schema.to_json()
    check_schema(schema)
    check_tree(tree.to_json(), schema)
    if stage == "predict":
        from engine.workflows import predict_cases

        return predict_cases(info, tree, data.X, resolved).labels.tobytes()
    return json.dumps(tree.to_json(), sort_keys=True)


CASES = [(a.name, p.name) for a in algorithms() for p in a.params]
# a stale INERT or TEXTS entry (a parameter renamed or removed) fails at collection
assert set(INERT) <= set(CASES), f"INERT names no such parameter: {set(INERT) - set(CASES)}"
assert set(TEXTS) <= set(CASES), f"TEXTS names no such parameter: {set(TEXTS) - set(CASES)}"


def changes_something(datasets, info, p) -> tuple[bool, list]:
    """Does some trial value of p change the model on some data set (with the defaults, then
    with each other switch turned)? Also what was tried."""
    stage = getattr(p, "stage", "fit")
    if (info.name, p.name) in TEXTS:
        key, texts = TEXTS[(info.name, p.name)]
        data, spec = datasets[key]
        signatures = {_signature(info, {p.name: text}, data, spec, stage) for text in texts}
        return len(signatures) > 1, [(key, {}, text) for text in texts]
    # the defaults first; then with each other switch (a choice or a boolean) turned, since a
    # parameter may act only then (C4.5's collapse matters without pruning)
    contexts = [{}] + [{q.name: v} for q in info.params if q is not p and q.kind in ("choice", "bool")
                       for v in trial_values(q)]
    tried = []
    for context in contexts:
        for key, (data, spec) in datasets.items():
            try:
                default = _signature(info, context, data, spec, stage)
            except RuleTreeError:
                continue  # this learner refuses this problem (e.g. unordered classes)
            for value in trial_values(p):
                try:
                    other = _signature(info, {**context, p.name: value}, data, spec, stage)
                except RuleTreeError:
                    continue
                tried.append((key, context, value))
                if other != default:
                    return True, tried
    return False, tried


@pytest.mark.parametrize("algorithm, name", CASES, ids=[f"{a}.{p}" for a, p in CASES])
def test_parameter_changes_the_model(datasets, algorithm, name):
    """A parameter changes the model on some data set; one listed in INERT changes nothing."""
    info = get(algorithm)
    p = next(q for q in info.params if q.name == name)
    changed, tried = changes_something(datasets, info, p)
    if (algorithm, name) in INERT:
        assert not changed, f"{algorithm}.{name} is listed as inert ({INERT[(algorithm, name)]}) but changes the model"
        return
    assert changed, (f"{algorithm}.{name} changed nothing: tried {tried[:12]}{' ...' if len(tried) > 12 else ''} "
                     "(if it truly cannot matter, list it in INERT with the reason)")
