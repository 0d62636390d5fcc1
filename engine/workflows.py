"""Workflows: train a model, evaluate an algorithm.

The CLI, the window, the self-test (and the comparison runner) call these; none
of them has its own fold loop or picks metrics. What is measured follows the
problem and the algorithm (`Scoring`): accuracy always; mae with ordered
classes, and with monotone attributes also nonmonotone_pairs, nmi and
inverted_pairs; avg_misclassification_cost with a cost matrix; what the
algorithm's family reports (registry.FAMILIES: pending_rate,
misclassification_rate, attributes_used for the trichotomy family); leaves, leaves
holding a single training case and depth of every tree; fit and predict seconds
of every fold.

Progress: a `Progress` or a plain callable `(done, total, message)`.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field

import numpy as np

from .algorithms.classic import cost_matrix
from .algorithms.params import AlgorithmInfo, resolve_params
from .algorithms.registry import family
from .algorithms.trichotomy import label_members
from .data.encode import EncodedData, encode
from .data.hierarchy import ClassLevels
from .data.spec import ProblemSpec
from .data.table import Table
from .diagnostics import one_leaf_reason
from .errors import OptionError
from .evaluate import Evaluation, confusion_matrix, cross_validate, metrics, stratified_folds, stratified_holdout
from .i18n import N_, _
from .metrics import headline
from .model import Model, file_sha256, predict_cases
from .monotone import inverted_share, monotonicity_report
from .progress import Progress, ProgressCallback, as_progress
from .strategies import STRATEGIES, simulate
from .tree.case_counts import count_case_values
from .trust.intervals import keep_effective_cases
from .tree.model import PENDING_LABEL, Tree
from .trust.stability import StabilityReport, check_bootstrap, tree_stability
from .trust.novelty import keep_seen

# ---- what a problem and an algorithm are measured by ---------------------------------------


def has_test_costs(spec: ProblemSpec | None) -> bool:
    """The problem prices obtaining values: a test or waiting cost, or a batch group."""
    if spec is None:
        return False
    return bool(spec.batch_groups) or any(s.test_cost or s.wait_time or s.wait_cost
                                          for s in spec.attributes.values())


def answers_in_hierarchy(info: AlgorithmInfo, params: dict | None) -> bool:
    """The learner may answer with a coarser label of the class hierarchy: a fuzzy hierarchy
    learner always, a crisp one with hierarchy_labels on."""
    if "hierarchy" not in info.uses:
        return False
    if any(p.name == "hierarchy_labels" for p in info.params):
        return bool((params or {}).get("hierarchy_labels"))
    return True


def class_hierarchy(data: EncodedData, spec: ProblemSpec | None):
    """The problem's class hierarchy seen from the classes (ClassLevels), or None without one."""
    if spec is None or not spec.hierarchy:
        return None

    return ClassLevels(spec.hierarchy, list(data.classes))


def prediction_labels(info: AlgorithmInfo, data: EncodedData, spec: ProblemSpec | None,
                      params: dict | None = None) -> list[str]:
    """The labels the algorithm can answer with: the classes, then the coarser labels of the
    class hierarchy for a learner that answers with them (`answers_in_hierarchy`), or "not X"
    when it sets one class against the rest of more than two."""
    labels = list(data.classes)
    levels = class_hierarchy(data, spec)
    if levels is not None and answers_in_hierarchy(info, params):
        labels += levels.coarse_labels()
    if "positive_class" in info.uses and len(labels) > 2 and spec is not None and spec.positive_class:
        labels.append(f"not {spec.positive_class}")
    return labels


