"""Fuzzy trees' fit time against fuzzytree and scikit-learn's CART, on the same data and splits.

    python tests/benchmarks/fuzzy_fit.py [--splits 5] [--rows 2000] [--big 100000] [--features 20]
                                         [--min-time 0.5]
                                         [--learners hfdt hfdt_paper fuzzy_id3 fuzzytree cart]
    python tests/benchmarks/fuzzy_fit.py --select 0 0.001 0.002 ... [--folds 10] [--big 100000]
    python tests/benchmarks/fuzzy_fit.py --scaling 1000 4000 16000 64000 [--learners hfdt hfdt_paper cart]

Data: iris, wine, glass, pima, breast (../shared/datasets; rows with a missing
value dropped, which fuzzytree cannot take), stratified 70/30 splits with seeds
0 .. --splits - 1; make_classification sets of --rows (10 features, 6
informative, 3 classes) on split 0 only (fuzzytree takes minutes there); and,
with --big, a make_classification set of that many rows (--features features,
10 informative, 3 classes, 5 % label noise) on split 0, without fuzzytree.

Learners: our HFDT and fuzzy ID3 (defaults: k = 2 Kohonen terms, β0 0.9,
minimum membership 1; no class hierarchy, so both are flat; HFDT's default
min_mass_share, fuzzy ID3's 0), "hfdt_paper" (HFDT at the paper's stop:
min_mass_share 0, the minimum membership alone), fuzzytree's
FuzzyDecisionTreeClassifier and scikit-learn's DecisionTreeClassifier (their
defaults; CART with random_state 0, so that its ties go the same way in every
run). Every learner gets the same training rows (the same arrays) and is
scored on the same held-out rows.

Fit seconds: the fit alone (ours: fuzzification included, as it is part of our
fit; the predictions for the accuracy are made after the clock stops). On each
split a learner is fitted again and again until --min-time has passed (at
least once) and the mean is taken; the table gives the mean over the splits.
Every learner is fitted once on iris before any timing (Numba kernels compiled
or loaded from the cache). Single thread. RULETREE_ENGINE_ROOT=<checkout>
measures another checkout's engine (before/after figures; `--learners hfdt
fuzzy_id3` to leave out the slow fuzzytree; an engine without min_mass_share
knows no hfdt_paper: its hfdt is the paper's stop). Prints a Markdown table.

--select: how HFDT's default min_mass_share was chosen (`select` below): the
candidates' cross-validated accuracy, leaves and fit time on every set.
--scaling: the fit time against the rows (`scaling` below).
"""

from __future__ import annotations

import argparse
import os
import platform
import time
from functools import partial

