"""Minimum-cost trees' fit time (mincost = M3, m2, m1) against our C4.5 and scikit-learn's CART,
on the same data and splits, in one run, single thread (issue 15).

    python tests/benchmarks/mincost_fit.py [--rows 100000] [--features 20] [--classes 3]
                                           [--repeats 1] [--real-repeats 3] [--no-real]
                                           [--learners mincost m2 m1 c45 cart]

Data:
- synthetic: sklearn.datasets.make_classification (--rows x --features, 10 informative,
  --classes classes, 5 % label noise, seed 0); the last three attributes cut at their
  quantiles into 4, 5 and 6 nominal values, the others numeric (full floats: every
  value distinct); 5 % of the values of x0, x4, x8, x12 and x18 missing (MCAR, seed 1).
  Costs (seed 2): test cost ~ U[1, 100], waiting time ~ U[0, 50] and waiting cost
  ~ U[0, 5] per attribute, cost per time unit 1; x3 needs x2 first (a prerequisite);
  x5, x6, x7 a batch group (common cost 20); misclassification cost 1000 · |i - j|.
- real (unless --no-real): car_evaluation, pima_indians_diabetes and
  breast_cancer_wisconsin_original (tests/data/datasets), with the same kind of random
  costs (seed 2), the first attribute a prerequisite of the second, the third to fifth
  a batch group, misclassification cost 1000 · |i - j| (car: ordered classes as read).

Every learner is fitted on the same training rows (a stratified 70/30 holdout, seed 0)
and scored on the same test rows: accuracy and the average misclassification cost of
its labels (ours: `predict` with the learner's own missing-value policy; CART:
scikit-learn's own NaN handling, nominal attributes as their codes), and for ours the
average total cost (sequential test strategy, engine.strategies.simulate, test and
waiting costs included) on at most --cost-cases test cases. Learners take their
defaults: mincost w1..w4 = 0.25, m2, m1 and c45 (J48's M = 2, CF = 0.25),
DecisionTreeClassifier(random_state=0) fully grown. Fit seconds are the best of
--repeats (synthetic) or --real-repeats (real sets); every learner is fitted once on a
small set before any timing (Numba kernels compiled or loaded from the cache).
RULETREE_ENGINE_ROOT=<checkout> measures another checkout's engine. Prints Markdown.
"""

from __future__ import annotations

import argparse
import os
import platform