class Scoring:
    """The metrics one algorithm on one problem calls for (see the module docstring)."""

    def __init__(self, info: AlgorithmInfo, data: EncodedData, spec: ProblemSpec | None,
                 params: dict | None = None, strategy: str | None = None):
        self.n_classes = len(data.classes)
        self.ordered = bool(data.schema.ordered)
        self.monotone = self.ordered and any(a.monotone for a in data.schema.attributes)
        self.cost = cost_matrix(spec, data)
        reports = family(info.family).reports
        self.pending = "pending_rate" in reports or "misclassification_rate" in reports
        self.attributes_used = "attributes_used" in reports
        self.labels = prediction_labels(info, data, spec, params)
        # what obtaining the values costs (§4.5): with test or waiting costs in the problem, or a
        # strategy asked for, the cases are played under the strategy (sequential by default)
        self.spec = spec
        self.strategy = strategy or ("sequential" if has_test_costs(spec) else None)
        if self.strategy is not None:
            if self.strategy not in STRATEGIES:
                raise OptionError(_("test strategy must be one of {choices}, not {strategy!r}").format(
                                      choices=", ".join(STRATEGIES), strategy=self.strategy),
                                  code="bad_option")
        self.members = None
        self.hierarchy = None
        levels = class_hierarchy(data, spec)
        if levels is not None and levels.h > 1 and "not " + str(spec.positive_class) not in self.labels:
            # every learner: strict and hierarchical accuracy, accuracy at each level, how precise
            # the answers are (scored over the classes and every coarser label)
            self.hierarchy_labels = list(data.classes) + levels.coarse_labels()
            self.hierarchy = levels.scoring(self.hierarchy_labels)
        elif len(self.labels) > self.n_classes:  # a label that covers several classes ("not b")

            self.members = label_members(self.labels, self.n_classes)

    def level_confusions(self, y: np.ndarray, labels: np.ndarray, w: np.ndarray | None = None) -> list[dict]:
        """The confusion matrix at every level of the class hierarchy (none without one)."""
        if self.hierarchy is None:
            return []
        full = self.hierarchy_labels
        matrix = confusion_matrix(y, labels, self.n_classes, w, n_labels=len(full))
        return [self.hierarchy.level_confusion(matrix, full, i + 1, self.labels) for i in range(self.hierarchy.h)]

    def metric_options(self) -> dict:
        return {"cost": self.cost, "members": self.members, "pending_metrics": self.pending,
                "hierarchy": self.hierarchy}

    def cross_validate_options(self) -> dict:
        return self.metric_options() | {"more": self.cost_metrics if self.strategy else None}

    def cost_metrics(self, tree: Tree, X: np.ndarray, y: np.ndarray) -> dict[str, float]:
        """avg_total_cost, avg_test_cost, avg_waiting_cost and (under the strategy: the labels
        it ends with) avg_misclassification_cost of these cases, each row a case whose missing
        values cannot be obtained (engine.strategies); {} without a strategy."""
        if self.strategy is None:
            return {}

        played = simulate(tree, X, self.strategy, spec=self.spec, cost_matrix=self.cost, y=y).metrics()
        return {k: float(v) for k, v in played.items() if k != "avg_common_cost_saved"}

    def keep_case_values(self, tree: Tree, train: EncodedData) -> Tree:
        """A fold's tree played under the planned strategy plans with its training cases'
        values per leaf (engine.tree.case_values), as a trained model does."""
        if self.strategy == "planned":
            tree.case_values = count_case_values(tree, train.X, train.w)
        return tree

    def metrics(self, y: np.ndarray, labels: np.ndarray, w: np.ndarray) -> dict[str, float]:
        return metrics(y, labels, self.n_classes, ordered=self.ordered, w=w, **self.metric_options())

    def tree_metrics(self, tree: Tree, X: np.ndarray, labels: np.ndarray, used: np.ndarray | None) -> dict:
        """leaves (and those holding one training case) and depth; attributes used per case;
        monotonicity of the tree and its answers."""
        out = {"leaves": float(tree.n_leaves), "single_case_leaves": float(tree.n_single_case_leaves),
               "depth": float(tree.depth)}
        if self.attributes_used:
            out["attributes_used"] = float(used.sum(axis=1).mean()) if len(X) else 0.0
        if self.monotone:
            report = monotonicity_report(tree)
            if "nonmonotone_pairs" in report:
                out["nonmonotone_pairs"] = float(report["nonmonotone_pairs"])
                out["nmi"] = float(report["nmi"])
            out["inverted_pairs"] = inverted_share(tree, X, labels)
        return out

    def predicted(self, info: AlgorithmInfo, tree: Tree, X: np.ndarray, params: dict) -> tuple[np.ndarray, dict]:
        """`cross_validate`'s predict: labels and the tree's metrics on these cases."""
        p = predict_cases(info, tree, X, params)
        return p.labels, self.tree_metrics(tree, X, p.labels, p.used if self.attributes_used else None)


