"""Seed 001's experiment (ALGORITHMS.md §2), rerun with our learners: C4.5 vs RS vs DP.

Data sets (../shared/datasets, or RULETREE_DATASETS), in this order: Iris
(target `class`), Wine (`class`), Glass (`Type`), BCC = Breast Cancer Coimbra
(`Classification`), ILPD (`Selector`), WPBC (`outcome`). The paper's FM set
is not available and not run. No file has a row-identifier column (the WPBC
copy had its ID dropped when it was stored), so every column is used; WPBC's
`time` (months to recurrence or disease-free) is kept, as the UCI file and
the paper have it, although it depends on the outcome. As in the paper, rows
with any missing value are deleted (ILPD 4, WPBC 4, the others none; the
table says how many per set).

Learners, all seeing the same discretised attributes: numeric attributes are
cut by Fayyad & Irani's entropy/MDL method on each training fold only
(`discretise_fold`; nominal ones, ILPD's Gender, stay as they are).
- "C4.5": our J48 (`c45`, default parameters, pruned) on the training fold's
  intervals declared as nominal attributes (multiway splits on them); the
  test fold is cut with the same cut points.
- "RS", "DP": the rough-set learners (`rs`, `dp`, in the paper's reading
  `roughset.PAPER_READING`: no pruning, MDL cuts only), which compute
  the same MDL cuts themselves inside `fit` on the training fold.
- "C4.5 unpruned": a secondary reference, not in the paper: our `c45` with
  prune=false on the same intervals (the paper's leaf counts, C4.5 above DP and
  RS, suggest its C4.5 was not pruned as J48's defaults prune).
- "C4.5 (numeric)": a secondary reference, not in the paper: our `c45` on the
  raw numeric attributes (binary cuts found while growing).

Protocol: repeated stratified 10-fold cross-validation, repeat r with folds
`stratified_folds(y, 10, seed=r)`, the same folds for every learner; full
run r = 0..9 on all six sets, quick run r = 0 on iris, wine and BCC.
Per data set and learner: accuracy = mean of the fold accuracies, std = the
sample standard deviation (ddof = 1) of the same repeats x 10 fold
accuracies (100 in the full run, 10 in the quick one), leaves = the mean
number of leaves of those trees, single-case leaves = the mean number of
leaves holding exactly one training case (all case weights are 1). The
"mean" row averages the data sets' figures (its std is left empty).
`dp_paper_claims` checks the paper's two claims on that mean row.
"""

from __future__ import annotations

import time
from itertools import pairwise
from pathlib import Path

import numpy as np
import pandas as pd

from ..algorithms.id3 import discretised_codes
from ..algorithms.registry import get, resolve_params
from ..algorithms.roughset import PAPER_READING
from ..data import read_table
from ..data.encode import AttributeSchema, DataSchema, EncodedData, encode
from ..data.spec import ProblemSpec
from ..data.table import format_number
from ..evaluate import stratified_folds
from ..i18n import _
from ..plot import LinePlot
from ..tree.model import NOMINAL_KIND
from ..tree.predict import predict
from . import Count, Progress, report, reporter, save_tables  # noqa: F401 (Progress: as before, for callers)
from .facmi import datasets_dir
from .report import claim_row, claims_table

#: the paper's three learners (registered names), in the paper's order
LEARNERS = ("c45", "rs", "dp")
LABELS = {"c45": "C4.5", "rs": "RS", "dp": "DP"}
#: secondary references (not in the paper): our C4.5 unpruned on the same intervals (the paper's
#: leaf counts suggest its C4.5 was not pruned), and our C4.5 on the raw numeric attributes
UNPRUNED_REFERENCE = "C4.5 unpruned"
NUMERIC_REFERENCE = "C4.5 (numeric)"

#: name -> (file, target, columns left out as row identifiers: none in these copies)
DATASETS = {
    "iris": ("iris.csv", "class", ()),
    "wine": ("wine.csv", "class", ()),
    "glass": ("glass.csv", "Type", ()),
    "BCC": ("breast_cancer_coimbra.csv", "Classification", ()),
    "ILPD": ("ilpd.csv", "Selector", ()),
    "WPBC": ("wpbc.csv", "outcome", ()),
}
QUICK = ("iris", "wine", "BCC")
FOLDS = 10
REPEATS, QUICK_REPEATS = 10, 1
METRICS = ("accuracy", "std", "leaves", "single-case leaves")