os.environ.setdefault("NUMBA_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np
from _common import ROOT, timed
from sklearn.datasets import make_classification
from sklearn.tree import DecisionTreeClassifier

from engine.algorithms.registry import get, resolve_params
from engine.data import read_table
from engine.data.encode import AttributeSchema, DataSchema, EncodedData, encode
from engine.data.spec import AttributeSettings, BatchGroup, CostMatrix, ProblemSpec
from engine.evaluate import stratified_holdout
from engine.strategies import simulate
from engine.tree.predict import predict

OURS = ("mincost", "m2", "m1", "c45")
LOCAL = ROOT / "tests" / "data" / "datasets"
REAL = {"car_evaluation": "class", "pima_indians_diabetes": "class", "breast_cancer_wisconsin_original": "class"}
SHORT = {"car_evaluation": "car", "pima_indians_diabetes": "pima", "breast_cancer_wisconsin_original": "breast"}


def random_costs(names: list[str], classes: list[str], seed: int, prerequisite: tuple[str, str],
                 group: list[str]) -> ProblemSpec:
    """Test cost ~ U[1, 100], waiting time ~ U[0, 50], waiting cost ~ U[0, 5] per attribute;
    prerequisite = (attribute, the one it needs first); one batch group (common cost 20);
    misclassification cost 1000 · |i - j|."""
    rng = np.random.default_rng(seed)
    spec = ProblemSpec(target="y")
    spec.attributes = {}
    for name in names:
        spec.attributes[name] = AttributeSettings(test_cost=float(rng.uniform(1, 100)),
                                                  wait_time=float(rng.uniform(0, 50)),
                                                  wait_cost=float(rng.uniform(0, 5)))
    needs, first = prerequisite
    spec.attributes[needs].prerequisite = first
    spec.batch_groups = [BatchGroup("batch", list(group), common_cost=20.0)]
    k = len(classes)
    spec.misclassification_costs = CostMatrix(list(classes), [[1000.0 * abs(i - j) for j in range(k)]
                                                              for i in range(k)])
    return spec


def synthetic(rows: int, features: int, classes: int) -> tuple[EncodedData, ProblemSpec]:
    X, y = make_classification(n_samples=rows, n_features=features, n_informative=min(10, features - 2), n_classes=classes,
                               flip_y=0.05, random_state=0)
    attrs = []
    nominal = {features - 3: 4, features - 2: 5, features - 1: 6}
    for j in range(features):
        if j in nominal:
            m = nominal[j]
            cuts = np.quantile(X[:, j], np.linspace(0, 1, m + 1)[1:-1])
            X[:, j] = np.searchsorted(cuts, X[:, j], side="left")
            attrs.append(AttributeSchema(f"x{j}", "nominal", categories=[f"v{v}" for v in range(m)]))
        else:
            attrs.append(AttributeSchema(f"x{j}", "numeric"))
    rng = np.random.default_rng(1)
    for j in (0, 4, 8, 12 % (features - 3), features - 2):
        X[rng.random(rows) < 0.05, j] = np.nan
    names = [a.name for a in attrs]
    schema = DataSchema("y", [str(k) for k in range(classes)], False, attrs)
    data = EncodedData(X, y.astype(np.int64), np.ones(rows), schema, np.arange(rows))
    spec = random_costs(names, schema.classes, 2, ("x3", "x2"), ["x5", "x6", "x7"])
    return data, spec


def real(name: str) -> tuple[EncodedData, ProblemSpec]:
    data = encode(read_table(LOCAL / f"{name}.csv"), ProblemSpec(target=REAL[name]))
    names = data.schema.names
    spec = random_costs(names, data.classes, 2, (names[1], names[0]), names[2:5])
    spec.target = REAL[name]
    return data, spec


def warm_up() -> None:
    data, spec = synthetic(600, 12, 3)
    for name in OURS:
        info = get(name)
        info.fit(data, spec, resolve_params(info, {}))


def measure(data: EncodedData, spec: ProblemSpec, learners, repeats: int, cost_cases: int) -> dict:
    test_mask = stratified_holdout(data.y, 0.3, 0)
    train, test = data.subset(np.flatnonzero(~test_mask)), data.subset(np.flatnonzero(test_mask))
    matrix = spec.misclassification_costs.as_array(list(data.classes))
    out = {}
    for name in learners:
        if name == "cart":
            model = DecisionTreeClassifier(random_state=0)
            seconds, _ = timed(lambda model=model: model.fit(train.X, train.y), repeats)
            labels = model.predict(test.X)
            out[name] = {"seconds": seconds, "leaves": int(model.get_n_leaves()), "total": None}
        else:
            info = get(name)
            params = resolve_params(info, {})
            seconds, tree = timed(lambda info=info, params=params: info.fit(train, spec, params), repeats)
            labels = predict(tree, test.X, info.missing).labels
            few = slice(0, min(cost_cases, len(test.y)))
            total = simulate(tree, test.X[few], "sequential", spec=spec, y=test.y[few]).metrics()["avg_total_cost"]
            out[name] = {"seconds": seconds, "leaves": tree.n_leaves, "total": total}
        labels = np.asarray(labels, np.int64)
        ok = (labels >= 0) & (labels < len(data.classes))
        mc = np.where(ok, matrix[test.y, np.clip(labels, 0, len(data.classes) - 1)], np.nan)
        out[name].update(accuracy=float(np.mean(labels == test.y)), mc=float(np.nanmean(mc)))
    return out


def table(title: str, results: dict) -> None:
    print(f"\n### {title}\n")
    print("| learner | fit s | / our c45 | / sklearn CART | leaves | test accuracy | avg MC | avg total cost |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    c45 = results.get("c45", {}).get("seconds")
    cart = results.get("cart", {}).get("seconds")
    for name, r in results.items():
        ratio_c45 = f"{r['seconds'] / c45:.2f}" if c45 else "-"
        ratio_cart = f"{r['seconds'] / cart:.1f}" if cart else "-"
        total = "-" if r["total"] is None else f"{r['total']:.1f}"
        label = "sklearn CART" if name == "cart" else name
        print(f"| {label} | {r['seconds']:.3f} | {ratio_c45} | {ratio_cart} | {r['leaves']} | {r['accuracy']:.3f} | "
              f"{r['mc']:.1f} | {total} |")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=int, default=100_000)
    ap.add_argument("--features", type=int, default=20)
    ap.add_argument("--classes", type=int, default=3)
    ap.add_argument("--repeats", type=int, default=1)
    ap.add_argument("--real-repeats", type=int, default=3)
    ap.add_argument("--cost-cases", type=int, default=2000)
    ap.add_argument("--no-real", action="store_true")
    ap.add_argument("--learners", nargs="+", default=[*OURS, "cart"])
    args = ap.parse_args()
    print(f"engine: {ROOT}; Python {platform.python_version()}, {platform.machine()}, single thread")
    warm_up()
    if not args.no_real:
        for name in REAL:
            data, spec = real(name)
            table(f"{SHORT[name]} ({len(data.y)} rows x {data.X.shape[1]}, {len(data.classes)} classes; "
                  f"fit on 70 %, best of {args.real_repeats})",
                  measure(data, spec, args.learners, args.real_repeats, args.cost_cases))
    data, spec = synthetic(args.rows, args.features, args.classes)
    table(f"synthetic {args.rows} rows x {args.features} (3 nominal), {args.classes} classes, 5 % missing in 5 "
          f"attributes; fit on 70 %, best of {args.repeats}",
          measure(data, spec, args.learners, args.repeats, args.cost_cases))


if __name__ == "__main__":
    main()
