"""Rough-set trees' fit time against our C4.5 and scikit-learn's CART, in one run, single thread.

    python tests/benchmarks/roughset_fit.py [--rows 100000] [--features 20] [--values 5] [--classes 3]

Data: sklearn.datasets.make_classification (10 informative features, 5 % label
noise), each feature cut at its quantiles into --values intervals, so every
learner sees the same discrete attributes: ours as nominal attributes (DP, RS,
C4.5 with its defaults, ID3 for reference: multiway, one branch per value),
scikit-learn's CART as integer codes (binary splits on the code order, fully
grown). Fit seconds are the best of --repeats; leaves and training accuracy are
printed beside them (the trees are unpruned but for C4.5). Numba kernels are
compiled (or loaded from cache) before timing.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("NUMBA_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import numpy as np  # noqa: E402
from _common import timed  # noqa: E402
from sklearn.datasets import make_classification  # noqa: E402
from sklearn.tree import DecisionTreeClassifier  # noqa: E402

from engine.algorithms.registry import get, resolve_params  # noqa: E402
from engine.data.encode import AttributeSchema, DataSchema, EncodedData  # noqa: E402
from engine.tree.predict import predict  # noqa: E402

OURS = ("dp", "rs", "c45", "id3")


def discrete_data(rows: int, features: int, values: int, classes: int, seed: int) -> EncodedData:
    X, y = make_classification(n_samples=rows, n_features=features, n_informative=10, n_classes=classes,
                               flip_y=0.05, random_state=seed)
    codes = np.empty_like(X)
    for j in range(features):
        cuts = np.quantile(X[:, j], np.linspace(0, 1, values + 1)[1:-1])
        codes[:, j] = np.searchsorted(cuts, X[:, j], side="left")
    schema = DataSchema("y", [str(k) for k in range(classes)], False,
                        [AttributeSchema(f"x{j}", "nominal", categories=[str(v) for v in range(values)])
                         for j in range(features)])
    return EncodedData(codes, y.astype(np.int64), np.ones(rows), schema, np.arange(rows))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=int, nargs="+", default=[100_000])
    ap.add_argument("--features", type=int, default=20)
    ap.add_argument("--values", type=int, default=5)
    ap.add_argument("--classes", type=int, default=3)
    ap.add_argument("--repeats", type=int, default=2)
    args = ap.parse_args()
    warm = discrete_data(500, args.features, args.values, args.classes, 1)
    for name in OURS:
        info = get(name)
        info.fit(warm, None, resolve_params(info, {}))
    for rows in args.rows:
        data = discrete_data(rows, args.features, args.values, args.classes, 0)
        print(f"\n{rows} rows x {args.features} attributes of {args.values} values, {args.classes} classes")
        seconds, leaves, accuracy = {}, {}, {}
        for name in OURS:
            info = get(name)
            params = resolve_params(info, {})
            seconds[name], tree = timed(lambda: info.fit(data, None, params), args.repeats)
            leaves[name] = tree.n_leaves
            accuracy[name] = float((predict(tree, data.X, info.missing).labels == data.y).mean())
        model = DecisionTreeClassifier(random_state=0)
        seconds["sklearn cart"], _ = timed(lambda: model.fit(data.X, data.y), args.repeats)
        leaves["sklearn cart"] = int(model.get_n_leaves())
        accuracy["sklearn cart"] = float(model.score(data.X, data.y))
        print(f"{'learner':14s} {'fit s':>8s} {'leaves':>8s} {'train acc':>9s} {'/ our c45':>9s} {'/ sklearn':>9s}")
        for name in (*OURS, "sklearn cart"):
            print(f"{name:14s} {seconds[name]:8.3f} {leaves[name]:8d} {accuracy[name]:9.3f} "
                  f"{seconds[name] / seconds['c45']:9.2f} {seconds[name] / seconds['sklearn cart']:9.2f}")


if __name__ == "__main__":
    main()