def columns() -> list[str]:
    """The learners' column labels, the paper's three first, then the numeric reference."""
    return [LABELS[name] for name in LEARNERS] + [UNPRUNED_REFERENCE, NUMERIC_REFERENCE]


def load(name: str, folder: Path | None = None) -> tuple[EncodedData, int]:
    """The data set as encoded data with the rows holding any missing value deleted
    (target or attribute), and how many rows were deleted."""
    file, target, identifiers = DATASETS[name]
    table = read_table((folder or datasets_dir()) / file)
    spec = ProblemSpec(target=target)
    for column in identifiers:
        spec.set_attribute(column, use=False)
    data = encode(table, spec)
    complete = ~np.isnan(data.X).any(axis=1)
    deleted = len(data.dropped_rows) + int((~complete).sum())
    return data.subset(np.flatnonzero(complete)), deleted


def interval_names(cuts) -> list[str]:
    """'(-inf, a]', '(a, b]', ..., '(z, inf)': the values np.searchsorted(cuts, x, 'left') gives."""
    bounds = ["-inf", *(format_number(float(c)) for c in cuts), "inf"]
    return [f"({lo}, {hi}{')' if hi == 'inf' else ']'}" for lo, hi in pairwise(bounds)]


def discretise_fold(train: EncodedData, X_test: np.ndarray) -> tuple[EncodedData, np.ndarray]:
    """Numeric attributes cut by MDL on the training cases only (id3.discretised_codes), as
    nominal interval attributes; the test cases cut with the same cuts (missing stays missing).
    Category attributes are passed through."""
    codes, cuts, _ = discretised_codes(train)
    test = np.array(X_test, dtype=np.float64, copy=True)
    attributes = []
    for j, (attr, c) in enumerate(zip(train.schema.attributes, cuts)):
        if c is None:
            attributes.append(attr)
            continue
        attributes.append(AttributeSchema(attr.name, NOMINAL_KIND, interval_names(c)))
        known = ~np.isnan(test[:, j])
        test[known, j] = np.searchsorted(np.asarray(c, dtype=np.float64), test[known, j], side="left")
    schema = DataSchema(train.schema.target, list(train.schema.classes), train.schema.ordered, attributes)
    return EncodedData(codes, train.y, train.w, schema, train.rows), test


def _fit_score(name: str, train: EncodedData, X_test: np.ndarray, y_test: np.ndarray,
               params: dict | None = None) -> tuple[float, int, int]:
    info = get(name)
    tree = info.fit(train, None, resolve_params(info, params or {}))
    accuracy = float((predict(tree, X_test, info.missing).labels == y_test).mean())
    return accuracy, tree.n_leaves, tree.n_single_case_leaves


def cross_validate(data: EncodedData, repeats: int, folds: int = FOLDS, step=None) -> dict[str, np.ndarray]:
    """label -> (repeats * folds, 3) array of fold accuracy, leaves, single-case leaves; the same
    folds for every learner, repeat r with seed r. `step(message)`, if given, after each fold."""
    out: dict[str, list] = {label: [] for label in columns()}
    for rep in range(repeats):
        fold = stratified_folds(data.y, folds, rep)[0]
        for k in range(folds):
            train_idx, test_idx = np.flatnonzero(fold != k), np.flatnonzero(fold == k)
            train, X_test, y_test = data.subset(train_idx), data.X[test_idx], data.y[test_idx]
            cut_train, cut_test = discretise_fold(train, X_test)
            for name in LEARNERS:
                if name == "c45":  # C4.5 on the training fold's intervals
                    out[LABELS[name]].append(_fit_score(name, cut_train, cut_test, y_test))
                else:  # the rough-set learners cut the training fold themselves
                    out[LABELS[name]].append(_fit_score(name, train, X_test, y_test, PAPER_READING))
            out[UNPRUNED_REFERENCE].append(_fit_score("c45", cut_train, cut_test, y_test, {"prune": False}))
            out[NUMERIC_REFERENCE].append(_fit_score("c45", train, X_test, y_test))
            if step is not None:
                step(_("repeat {k} of {n}, fold {fold} of {folds}").format(k=rep + 1, n=repeats, fold=k + 1,
                                                                           folds=folds))
    return {label: np.asarray(v, dtype=np.float64) for label, v in out.items()}