# ---- train ----------------------------------------------------------------------------------


@dataclass
class Advice:
    """Something a careful user should know about a trained tree, and the parameter changes that act
    on it (the window's one click: train again with them; {} when nothing does)."""

    message: str
    params: dict = field(default_factory=dict)


#: leaves holding one training case, from this many and this share of the leaves on: said
SINGLE_CASE_LEAVES, SINGLE_CASE_SHARE = 10, 0.25
#: more leaves than this share of the fitted rows (and at least LEAVES_MIN): said
LEAVES_SHARE, LEAVES_MIN = 0.1, 50
#: the parameters that set a leaf's fewest cases, in the order they are looked for, and the value advised
_MIN_LEAF = (("min_samples_leaf", 5), ("min_cases", 5))


def advice_for(info: AlgorithmInfo, tree: Tree, params: dict, rows: int) -> list[Advice]:
    """What the fitted `tree` (of `rows` training rows) should come with (issue 36): monotone
    directions the user set but the tree breaks, when the learner can enforce them; many leaves of
    a single case; more leaves than a share of the rows (a tree that learnt the cases by heart)."""
    out = []
    if tree.schema.ordered and "enforce_monotone" in params and not params["enforce_monotone"]:
        pairs = int(monotonicity_report(tree).get("nonmonotone_pairs", 0))
        if pairs:
            out.append(Advice(_("{pairs} pair(s) of leaves break the monotone directions set on the attributes; "
                                "enforcing them relabels those leaves at the least training error").format(
                                    pairs=f"{pairs:,}"), {"enforce_monotone": True}))
    leaf_param = next(((name, value) for name, value in _MIN_LEAF if name in params and params[name] is not None
                       and params[name] < value), None)
    larger = {leaf_param[0]: leaf_param[1]} if leaf_param else {}
    single, leaves = tree.n_single_case_leaves, tree.n_leaves
    if single >= SINGLE_CASE_LEAVES and single >= SINGLE_CASE_SHARE * leaves:
        out.append(Advice(_("{single} of the {leaves} leaves hold a single training case: their rules rest on one "
                            "case each").format(single=f"{single:,}", leaves=f"{leaves:,}"), larger))
    elif leaves >= LEAVES_MIN and leaves > LEAVES_SHARE * rows:
        out.append(Advice(_("the tree has {leaves} leaves for {rows} training rows: it may have learnt the cases by "
                            "heart rather than rules").format(leaves=f"{leaves:,}", rows=f"{rows:,}"), larger))
    return out


@dataclass
class TrainResult:
    """A model and what the window shows about it."""

    model: Model
    metrics: dict[str, float]  # on the held-out rows, or on the training rows without a hold-out
    holdout: float | None
    scored_rows: int
    fit_seconds: float
    labels: list[str]  # columns of `confusion`: the tree's labels, then PENDING
    confusion: np.ndarray  # (classes, labels): rows true class
    node_rows: dict[int, list[int]]  # node -> spreadsheet rows of the training cases that reach it
    warnings: list[str] = field(default_factory=list)
    # with a class hierarchy: the confusion matrix read at each level (HierarchyScoring.level_confusion)
    levels: list[dict] = field(default_factory=list)
    # the baseline on the same scored rows: always answering the class the training rows make
    # cheapest (the commonest without a cost matrix): {"label": name, "rule": words, "metrics": {...}}
    baseline: dict = field(default_factory=dict)
    cv: int | None = None  # the metrics are k-fold cross-validated (means over the folds)
    metric_std: dict[str, float] = field(default_factory=dict)  # with cv: the std over the folds
    advice: list[Advice] = field(default_factory=list)  # what to know about the tree (its messages: in warnings)

    @property
    def scheme_text(self) -> str:
        """Where the metrics come from, in words."""
        if self.cv:
            return _("{k}-fold cross-validation over the {rows} rows (the tree: fitted on all)").format(
                k=self.cv, rows=self.scored_rows)
        if self.holdout:
            return _("the {rows} held-out rows ({share})").format(rows=self.scored_rows,
                                                                  share=format(self.holdout, ".0%"))
        return _("the {rows} training rows (no hold-out: optimistic)").format(rows=self.scored_rows)

    def beats_baseline(self) -> bool | None:
        """The model is better than the baseline on the headline metric (None: nothing to compare)."""
        if not self.baseline:
            return None
        name, lower = headline_metric(self.metrics)
        ours, theirs = self.metrics.get(name), self.baseline["metrics"].get(name)
        if ours is None or theirs is None:
            return None
        return ours < theirs - 1e-12 if lower else ours > theirs + 1e-12

    def baseline_verdict(self) -> str | None:
        """How the model stands beside the baseline, in one word: "better" (on the headline
        metric), "worse" (no better on it, nor more accurate), or "dearer" — when the problem
        prices tests: more accurate than the baseline, which asks no tests and so pays only for
        its errors, but dearer in total (its tests cost more than the errors they prevent).
        None: nothing to compare."""
        better = self.beats_baseline()
        if better is None or better:
            return None if better is None else "better"
        ours, theirs = self.metrics.get("accuracy"), self.baseline["metrics"].get("accuracy")
        priced = "avg_test_cost" in self.metrics
        if priced and ours is not None and theirs is not None and ours > theirs + 1e-12:
            return "dearer"
        return "worse"

    @property
    def scored_on(self) -> str:
        return "held-out" if self.holdout else "training"


