"""Seed 000's experiments (ALGORITHMS.md §1.7), rerun with our learners.

(a) k = 4 classes, n = 1000 cases of the §1.6 data: train on 4..36 random
    cases (every class present), test on the rest; MAE curves of FACMI,
    CART, IE, RT over `repeats` draws.
(b) k = 2, 4, 6, 8, 10: 5-fold cross-validated MAE of FACMI, CART, ID3,
    C4.5, IE, RT on n = 1000 fresh cases per repeat.
(c) real data: 5-fold cross-validated MAE of FACMI, CART, ID3, C4.5, IE, RT,
    REMT, with monotone preprocessing (decreasing attributes reversed) and
    without (every attribute taken as it is).

CART is the fully grown tree (`prune=none`), as the paper's baselines;
everything else runs with its defaults. Seeds are fixed: a run is repeatable.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pandas as pd

from ..algorithms.registry import get, resolve_params
from ..data import read_table
from ..data.encode import EncodedData, encode
from ..data.spec import ProblemSpec
from ..evaluate import stratified_folds
from ..plot import LinePlot
from ..synth import monotone_data
from ..tree.predict import predict
from . import Count, Progress, reporter, save_tables  # noqa: F401 (Progress: as before, for callers)

LEARNERS_A = ("facmi", "cart", "ie", "rt")
LEARNERS_B = ("facmi", "cart", "id3", "c45", "ie", "rt")
LEARNERS_C = ("facmi", "cart", "id3", "c45", "ie", "rt", "remt")
PARAMS = {"cart": {"prune": "none"}}

#: real data sets of (c): file, target, class order, attribute directions (+ increasing, - decreasing)
REAL = {
    "car": ("car_evaluation.csv", "class", ["unacc", "acc", "good", "vgood"],
            {"buying": "-", "maint": "-", "doors": "+", "persons": "+", "lug_boot": "+", "safety": "+"},
            {"buying": ["low", "med", "high", "vhigh"], "maint": ["low", "med", "high", "vhigh"],
             "doors": ["2", "3", "4", "5more"], "persons": ["2", "4", "more"], "lug_boot": ["small", "med", "big"],
             "safety": ["low", "med", "high"]}),
    # L < B < R is the sign of right torque minus left torque
    "balance": ("balance_scale.csv", "class", ["L", "B", "R"],
                {"left-weight": "-", "left-distance": "-", "right-weight": "+", "right-distance": "+"}, {}),
    "breast": ("breast_cancer_wisconsin_original.csv", "class", ["2", "4"], "+", {}),
    "wine quality": ("winequality_red.csv", "quality", ["3", "4", "5", "6", "7", "8"], "spearman", {}),
    "era": ("era.csv", "class", [str(i) for i in range(1, 10)], "+", {}),
    "esl": ("esl.csv", "class", [str(i) for i in range(1, 10)], "+", {}),
    "lev": ("lev.csv", "class", [str(i) for i in range(5)], "+", {}),
    "swd": ("swd.csv", "class", ["2", "3", "4", "5"], "+", {}),
}


def datasets_dir() -> Path:
    override = os.environ.get("RULETREE_DATASETS")
    if override:
        return Path(override)
    return Path(__file__).resolve().parents[3] / "shared" / "datasets"


def _fit_predict(name: str, train: EncodedData, X_test: np.ndarray) -> np.ndarray:
    info = get(name)
    tree = info.fit(train, None, resolve_params(info, PARAMS.get(name, {})))
    return predict(tree, X_test, info.missing).labels


def _mae(pred, truth) -> float:
    return float(np.abs(pred - truth).mean())


def experiment_a(repeats: int, sizes=range(4, 37, 4), say=None, count: Count | None = None) -> pd.DataFrame:
    """Units counted: one draw of training cases, every learner fitted on it."""
    say = reporter(say)
    count = count or Count(say, len(sizes) * repeats)
    rows = []
    for size in sizes:
        maes = {name: [] for name in LEARNERS_A}
        for rep in range(repeats):
            data = monotone_data(1000, 4, seed=1000 + rep)
            rng = np.random.default_rng(rep * 1009 + size)
            while True:  # every class present among the training cases
                idx = rng.choice(1000, size, replace=False)
                if len(np.unique(data.y[idx])) == 4:
                    break
            test = np.setdiff1d(np.arange(1000), idx)
            for name in LEARNERS_A:
                maes[name].append(_mae(_fit_predict(name, data.subset(idx), data.X[test]), data.y[test]))
            count(f"(a) {size} training cases: draw {rep + 1} of {repeats}")
        rows.append({"training cases": size, **{name: float(np.mean(v)) for name, v in maes.items()}})
        say(f"(a) {size} training cases: " + ", ".join(f"{k} {rows[-1][k]:.3f}" for k in LEARNERS_A))
    return pd.DataFrame(rows)


def cross_validated_mae(data: EncodedData, names, folds: int, seed: int) -> dict[str, float]:
    fold, _ = stratified_folds(data.y, folds, seed)
    out = {name: [] for name in names}
    for k in range(folds):
        train, test = np.flatnonzero(fold != k), np.flatnonzero(fold == k)
        for name in names:
            out[name].append(_mae(_fit_predict(name, data.subset(train), data.X[test]), data.y[test])
                             * len(test))
    return {name: float(np.sum(v) / len(data.y)) for name, v in out.items()}


def experiment_b(repeats: int, ks=(2, 4, 6, 8, 10), say=None, count: Count | None = None) -> pd.DataFrame:
    """Units counted: one 5-fold cross-validation of every learner (one repeat of one k)."""
    say = reporter(say)
    count = count or Count(say, len(ks) * repeats)
    rows = []
    for k in ks:
        results = {name: [] for name in LEARNERS_B}
        for rep in range(repeats):
            data = monotone_data(1000, k, seed=2000 + 31 * k + rep)
            for name, v in cross_validated_mae(data, LEARNERS_B, 5, rep).items():
                results[name].append(v)
            count(f"(b) k = {k}: repeat {rep + 1} of {repeats}")
        rows.append({"classes": k, **{name: float(np.mean(v)) for name, v in results.items()}})
        say(f"(b) k = {k}: " + ", ".join(f"{n} {rows[-1][n]:.3f}" for n in LEARNERS_B))
    return pd.DataFrame(rows)


def real_problem(name: str, monotone: bool, folder: Path) -> EncodedData:
    file, target, order, directions, orders = REAL[name]
    table = read_table(folder / file)
    spec = ProblemSpec(target=target, class_order=order)
    attributes = [c.name for c in table.columns if c.name != target]
    for attr in attributes:
        if attr in orders:
            spec.set_attribute(attr, type="ordinal", order=orders[attr])
    if monotone:
        if directions == "spearman":  # no published directions: the sign of the rank correlation
            ranks_y = pd.Series(table.frame[target]).rank()
            for attr in attributes:
                rho = pd.Series(table.frame[attr]).rank().corr(ranks_y)
                spec.set_attribute(attr, monotone="decreasing" if rho < 0 else "increasing")
        elif directions == "+":
            for attr in attributes:
                spec.set_attribute(attr, monotone="increasing")
        else:
            for attr, sign in directions.items():
                spec.set_attribute(attr, monotone="increasing" if sign == "+" else "decreasing")
    return encode(table, spec)


def experiment_c(repeats: int, names=tuple(REAL), folder: Path | None = None, say=None,
                 count: Count | None = None) -> pd.DataFrame:
    """Units counted: one 5-fold cross-validation of every learner (one repeat of one data set,
    with or without the monotone preprocessing)."""
    say = reporter(say)
    count = count or Count(say, len(names) * 2 * repeats)
    folder = folder or datasets_dir()
    rows = []
    for dataset in names:
        for monotone in (True, False):
            data = real_problem(dataset, monotone, folder)
            results = {name: [] for name in LEARNERS_C}
            for rep in range(repeats):
                for name, v in cross_validated_mae(data, LEARNERS_C, 5, rep).items():
                    results[name].append(v)
                count(f"(c) {dataset}, monotone {'yes' if monotone else 'no'}: repeat {rep + 1} of {repeats}")
            rows.append({"data set": dataset, "monotone preprocessing": "yes" if monotone else "no",
                         **{name: float(np.mean(v)) for name, v in results.items()}})
            say(f"(c) {dataset}, monotone {'yes' if monotone else 'no'}: "
                + ", ".join(f"{n} {rows[-1][n]:.3f}" for n in LEARNERS_C))
    return pd.DataFrame(rows)


def best_marks(frame: pd.DataFrame, learners) -> pd.Series:
    """Which learner has the lowest MAE in each row."""
    return frame[list(learners)].idxmin(axis=1)


def plots(tables: dict[str, pd.DataFrame]) -> list[LinePlot]:
    """The paper's figures: MAE against training cases (a) and against the number of classes (b)."""
    a, b = tables["facmi_a_training_size"], tables["facmi_b_classes"]
    return [
        LinePlot("facmi_a_training_size", "Seed 000 (a): k = 4, MAE against training cases", "training cases",
                 "test MAE", tuple(a["training cases"]), {n: tuple(a[n]) for n in LEARNERS_A if n in a}),
        LinePlot("facmi_b_classes", "Seed 000 (b): 5-fold MAE against the number of classes", "classes k", "MAE",
                 tuple(b["classes"]), {n: tuple(b[n]) for n in LEARNERS_B if n in b}),
    ]


