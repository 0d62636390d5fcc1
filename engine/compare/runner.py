"""Compare algorithms on one data set: entries x folds, on threads or processes, resumable.

A comparison is a list of `Entry` (an algorithm, its parameters, a unique name; the
same algorithm may come twice with different parameters) and a `Scheme` (repeated
stratified k-fold or repeated stratified hold-out, seeded as `evaluate_algorithm`
seeds them) on one `EncodedData` and `ProblemSpec`. Every entry sees the same folds;
a baseline entry (`baseline.py`: the majority class, or with a cost matrix the class
of least expected cost) is always added, last.

The work unit is one entry on one fold. Units run on a pool of `jobs` workers: threads
(the Numba kernels release the GIL, but most of a fit is Python that holds it: on the
car data, all algorithms x 10 folds, two threads took 4.4 s where one took 2.9 s), or
processes, each handed the data and the entries once, when it starts (two: 1.7 s). Each unit is scored by the very code
`evaluate_algorithm` runs for a fold (`engine.evaluate.score_fold` with the entry's
`Scoring`), so an entry's metrics equal `evaluate_algorithm`'s with the same seed,
whatever `jobs` and the executor are (fit and predict seconds aside: they are
measured). Results are kept by (entry, fold): their order never depends on which
worker finished first.

Progress: `report(done, total, message)` after each unit, the message naming the
entry and fold and the time left (estimated from this run's units so far); it is a
`UnitDone`, a str that also carries them as fields. Cancel: the `cancel` event (or a
cancelled `Progress`) reaches a flag that every worker reads before it starts a unit
and the learners read inside a fit; a cancelled run raises `Cancelled` once the units
in flight have stopped, keeping every finished unit. With `results` (a path), the file
(`store.py`) is rewritten as units finish (after each, or once a second when they come
faster, and however the run ends), and a run with the same configuration skips the
units it holds, once their figures are checked against this run's (`_check_resumed`).

Stopping (issue 41): worker processes die with this process however it ends (SIGKILL too:
`die_with_parent`, the kernel's parent-death signal on Linux and a watchdog thread
everywhere); SIGTERM to a run in the main thread stops it as Ctrl-C does (the pool shut down,
the finished units written) and the process ends with status 143 (`Terminated`).
"""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import sys
import threading
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, ThreadPoolExecutor, wait
from dataclasses import dataclass, field

import numpy as np

from ..algorithms.params import AlgorithmInfo, resolve_params
from ..algorithms.registry import algorithms, get
from ..data.encode import EncodedData
from ..data.spec import ProblemSpec
from ..edits import EDITED, Edit, edited_learner
from ..errors import Cancelled, OptionError
from ..evaluate import Evaluation, FoldResult, fold_plans, score_fold
from ..i18n import _
from ..metrics import METRICS, SECONDS, metric, ordered
from ..progress import Progress, ProgressCallback, as_progress
from ..trust.stability import check_bootstrap, tree_stability
from ..workflows import AlgorithmEvaluation, Scoring, check_missing_rate, inject_missing
from . import store
from .baseline import BASELINE_INFO, baseline_name, baseline_rule
from .curves import LearningCurve, check_train_sizes, learning_plans, size_text
from .entries import Entry
from .store import UnitResult

__all__ = ["Entry", "Scheme", "Comparison", "EntryResult", "compare", "applies", "applicable_algorithms",
           "TIMING_METRICS", "EXECUTORS", "UnitDone"]

#: metrics that are measured, not computed: they differ from run to run (the catalogue's times)
TIMING_METRICS = tuple(k for k, m in METRICS.items() if m.kind == SECONDS)


# ---- what is compared, and how ------------------------------------------------------------