def headline_metric(metrics: dict) -> tuple[str, bool]:
    """The figure a result is judged by, and whether lower is better (engine.metrics.headline)."""
    found = headline(metrics)
    return found.key, found.lower_is_better


def baseline_scores(scoring: Scoring, y_fit: np.ndarray, w_fit: np.ndarray, y: np.ndarray,
                    w: np.ndarray, classes: list[str]) -> dict:
    """Always answering one class: the one of least expected cost over the fitted rows (the
    commonest without a cost matrix), scored on (y, w) as a model would be; with priced tests
    it asks none, so its total cost is its misclassification cost."""
    counts = np.bincount(y_fit, weights=w_fit, minlength=len(classes))
    if scoring.cost is not None:
        label, rule = int(np.argmin(counts @ scoring.cost)), N_("the class of least expected cost")
    else:
        label, rule = int(np.argmax(counts)), N_("the commonest class")
    scores = scoring.metrics(y, np.full(len(y), label, dtype=np.int64), w)
    if scoring.strategy is not None and "avg_misclassification_cost" in scores:
        scores.update(avg_total_cost=scores["avg_misclassification_cost"], avg_test_cost=0.0,
                      avg_waiting_cost=0.0)
    elif scoring.strategy is not None:  # 0/1 costs: the errors are the misclassification cost
        error = float(1.0 - scores["accuracy"])
        scores.update(avg_total_cost=error, avg_test_cost=0.0, avg_waiting_cost=0.0,
                      avg_misclassification_cost=error)
    return {"label": classes[label], "rule": rule, "metrics": scores}


def _check_holdout(holdout) -> None:
    if holdout is not None and not 0 < holdout < 1:
        raise OptionError(_("the hold-out share must be between 0 and 1 (e.g. 0.3), not {holdout:g}").format(
                              holdout=holdout),
                          code="bad_option")


def check_missing_rate(rate) -> None:
    if rate is not None and not 0 <= rate < 1:
        raise OptionError(_("the missing rate must be a share from 0 up to (not including) 1 (e.g. 0.2), not "
                            "{rate:g}").format(rate=rate),
                          code="bad_option")


def inject_missing(X: np.ndarray, rate: float, seed) -> np.ndarray:
    """A copy of X with each cell blanked (NaN) independently with probability `rate`
    (missing completely at random, MCAR); cells already missing stay missing. The mask is
    drawn from `numpy.random.default_rng([seed, 15])` (15: a stream of its own, apart from
    the splits' default_rng(seed)), so the same seed blanks the same cells; rate 0 returns X
    unchanged (a copy)."""
    check_missing_rate(rate)
    X = np.array(X, dtype=np.float64, copy=True)
    if rate > 0 and X.size:
        mask = np.random.default_rng([int(seed), 15]).random(X.shape) < rate
        X[mask] = np.nan
    return X


