"""Splits, cross-validation and metrics.

Folds are stratified: each class is dealt round-robin over the folds after a
seeded shuffle, so fold sizes differ by at most one per class. A class with
fewer cases than folds is a warning, not an error (those folds simply lack it).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from .data.encode import EncodedData
from .errors import OptionError
from .i18n import _
from .metrics import ordered
from .progress import Progress
from .tree.model import PENDING

if TYPE_CHECKING:
    from .data.hierarchy import HierarchyScoring


def stratified_folds(y: np.ndarray, k: int, seed: int = 0) -> tuple[np.ndarray, list[str]]:
    """fold[i] in 0..k-1 for every case, and warnings for classes with fewer than k cases."""
    rng = np.random.default_rng(seed)
    fold = np.empty(len(y), np.int64)
    warnings = []
    offset = 0
    for cls in np.unique(y):
        idx = np.flatnonzero(y == cls)
        rng.shuffle(idx)
        fold[idx] = (np.arange(len(idx)) + offset) % k
        offset = (offset + len(idx)) % k  # keep fold sizes balanced across classes
        if len(idx) < k:
            warnings.append(_("class {cls} has {n} case(s), fewer than the {k} folds").format(cls=cls, n=len(idx), k=k))
    return fold, warnings


def stratified_holdout(y: np.ndarray, share: float, seed: int = 0) -> np.ndarray:
    """Boolean mask of test cases: round(share * n_class) of each class (at least one
    training case per class where possible)."""
    rng = np.random.default_rng(seed)
    test = np.zeros(len(y), bool)
    for cls in np.unique(y):
        idx = np.flatnonzero(y == cls)
        rng.shuffle(idx)
        m = int(round(share * len(idx)))
        m = min(m, len(idx) - 1) if len(idx) > 1 else m
        test[idx[:m]] = True
    return test


def confusion_matrix(y_true: np.ndarray, y_pred: np.ndarray, n_classes: int, w: np.ndarray | None = None,
                     n_labels: int | None = None):
    """(K, L + 1) weighted counts: rows true class, columns predicted label (L labels:
    the K classes, then any coarser labels), last column PENDING."""
    w = np.ones(len(y_true)) if w is None else w
    n_labels = n_classes if n_labels is None else n_labels
    m = np.zeros((n_classes, n_labels + 1))
    pred = np.where(y_pred == PENDING, n_labels, y_pred)
    np.add.at(m, (y_true, pred), w)
    return m


def metrics(y_true: np.ndarray, y_pred: np.ndarray, n_classes: int, *, ordered: bool = False,
            w: np.ndarray | None = None, cost: np.ndarray | None = None, members: np.ndarray | None = None,
            pending_metrics: bool = False, hierarchy: "HierarchyScoring | None" = None) -> dict[str, float]:
    """accuracy, mae (ordered classes), pending_rate and misclassification_rate (when
    anything is pending, or always with `pending_metrics`), avg_misclassification_cost
    (with a cost matrix). `members[l, k]`: label l is right for a case of class k (labels
    beyond the classes, such as "not b", cover several); default: label l is class l.

    With a class hierarchy (`hierarchy`, engine.data.hierarchy.HierarchyScoring): accuracy
    stays strict (the true class itself); hierarchical_accuracy counts an answer that is the
    class or one of its ancestors; label_precision is the mean precision log_h(level + 1) of
    the answers (PENDING: 0); accuracy_level_i, for each level i, counts an answer whose label
    at level i is the true class's there (an answer coarser than level i does not say it)."""
    w = np.ones(len(y_true)) if w is None else np.asarray(w, float)
    total = w.sum()
    decided = y_pred != PENDING
    if hierarchy is not None:
        answered = np.where(decided, y_pred, 0)
        right = decided & hierarchy.members[answered, y_true]
        out = {"accuracy": float(w[decided & (y_pred == y_true)].sum() / total) if total else 0.0,
               "hierarchical_accuracy": float(w[right].sum() / total) if total else 0.0,
               "label_precision": float((w * np.where(decided, hierarchy.precision[answered], 0.0)).sum() / total)
               if total else 0.0}
        for i in range(hierarchy.h):
            at = decided & (hierarchy.at_level[answered, i] == hierarchy.class_at_level[i, y_true])
            out[f"accuracy_level_{i + 1}"] = float(w[at].sum() / total) if total else 0.0
        if (~decided).any() or pending_metrics:
            out["pending_rate"] = float(w[~decided].sum() / total)
        if cost is not None:  # a coarse answer has no cost row: only class answers are costed
            c = np.where(decided & (y_pred < cost.shape[1]), cost[y_true, np.minimum(answered, cost.shape[1] - 1)],
                         0.0)
            out["avg_misclassification_cost"] = float((w * c).sum() / total)
        return out
    if members is None:
        correct = decided & (y_pred == y_true)
    else:
        correct = decided & members[np.where(decided, y_pred, 0), y_true]
    out = {"accuracy": float(w[correct].sum() / total) if total else 0.0}
    if ordered and members is None:
        err = np.abs(np.where(decided, y_pred, y_true) - y_true)
        out["mae"] = float((w[decided] * err[decided]).sum() / max(w[decided].sum(), 1e-300))
    if (~decided).any() or pending_metrics:
        out["pending_rate"] = float(w[~decided].sum() / total)
        out["misclassification_rate"] = float(w[decided & ~correct].sum() / total)
    if cost is not None and members is None:
        c = np.where(decided, cost[y_true, np.where(decided, y_pred, 0)], 0.0)
        out["avg_misclassification_cost"] = float((w * c).sum() / total)
    return out