@dataclass(frozen=True)
class Scheme:
    """`repeats` stratified `cv`-fold splits, or with `holdout` `repeats` stratified hold-outs
    of that share; seeds seed, seed + 1, ... per repeat. `missing_rate`: values blanked
    completely at random before the folds are drawn (`inject_missing`, seeded by `seed`);
    `strategy`: how a test case's values are obtained, for the cost metrics. `stability` B: each
    entry is also fitted on all rows and its splits counted in B bootstrap models drawn with
    `seed` (engine.trust.stability; the "stability" metric of its summary: one figure, not a
    fold mean; not kept in the results file)."""

    cv: int = 10
    repeats: int = 1
    holdout: float | None = None
    seed: int = 0
    missing_rate: float | None = None
    strategy: str | None = None
    #: a learning curve: each fold also trained on these shares of its training rows (or numbers of
    #: rows), sorted; the entries' results are those of the largest size (curves.py)
    train_sizes: tuple[float, ...] | None = None
    stability: int | None = None

    def __post_init__(self):
        if self.train_sizes is not None:
            object.__setattr__(self, "train_sizes", check_train_sizes(self.train_sizes))

    @property
    def base_folds(self) -> int:
        """Folds of one training size."""
        return self.repeats * (1 if self.holdout is not None else self.cv)

    def check(self) -> None:
        """The same checks, and messages, as evaluate_algorithm."""
        if self.holdout is not None and not 0 < self.holdout < 1:
            raise OptionError(_("the hold-out share must be between 0 and 1 (e.g. 0.3), not {share}").format(
                share=format(self.holdout, "g")), code="bad_option")
        check_missing_rate(self.missing_rate)
        if self.holdout is None and self.cv < 2:
            raise OptionError(_("cross-validation needs at least 2 folds, not {n}").format(n=self.cv),
                              code="bad_option")
        if self.repeats < 1:
            raise OptionError(_("repeats must be at least 1, not {n}").format(n=self.repeats), code="bad_option")
        if self.stability is not None:
            check_bootstrap(self.stability)
            if self.stability < 1:
                raise OptionError(_("a comparison counts the stability in bootstrap models: at least 1, not "
                                    "{n}").format(n=self.stability), code="bad_option")

    def to_json(self, strategy: str | None) -> dict:
        """evaluate_algorithm's "scheme" object (`strategy`: the one the scoring resolved)."""
        out = {"cv": None if self.holdout is not None else self.cv, "repeats": self.repeats, "seed": self.seed}
        if self.holdout is not None:
            out["holdout"] = self.holdout
        if strategy is not None:
            out["strategy"] = strategy
        if self.missing_rate is not None:
            out["missing_rate"] = self.missing_rate
        if self.train_sizes is not None:
            out["train_sizes"] = list(self.train_sizes)
        if self.stability is not None:
            out["stability"] = self.stability
        return out

    def fold_name(self, fold: int) -> str:
        """Fold `fold` of the run (with a learning curve, the folds of each size in turn) in words."""
        size, fold = divmod(fold, self.base_folds)
        per = 1 if self.holdout is not None else self.cv
        repeat, k = divmod(fold, per)
        if self.holdout is not None:
            where = _("hold-out {k} of {n}").format(k=repeat + 1, n=self.repeats)
        else:
            where = _("fold {k} of {n}").format(k=k + 1, n=self.cv) + (
                _(", repeat {k} of {n}").format(k=repeat + 1, n=self.repeats) if self.repeats > 1 else "")
        if self.train_sizes is not None:
            where += _(" on {size}").format(size=size_text(self.train_sizes[size]))
        return where


def applies(info: AlgorithmInfo, data: EncodedData, spec: ProblemSpec | None,
            params: dict | None = None) -> str | None:
    """None when the algorithm can learn this problem, else why not (read from what it
    declares it uses: ordered classes; one class against the rest of more than two; and a
    required parameter, such as a guideline's rules, missing from `params`)."""
    if "class_order" in info.uses and not data.schema.ordered:
        return _("needs ordered classes (a class order)")
    if "positive_class" in info.uses and len(data.classes) > 2 and not (spec and spec.positive_class):
        return _("separates two classes; with {n} classes it needs a positive class").format(n=len(data.classes))
    missing = [p.name for p in info.params if p.required and (params or {}).get(p.name) in (None, "")]
    if missing:
        return _("needs a value for its parameter {names}").format(names=", ".join(missing))
    return None


def applicable_algorithms(data: EncodedData, spec: ProblemSpec | None) -> tuple[list[str], dict[str, str]]:
    """Every registered algorithm that applies to the problem, in registry order, and the
    others with the reason."""
    names, skipped = [], {}
    for info in algorithms():
        reason = applies(info, data, spec)
        if reason is None:
            names.append(info.name)
        else:
            skipped[info.name] = reason
    return names, skipped


@dataclass
class _Prepared:
    """An entry ready to run: its learner, resolved parameters and scoring."""

    name: str
    info: AlgorithmInfo
    params: dict
    scoring: Scoring
    edits: list | None = None  # an edited model's (engine.edits): `info` replays them on each fold

    def config(self) -> dict:
        out = {"name": self.name, "algorithm": self.info.name, "params": self.params}
        if self.edits:
            out["algorithm"] = self.info.name.removesuffix(EDITED)
            out["edits"] = [e.to_json() for e in self.edits]
        return out