def trained_on(table: Table, fitted_rows: int) -> dict:
    """The data a model was fitted on: rows, file name, sheet, and the file's sha256."""
    out = {"rows": int(fitted_rows)}
    if table.file:
        out["file"] = os.path.basename(table.file)
        out["sheet"] = table.sheet
        if os.path.isfile(table.file):
            out["sha256"] = file_sha256(table.file)
    return out


def train_model(info: AlgorithmInfo, table: Table, spec: ProblemSpec, params: dict | None,
                progress: Progress | ProgressCallback | None = None, *, data: EncodedData | None = None,
                holdout: float | None = None, seed: int = 0, strategy: str | None = None,
                cv: int | None = None) -> TrainResult:
    """Fit on all rows, or on all but a stratified hold-out share (seeded), and score the
    model on the held-out rows (else, optimistically, on the training rows).

    `cv` = k (no hold-out): the model is fitted on all rows and scored by stratified k-fold
    cross-validation (seeded; `cross_validated`): the metrics are the folds' means (the tree's
    size, the fitted tree's), the confusion matrix the folds' sum, the baseline the folds' mean.

    `data` is `encode(table, spec)` when the caller has it already."""
    progress = as_progress(progress)
    params = resolve_params(info, params, spec)
    _check_holdout(holdout)
    if cv is not None and (holdout is not None or cv < 2):
        raise OptionError(_("cross-validation needs at least 2 folds and no hold-out"), code="bad_option")
    spec = spec.copy()  # the model keeps the settings it was trained with
    data = encode(table, spec) if data is None else data
    test = stratified_holdout(data.y, holdout, seed) if holdout else np.zeros(data.n, bool)
    fitted = np.flatnonzero(~test)
    t0 = time.perf_counter()
    fit_data = data.subset(fitted) if holdout else data
    tree = info.fit(fit_data, spec, info.stage_params(params, "fit"), progress)
    fit_seconds = time.perf_counter() - t0
    # what a planned consultation needs: per leaf, how the training cases' values fall

    tree.case_values = count_case_values(tree, fit_data.X, fit_data.w)
    # each node's effective number of training cases (weighted cases: its intervals, engine.trust)
    keep_effective_cases(tree, fit_data.X, fit_data.w, info)
    keep_seen(tree, fit_data, info)  # what the model has seen, per node (engine.trust.novelty)
    prediction = predict_cases(info, tree, data.X, params)
    scored = test if holdout else ~test
    scoring = Scoring(info, data, spec, params, strategy)
    labels = prediction.labels[scored]
    scores = scoring.metrics(data.y[scored], labels, data.w[scored])
    scores.update(scoring.tree_metrics(tree, data.X[scored], labels,
                                       prediction.used[scored] if scoring.attributes_used else None))
    scores.update(scoring.cost_metrics(tree, data.X[scored], data.y[scored]))
    warnings = list(data.warnings)
    if tree.n_leaves == 1:
        warnings.append(_("the tree is a single leaf: {reason}").format(
                            reason=one_leaf_reason(info, fit_data, spec, params)))
    advice = advice_for(info, tree, params, int(fit_data.n))
    warnings += [a.message for a in advice]
    source = trained_on(table, len(fitted))
    if holdout:
        source.update(holdout=holdout, seed=seed, held_out_rows=int(test.sum()))
    model = Model(algorithm=info.name, params=params, spec=spec, tree=tree, missing=info.missing,
                  trained_on=source, info=getattr(tree, "info", {}) or {})
    if cv is not None:
        result = TrainResult(model=model, metrics=scores, holdout=None, scored_rows=int(data.n),
                             fit_seconds=fit_seconds, labels=list(tree.labels) + [PENDING_LABEL],
                             confusion=np.zeros((len(data.classes), len(tree.labels) + 1)),
                             node_rows=node_rows(tree, table, data, prediction.nodes, fitted), warnings=warnings,
                             advice=advice)
        return cross_validated(result, info, data, spec, params, scoring, cv, seed, progress)
    return TrainResult(
        model=model, metrics=scores, holdout=holdout, scored_rows=int(scored.sum()), fit_seconds=fit_seconds,
        labels=list(tree.labels) + [PENDING_LABEL],
        confusion=confusion_matrix(data.y[scored], labels, len(data.classes), n_labels=len(tree.labels)),
        node_rows=node_rows(tree, table, data, prediction.nodes, fitted), warnings=warnings, advice=advice,
        levels=scoring.level_confusions(data.y[scored], labels, data.w[scored]),
        baseline=baseline_scores(scoring, data.y[fitted], data.w[fitted], data.y[scored], data.w[scored],
                                 list(data.classes)))


