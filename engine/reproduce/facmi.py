"""Seed 000's experiments (ALGORITHMS.md §1.7), rerun with our learners.

(a) k = 4 classes, n = 1000 cases of the §1.6 data: train on 4..36 random
    cases (every class present), test on the rest; MAE curves of FACMI,
    CART, IE, RT over `repeats` draws.
(b) k = 2, 4, 6, 8, 10: 5-fold cross-validated MAE of FACMI, CART, ID3,
    C4.5, IE, RT on n = 1000 fresh cases per repeat.
(c) real data, the paper's protocol: 5-fold cross-validated MAE of FACMI,
    CART (fully grown, and with Matlab's 10 cases to split a node), ID3, C4.5,
    IE, RT, REMT, and the ordinal learners again with median leaves, with
    monotone preprocessing (decreasing attributes reversed) and without. The
    paper's sets (car, balance, breast, wine quality, diabetes, wine) and four
    more labelled "not in the paper" (era, esl, lev, swd). Directions that come
    from the data (the sign of the Spearman correlation with the class) are
    computed on each training fold, never on the test fold. Every learner is
    paired with FACMI over the folds: the difference, its standard error and
    p-value by the corrected resampled t-test (engine.compare.statistics,
    n_test/n_train = 1/4), "tie" where p >= 0.05; and each set's result is
    checked against the paper's own statement about it (`facmi_claims`).
(d) §4.3.1 real-data learning curves (engine.reproduce.facmi_curves).
(e) the held-out choice of FACMI's §1.4 readings (engine.reproduce.facmi_choice).

Everything else runs with its defaults. Seeds are fixed: a run is repeatable.
"""

from __future__ import annotations

import copy
import os
from pathlib import Path

import numpy as np
import pandas as pd

from ..algorithms.registry import get, resolve_params
from ..compare.statistics import corrected_resampled_t
from ..data import read_table
from ..data.encode import EncodedData, encode
from ..data.spec import ProblemSpec
from ..evaluate import stratified_folds
from ..i18n import _
from ..plot import LinePlot
from ..synth import monotone_data
from ..tree.predict import predict
from . import Count, Progress, reporter, save_tables  # noqa: F401 (Progress: as before, for callers)

LEARNERS_A = ("facmi", "cart", "ie", "rt")
LEARNERS_B = ("facmi", "cart", "id3", "c45", "ie", "rt")
LEARNERS_C = ("facmi", "cart", "id3", "c45", "ie", "rt", "remt")
PARAMS = {"cart": {"prune": "none"}}

#: the columns of (c): name -> (algorithm, parameters). CART as the paper's baselines, unpruned: fully
#: grown, and with Matlab's minimum of 10 cases to split a node; median leaves beside majority ones
VARIANTS = {
    "facmi": ("facmi", {}), "cart": ("cart", {"prune": "none"}),
    "cart min10": ("cart", {"prune": "none", "min_samples_split": 10}),
    "id3": ("id3", {}), "c45": ("c45", {}), "ie": ("ie", {}), "rt": ("rt", {}), "remt": ("remt", {}),
    "facmi median": ("facmi", {"leaf": "median"}), "ie median": ("ie", {"leaf": "median"}),
    "rt median": ("rt", {"leaf": "median"}), "remt median": ("remt", {"leaf": "median"}),
}
#: the paper's learners (FACMI's competitors in the claim check: both CARTs)
PAPER_VARIANTS = ("facmi", "cart", "cart min10", "id3", "c45", "ie", "rt", "remt")
MEDIAN_VARIANTS = ("facmi median", "ie median", "rt median", "remt median")
ALPHA = 0.05

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
    "diabetes": ("pima_indians_diabetes.csv", "class", ["0", "1"], "spearman", {}),
    "wine": ("wine.csv", "class", ["1", "2", "3"], "spearman", {}),
    "era": ("era.csv", "class", [str(i) for i in range(1, 10)], "+", {}),
    "esl": ("esl.csv", "class", [str(i) for i in range(1, 10)], "+", {}),
    "lev": ("lev.csv", "class", [str(i) for i in range(5)], "+", {}),
    "swd": ("swd.csv", "class", ["2", "3", "4", "5"], "+", {}),
}


#: the paper's nine sets that are in ../datasets; the others are labelled "not in the paper"
IN_PAPER = ("car", "balance", "breast", "wine quality", "diabetes", "wine")

