"""Flat HFDT's answer rule (issue 42 item 3): the paper's rule against class shares, 10-fold.

    python tests/benchmarks/hfdt_answer.py [--folds 10]

HFDT with its defaults (k = 2, β0 0.9, minimum membership 1, min_mass_share 0.005) but the
answer rule: `firing_strength` (the paper's: the label with the largest summed firing
strength) or `class_share` (the firing strengths times the leaves' class distributions,
summed: fuzzy ID3's rule); fuzzy ID3 (its defaults) beside. Flat problems (no class
hierarchy): iris, wine, glass, pima, breast (Wisconsin), heart (Cleveland), ecoli-free sets
from ../shared/datasets; the same stratified folds (seed 0) for every learner; mean accuracy
over the folds and the number of folds where class shares beat / lose to the paper's rule.
Then glass with its 4-level hierarchy (the reproduction's problem): hierarchical accuracy and
label precision (engine.reproduce.hfdt's measures) under both rules, 10-fold. Prints Markdown.
"""

from __future__ import annotations

import argparse
import os

os.environ.setdefault("NUMBA_NUM_THREADS", "1")

import numpy as np
from _common import DATA_DIR

from engine.algorithms.registry import get, resolve_params
from engine.data import read_table
from engine.data.encode import encode
from engine.data.hierarchy import ClassLevels, read_hierarchy
from engine.data.spec import ProblemSpec
from engine.evaluate import stratified_folds
from engine.tree.predict import predict

SETS = (("iris", "class"), ("wine", "class"), ("glass", "Type"), ("pima_indians_diabetes", "class"),
        ("breast_cancer_wisconsin_original", "class"), ("heart_disease_cleveland", "num"),
        ("balance_scale", "class"))
RUNS = (("HFDT, paper's rule", "hfdt", {"answer": "firing_strength"}),
        ("HFDT, class shares", "hfdt", {"answer": "class_share"}),
        ("fuzzy ID3", "fuzzy_id3", {}))


def fold_scores(data, spec, folds: int, runs=RUNS, hierarchy=False):
    fold, _ = stratified_folds(data.y, folds, 0)
    out = {label: [] for label, _, _ in runs}
    levels = ClassLevels(spec.hierarchy, list(data.classes)) if hierarchy else None
    for f in range(folds):
        train = data.subset(np.flatnonzero(fold != f))
        test = np.flatnonzero(fold == f)
        for label, name, params in runs:
            info = get(name)
            tree = info.fit(train, spec, info.stage_params(resolve_params(info, params, spec), "fit"))
            answers = predict(tree, data.X[test], info.missing).labels
            y = data.y[test]
            if hierarchy:
                above = levels.members(tree.labels)
                precision = np.array([levels.precision(n) for n in tree.labels])
                out[label].append((float(above[answers, y].mean()), float(precision[answers].mean())))
            else:
                out[label].append(float((answers == y).mean()))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--folds", type=int, default=10)
    args = ap.parse_args()
    print(f"| data set | rows | classes | {' | '.join(label for label, _, _ in RUNS)} | class shares better / worse "
          "(folds) |")
    print("|---|---|---|" + "---|" * len(RUNS) + "---|")
    means = {label: [] for label, _, _ in RUNS}
    for name, target in SETS:
        spec = ProblemSpec(target=target)
        data = encode(read_table(DATA_DIR / f"{name}.csv"), spec)
        s = fold_scores(data, spec, args.folds)
        a, b = np.array(s[RUNS[0][0]]), np.array(s[RUNS[1][0]])
        for label in means:
            means[label].append(np.mean(s[label]))
        print(f"| {name} | {data.n} | {len(data.classes)} | "
              + " | ".join(f"{np.mean(s[label]):.3f}" for label, _, _ in RUNS)
              + f" | {(b > a + 1e-12).sum()} / {(b < a - 1e-12).sum()} |")
    print("| mean | | | " + " | ".join(f"{np.mean(means[label]):.3f}" for label, _, _ in RUNS) + " | |")
    spec = ProblemSpec(target="Type", hierarchy=read_hierarchy(DATA_DIR / "glass_hierarchy.csv"))
    data = encode(read_table(DATA_DIR / "glass.csv"), spec)
    runs = RUNS[:2] + (("HFDT, auto (default)", "hfdt", {}),)
    s = fold_scores(data, spec, args.folds, runs, hierarchy=True)
    print("\n| glass with its hierarchy, 10-fold | hierarchical accuracy | label precision | accuracy x precision |")
    print("|---|---|---|---|")
    for label, _, _ in runs:
        r = np.array(s[label])
        print(f"| {label} | {r[:, 0].mean():.3f} | {r[:, 1].mean():.3f} | {(r[:, 0] * r[:, 1]).mean():.3f} |")


if __name__ == "__main__":
    main()