def summary_row(name: str, data: EncodedData, deleted: int, results: dict[str, np.ndarray]) -> dict:
    row = {"data set": name, "rows": data.n, "deleted rows": deleted, "classes": len(np.unique(data.y)),
           "attributes": len(data.schema.attributes)}
    for label, r in results.items():
        row[f"{label} accuracy"] = float(r[:, 0].mean())
        row[f"{label} std"] = float(r[:, 0].std(ddof=1)) if len(r) > 1 else float("nan")
        row[f"{label} leaves"] = float(r[:, 1].mean())
        row[f"{label} single-case leaves"] = float(r[:, 2].mean())
    return row


def accuracy_table(rows: list[dict]) -> pd.DataFrame:
    """The per-set rows and a final "mean" row (means over the data sets; counts and std left empty)."""
    frame = pd.DataFrame(rows)
    mean = {"data set": "mean", "rows": "", "deleted rows": "", "classes": "", "attributes": ""}
    for label in columns():
        for metric in METRICS:
            col = f"{label} {metric}"
            if col in frame:
                mean[col] = float("nan") if metric == "std" else float(frame[col].mean())
    return pd.concat([frame.astype({c: object for c in ("rows", "deleted rows", "classes", "attributes")}),
                      pd.DataFrame([mean])], ignore_index=True)


def paper_claims(table: pd.DataFrame) -> pd.DataFrame:
    """The paper's two claims, checked on the "mean" row of `dp_accuracy`."""
    mean = table[table["data set"] == "mean"].iloc[0]
    sets = table[table["data set"] != "mean"]
    c45, rs, dp = (LABELS[n] for n in LEARNERS)
    acc = {label: float(mean[f"{label} accuracy"]) for label in (c45, rs, dp)}
    leaves = {label: float(mean[f"{label} leaves"]) for label in (c45, rs, dp)}
    best_sets = [
        str(row["data set"]) for _, row in sets.iterrows()
        if row[f"{dp} accuracy"] > max(row[f"{c45} accuracy"], row[f"{rs} accuracy"])]
    acc_holds = acc[dp] > max(acc[c45], acc[rs])
    order = sorted(leaves, key=leaves.get)
    leaves_holds = leaves[rs] < leaves[dp] < leaves[c45]
    return pd.DataFrame([
        {"claim": "DP's mean accuracy is the highest of C4.5/RS/DP", "holds": "yes" if acc_holds else "no",
         "measure": "mean accuracy", c45: acc[c45], rs: acc[rs], dp: acc[dp],
         "note": f"highest: {max(acc, key=acc.get)}; DP strictly best on {len(best_sets)} of {len(sets)} "
                 f"data sets" + (f" ({', '.join(best_sets)})" if best_sets else "")},
        {"claim": "DP's mean leaf count is second lowest, just above RS", "holds": "yes" if leaves_holds else "no",
         "measure": "mean leaves", c45: leaves[c45], rs: leaves[rs], dp: leaves[dp],
         "note": "fewest to most: " + " < ".join(order)},
    ])


def plots(tables: dict[str, pd.DataFrame]) -> list[LinePlot]:
    """Accuracy and leaves per data set (x = 1.. in the table's order), one line per learner."""
    t = tables["dp_accuracy"]
    t = t[t["data set"] != "mean"]
    x = tuple(range(1, len(t) + 1))
    order = ", ".join(f"{i} {name}" for i, name in zip(x, t["data set"]))
    labels = [label for label in columns() if f"{label} accuracy" in t]
    # a short title (a title wider than the picture upsets the app's PNG plotter)
    return [
        LinePlot("dp_accuracy", _("Seed 001 accuracy ({order})").format(order=order), _("data set"), _("accuracy"), x,
                 {label: tuple(t[f"{label} accuracy"]) for label in labels}),
        LinePlot("dp_leaves", _("Seed 001 leaves ({order})").format(order=order), _("data set"), _("mean leaves"), x,
                 {label: tuple(t[f"{label} leaves"]) for label in labels}),
    ]


