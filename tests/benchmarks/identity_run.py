"""Before/after identity of fitted trees: every learner, many settings, many data sets.

    python tests/benchmarks/identity_run.py --out trees.json [--only SUBSTRING]
    python tests/benchmarks/identity_run.py --compare before.json after.json

The first form fits every (data set, learner, parameters) case below and writes
each tree's JSON (nodes renumbered depth-first by `Tree.to_json`, counts,
labels, thresholds, branches) plus the model info the learner recorded; a fit
that raises writes its message. The second form compares two such files case by
case: "identical" (the same JSON text), "rounding" (the same structure, labels,
attributes and thresholds, class counts within 1e-9 relative) or "DIFFERENT".

Each case also records the rules' text and the predictions (labels, scores,
end nodes, attributes used) under the three missing-value policies on the
training cases plus 50 of them with every third value removed.

It uses only what every version of the engine offers (the registry's
`get(name).fit(data, spec, params)`, `encode`, `Tree.to_json`), so the same
script runs on an older checkout: `cd OLD && python /path/to/identity_run.py
--root OLD --out before.json`.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("NUMBA_NUM_THREADS", "1")


def _setup(root: Path):
    sys.path.insert(0, str(root))
    import engine  # noqa: F401

    return Path(engine.__file__).resolve().parents[1]


DATA = Path(os.environ.get("RULETREE_DATASETS", Path(__file__).resolve().parents[3] / "shared" / "datasets"))


def datasets():
    """name -> (EncodedData, ProblemSpec)."""
    import numpy as np

    from engine.data import read_table
    from engine.data.encode import AttributeSchema, DataSchema, EncodedData, encode
    from engine.data.spec import ProblemSpec
    from engine.synth import monotone_data

    out = {}

    def csv(name, target, **spec_kw):
        table = read_table(str(DATA / f"{name}.csv"))
        spec = ProblemSpec(target=target)
        for key, value in spec_kw.items():
            if key == "attrs":
                for attr, changes in value.items():
                    spec.set_attribute(attr, **changes)
            else:
                setattr(spec, key, value)
        return encode(table, spec), spec

    out["iris"] = csv("iris", "class")
    out["glass"] = csv("glass", "Type")
    out["pima"] = csv("pima_indians_diabetes", "class")
    out["breast"] = csv("breast_cancer_wisconsin_original", "class")
    out["heart"] = csv("heart_disease_cleveland", "num")
    out["mushroom"] = csv("mushroom", "class")
    out["german"] = csv("german_credit", "class")
    out["car_nominal"] = csv("car_evaluation", "class")
    order = ["low", "med", "high", "vhigh"]
    out["car_ordinal"] = csv(
        "car_evaluation", "class", class_order=["unacc", "acc", "good", "vgood"],
        attrs={"buying": dict(type="ordinal", order=order, monotone="decreasing"),
               "maint": dict(type="ordinal", order=order, monotone="decreasing"),
               "doors": dict(type="ordinal", order=["2", "3", "4", "5more"], monotone="increasing"),
               "persons": dict(type="ordinal", order=["2", "4", "more"], monotone="increasing"),
               "lug_boot": dict(type="ordinal", order=["small", "med", "big"], monotone="increasing"),
               "safety": dict(type="ordinal", order=["low", "med", "high"], monotone="increasing")})
    out["breast_ordered"] = csv("breast_cancer_wisconsin_original", "class", class_order=["2", "4"])

    # §1.6 monotone data with noise attributes, a decreasing one, ties, NaN and weights
    rng = np.random.default_rng(7)
    base = monotone_data(600, 4, seed=3)
    X = np.column_stack([base.X[:, 0], -base.X[:, 1], rng.random(600), np.round(rng.random(600) * 20) / 20])
    X[rng.random(X.shape) < 0.05] = np.nan
    schema = DataSchema("class", base.schema.classes, True,
                        [AttributeSchema("x1", "numeric", monotone=1), AttributeSchema("x2neg", "numeric", monotone=-1),
                         AttributeSchema("noise", "numeric"), AttributeSchema("ties", "numeric", monotone=1)])
    w = rng.choice([0.5, 1.0, 2.0], size=600)
    out["synth_monotone"] = (EncodedData(X, base.y, w, schema, np.arange(600)), None)
    # the same without weights and without missing values
    X2 = np.column_stack([base.X[:, 0], -base.X[:, 1], rng.random(600)])
    schema2 = DataSchema("class", base.schema.classes, True,
                         [AttributeSchema("x1", "numeric", monotone=1),
                          AttributeSchema("x2neg", "numeric", monotone=-1), AttributeSchema("noise", "numeric")])
    out["synth_clean"] = (EncodedData(X2, base.y, np.ones(600), schema2, np.arange(600)), None)

    # mixed nominal and numeric, weighted, missing values, three classes
    n = 500
    cat = rng.integers(0, 4, n).astype(float)
    num = np.round(rng.normal(size=n), 1)
    num2 = rng.random(n)
    y = ((cat == 1) | (num > 0.5)).astype(int) + (num2 > 0.8).astype(int)
    Xm = np.column_stack([cat, num, num2])
    Xm[rng.random(Xm.shape) < 0.08] = np.nan
    schema3 = DataSchema("y", ["a", "b", "c"], False,
                         [AttributeSchema("colour", "nominal", ["red", "green", "blue", "grey"]),
                          AttributeSchema("score", "numeric"), AttributeSchema("ratio", "numeric")])
    out["mixed_weighted"] = (EncodedData(Xm, y.astype(np.int64), rng.choice([1.0, 3.0], n), schema3,
                                         np.arange(n)), None)

    # the trichotomy paper's two normal classes (one seed), and a K > 2 problem with a positive class
    from engine.reproduce.trichotomy import simulate

    out["normals"] = (simulate(1, 1.5, 0.0, n=200), None)
    spec_iris = ProblemSpec(target="class", positive_class="Iris-versicolor")
    iris, _ = out["iris"]
    out["iris_positive"] = (iris, spec_iris)
    # priced tests (test and waiting costs, a prerequisite, a batch group) and a cost matrix
    from engine.data.spec import BatchGroup, CostMatrix

    def priced(name, target, costs, batch, prerequisite, classes_matrix=None):
        table = read_table(str(DATA / f"{name}.csv"))
        spec = ProblemSpec(target=target)
        for k, (attr, cost) in enumerate(costs.items()):
            spec.set_attribute(attr, test_cost=cost, wait_time=k % 3, wait_cost=(k % 2) * 2.5)
        spec.set_attribute(prerequisite[0], prerequisite=prerequisite[1])
        spec.batch_groups = [BatchGroup("panel", list(batch), common_cost=min(costs[a] for a in batch) / 2)]
        if classes_matrix is not None:
            spec.misclassification_costs = CostMatrix(*classes_matrix)
        return encode(table, spec), spec

    out["car_priced"] = priced("car_evaluation", "class",
                               {"buying": 10, "maint": 20, "doors": 3, "persons": 4, "lug_boot": 5, "safety": 40},
                               ("doors", "persons", "lug_boot"), ("maint", "buying"),
                               (["unacc", "acc", "good", "vgood"],
                                [[0, 100, 200, 300], [100, 0, 100, 200], [200, 100, 0, 100], [300, 200, 100, 0]]))
    pima_costs = {a: 5.0 + 7 * k for k, a in enumerate(["preg", "plas", "pres", "skin", "insu", "mass", "pedi", "age"])}
    table = read_table(str(DATA / "pima_indians_diabetes.csv"))
    pima_costs = {c.name: pima_costs.get(c.name, 5.0 + 3 * k) for k, c in enumerate(table.columns) if c.name != "class"}
    names = list(pima_costs)
    out["pima_priced"] = priced("pima_indians_diabetes", "class", pima_costs, tuple(names[1:4]), (names[4], names[3]))
    return out


CART = [{"prune": "none"}, {"prune": "none", "criterion": "entropy"}, {"prune": "none", "min_samples_leaf": 5},
        {"prune": "none", "max_depth": 3}, {}, {"ccp_alpha": 0.01}, {"prune": "none", "min_samples_split": 10}]
C45 = [{}, {"prune": False}, {"prune": False, "collapse": False}, {"subtree_raising": False},
       {"mdl_correction": False}, {"min_cases": 5}, {"confidence": 0.1}]
ID3 = [{}, {"max_depth": 2}]
ROUGH = [("dp", {}), ("dp", {"max_depth": 2}), ("rs", {}), ("rs", {"min_samples_split": 10})]
FACMI = [{"membership": "ramp"}, {"membership": "logistic"}, {"ramp_above": 60}, {"membership": "ramp", "k": 3},
         {"membership": "ramp", "min_samples_leaf": 3}, {"membership": "ramp", "leaf": "median"},
         {"membership": "ramp", "threshold": 0.03}, {"max_depth": 4}, {"membership": "ramp", "enforce_monotone": True}]
ORDINAL = [("ie", {}), ("ie", {"min_samples_leaf": 2}), ("rt", {}), ("rt", {"min_samples_split": 10}),
           ("remt", {}), ("remt", {"epsilon": 0.001}), ("remt", {"leaf": "median"}),
           ("cart", {"prune": "none", "enforce_monotone": True})]
TRICHOTOMY = [("trichotomy", {}), ("trichotomy", {"trim": 0.05}), ("trichotomy", {"r": 0.01}),
              ("trichotomy", {"lambda0": 0.5}), ("trichotomy", {"n_min": 20}), ("fisher_lda", {}),
              ("fisher_lda", {"p_enter": 0.2})]

MINCOST = [("mincost", {}), ("mincost", {"cost_stop": True}), ("mincost", {"w1": 2.0}), ("m2", {}), ("m1", {})]
FUZZY = [("hfdt", {}), ("hfdt", {"min_mass_share": 0.0}), ("fuzzy_id3", {}), ("min_ambiguity", {})]  # 0: the paper's stop
PRICED_SETS = ["car_priced", "pima_priced"]
FUZZY_SETS = ["iris", "glass"]

CLASSIC_SETS = ["iris", "glass", "pima", "breast", "heart", "mushroom", "german", "car_nominal", "car_ordinal",
                "synth_monotone", "mixed_weighted"]
ORDERED_SETS = ["car_ordinal", "breast_ordered", "synth_monotone", "synth_clean"]
BINARY_SETS = ["normals", "pima", "iris_positive"]


def cases():
    for ds in CLASSIC_SETS:
        for p in CART:
            yield ds, "cart", p
        for p in C45:
            yield ds, "c45", p
        for p in ID3:
            yield ds, "id3", p
        for name, p in ROUGH:
            yield ds, name, p
    for ds in ORDERED_SETS:
        for p in FACMI:
            yield ds, "facmi", p
        for name, p in ORDINAL:
            yield ds, name, p
    for ds in BINARY_SETS:
        for name, p in TRICHOTOMY:
            yield ds, name, p
    for ds in PRICED_SETS:
        for name, p in MINCOST:
            yield ds, name, p
        for p in C45[:1] + CART[:1]:
            yield ds, "c45" if p is C45[0] else "cart", p
    for ds in FUZZY_SETS:
        for name, p in FUZZY:
            yield ds, name, p


def case_id(ds, name, params) -> str:
    return f"{ds} {name} {json.dumps(params, sort_keys=True)}"


def run(out: Path, only: str | None) -> None:
    import numpy as np

    from engine.algorithms.registry import get, resolve_params

    def plain(value):
        if isinstance(value, dict):
            return {str(k): plain(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [plain(v) for v in value]
        if isinstance(value, np.ndarray):
            return plain(value.tolist())
        if isinstance(value, np.generic):
            return value.item()
        return value

    from engine.tree.predict import predict
    from engine.tree.rules import extract_rules, rule_text

    def _predicted(tree, X, policy):
        p = predict(tree, X, policy)
        return {"labels": p.labels.tolist(), "scores": np.round(p.scores, 9).tolist(), "nodes": p.nodes.tolist(),
                "used": np.flatnonzero(p.used.ravel()).tolist()}

    sets = datasets()
    result = {}
    t0 = time.perf_counter()
    for ds, name, params in cases():
        key = case_id(ds, name, params)
        if only and only not in key:
            continue
        data, spec = sets[ds]
        # the training cases, then the first 50 again with every third value missing
        probe = data.X[:50].copy()
        probe[np.arange(probe.size).reshape(probe.shape) % 3 == 0] = np.nan
        X_probe = np.vstack([data.X, probe])
        try:
            info = get(name)
            tree = info.fit(data, spec, resolve_params(info, params))
            result[key] = {"tree": tree.to_json(), "info": plain(getattr(tree, "info", None) or {}),
                           "rules": [rule_text(tree, r) for r in extract_rules(tree)],
                           "predict": {policy: _predicted(tree, X_probe, policy)
                                       for policy in ("stop", "majority", "fractional")}}
        except Exception as exc:  # noqa: BLE001 - a refusal is part of the behaviour compared
            result[key] = {"error": f"{type(exc).__name__}: {exc}"}
    out.write_text(json.dumps(result, sort_keys=True))
    errors = sum(1 for v in result.values() if "error" in v)
    print(f"{len(result)} fits ({errors} refused) in {time.perf_counter() - t0:.1f} s -> {out}")


def _close(a, b) -> bool:
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_close(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_close(x, y) for x, y in zip(a, b))
    if isinstance(a, float) and isinstance(b, (int, float)) or isinstance(b, float) and isinstance(a, (int, float)):
        return a == b or math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)
    return a == b


def _structure(tree: dict) -> list:
    """Everything but the class counts (and the pruning curve of the info)."""
    return [{k: v for k, v in node.items() if k != "counts"} for node in tree["nodes"]] + [tree["labels"]]


def compare(before: Path, after: Path) -> int:
    a = json.loads(before.read_text())
    b = json.loads(after.read_text())
    counts = {"identical": 0, "rounding": 0, "DIFFERENT": 0, "missing": 0}
    for key in sorted(set(a) | set(b)):
        if key not in a or key not in b:
            counts["missing"] += 1
            print(f"missing in {'before' if key not in a else 'after'}: {key}")
            continue
        x, y = a[key], b[key]
        if json.dumps(x, sort_keys=True) == json.dumps(y, sort_keys=True):
            counts["identical"] += 1
        elif "tree" in x and "tree" in y and _structure(x["tree"]) == _structure(y["tree"]) and _close(x, y):
            counts["rounding"] += 1
        else:
            counts["DIFFERENT"] += 1
            print(f"DIFFERENT: {key}")
            if "error" in x or "error" in y:
                print(f"   before: {x.get('error', 'a tree')}\n   after:  {y.get('error', 'a tree')}")
    total = sum(counts.values())
    print(f"{total} fits: " + ", ".join(f"{v} {k}" for k, v in counts.items()))
    return 0 if counts["DIFFERENT"] == 0 and counts["missing"] == 0 else 1


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path)
    ap.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[2],
                    help="the checkout whose engine is used (default: this one)")
    ap.add_argument("--only", help="only cases whose id contains this text")
    ap.add_argument("--compare", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    args = ap.parse_args()
    if args.compare:
        return compare(*args.compare)
    if not args.out:
        ap.error("give --out FILE or --compare BEFORE AFTER")
    used = _setup(args.root)
    print(f"engine from {used}")
    run(args.out, args.only)
    return 0


if __name__ == "__main__":
    sys.exit(main())
