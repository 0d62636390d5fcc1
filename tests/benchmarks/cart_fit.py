"""CART speed and memory against scikit-learn, in one run, single thread.

    python tests/benchmarks/cart_fit.py [--rows 1000000 100000] [--features 20] [--classes 4]

Synthetic data: sklearn.datasets.make_classification (10 informative features).
Both grow the full tree (our prune=none, sklearn's defaults); fit and
predict-on-all-rows seconds (best of --repeats), leaves, peak memory of the fit
(tracemalloc for NumPy buffers, both sides alike), and our/sklearn ratios.
Numba kernels are compiled (or loaded from cache) before timing.
"""

from __future__ import annotations

import argparse
import os
import sys
import tracemalloc
from pathlib import Path

os.environ.setdefault("NUMBA_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import numpy as np  # noqa: E402
from _common import timed  # noqa: E402
from sklearn.datasets import make_classification  # noqa: E402
from sklearn.tree import DecisionTreeClassifier  # noqa: E402

from engine.data.encode import AttributeSchema, DataSchema, EncodedData  # noqa: E402
from engine.algorithms.registry import get, resolve_params  # noqa: E402
from engine.tree.predict import predict  # noqa: E402



CART = get("cart")
FULL = resolve_params(CART, {"prune": "none"})


def grow_presorted(data):
    """Our CART, fully grown (the registry's learner, as users run it)."""
    return CART.fit(data, None, FULL)


def peak_mb(fn):
    tracemalloc.start()
    fn()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 1e6


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=int, nargs="+", default=[100_000, 1_000_000])
    ap.add_argument("--features", type=int, default=20)
    ap.add_argument("--classes", type=int, default=4)
    ap.add_argument("--repeats", type=int, default=2)
    args = ap.parse_args()
    warm_X, warm_y = make_classification(n_samples=500, n_features=args.features, n_informative=10,
                                         n_classes=args.classes, random_state=1)
    schema = DataSchema("y", [str(k) for k in range(args.classes)], False,
                        [AttributeSchema(f"x{j}", "numeric") for j in range(args.features)])

    def encoded(X, y):
        return EncodedData(np.ascontiguousarray(X), y.astype(np.int64), np.ones(len(y)), schema, np.arange(len(y)))

    predict(grow_presorted(encoded(warm_X, warm_y)), warm_X)  # compile / load the kernels
    print("| rows | what | ours | scikit-learn | ratio |")
    print("|---|---|---|---|---|")
    for n in args.rows:
        X, y = make_classification(n_samples=n, n_features=args.features, n_informative=10,
                                   n_classes=args.classes, random_state=0)
        data = encoded(X, y)
        ours_fit, tree = timed(lambda: grow_presorted(data), args.repeats)
        skl_fit, model = timed(lambda: DecisionTreeClassifier(random_state=0).fit(X, y), args.repeats)
        ours_pred, _ = timed(lambda: predict(tree, X), args.repeats)
        skl_pred, _ = timed(lambda: model.predict(X), args.repeats)
        ours_mem = peak_mb(lambda: grow_presorted(data))
        skl_mem = peak_mb(lambda: DecisionTreeClassifier(random_state=0).fit(X, y))
        rows = [("fit seconds", ours_fit, skl_fit), ("predict seconds (all rows)", ours_pred, skl_pred),
                ("fit peak memory MB", ours_mem, skl_mem),
                ("leaves", float(tree.n_leaves), float(model.get_n_leaves()))]
        for what, a, b in rows:
            print(f"| {n:,} | {what} | {a:.3f} | {b:.3f} | {a / b:.2f} |", flush=True)


if __name__ == "__main__":
    main()