def run(out: Path, quick: bool = False, say=None) -> dict[str, pd.DataFrame]:
    """All three experiments; tables as CSV and XLSX in `out`.
    Full: 100 repeats each, as the paper. Quick: 5 / 2 / 1.
    Units counted: (a)'s draws, (b)'s and (c)'s cross-validations, one total for the three."""
    say = reporter(say)
    out.mkdir(parents=True, exist_ok=True)
    reps = (5, 2, 1) if quick else (100, 100, 100)
    sizes, ks, names = range(4, 37, 4), (2, 4, 6, 8, 10), ("car", "balance", "breast") if quick else tuple(REAL)
    count = Count(say, len(sizes) * reps[0] + len(ks) * reps[1] + len(names) * 2 * reps[2])
    tables = {
        "facmi_a_training_size": experiment_a(reps[0], sizes, say=say, count=count),
        "facmi_b_classes": experiment_b(reps[1], ks, say=say, count=count),
        "facmi_c_real_data": experiment_c(reps[2], names=names, say=say, count=count),
    }
    tables["facmi_b_classes"]["lowest MAE"] = best_marks(tables["facmi_b_classes"], LEARNERS_B)
    tables["facmi_c_real_data"]["lowest MAE"] = best_marks(tables["facmi_c_real_data"], LEARNERS_C)
    tables["facmi_a_training_size"]["lowest MAE"] = best_marks(tables["facmi_a_training_size"], LEARNERS_A)
    save_tables(out, tables, "facmi_tables", say)
    return tables
