"""Fuzzy trees' fit time against fuzzytree and scikit-learn's CART, on the same data and splits.

    python tests/benchmarks/fuzzy_fit.py [--splits 5] [--rows 2000 20000]

Data: iris, wine, glass, pima, breast (../shared/datasets; rows with missing
values dropped) and make_classification sets of --rows (10 features, 3
classes); stratified 70/30 splits, seeds 0.. --splits - 1. Learners: our HFDT
and fuzzy ID3 (defaults: k = 2 Kohonen terms, β0 0.9, minimum membership 1;
no class hierarchy, so both are flat), fuzzytree's FuzzyDecisionTreeClassifier
(its defaults) and scikit-learn's DecisionTreeClassifier (defaults). Fit
seconds are the mean over the splits (Numba kernels compiled before timing);
test accuracy beside each; ratios against ours in the same run.
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

import numpy as np  # noqa: E402
from _common import DATA_DIR  # noqa: E402
from fuzzytree import FuzzyDecisionTreeClassifier  # noqa: E402
from sklearn.datasets import make_classification  # noqa: E402
from sklearn.tree import DecisionTreeClassifier  # noqa: E402

import fuzzytree._classes  # noqa: E402
from sklearn.utils.validation import _check_sample_weight  # noqa: E402

from engine.algorithms.registry import get, resolve_params  # noqa: E402
from engine.data import read_table  # noqa: E402
from engine.data.encode import AttributeSchema, DataSchema, EncodedData, encode  # noqa: E402
from engine.data.spec import ProblemSpec  # noqa: E402
from engine.evaluate import stratified_holdout  # noqa: E402
from engine.tree.predict import predict  # noqa: E402

SETS = {"iris": "class", "wine": "class", "glass": "Type", "pima_indians_diabetes": "class",
        "breast_cancer_wisconsin_original": "class"}


def real(name: str) -> EncodedData:
    data = encode(read_table(DATA_DIR / f"{name}.csv"), ProblemSpec(target=SETS[name]))
    return data.subset(np.flatnonzero(~np.isnan(data.X).any(axis=1)))


def synthetic(rows: int) -> EncodedData:
    X, y = make_classification(n_samples=rows, n_features=10, n_informative=6, n_classes=3, random_state=0)
    schema = DataSchema("y", ["0", "1", "2"], False, [AttributeSchema(f"x{j}", "numeric") for j in range(10)])
    return EncodedData(X, y.astype(np.int64), np.ones(rows), schema, np.arange(rows))


def ours(name):
    info = get(name)
    params = resolve_params(info, {})

    def fit(train, X_test):
        tree = info.fit(train, None, params)
        return predict(tree, X_test, info.missing).labels

    return fit


def theirs(model_class):
    def fit(train, X_test):
        model = model_class()
        model.fit(train.X, train.y)
        return model.predict(X_test)

    return fit


# fuzzytree 0.2.0 passes the dtype positionally, which scikit-learn >= 1.6 refuses: adapt the call
fuzzytree._classes._check_sample_weight = lambda weight, X, dtype=None: _check_sample_weight(weight, X, dtype=dtype)

LEARNERS = {"hfdt": ours("hfdt"), "fuzzy_id3": ours("fuzzy_id3"),
            "fuzzytree": theirs(FuzzyDecisionTreeClassifier), "sklearn cart": theirs(DecisionTreeClassifier)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--splits", type=int, default=5)
    ap.add_argument("--rows", type=int, nargs="*", default=[2000, 20000])
    args = ap.parse_args()
    warm = real("iris")
    for name in ("hfdt", "fuzzy_id3"):
        LEARNERS[name](warm, warm.X)
    sets = {name: real(name) for name in SETS}
    sets.update({f"synthetic {n}": synthetic(n) for n in args.rows})
    print(f"{'data set':26s} {'learner':13s} {'fit s':>9s} {'accuracy':>9s} {'/ hfdt':>8s}")
    for set_name, data in sets.items():
        seconds, accuracy = {}, {}
        for learner, fit in LEARNERS.items():
            times, right = [], []
            for seed in range(args.splits):
                test = stratified_holdout(data.y, 0.3, seed)
                train = data.subset(np.flatnonzero(~test))
                t0 = time.perf_counter()
                labels = fit(train, data.X[test])
                times.append(time.perf_counter() - t0)
                right.append(float((np.asarray(labels) == data.y[test]).mean()))
            seconds[learner], accuracy[learner] = float(np.mean(times)), float(np.mean(right))
        for learner in LEARNERS:
            print(f"{set_name:26s} {learner:13s} {seconds[learner]:9.4f} {accuracy[learner]:9.3f} "
                  f"{seconds[learner] / seconds['hfdt']:8.1f}", flush=True)


if __name__ == "__main__":
    main()