def _prepare(entries: list[Entry], data: EncodedData, spec: ProblemSpec | None, scheme: Scheme,
             baseline: bool) -> list[_Prepared]:
    out: list[_Prepared] = []
    seen: set[str] = set()
    for entry in entries:
        info = get(entry.algorithm)
        name = entry.label
        if name in seen:
            raise OptionError(_('two entries are both named "{name}": give them different parameters or names').format(
                name=name), code="bad_option")
        reason = applies(info, data, spec, entry.resolved if entry.resolved is not None else entry.params)
        if reason is not None:
            raise OptionError(_("{algorithm} does not apply to this problem: it {reason}").format(
                algorithm=info.name, reason=reason), code="bad_option")
        seen.add(name)
        params = resolve_params(info, entry.resolved if entry.resolved is not None else entry.params, spec)
        if entry.edits:
            info = edited_learner(info, entry.edits)
        out.append(_Prepared(name, info, params, Scoring(info, data, spec, params, scheme.strategy), entry.edits))
    if baseline:
        name = baseline_name(spec)
        if name in seen:
            raise OptionError(_('"{name}" is the baseline\'s name: give the entry another').format(name=name),
                              code="bad_option")
        out.append(_Prepared(name, BASELINE_INFO, {"rule": baseline_rule(spec)},
                             Scoring(BASELINE_INFO, data, spec, {}, scheme.strategy)))
    return out


# ---- results --------------------------------------------------------------------------------


@dataclass
class EntryResult:
    """One entry's folds, as `evaluate_algorithm` returns them, and its name."""

    name: str
    evaluation: AlgorithmEvaluation
    n_train: np.ndarray
    n_test: np.ndarray

    def fold_metric(self, metric: str) -> np.ndarray:
        """The metric on every fold, in fold order (NaN on a fold that does not report it)."""
        return np.array([f.metrics.get(metric, np.nan) for f in self.evaluation.evaluation.folds], dtype=float)

    def to_json(self) -> dict:
        """CLI.md's evaluate object, plus "name" and the per-fold values ("folds")."""
        folds = self.evaluation.evaluation.folds
        metrics = list(self.evaluation.evaluation.summary())  # the fold metrics (not the stability)
        return self.evaluation.to_json() | {
            "name": self.name,
            "folds": {"n_train": self.n_train.tolist(), "n_test": self.n_test.tolist(),
                      "metrics": {m: [f.metrics.get(m) for f in folds] for m in metrics}}}


@dataclass
class Comparison:
    """Every entry's results on the same folds; the baseline is the last entry."""

    entries: list[EntryResult]
    scheme: Scheme
    baseline: str  # the baseline entry's name
    n_train: np.ndarray  # training rows of each fold
    n_test: np.ndarray  # test rows of each fold
    warnings: list[str] = field(default_factory=list)
    computed: int = 0  # units computed by this run (the rest came from the results file)
    curve: LearningCurve | None = None  # with scheme.train_sizes: every size's fold scores

    @property
    def names(self) -> list[str]:
        return [e.name for e in self.entries]

    def __getitem__(self, name: str) -> EntryResult:
        for e in self.entries:
            if e.name == name:
                return e
        raise KeyError(name)

    def metrics(self) -> list[str]:
        """Every metric some entry reports, in the evaluate order."""
        seen: list[str] = []
        for e in self.entries:
            seen += [m for m in e.evaluation.summary() if m not in seen]
        return ordered(seen)

    def fold_metrics(self) -> list[str]:
        """The metrics with a score on every fold: those the tests can be on (not the stability)."""
        return [m for m in self.metrics() if m != "stability"]

    def fold_scores(self, metric: str) -> dict[str, np.ndarray]:
        """name -> the metric on every fold, in fold order, for the entries that report it."""
        out = {}
        for e in self.entries:
            values = e.fold_metric(metric)
            if not np.isnan(values).all():
                out[e.name] = values
        return out

    def to_json(self) -> list[dict]:
        """CLI.md's list of evaluate objects; with a learning curve each has "learning_curve"."""
        if self.curve is None:
            return [e.to_json() for e in self.entries]
        return [e.to_json() | {"learning_curve": self.curve.to_json(e.name)} for e in self.entries]


# ---- running --------------------------------------------------------------------------------


class UnitDone(str):
    """The progress message after a unit ("c45, fold 3 of 10 done; about 12 s left"), a str
    for any `(done, total, message)` callback, that also carries its parts for a window:
    `entry` (its name), `fold` (0-based, in fold order) and `seconds_left` (the estimate)."""

    entry: str
    fold: int
    seconds_left: float

    def __new__(cls, text: str, entry: str, fold: int, seconds_left: float):
        out = super().__new__(cls, text)
        out.entry, out.fold, out.seconds_left = entry, fold, seconds_left
        return out


def _time_left(seconds: float) -> str:
    if seconds < 1.5:
        return _("about 1 s left")
    if seconds < 90:
        return _("about {n} s left").format(n=format(seconds, ".0f"))
    if seconds < 5400:
        return _("about {n} min left").format(n=format(seconds / 60, ".0f"))
    return _("about {n} h left").format(n=format(seconds / 3600, ".1f"))