def cross_validated(result: TrainResult, info: AlgorithmInfo, data: EncodedData, spec: ProblemSpec,
                    params: dict, scoring: Scoring, k: int, seed: int, progress) -> TrainResult:
    """`result` (a model fitted on all rows) scored by stratified k-fold cross-validation: each
    fold's model fitted on the other folds and scored on it (`evaluate_algorithm`'s folds, the
    same seed); the baseline fitted and scored fold by fold."""
    evaluation = evaluate_algorithm(info, data, spec, params, cv=k, seed=seed, strategy=scoring.strategy,
                                    progress=progress)
    summary = evaluation.summary()
    tree_size = {name: result.metrics[name] for name in ("leaves", "single_case_leaves", "depth")}
    result.metrics = {name: v["mean"] for name, v in summary.items()} | tree_size
    result.metric_std = {name: v["std"] for name, v in summary.items() if name not in tree_size}
    result.cv = k
    result.labels = list(evaluation.labels) + [PENDING_LABEL]
    result.confusion = evaluation.confusion()
    result.levels = evaluation.levels()
    result.warnings += [w for w in evaluation.warnings if w not in result.warnings]
    result.baseline = cv_baseline(scoring, data, k, seed)
    return result


def cv_baseline(scoring: Scoring, data: EncodedData, k: int, seed: int) -> dict:
    """The baseline (`baseline_scores`) fitted and scored fold by fold in the stratified k folds
    `evaluate_algorithm` draws with `seed`, its metrics averaged over the folds: {"label" (the
    class it answers, or "per fold" when the folds disagree), "rule", "metrics"}."""
    fold, _ = stratified_folds(data.y, k, seed)
    classes = list(data.classes)
    folds = [baseline_scores(scoring, data.y[fold != f], data.w[fold != f], data.y[fold == f], data.w[fold == f],
                             classes) for f in range(k)]
    names = folds[0]["metrics"].keys()
    return {"label": folds[0]["label"] if all(b["label"] == folds[0]["label"] for b in folds) else "per fold",
            "rule": folds[0]["rule"],
            "metrics": {name: float(np.mean([b["metrics"][name] for b in folds])) for name in names}}


def node_rows(tree: Tree, table: Table, data: EncodedData, ends: np.ndarray, rows: np.ndarray) -> dict[int, list[int]]:
    """node -> spreadsheet rows (ascending) of the cases `rows` whose path passes through it
    (a case spread over several branches, end -1, is left out)."""
    out: dict[int, list[int]] = {}
    ends = np.asarray(ends)[rows]
    for end in np.unique(ends[ends >= 0]):
        sheet_rows = [table.row_number(int(r)) for r in data.rows[rows[ends == end]]]
        for node in tree.path_to(int(end)):
            out.setdefault(node, []).extend(sheet_rows)
    return {node: sorted(found) for node, found in out.items()}


# ---- evaluate -------------------------------------------------------------------------------


@dataclass
class AlgorithmEvaluation:
    """Folds of one algorithm on one problem, and CLI.md's JSON object for them."""

    algorithm: str
    params: dict
    rows: int
    target: str
    scheme: dict
    classes: list[str]
    labels: list[str]  # what the trees answered with: the classes, then coarser labels ("not X")
    evaluation: Evaluation
    scoring: "Scoring | None" = None
    # with --stability B (issue 39): the final tree's splits against B bootstrap and the fold models
    stability: StabilityReport | None = None

    @property
    def warnings(self) -> list[str]:
        return self.evaluation.warnings

    def summary(self) -> dict[str, dict[str, float]]:
        out = self.evaluation.summary()
        if self.stability is not None and self.stability.headline() is not None:
            out["stability"] = {"mean": self.stability.headline(), "std": None}  # one figure, not a fold mean
        return out

    def confusion(self) -> np.ndarray:
        return self.evaluation.confusion(len(self.classes), len(self.labels))

    def to_json(self) -> dict:
        return {"algorithm": self.algorithm, "params": self.params,
                "data": {"rows": self.rows, "target": self.target},
                "scheme": self.scheme, "metrics": self.summary(), "warnings": self.warnings,
                "confusion": {"true": list(self.classes), "predicted": self.labels + [PENDING_LABEL],
                              "matrix": self.confusion().tolist()}} | ({"levels": self.levels()} if self.levels() else {}) \
            | ({"stability": self.stability.to_json()} if self.stability is not None else {})

    def levels(self) -> list[dict]:
        """With a class hierarchy: the summed confusion matrix read at each level."""
        if self.scoring is None or self.scoring.hierarchy is None:
            return []
        return self.scoring.level_confusions(np.concatenate([f.y_true for f in self.evaluation.folds]),
                                             np.concatenate([f.y_pred for f in self.evaluation.folds]))