def experiment(names, repeats: int, folder: Path | None = None, say=None) -> pd.DataFrame:
    """Units counted: one fold of one repeat on one data set, every learner fitted on it."""
    say = reporter(say)
    count = Count(say, len(names) * repeats * FOLDS)
    rows = []
    for name in names:
        start = time.monotonic()
        data, deleted = load(name, folder)
        results = cross_validate(data, repeats, step=lambda message, name=name: count(f"{name}: {message}"))
        rows.append(summary_row(name, data, deleted, results))
        say(_("{name} ({rows} rows, {deleted} deleted; {repeats} x {folds}-fold, {seconds} s): {figures} "
              "(accuracy/leaves)").format(
            name=name, rows=data.n, deleted=deleted, repeats=repeats, folds=FOLDS,
            seconds=format(time.monotonic() - start, ".1f"), figures=", ".join(
                f"{label} {rows[-1][f'{label} accuracy']:.3f}/{rows[-1][f'{label} leaves']:.1f}"
                for label in columns())))
    return accuracy_table(rows)


def run(out: Path, quick: bool = False, say=None, names=None, folder: Path | None = None
        ) -> dict[str, pd.DataFrame]:
    """The experiment; tables as CSV and one XLSX in `out`, the claims as
    `out/dp_report.md`. Full: all six sets, 10 repeats;
    quick: iris, wine, BCC, 1 repeat."""
    say = reporter(say)
    out.mkdir(parents=True, exist_ok=True)
    names = names or (QUICK if quick else tuple(DATASETS))
    table = experiment(names, QUICK_REPEATS if quick else REPEATS, folder, say)
    tables = {"dp_accuracy": table, "dp_paper_claims": paper_claims(table)}
    write_report(out / "dp_report.md", tables, QUICK_REPEATS if quick else REPEATS)
    say(_("report written to {path}").format(path=out / "dp_report.md"))
    save_tables(out, tables, "dp_tables", say)
    return tables


def report_rows(tables: dict[str, pd.DataFrame]) -> pd.DataFrame:
    """`dp_paper_claims` as the report's rows: the claim, our figure, agree / disagree (from its
    "holds"), why. No tie: the claims are on means over the data sets, with no paired test."""
    c45, rs, dp = (LABELS[n] for n in LEARNERS)
    n_sets = int((tables["dp_accuracy"]["data set"] != "mean").sum())
    rows = []
    for _row, claim in tables["dp_paper_claims"].iterrows():
        v = {label: float(claim[label]) for label in (c45, rs, dp)}
        if claim["measure"] == "mean accuracy":
            figure = f"mean accuracy: {dp} {v[dp]:.4f}, {c45} {v[c45]:.4f}, {rs} {v[rs]:.4f}"
            why = (f"Over the {n_sets} data sets DP's mean accuracy {v[dp]:.4f} is "
                   f"{'above' if claim['holds'] == 'yes' else 'not above'} both C4.5's {v[c45]:.4f} and "
                   f"RS's {v[rs]:.4f} ({claim['note']}).")
        else:
            figure = f"mean leaves: {rs} {v[rs]:.1f}, {dp} {v[dp]:.1f}, {c45} {v[c45]:.1f}"
            order = str(claim["note"]).removeprefix("fewest to most: ")
            why = (f"Over the {n_sets} data sets the leaf counts order {order} "
                   f"(RS {v[rs]:.1f}, DP {v[dp]:.1f}, C4.5 {v[c45]:.1f}); the paper's order is RS < DP < C4.5.")
        rows.append(claim_row(str(claim["claim"]), figure, claim["holds"], why))
    return claims_table(rows)


def write_report(path: Path, tables: dict[str, pd.DataFrame], repeats: int) -> Path:
    """The one-page report (engine.reproduce.report): the paper's claims, our figures, verdicts."""
    sets = [str(s) for s in tables["dp_accuracy"]["data set"] if s != "mean"]
    protocol = (
        f"Data sets: {', '.join(sets)} (rows with a missing value deleted; the paper's FM set is not available). "
        f"Protocol: {repeats} x stratified {FOLDS}-fold cross-validation (repeat r on folds of seed r, the same "
        "folds for every learner); numeric attributes cut by Fayyad & Irani's MDL on each training fold; "
        "C4.5 (J48, pruned) on those intervals, RS and DP with their defaults. The claims are checked on the "
        "means over the data sets; verdicts: agree where the claim holds on our means, disagree where it does "
        "not (no paired test: no tie).")
    return report.write(path, "Seed 001 (DP: rough-set decision trees) against its paper", protocol,
                        [(None, report_rows(tables))])