@dataclass
class FoldResult:
    metrics: dict[str, float]
    y_true: np.ndarray
    y_pred: np.ndarray


@dataclass
class Evaluation:
    folds: list[FoldResult] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def summary(self) -> dict[str, dict[str, float]]:
        names = ordered({k for f in self.folds for k in f.metrics})
        out = {}
        for name in names:
            values = np.array([f.metrics[name] for f in self.folds if name in f.metrics])
            out[name] = {"mean": float(values.mean()), "std": float(values.std(ddof=1)) if len(values) > 1 else 0.0}
        return out

    def confusion(self, n_classes: int, n_labels: int | None = None) -> np.ndarray:
        return sum(confusion_matrix(f.y_true, f.y_pred, n_classes, n_labels=n_labels) for f in self.folds)


MAX_FOLDS = 1000  # leave-one-out beyond this many rows is better had with fewer folds
MAX_REPEATS = 100
MAX_FITS = 10_000  # folds x repeats: each is a fit, and each keeps two masks over the rows


def check_scheme(n_rows: int, *, cv: int = 10, repeats: int = 1, holdout: float | None = None) -> None:
    """Refuse, before planning, a scheme that cannot be made on n_rows rows or would plan
    more fits than anyone can wait for (`--cv 100000` on a 200-row file)."""
    if isinstance(repeats, bool) or not isinstance(repeats, (int, np.integer)) or not 1 <= repeats <= MAX_REPEATS:
        raise OptionError(_("repeats must be a whole number from 1 to {most}, not {repeats}").format(
            most=MAX_REPEATS, repeats=repeats), code="bad_option")
    if holdout is not None:
        if not 0 < holdout < 1:
            raise OptionError(_("the hold-out share must lie between 0 and 1, not {holdout}").format(holdout=holdout),
                              code="bad_option")
        return
    if isinstance(cv, bool) or not isinstance(cv, (int, np.integer)) or not 2 <= cv <= MAX_FOLDS:
        raise OptionError(_("the folds must be a whole number from 2 to {most}, not {cv}").format(most=MAX_FOLDS,
                                                                                                  cv=cv),
                          code="bad_option")
    if cv > n_rows:
        raise OptionError(_("{cv} folds need at least {cv} rows, and the data has {rows} (leave-one-out is "
                            "{rows} folds)").format(cv=cv, rows=n_rows), code="bad_option")
    if cv * repeats > MAX_FITS:
        raise OptionError(_("{cv} folds x {repeats} repeats is {fits} fits; at most {most}").format(
            cv=cv, repeats=repeats, fits=format(cv * repeats, ","), most=format(MAX_FITS, ",")), code="bad_option")