#: the paper's own statement about each of its sets (§4.3.2 with monotone preprocessing: FACMI lowest
#: except on Breast, Wine Quality and Segment, "clearly lowest" on Car and Balance; §4.4 without:
#: lowest except on Wine and Wine Quality)
CLAIMS = {
    ("car", "yes"): "clearly lowest", ("balance", "yes"): "clearly lowest", ("diabetes", "yes"): "lowest",
    ("wine", "yes"): "lowest", ("breast", "yes"): "not lowest", ("wine quality", "yes"): "not lowest",
    ("car", "no"): "lowest", ("balance", "no"): "lowest", ("breast", "no"): "lowest", ("diabetes", "no"): "lowest",
    ("wine", "no"): "not lowest", ("wine quality", "no"): "not lowest",
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
            count(_("(a) {size} training cases: draw {k} of {n}").format(size=size, k=rep + 1, n=repeats))
        rows.append({"training cases": size, **{name: float(np.mean(v)) for name, v in maes.items()}})
        say(_("(a) {size} training cases: {figures}").format(
            size=size, figures=", ".join(f"{k} {rows[-1][k]:.3f}" for k in LEARNERS_A)))
    return pd.DataFrame(rows)


def _fit_variant(variant, train: EncodedData, X_test: np.ndarray) -> np.ndarray:
    algorithm, params = VARIANTS[variant] if isinstance(variant, str) else variant
    info = get(algorithm)
    tree = info.fit(train, None, resolve_params(info, params))
    return predict(tree, X_test, info.missing).labels


def spearman_directions(data: EncodedData) -> EncodedData:
    """`data` with every attribute's direction set to the sign of its Spearman correlation with
    the class on these cases (increasing where it is 0 or undefined), in a copy of the schema."""
    schema = copy.deepcopy(data.schema)
    ranks_y = pd.Series(data.y).rank()
    for j, attr in enumerate(schema.attributes):
        rho = pd.Series(data.X[:, j]).rank().corr(ranks_y)
        attr.monotone = -1 if rho < 0 else 1
    return EncodedData(data.X, data.y, data.w, schema, data.rows)


def fold_scores(data: EncodedData, variants, folds: int, seed: int, per_fold_directions: bool = False):
    """MAE of each variant (a name of VARIANTS, or name -> (algorithm, params)) on each fold of one
    stratified `folds`-fold split, and each fold's test / training sizes. With per_fold_directions the
    directions are computed on the training fold (spearman_directions)."""
    variants = {v: VARIANTS[v] for v in variants} if not isinstance(variants, dict) else variants
    fold, _ = stratified_folds(data.y, folds, seed)
    out = {name: [] for name in variants}
    n_test, n_train = [], []
    for k in range(folds):
        train_idx, test_idx = np.flatnonzero(fold != k), np.flatnonzero(fold == k)
        train = data.subset(train_idx)
        if per_fold_directions:
            train = spearman_directions(train)
        for name, variant in variants.items():
            out[name].append(_mae(_fit_variant(variant, train, data.X[test_idx]), data.y[test_idx]))
        n_test.append(len(test_idx))
        n_train.append(len(train_idx))
    return out, n_test, n_train


def cross_validated_mae(data: EncodedData, names, folds: int, seed: int) -> dict[str, float]:
    fold, _ = stratified_folds(data.y, folds, seed)
    out = {name: [] for name in names}
    for k in range(folds):
        train, test = np.flatnonzero(fold != k), np.flatnonzero(fold == k)
        for name in names:
            out[name].append(_mae(_fit_predict(name, data.subset(train), data.X[test]), data.y[test])
                             * len(test))
    return {name: float(np.sum(v) / len(data.y)) for name, v in out.items()}


def paired(scores, reference, ratio: float) -> dict:
    """scores - reference over paired folds: mean, standard error and p-value of the corrected
    resampled t-test (Nadeau & Bengio; ratio = n_test / n_train, 0 for the plain paired t), and
    the verdict from the reference's side: "better" (reference lower), "worse", or "tie"."""
    a, b = np.asarray(scores, float), np.asarray(reference, float)
    test = corrected_resampled_t(a, b, ratio)
    d = a - b
    se = float(np.sqrt((1.0 / len(d) + ratio) * d.var(ddof=1))) if len(d) > 1 else float("nan")
    if test.p_value >= ALPHA or test.mean_difference == 0:
        verdict = "tie"
    else:
        verdict = "better" if test.mean_difference > 0 else "worse"
    return {"difference": float(d.mean()), "se": se, "p": float(test.p_value), "verdict": verdict}


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
            count(_("(b) k = {classes}: repeat {k} of {n}").format(classes=k, k=rep + 1, n=repeats))
        rows.append({"classes": k, **{name: float(np.mean(v)) for name, v in results.items()}})
        say(f"(b) k = {k}: " + ", ".join(f"{n} {rows[-1][n]:.3f}" for n in LEARNERS_B))
    return pd.DataFrame(rows)


def real_problem(name: str, monotone: bool, folder: Path) -> EncodedData:
    """A real set encoded with its class order and ordinal attributes; with `monotone`, the
    published directions (car, balance; breast and era..swd: every attribute increasing). Sets
    whose directions come from the data (REAL's "spearman") are encoded without: the
    experiments compute them on each training fold (`learns_directions`)."""
    file, target, order, directions, orders = REAL[name]
    table = read_table(folder / file)
    spec = ProblemSpec(target=target, class_order=order)
    attributes = [c.name for c in table.columns if c.name != target]
    for attr in attributes:
        if attr in orders:
            spec.set_attribute(attr, type="ordinal", order=orders[attr])
    if monotone and directions != "spearman":
        if directions == "+":
            for attr in attributes:
                spec.set_attribute(attr, monotone="increasing")
        else:
            for attr, sign in directions.items():
                spec.set_attribute(attr, monotone="increasing" if sign == "+" else "decreasing")
    return encode(table, spec)


def learns_directions(name: str, monotone: bool) -> bool:
    """Are this set's directions computed from each training fold?"""
    return monotone and REAL[name][3] == "spearman"


def experiment_c(repeats: int, names=tuple(REAL), folder: Path | None = None, say=None,
                 count: Count | None = None, variants=tuple(VARIANTS), folds: int = 5,
                 scores: dict | None = None) -> pd.DataFrame:
    """Units counted: one 5-fold cross-validation of every variant (one repeat of one data set,
    with or without the monotone preprocessing). The mean fold MAE of every variant per set; the
    fold scores go into `scores` (keyed (set, "yes"/"no")) for the paired tables."""
    say = reporter(say)
    count = count or Count(say, len(names) * 2 * repeats)
    folder = folder or datasets_dir()
    scores = {} if scores is None else scores
    rows = []
    for dataset in names:
        for monotone in (True, False):
            data = real_problem(dataset, monotone, folder)
            results = {name: [] for name in variants}
            n_test, n_train = [], []
            for rep in range(repeats):
                fold_maes, te, tr = fold_scores(data, variants, folds, rep, learns_directions(dataset, monotone))
                for name, v in fold_maes.items():
                    results[name].extend(v)
                n_test += te
                n_train += tr
                count((_("(c) {dataset}, monotone yes: repeat {k} of {n}") if monotone else
                       _("(c) {dataset}, monotone no: repeat {k} of {n}")).format(dataset=dataset, k=rep + 1,
                                                                                  n=repeats))
            pre = "yes" if monotone else "no"
            scores[(dataset, pre)] = {"scores": results, "ratio": float(np.mean(np.array(n_test) / np.array(n_train)))}
            rows.append({"data set": dataset, "in paper": "yes" if dataset in IN_PAPER else "not in the paper",
                         "monotone preprocessing": pre, **{name: float(np.mean(v)) for name, v in results.items()}})
            say((_("(c) {dataset}, monotone yes: {figures}") if monotone else
                 _("(c) {dataset}, monotone no: {figures}")).format(
                dataset=dataset, figures=", ".join(f"{n} {rows[-1][n]:.3f}" for n in variants)))
    return pd.DataFrame(rows)


def _reference(name: str) -> str:
    return "facmi median" if name in MEDIAN_VARIANTS else "facmi"


def differences(scores: dict) -> pd.DataFrame:
    """Every learner against FACMI (median-leaf learners against FACMI with median leaves), paired
    over the folds: its MAE minus FACMI's, the standard error, the corrected t-test's p-value, and
    the verdict from FACMI's side ("FACMI lower", "FACMI higher", "tie")."""
    rows = []
    for (dataset, pre), entry in scores.items():
        s, ratio = entry["scores"], entry["ratio"]
        for name, values in s.items():
            ref = _reference(name)
            if name == ref or ref not in s:
                continue
            p = paired(values, s[ref], ratio)
            rows.append({"data set": dataset, "monotone preprocessing": pre, "learner": name, "reference": ref,
                         "MAE": float(np.mean(values)), "reference MAE": float(np.mean(s[ref])),
                         "minus reference": p["difference"], "SE": p["se"], "p (corrected t)": p["p"],
                         "verdict": {"better": "FACMI lower", "worse": "FACMI higher", "tie": "tie"}[p["verdict"]]})
    return pd.DataFrame(rows)


def facmi_status(entry: dict, competitors=PAPER_VARIANTS, reference: str = "facmi") -> dict:
    """Where FACMI stands among `competitors` on one set: lowest mean or not, which competitors
    are significantly below / above it, and the runner-up's paired difference."""
    s, ratio = entry["scores"], entry["ratio"]
    others = [c for c in competitors if c != reference and c in s]
    tests = {c: paired(s[c], s[reference], ratio) for c in others}
    below = [c for c in others if tests[c]["verdict"] == "worse"]  # significantly lower MAE than FACMI
    above = [c for c in others if tests[c]["verdict"] == "better"]
    best_other = min(others, key=lambda c: float(np.mean(s[c])))
    return {"facmi": float(np.mean(s[reference])), "best other": best_other,
            "best other MAE": float(np.mean(s[best_other])), "runner-up test": tests[best_other],
            "lowest mean": float(np.mean(s[reference])) <= float(np.mean(s[best_other])),
            "significantly below FACMI": below, "significantly above FACMI": above, "n": len(others),
            "others": others}


def claim_verdict(claim: str, st: dict) -> tuple[str, str]:
    """agree / disagree / tie of the paper's claim with our figures, and why."""
    t = st["runner-up test"]
    fig = (f"FACMI {st['facmi']:.4f}; best other {st['best other']} {st['best other MAE']:.4f} "
           f"({t['difference']:+.4f} ± {t['se']:.4f}, p = {t['p']:.3f})")
    below, above = st["significantly below FACMI"], st["significantly above FACMI"]
    if claim in ("lowest", "clearly lowest"):
        if below:
            return "disagree", fig + f"; significantly lower than FACMI: {', '.join(below)}"
        if st["lowest mean"] and len(above) == st["n"]:
            return "agree", fig + "; FACMI significantly lower than every other learner"
        ties = [c for c in st["others"] if c not in above]
        return "tie", fig + f"; within noise of FACMI: {', '.join(ties)}"
    if claim == "not lowest":
        if below:
            return "agree", fig + f"; significantly lower than FACMI: {', '.join(below)}"
        if st["lowest mean"] and len(above) == st["n"]:
            return "disagree", fig + "; FACMI significantly lowest"
        return "tie", fig + "; no learner significantly lower than FACMI"
    return "-", fig + ("; FACMI lowest mean" if st["lowest mean"] else "") + (
        f"; significantly lower than FACMI: {', '.join(below)}" if below else "")


def claims(scores: dict) -> pd.DataFrame:
    """The per-set claim check: the paper's statement, our figure, agree / disagree / tie, why."""
    rows = []
    for (dataset, pre), entry in scores.items():
        if "facmi" not in entry["scores"]:
            continue
        st = facmi_status(entry)
        claim = CLAIMS.get((dataset, pre), "not in the paper" if dataset not in IN_PAPER else "no claim")
        verdict, why = claim_verdict(claim, st)
        rows.append({"data set": dataset, "monotone preprocessing": pre, "paper's claim": claim,
                     "verdict": verdict, "our figures": why})
    return pd.DataFrame(rows)


def best_marks(frame: pd.DataFrame, learners) -> pd.Series:
    """Which learner has the lowest MAE in each row."""
    return frame[list(learners)].idxmin(axis=1)


def plots(tables: dict[str, pd.DataFrame]) -> list[LinePlot]:
    """The paper's figures: MAE against training cases (a), against the number of classes (b), and
    the §4.3.1 real-data learning curves (d), one per set, when the run made them."""
    out = []
    if "facmi_a_training_size" in tables:
        a = tables["facmi_a_training_size"]
        out.append(LinePlot("facmi_a_training_size", _("Seed 000 (a): k = 4, MAE against training cases"),
                            _("training cases"), _("test MAE"), tuple(a["training cases"]),
                            {n: tuple(a[n]) for n in LEARNERS_A if n in a}))
    if "facmi_b_classes" in tables:
        b = tables["facmi_b_classes"]
        out.append(LinePlot("facmi_b_classes", _("Seed 000 (b): 5-fold MAE against the number of classes"),
                            _("classes k"), "MAE", tuple(b["classes"]), {n: tuple(b[n]) for n in LEARNERS_B if n in b}))
    if "facmi_d_learning_curves" in tables:
        from .facmi_curves import curve_plots

        out += curve_plots(tables["facmi_d_learning_curves"])
    return out


#: repeats of (a), (b), (c), (d), (e): the paper ran 100 of each; a full run of 100 takes
#: about an hour and a half, so the full default is 20 for the real data (`repeats` sets them all)
FULL = (100, 100, 20, 20, 20)
QUICK = (5, 2, 1, 3, 1)


def run(out: Path, quick: bool = False, say=None, repeats: int | None = None) -> dict[str, pd.DataFrame]:
    """The five experiments; tables as CSV and XLSX in `out`, the claim checks also as
    `out/facmi_report.md`. Repeats: FULL, or QUICK (and fewer sets and sizes), or `repeats` for
    every part. Units counted: every part's draws and cross-validations, one total."""
    from .facmi_choice import CHOOSE, JUDGE, experiment_e
    from .facmi_curves import SIZES, curve_claims, experiment_d

    say = reporter(say)
    out.mkdir(parents=True, exist_ok=True)
    reps = QUICK if quick else FULL
    if repeats is not None:
        if repeats < 1:
            from ..errors import OptionError

            raise OptionError(f"--repeats must be at least 1, not {repeats}", code="bad_option")
        reps = (repeats,) * 5
    sizes, ks, names = range(4, 37, 4), (2, 4, 6, 8, 10), tuple(REAL)
    curve_sizes = (25, 50, 100) if quick else SIZES
    folder = datasets_dir()
    n_curves = sum(sum(1 for m in curve_sizes if m <= 0.8 * n) for n in _set_sizes(names, folder))
    count = Count(say, len(sizes) * reps[0] + len(ks) * reps[1] + len(names) * 2 * reps[2] + n_curves * reps[3]
                  + (len(CHOOSE) + len(JUDGE)) * reps[4])
    scores_c, scores_d = {}, {}
    tables = {
        "facmi_a_training_size": experiment_a(reps[0], sizes, say=say, count=count),
        "facmi_b_classes": experiment_b(reps[1], ks, say=say, count=count),
        "facmi_c_real_data": experiment_c(reps[2], names=names, say=say, count=count, scores=scores_c),
        "facmi_d_learning_curves": experiment_d(reps[3], names=names, sizes=curve_sizes, say=say, count=count,
                                                scores=scores_d),
    }
    tables["facmi_c_differences"] = differences(scores_c)
    tables["facmi_c_claims"] = claims(scores_c)
    tables["facmi_d_claims"] = curve_claims(scores_d)
    tables.update(experiment_e(reps[4], say=say, count=count))
    tables["facmi_b_classes"]["lowest MAE"] = best_marks(tables["facmi_b_classes"], LEARNERS_B)
    tables["facmi_c_real_data"]["lowest MAE"] = best_marks(tables["facmi_c_real_data"], PAPER_VARIANTS)
    tables["facmi_a_training_size"]["lowest MAE"] = best_marks(tables["facmi_a_training_size"], LEARNERS_A)
    save_tables(out, tables, "facmi_tables", say)
    write_report(out / "facmi_report.md", tables, reps)
    say(_("report written to {path}").format(path=out / "facmi_report.md"))
    return tables


def _set_sizes(names, folder: Path) -> list[int]:
    return [len(read_table(folder / REAL[n][0]).frame) for n in names]


def _markdown(frame: pd.DataFrame) -> str:
    from .report import markdown_table

    return markdown_table(frame)


def write_report(path: Path, tables: dict, reps) -> Path:
    """One page: the paper's claims, our figures, agree / disagree / tie, and why
    (engine.reproduce.report)."""
    from . import report

    protocol = (
        f"Repeats: (a) {reps[0]}, (b) {reps[1]}, (c) {reps[2]} x 5-fold CV, (d) {reps[3]} draws per size, "
        f"(e) {reps[4]} x 5-fold CV. Paired differences against FACMI by the corrected resampled t-test "
        f"(n_test/n_train = 1/4); \"tie\": p >= {ALPHA}. Verdicts: agree (FACMI significantly lowest, or as "
        "claimed not lowest with a learner significantly below it), tie (the difference is within noise), "
        "disagree (a learner significantly below FACMI where the paper says it is lowest).")
    sections = [("(c) Real data, 5-fold cross-validation (§4.3.2 with monotone preprocessing, §4.4 without)",
                 tables.get("facmi_c_claims"))]
    if "facmi_d_claims" in tables and len(tables["facmi_d_claims"]):
        sections.append(("(d) §4.3.1 learning curves: FACMI lowest at small training sizes", tables["facmi_d_claims"]))
    if "facmi_e_judge" in tables:
        sections.append(("(e) §1.4 readings chosen on half of the sets, judged on the other half",
                         tables["facmi_e_judge"]))
    return report.write(path, "Seed 000 (FACMI) against its paper", protocol, sections)