def _run_unit(p: _Prepared, data: EncodedData, spec: ProblemSpec | None, plan, stopper: Progress) -> UnitResult:
    """One entry on one fold, scored as evaluate_algorithm scores a fold."""
    fit_params = p.info.stage_params(p.params, "fit")
    trees = []

    def fit(train: EncodedData):
        tree = p.scoring.keep_case_values(p.info.fit(train, spec, fit_params, stopper.quiet()), train)
        trees.append(tree)
        return tree

    train, test = plan
    fold = score_fold(data, fit, lambda tree, X: p.scoring.predicted(p.info, tree, X, p.params), train, test,
                      **p.scoring.cross_validate_options())
    return UnitResult(fold.metrics, fold.y_pred, list(trees[0].labels), int(train.sum()), int(test.sum()))


EXECUTORS = ("threads", "processes", "dask")


def _results_budget(config: dict, plans) -> int:
    """The most bytes a results file of this run can take, however it is laid out (a file far
    larger is refused before it is parsed): the configuration, and per unit its answers (at most
    64 bytes each, spaces and a line included) and 64 KiB for its labels and metrics."""

    n_units = len(config["entries"]) * len(plans)
    answers = len(config["entries"]) * sum(int(test.sum()) for _train, test in plans)
    labels = 6 * len(json.dumps(config["data"]["classes"], ensure_ascii=False).encode())
    return min(store.MAX_BYTES, (1 << 20) + 4 * len(json.dumps(config).encode()) + 64 * answers
               + n_units * ((1 << 16) + labels))


def _check_resumed(path, done: dict, prepared: list[_Prepared], data: EncodedData, spec: ProblemSpec | None,
                   scheme: Scheme, plans) -> None:
    """Every figure of every resumed unit against what this run would make (issue 41): the label
    metrics computed again from the unit's answers on the fold's test rows (they must agree), the
    others within their ranges (store.figure_problem). A unit that fails refuses the whole file:
    our writer never makes such a unit, so the file was edited or damaged, and no other unit of
    it can then be trusted either; one line names the file, the entry and the fold."""
    # deferred: the settings checks load only when a results file is resumed
    from ..data.spec.checks import MAX_COST

    n_attributes = len(data.schema.attributes)
    max_cost = MAX_COST * (2 * n_attributes + 1)  # every test, its waiting and the error, per case
    for (e, f), unit in sorted(done.items()):
        p = prepared[e]
        universe = p.scoring.hierarchy_labels if p.scoring.hierarchy is not None else p.scoring.labels
        label_keys = {k for k in unit.metrics if k in store.LABEL_METRICS or metric(k).level is not None}
        if p.scoring.strategy is not None:
            label_keys.discard("avg_misclassification_cost")
        recomputed = None
        where = scheme.fold_name(f)
        if len(unit.labels) > max(len(universe), len(p.scoring.labels)) \
                or ((unit.y_pred != store.PENDING) & (unit.y_pred >= len(universe))).any():
            raise store.refuse_unit(path, p.name, where, _("its answers name labels this entry cannot give"))
        test = plans[f][1]
        try:
            recomputed = p.scoring.metrics(data.y[test], unit.y_pred, data.w[test])
        except (IndexError, ValueError):
            raise store.refuse_unit(path, p.name, where, _("its answers name labels this entry cannot give")) \
                from None
        if p.scoring.strategy is not None:
            recomputed.pop("avg_misclassification_cost", None)
        missing = [k for k in list(recomputed) + [k for k, m in METRICS.items() if m.kind == SECONDS] if k not in unit.metrics]
        if missing:
            raise store.refuse_unit(path, p.name, where, _("it lacks {names}").format(names=", ".join(missing)))
        for name, value in unit.metrics.items():
            reason = store.figure_problem(name, value, unit, recomputed, label_keys | set(recomputed), n_attributes,
                                          max_cost)
            if reason is not None:
                raise store.refuse_unit(path, p.name, where, reason)