def fold_plans(y: np.ndarray, *, cv: int = 10, repeats: int = 1, holdout: float | None = None,
               seed: int = 0) -> tuple[list[tuple[np.ndarray, np.ndarray]], list[str]]:
    """(train mask, test mask) of every fold in order: `repeats` stratified k-fold splits
    (seeds seed, seed + 1, ...) or `repeats` stratified hold-outs of the share `holdout`;
    and the first repeat's warnings (classes with fewer cases than folds)."""
    check_scheme(len(y), cv=cv, repeats=repeats, holdout=holdout)
    plans, warnings = [], []
    for r in range(repeats):
        if holdout is not None:
            test = stratified_holdout(y, holdout, seed + r)
            plans.append((~test, test))
        else:
            fold, found = stratified_folds(y, cv, seed + r)
            if r == 0:
                warnings.extend(found)
            plans.extend((fold != k, fold == k) for k in range(cv))
    return plans, warnings


def score_fold(data: EncodedData, fit, predict, train: np.ndarray, test: np.ndarray, *,
               cost: np.ndarray | None = None, members: np.ndarray | None = None, pending_metrics: bool = False,
               hierarchy: "HierarchyScoring | None" = None, more=None) -> FoldResult:
    """One fold of `cross_validate`: fit on the `train` rows, predict and score the `test` rows."""
    t0 = time.perf_counter()
    model = fit(data.subset(np.flatnonzero(train)))
    fit_seconds = time.perf_counter() - t0
    t0 = time.perf_counter()
    labels, extra = predict(model, data.X[test])
    predict_seconds = time.perf_counter() - t0
    m = metrics(data.y[test], labels, len(data.classes), ordered=data.schema.ordered, w=data.w[test], cost=cost,
                members=members, pending_metrics=pending_metrics, hierarchy=hierarchy)
    m.update(extra)
    if more is not None:
        m.update(more(model, data.X[test], data.y[test]))
    m["fit_seconds"] = fit_seconds
    m["predict_seconds"] = predict_seconds
    return FoldResult(m, data.y[test], labels)


def cross_validate(data: EncodedData, fit, predict, *, cv: int = 10, repeats: int = 1, holdout: float | None = None,
                   seed: int = 0, cost: np.ndarray | None = None, progress: Progress | None = None,
                   members: np.ndarray | None = None, pending_metrics: bool = False,
                   hierarchy: "HierarchyScoring | None" = None, more=None) -> Evaluation:
    """`fit(train: EncodedData) -> model`, `predict(model, X) -> (labels, extra metrics dict)`;
    `more(model, X, y) -> metrics dict` (optional: what needs the true classes beyond the labels,
    such as the costs a test strategy pays)."""
    result = Evaluation()
    plans, warnings = fold_plans(data.y, cv=cv, repeats=repeats, holdout=holdout, seed=seed)
    result.warnings.extend(warnings)
    for done, (train, test) in enumerate(plans):
        if progress is not None:
            progress.report(done, len(plans), _("fold {fold} of {folds}").format(fold=done + 1, folds=len(plans)))
        result.folds.append(score_fold(data, fit, predict, train, test, cost=cost, members=members,
                                       pending_metrics=pending_metrics, hierarchy=hierarchy, more=more))
    if progress is not None:
        progress.report(len(plans), len(plans), _("done"))
    return result
