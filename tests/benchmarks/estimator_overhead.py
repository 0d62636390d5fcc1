"""What the scikit-learn estimator adds to the engine's own call (issue 24): CART, fit and predict.

    python tests/benchmarks/estimator_overhead.py [--rows 100000] [--features 20] [--repeats 5]

Synthetic data: sklearn.datasets.make_classification (10 informative features, 4 classes).
The engine's call: the arrays put in an EncodedData as test_every_parameter_matters does
(what a caller of the engine with arrays in hand writes), `resolve_params`, the registry's
`fit`; predict: `predict_cases` on the float array (labels only). The estimator's:
`CARTClassifier(...).fit(X, y)` and `.predict(X)`, which check the input, build the problem,
validate it, encode, fit, and map the answers back to `classes_`. Best of --repeats,
alternating the two so drifts of the machine fall on both. Numba kernels are compiled
before timing. The overhead must stay under 5 %.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("NUMBA_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import dataclasses  # noqa: E402

import numpy as np  # noqa: E402
from sklearn.datasets import make_classification  # noqa: E402

from engine.algorithms.registry import get, resolve_params  # noqa: E402
from engine.data.encode import AttributeSchema, DataSchema, EncodedData  # noqa: E402
import engine.estimators as estimators  # noqa: E402
from engine.estimators import CARTClassifier  # noqa: E402
from engine.workflows import predict_cases  # noqa: E402

CART = get("cart")
PREDICT_BATCH = 20  # predict calls per timing (one call is ~25 ms: too short to time alone)


def engine_data(X, y):
    classes = [str(c) for c in np.unique(y)]
    schema = DataSchema("class", classes, False, [AttributeSchema(f"x{j}", "numeric") for j in range(X.shape[1])])
    return EncodedData(np.ascontiguousarray(X, dtype=np.float64), np.searchsorted(np.unique(y), y).astype(np.int64),
                       np.ones(len(y)), schema, np.arange(len(y)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=int, default=100_000)
    ap.add_argument("--features", type=int, default=20)
    ap.add_argument("--repeats", type=int, default=9)
    ap.add_argument("--prune", default="none", help="CART's prune (none: the fully grown tree of cart_fit.py)")
    args = ap.parse_args()
    X, y = make_classification(n_samples=args.rows, n_features=args.features, n_informative=10, n_classes=4,
                               random_state=0)
    params = {"prune": args.prune}

    def engine_fit():
        data = engine_data(X, y)
        resolved = resolve_params(CART, params)
        return CART.fit(data, None, CART.stage_params(resolved, "fit")), resolved

    def estimator_fit():
        return CARTClassifier(**params).fit(X, y)

    # compile / warm up
    warm = make_classification(n_samples=500, n_features=args.features, n_informative=10, n_classes=4,
                               random_state=1)
    CARTClassifier(**params).fit(*warm).predict(warm[0])
    tree, resolved = engine_fit()
    est = estimator_fit()

    fit_times = {"engine": [], "estimator": []}
    pred_times = {"engine": [], "estimator": [], "unchecked": []}
    for _ in range(args.repeats):
        for name, fn in (("engine", engine_fit), ("estimator", estimator_fit)):
            t0 = time.perf_counter()
            fn()
            fit_times[name].append(time.perf_counter() - t0)
        for name, fn in (("engine", lambda: predict_cases(CART, tree, X, resolved).labels),
                         ("estimator", lambda: est.predict(X)),
                         ("unchecked", lambda: est.predict(X, check_input=False))):
            t0 = time.perf_counter()
            for _ in range(PREDICT_BATCH):
                fn()
            pred_times[name].append((time.perf_counter() - t0) / PREDICT_BATCH)
    own_fit, own_predict = own_work(X, y, params, args.repeats)
    assert est.model_.tree.n_leaves == tree.n_leaves
    assert np.array_equal(est.predict(X), np.unique(y)[predict_cases(CART, tree, X, resolved).labels])
    print(f"CART prune={args.prune}, {args.rows:,} x {args.features}, best of {args.repeats} "
          f"(predict: mean of {PREDICT_BATCH} calls); leaves {tree.n_leaves:,}")
    print("| what | engine seconds | estimator seconds | overhead |")
    print("|---|---|---|---|")
    total = {}
    for label, times in (("fit", fit_times), ("predict (all rows)", pred_times)):
        e, s = min(times["engine"]), min(times["estimator"])
        total[label] = (e, s)
        print(f"| {label} | {e:.4f} | {s:.4f} | {100 * (s / e - 1):+.1f} % |")
    e, u = min(pred_times["engine"]), min(pred_times["unchecked"])
    print(f"| predict, check_input=False | {e:.4f} | {u:.4f} | {100 * (u / e - 1):+.1f} % |")
    e = sum(v[0] for v in total.values())
    s = sum(v[1] for v in total.values())
    print(f"| fit + predict | {e:.4f} | {s:.4f} | {100 * (s / e - 1):+.1f} % |")
    print()
    print("The estimator's own work inside the same call (its time minus the engine call it makes; "
          "median), against the engine's call:")
    print("| what | estimator's own seconds | share of the engine's call |")
    print("|---|---|---|")
    for label, own, (e, _) in (("fit", own_fit, total["fit"]), ("predict (all rows)", own_predict,
                                                                 total["predict (all rows)"])):
        print(f"| {label} | {own:.4f} | {100 * own / e:.1f} % |")


def own_work(X, y, params, repeats):
    """Median seconds of the estimator's fit and predict spent outside the engine's fit and
    predict_cases (both wrapped to time themselves), so a busy machine slows both alike."""
    inner = []

    def clock(fn):
        def timed(*a, **k):
            t0 = time.perf_counter()
            out = fn(*a, **k)
            inner.append(time.perf_counter() - t0)
            return out
        return timed

    info = dataclasses.replace(CART, fit=clock(CART.fit))
    get, predict = estimators.get, estimators.predict_cases
    estimators.get, estimators.predict_cases = (lambda name: info), clock(predict)
    try:
        fits, predicts = [], []
        for _ in range(repeats):
            inner.clear()
            t0 = time.perf_counter()
            est = CARTClassifier(**params).fit(X, y)
            fits.append(time.perf_counter() - t0 - sum(inner))
            est.predict(X)  # the first call compiles the tree (inside the engine's call)
            inner.clear()
            t0 = time.perf_counter()
            for _ in range(PREDICT_BATCH):
                est.predict(X)
            predicts.append((time.perf_counter() - t0 - sum(inner)) / PREDICT_BATCH)
    finally:
        estimators.get, estimators.predict_cases = get, predict
    return float(np.median(fits)), float(np.median(predicts))


if __name__ == "__main__":
    main()