def compare(data: EncodedData, spec: ProblemSpec | None, entries: list[Entry], scheme: Scheme = Scheme(), *,
            jobs: int | None = None, progress: Progress | ProgressCallback | None = None,
            cancel: threading.Event | None = None, results: str | os.PathLike | None = None,
            baseline: bool = True, executor: str = "threads", scheduler: str | None = None) -> Comparison:
    """Run every entry (and the baseline) on the scheme's folds; see the module docstring.

    `executor`: "threads" (one process; the fits' Python parts share one interpreter lock,
    so more threads gain nothing and may lose) or "processes" (`jobs` worker processes,
    each handed the data and the entries once, when it starts; threads in a frozen app
    that cannot fork) or "dask" (the units as tasks of a Dask distributed cluster at
    `scheduler`, "local:N" for a LocalCluster of N single-threaded worker processes; the
    data scattered to every worker once; `jobs` is then the cluster's business)."""
    scheme.check()
    if not entries and not baseline:
        raise OptionError(_("nothing to compare: give at least one algorithm"), code="bad_option")
    jobs = (os.cpu_count() or 1) if jobs is None else int(jobs)
    if jobs < 1:
        raise OptionError(_("jobs must be at least 1, not {n}").format(n=jobs), code="bad_option")
    if executor not in EXECUTORS:
        raise OptionError(_("executor must be one of {executors}, not {executor}").format(
            executors=", ".join(EXECUTORS), executor=repr(executor)), code="bad_option")
    if (executor == "dask") != (scheduler is not None):
        raise OptionError(_("a Dask scheduler goes with the dask executor, and the dask executor needs one "
                            "(an address such as tcp://host:8786, or local:N)"), code="bad_option")
    if results is not None and not os.path.isdir(os.path.dirname(os.path.abspath(results))):
        raise OptionError(_('the folder of the results file "{path}" does not exist').format(path=results),
                          code="bad_option")
    progress = as_progress(progress)
    prepared = _prepare(list(entries), data, spec, scheme, baseline)
    fingerprint = store.data_fingerprint(data.X, data.y, data.w, data.classes, data.schema.names)
    config = store.normalised({
        "data": {"rows": int(data.n), "target": data.schema.target, "classes": list(data.classes),
                 "sha256": fingerprint},
        "scheme": {k: v for k, v in scheme.to_json(prepared[0].scoring.strategy).items() if k != "stability"}
        | {"missing_rate": scheme.missing_rate},
        "entries": [p.config() for p in prepared]})
    if scheme.missing_rate is not None and scheme.missing_rate > 0:
        data = EncodedData(inject_missing(data.X, scheme.missing_rate, scheme.seed), data.y, data.w, data.schema,
                           data.rows, list(data.dropped_rows), list(data.warnings))
    plans, warnings = fold_plans(data.y, cv=scheme.cv, repeats=scheme.repeats, holdout=scheme.holdout,
                                 seed=scheme.seed)
    if scheme.train_sizes is not None:
        plans = learning_plans(data.y, plans, scheme.train_sizes, scheme.seed)
    sizes = [(int(train.sum()), int(test.sum())) for train, test in plans]

    done: dict[tuple[int, int], UnitResult] = {}
    if results is not None and os.path.exists(results):
        done = store.load(results, config, sizes, list(data.classes), max_bytes=_results_budget(config, plans))
        _check_resumed(results, done, prepared, data, spec, scheme, plans)
    todo = [(e, f) for e in range(len(prepared)) for f in range(len(plans)) if (e, f) not in done]
    total = len(prepared) * len(plans)
    resumed = len(done)

    context = _process_context() if executor == "processes" and jobs > 1 and len(todo) > 1 else None
    # the cancel flag every worker (thread or process) reads before a unit, and the fits inside one
    stopper = _Stopper(context.Event() if context is not None else threading.Event())

    def stopped() -> bool:
        if cancel is not None and cancel.is_set() or progress is not None and progress.cancelled:
            stopper.cancel()
        return stopper.cancelled

    def work(unit: tuple[int, int]) -> UnitResult | None:
        if stopped():
            return None
        e, f = unit
        try:
            return _run_unit(prepared[e], data, spec, plans[f], stopper)
        except Cancelled:
            return None

    started = time.perf_counter()
    writer = store.Writer(results, config, done) if results is not None else None
    # SIGTERM stops the run as Ctrl-C does (workers shut down, the finished units written), then
    # the process ends with status 128 + 15
    restore_signals = _terminate_on_sigterm()

    def finished(unit: tuple[int, int], result: UnitResult | None) -> None:
        if result is None:
            return
        done[unit] = result
        if writer is not None:
            writer.changed()
        if progress is not None:
            computed = len(done) - resumed
            left = (time.perf_counter() - started) / computed * (total - len(done))
            e, f = unit
            message = UnitDone(_("{entry}, {fold} done; {left}").format(
                entry=prepared[e].name, fold=scheme.fold_name(f), left=_time_left(left)), prepared[e].name, f, left)
            try:
                progress.report(len(done), total, message)
            except Cancelled:
                stopper.cancel()

    if progress is not None:
        progress.report(len(done), total, _("{n} of {total} units to run").format(n=len(todo), total=total)
                        + (_(" ({n} done before)").format(n=resumed) if resumed else ""))
    try:
        if executor == "dask" and todo:
            payload = _Payload(data, spec, [p.config() for p in prepared], baseline, scheme.strategy, plans)
            _run_on_dask(scheduler, payload, todo, finished, stopped)
        elif jobs == 1 or len(todo) <= 1:
            for unit in todo:
                finished(unit, work(unit))
        elif context is None:  # threads (also when no worker process can be started safely)
            with ThreadPoolExecutor(max_workers=min(jobs, len(todo)), thread_name_prefix="compare") as pool:
                _drain(pool, work, todo, finished, stopped)
        else:
            payload = _Payload(data, spec, [p.config() for p in prepared], baseline, scheme.strategy, plans)
            pool = ProcessPoolExecutor(max_workers=min(jobs, len(todo)), mp_context=context,
                                       initializer=_start_worker, initargs=(payload, stopper.flag, os.getpid()))
            try:
                _drain(pool, _worker_unit, todo, finished, stopped)
            except BaseException:
                stopper.cancel()  # before the pool is shut down: the units in flight stop inside their fits
                _stop_pool(pool)
                raise
            pool.shutdown(wait=True)
    except BaseException:  # an error in a unit, Ctrl-C or SIGTERM: stop the others, keep what finished
        stopper.cancel()
        raise
    finally:
        restore_signals()
        if writer is not None:
            writer.flush()
    if stopped() and len(done) < total:
        raise Cancelled(_("the comparison was cancelled")
                        + (_("; {n} of {total} units are kept in the results file").format(n=len(done), total=total)
                           if results else ""))
    result = _assemble(prepared, data, scheme, plans, warnings, done, total - resumed)
    if scheme.stability is not None:
        _count_stability(result, prepared, data, spec, scheme, progress, stopped, stopper)
    return result


