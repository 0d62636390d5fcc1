"""The comparison's curves: a learning curve over training sizes, and the error / pending curve.

Learning curve: each fold's training rows are cut to a few sizes, the test rows kept, so
every point of every entry is scored on the same test rows as the full fold. The cut is
nested and stratified: the fold's training rows are put in one seeded order in which each
class is spread evenly (a row's key is (its place in its class's shuffled order + u) /
the class's size, u uniform in [0, 1)), and a size takes the first rows of that order. So a
smaller training set is always part of a larger one (the curve is not noise from new
draws) and each holds the classes in the fold's proportions, to within a row or so.

Error / pending curve (the trichotomy's, ALGORITHMS.md §5): over entries that differ in
one parameter (the trim α swept by `sweep`), the misclassification rate against the
pending rate; an entry that never answers "pending" is a point at pending 0 with its error
(1 - accuracy), the classic trees beside the sweep.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from ..errors import OptionError
from ..i18n import _
from .entries import Entry

__all__ = ["check_train_sizes", "learning_plans", "LearningCurve", "sweep", "ErrorPendingPoint",
           "error_pending_points", "size_text"]

#: at most this many training sizes in one learning curve
MAX_TRAIN_SIZES = 50


def check_train_sizes(sizes) -> tuple[float, ...]:
    """The sizes sorted, each a share of a fold's training rows (0 < s <= 1) or a number of
    rows (a whole number > 1); refused with a message otherwise."""
    out = []
    for s in sizes:
        try:
            v = float(s)
        except (TypeError, ValueError):
            raise OptionError(_('training size "{size}" is not a number (a share such as 0.25, or a number of '
                                'rows)').format(size=s), code="bad_option") from None
        if not math.isfinite(v) or v <= 0 or (v > 1 and v != int(v)):
            raise OptionError(_("a training size is a share of the training rows between 0 and 1, or a whole "
                                "number of rows, not {size}").format(size=s), code="bad_option")
        out.append(v)
    if not out:
        raise OptionError(_("a learning curve needs at least one training size"), code="bad_option")
    if len(out) > MAX_TRAIN_SIZES:
        raise OptionError(_("at most {most} training sizes, not {n}").format(most=MAX_TRAIN_SIZES, n=len(out)),
                          code="bad_option")
    if len(set(out)) != len(out):
        raise OptionError(_("a training size is given twice"), code="bad_option")
    return tuple(sorted(out, key=lambda v: (v > 1, v)))


def size_text(size: float) -> str:
    return _("{share} % of the training rows").format(share=format(size * 100, "g")) if size <= 1 else \
        _("{n} training rows").format(n=int(size))


def _rows(size: float, n_train: int) -> int:
    return max(1, int(round(size * n_train))) if size <= 1 else int(size)


def spread_order(y: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Positions 0..len(y)-1 in the order a nested stratified cut takes them (module docstring)."""
    key = np.empty(len(y))
    for cls in np.unique(y):
        idx = np.flatnonzero(y == cls)
        rng.shuffle(idx)
        key[idx] = (np.arange(len(idx)) + rng.random(len(idx))) / len(idx)
    return np.argsort(key, kind="stable")


def learning_plans(y: np.ndarray, plans: list, sizes: tuple[float, ...], seed: int) -> list:
    """The folds of a learning curve, size by size (smallest first), each size's folds in the
    order of `plans`: (the first rows of the fold's training rows in spread order, the fold's
    test rows). Refused when a size in rows exceeds a fold's training rows; sizes that give
    the same rows on every fold are refused too (they would be the same point twice)."""
    orders = []
    for f, (train, _test) in enumerate(plans):
        idx = np.flatnonzero(train)
        orders.append(idx[spread_order(y[idx], np.random.default_rng([seed, f]))])
    smallest = min(len(o) for o in orders)
    for s in sizes:
        if s > 1 and s > smallest:
            raise OptionError(_("training size {size} rows is more than the smallest fold's {smallest} training "
                                "rows").format(size=int(s), smallest=smallest), code="bad_option")
    counts = [tuple(_rows(s, len(o)) for o in orders) for s in sizes]
    if len(set(counts)) != len(counts):
        raise OptionError(_("two training sizes give the same number of rows on every fold: give sizes further "
                            "apart"), code="bad_option")
    out = []
    for s in sizes:
        for (_train, test), order in zip(plans, orders):
            train = np.zeros(len(y), bool)
            train[order[:_rows(s, len(order))]] = True
            out.append((train, test))
    return out