os.environ.setdefault("NUMBA_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402
from _common import DATA_DIR, ROOT  # noqa: E402  (puts the engine to measure on the path)
from sklearn.datasets import make_classification  # noqa: E402
from sklearn.tree import DecisionTreeClassifier  # noqa: E402

from engine.algorithms.registry import get, resolve_params  # noqa: E402
from engine.data import read_table  # noqa: E402
from engine.data.encode import AttributeSchema, DataSchema, EncodedData, encode  # noqa: E402
from engine.data.spec import ProblemSpec  # noqa: E402
from engine.evaluate import stratified_folds, stratified_holdout  # noqa: E402
from engine.tree.predict import predict  # noqa: E402

SETS = {"iris": "class", "wine": "class", "glass": "Type", "pima_indians_diabetes": "class",
        "breast_cancer_wisconsin_original": "class"}
SHORT = {"pima_indians_diabetes": "pima", "breast_cancer_wisconsin_original": "breast"}


def real(name: str) -> EncodedData:
    data = encode(read_table(DATA_DIR / f"{name}.csv"), ProblemSpec(target=SETS[name]))
    return data.subset(np.flatnonzero(~np.isnan(data.X).any(axis=1)))


def synthetic(rows: int, features: int = 10, informative: int = 6, noise: float = 0.01) -> EncodedData:
    X, y = make_classification(n_samples=rows, n_features=features, n_informative=informative, n_classes=3,
                               flip_y=noise, random_state=0)
    schema = DataSchema("y", ["0", "1", "2"], False, [AttributeSchema(f"x{j}", "numeric") for j in range(features)])
    return EncodedData(X, y.astype(np.int64), np.ones(rows), schema, np.arange(rows))


#: our learners by benchmark name: (registry name, parameters); "hfdt_paper" is HFDT at the paper's stop
OURS = {"hfdt": ("hfdt", {}), "hfdt_paper": ("hfdt", {"min_mass_share": 0.0}), "fuzzy_id3": ("fuzzy_id3", {})}
TITLES = {"hfdt": "HFDT", "hfdt_paper": "HFDT paper's stop", "fuzzy_id3": "fuzzy ID3"}


class Ours:
    def __init__(self, name: str, params: dict | None = None):
        self.info = get(name)
        self.params = resolve_params(self.info, params or {})

    def fit(self, train: EncodedData):
        return self.info.fit(train, None, self.params)

    def predict(self, model, X):
        return predict(model, X, self.info.missing).labels

    @staticmethod
    def leaves(model) -> int:
        return model.n_leaves


class Theirs:
    def __init__(self, model_class):
        self.model_class = model_class

    def fit(self, train: EncodedData):
        return self.model_class().fit(train.X, train.y)

    @staticmethod
    def predict(model, X):
        return model.predict(X)

    @staticmethod
    def leaves(model) -> int | None:
        return model.get_n_leaves() if hasattr(model, "get_n_leaves") else None


def fuzzytree_learner():
    import fuzzytree
    import fuzzytree._classes
    from fuzzytree import FuzzyDecisionTreeClassifier
    from sklearn.utils.validation import _check_sample_weight

    # fuzzytree 0.2.0 passes the dtype positionally, which scikit-learn >= 1.6 refuses: adapt the call
    fuzzytree._classes._check_sample_weight = lambda weight, X, dtype=None: _check_sample_weight(weight, X,
                                                                                                 dtype=dtype)
    return Theirs(FuzzyDecisionTreeClassifier), getattr(fuzzytree, "__version__", "?")


def fit_seconds(learner, train: EncodedData, min_time: float):
    """(mean seconds of the fits made until min_time has passed, at least one; the last model)."""
    times, model = [], None
    start = time.perf_counter()
    while not times or time.perf_counter() - start < min_time:
        t0 = time.perf_counter()
        model = learner.fit(train)
        times.append(time.perf_counter() - t0)
    return float(np.mean(times)), model


def measure(learners: dict, data: EncodedData, seeds, min_time: float) -> dict:
    """learner -> (mean fit seconds, mean held-out accuracy, mean leaves) over the splits."""
    out = {}
    splits = []
    for seed in seeds:
        test = stratified_holdout(data.y, 0.3, seed)
        splits.append((data.subset(np.flatnonzero(~test)), data.X[test], data.y[test]))
    for name, learner in learners.items():
        seconds, right, leaves = [], [], []
        for train, X_test, y_test in splits:
            s, model = fit_seconds(learner, train, min_time)
            seconds.append(s)
            right.append(float(np.mean(np.asarray(learner.predict(model, X_test)) == y_test)))
            leaves.append(learner.leaves(model))
        out[name] = (float(np.mean(seconds)), float(np.mean(right)),
                     None if None in leaves else float(np.mean(leaves)))
    return out


def fmt_s(v):
    return "" if v is None else (f"{v:.4f}" if v < 10 else f"{v:.1f}")


def ratio(a, b):
    return "" if a is None or b is None else f"{a / b:,.0f}" if a / b >= 10 else f"{a / b:.2f}"


def row(name, n, m, names):
    """One set's line, in header(names)'s columns: per learner its seconds; then fuzzytree /
    each of ours, each of ours / CART; the accuracies; our leaves (blank: not run on this set)."""
    s = {k: v[0] for k, v in m.items()}
    ours = [k for k in names if k in OURS]
    cells = [name, f"{n:,}"] + [fmt_s(s.get(k)) for k in names]
    cells += [ratio(s.get("fuzzytree"), s.get(k)) for k in ours if "fuzzytree" in names]
    cells += [ratio(s.get(k), s.get("cart")) for k in ours if "cart" in names]
    cells += [f"{m[k][1]:.3f}" if k in m else "" for k in names]
    cells += ["" if k not in m or m[k][2] is None else f"{m[k][2]:,.0f}" for k in ours]
    return "| " + " | ".join(cells) + " |"


def header(names) -> str:
    title = {**TITLES, "fuzzytree": "fuzzytree", "cart": "CART"}
    ours = [k for k in names if k in OURS]
    cols = ["data set", "train rows"] + [f"{title[k]} s" for k in names]
    cols += [f"fuzzytree / {title[k]}" for k in ours if "fuzzytree" in names]
    cols += [f"{title[k]} / CART" for k in ours if "cart" in names]
    cols += [f"accuracy {title[k]}" for k in names] + [f"{title[k]} leaves" for k in ours]
    return "| " + " | ".join(cols) + " |\n|" + "---|" * len(cols)


def select(shares: list[float], folds: int, big: list[int], features: int, learner: str = "hfdt") -> None:
    """The default of min_mass_share, chosen on held-out data: for every candidate share,
    `folds`-fold stratified cross-validation (engine.evaluate.stratified_folds, seed 0) on
    the five real sets and the synthetic sets of 2,000 x 10 and 10,000 x 20 (each fold's
    test cases never seen by its fit), and on each --big set the benchmark's 70/30 split
    (seed 0; cross-validating 70,000 rows at the paper's stop takes too long). Prints per set
    and share: mean accuracy (± the std over the folds), mean leaves, mean fit seconds."""
    base = Ours(learner)
    base.fit(real("iris"))  # compiled before timing
    sets = [(SHORT.get(name, name), real(name)) for name in SETS]
    sets += [("synthetic 2,000 x 10", synthetic(2000)), ("synthetic 10,000 x 20", synthetic(10000, 20, 10, 0.05))]
    header = "| data set | rows | " + " | ".join(f"share {s:g}" for s in shares) + " |"
    print(f"\n{learner}: accuracy ± std over the folds / leaves / fit s\n\n{header}\n|" + "---|" * (len(shares) + 2))
    means = {s: [] for s in shares}

    def cell(acc, leaves, secs):
        return f"{np.mean(acc):.3f} ± {np.std(acc):.3f} / {np.mean(leaves):,.0f} / {np.mean(secs):.3f}"

    for name, data in sets:
        fold, _ = stratified_folds(data.y, folds, 0)
        cells = []
        for share in shares:
            learner_s = Ours(learner)
            learner_s.params = dict(base.params, min_mass_share=share)
            acc, leaves, secs = [], [], []
            for f in range(folds):
                train = data.subset(np.flatnonzero(fold != f))
                t0 = time.perf_counter()
                model = learner_s.fit(train)
                secs.append(time.perf_counter() - t0)
                test = fold == f
                acc.append(float(np.mean(np.asarray(learner_s.predict(model, data.X[test])) == data.y[test])))
                leaves.append(model.n_leaves)
            means[share].append(np.mean(acc))
            cells.append(cell(acc, leaves, secs))
        print(f"| {name} | {len(data.y):,} | " + " | ".join(cells) + " |", flush=True)
    print("| mean accuracy over these sets | | " + " | ".join(f"{np.mean(means[s]):.4f}" for s in shares) + " |")
    for n in big:
        data = synthetic(n, features, 10, 0.05)
        test = stratified_holdout(data.y, 0.3, 0)
        train = data.subset(np.flatnonzero(~test))
        cells = []
        for share in shares:
            learner_s = Ours(learner)
            learner_s.params = dict(base.params, min_mass_share=share)
            t0 = time.perf_counter()
            model = learner_s.fit(train)
            secs = time.perf_counter() - t0
            acc = float(np.mean(np.asarray(learner_s.predict(model, data.X[test])) == data.y[test]))
            cells.append(f"{acc:.3f} / {model.n_leaves:,} / {secs:.2f}")
        print(f"| synthetic {n:,} x {features} (70/30) | {len(train.y):,} | " + " | ".join(cells) + " |", flush=True)


def scaling(sizes: list[int], features: int, names: list[str]) -> None:
    """How the fit grows with the rows: make_classification x `features` (10 informative, 3
    classes, 5 % label noise), all rows training, one fit each (after a warm-up fit); seconds,
    each learner's seconds / CART's, leaves, and the growth exponent from the size before."""
    learners = {n: Ours(*OURS[n]) if n in OURS else Theirs(partial(DecisionTreeClassifier, random_state=0))
                for n in names}
    warm = synthetic(500, features, 10, 0.05)
    for learner in learners.values():
        learner.fit(warm)
    title = {**TITLES, "cart": "CART"}
    ours = [n for n in names if n in OURS]
    cols = (["rows"] + [f"{title[n]} s" for n in names] + [f"{title[n]} / CART" for n in ours]
            + [f"{title[n]} leaves" for n in ours] + [f"{title[n]} exponent" for n in names])
    print("\n| " + " | ".join(cols) + " |\n|" + "---|" * len(cols), flush=True)
    before = None
    for n in sizes:
        data = synthetic(n, features, 10, 0.05)
        secs, leaves = {}, {}
        for name, learner in learners.items():
            t0 = time.perf_counter()
            model = learner.fit(data)
            secs[name] = time.perf_counter() - t0
            leaves[name] = learner.leaves(model)
        cells = [f"{n:,}"] + [f"{secs[k]:.3f}" for k in names] + [ratio(secs[k], secs.get("cart")) for k in ours]
        cells += [f"{leaves[k]:,}" for k in ours]
        cells += ["" if before is None else f"{np.log(secs[k] / before[1][k]) / np.log(n / before[0]):.2f}"
                  for k in names]
        print("| " + " | ".join(cells) + " |", flush=True)
        before = (n, secs)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--splits", type=int, default=5)
    ap.add_argument("--rows", type=int, nargs="*", default=[2000])
    ap.add_argument("--big", type=int, nargs="*", default=[])
    ap.add_argument("--features", type=int, default=20)
    ap.add_argument("--min-time", type=float, default=0.5)
    ap.add_argument("--learners", nargs="+", default=["hfdt", "fuzzy_id3", "fuzzytree", "cart"])
    ap.add_argument("--select", type=float, nargs="+", metavar="SHARE",
                    help="instead of the timing table: cross-validate HFDT with these min_mass_share values")
    ap.add_argument("--folds", type=int, default=10)
    ap.add_argument("--scaling", type=int, nargs="+", metavar="ROWS",
                    help="instead of the timing table: fit --learners (ours and cart) on all ROWS of the big set")
    args = ap.parse_args()
    if args.scaling:
        scaling(args.scaling, args.features, [n for n in args.learners if n in OURS or n == "cart"])
        return
    if args.select:  # HFDT, or the first of --learners that is fuzzy ID3
        select(args.select, args.folds, args.big, args.features,
               "fuzzy_id3" if args.learners[0] == "fuzzy_id3" else "hfdt")
        return
    import numba
    import sklearn

    learners = {}
    versions = {}
    for name in args.learners:
        if name in OURS:
            learners[name] = Ours(*OURS[name])
        elif name == "fuzzytree":
            learners[name], versions["fuzzytree"] = fuzzytree_learner()
        elif name == "cart":
            learners[name] = Theirs(partial(DecisionTreeClassifier, random_state=0))
        else:
            raise SystemExit(f"unknown learner {name!r}")
    print(f"engine: {ROOT}; {platform.processor() or platform.machine()}, {os.cpu_count()} cores; Python "
          f"{platform.python_version()}, NumPy {np.__version__}, Numba {numba.__version__}, scikit-learn "
          f"{sklearn.__version__}, fuzzytree {versions.get('fuzzytree', '-')}; NUMBA_NUM_THREADS="
          f"{os.environ['NUMBA_NUM_THREADS']}")
    warm = real("iris")
    for learner in learners.values():
        learner.predict(learner.fit(warm), warm.X)
    print("\n" + header(list(learners)), flush=True)
    sets = [(SHORT.get(name, name), real(name), range(args.splits)) for name in SETS]
    sets += [(f"synthetic {n:,} x 10", synthetic(n), [0]) for n in args.rows]
    for name, data, seeds in sets:
        n_train = int(len(data.y) - stratified_holdout(data.y, 0.3, 0).sum())
        print(row(name, n_train, measure(learners, data, seeds, args.min_time), list(learners)), flush=True)
    for n in args.big:
        data = synthetic(n, args.features, 10, 0.05)
        n_train = int(len(data.y) - stratified_holdout(data.y, 0.3, 0).sum())
        big = {k: v for k, v in learners.items() if k != "fuzzytree"}
        print(row(f"synthetic {n:,} x {args.features}", n_train, measure(big, data, [0], 0.0), list(learners)),
              flush=True)


if __name__ == "__main__":
    main()