def _count_stability(result: "Comparison", prepared: list[_Prepared], data: EncodedData, spec: ProblemSpec | None,
                     scheme: Scheme, progress: Progress | None, stopped, stopper: "_Stopper") -> None:
    """Each entry's (the baseline's aside) tree on all rows against B bootstrap models, in this
    thread, one model at a time; Cancel (the flag the units read) stops it between fits and inside."""
    B = scheme.stability
    learners = [(e, p) for e, p in enumerate(prepared) if p.info is not BASELINE_INFO]
    total = len(learners) * (B + 1)
    for k, (e, p) in enumerate(learners):
        def report(done: int, _total: int, _message: str, k=k, p=p) -> None:
            if stopped():
                raise Cancelled(_("the comparison was cancelled"))
            if progress is not None:
                progress.report(k * (B + 1) + done + 1, total, _("{entry}: stability, the model on all rows").format(
                    entry=p.name) if done < 0 else _("{entry}: stability, bootstrap model {b} of {B}").format(
                    entry=p.name, b=min(done + 1, B), B=B))

        run = _Stopper(stopper.flag)
        run._callback = report
        report(-1, B, "")
        final = p.info.fit(data, spec, p.info.stage_params(p.params, "fit"), run.quiet())
        result.entries[e].evaluation.stability = tree_stability(p.info, final, data, spec, p.params, B, scheme.seed,
                                                                progress=run)


def _drain(pool, run, todo: list, finished, stopped) -> None:
    """Queue every unit on `pool` (each worker reads the cancel flag before it starts one) and
    hand each result to `finished`, in this thread, as it comes; look at Cancel at least every
    0.2 s, so that a cancel from another thread reaches the workers' flag at once."""
    pending = {pool.submit(run, unit): unit for unit in todo}
    dropped = False
    try:
        while pending:
            ready, _ = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
            for future in ready:
                unit = pending.pop(future)
                if not future.cancelled():
                    finished(unit, future.result())
            if not dropped and stopped():
                dropped = True
                for future in pending:
                    future.cancel()  # the queued ones; those started see the flag
    except BaseException:
        for future in pending:
            future.cancel()
        raise


class _Stopper(Progress):
    """A Progress whose cancel flag is `flag`: a threading.Event, or a multiprocessing Event
    that worker processes read too."""

    def __init__(self, flag):
        super().__init__()
        self._cancel = self.flag = flag


# ---- worker processes -------------------------------------------------------------------------


@dataclass
class _Payload:
    """What a worker process is handed once, when it starts: the (blanked) data, the problem,
    the entries' configurations (learners are looked up again by name: a learner's functions
    need not pickle) and the folds."""

    data: EncodedData
    spec: ProblemSpec | None
    entries: list[dict]
    baseline: bool
    strategy: str | None
    plans: list


_WORKER: tuple | None = None  # (payload, prepared entries, stopper) in a worker process


