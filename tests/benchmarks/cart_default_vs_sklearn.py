"""Issue 20, goal 2: CART's default (pruned by internal 5-fold cross-validation) against
scikit-learn's fully grown fit, in one run, single thread.

    python tests/benchmarks/cart_default_vs_sklearn.py [--rows 1000000] [--features 20]

The data are cart_fit.py's (make_classification, 10 informative features, 4 classes, seed 0).
Timed once each (they are long): our default fit as users run it (the registry's learner, its
defaults: prune=auto), our fully grown fit (prune=none), scikit-learn's
DecisionTreeClassifier(random_state=0).fit; the ratios are to scikit-learn's fit. Kernels are
compiled on a small set first. Prints Markdown.
"""

from __future__ import annotations

import argparse
import os
import time

os.environ.setdefault("NUMBA_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np
from _common import ROOT  # noqa: F401  (puts the engine on the path)
from sklearn.datasets import make_classification
from sklearn.tree import DecisionTreeClassifier

from engine.algorithms.registry import get, resolve_params
from engine.data.encode import AttributeSchema, DataSchema, EncodedData


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--features", type=int, default=20)
    ap.add_argument("--classes", type=int, default=4)
    args = ap.parse_args()
    schema = DataSchema("y", [str(k) for k in range(args.classes)], False,
                        [AttributeSchema(f"x{j}", "numeric") for j in range(args.features)])

    def encoded(X, y):
        return EncodedData(np.ascontiguousarray(X), y.astype(np.int64), np.ones(len(y)), schema, np.arange(len(y)))

    cart = get("cart")
    default = cart.stage_params(resolve_params(cart, {}), "fit")
    full = cart.stage_params(resolve_params(cart, {"prune": "none"}), "fit")
    wX, wy = make_classification(n_samples=3000, n_features=args.features, n_informative=10,
                                 n_classes=args.classes, random_state=1)
    cart.fit(encoded(wX, wy), None, default)  # compile / load every kernel the default uses
    X, y = make_classification(n_samples=args.rows, n_features=args.features, n_informative=10,
                               n_classes=args.classes, random_state=0)
    data = encoded(X, y)
    out = {}
    for name, fit in (("scikit-learn fully grown", lambda: DecisionTreeClassifier(random_state=0).fit(X, y)),
                      ("ours fully grown (prune=none)", lambda: cart.fit(data, None, full)),
                      ("ours default (pruned, 5-fold CV)", lambda: cart.fit(data, None, default))):
        t0 = time.perf_counter()
        model = fit()
        out[name] = (time.perf_counter() - t0, model)
    base = out["scikit-learn fully grown"][0]
    print(f"| {args.rows:,} x {args.features} | seconds | ratio to scikit-learn's fully grown fit | leaves |")
    print("|---|---|---|---|")
    for name, (seconds, model) in out.items():
        leaves = model.get_n_leaves() if hasattr(model, "get_n_leaves") else model.n_leaves
        print(f"| {name} | {seconds:.1f} | {seconds / base:.2f} | {leaves:,} |")


if __name__ == "__main__":
    main()