@dataclass
class LearningCurve:
    """`sizes` as given (shares or rows), `train_rows[s, f]` the rows fold f trained on at size s,
    `values[name][metric][s, f]` the metric (NaN where a fold does not report it)."""

    sizes: tuple[float, ...]
    train_rows: np.ndarray
    values: dict[str, dict[str, np.ndarray]] = field(default_factory=dict)

    def mean_rows(self) -> np.ndarray:
        return self.train_rows.mean(axis=1)

    def summary(self, name: str, metric: str) -> tuple[np.ndarray, np.ndarray] | None:
        """(mean, std over the folds) at each size, or None when the entry lacks the metric."""
        table = self.values.get(name, {}).get(metric)
        if table is None or np.isnan(table).all():
            return None
        std = np.nanstd(table, axis=1, ddof=1) if table.shape[1] > 1 else np.zeros(len(table))
        return np.nanmean(table, axis=1), std

    def to_json(self, name: str) -> dict:
        """One entry's curve: "train_sizes" as given, "train_rows" (mean over the folds), and per
        metric the mean and std at each size."""
        metrics = {}
        for metric in self.values.get(name, {}):
            found = self.summary(name, metric)
            if found is not None:
                metrics[metric] = {"mean": [_json_number(v) for v in found[0]],
                                   "std": [_json_number(v) for v in found[1]]}
        return {"train_sizes": list(self.sizes), "train_rows": [float(v) for v in self.mean_rows()],
                "metrics": metrics}


def _json_number(v: float):
    return None if not math.isfinite(v) else float(v)


# ---- the error / pending curve ---------------------------------------------------------------


def sweep(entries: list, target: str, key: str, values) -> list:
    """`entries` with the entry named (or, unnamed, of algorithm) `target` replaced by one entry per
    value of its parameter `key`, named "<target> (key=value)", in the given order."""
    values = list(values)
    if not values:
        raise OptionError(_("the sweep of {name}.{key} needs at least one value").format(name=target, key=key),
                          code="bad_option")
    out, found = [], False
    for e in entries:
        if (e.name or e.algorithm) != target:
            out.append(e)
            continue
        found = True
        for v in values:
            out.append(Entry(e.algorithm, {**e.params, key: v}, f"{target} ({key}={v:g})" if isinstance(v, float)
                             else f"{target} ({key}={v})"))
    if not found:
        raise OptionError(_('the sweep names "{name}", which is not one of the algorithms compared').format(
            name=target), code="bad_option")
    return out


@dataclass(frozen=True)
class ErrorPendingPoint:
    name: str  # the entry
    algorithm: str
    misclassification_rate: float  # wrong decisions / all cases, mean over the folds
    pending_rate: float  # pending / all cases, mean over the folds
    attributes_used: float | None  # attributes a case is asked for, when the learner reports it


def error_pending_points(comparison) -> dict[str, list[ErrorPendingPoint]]:
    """algorithm -> its entries' points, in entry order; entries without pending answers are points
    at pending 0 with error 1 - accuracy. Empty when no entry reports a pending rate (nothing to
    trade)."""
    out: dict[str, list[ErrorPendingPoint]] = {}
    if not any("pending_rate" in e.evaluation.summary() for e in comparison.entries):
        return out
    for e in comparison.entries:
        s = e.evaluation.summary()
        if "misclassification_rate" in s:
            error = s["misclassification_rate"]["mean"]
        elif "accuracy" in s:
            error = 1.0 - s["accuracy"]["mean"]
        else:
            continue
        pending = s["pending_rate"]["mean"] if "pending_rate" in s else 0.0
        used = s["attributes_used"]["mean"] if "attributes_used" in s else None
        out.setdefault(e.evaluation.algorithm, []).append(
            ErrorPendingPoint(e.name, e.evaluation.algorithm, float(error), float(pending), used))
    return out