def _prepared_entries(payload: _Payload) -> list[_Prepared]:
    """The payload's entries with their learners looked up and their scoring set up."""
    prepared = []
    for i, config in enumerate(payload.entries):
        if payload.baseline and i == len(payload.entries) - 1:
            info, scored = BASELINE_INFO, {}
        else:
            info = get(config["algorithm"])
            scored = config["params"]
        edits = [Edit.from_json(e) for e in config["edits"]] if config.get("edits") else None
        if edits:
            info = edited_learner(info, edits)
        prepared.append(_Prepared(config["name"], info, config["params"],
                                  Scoring(info, payload.data, payload.spec, scored, payload.strategy), edits))
    return prepared


def _start_worker(payload: _Payload, flag, parent: int | None = None) -> None:
    global _WORKER
    if parent is not None:
        die_with_parent(parent)
    _WORKER = (payload, _prepared_entries(payload), _Stopper(flag))


# ---- workers that die with their parent (issue 41) ---------------------------------------------

#: how often a worker's watchdog looks whether its parent is still there (seconds)
WATCHDOG_INTERVAL = 0.5
#: how long a stopped pool's workers have to finish their unit before they are terminated (seconds)
STOP_GRACE = 3.0
_PR_SET_PDEATHSIG = 1


class Terminated(SystemExit):
    """SIGTERM reached a running comparison: it stops as on Cancel and the process ends with
    status 128 + the signal (no message: whoever sent it knows)."""

    def __init__(self, signum: int):
        super().__init__(128 + signum)


def _terminate_on_sigterm():
    """In the main thread, a SIGTERM handler that raises `Terminated` for the duration of a run
    (the default would end this process at once and leave the workers blocked on their queue);
    returns what restores the handler before. Elsewhere (the window runs a comparison in a job
    thread) nothing: the workers still die with this process (`die_with_parent`)."""

    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "SIGTERM"):
        return lambda: None
    fired = []

    def handler(signum, _frame):
        if not fired:  # once: a second SIGTERM during the shutdown is not another exception inside it
            fired.append(signum)
            raise Terminated(signum)

    try:
        before = signal.signal(signal.SIGTERM, handler)
    except (ValueError, OSError):
        return lambda: None

    def restore() -> None:
        try:
            signal.signal(signal.SIGTERM, before if before is not None else signal.SIG_DFL)
        except (ValueError, OSError):
            pass

    return restore


def die_with_parent(parent: int) -> None:
    """Make this worker process end when `parent` (the process that started it) ends, however
    it ends (SIGKILL too): on Linux the kernel's parent-death signal (prctl PR_SET_PDEATHSIG,
    SIGKILL: a worker has nothing of its own to save), and everywhere a daemon thread that looks
    every WATCHDOG_INTERVAL s whether the parent is still its parent. SIGTERM and SIGINT are the
    parent's business: a forked worker would inherit the parent's SIGTERM handler, and Ctrl-C
    (sent to the whole process group) is turned into Cancel by the parent."""

    for name, action in (("SIGTERM", signal.SIG_DFL), ("SIGINT", signal.SIG_IGN)):
        if hasattr(signal, name):
            try:
                signal.signal(getattr(signal, name), action)
            except (ValueError, OSError):
                pass
    if sys.platform.startswith("linux"):
        try:
            # deferred: Linux's prctl, in a worker only
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
        except (OSError, AttributeError):
            pass  # the watchdog below still does it
    if os.getppid() != parent:  # the parent died before the signal was armed
        os._exit(1)

    def watch() -> None:
        while True:
            time.sleep(WATCHDOG_INTERVAL)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="compare-watchdog", daemon=True).start()


def _stop_pool(pool: ProcessPoolExecutor, grace: float | None = None) -> None:
    """Shut a pool down after an error, Ctrl-C or SIGTERM: the queued units dropped, the workers
    given `grace` s to finish the unit they are in (they read the cancel flag inside their
    fits), then terminated, then killed; returns once none is left."""
    grace = STOP_GRACE if grace is None else grace
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    deadline = time.monotonic() + grace
    for process in processes:
        process.join(max(0.0, deadline - time.monotonic()))
    for stop in ("terminate", "kill"):
        left = [p for p in processes if p.is_alive()]
        if not left:
            break
        for process in left:
            getattr(process, stop)()
        for process in left:
            process.join(1.0)


# ---- a Dask cluster ---------------------------------------------------------------------------

#: how long to wait for a Dask scheduler to answer
DASK_CONNECT_TIMEOUT = "15s"
#: a Dask worker's entries, set up once per payload it holds (keyed by the payload object's id)
_DASK_PREPARED: dict[int, list[_Prepared]] = {}


def _dask_unit(payload: _Payload, unit: tuple[int, int]) -> UnitResult:
    """One unit on a Dask worker; the payload is the worker's one copy of the scattered data."""
    prepared = _DASK_PREPARED.get(id(payload))
    if prepared is None:
        _DASK_PREPARED.clear()
        prepared = _DASK_PREPARED[id(payload)] = _prepared_entries(payload)
    e, f = unit
    return _run_unit(prepared[e], payload.data, payload.spec, payload.plans[f], _Stopper(threading.Event()))