def evaluate_algorithm(info: AlgorithmInfo, data: EncodedData, spec: ProblemSpec | None, params: dict | None, *,
                       cv: int = 10, repeats: int = 1, holdout: float | None = None, seed: int = 0,
                       progress: Progress | ProgressCallback | None = None,
                       strategy: str | None = None, missing_rate: float | None = None,
                       stability: int | None = None) -> AlgorithmEvaluation:
    """Stratified k-fold cross-validation (or `repeats` stratified hold-outs of the share
    `holdout`), seeds seed, seed + 1, ... per repeat; the metrics the problem calls for.

    `missing_rate` R (0 <= R < 1, issue 15 item 4): before the folds are drawn, each
    attribute value of every row is blanked independently with probability R (MCAR,
    `inject_missing` seeded by `seed`; the class never), so the training and the test rows
    of every fold carry the injected gaps (the same cells in every repeat).

    `stability` B (issue 39 item 2; 0: the fold models only): the tree fitted on all rows, its
    splits counted in B bootstrap models drawn with `seed` and in the fold models
    (engine.trust.stability); the result's `stability`."""
    progress = as_progress(progress)
    if stability is not None:
        check_bootstrap(stability)
    params = resolve_params(info, params, spec)
    _check_holdout(holdout)
    check_missing_rate(missing_rate)
    if holdout is None and cv < 2:
        raise OptionError(_("cross-validation needs at least 2 folds, not {cv}").format(cv=cv), code="bad_option")
    if repeats < 1:
        raise OptionError(_("repeats must be at least 1, not {repeats}").format(repeats=repeats), code="bad_option")
    scoring = Scoring(info, data, spec, params, strategy)
    fit_params = info.stage_params(params, "fit")
    labels = list(scoring.labels)
    if missing_rate is not None and missing_rate > 0:
        data = EncodedData(inject_missing(data.X, missing_rate, seed), data.y, data.w, data.schema, data.rows,
                           list(data.dropped_rows), list(data.warnings))

    fold_trees: list[Tree] = []

    def fit(train: EncodedData) -> Tree:
        tree = info.fit(train, spec, fit_params, progress.quiet() if progress is not None else None)
        scoring.keep_case_values(tree, train)
        if len(tree.labels) > len(labels):
            labels[:] = tree.labels
        if stability is not None:
            fold_trees.append(tree)
        return tree

    evaluation = cross_validate(data, fit, lambda tree, X: scoring.predicted(info, tree, X, params), cv=cv,
                                repeats=repeats, holdout=holdout, seed=seed, progress=progress,
                                **scoring.cross_validate_options())
    scheme = {"cv": None if holdout is not None else cv, "repeats": repeats, "seed": seed}
    if holdout is not None:
        scheme["holdout"] = holdout
    if scoring.strategy is not None:
        scheme["strategy"] = scoring.strategy
    if missing_rate is not None:
        scheme["missing_rate"] = missing_rate
    report = None
    if stability is not None:
        final = info.fit(data, spec, fit_params, progress.quiet() if progress is not None else None)
        report = tree_stability(info, final, data, spec, params, stability, seed, folds=fold_trees,
                                progress=progress)
    return AlgorithmEvaluation(algorithm=info.name, params=params, rows=int(data.n), target=data.schema.target,
                               scheme=scheme, classes=list(data.classes), labels=labels, evaluation=evaluation,
                               scoring=scoring, stability=report)

