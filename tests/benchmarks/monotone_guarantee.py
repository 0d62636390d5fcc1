"""The monotone guarantee's price (ALGORITHMS.md §1.5): 5-fold MAE and non-monotone
leaf pairs with and without `enforce_monotone`, for FACMI and CART, on the §1.6
data (k = 2..10, n = 1000) and on esl, era, lev, swd, car_evaluation, and
scikit-learn's monotonic_cst tree for two classes, in one run.

    python tests/benchmarks/monotone_guarantee.py [--repeats 3]

Goal: zero violations with an MAE within 10 % of the unconstrained tree's.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import numpy as np  # noqa: E402

from engine.algorithms.registry import get, resolve_params  # noqa: E402
from engine.evaluate import stratified_folds  # noqa: E402
from engine.monotone import monotonicity_report  # noqa: E402
from engine.reproduce.facmi import datasets_dir, real_problem  # noqa: E402
from engine.synth import monotone_data  # noqa: E402
from engine.tree.predict import predict  # noqa: E402


def cv(data, name, params, repeats):
    info = get(name)
    resolved = resolve_params(info, params)
    maes, pairs = [], []
    for r in range(repeats):
        fold, _ = stratified_folds(data.y, 5, r)
        for k in range(5):
            train, test = np.flatnonzero(fold != k), np.flatnonzero(fold == k)
            tree = info.fit(data.subset(train), None, resolved)
            maes.append(np.abs(predict(tree, data.X[test], info.missing).labels - data.y[test]).sum())
            pairs.append(monotonicity_report(tree).get("nonmonotone_pairs", np.nan))
    return float(np.sum(maes) / (repeats * len(data.y))), float(np.mean(pairs))


def sklearn_constrained(data, repeats):
    from sklearn.tree import DecisionTreeClassifier

    cst = [a.monotone for a in data.schema.attributes]
    out = []
    for constrained in (False, True):
        total = 0.0
        for r in range(repeats):
            fold, _ = stratified_folds(data.y, 5, r)
            for k in range(5):
                train, test = fold != k, fold == k
                model = DecisionTreeClassifier(random_state=0, monotonic_cst=cst if constrained else None)
                model.fit(data.X[train], data.y[train])
                total += np.abs(model.predict(data.X[test]) - data.y[test]).sum()
        out.append(total / (repeats * len(data.y)))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args()
    problems = [(f"§1.6 k={k}", monotone_data(1000, k, seed=k)) for k in (2, 4, 6, 8, 10)]
    problems += [(name, real_problem(name, True, datasets_dir())) for name in ("esl", "era", "lev", "swd", "car")]
    print("| data | learner | MAE free | MAE guaranteed | MAE ratio | pairs free | pairs guaranteed |")
    print("|---|---|---|---|---|---|---|")
    for label, data in problems:
        for name, base in (("facmi", {}), ("cart", {"prune": "none"})):
            free = cv(data, name, base, args.repeats)
            guarded = cv(data, name, {**base, "enforce_monotone": True}, args.repeats)
            print(f"| {label} | {name} | {free[0]:.4f} | {guarded[0]:.4f} | {guarded[0] / max(free[0], 1e-12):.3f} "
                  f"| {free[1]:.1f} | {guarded[1]:.1f} |", flush=True)
        if len(data.classes) == 2:
            free, constrained = sklearn_constrained(data, args.repeats)
            print(f"| {label} | scikit-learn monotonic_cst | {free:.4f} | {constrained:.4f} | "
                  f"{constrained / max(free, 1e-12):.3f} | | |", flush=True)


if __name__ == "__main__":
    main()