def _run_on_dask(scheduler: str, payload: _Payload, todo: list, finished, stopped) -> None:
    """Every unit as a task on the cluster at `scheduler` ("local:N": a LocalCluster started
    here and closed after), the payload scattered to every worker once; results handed to
    `finished` as they come; on Cancel the tasks not yet done are cancelled."""
    try:
        # deferred: loads Dask (an optional extra)
        from distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise OptionError(_('running on a Dask cluster needs the "distributed" package '
                            '(pip install "dask[distributed]")'), code="bad_option") from None
    cluster = None
    if scheduler.startswith("local:"):
        try:
            n = int(scheduler[6:])
        except ValueError:
            n = 0
        if n < 1:
            raise OptionError(_('"{scheduler}": local:N needs a number of workers N >= 1').format(scheduler=scheduler),
                              code="bad_option")
        cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None)
        client = Client(cluster)
    else:
        try:
            client = Client(scheduler, timeout=DASK_CONNECT_TIMEOUT)
        except (OSError, TimeoutError) as exc:
            raise OptionError(_('no Dask scheduler answers at "{scheduler}" ({error})').format(
                scheduler=scheduler, error=exc), code="bad_option") from None
    try:
        shipped = client.scatter(payload, broadcast=True)  # the data goes to each worker once
        futures = {client.submit(_dask_unit, shipped, unit, pure=False): unit for unit in todo}
        for future in as_completed(list(futures)):
            finished(futures[future], future.result())
            if stopped():
                client.cancel([f for f in futures if not f.done()])
                break
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def _worker_unit(unit: tuple[int, int]) -> UnitResult | None:
    payload, prepared, stopper = _WORKER
    if stopper.cancelled:
        return None
    e, f = unit
    try:
        return _run_unit(prepared[e], payload.data, payload.spec, payload.plans[f], stopper)
    except Cancelled:
        return None


def _process_context():
    """fork where it is safe (Linux, a process with no other thread: the workers start at once,
    with the kernels compiled); else spawn (each worker imports the engine and loads the
    kernels from Numba's cache; in the frozen app a worker is the bundle's own executable, whose
    entry point, app/launch.py, calls multiprocessing.freeze_support first; the self-test runs
    a comparison on worker processes in the bundle)."""

    if sys.platform.startswith("linux") and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


def _assemble(prepared: list[_Prepared], data: EncodedData, scheme: Scheme, plans, warnings: list[str],
              done: dict[tuple[int, int], UnitResult], computed: int) -> Comparison:
    """The entries' results on the folds of the largest training size (all folds without a
    learning curve), and the curve's fold scores at every size."""
    base = scheme.base_folds
    first = len(plans) - base  # the folds of the largest size
    curve = None
    if scheme.train_sizes is not None:
        n_sizes = len(scheme.train_sizes)
        rows = np.array([int(train.sum()) for train, _ in plans], dtype=float).reshape(n_sizes, base)
        curve = LearningCurve(scheme.train_sizes, rows)
        for e, p in enumerate(prepared):
            names = ordered({m for f in range(len(plans)) for m in done[(e, f)].metrics})
            curve.values[p.name] = {m: np.array([done[(e, f)].metrics.get(m, np.nan) for f in range(len(plans))],
                                                dtype=float).reshape(n_sizes, base) for m in names}
    entries = []
    n_train = np.array([int(train.sum()) for train, _test in plans[first:]])
    n_test = np.array([int(test.sum()) for _train, test in plans[first:]])
    for e, p in enumerate(prepared):
        labels = list(p.scoring.labels)
        evaluation = Evaluation(warnings=list(warnings))
        for f, (_train, test) in enumerate(plans):
            if f < first:
                continue
            unit = done[(e, f)]
            if len(unit.labels) > len(labels):  # as evaluate_algorithm: the longest label list, first seen
                labels = list(unit.labels)
            evaluation.folds.append(FoldResult(dict(unit.metrics), data.y[test], unit.y_pred))
        result = AlgorithmEvaluation(algorithm=p.info.name, params=p.params, rows=int(data.n),
                                     target=data.schema.target, scheme=scheme.to_json(p.scoring.strategy),
                                     classes=list(data.classes), labels=labels, evaluation=evaluation,
                                     scoring=p.scoring)
        entries.append(EntryResult(p.name, result, n_train, n_test))
    return Comparison(entries, scheme, prepared[-1].name if prepared[-1].info is BASELINE_INFO else "",
                      n_train, n_test, list(warnings), computed, curve)
