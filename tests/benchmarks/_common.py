"""What the benchmark scripts share: the parity data sets, where they are, and timing."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import numpy as np

# RULETREE_ENGINE_ROOT: measure another checkout's engine (an older commit, for before/after figures)
ROOT = Path(os.environ.get("RULETREE_ENGINE_ROOT") or Path(__file__).resolve().parents[2])
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.reproduce.facmi import datasets_dir  # noqa: E402  (RULETREE_DATASETS or ../shared/datasets)

DATA_DIR = datasets_dir()
# file stem -> target column (always the last column of the CSV)
DATASETS = {
    "iris": "class",
    "wine": "class",
    "glass": "Type",
    "pima_indians_diabetes": "class",
    "german_credit": "class",
    "car_evaluation": "class",
    "breast_cancer_wisconsin_original": "class",
}


def timed(fn, repeats: int):
    """(best seconds over `repeats` calls, the last result)."""
    best, out = np.inf, None
    for _ in range(repeats):
        t0 = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t0)
    return best, out


def cv_folds(y, k: int, seed: int):
    """(train, test) index pairs of engine.evaluate.stratified_folds, empty test folds skipped."""
    from engine.evaluate import stratified_folds

    fold, _ = stratified_folds(y, k, seed)
    for i in range(k):
        test = np.flatnonzero(fold == i)
        if len(test):
            yield np.flatnonzero(fold != i), test


def fit_and_score(info, params, data, train, test) -> tuple[int, int]:
    """Our learner fitted on `train`: (correct predictions on `test`, leaves)."""
    from engine.tree.predict import predict

    tree = info.fit(data.subset(train), None, params)
    labels = predict(tree, data.X[test], info.missing).labels
    return int(np.sum(labels == data.y[test])), tree.n_leaves
